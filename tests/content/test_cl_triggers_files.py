"""Reactions (CL-10), champion powers in the card language (CL-12), dice changes (CL-13) and the new
recharge events (CL-17) in card files: typed entries load; mistakes are refused at their line and
column with what was expected."""
from __future__ import annotations

from tactica.content.cards import parse_card_file
from tactica.content.schema import Doc
from tactica.content.yamlsafe import compose
from tactica.engine import (
    About,
    ChampionEffect,
    ChampionPower,
    ChampionTrigger,
    DieChange,
    DieChangeKind,
    DieRoll,
    Reaction,
    ReactionEffect,
    ReactionLimit,
    ReactionTrigger,
    Recharge,
    RechargeOn,
    When,
)

HEAD = """cards:
  - id: x
    name: X
    cost: 20
    alignment: Good
    factions: Civilization
    level: 3
    ac: 16
    def: 13
    speed: 5
    hp: 40
    attacks:
      - {name: Spear, type: melee, bonus: 8, damage: 10}
      - {name: Burst, type: close, reach: burst 1, bonus: 6, damage: 5}
"""


def _load(extra: str):
    text = HEAD + extra
    problems: list = []
    node = compose(text, "t.yaml", problems)
    assert node is not None and not problems
    doc = Doc("t.yaml", text.splitlines())
    cards = parse_card_file(doc, node)
    return (cards[0][0] if cards else None), [(p.line, p.col, p.message) for p in doc.problems]


def test_cl_10_reactions_load():
    card, problems = _load("    reactions:\n"
                           "      - {name: Riposte, trigger: it is hit, effect: attack, attack: Spear, limit: turn}\n"
                           "      - {name: Blood Oath, trigger: ally destroyed nearby, range: 3, effect: damage,"
                           " amount: 10, type: fire, uses: 1, when: {self: {bloodied: false}}}\n")
    assert problems == []
    assert card.reactions == (
        Reaction("Riposte", ReactionTrigger.HIT, ReactionEffect.ATTACK, attack="Spear", limit=ReactionLimit.TURN),
        Reaction("Blood Oath", ReactionTrigger.ALLY_DESTROYED, ReactionEffect.DAMAGE, amount=10,
                 damage_type="fire", range=3, uses=1, when=When(me=About(bloodied=False))))


def test_cl_10_reaction_mistakes_are_refused_with_positions():
    _, problems = _load("    reactions:\n      - {name: R, trigger: it is hitt, effect: attack}\n")
    assert problems[0][:2] == (16, 28) and "did you mean 'it is hit'" in problems[0][2]
    _, problems = _load("    reactions:\n      - {name: R, trigger: it is hit, effect: damage}\n")
    assert problems[0][:2] == (16, 9) and "missing required key 'amount'" in problems[0][2]
    _, problems = _load("    reactions:\n      - {name: R, trigger: ally destroyed nearby, effect: heal, amount: 5}\n")
    assert problems[0][:2] == (16, 9) and "missing required key 'range'" in problems[0][2]
    _, problems = _load("    reactions:\n      - {name: R, trigger: it is hit, effect: attack, attack: Spera}\n")
    assert problems[0][:2] == (16, 9) and "'Spera', which is not an attack" in problems[0][2]
    assert "did you mean 'Spear'" in problems[0][2]
    _, problems = _load("    reactions:\n      - {name: R, trigger: it is hit, effect: attack, attack: Burst}\n")
    assert "a close attack; a reaction makes a melee or ranged attack" in problems[0][2]
    _, problems = _load("    reactions:\n      - {name: R, trigger: it is hit, effect: attack, amount: 5}\n")
    assert problems[0][:2] == (16, 55) and "'amount' belongs to 'damage' and 'heal' only" in problems[0][2]
    _, problems = _load("    reactions:\n      - {name: R, trigger: it is hit, effect: heal, amount: 5}\n"
                        "      - {name: R, trigger: it is hit, effect: heal, amount: 9}\n")
    assert problems[0][:2] == (17, 9) and "two reactions named 'R'" in problems[0][2]


def test_cl_13_dice_changes_load_and_mistakes_are_refused():
    card, problems = _load("    dice:\n      - {name: Lucky, roll: attack, change: natural, natural: 20, uses: 1}\n"
                           "      - {name: Stubborn, roll: save, change: better of two}\n")
    assert problems == []
    assert card.dice == (DieChange("Lucky", DieRoll.ATTACK, DieChangeKind.NATURAL, natural=20, uses=1),
                         DieChange("Stubborn", DieRoll.SAVE, DieChangeKind.BETTER_OF_TWO))
    _, problems = _load("    dice:\n      - {name: Lucky, roll: attack, change: natural}\n")
    assert problems[0][:2] == (16, 9) and "missing required key 'natural'" in problems[0][2]
    _, problems = _load("    dice:\n      - {name: Lucky, roll: attack, change: reroll, natural: 20}\n")
    assert problems[0][:2] == (16, 53) and "'natural' belongs to change 'natural' only" in problems[0][2]
    _, problems = _load("    dice:\n      - {name: Lucky, roll: damage, change: reroll}\n")
    assert problems[0][:2] == (16, 29) and "expected one of: attack, save" in problems[0][2]


def test_cl_12_champion_powers_of_the_card_language_load_and_old_ones_load_as_before():
    card, problems = _load("    champion: 3\n    champion_powers:\n"
                           "      - {name: Thunder Word, cost: 2, trigger: ally hits, effect: damage near, amount: 5,"
                           " near: 2, when: {other: {alignment: Evil}}}\n"
                           "      - {name: Fate, cost: 1, trigger: ally misses, effect: set die, natural: 20}\n"
                           "      - {name: Watch, cost: 1, trigger: enemy comes near, effect: extra damage,"
                           " amount: 5, near: 3}\n"
                           "      - {name: Press, cost: 1, trigger: ally hits, effect: extra damage, amount: 10}\n")
    assert problems == []
    assert card.champion_powers == (
        ChampionPower("Thunder Word", 2, ChampionTrigger.ALLY_HITS, ChampionEffect.DAMAGE_NEAR, amount=5, near=2,
                      when=When(other=About(alignments=("Evil",)))),
        ChampionPower("Fate", 1, ChampionTrigger.ALLY_MISSES, ChampionEffect.SET_DIE, natural=20),
        ChampionPower("Watch", 1, ChampionTrigger.ENEMY_NEAR, ChampionEffect.EXTRA_DAMAGE, amount=5, near=3),
        ChampionPower("Press", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10))


def test_cl_12_champion_power_mistakes_are_refused_with_positions():
    def powers(line):
        return _load("    champion: 3\n    champion_powers:\n" + line)[1]
    problems = powers("      - {name: T, cost: 2, trigger: ally hits, effect: damage near, amount: 5}\n")
    assert problems[0][:2] == (17, 9) and "missing required key 'near'" in problems[0][2]
    problems = powers("      - {name: T, cost: 1, trigger: ally misses, effect: set die}\n")
    assert problems[0][:2] == (17, 9) and "missing required key 'natural'" in problems[0][2]
    problems = powers("      - {name: T, cost: 1, trigger: ally destroyed, effect: heal, amount: 5}\n")
    assert problems[0][:2] == (17, 61) and "does not fit trigger 'ally destroyed'" in problems[0][2]
    problems = powers("      - {name: T, cost: 1, trigger: ally hits, effect: extra damage, amount: 5, near: 2}\n")
    assert problems[0][:2] == (17, 81) and "'near' belongs to effect 'damage near'" in problems[0][2]
    problems = powers("      - {name: T, cost: 1, trigger: ally hits, effect: extra damage, amount: 5,"
                      " when: {other: {alignment: Evill}}}\n")
    assert problems[0][:2] == (17, 107) and "did you mean 'Evil'" in problems[0][2]


def test_cl_17_recharge_events_load():
    card, problems = _load("    special_powers:\n"
                           "      - {name: Rally, action: move, effect: heal, amount: 5, uses: 1,"
                           " recharge: bloodies enemy}\n"
                           "      - {name: Breath, action: move, effect: heal, amount: 5, uses: 1,"
                           " recharge: start of round}\n")
    assert problems == []
    assert [p.recharge for p in card.special_powers] == [Recharge(RechargeOn.BLOODIES_ENEMY),
                                                         Recharge(RechargeOn.ROUND_START)]
    _, problems = _load("    special_powers:\n"
                        "      - {name: Rally, action: move, effect: heal, amount: 5, uses: 1,"
                        " recharge: bloodies enemies}\n")
    assert problems[0][:2] == (16, 81) and "did you mean 'bloodies enemy'" in problems[0][2]
