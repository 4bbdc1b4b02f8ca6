"""Movement: MOV-1..8 and MOV-12 (shift)."""
from __future__ import annotations

from tactica.engine import EndActivation, Move, Shift, Terrain, legal_actions
from tactica.engine import events as ev
from tactica.engine.resolution import walk as _walk
from tactica.engine.sandbox import battle, card

from ._util import of, refused, run, with_terrain

OPEN = """
...............
...............
...............
...............
...............
...............
...............
...A...........
"""


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def test_mov_01_diagonal_costs_one_up_to_speed():
    st = battle(OPEN, active="A")                       # speed 6 at (3, 7)
    path = tuple((3 + i, 7 - i) for i in range(1, 7))   # six diagonal steps
    st2, out = run(st, Move(path))
    assert st2.creature("A").pos == (9, 1)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (3, 7), path, "move")]
    assert refused(st, Move(path + ((10, 0),))) == "too-far"
    # Every square within 6 steps (diagonals counting 1) and no farther.
    dests = _dests(st)
    assert (9, 1) in dests and (0, 1) in dests and (10, 1) not in dests and (3, 0) not in dests
    assert dests == {(x, y) for x in range(15) for y in range(8)
                     if max(abs(x - 3), abs(y - 7)) <= 6} - {(3, 7)}


def test_mov_01_may_stop_early_or_not_move():
    st = battle(OPEN, active="A")
    st2, _ = run(st, Move(((4, 7),)))
    assert st2.creature("A").pos == (4, 7)
    st3, out = run(st, EndActivation())
    assert st3.creature("A").pos == (3, 7) and not of(out, ev.CreatureMoved)


def test_mov_02_pass_through_ally_but_never_stop_on_it():
    st = battle("AB..", active="A")
    st2, _ = run(st, Move(((1, 0), (2, 0))))
    assert st2.creature("A").pos == (2, 0) and st2.creature("B").pos == (1, 0)
    assert refused(st, Move(((1, 0),))) == "occupied"
    assert (1, 0) not in _dests(st)
    assert refused(st, Shift((1, 0))) == "bad-shift"


def test_mov_02_stop_square_must_not_be_a_wall():
    st = battle("A#..", active="A")
    assert refused(st, Move(((1, 0),))) == "wall"


def test_mov_03_move_ending_illegally_leaves_creature_on_last_legal_square():
    # A client may not propose such a move ...
    st = battle("A.B.", active="A")
    assert refused(st, Move(((1, 0), (2, 0)))) == "occupied"
    # ... and when a walk is cut short on an ally's square (MOV-3, OA-6),
    # the creature ends on the last legal square it passed.
    st = st.copy()
    out = []
    assert _walk(st, st.creature("A"), ((1, 0), (2, 0)), "move", out)
    assert st.creature("A").pos == (1, 0)
    assert st.creature("B").pos == (2, 0)


def test_mov_04_one_square_minimum_into_difficult_terrain():
    st = battle("A^..", {"A": card("Slow", speed=1)}, active="A")
    st2, _ = run(st, Move(((1, 0),)))                 # costs 2, speed 1: still allowed
    assert st2.creature("A").pos == (1, 0)
    assert refused(st, Move(((1, 0), (2, 0)))) == "too-far"
    assert _dests(st) == {(1, 0)}


def test_mov_04_one_square_minimum_diagonal_and_only_one_square():
    st = battle("A...\n.^..\n....", {"A": card("Slow", speed=1)}, active="A")
    assert _dests(st) == {(1, 0), (0, 1), (1, 1)}
    st2, _ = run(st, Move(((1, 1),)))
    assert st2.creature("A").pos == (1, 1)


def test_mov_04_slowed_creature_one_square_minimum():
    # Slowed: speed 2 (CON-8); a step into difficult terrain after one clear step is too far.
    st = battle("A.^^", active="A", conditions={"A": {"slowed"}})
    assert refused(st, Move(((1, 0), (2, 0)))) == "too-far"
    assert refused(st, Move(((1, 0), (2, 0), (3, 0)))) == "too-far"
    st2, _ = run(st, Move(((1, 0),)))
    assert st2.creature("A").pos == (1, 0)
    assert _dests(st) == {(1, 0)}                  # (2, 0) would cost 1 + 2 > 2
    st3 = battle("A^^^", active="A", conditions={"A": {"slowed"}})
    assert _dests(st3) == {(1, 0)}
    st4, _ = run(st3, Move(((1, 0),)))
    assert st4.creature("A").pos == (1, 0)


def test_mov_04_not_through_walls_corners_or_when_immobile():
    st = battle(".#..\n.A..\n....", {"A": card("Slow", speed=1)}, active="A")
    assert refused(st, Move(((1, 0),))) == "wall"
    assert refused(st, Move(((0, 0),))) == "wall-corner"
    for st0 in (battle("A...", {"A": card("Rock", speed=0)}, active="A"),
                battle("A...", active="A", conditions={"A": {"immobilized"}})):
        assert refused(st0, Move(((1, 0),))) == "cannot-move"
        assert refused(st0, Shift((1, 0))) == "bad-shift"
        assert legal_actions(st0) == [EndActivation()]


def test_mov_05_never_through_enemy_squares():
    st = battle("#####\nA.b..\n#####", active="A")
    assert refused(st, Move(((1, 1), (2, 1), (3, 1)))) == "enemy"
    assert _dests(st) == {(1, 1)}


def test_mov_06_leaving_square_next_to_enemy_provokes():
    st = battle("Ab..\n....", active="A", dice=(1,))
    st2, out = run(st, Move(((0, 1),)))          # still adjacent, but left a square next to b
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    st = battle("A...\n..b.", active="A", dice=())
    st2, out = run(st, Move(((0, 1),)))          # (0, 0) is not next to b: no attack
    assert not of(out, ev.OpportunityAttackProvoked)


def test_mov_07_walls_block_and_no_diagonal_past_wall_corner():
    st = battle("....\n.#..\n.A..\n....", active="A")
    assert refused(st, Move(((0, 1),))) == "wall-corner"
    assert refused(st, Move(((1, 1),))) == "wall"
    st2, _ = run(st, Move(((0, 2), (0, 1))))
    assert st2.creature("A").pos == (0, 1)
    # Reaching (0, 1) takes 2 squares, so a speed-1 creature cannot get there.
    slow = battle("....\n.#..\n.A..\n....", {"A": card("Slow", speed=1)}, active="A")
    assert (0, 1) not in _dests(slow) and (2, 1) not in _dests(slow)
    assert (0, 2) in _dests(slow)


def test_mov_08_difficult_terrain_costs_two_and_may_be_stopped_on():
    st = battle("A^^..", {"A": card("Mid", speed=3)}, active="A")
    st2, _ = run(st, Move(((1, 0),)))
    assert st2.creature("A").pos == (1, 0)                    # stopped on difficult
    assert refused(st, Move(((1, 0), (2, 0)))) == "too-far"   # 2 + 2 > 3
    st3 = battle("A^...", {"A": card("Mid", speed=3)}, active="A")
    st4, _ = run(st3, Move(((1, 0), (2, 0))))                 # 2 + 1 = 3
    assert st4.creature("A").pos == (2, 0)
    assert (3, 0) not in _dests(st3)


def test_mov_12_shift_one_square_without_opportunity_attacks():
    st = battle("Ab..\n....", active="A", dice=())
    st2, out = run(st, Shift((0, 1)))
    assert st2.creature("A").pos == (0, 1)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (0, 0), ((0, 1),), "shift")]
    assert not of(out, ev.OpportunityAttackProvoked) and not of(out, ev.AttackRolled)
    assert st2.move_used


def test_mov_12_shift_not_into_difficult_not_two_squares_not_past_corners():
    st = battle("A^..\n.#..\n....", active="A")
    assert refused(st, Shift((1, 0))) == "bad-shift"
    assert refused(st, Shift((1, 1))) == "bad-shift"
    assert refused(st, Shift((2, 0))) == "not-adjacent"
    assert refused(battle(".#\nA.", active="A"), Shift((1, 0))) == "bad-shift"  # wall-corner
    # Shifting out of difficult terrain is fine.
    st3 = with_terrain(battle("A.", active="A"), {(0, 0): Terrain.DIFFICULT})
    st3, _ = run(st3, Shift((1, 0)))
    assert st3.creature("A").pos == (1, 0)


def test_mov_12_a_refused_shift_says_why():
    from tactica.engine import check

    def why(board, sq):
        st = battle(board, active="A")
        assert refused(st, Shift(sq)) == "bad-shift"
        return str(check(st, Shift(sq)))
    assert "diagonally past a wall corner" in why("#.\nA.", (1, 0))
    assert "Walls block movement" in why("A#", (1, 0))
    assert "is on that square" in why("AB", (1, 0))
