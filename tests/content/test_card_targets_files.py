"""The card language's targeting keys in card files (CL-2, CL-5, CL-7, CL-8, CL-9): they load as
typed data, and each mistake is refused at its line and column with what was expected."""
from __future__ import annotations

from tactica.content.cards import parse_card_file
from tactica.content.schema import Doc
from tactica.content.yamlsafe import compose
from tactica.engine import (
    About,
    ChainEffect,
    ConditionEffect,
    EscalateEffect,
    HealEffect,
    Strikes,
    Trigger,
    When,
)

HEAD = ("cards:\n"
        "  - {id: x, name: X, cost: 10, alignment: Good, factions: Civilization, level: 1, ac: 15, def: 13,\n"
        "     speed: 6, hp: 30, attacks: [\n")


def _load(*lines: str):
    """Parse a one-card file whose attack lines are ``lines`` (each one YAML flow mapping, on line
    4 onwards); returns (the card or None, [(line, col, message), ...])."""
    text = HEAD + "".join(f"       {line},\n" for line in lines) + "     ]}\n"
    problems: list = []
    node = compose(text, "t.yaml", problems)
    assert node is not None and not problems
    doc = Doc("t.yaml", text.splitlines())
    found = parse_card_file(doc, node)
    return (found[0][0] if found else None), [(p.line, p.col, p.message) for p in doc.problems]


def test_cl_2_only_strikes_and_several_melee_targets_load():
    c, problems = _load("{name: Sweep, type: melee, bonus: 8, damage: 10, targets: 2, "
                        "only: {other: {largest: medium}}}",
                        "{name: Shriek, type: close, reach: burst 1, bonus: 6, damage: 5, strikes: enemies}")
    assert problems == []
    assert c.attacks[0].targets == 2 and c.attacks[0].only == When(other=About(largest="medium"))
    assert c.attacks[1].strikes is Strikes.ENEMIES
    assert c.attacks[0].describe_reach() == "adjacent, 2 different targets, only when the target is medium or smaller"


def test_cl_2_mistakes_are_refused_with_positions():
    c, problems = _load("{name: Sweep, type: melee, bonus: 8, damage: 10, strikes: enemies}")
    assert c is None and problems[0][:2] == (4, 57) and "'strikes' belongs to close and area attacks" in problems[0][2]
    c, problems = _load("{name: Bolt, type: ranged, reach: range 5, bonus: 8, damage: 10, "
                        "only: {other: {alignment: Evill}}}")
    assert c is None and problems[0][0] == 4 and "did you mean 'Evil'" in problems[0][2]
    c, problems = _load("{name: Shriek, type: close, reach: burst 1, bonus: 6, damage: 5, strikes: foes}")
    assert c is None and problems[0][0] == 4 and "strikes" in problems[0][2] and "enemies" in problems[0][2]


def test_cl_5_melee_reach_loads_and_mistakes_are_refused():
    c, problems = _load("{name: Glaive, type: melee, reach: reach 2, bonus: 8, damage: 10}")
    assert problems == [] and c.attacks[0].melee_reach == 2 and c.melee_reach == 2
    assert c.attacks[0].describe_reach() == "reach 2"
    c, problems = _load("{name: Glaive, type: melee, reach: reach 7, bonus: 8, damage: 10}")
    assert c is None and problems[0][:2] == (4, 43) and "2 to 5 squares" in problems[0][2]
    c, problems = _load("{name: Bolt, type: ranged, reach: reach 2, bonus: 8, damage: 10}")
    assert c is None and problems[0][:2] == (4, 42) and "'reach N' belongs to melee attacks" in problems[0][2]
    c, problems = _load("{name: Glaive, type: melee, reach: range 2, bonus: 8, damage: 10}")
    assert c is None and "'reach 2'" in problems[0][2]


def test_cl_7_effects_with_when_escalate_critical_and_destroys_load():
    c, problems = _load(
        "{name: Whip, type: melee, bonus: 8, damage: 10, effects: ["
        "{kind: escalate, ladder: [slowed, immobilized, stunned], duration: save ends}, "
        "{kind: condition, condition: dazed, when: {other: {bloodied: true}}}, "
        "{kind: heal, amount: 5, \"on\": destroys}, {kind: condition, condition: dazed, \"on\": critical}]}")
    assert problems == []
    e = c.attacks[0].effects
    assert e[0] == EscalateEffect(("slowed", "immobilized", "stunned"), e[0].duration)
    assert e[1] == ConditionEffect("dazed", when=When(other=About(bloodied=True)))
    assert e[2] == HealEffect(5, on=Trigger.DESTROYS) and e[3].on is Trigger.CRITICAL


def test_cl_7_mistakes_are_refused_with_positions():
    c, problems = _load("{name: Axe, type: melee, bonus: 8, damage: 10, effects: [{kind: condition, condition: dazed, "
                        "\"on\": destroys}]}")
    assert c is None and problems[0][:2] == (4, 107)
    assert "cannot happen 'on: destroys' (its target is gone)" in problems[0][2]
    c, problems = _load("{name: Whip, type: melee, bonus: 8, damage: 10, "
                        "effects: [{kind: escalate, ladder: [slowed]}]}")
    assert c is None and problems[0][0] == 4 and "two or more conditions" in problems[0][2]
    c, problems = _load("{name: Whip, type: melee, bonus: 8, damage: 10, "
                        "effects: [{kind: escalate, condition: dazed}]}")
    assert c is None and "'condition' does not belong to a 'escalate' effect" in problems[0][2]
    assert any("missing required key 'ladder'" in p[2] for p in problems)
    c, problems = _load("{name: Whip, type: melee, bonus: 8, damage: 10, effects: [{kind: condition, condition: dazed, "
                        "when: {other: {bloodied: maybe}}}]}")
    assert c is None and problems[0][0] == 4 and "expected true or false" in problems[0][2]


def test_cl_8_chains_load_and_mistakes_are_refused():
    c, problems = _load("{name: Spark, type: ranged, reach: range 8, bonus: 8, damage: 10, effects: "
                        "[{kind: chain, distance: 3, jumps: 2}]}")
    assert problems == [] and c.attacks[0].effects == (ChainEffect(3, "", 2),)
    c, problems = _load("{name: Spark, type: ranged, reach: range 8, bonus: 8, damage: 10, effects: "
                        "[{kind: chain, distance: 3, attack: Sparkle}]}")
    assert c is None and problems[0][0] == 4 and "chain attack 'Sparkle' of 'Spark' is not an attack" in problems[0][2]
    c, problems = _load("{name: Spark, type: ranged, reach: range 8, bonus: 8, damage: 10, effects: "
                        "[{kind: chain, jumps: 2}]}")
    assert c is None and "missing required key 'distance'" in problems[0][2]
    c, problems = _load("{name: Spark, type: ranged, reach: range 8, bonus: 8, damage: 10, effects: "
                        "[{kind: chain, distance: 3, \"on\": miss}]}")
    assert c is None and "expected one of: hit, destroys" in problems[0][2]


def test_cl_9_automatic_and_save_load_and_mistakes_are_refused():
    c, problems = _load("{name: Shriek, type: close, reach: burst 1, bonus: 0, damage: 10, automatic: true}",
                        "{name: Dust, type: ranged, reach: range 5, bonus: 0, damage: 0, save: 12}")
    assert problems == [] and c.attacks[0].automatic and c.attacks[1].save == 12
    assert not c.attacks[0].rolls and c.attacks[1].describe_reach() == "range 5, no attack roll: save 12+"
    c, problems = _load("{name: Dust, type: ranged, reach: range 5, bonus: 0, damage: 0, save: 12, automatic: true}")
    assert c is None and problems[0][:2] == (4, 72) and "has no 'save'" in problems[0][2]
    c, problems = _load("{name: Dust, type: ranged, reach: range 5, bonus: 0, damage: 0, save: 25}")
    assert c is None and problems[0][0] == 4 and "20" in problems[0][2]
