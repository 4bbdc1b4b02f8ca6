"""The distances the planner reasons with are the engine's own (issue 21 item 3, MOV-7, SCN-ASSAULT).

``Board.zone_distance`` and ``Board.enemy_distance`` must count a route as the engine walks it: a
diagonal step may not pass the corner of a wall (MOV-7).  Each test builds a board on which the
straight-line count and the engine's differ, and checks the Board's answer against the engine's
(``Geometry.distances_from`` and the destinations of ``routes``, the moves the engine would allow).
"""
from __future__ import annotations

from tactica.ai.board import Board
from tactica.engine import any_in, routes
from tactica.engine.geometry import chebyshev
from tactica.engine.sandbox import card, melee

from .conftest import board_battle as battle

# The zone square z = (3, 1) lies diagonally past two wall corners from (2, 2): the step (2, 2) -> (3, 1)
# passes between the walls at (2, 1) and (3, 2), which MOV-7 forbids, and so do (1, 1) -> (2, 0) and
# (2, 0) -> (3, 1) past the corner of (2, 1); from A at (0, 2) the shortest legal walk into the zone is
# 5 squares (over the top: (1, 1), (1, 0), (2, 0), (3, 0), (3, 1)), not 3.
BOARD = """
    ......
    ..#...
    A..#..
    ......
    .....b
"""
ZONE = {(3, 1)}


def _state(speed: int):
    walker = card("Walker", cost=10, hp=20, ac=15, speed=speed, attacks=(melee(bonus=4, damage=5),))
    return battle(BOARD, {"A": walker}, turn_player=0, vp_zones={"A": ZONE, "B": {(5, 4)}})


def test_MOV_7_zone_distance_counts_no_diagonal_step_past_a_wall_corner():
    st = _state(4)
    board = Board(st, 0)
    assert chebyshev((0, 2), (3, 1)) == 3  # as the crow flies, and as a count that ignored the corner
    assert board.zone_distance((0, 2)) == 5
    assert board.zone_distance((3, 0)) == 1
    for y in range(5):
        for x in range(6):
            sq = (x, y)
            if st.geometry.is_wall(sq):
                continue
            engine = min(st.geometry.distances_from(z).get(sq, 99) for z in ZONE)
            assert board.zone_distance(sq) == engine, sq


def test_SCN_ASSAULT_zone_distance_agrees_with_the_moves_the_engine_allows():
    # Speed 4 cannot enter the zone in one move (the route is 5 squares); speed 5 can: the Board says
    # "one move away" exactly when the engine lists a move that ends in the zone.
    for speed, reachable in ((3, False), (4, False), (5, True)):
        st = _state(speed)
        me = st.creature("A")
        ends = routes(st, me, speed)
        assert any(any_in(sq, me.size, ZONE) for sq in ends) is reachable
        assert (Board(st, 0).zone_distance(me.pos) <= speed) is reachable


def test_MOV_7_enemy_distance_is_the_engines_count_around_walls():
    st = _state(4)
    board = Board(st, 0)
    b = st.creature("b").pos
    for y in range(5):
        for x in range(6):
            sq = (x, y)
            if st.geometry.is_wall(sq):
                continue
            assert board.enemy_distance(sq) == st.geometry.distances_from(b).get(sq, 99), sq
    assert board.enemy_distance((4, 1)) == 3  # straight down: (4, 2), (4, 3), then (5, 4)


def test_zone_distance_memo_is_kept_between_boards_of_one_battle():
    st = _state(4)
    memo: dict = {}
    first = Board(st, 0, memo=memo)
    assert first.zone_distance((0, 2)) == 5
    assert memo  # the count was kept ...
    again = Board(st, 0, memo=memo)
    assert again.zone_distance((0, 2)) == 5  # ... and is served to the next Board of the battle
    other = _state(4)  # another battle (its own geometry): counted afresh, the same answer
    assert Board(other, 0, memo=memo).zone_distance((0, 2)) == 5
