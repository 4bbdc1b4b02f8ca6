"""``Geometry.walk_costs_to``: the movement a creature spends walking into a set of squares (a VP
zone), counted as the engine's moves count it (MOV-7, MOV-8, MOV-9..11, TER-PIT); the AI's zone
distance is this answer (``tactica.ai.board.Board.zone_distance``)."""
from __future__ import annotations

from tactica.engine import move_reach
from tactica.engine.abilities import Flight
from tactica.engine.sandbox import battle, card

RUNNER = card("Runner", speed=40)
BAT = card("Bat", speed=40, abilities=(Flight(),))

BOARD = """
.....#......
..A..#..^^..
.....#..^^..
......#.....
..OOO...#...
............
"""


def _costs_match_the_move_flood(mover) -> int:
    """Every destination of the mover's own move flood: its walk cost to that one square, from
    where the mover stands, is the flood's cost.  Returns how many were compared."""
    st = battle(BOARD, {"A": mover}, active="A")
    found = move_reach(st)
    geo, start = st.geometry, st.creature("A").square
    flat = bool(mover.abilities)
    for dest in found.destinations:
        assert geo.walk_costs_to(frozenset({dest}), flat)[start] == found.cost(dest), dest
    return len(found.destinations)


def test_MOV_8_walk_costs_are_the_cost_of_the_engines_cheapest_move():
    assert _costs_match_the_move_flood(RUNNER) > 40


def test_MOV_10_a_flier_walks_at_one_a_square_over_pits_and_difficult_terrain():
    assert _costs_match_the_move_flood(BAT) > 40
    geo = battle(BOARD, {"A": BAT}, active="A").geometry
    assert geo.walk_costs_to(frozenset({(3, 5)}), True)[(3, 3)] == 2  # straight over the pit at (3, 4)


def test_MOV_7_no_diagonal_step_past_a_wall_corner():
    # (5, 2) and (6, 3) are walls touching at a corner: the step (5, 3) -> (6, 2) would pass it.
    geo = battle(BOARD, {"A": RUNNER}, active="A").geometry
    costs = geo.walk_costs_to(frozenset({(6, 2)}))
    assert not geo.step_allowed((5, 3), (6, 2))
    assert costs[(5, 3)] > 1 and geo.distances_from((5, 3))[(6, 2)] == costs[(5, 3)]


def test_MOV_8_difficult_terrain_costs_two_to_enter():
    geo = battle(BOARD, {"A": RUNNER}, active="A").geometry
    assert geo.walk_costs_to(frozenset({(9, 1)}))[(10, 1)] == 2  # (9, 1) is difficult
    assert geo.walk_costs_to(frozenset({(10, 1)}))[(9, 1)] == 1  # leaving it costs nothing extra


def test_TER_PIT_a_walker_goes_round_a_pit():
    geo = battle(BOARD, {"A": RUNNER}, active="A").geometry
    walk = geo.walk_costs_to(frozenset({(3, 5)}))
    assert (3, 4) not in walk  # a walker never enters the pit
    assert walk[(3, 3)] == 4  # round either end of the pit: (4, 3), (5, 4), (4, 5), (3, 5)
