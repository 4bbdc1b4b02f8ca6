"""Small synthetic battles for the AI tests (fast: a 12×10 map, four creatures a side)."""
from __future__ import annotations

import textwrap

import pytest

from tactica.ai import scenarios
from tactica.engine import Phase, SeededDice, apply
from tactica.engine.sandbox import battle as _battle


@pytest.fixture(scope="session")
def small_battle():
    """((warband 1, warband 2), (map,)) of a small quick battle."""
    return ((scenarios.warband(4, name="Blue"), scenarios.warband(4, offset=2, name="Red")),
            (scenarios.battle_map(12, 10, seed=3),))


def board_battle(board: str, *args, **kw):
    """``sandbox.battle`` with the board indented like the code around it; seeded dice."""
    st = _battle(textwrap.dedent(board).strip("\n"), *args, **kw)
    st.dice = SeededDice.from_seed(1)
    return st


def activation(bot, st):
    """Let ``bot`` choose and play one whole activation: (actions, state after)."""
    acts = []
    while True:
        action = bot.choose(st)
        acts.append(action)
        st, _ = apply(st, action)
        if st.phase is Phase.ACTIVATE or st.is_over:
            return acts, st
