"""``hard`` races for the VP zone that would win, keeps the zone's only holder in it, and a wounded
creature retreats beyond an enemy's move then charge (SCN-ASSAULT, ACT-3, CHG-1; ``Board.zone_race``,
``Board.charge_retreat``).  Each board is one a newcomer saw ``hard`` blunder on."""
from __future__ import annotations

from tactica.ai.board import Board
from tactica.ai.hard import HardBot
from tactica.ai.normal import NormalBot
from tactica.engine import Activate, Attack, Charge, EndActivation, Move
from tactica.engine.geometry import chebyshev
from tactica.engine.sandbox import card, melee, ranged

from .conftest import activation
from .conftest import board_battle as battle

HOB = card("Hobgoblin", cost=14, hp=35, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))


def test_SCN_ASSAULT_hard_walks_into_its_zone_to_win():
    # Player 1 has 191 VP of 200: holding its VP zone at the end of the round (10 VP) wins.  A, a
    # hobgoblin, stands 8 squares from the zone (speed 5) next to b, a knight (AC 22: A hits 35%).
    # normal only sees the zone from one move away, so it attacks; hard plans a move and then a
    # second move with its attack action (ACT-3) and ends in the zone.
    knight = card("Knight", cost=48, hp=80, ac=22, speed=5, attacks=(melee(bonus=6, damage=10),))
    zone = {(0, 1), (1, 1)}
    st = battle("""
        ..............
        .........Ab...
        ..............
        .............c
    """, {"A": HOB, "b": knight, "c": knight}, turn_player=0, vp_zones={"A": zone, "B": {(13, 0)}})
    st.vp[0] = 191
    assert Board(st, 0).zone_wins
    acts, after = activation(NormalBot(), st)
    assert acts[1] == Attack(0, ("b",)) and after.creature("A").pos not in zone
    acts, after = activation(HardBot(1), st)
    assert [type(a) for a in acts] == [Activate, Move, Move]
    assert after.creature("A").pos in zone


def test_SCN_ASSAULT_hard_heads_for_its_winning_zone_over_two_activations():
    # The same race, 14 squares from the zone: too far for this round (two moves of 5), so hard ends
    # within two moves of it (it walks in next round and wins then) instead of attacking b again.
    # B, its other creature, has acted and stands too far off to do it.
    knight = card("Knight", cost=48, hp=80, ac=22, speed=5, attacks=(melee(bonus=6, damage=10),))
    st = battle("""
        ....................
        ..............Ab....
        ....................
        ...........B.......c
    """, {"A": HOB, "B": HOB, "b": knight, "c": knight}, turn_player=0,
                vp_zones={"A": {(0, 1)}, "B": {(19, 0)}})
    st.vp[0] = 191
    st.creature("B").activated = True
    acts, after = activation(NormalBot(), st)
    assert acts[1] == Attack(0, ("b",)) and after.creature("A").pos == (14, 1)
    acts, after = activation(HardBot(1), st)
    assert not any(isinstance(a, Attack) for a in acts)
    assert chebyshev(after.creature("A").pos, (0, 1)) <= 2 * 5


def test_SCN_ASSAULT_hard_keeps_the_only_holder_in_its_zone():
    # A is the only one of ours in our VP zone (10 VP at the end of every round it holds it).  b, a
    # bloodied 40-point knight, stands 4 squares off: a charge does about 10 damage (a kill only on a
    # critical hit).  normal charges out of the zone; hard weighs the zone's award this round and the
    # next (it would have to walk back) against the blow, and stays.
    knight = card("Knight", cost=40, hp=60, ac=16, speed=5, attacks=(melee(bonus=6, damage=10),))
    zone = {(1, 1), (2, 1), (1, 2), (2, 2)}
    st = battle("""
        ..............
        ..A...b.......
        ..............
        B............c
    """, {"A": HOB, "b": knight, "c": knight}, turn_player=0, hp={"b": 12},
                vp_zones={"A": zone, "B": {(13, 0)}})
    st.creature("B").activated = True
    acts, after = activation(NormalBot(), st)
    assert isinstance(acts[1], Charge) and after.creature("A").pos not in zone
    acts, after = activation(HardBot(1), st)
    assert acts[1:] == [EndActivation()] and after.creature("A").pos == (2, 1)


def test_CHG_1_hard_retreats_beyond_move_then_charge_reach():
    # A, a wounded archer (15 of 35 HP: bloodied), shoots b, a brute (speed 5, 20 damage), 7 squares
    # off.  One move and an attack reach 6 squares, so normal stays where it stands; but b may move
    # and then charge (ACT-1, CHG-1): 2 × 5 + 1 = 11 squares.  hard shoots and then steps back
    # beyond that reach.
    archer = card("Archer", cost=14, hp=35, ac=16, speed=6,
                  attacks=(ranged(bonus=7, damage=10, range=10, basic=True),
                           melee("Knife", bonus=3, damage=5, basic=False)))
    brute = card("Brute", cost=30, hp=80, ac=17, speed=5, attacks=(melee(bonus=10, damage=20),))
    st = battle("""
        ......................
        ..b......A............
        ......................
        .....................B
    """, {"A": archer, "b": brute}, turn_player=0, hp={"A": 15})
    st.creature("B").activated = True
    b = (2, 1)
    acts, after = activation(NormalBot(), st)
    assert acts[1] == Attack(0, ("b",)) and 5 + 1 < chebyshev(after.creature("A").pos, b) <= 2 * 5 + 1
    acts, after = activation(HardBot(1), st)
    assert acts[1] == Attack(0, ("b",)) and isinstance(acts[2], Move)
    assert chebyshev(after.creature("A").pos, b) > 2 * 5 + 1
    # unhurt, it does not give ground for a blow that cannot destroy it
    st.creature("A").hp = 35
    acts, after = activation(HardBot(1), st)
    assert after.creature("A").pos == (9, 1)


def test_SCN_ASSAULT_killing_the_enemy_zone_holder_that_would_win_comes_first():
    # Player 2 has 191 VP: b, alone in its VP zone, wins it the battle at the end of the round.  A
    # can strike b (20 points) or c (40 points); each falls to one hit.  Both levels kill b, whose
    # death denies the win (zone_stake), rather than the dearer c.
    captain = card("Captain", cost=40, hp=60, ac=15, speed=5, attacks=(melee(bonus=6, damage=10),))
    st = battle("""
        .b.....
        .Ac....
        .......
        ......B
    """, {"A": HOB, "c": captain}, turn_player=0, hp={"b": 8, "c": 8},
                vp_zones={"A": {(6, 0)}, "B": {(0, 0), (1, 0)}})
    st.vp[1] = 191
    st.creature("b").activated = st.creature("B").activated = True
    for bot in (NormalBot(), HardBot(1)):
        acts, _ = activation(bot, st)
        assert acts[0] == Activate("A") and Attack(0, ("b",)) in acts, (type(bot).__name__, acts)
    st.vp[1] = 150  # no win at stake: the dearer one
    for bot in (NormalBot(), HardBot(1)):
        acts, _ = activation(bot, st)
        assert acts[0] == Activate("A") and Attack(0, ("c",)) in acts, (type(bot).__name__, acts)
