"""Large (2×2) and Huge (3×3) creatures on the battle screen (MOV-13): drawn over every square,
move previews showing where the body lands, at 80×24, 120×40 and 200×60."""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle, card
from tactica.tui.widgets.map_view import MapView, footprint
from tactica.tui.widgets.stat_card import card_text

from .conftest import app_for_state
from .test_battle_screen import walk_cursor

OGRE = card("Ogre", size=2, speed=5)
GIANT = card("Giant", size=3, speed=6)


def _state():
    return battle("LL.......\nLL.......\n.........\n......ggg\n......ggg\n......ggg",
                  {"L": OGRE, "g": GIANT}, active="L")


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_mov_13_big_creatures_frame_their_squares_with_the_label_on_one(size):
    app = app_for_state(_state())
    async with app.run_test(size=size) as pilot:
        mv = app.screen.query_one(MapView)
        await pilot.pause()
        text, _ = mv._cell3((0, 0))
        assert text.strip() == "L"
        assert [mv._cell3(sq)[0] for sq in ((1, 0), (0, 1), (1, 1))] == ["──┐", "└──", "──┘"]
        assert mv._cell3((6, 3))[0].strip() == "g"
        assert all(mv._cell3((x, y))[0] == footprint(x - 6, y - 3, 3) for x in (6, 7, 8) for y in (3, 4, 5)
                   if (x, y) != (6, 3))
        assert [mv._cell3((x, 4))[0] for x in (6, 7, 8)] == ["│  ", "   ", "  │"]
        assert mv._cell3((2, 0))[0].strip() == ":"  # a square it can reach, not its body
        # The same creature's squares share its colours.
        assert mv._cell3((1, 1))[1] == mv._cell3((0, 1))[1]


async def test_mov_13_move_preview_marks_where_a_large_creature_lands():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await walk_cursor(pilot, screen, (3, 0))
        ov = screen.map_view.overlay
        assert (3, 0) in ov.reachable
        # The path's anchors and the 2×2 body at its end.
        assert {(3, 0), (4, 0), (3, 1), (4, 1)} <= set(ov.path)


def test_mov_13_stat_card_names_the_size():
    st = _state()
    assert "Large (2×2 squares)" in card_text(st.creature("L")).plain
    assert "Huge (3×3 squares)" in card_text(st.creature("g")).plain


async def test_mov_13_huge_creature_squeezes_by_picking_a_square_only_a_squeeze_reaches():
    board = ("..GGG...\n"
             "..GGG...\n"
             "..GGG...\n"
             "###..###\n"
             "........\n"
             "........\n"
             "........\n"
             "......b.")
    st = battle(board, {"G": card("Giant", size=3, speed=8)}, active="G")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await walk_cursor(pilot, screen, (3, 4))
        assert screen.ctrl.hint((3, 4)).startswith("Squeeze 4 squares here")
        await pilot.press("m")
        await pilot.pause()
        g = app.screen.session.state.creature("G")
        assert g.pos == (3, 4) and "squeezing" not in g.conditions   # squeezing during the move only
