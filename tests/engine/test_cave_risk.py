"""The underground module's queries of what the cave may do before any roll (UG-FALL, UG-SLIDE,
UG-DARK, UG-SLIP): the bots weigh them; each agrees with the rule as the engine plays it."""
from __future__ import annotations

from tactica.engine import (
    CaveRisk,
    Ruleset,
    cave_forced_risk,
    cave_move_risk,
    hidden_in_dark,
    melee_slip_chance,
)
from tactica.engine.abilities import Crampons
from tactica.engine.sandbox import card

from ._util import with_terrain
from .test_rules_underground import CHASM, DARK, DEEP_ROUGH, ICE, SLOPE, cave

FAIL = 9 / 20  # a d20 check of 10 fails on 1-9


def test_ug_dark_move_risk_counts_the_bump_and_the_drift():
    st = cave(".......\n.......\nA000...\n.......\n.......")
    a = st.creature("A")
    risk = cave_move_risk(st, a, ((1, 2), (2, 2), (3, 2)))
    assert risk == CaveRisk(0, 1, 0.0, 7 / 12)  # beyond 1/3 of speed 6: a bump check; no wall at the end
    assert risk.damage == FAIL * 5 and risk.kill_chance(5) == FAIL and risk.kill_chance(6) == 0.0
    assert cave_move_risk(st, a, ((1, 2), (2, 2))) == CaveRisk(0, 0, 0.0, 7 / 12)  # 2 of 6: no bump
    assert cave_move_risk(st, a, ((1, 2), (2, 2)), "shift") == CaveRisk()
    walled = cave("#######\nA000...\n.......")
    assert cave_move_risk(walled, walled.creature("A"), ((1, 1), (2, 1))).drift == 0.0
    assert cave_move_risk(cave(".......\n.......\nA000...\n.......\n.......", rules=Ruleset()), a,
                          ((1, 2), (2, 2), (3, 2))) == CaveRisk()


def test_ug_dark_hidden_in_dark_needs_every_square_dark():
    st = with_terrain(cave("A.b\n..."), {(2, 0): DARK})
    assert hidden_in_dark(st, st.creature("b")) and not hidden_in_dark(st, st.creature("A"))
    assert hidden_in_dark(st, st.creature("A"), (2, 0))


def test_ug_slip_move_risk_and_melee_slip_chance_follow_the_ice_check():
    st = cave("A***...\n...*...\n...*...")
    a = st.creature("A")
    assert cave_move_risk(st, a, ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))).slip == FAIL  # turns on ice
    assert cave_move_risk(st, a, ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0))).slip == 0.0  # straight on
    assert cave_move_risk(st, a, ((1, 0),)).slip == 0.0  # careful: half speed
    assert cave_move_risk(st, a, ((1, 0), (2, 0), (3, 0), (4, 0)), "charge").slip == FAIL  # running
    st = with_terrain(cave("Ab\n.."), {(0, 0): ICE})
    assert melee_slip_chance(st, st.creature("A")) == FAIL and melee_slip_chance(st, st.creature("b")) == 0.0
    climber = card("Climber", abilities=(Crampons(),))
    st = with_terrain(cave("Ab\n..", {"A": climber}), {(0, 0): ICE})
    assert melee_slip_chance(st, st.creature("A")) == 0.0


def test_ug_slide_move_risk_is_the_slide_damage():
    st = cave("A999..\n......")
    assert cave_move_risk(st, st.creature("A"), ((1, 0),)) == CaveRisk(25)
    assert CaveRisk(0, 2).kill_chance(10) == FAIL * FAIL and CaveRisk(25).kill_chance(25) == 1.0
    assert SLOPE.rules.slope == 60


def test_ug_fall_forced_risk_is_the_expected_fall_and_the_catch():
    st = cave(".....\n.Ab8.\n.....")
    b = st.creature("b")
    assert cave_forced_risk(st, b, ((3, 1),)) == (1.0, 10.0)  # 20 feet: 10
    assert cave_forced_risk(st, b, ((2, 2),)) == (0.0, 0.0)
    rough = with_terrain(st, {(3, 1): DEEP_ROUGH})
    assert cave_forced_risk(rough, b, ((3, 1),)) == (1.0, 30.0)  # 30 feet: 15, doubled
    walled = cave("...#.\n.Ab8.\n.....")
    chance, damage = cave_forced_risk(walled, walled.creature("b"), ((3, 1),))
    assert abs(chance - 0.7) < 1e-9 and abs(damage - 7.0) < 1e-9  # a d20 of 15 catches on 3 times in 10
    assert CHASM.rules.depth == 20
