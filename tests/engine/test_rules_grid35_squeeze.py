"""The grid35 module's G35-SQUEEZE: squeezing through a space half one's width."""
from __future__ import annotations

from tactica.engine import ActiveEffect, Attack, Duration, Ruleset, Squeeze, legal_actions
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card

from ._util import of, refused, run

GRID35 = Ruleset(modules=("grid35",))
OGRE = card("Ogre", size=2, speed=8)
GAP = "AA#....\nAA.....\n..#....\n..#....\n.......\n......b"
THROUGH = ((1, 1), (2, 1), (3, 1))                                # (2, 1): a gap one square wide


def test_G35_SQUEEZE_a_large_creature_squeezes_through_a_gap_one_square_wide():
    st = battle(GAP, {"A": OGRE}, active="A", rules=GRID35)
    assert Squeeze(THROUGH) in legal_actions(st)
    after, out = run(st, Squeeze(THROUGH))
    assert after.creature("A").pos == (3, 1)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (0, 0), THROUGH, "squeeze")]
    plain = battle(GAP, {"A": OGRE}, active="A")
    assert not [a for a in legal_actions(plain) if isinstance(a, Squeeze)]
    assert refused(plain, Squeeze(THROUGH)) == "not-huge"


def test_G35_SQUEEZE_each_squeezed_square_costs_2():
    st = battle(GAP, {"A": OGRE}, active="A", rules=GRID35)       # speed 8: 4 squares squeezed
    assert refused(st, Squeeze(THROUGH + ((4, 1), (5, 1)))) == "too-far"
    run(st, Squeeze(THROUGH + ((4, 1),)))


def test_G35_SQUEEZE_a_squeezing_creature_attacks_at_minus_4():
    # Squeezing lasts for the squeeze move only (docs/rules.md Squeeze): an attack the creature
    # makes while squeezing is set up with the squeezing record on it.
    board = "AA#....\nAAb....\n..#....\n..#....\n......."
    squeezing = {"A": (ActiveEffect("squeezing", Duration.BATTLE),)}
    st = battle(board, {"A": OGRE}, active="A", rules=GRID35, dice=(10,), effects=squeezing)
    _, out = run(st, Attack(0, ("b",)))
    roll, = of(out, ev.AttackRolled)
    assert roll.total == 10 + 8 - 4
    assert ("squeezing at -4, not -5 (G35-SQUEEZE)", 1) in roll.modifiers


def test_G35_SQUEEZE_the_penalties_end_with_the_squeeze_move():
    board = "AA#....\nAA...b.\n..#....\n..#....\n......."
    st = battle(board, {"A": OGRE}, active="A", rules=GRID35, dice=(10,))
    st, _ = run(st, Squeeze(THROUGH))
    _, out = run(st, Attack(0, ("b",)))
    roll, = of(out, ev.AttackRolled)
    assert roll.total == 10 + 8 and roll.modifiers == ()


def test_G35_SQUEEZE_a_squeezing_creature_is_hit_at_AC_minus_4():
    board = "AA#....\nAA.....\n.c#....\n..#....\n......."
    st = battle(board, {"A": OGRE}, active="A", rules=GRID35, dice=(5, 1))
    _, out = run(st, Squeeze(THROUGH))                            # leaving its start provokes c
    roll, = of(out, ev.AttackRolled)
    assert roll.total == 5 + 8 + 4 and roll.target_number == 15   # combat advantage +2, and +2 more
    assert ("target squeezing, AC -4 (G35-SQUEEZE)", 2) in roll.modifiers
