"""``when:`` mappings in content files (CL-1's vocabulary): typed tests load; mistakes are refused
at their line and column with what was expected."""
from __future__ import annotations

from tactica.content.schema import Doc
from tactica.content.when import parse_when
from tactica.content.yamlsafe import compose
from tactica.engine import About, When


def _parse(text: str):
    problems: list = []
    node = compose(text, "t.yaml", problems)
    assert node is not None and not problems
    doc = Doc("t.yaml", text.splitlines())
    return parse_when(doc, node, "ability 1 of card 'x'"), [(p.line, p.col, p.message) for p in doc.problems]


def test_cl_1_when_loads_every_test():
    w, problems = _parse("other: {alignment: Evil, keyword: [Undead, Demon], largest: medium, bloodied: true}\n"
                         "self: {adjacent_ally: true, ally_keyword: Dwarf, in_vp_zone: false}\n"
                         "attack: [melee, charge]\nturn: mine\ndamage: fire\n")
    assert problems == []
    assert w == When(other=About(keywords=("Undead", "Demon"), alignments=("Evil",), largest="medium",
                                 bloodied=True),
                     me=About(adjacent_ally=True, ally_keyword="Dwarf", in_vp_zone=False),
                     attack=("melee", "charge"), turn="mine", damage=("fire",))


def test_cl_1_when_mistakes_are_refused_with_positions():
    w, problems = _parse("other: {alignment: Evill}\n")
    assert w is None
    assert problems[0][:2] == (1, 20) and "did you mean 'Evil'" in problems[0][2]
    w, problems = _parse("target: {bloodied: true}\n")
    assert w is None and problems[0][:2] == (1, 1) and "unknown key 'target'" in problems[0][2]
    assert "'other'" in problems[0][2] or "'self'" in problems[0][2]
    w, problems = _parse("self: {ally_keyword: Dwarf}\n")
    assert w is None and "needs 'adjacent_ally: true'" in problems[0][2]
    w, problems = _parse("other: {smallest: huge, largest: small}\n")
    assert w is None and "no creature could pass" in problems[0][2]
    w, problems = _parse("attack: [melee, melee]\n")
    assert w is None and "listed twice" in problems[0][2]
    w, problems = _parse("{}\n")
    assert w is None and "leave 'when' out" in problems[0][2]
    w, problems = _parse("other: {bloodied: yes please}\n")
    assert w is None and "expected true or false" in problems[0][2]
