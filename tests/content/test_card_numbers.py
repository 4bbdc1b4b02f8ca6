"""The card language's numbers in card files: 'bonus' entries (CL-1, CL-4), damage of several types
(CL-6) and immunities (CL-15) load as typed data; every malformed use is refused at its line:col."""
from __future__ import annotations

import pytest

from tactica.content import ContentError, load_catalogue
from tactica.engine import About, Bonus, DamagePart, When
from tactica.engine.abilities import Immune

CARD = """cards:
  - id: test-knight
    name: Test Knight
    cost: 20
    alignment: Good
    factions: Civilization
    level: 3
    ac: 16
    def: 14
    speed: 6
    hp: 40
    attacks:
      - {{name: Blade, type: melee, bonus: 8, damage: {damage}}}
    abilities:
{abilities}
"""
NONE = "      - {kind: flight}"


def _load(tmp_path, abilities: str = NONE, damage: str = "10"):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD.format(abilities=abilities, damage=damage))
    return load_catalogue([path])["test-knight"]


def _problems(tmp_path, abilities: str = NONE, damage: str = "10") -> list[str]:
    with pytest.raises(ContentError) as raised:
        _load(tmp_path, abilities, damage)
    return [f"{p.line}:{p.col} {p.message}" for p in raised.value.problems]


def test_cl_1_bonus_entries_load_as_typed_data_with_their_words(tmp_path):
    card = _load(tmp_path, """      - {kind: bonus, to: damage, bonus: 10, name: Holy Wrath,
         when: {other: {alignment: Evil}}}
      - {kind: bonus, to: attack, bonus: 4, when: {other: {bloodied: true}}}
      - {kind: bonus, to: defenses, bonus: 2, when: {self: {adjacent_ally: true}}}
      - {kind: bonus, to: speed, bonus: -1}
      - {kind: bonus, to: saves, bonus: 2, when: {self: {bloodied: true}}}""")
    assert card.abilities == (
        Bonus("damage", 10, When(other=About(alignments=("Evil",))), "Holy Wrath"),
        Bonus("attack", 4, When(other=About(bloodied=True))),
        Bonus("defenses", 2, When(me=About(adjacent_ally=True))),
        Bonus("speed", -1),
        Bonus("saves", 2, When(me=About(bloodied=True))))
    assert [str(a) for a in card.abilities] == [
        "Holy Wrath: +10 damage when the target is Evil",
        "+4 attack when the target is bloodied",
        "+2 AC and DEF while adjacent to an ally",
        "-1 speed",
        "+2 saving throws while bloodied"]


def test_cl_4_defence_against_kinds_of_attack_loads(tmp_path):
    card = _load(tmp_path, "      - {kind: bonus, to: ac, bonus: 4, name: Tower Shield, "
                           "when: {attack: [ranged, area]}}")
    assert card.abilities == (Bonus("ac", 4, When(attack=("ranged", "area")), "Tower Shield"),)
    assert str(card.abilities[0]) == "Tower Shield: +4 AC with ranged or area attacks"


@pytest.mark.parametrize("entry, message", [
    ("{kind: bonus, to: damage}", "15:9 missing required key 'bonus' in ability 1 of card 'test-knight' "
                                  "(a 'bonus' ability needs it"),
    ("{kind: bonus, bonus: 2}", "15:9 missing required key 'to' in ability 1 of card 'test-knight'"),
    ("{kind: bonus, to: armour, bonus: 2}",
     "15:27 unknown 'to' 'armour' of ability 1 of card 'test-knight'; expected one of: attack, damage"),
    ("{kind: bonus, to: attack, bonus: 0}", "15:42 a bonus of 0 changes nothing"),
    ("{kind: bonus, to: attack, bonus: 2, amount: 2}", "15:45 'amount' does not belong to a 'bonus' ability"),
    ("{kind: bonus, to: attack, bonus: 2, when: {other: {alignment: Evill}}}",
     "15:71 unknown entry 'Evill' of the alignments of 'other' of 'when' of ability 1"),
    ("{kind: bonus, to: speed, bonus: 2, when: {other: {bloodied: true}}}",
     "15:50 a speed bonus is not part of an attack, so 'other', 'attack' and 'damage' never hold there"),
    ("{kind: bonus, to: attack, bonus: 2, when: {}}", "15:51 an empty 'when'"),
])
def test_cl_1_bad_bonus_entries_are_refused_with_positions(tmp_path, entry, message):
    problems = _problems(tmp_path, f"      - {entry}")
    assert len(problems) == 1 and problems[0].startswith(message), problems


def test_cl_6_damage_of_several_types_loads_as_parts(tmp_path):
    card = _load(tmp_path, damage="[20, 10 fire]")
    blade = card.attacks[0]
    assert (blade.damage, blade.damage_type, blade.parts) == (20, "", (DamagePart(10, "fire"),))
    assert blade.describe_damage() == "20 + 10 fire" and blade.total_damage == 30
    card = _load(tmp_path, damage='["15+5 cold", 5 fire, 5 radiant]')
    assert card.attacks[0].parts == (DamagePart(5, "fire"), DamagePart(5, "radiant"))
    assert card.attacks[0].describe_damage() == "15+5 cold + 5 fire + 5 radiant"


@pytest.mark.parametrize("damage, message", [
    ("[20]", "13:54 a list for the damage of attack 1 of card 'test-knight' gives several damage types"),
    ("[20, 10]", "13:59 the damage of attack 1 of card 'test-knight' has two untyped parts; add them into one"),
    ('[20, "5+5 fire"]', "13:59 each further part of the damage of attack 1 of card 'test-knight' is one number"),
    ("[20, 10 frost]", "13:59 unknown damage type 'frost' in part 2 of the damage"),
    ("[150, 60 fire]", "13:54 the damage of attack 1 of card 'test-knight' must be at most 200 in all; got 210"),
])
def test_cl_6_bad_damage_lists_are_refused_with_positions(tmp_path, damage, message):
    problems = _problems(tmp_path, damage=damage)
    assert len(problems) == 1 and problems[0].startswith(message), problems


def test_cl_15_immunities_load_and_mistakes_are_refused(tmp_path):
    card = _load(tmp_path, """      - {kind: immune, to: critical hits}
      - {kind: immune, to: forced movement}
      - {kind: immune, to: flanking}
      - {kind: immune, to: opportunity attacks}
      - {kind: immune, condition: dazed}""")
    assert card.abilities == (Immune(to="critical hits"), Immune(to="forced movement"), Immune(to="flanking"),
                              Immune(to="opportunity attacks"), Immune(condition="dazed"))
    assert str(card.abilities[0]) == "Immune to critical hits"
    assert _problems(tmp_path, "      - {kind: immune, to: speed}") == [
        "15:28 an 'immune' is immune 'to' one of: critical hits, forced movement, flanking, opportunity "
        "attacks; got 'speed' (ability 1 of card 'test-knight')"]
    assert _problems(tmp_path, "      - {kind: resist, amount: 5, type: fire, to: flanking}")[0].startswith(
        "15:47 'to' does not belong to a 'resist' ability")
