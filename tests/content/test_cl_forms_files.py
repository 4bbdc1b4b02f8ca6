"""The card language of cl-forms in card files: filtered auras (CL-3), movement powers (CL-11), forms
(CL-14), unusual creatures (CL-16) and the new conditions (CL-18) load as typed data; mistakes are
refused at their line and column."""
from __future__ import annotations

import pytest

from tactica.content import ContentError, load_catalogue
from tactica.engine import About, When
from tactica.engine.abilities import Aura
from tactica.engine.model import ConditionEffect

CARD = """cards:
  - id: test-one
    name: Test One
    cost: 20
    alignment: Unaligned
    factions: Wild
    level: 3
    ac: 16
    def: 14
    speed: 6
    hp: 40
{extra}
"""
ATTACKS = """    attacks:
      - {name: Touch, type: melee, bonus: 8, damage: 10}
"""


def _load(tmp_path, extra: str, attacks: str = ATTACKS):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD.format(extra=attacks + extra))
    return load_catalogue([path])["test-one"]


def _problems(tmp_path, extra: str, attacks: str = ATTACKS) -> list[str]:
    with pytest.raises(ContentError) as raised:
        _load(tmp_path, extra, attacks)
    return [f"{p.line}:{p.col} {p.message}" for p in raised.value.problems]


def test_cl_3_filtered_aura_loads_with_when_and_timing(tmp_path):
    card = _load(tmp_path, """    abilities:
      - {kind: aura, radius: 2, effect: attack, bonus: 2, name: Hymn, when: {other: {keyword: Dwarf}}}
      - {kind: aura, radius: 1, effect: harm, amount: 5, affects: enemies, timing: end}
      - {kind: aura, radius: 1, effect: defense, bonus: 1, when: {other: {faction: [Wild, Borderlands]}}}
""")
    assert card.abilities == (
        Aura(radius=2, effect="attack", amount=2, name="Hymn", when=When(other=About(keywords=("Dwarf",)))),
        Aura(radius=1, effect="harm", amount=5, affects="enemies", timing="end"),
        Aura(radius=1, effect="defense", amount=1, when=When(other=About(factions=("Wild", "Borderlands")))))


def test_cl_3_filtered_aura_mistakes_are_refused_with_positions(tmp_path):
    found = _problems(tmp_path, """    abilities:
      - {kind: aura, radius: 2, effect: attack, bonus: 2, timing: end}
""")
    assert found == ["15:59 'timing' belongs to 'harm' and 'heal' auras only (ability 1 of card 'test-one')"]
    found = _problems(tmp_path, """    abilities:
      - {kind: aura, radius: 2, effect: speed, bonus: 2, when: {damage: fire}}
""")
    assert len(found) == 1 and found[0].startswith("15:64 an aura with effect 'speed' is not about an attack")
    found = _problems(tmp_path, """    abilities:
      - {kind: aura, radius: 2, effect: attack, bonus: 2, when: {other: {faction: Wilds}}}
""")
    assert len(found) == 1 and found[0].startswith("15:83 ") and "did you mean 'Wild'" in found[0]
    found = _problems(tmp_path, """    abilities:
      - {kind: aura, radius: 2, effect: harm, amount: 5, timing: noon}
""")
    assert len(found) == 1 and found[0].startswith("15:66 ") and "start, end, both" in found[0]
    found = _problems(tmp_path, """    abilities:
      - {kind: resist, amount: 5, type: fire, timing: end}
""")
    assert found == ["15:47 'timing' does not belong to a 'resist' ability in ability 1 of card 'test-one'"]


def test_cl_18_new_conditions_are_choices_of_condition_effects(tmp_path):
    card = _load(tmp_path, "", attacks="""    attacks:
      - name: Gaze
        type: melee
        bonus: 8
        damage: 10
        effects:
          - {kind: condition, condition: petrified, duration: save ends}
          - {kind: condition, condition: marked}
""")
    assert card.attacks[0].effects[0].condition == "petrified"
    assert card.attacks[0].effects[1] == ConditionEffect("marked")
    found = _problems(tmp_path, "", attacks="""    attacks:
      - name: Gaze
        type: melee
        bonus: 8
        damage: 10
        effects:
          - {kind: condition, condition: petrifed}
""")
    assert len(found) == 1 and "did you mean 'petrified'" in found[0]


def test_cl_11_movement_powers_and_flyby_load(tmp_path):
    from tactica.engine import FlybyAttack, PowerAction, PowerEffect, SpecialPower
    card = _load(tmp_path, """    abilities:
      - {kind: flyby-attack}
    special_powers:
      - {name: Slip, action: move, effect: shift, distance: 3}
      - {name: Blink, action: move, effect: teleport, distance: 5, uses: 1, recharge: roll 15}
      - {name: Herd, action: attack, effect: slide ally, range: 3, distance: 2}
""")
    assert card.abilities == (FlybyAttack(),)
    assert card.special_powers[0] == SpecialPower("Slip", PowerAction.MOVE, PowerEffect.SHIFT, distance=3)
    assert card.special_powers[2].range == 3 and card.special_powers[2].effect is PowerEffect.SLIDE
    assert str(card.special_powers[0]) == "Slip: move action: shift 3 (no opportunity attacks)"


def test_cl_11_movement_power_mistakes_are_refused_with_positions(tmp_path):
    found = _problems(tmp_path, """    special_powers:
      - {name: Slip, action: move, effect: shift}
""")
    assert found == ["15:9 missing required key 'distance' in special power 1 of card 'test-one' "
                     "(a 'shift' needs it)"]
    found = _problems(tmp_path, """    special_powers:
      - {name: Slip, action: move, effect: teleport, distance: 3, range: 2}
""")
    assert found == ["15:67 a 'teleport' moves or changes the creature itself; remove 'range' "
                     "(special power 1 of card 'test-one')"]
    found = _problems(tmp_path, """    special_powers:
      - {name: Herd, action: attack, effect: slide ally, distance: 2}
""")
    assert found == ["15:9 a 'slide ally' needs a 'range' of 1 or more (the ally within it) in special "
                     "power 1 of card 'test-one'"]
    found = _problems(tmp_path, """    special_powers:
      - {name: Jolt, action: triggered, trigger: bloodied, effect: shift, distance: 2}
""")
    assert found == ["15:30 a 'shift' is a move or attack action, not triggered (special power 1 of card "
                     "'test-one')"]
    found = _problems(tmp_path, """    special_powers:
      - {name: Mend, action: move, effect: heal, amount: 5, distance: 2}
""")
    assert found == ["15:61 'distance' belongs to 'shift', 'teleport' and 'slide ally' only (special power 1 "
                     "of card 'test-one')"]


def test_cl_14_forms_load_and_a_form_power_names_one(tmp_path):
    from tactica.engine import Form, RechargeOn
    from tactica.engine.abilities import Resist
    card = _load(tmp_path, """    forms:
      - name: Wolf
        ac: 18
        speed: 8
        attacks:
          - {name: Bite, type: melee, bonus: 10, damage: 15}
        abilities: []
      - {name: Stone Stance, def: 18, abilities: [{kind: resist, amount: 5, type: all}]}
    special_powers:
      - {name: Wolf Shape, action: move, effect: change form, form: Wolf, uses: 1, recharge: changes back}
      - {name: Stance, action: move, effect: change form, form: Stone Stance}
""")
    wolf, stance = card.forms
    assert (wolf.name, wolf.ac, wolf.speed, wolf.defense, wolf.abilities) == ("Wolf", 18, 8, None, ())
    assert wolf.attacks[0].name == "Bite"
    assert stance == Form("Stone Stance", defense=18, abilities=(Resist(5, "all"),))
    assert card.special_powers[0].recharge.on is RechargeOn.CHANGES_BACK
    assert str(card.special_powers[0]) == ("Wolf Shape ☐: move action: take Wolf form (or change back) "
                                           "(recharge when it changes back)")


def test_cl_14_form_mistakes_are_refused_with_positions(tmp_path):
    found = _problems(tmp_path, """    forms:
      - {name: Wolf, speed: 8}
    special_powers:
      - {name: Wolf Shape, action: move, effect: change form, form: Wolff}
""")
    assert found == ["17:9 special power 'Wolf Shape' of card 'test-one' names form 'Wolff', which the card "
                     "does not have; did you mean 'Wolf'?"]
    found = _problems(tmp_path, """    forms:
      - {name: Wolf, sped: 8}
""")
    assert len(found) == 1 and found[0].startswith("15:22 ") and "did you mean 'speed'" in found[0]
    found = _problems(tmp_path, """    forms:
      - {name: Wolf, attacks: [{name: Bite, type: melee, bonus: 10}]}
""")
    assert len(found) == 1 and found[0].startswith("15:32 ") and "'damage'" in found[0]
    found = _problems(tmp_path, """    special_powers:
      - {name: Shape, action: move, effect: change form}
""")
    assert found == ["15:9 missing required key 'form' in special power 1 of card 'test-one' (a 'change "
                     "form' names one of the card's 'forms')"]


def test_cl_16_object_with_no_attack_and_speed_0_loads_and_mistakes_are_refused(tmp_path):
    from tactica.engine.abilities import ObjectAbility, Recruits, Trophy, ZoneDeploy
    path = tmp_path / "cards.yaml"
    path.write_text(CARD.format(extra="    attacks: []\n    abilities:\n      - {kind: object}\n"
                                      "      - {kind: trophy, amount: 10}\n      - {kind: zone-deploy}\n"
                                      "      - {kind: recruits, keyword: Goblin}\n").replace("speed: 6", "speed: 0"))
    card = load_catalogue([path])["test-one"]
    assert card.attacks == () and card.basic_attack is None
    assert card.abilities == (ObjectAbility(), Trophy(10), ZoneDeploy(), Recruits("Goblin"))
    found = _problems(tmp_path, "    abilities:\n      - {kind: immobile}\n")
    assert found == ["10:12 card 'test-one' is immobile: its speed is 0, not 6"]
    found = _problems(tmp_path, "    abilities:\n      - {kind: recruits}\n")
    assert found == ["15:9 missing required key 'keyword' in ability 1 of card 'test-one' (a 'recruits' "
                     "ability needs it)"]
    found = _problems(tmp_path, "    abilities:\n      - {kind: trophy, amount: 10, keyword: Goblin}\n")
    assert found == ["15:36 'keyword' does not belong to a 'trophy' ability in ability 1 of card 'test-one'"]
