"""queries.movement_spent: squares of movement a path costs (for the log's words)."""
from __future__ import annotations

from tactica.engine import movement_spent
from tactica.engine.sandbox import battle


def test_MOV_8_difficult_terrain_costs_two_clear_one():
    st = battle("A.^.\n....", turn_player=0)
    assert movement_spent(st, "A", (0, 0), ((1, 0), (2, 0), (3, 0))) == 4
    assert movement_spent(st, "A", (0, 0), ((1, 1), (2, 1), (3, 1))) == 3


def test_unknown_creature_counts_the_squares():
    assert movement_spent(battle("A.^.", turn_player=0), "zz", (0, 0), ((1, 0), (2, 0))) == 2
