"""The grid35 module's G35-REACH: Large and bigger creatures reach and threaten two squares."""
from __future__ import annotations

from tactica.engine import Attack, Move, Ruleset, apply, legal_actions
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card

from ._util import of, refused

GRID35 = Ruleset(modules=("grid35",))
OGRE = card("Ogre", size=2)


def _attacks(st):
    return [a for a in legal_actions(st) if isinstance(a, Attack)]


def test_G35_REACH_a_large_creature_attacks_two_squares_away():
    st = battle("AA.b..\nAA....\n......\n......", {"A": OGRE}, active="A", rules=GRID35)
    assert _attacks(st) == [Attack(0, ("b",))]
    plain = battle("AA.b..\nAA....\n......\n......", {"A": OGRE}, active="A")
    assert _attacks(plain) == []
    assert refused(plain, Attack(0, ("b",))) == "not-adjacent"


def test_G35_REACH_the_diagonal_at_distance_two_counts_and_three_is_too_far():
    diagonal = battle("AA....\nAA....\n......\n...b..", {"A": OGRE}, active="A", rules=GRID35)
    assert _attacks(diagonal) == [Attack(0, ("b",))]
    far = battle("AA..b.\nAA....\n......\n......", {"A": OGRE}, active="A", rules=GRID35)
    assert _attacks(far) == [] and refused(far, Attack(0, ("b",))) == "not-adjacent"


def test_G35_REACH_adjacent_squares_are_still_reached():
    st = battle("AAb...\nAA....", {"A": OGRE}, active="A", rules=GRID35)
    assert _attacks(st) == [Attack(0, ("b",))]


def test_G35_REACH_walls_stop_it():
    st = battle("AA#b..\nAA#...\n..#...", {"A": OGRE}, active="A", rules=GRID35)
    assert _attacks(st) == []


def test_G35_REACH_medium_creatures_keep_reach_1():
    st = battle("A.b...\n......", active="A", rules=GRID35)
    assert _attacks(st) == []


def test_G35_REACH_leaving_a_square_two_away_provokes():
    board = "AA.b..\nAA....\n......\n......"
    st = battle(board, {"A": OGRE}, active="b", rules=GRID35, dice=(15,))
    _, out = apply(st, Move(((4, 0),)))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("A", "b", "move")]
    assert [e.natural for e in of(out, ev.AttackRolled)] == [15]
    assert of(out, ev.DamageDealt)[0].amount == 10
    plain = battle(board, {"A": OGRE}, active="b")
    _, out = apply(plain, Move(((4, 0),)))
    assert of(out, ev.OpportunityAttackProvoked) == []
