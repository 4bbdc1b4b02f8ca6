"""After a resize the map view keeps the cursor and the active creature in view (s18 ux 2: back at 80×24
from 120×40 the view sat at the map's top-left and the cursor was off screen until it moved)."""
from __future__ import annotations

from tactica.engine import Activate
from tactica.engine.sandbox import battle

from .conftest import app_for_state


def _far_state():
    """A 30×22 map: A at the top left, the player's C at the bottom right (col 28, row 19), b far off."""
    rows = [["."] * 30 for _ in range(22)]
    rows[0][0], rows[18][27], rows[3][20] = "A", "C", "b"
    return battle("\n".join("".join(r) for r in rows), turn_player=0)


async def test_a_resize_back_to_80x24_keeps_the_cursor_in_view():
    app = app_for_state(_far_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mv = app.screen.map_view
        mv.move_cursor((27, 18))
        await pilot.pause()
        assert mv.in_view((27, 18))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert mv.square == (27, 18) and mv.in_view((27, 18)), mv.scroll_offset
        assert mv.scroll_offset != (0, 0)
        await pilot.resize_terminal(120, 40)                  # and back: still there
        await pilot.pause()
        await pilot.pause()
        assert mv.in_view((27, 18))


async def test_a_resize_keeps_the_active_creature_in_view_with_the_cursor_when_both_fit():
    app = app_for_state(_far_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.apply_action(Activate("C"))
        await pilot.pause()
        mv = screen.map_view
        mv.move_cursor((24, 15))                              # looking a few squares off the active C
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert mv.square == (24, 15) and mv.in_view((24, 15)) and mv.in_view((27, 18)), mv.scroll_offset
