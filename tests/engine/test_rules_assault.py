"""Assault victory (SCN-ASSAULT) and the tie-breaker (SCN-TIE)."""
from __future__ import annotations

from tactica.engine import (
    Activate,
    Attack,
    ChooseFirstPlayer,
    EndActivation,
    Phase,
    Ruleset,
    legal_actions,
    tie_breaker,
)
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card

from ._util import of, refused, run


def _finish_round(st, first=0):
    """End every remaining activation of the round; stop at the next initiative choice."""
    out = []
    while st.phase not in (Phase.CHOOSE_FIRST, Phase.OVER):
        if st.phase is Phase.ACTIVATE:
            st, new = run(st, Activate(st.unactivated(st.turn_player)[0].uid))
            out += new
        st, new = run(st, EndActivation())
        out += new
    return st, out


def test_scn_assault_destroying_scores_its_cost():
    st = battle("Ab.c", {"b": card("Ogre", cost=45, hp=10)}, active="A", dice=(10,))
    st, out = run(st, Attack(0, ("b",)))
    assert st.vp == [45, 0]
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 45, "destroyed", 45)]


def test_scn_assault_reaching_the_point_limit_wins_at_once():
    st = battle("Ab.c", active="A", dice=(10,), hp={"b": 10})
    st.vp[0] = 185
    st, out = run(st, Attack(0, ("b",)))
    assert st.phase is Phase.OVER and (st.winner, st.win_reason) == (0, "victory points")
    assert of(out, ev.BattleWon) == [ev.BattleWon(0, "victory points", (205, 0))]
    assert legal_actions(st) == [] and refused(st, EndActivation()) == "over"


def test_scn_assault_vp_zone_scores_once_per_round_at_round_end():
    zones = {"A": {(2, 0), (3, 0), (2, 1), (3, 1)}, "B": {(0, 0)}}
    st = battle("..AB\n..C.\nb...", active="A", vp_zones=zones, dice=(5, 6))
    st.creature("b").activated = True
    st, out = run(st, EndActivation())
    assert not of(out, ev.VictoryPointsScored)         # not before the round ends
    st, out = _finish_round(st)
    scored = of(out, ev.VictoryPointsScored)
    assert scored == [ev.VictoryPointsScored(0, 10, "vp zone", 10)]  # three creatures, once
    ends = [i for i, e in enumerate(out) if isinstance(e, (ev.VictoryPointsScored, ev.RoundEnded))]
    assert isinstance(out[ends[-1]], ev.RoundEnded)
    assert st.vp == [10, 0]


def test_scn_assault_only_your_own_zone_scores():
    zones = {"A": {(3, 2)}, "B": {(0, 0)}}
    st = battle("A...\n....\n...b", active="A", vp_zones=zones, dice=(5, 6))
    st.creature("b").activated = True
    st, out = _finish_round(st)
    assert not of(out, ev.VictoryPointsScored)
    st = battle("b...\n....\n...A", active="A", vp_zones=zones, dice=(5, 6))
    st.creature("b").activated = True
    st, out = _finish_round(st)
    assert [(v.player, v.amount) for v in of(out, ev.VictoryPointsScored)] == [(0, 10), (1, 10)]


def test_scn_assault_zone_award_is_five_at_100_points():
    st = battle("A..b", active="A", vp_zones={"A": {(0, 0)}}, rules=Ruleset(point_limit=100),
                dice=(5, 6))
    st.creature("b").activated = True
    st, out = _finish_round(st)
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 5, "vp zone", 5)]


def test_scn_assault_zone_points_can_win_at_round_end():
    st = battle("A..b", active="A", vp_zones={"A": {(0, 0)}}, dice=(5, 6))
    st.creature("b").activated = True
    st.vp[0] = 190
    st, out = _finish_round(st)
    assert (st.phase, st.winner) == (Phase.OVER, 0)
    assert not of(out, ev.RoundStarted)


def test_scn_assault_both_reach_target_higher_total_wins():
    st = battle("A..b", active="A", vp_zones={"A": {(0, 0)}, "B": {(3, 0)}}, dice=(5, 6))
    st.creature("b").activated = True
    st.vp[0], st.vp[1] = 190, 195
    st, out = _finish_round(st)
    assert of(out, ev.BattleWon) == [ev.BattleWon(1, "victory points", (200, 205))]


def test_scn_assault_round_end_winner_foresees_the_zone_scoring_without_changing_the_state():
    # zone_awards and round_end_winner are what _end_round scores and decides, read ahead (the AI
    # uses them); a Large creature with one square in the zone holds it (MOV-13).
    from tactica.engine.flow import round_end_winner, zone_awards
    ogre = card("Ogre", size=2)
    st = battle("AA.b\nAA..", {"A": ogre}, active="A", vp_zones={"A": {(1, 1)}, "B": {(3, 1)}}, dice=(5, 6))
    st.creature("b").activated = True
    assert zone_awards(st) == [(0, 10)] and round_end_winner(st) is None
    st.vp[0] = 190
    assert round_end_winner(st) == 0 and st.vp == [190, 0] and st.phase is Phase.ACTING
    st.vp[1] = 195  # b does not hold its zone: 200 against 195
    assert round_end_winner(st) == 0
    st.creature("b").pos = (3, 1)  # both reach the target: the higher total wins (205)
    assert zone_awards(st) == [(0, 10), (1, 10)] and round_end_winner(st) == 1
    st, out = _finish_round(st)
    assert of(out, ev.BattleWon) == [ev.BattleWon(1, "victory points", (200, 205))]


def test_scn_assault_last_creature_destroyed_ends_the_battle():
    st = battle("Ab", active="A", dice=(10,), hp={"b": 10})
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.BattleWon) == [ev.BattleWon(0, "no enemy creatures left", (20, 0))]


def _quiet_rounds(st, n):
    for _ in range(n):
        st, _ = _finish_round(st)
        if st.phase is Phase.OVER:
            return st
        st, _ = run(st, ChooseFirstPlayer(0))
    return st


def test_scn_tie_ten_quiet_rounds_more_vp_wins():
    st = battle("A...b", active="A", dice=(5, 6) * 10)
    st.vp[1] = 20
    st = _quiet_rounds(st, 9)
    assert st.phase is Phase.ACTIVATE and st.quiet_rounds == 9
    st, out = _finish_round(st)
    assert of(out, ev.RoundEnded)[-1] == ev.RoundEnded(10, 10)
    assert of(out, ev.BattleWon) == [ev.BattleWon(1, "tie-breaker", (0, 20))]


def test_scn_tie_an_attack_roll_restarts_the_count():
    st = battle("Ab...", active="A", dice=(5, 6) * 3 + (1,) + (5, 6) * 11)
    st = _quiet_rounds(st, 2)
    assert st.quiet_rounds == 2
    st, _ = run(st, Activate("A"), Attack(0, ("b",)))          # a miss still counts
    st, out = _finish_round(st)
    assert of(out, ev.RoundEnded)[-1].quiet_rounds == 0
    st, _ = run(st, ChooseFirstPlayer(0))
    st = _quiet_rounds(st, 9)
    assert st.phase is Phase.ACTIVATE and st.quiet_rounds == 9


def test_scn_tie_equal_vp_nearest_to_centre_then_cost():
    # 6x5 map: centre point (3, 2.5).  b's square centre is nearer than A's.
    st = battle("A.....\n......\n...b..\n......\n......", active="A")
    assert tie_breaker(st) == 1
    # Equal distance: the more expensive creature's player wins.
    st = battle("......\n......\n..Ab..\n......\n......", {"A": card("Cheap", cost=10),
                                                           "b": card("Dear", cost=30)}, active="A")
    assert tie_breaker(st) == 1
    st = battle("......\n......\n..Ab..\n......\n......", {"A": card("Dear", cost=30),
                                                           "b": card("Cheap", cost=10)}, active="A")
    assert tie_breaker(st) == 0
    st.vp[1] = 5
    assert tie_breaker(st) == 1
