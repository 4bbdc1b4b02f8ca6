"""The grid35 module's G35-MIN: the one-square move that always works takes the whole activation."""
from __future__ import annotations

from tactica.engine import Move, Ruleset, apply, legal_actions
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card

from ._util import of, refused, run

GRID35 = Ruleset(modules=("grid35",))
SLOW = card("Slowcoach", speed=1)


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def test_G35_MIN_one_square_however_hampered_with_the_whole_activation():
    st = battle("A^.\n...\n..b", {"A": SLOW}, active="A", rules=GRID35)
    assert (1, 0) in _dests(st)                                   # 2 squares of movement, speed 1
    after, out = run(st, Move(((1, 0),)))
    assert after.creature("A").pos == (1, 0)
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]  # both actions spent
    # The skirmish rules' minimum (MOV-4) spends the move action only.
    plain, out = run(battle("A^.\n...\n..b", {"A": SLOW}, active="A"), Move(((1, 0),)))
    assert of(out, ev.ActivationEnded) == [] and plain.move_used and not plain.attack_used


def test_G35_MIN_diagonal_too():
    st = battle("A..\n.^.\n..b", {"A": SLOW}, active="A", rules=GRID35)
    assert (1, 1) in _dests(st)                                   # 3 squares (a hampered diagonal)
    _, out = run(st, Move(((1, 1),)))
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]


def test_G35_MIN_not_after_an_action_of_the_activation():
    st = battle("A.^\n...\n..b", {"A": SLOW}, active="A", rules=GRID35)
    st, _ = run(st, Move(((1, 0),)))                              # the move action
    assert (2, 0) not in _dests(st) and (1, 1) in _dests(st)      # the second move: 1 square, not 2
    assert refused(st, Move(((2, 0),))) == "whole-activation"
    plain, _ = run(battle("A.^\n...\n..b", {"A": SLOW}, active="A"), Move(((1, 0),)))
    assert (2, 0) in _dests(plain)                                # MOV-4 on the second move too


def test_G35_MIN_it_is_a_move_and_may_provoke():
    st = battle("b..\nA^.\n...", {"A": SLOW}, active="A", rules=GRID35, dice=(4,))
    state, out = apply(st, Move(((1, 1),)))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    assert [e.natural for e in of(out, ev.AttackRolled)] == [4]
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (0, 1), ((1, 1),), "move")]
