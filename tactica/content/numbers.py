"""The card language's numbers in a card file: ``{kind: bonus, ...}`` entries (CL-1, CL-4).

Written by hand under a card's ``abilities:``::

    - {kind: bonus, to: damage, bonus: 10, name: Holy Wrath, when: {other: {alignment: Evil}}}
    - {kind: bonus, to: attack, bonus: 4, when: {other: {bloodied: true}}}
    - {kind: bonus, to: defenses, bonus: 2, when: {self: {adjacent_ally: true}}}
    - {kind: bonus, to: ac, bonus: 4, when: {attack: ranged}}          # CL-4
    - {kind: bonus, to: speed, bonus: 2, when: {self: {bloodied: true}}}

Every key is described in ``fields.ABILITY`` (and so in docs/authoring.md's field
reference); a problem is recorded at the key's ``line:col`` with what was expected.
"""
from __future__ import annotations

from tactica.engine import BONUS_TARGETS, Bonus

from .fields import ABILITY
from .schema import Doc
from .when import parse_when
from .yamlsafe import Node

#: The keys a 'bonus' entry takes besides 'kind' ('to' and 'bonus' are required).
BONUS_KEYS = ("to", "bonus", "when", "name")
#: Targets whose 'when' has no other creature (a test about 'other' could never hold).
_ALONE = ("speed", "saves")


def parse_bonus(doc: Doc, node: Node, f: dict, what: str) -> Bonus | None:
    """A ``{kind: bonus, ...}`` entry (CL-1, CL-4), or None after recording problems.

    ``to`` must be one of ``BONUS_TARGETS``, ``bonus`` a signed number other than 0; ``when``
    (optional) a ``when:`` mapping; ``name`` (optional) its card name.  A key of another kind is a
    problem, and so is a test about ``other`` on a speed or saves bonus (there is no other creature).
    """
    problems = False
    for key in f:
        if key not in BONUS_KEYS + ("kind",):
            doc.error(f[key][0], f"'{key}' does not belong to a 'bonus' ability in {what}; a bonus takes "
                                 f"{', '.join(BONUS_KEYS)}")
            problems = True
    for key in ("to", "bonus"):
        if key not in f:
            example = "e.g. {kind: bonus, to: damage, bonus: 10, when: {other: {alignment: Evil}}}"
            doc.error(node, f"missing required key '{key}' in {what} (a 'bonus' ability needs it; {example})")
            problems = True
    if problems:
        return None
    to_node = f["to"][1]
    to = doc.choice(to_node, ABILITY["to"].what(what), BONUS_TARGETS)
    amount = doc.field(f, ABILITY["bonus"], what)
    name = doc.field(f, ABILITY["name"], what) if "name" in f else ""
    when = parse_when(doc, f["when"][1], ABILITY["when"].what(what)) if "when" in f else None
    if to is None or amount is None or name is None or ("when" in f and when is None):
        return None
    if amount == 0:
        doc.error(f["bonus"][1], f"a bonus of 0 changes nothing; give a number such as 2 or -2 ({what})")
        return None
    bonus = Bonus(to=to, amount=amount, name=name) if when is None else \
        Bonus(to=to, amount=amount, when=when, name=name)
    if to in _ALONE and (not bonus.when.other.empty or bonus.when.attack or bonus.when.damage):
        doc.error(f["when"][1], f"a {to} bonus is not part of an attack, so 'other', 'attack' and 'damage' "
                                f"never hold there: test 'self' or 'turn' in {what}")
        return None
    return bonus


__all__ = ["BONUS_KEYS", "parse_bonus"]
