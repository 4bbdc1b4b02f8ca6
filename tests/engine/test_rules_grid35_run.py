"""The grid35 module's G35-RUN: a creature that takes no other action may run four times its speed."""
from __future__ import annotations

from tactica.engine import Move, Ruleset, legal_actions, move_reach
from tactica.engine import events as ev
from tactica.engine.sandbox import battle

from ._util import of, refused, run

GRID35 = Ruleset(modules=("grid35",))
FIELD = "A" + "." * 29 + "\n" + "." * 30 + "\n" + "." * 29 + "b"


def _east(k: int, y: int = 0) -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for x in range(1, k + 1))


def _dests(st):
    return [a.path[-1] for a in legal_actions(st) if isinstance(a, Move)]


def test_G35_RUN_four_times_the_speed_with_the_whole_activation():
    st = battle(FIELD, active="A", rules=GRID35)
    assert max(x for x, _ in _dests(st)) == 24                    # speed 6 × 4
    assert refused(st, Move(_east(25))) == "too-far"
    after, out = run(st, Move(_east(24)))
    assert after.creature("A").pos == (24, 0)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (0, 0), _east(24), "run")]
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]  # no attack after a run
    assert move_reach(st).destinations == _dests(st)


def test_G35_RUN_a_move_within_the_speed_is_a_move_action_only():
    after, out = run(battle(FIELD, active="A", rules=GRID35), Move(_east(6)))
    assert of(out, ev.ActivationEnded) == [] and after.move_used and not after.attack_used


def test_G35_RUN_not_after_another_action():
    st, _ = run(battle(FIELD, active="A", rules=GRID35), Move(_east(1)))
    assert max(x for x, _ in _dests(st)) == 7                     # the second move: 6 squares
    assert refused(st, Move(tuple((x, 0) for x in range(2, 10)))) == "too-far"


def test_G35_RUN_not_under_the_skirmish_rules():
    st = battle(FIELD, active="A")
    assert max(x for x, _ in _dests(st)) == 6
    assert refused(st, Move(_east(7))) == "too-far"


def test_G35_RUN_never_through_hampered_squares():
    board = "A...^" + "." * 25 + "\n" + "." * 30 + "\n" + "." * 29 + "b"
    st = battle(board, active="A", rules=GRID35)
    assert refused(st, Move(_east(10))) == "barred"              # through the difficult square
    around = _east(3) + ((4, 1),) + tuple((x, 0) for x in range(5, 11))
    st2, out = run(st, Move(around))                              # round it: a run
    assert st2.creature("A").pos == (10, 0) and of(out, ev.ActivationEnded)
    # Within its speed the difficult square is a move's (1 + 1 + 1 + 2 + 1 = 6), one square more a run's.
    walked, out = run(st, Move(_east(5)))
    assert walked.creature("A").pos == (5, 0) and not of(out, ev.ActivationEnded)
    assert refused(st, Move(_east(6))) == "barred"



def test_G35_RUN_steps_priced_for_a_walk_are_not_reused_for_a_run_on_the_same_map():
    board = "A...^" + "." * 25 + "\n" + "#" * 30 + "\n" + "." * 29 + "b"  # a corridor: no way round
    walking = battle(board, active="A", rules=GRID35)
    walking.attack_used = True  # its move is a move, never a run (G35-RUN)
    assert max(x for x, _ in _dests(walking)) == 5  # 1 + 1 + 1 + 2 (the difficult square) + 1
    fresh = battle(board, active="A", rules=GRID35)
    fresh.map, fresh.geo, fresh.maps = walking.map, walking.geo, (walking.map,)  # the very same map
    # the walk priced the difficult square at 2; a run may not enter it at all (G35-HAMPER), so the
    # farthest is still the move's (5, 0), not a run's 24 squares on through it
    assert max(x for x, _ in _dests(fresh)) == 5
