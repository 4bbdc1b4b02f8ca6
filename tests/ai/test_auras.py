"""The normal AI places an aura's creature where its aura covers allies or enemies (ABL "Aura X")."""
from __future__ import annotations

from tactica.ai.board import Board, aura_value
from tactica.ai.planner import plan_creature
from tactica.engine import Move
from tactica.engine.abilities import Aura
from tactica.engine.geometry import chebyshev
from tactica.engine.sandbox import battle, card

HYMN = Aura(radius=2, effect="attack", amount=2, affects="allies", name="Gate Hymn")
MIASMA = Aura(radius=1, effect="harm", amount=5, affects="enemies", name="Fen Miasma")

BOARD = """
.................
.................
.................
.................
.................
.................
A....B..........b
"""


def test_ABL_aura_bearer_ends_where_its_hymn_covers_an_ally():
    herald = card("Herald", abilities=(HYMN,))
    st = battle(BOARD, {"A": herald}, active="A")
    plan = plan_creature(st, st.creature("A"), Board(st, 0))
    assert isinstance(plan.action, Move)
    assert chebyshev(plan.action.path[-1], st.creature("B").pos) <= 2
    plain = battle(BOARD, {"A": card("Herald")}, active="A")
    other = plan_creature(plain, plain.creature("A"), Board(plain, 0)).action
    assert chebyshev(other.path[-1], plain.creature("B").pos) > 2   # without the aura it goes elsewhere


def test_ABL_aura_value_counts_allies_for_and_enemies_against():
    st = battle("A.B\n...\nb..", {"A": card("Herald", abilities=(HYMN,)),
                                  "B": card("Hag", abilities=(MIASMA,))}, active="A")
    board = Board(st, 0)
    a, b = st.creature("A"), st.creature("B")
    assert aura_value(board, a, (1, 0)) > 0                   # covers B (and not b: allies only)
    assert aura_value(board, b, (1, 1)) > aura_value(board, b, (2, 0))   # next to b: it takes 5
