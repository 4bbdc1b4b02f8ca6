"""The squares the active creature may shift to (MOV-12) are shaded, as the engine's legal shifts say."""
from __future__ import annotations

from tactica.engine import Shift
from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import MapView
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state
from .test_battle_screen import walk_cursor

BOARD = """
.#...
.Ab..
^....
"""


async def test_mov_12_legal_shift_squares_are_shaded_apart_from_move_squares():
    st = battle(BOARD, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        legal = {a.square for a in screen.session.legal() if isinstance(a, Shift)}
        assert legal and mv.overlay.shifts == legal                  # exactly the engine's shifts
        assert (1, 0) not in legal and (2, 1) not in legal           # the wall and the enemy's square
        for sq in legal:
            text, style = mv._cell3(sq)
            assert text.strip() in ("s", "[s]") and style.bgcolor == mv._styles["shift"].bgcolor
        far = (4, 2)                                                  # reachable by a move, not a shift
        assert far in mv.overlay.reachable and far not in legal
        assert mv._cell3(far)[1].bgcolor == mv._styles["reach"].bgcolor != mv._styles["shift"].bgcolor
        await walk_cursor(pilot, screen, (0, 1))
        assert "s shifts here instead: no opportunity attacks" in screen.query_one(StatusLine).message
        await pilot.press("s")
        assert screen.session.state.creature("A").pos == (0, 1)
        now = {a.square for a in screen.session.legal() if isinstance(a, Shift)}
        assert mv.overlay.shifts == now                               # the engine's word again
        await pilot.press("e")                                        # activation over: nothing to shift
        assert mv.overlay.shifts == frozenset()


def test_mov_12_the_legend_names_shift_squares():
    from tactica.tui.screens.battle import legend
    assert "s shift" in legend(())
