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
