"""Scenario variants: Bounty (SCN-BOUNTY), Uncontested (SCN-UNCONTESTED), Combined (SCN-COMBINED)."""
from __future__ import annotations

import pytest

from tactica.engine import Attack, Phase, Ruleset
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card

from ._util import of, run
from .test_rules_assault import _finish_round


def test_scn_bounty_destroyed_enemy_scores_five_not_its_cost():
    st = battle("Ab.c", {"b": card("Ogre", cost=45, hp=10)}, active="A", dice=(10,),
                rules=Ruleset(scenario="bounty"))
    st, out = run(st, Attack(0, ("b",)))
    assert st.vp == [5, 0]
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 5, "destroyed", 5)]


def test_scn_bounty_vp_zone_still_scores_as_assault():
    st = battle("Ab..c", active="A", vp_zones={"A": {(0, 0), (1, 0)}}, dice=(5, 6),
                rules=Ruleset(scenario="bounty"))
    st.creature("c").activated = True
    st, out = _finish_round(st)
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 10, "vp zone", 10)]


def test_scn_bounty_scales_with_the_point_limit():
    assert Ruleset(scenario="bounty").bounty_vp == 5
    assert Ruleset(point_limit=100, scenario="bounty").bounty_vp == 2
    assert Ruleset(point_limit=400, scenario="bounty").bounty_vp == 10


def test_scn_uncontested_contested_zone_scores_nothing():
    st = battle("Ab..c", active="A", vp_zones={"A": {(0, 0), (1, 0)}}, dice=(5, 6),
                rules=Ruleset(scenario="uncontested"))
    st.creature("b").activated = True
    st.creature("c").activated = True
    st, out = _finish_round(st)
    assert not of(out, ev.VictoryPointsScored)
    assert st.vp == [0, 0]


def test_scn_uncontested_zone_without_enemy_scores_five():
    st = battle("A.b.c", active="A", vp_zones={"A": {(0, 0), (1, 0)}}, dice=(5, 6),
                rules=Ruleset(scenario="uncontested"))
    st.creature("b").activated = True
    st.creature("c").activated = True
    st, out = _finish_round(st)
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 5, "vp zone", 5)]


def test_scn_uncontested_destroying_scores_the_cost():
    st = battle("Ab.c", {"b": card("Ogre", cost=45, hp=10)}, active="A", dice=(10,),
                rules=Ruleset(scenario="uncontested"))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 45, "destroyed", 45)]


def test_scn_combined_is_250_points_with_bounty_and_uncontested_zone():
    rules = Ruleset.for_scenario("combined")
    assert (rules.point_limit, rules.target, rules.max_creatures, rules.max_creature_cost) == (250, 250, 12, 187)
    assert (rules.bounty_vp, rules.uncontested_vp) == (6, 6)
    st = battle("Ab..c", {"b": card("Ogre", cost=45, hp=10)}, active="A",
                vp_zones={"A": {(0, 0), (1, 0)}, "B": {(4, 0)}}, dice=(10, 5, 6), rules=rules)
    st.creature("c").activated = True
    st, out = run(st, Attack(0, ("b",)))
    st, more = _finish_round(st)
    # A destroys b (6, not 45); at round end A's zone is clear (6); c's zone B holds no enemy (6).
    assert of(out + more, ev.VictoryPointsScored) == [
        ev.VictoryPointsScored(0, 6, "destroyed", 6),
        ev.VictoryPointsScored(0, 6, "vp zone", 12),
        ev.VictoryPointsScored(1, 6, "vp zone", 6)]
    assert st.vp == [12, 6] and st.phase is not Phase.OVER


def test_scn_combined_contested_zone_scores_nothing():
    st = battle("A...b", active="A", vp_zones={"A": {(0, 0)}, "B": {(0, 0), (4, 0)}}, dice=(5, 6),
                rules=Ruleset.for_scenario("combined"))
    st.creature("b").activated = True
    st, out = _finish_round(st)
    # A's zone holds no enemy: 6. b's zone B holds A too: contested, nothing.
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 6, "vp zone", 6)]


def test_scn_unknown_scenario_is_refused():
    with pytest.raises(ValueError):
        Ruleset.for_scenario("siege")
