"""Keyword abilities in card files (ABL-1, ABL-2): typed entries load; everything else is refused."""
from __future__ import annotations

import pytest

from tactica.content import ContentError, load_catalogue
from tactica.engine.abilities import (
    Aura,
    Burrow,
    Flight,
    Immune,
    Insubstantial,
    MultiActivation,
    MultipleThreats,
    Phasing,
    PowerfulCharge,
    Regeneration,
    Resist,
    SneakAttack,
    ThreateningReach,
    Vulnerable,
)

CARD = """cards:
  - id: test-wisp
    name: Test Wisp
    cost: 20
    alignment: Unaligned
    factions: Wild
    level: 3
    ac: 16
    def: 14
    speed: 6
    hp: 40
    keywords: {keywords}
    attacks:
      - {{name: Touch, type: melee, bonus: 8, damage: 10}}
    abilities:
{abilities}
"""

GOOD = """      - {kind: flight}
      - {kind: burrow}
      - {kind: phasing}
      - {kind: sneak-attack, damage: 10}
      - {kind: powerful-charge, damage: 5}
      - {kind: resist, amount: 10, type: all}
      - {kind: resist, amount: 5, type: fire}
      - {kind: vulnerable, amount: 5, type: radiant}
      - {kind: immune, type: poison}
      - {kind: immune, condition: dazed}
      - {kind: regeneration, amount: 5}
      - {kind: insubstantial}
      - {kind: threatening-reach}
      - {kind: multiple-threats}"""


def _load(tmp_path, abilities: str, keywords: str = "[Spirit]"):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD.format(abilities=abilities, keywords=keywords))
    return load_catalogue([path])


def _problems(tmp_path, abilities: str, keywords: str = "[Spirit]") -> list[str]:
    with pytest.raises(ContentError) as raised:
        _load(tmp_path, abilities, keywords)
    return [f"{p.line}:{p.col} {p.message}" for p in raised.value.problems]


def test_abl_01_every_implemented_kind_loads_as_typed_data(tmp_path):
    card = _load(tmp_path, GOOD)["test-wisp"]
    assert card.abilities == (
        Flight(), Burrow(), Phasing(), SneakAttack(10), PowerfulCharge(5), Resist(10, "all"),
        Resist(5, "fire"), Vulnerable(5, "radiant"), Immune(damage_type="poison"),
        Immune(condition="dazed"), Regeneration(5), Insubstantial(), ThreateningReach(2),
        MultipleThreats())
    assert [str(a) for a in card.abilities[3:6]] == ["Sneak Attack 10", "Powerful Charge 5",
                                                      "Resist 10 all"]


@pytest.mark.parametrize("entry, message", [
    ("{kind: sneak-atack, damage: 10}", "16:16 unknown ability kind 'sneak-atack'; did you mean 'sneak-attack'?"),
    ("{kind: halo, amount: 2}", "16:16 unknown ability kind 'halo'; expected one of: flight, burrow"),
    ("{kind: flight, amount: 8}", "16:24 'amount' does not belong to a 'flight' ability in ability 1 of "
                                  "card 'test-wisp'"),
    ("{kind: resist, amount: 10}", "16:9 missing required key 'type' in ability 1 of card 'test-wisp' "
                                   "(a 'resist' ability needs it)"),
    ("{kind: immune, type: fire, condition: dazed}", "16:9 an 'immune' ability names exactly one of 'type' "
                                                     "(a damage type), 'condition' or 'to' (critical hits, "
                                                     "forced movement, flanking, opportunity attacks) in "
                                                     "ability 1 of card 'test-wisp'"),
    ("{kind: immune, type: all}", "16:30 'immune' takes one damage type, not 'all' (ability 1 of card "
                                  "'test-wisp')"),
    ("{kind: resist, amount: 10, type: frost}", "16:42 unknown damage type 'frost'; expected one of: "
                                                "all, acid"),
])
def test_abl_01_bad_entries_are_refused_with_positions(tmp_path, entry, message):
    problems = _problems(tmp_path, f"      - {entry}")
    assert len(problems) == 1 and problems[0].startswith(message), problems


def test_abl_02_the_same_ability_twice_is_refused(tmp_path):
    problems = _problems(tmp_path, "      - {kind: sneak-attack, damage: 10}\n      - {kind: sneak-attack, damage: 10}")
    assert problems == ["17:9 card 'test-wisp' lists the ability 'Sneak Attack 10' twice; the same "
                        "ability does not stack (ABL-2)"]


def test_abl_01_keywords_naming_abilities_are_refused(tmp_path):
    assert _problems(tmp_path, "      - {kind: flight}", "[Spirit, Regeneration 5]") == [
        "12:24 keyword 'Regeneration 5' names an ability; list it under 'abilities:' as "
        "{kind: regeneration, ...}"]
    assert _problems(tmp_path, "      - {kind: flight}", "[Multi-Activation 2]") == [
        "12:16 keyword 'Multi-Activation 2' names an ability; list it under 'abilities:' as "
        "{kind: multi-activation, ...}"]


def test_abl_aura_and_multi_activation_load_as_typed_data(tmp_path):
    card = _load(tmp_path, """      - {kind: multi-activation, times: 2}
      - {kind: aura, radius: 2, effect: attack, bonus: 2, name: Battle Hymn}
      - {kind: aura, radius: 1, effect: harm, amount: 5, type: necrotic, affects: enemies}
      - {kind: aura, radius: 3, effect: resist, amount: 5, include_self: true}
      - {kind: aura, radius: 2, effect: speed, bonus: -2, affects: all}""")["test-wisp"]
    assert card.abilities == (
        MultiActivation(2), Aura(2, "attack", 2, name="Battle Hymn"),
        Aura(1, "harm", 5, "enemies", damage_type="necrotic"),
        Aura(3, "resist", 5, include_self=True, damage_type="all"),
        Aura(2, "speed", -2, "all"))
    assert [str(a) for a in card.abilities] == [
        "Multi-Activation 2", "Aura 2 (Battle Hymn): allies +2 attack",
        "Aura 1: enemies take 5 necrotic damage at the start of their turn",
        "Aura 3: allies (itself too) resist 5 all", "Aura 2: every creature -2 speed"]


@pytest.mark.parametrize("entry, message", [
    ("{kind: aura, radius: 2, effect: glow, bonus: 2}",
     "16:41 unknown aura effect 'glow'; expected one of: attack, defense"),
    ("{kind: aura, effect: attack, bonus: 2}",
     "16:9 missing required key 'radius' in ability 1 of card 'test-wisp' (an 'aura' ability needs it)"),
    ("{kind: aura, radius: 2, effect: attack, amount: 2}",
     "16:49 an aura with effect 'attack' takes 'bonus', not 'amount'"),
    ("{kind: aura, radius: 2, effect: heal}",
     "16:9 missing required key 'amount' in ability 1 of card 'test-wisp' (an aura with effect 'heal' needs it)"),
    ("{kind: aura, radius: 2, effect: attack, bonus: 0}", "16:56 an aura's bonus is not 0"),
    ("{kind: aura, radius: 2, effect: attack, bonus: 1, type: fire}",
     "16:59 'type' belongs to 'resist' and 'harm' auras only"),
    ("{kind: aura, radius: 2, effect: harm, amount: 5, affects: enemies, include_self: true}",
     "16:76 an aura that affects enemies never covers its own creature"),
    ("{kind: aura, radius: 2, effect: attack, bonus: 1, affects: friends}",
     "16:68 unknown aura target group 'friends'; expected one of: allies, enemies, all"),
    ("{kind: multi-activation}",
     "16:9 missing required key 'times' in ability 1 of card 'test-wisp'"),
    ("{kind: aura, radius: 2, effect: attack, bonus: 1, times: 2}",
     "16:59 'times' does not belong to an 'aura' ability"),
])
def test_abl_aura_bad_entries_are_refused_with_positions(tmp_path, entry, message):
    problems = _problems(tmp_path, f"      - {entry}")
    assert len(problems) == 1 and problems[0].startswith(message), problems


def test_abl_regeneration_may_name_the_damage_type_that_stops_it(tmp_path):
    from tactica.engine.abilities import Regeneration
    card = _load(tmp_path, "      - {kind: regeneration, amount: 5, type: fire}")["test-wisp"]
    assert card.abilities == (Regeneration(5, "fire"),)
    assert str(card.abilities[0]) == "Regeneration 5 (stopped by fire)"
    assert _problems(tmp_path, "      - {kind: regeneration, amount: 5, type: all}") == [
        "16:47 'regeneration' takes one damage type, not 'all' (ability 1 of card 'test-wisp')"]
