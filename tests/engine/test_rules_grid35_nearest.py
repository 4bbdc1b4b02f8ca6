"""The grid35 module's G35-NEAREST: a die picks among equally near squares."""
from __future__ import annotations

from tactica.engine import Attack, ForcedMoveEffect, ForceKind, ForceMove, Phase, Ruleset, Settle, legal_actions
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card, melee

from ._util import of, run

GRID35 = Ruleset(modules=("grid35",))
SHOVER = card("Shover", attacks=(melee("Shove", bonus=10, damage=10,
                                       effects=(ForcedMoveEffect(ForceKind.PUSH, 1),)),))
BOARD = ".....\n.AbO.\n....."
#: The eight legal squares nearest the pit at (3, 1), in (row, column) order.
TIED = ((2, 0), (3, 0), (4, 0), (2, 1), (4, 1), (2, 2), (3, 2), (4, 2))


def _pushed_in(rules, dice):
    """A push into the pit whose second roll misses (TER-PIT): the creature must go to a nearest
    legal square."""
    st = battle(BOARD, {"A": SHOVER}, active="A", dice=dice, rules=rules)
    st, _ = run(st, Attack(0, ("b",)))
    return run(st, ForceMove("b", ((3, 1),)))


def test_G35_NEAREST_a_die_picks_the_nearest_square():
    st, out = _pushed_in(GRID35, (15, 4, 6))                      # hit, the pit roll misses, d8 rolls 6
    assert of(out, ev.TieBroken) == [ev.TieBroken("nearest square", TIED, 8, 6, (2, 2))]
    assert of(out, ev.CreatureSettled) == [ev.CreatureSettled("b", (3, 1), (2, 2))]
    assert st.phase is Phase.ACTING and st.creature("b").pos == (2, 2)


def test_G35_NEAREST_the_die_counts_the_squares_in_row_order():
    _, out = _pushed_in(GRID35, (15, 4, 1))
    assert of(out, ev.CreatureSettled) == [ev.CreatureSettled("b", (3, 1), (2, 0))]
    _, out = _pushed_in(GRID35, (15, 4, 8))
    assert of(out, ev.CreatureSettled) == [ev.CreatureSettled("b", (3, 1), (4, 2))]


def test_G35_NEAREST_without_the_module_the_owner_chooses():
    st, out = _pushed_in(None, (15, 4))
    assert of(out, ev.TieBroken) == [] and st.phase is Phase.FORCED and st.decider == 1
    assert {a.square for a in legal_actions(st) if isinstance(a, Settle)} == set(TIED)
