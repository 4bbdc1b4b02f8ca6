"""The AI never ends a flier's activation over a pit (TER-PIT: a creature that ends its turn in a pit
is destroyed): ``place_value`` scores such a square as the loss of the creature (the engine's
``ends_in_pit``), so a charge or an attack from over a pit is no bargain."""
from __future__ import annotations

import pytest

from tactica.ai import make_bot
from tactica.ai.board import Board, place_value
from tactica.engine.abilities import Flight
from tactica.engine.sandbox import card

from .conftest import activation
from .conftest import board_battle as battle

#: A flier; its only way next to the enemy is over a pit (the enemy stands on an island).  C, an
#: ally far off, keeps the bat's death from ending the battle.
BAT = card("Bat", cost=20, abilities=(Flight(),))
ISLAND = """
    A.OOO..
    ..OOO..
    ..ObO..
    ..OOO..
    ......C
"""


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_TER_PIT_the_ai_does_not_charge_or_attack_from_over_a_pit(level):
    st = battle(ISLAND, {"A": BAT}, turn_player=0)
    acts, after = activation(make_bot(level, 1), st)
    bat = after.creature("A")
    assert not bat.destroyed and bat.pos not in after.geo.pits, acts


def test_TER_PIT_place_value_of_a_pit_square_is_the_loss_of_the_creature():
    st = battle(ISLAND, {"A": BAT}, turn_player=0)
    board = Board(st, 0)
    me = st.creature("A")
    threats = board.threats_to(me)
    assert place_value(board, me, (2, 1), threats) == -(20 + 20)    # its cost and the enemy's VP
    assert place_value(board, me, (1, 1), threats) > -5
