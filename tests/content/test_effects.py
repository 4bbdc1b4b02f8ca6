"""Attack effects in card files (ATK-3, ATK-5, ATK-7; EFF-1, EFF-2, SAV-1): what loads, what is refused."""
from __future__ import annotations

import pytest

from tactica.content import ContentError, load_catalogue
from tactica.engine.model import (
    ConditionEffect,
    Duration,
    FollowUpEffect,
    ForcedMoveEffect,
    ForceKind,
    OngoingEffect,
    Trigger,
)

CARD = """cards:
  - id: test-monk
    name: Test Monk
    cost: 20
    alignment: Good
    factions: Civilization
    level: 3
    ac: 16
    def: 14
    speed: 6
    hp: 40
    attacks:
{attacks}
"""

GOOD = """      - name: Fist
        type: melee
        bonus: 8
        damage: 10
        effects:
          - {kind: condition, condition: dazed}
          - {kind: condition, condition: slowed, duration: save ends, on: miss}
          - {kind: ongoing, damage: 5 fire}
          - {kind: follow-up, attack: Kick}
      - {name: Kick, type: melee, bonus: 4, damage: 5, secondary: true}"""


def _load(tmp_path, attacks: str):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD.format(attacks=attacks))
    return load_catalogue([path])


def _problems(tmp_path, attacks: str) -> list[str]:
    with pytest.raises(ContentError) as raised:
        _load(tmp_path, attacks)
    return [f"{p.line}:{p.col} {p.message}" for p in raised.value.problems]


def test_effects_load_as_typed_data_with_default_durations(tmp_path):
    fist, kick = _load(tmp_path, GOOD)["test-monk"].attacks
    assert fist.effects == (ConditionEffect("dazed", Duration.NEXT_TURN, Trigger.HIT),
                            ConditionEffect("slowed", Duration.SAVE_ENDS, Trigger.MISS),
                            OngoingEffect(5, "fire", Duration.SAVE_ENDS, Trigger.HIT),
                            FollowUpEffect("Kick", Trigger.HIT))
    assert fist.basic and kick.secondary and not kick.effects


def test_unknown_effect_kind_is_a_load_error(tmp_path):
    bad = GOOD.replace("kind: follow-up", "kind: banish")
    assert any("banish" in p and "follow-up" in p for p in _problems(tmp_path, bad))


FORCED = """      - name: Shove
        type: melee
        bonus: 8
        damage: 10
        effects:
          - {kind: push, distance: 2}
          - {kind: teleport, distance: 3, on: miss}"""


def test_MOV_14_forced_movement_effects_load_as_typed_data(tmp_path):
    (shove,) = _load(tmp_path, FORCED)["test-monk"].attacks
    assert shove.effects == (ForcedMoveEffect(ForceKind.PUSH, 2, Trigger.HIT),
                             ForcedMoveEffect(ForceKind.TELEPORT, 3, Trigger.MISS))


def test_MOV_14_forced_movement_needs_a_distance_and_takes_no_duration(tmp_path):
    missing = _problems(tmp_path, FORCED.replace("{kind: push, distance: 2}", "{kind: push}"))
    assert any("missing required key 'distance'" in p for p in missing)
    timed = _problems(tmp_path, FORCED.replace("distance: 2}", "distance: 2, duration: save ends}"))
    assert any(p.startswith("18:39 ") and "no duration" in p for p in timed)
    foreign = _problems(tmp_path, FORCED.replace("{kind: push, distance: 2}",
                                                 "{kind: condition, condition: dazed, distance: 2}"))
    assert any("'distance' does not belong to a 'condition' effect" in p for p in foreign)
    far = _problems(tmp_path, FORCED.replace("distance: 2}", "distance: 40}"))
    assert any(p.startswith("18:36 ") and "40" in p for p in far)


def test_unknown_condition_and_foreign_keys_are_load_errors(tmp_path):
    assert any("dazzled" in p for p in _problems(tmp_path, GOOD.replace("condition: dazed", "condition: dazzled")))
    foreign = GOOD.replace("{kind: ongoing, damage: 5 fire}", "{kind: ongoing, damage: 5 fire, condition: dazed}")
    assert any("'condition' does not belong to a 'ongoing' effect" in p for p in _problems(tmp_path, foreign))
    missing = GOOD.replace("{kind: ongoing, damage: 5 fire}", "{kind: ongoing}")
    assert any("missing required key 'damage'" in p for p in _problems(tmp_path, missing))


def test_follow_up_must_name_another_attack_of_the_card(tmp_path):
    problems = _problems(tmp_path, GOOD.replace("attack: Kick", "attack: Kik"))
    assert any("follow-up attack 'Kik'" in p and "did you mean 'Kick'" in p for p in problems)
    assert problems[0].startswith("13:9 ")              # at the attack line that names it


AREAS = """      - {name: Club, type: melee, bonus: 5, damage: 5}
      - {name: Nova, type: close, reach: burst 2, bonus: 6, vs: DEF, damage: 10}
      - {name: Breath, type: close, reach: small cone, bonus: 6, damage: 10 fire}
      - {name: Roar, type: close, reach: large cone, bonus: 6, damage: 5}
      - {name: Bolt, type: close, reach: line 5, bonus: 6, damage: 10}
      - {name: Fireball, type: area, reach: "range 10, radius 2", bonus: 6, damage: 10 fire}
      - {name: Glow, type: area, reach: "sight, radius 1", bonus: 6, damage: 5}
      - {name: Spit, type: area, reach: "nearest, radius 1", bonus: 6, damage: 5}"""


def test_close_and_area_reaches_load(tmp_path):
    from tactica.engine.model import AttackKind, Reach
    attacks = _load(tmp_path, AREAS)["test-monk"].attacks
    got = [(a.kind, a.reach, a.range, a.radius) for a in attacks[1:]]
    assert got == [(AttackKind.CLOSE, Reach.BURST, 2, 0), (AttackKind.CLOSE, Reach.SMALL_CONE, None, 0),
                   (AttackKind.CLOSE, Reach.LARGE_CONE, None, 0), (AttackKind.CLOSE, Reach.LINE, 5, 0),
                   (AttackKind.AREA, Reach.RANGE, 10, 2), (AttackKind.AREA, Reach.SIGHT, None, 1),
                   (AttackKind.AREA, Reach.NEAREST, None, 1)]


def test_close_and_area_reach_errors(tmp_path):
    assert any("expected 'burst N', 'small cone', 'large cone' or 'line N'" in p
               for p in _problems(tmp_path, AREAS.replace("burst 2", "range 5")))
    assert any("expected 'range N, radius R'" in p
               for p in _problems(tmp_path, AREAS.replace('"range 10, radius 2"', "range 10")))
    assert any("burst must be from 1 to 10; got 11" in p
               for p in _problems(tmp_path, AREAS.replace("burst 2", "burst 11")))
    assert any("strikes every creature in its area" in p
               for p in _problems(tmp_path, AREAS.replace("reach: burst 2,", "reach: burst 2, targets: 2,")))


def test_an_unknown_value_is_named_without_a_dangling_article():
    from tactica.content.schema import unknown
    assert unknown("an entry of the ladder of effect 1", "stunnd") == "unknown entry 'stunnd' of the ladder of effect 1"
    assert unknown("a condition in effect 2", "x") == "unknown condition 'x' in effect 2"
    assert unknown("the cover of terrain type 1", "y") == "unknown cover 'y' of terrain type 1"
