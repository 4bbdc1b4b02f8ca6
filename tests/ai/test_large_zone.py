"""The bots count a Large creature with any of its squares in a VP zone as in it (SCN-ASSAULT, MOV-13).

Each board has a Large (2×2) creature whose anchor (top-left square) is outside the zone while
another of its squares is in it: the engine scores that zone (``Creature.in_zone``), and now the
bots' zone holding, winning and leaving terms, the zone's stake, pushes out of it and the intent
text agree.
"""
from __future__ import annotations

from tactica.ai.board import Board
from tactica.ai.intent import explain_action
from tactica.ai.normal import NormalBot
from tactica.ai.stakes import zone_award, zone_stake
from tactica.ai.values import displacement_value
from tactica.ai.weights import BATTLE, ZONE_PUSH, ZONE_WIN
from tactica.engine import Move
from tactica.engine.sandbox import card

from .conftest import activation
from .conftest import board_battle as battle

OGRE = card("Ogre", size=2, speed=3, hp=60, cost=30)


def test_SCN_ASSAULT_large_creature_with_one_square_in_the_zone_holds_it_and_is_its_stake():
    # A (2×2, anchor (1,0)) fills (1,0),(2,0),(1,1),(2,1); the zone is column 2, rows 0-1: the
    # anchor is outside, two of its squares inside.  Player 1 has 191 VP of 200: holding wins.
    st = battle("""
        .AA.....
        .AA.....
        ........
        .......b
    """, {"A": OGRE}, turn_player=1, vp_zones={"A": {(2, 0), (2, 1)}, "B": {(7, 0)}})
    st.vp[0] = 191
    a = st.creature("A")
    assert a.pos == (1, 0) and a.pos not in st.vp_zone(0) and a.in_zone(st.vp_zone(0))
    assert Board(st, 0).zone_held
    assert zone_stake(st, a) == ZONE_WIN * BATTLE  # the enemy sees a win to deny
    assert Board(st, 0).zone_distance(a.pos, a.size) == 0


def test_SCN_ASSAULT_pushing_a_large_holder_out_of_its_zone_is_worth_the_zone():
    # b (2×2) has its right-hand squares in its zone (column 4); pushed one square left it is out.
    st = battle("""
        ...bb...
        ...bb...
        ........
        A.......
    """, {"b": OGRE}, turn_player=0, vp_zones={"A": {(7, 3)}, "B": {(4, 0), (4, 1)}})
    b = st.creature("b")
    b.activated = True
    out = displacement_value(st, 0, b, (2, 0))
    stay_in = displacement_value(st, 0, b, (3, 1))  # (3,1) still covers (4,1): in the zone
    assert out - stay_in == ZONE_PUSH * zone_award(st) * 2.0


def test_SCN_ASSAULT_normal_moves_a_large_creature_partly_into_its_zone():
    # The zone is column 4 (rows 0-1).  A (speed 3, anchor (0,0)) cannot bring its anchor into it
    # (4 squares), but anchored on (3,0) its right-hand squares are in the zone: it holds the zone
    # (10 VP) rather than walking toward b, far below.
    st = battle("""
        AA......
        AA......
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        b.......
    """, {"A": OGRE}, turn_player=0, vp_zones={"A": {(4, 0), (4, 1)}, "B": {(7, 14)}})
    acts, after = activation(NormalBot(), st)
    a = after.creature("A")
    assert a.in_zone(st.vp_zone(0)) and a.pos not in st.vp_zone(0), acts


def test_SCN_ASSAULT_intent_says_a_large_creature_moves_into_its_zone():
    st = battle("""
        AA......
        AA......
        ........
        .......b
    """, {"A": OGRE}, active="A", vp_zones={"A": {(4, 0), (4, 1)}, "B": {(7, 0)}})
    text = explain_action(st, Move(((1, 0), (2, 0), (3, 0))))
    assert "into its VP zone" in text, text


def test_SCN_ASSAULT_intent_says_a_large_creature_moves_toward_its_zone_by_its_nearest_square():
    # The zone is column 7: A's right-hand squares end 2 squares from it, nearer than b (3 squares
    # from A's nearest square), so the move goes "toward its VP zone" (judged from its anchor
    # alone, 3 squares from both, it went "around" b).
    st = battle("""
        AA......
        AA......
        ........
        .b......
    """, {"A": OGRE}, active="A", vp_zones={"A": {(7, 0), (7, 1)}, "B": {(0, 3)}})
    text = explain_action(st, Move(((1, 0), (2, 0), (3, 0), (4, 0))))
    assert "toward the VP zone it scores in (column 8, row 1: 2 squares away" in text, text
