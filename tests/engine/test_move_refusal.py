"""queries.move_refusal: why no move of the active creature ends on a square (for clients' messages)."""
from __future__ import annotations

from tactica.engine.abilities import Flight
from tactica.engine.queries import move_refusal
from tactica.engine.sandbox import battle, card

BOARD = """
A.#S.O....
b.........
###.......
"""


def code(state, square):
    found = move_refusal(state, square)
    return found[0] if found else None


def test_MOV_2_move_refusal_names_the_square_wall_statue_creature():
    st = battle(BOARD, active="A")
    assert code(st, (2, 0)) == "wall"
    assert code(st, (3, 0)) == "no-stop"
    assert code(st, (0, 1)) == "occupied"
    assert code(st, (0, 0)) == "here"
    assert code(st, (1, 0)) is None                                      # a legal move ends there


def test_TER_PIT_move_refusal_a_pit_for_a_walker_not_for_a_flier():
    assert code(battle(BOARD, active="A"), (5, 0)) == "pit"
    assert code(battle(BOARD, {"A": card("Bat", abilities=(Flight(),))}, active="A"), (5, 0)) is None


def test_MOV_1_move_refusal_too_far_for_its_speed_with_the_cost():
    st = battle(BOARD, {"A": card("Snail", speed=2)}, active="A")
    code_, sentence = move_refusal(st, (6, 1))
    assert code_ == "too-far" and "needs 6 squares of movement; Snail has 2" in sentence


def test_MOV_5_move_refusal_no_route_when_enemies_and_walls_close_every_way():
    st = battle("A#.\nb#.\n.#.", active="A")
    assert code(st, (2, 0)) == "no-route"
