"""The bot's intent sentences: a move says "toward" only when it closes the distance."""
from __future__ import annotations

from tactica.ai.intent import explain_action
from tactica.engine import Move
from tactica.engine.sandbox import battle

BOARD = "..........\n...A.b....\n.........."


def test_a_move_that_closes_in_says_toward():
    st = battle(BOARD, active="A")
    text = explain_action(st, Move(path=((4, 1),)))
    assert text.startswith("moves toward Creature b (b)"), text
    assert "1 square away after the move" in text


def test_a_move_that_retreats_says_away_from_not_toward():
    st = battle(BOARD, active="A")
    text = explain_action(st, Move(path=((2, 1), (1, 1), (0, 1))))
    assert "toward" not in text, text
    assert text.startswith("moves away from Creature b (b) (2 → 5 squares away)"), text


def test_a_move_at_the_same_distance_is_neutral():
    st = battle(BOARD, active="A")
    text = explain_action(st, Move(path=((3, 0),)))
    assert "toward" not in text and "away from" not in text, text
    assert "still 2 squares away" in text
