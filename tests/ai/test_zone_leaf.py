"""``hard``'s look-ahead counts a VP zone that decides the battle at the end of the round (SCN-ASSAULT).

Before, only the planner's zone terms carried it: a played-out position in which a side holds
its zone with enough VP to reach the target, and the other side can no longer stop it this
round, was judged by the creatures and HP at stake like any other (``HardBot._round_end``).
"""
from __future__ import annotations

from tactica.ai.hard import HardBot
from tactica.ai.normal import NormalBot
from tactica.engine import Activate, Attack, Ruleset
from tactica.engine.flow import round_end_winner
from tactica.engine.sandbox import card, melee

from .conftest import activation
from .conftest import board_battle as battle


def test_SCN_ASSAULT_a_zone_we_hold_to_win_with_no_enemy_left_to_act_is_a_won_leaf():
    # Player 1 has 191 VP of 200 and H stands in its zone; every enemy creature has acted this
    # round, so the round ends with H there: a won battle (-1000), not next round's threats.
    st = battle("""
        H.....b.
        ........
        B.......
    """, turn_player=0, vp_zones={"A": {(0, 0)}, "B": {(7, 2)}})
    st.vp[0] = 191
    st.creature("b").activated = st.creature("H").activated = True
    assert round_end_winner(st) == 0
    assert HardBot(1)._leaf_loss(st, 0) == -1000.0
    st.vp[0] = 150  # no win at stake: b's threat next round, as before
    assert HardBot(1)._leaf_loss(st, 0) > 0


def test_SCN_ASSAULT_a_zone_we_hold_to_win_counts_after_the_last_enemy_reply():
    # The same, but b still acts this round: its predicted reply (a charge at H, 10 damage, H has
    # 50 HP) cannot destroy H, and after it no enemy creature is left to act: won in every outcome.
    st = battle("""
        H.....b.
        ........
        B.......
    """, turn_player=0, vp_zones={"A": {(0, 0)}, "B": {(7, 2)}})
    st.vp[0] = 191
    st.creature("H").activated = st.creature("B").activated = True
    assert HardBot(1)._leaf_loss(st, 0) == -1000.0


def test_SCN_ASSAULT_an_enemy_zone_win_nobody_of_ours_can_stop_is_a_lost_leaf():
    # Player 2 has 191 VP and h holds its zone; every enemy creature has acted.  B, our only
    # creature still to act, is too far to reach h: the battle is lost at the end of the round.
    # Within B's reach, the loss counts only as far as B cannot destroy h (a hit kills it).
    st = battle("""
        h...................
        ....................
        ......A............B
    """, turn_player=0, hp={"h": 10}, vp_zones={"A": {(19, 0)}, "B": {(0, 0)}})
    st.vp[1] = 191
    st.creature("h").activated = st.creature("A").activated = True
    assert HardBot(1)._leaf_loss(st, 0) == 1000.0
    st.creature("B").pos = (3, 2)
    loss = HardBot(1)._leaf_loss(st, 0)
    assert 0 < loss < 1000.0 * 0.35


def test_SCN_ASSAULT_hard_strikes_the_last_enemy_that_could_stop_our_zone_win():
    # A VP zone scores 50 here.  Player 1 has 160 VP of 200 and H (10 HP left) holds its zone: the
    # battle is won at the end of the round unless e, the only enemy creature still to act,
    # destroys H first (70%).  Our turn has one activation left.  A can strike e (55% to destroy
    # it); B can destroy j, a dearer creature (30 points, 95%), far from H.  No kill reaches 200 VP.
    # normal takes the likelier, dearer kill; so did hard, whose look-ahead saw only H's cost at
    # stake in e's reply.  Now it sees the battle: with e destroyed no enemy can act before the
    # round ends, and H surviving e's blow wins it too.
    guard = card("Guard", cost=20, hp=10, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))
    jewel = card("Jewel", cost=30, hp=10, ac=10, speed=5, attacks=(melee(bonus=6, damage=10),))
    st = battle("""
        HeA.........jB
        ..............
        .............c
    """, {"e": guard, "j": jewel}, turn_player=0, hp={"H": 10}, rules=Ruleset(zone_award=50),
                vp_zones={"A": {(0, 0)}, "B": {(13, 2)}})
    st.vp[0] = 160
    st.activations_left = 1
    for uid in "Hjc":
        st.creature(uid).activated = True
    acts, _ = activation(NormalBot(), st)
    assert acts[:2] == [Activate("B"), Attack(0, ("j",))]
    acts, _ = activation(HardBot(1), st)
    assert acts[:2] == [Activate("A"), Attack(0, ("e",))]
