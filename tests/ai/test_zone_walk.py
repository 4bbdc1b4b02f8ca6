"""The AI counts its way to a VP zone as the engine's moves count it (issue 21, item 3).

``Board.zone_distance`` is the engine's ``Geometry.walk_costs_to``: no diagonal step past a wall
corner (MOV-7), difficult terrain costing 2 (MOV-8), no walking through a pit (TER-PIT).  It
already stepped round wall corners (it flooded with the engine's ``neighbours``), but it counted
squares: a zone across a pit moat looked 3 squares away, so ``hard`` walked to the moat's edge and
ended every later activation there with "nothing better to do from here" (the issue's game: its
last creature 2 VP short until the tie-breaker).  The position of that game no longer comes up
(the shipped content changed since), so the board below builds the same trap by hand.
"""
from __future__ import annotations

from tactica.ai.board import Board
from tactica.ai.hard import HardBot
from tactica.engine import EndActivation, Move
from tactica.engine.sandbox import card, melee

from .conftest import activation
from .conftest import board_battle as battle

HOB = card("Hobgoblin", cost=14, hp=35, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))

# The VP zone (7, 3) and (8, 3) inside a pit moat whose one way in is at its east end, (14, 4)
# -- round the moat's corner (14, 5).  The enemy c is walled in far off (no approach to weigh).
MOAT = [
    "..................#c",
    "..OOOOOOOOOOOOO...##",
    "..O...........O.....",
    "..O...........O.....",
    "..O.................",
    "..OOOOOOOOOOOOO.....",
    "....................",
    "....................",
    "....................",
]
ZONE = {(7, 3), (8, 3)}


def _moat_with_hobgoblin_at(square):
    rows = [list(r) for r in MOAT]
    rows[square[1]][square[0]] = "A"
    st = battle("\n".join("".join(r) for r in rows), {"A": HOB, "c": HOB}, turn_player=0,
                vp_zones={"A": ZONE, "B": {(19, 0)}})
    st.vp[0] = 191  # holding the zone at the end of the round wins
    return st


def test_TER_PIT_zone_distance_is_the_engines_walk_round_the_moat():
    st = _moat_with_hobgoblin_at((7, 6))
    board = Board(st, 0)
    geo = st.geometry
    assert geo.distances_from((7, 6))[(7, 3)] == 3  # squares counted straight over the pit
    assert board.zone_distance((7, 6)) == geo.walk_costs_to(frozenset(ZONE))[(7, 6)] == 15
    assert board.zone_distance((7, 6), flat=True) == 3  # a flier crosses the pit (MOV-10)
    assert board.zone_distance((13, 3)) == 5  # inside the moat: straight along row 3


def test_SCN_ASSAULT_hard_walks_round_the_pit_moat_into_its_winning_zone():
    # Two moves of 5 cannot go round the moat from (7, 8) this round: hard walks within one
    # activation's walk of the way in (it used to stop on the moat's edge facing the zone,
    # 3 squares off by count, and end there), and next round walks in and wins.
    st = _moat_with_hobgoblin_at((7, 8))
    acts, after = activation(HardBot(1), st)
    assert [type(a) for a in acts[1:]] == [Move, Move]
    there = after.creature("A").pos
    assert Board(st, 0).zone_distance(there) <= 2 * HOB.speed
    acts, after = activation(HardBot(1), _moat_with_hobgoblin_at(there))
    assert after.creature("A").pos in ZONE and not isinstance(acts[1], EndActivation)
