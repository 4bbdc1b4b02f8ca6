"""A map bigger than its view says so: the edge bar under it counts the hidden columns and rows on
each side, shift+arrows scroll the view in every mode, and the cursor still brings the view back."""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle
from tactica.tui.screens.help import HELP
from tactica.tui.widgets.map_view import MapView

from .conftest import app_for_state, view_home

WIDE = "\n".join(["A" + "." * 38 + "b"] + ["." * 40] * 19)
"""A 40×20 board: at 80×24 neither its columns nor its rows all show."""


def _screen_text(screen) -> str:
    """Every row of the screen as drawn now."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


def _bar(screen) -> str:
    """The screen row that holds the map's edge bar ("" when there is none)."""
    return next((line for line in _screen_text(screen).splitlines() if "▶" in line or "◀" in line), "")


async def test_the_map_at_80x24_shows_what_is_hidden_and_where():
    """At 80×24, picking a creature (no question docked), the row under the map names the columns
    hidden to the right and the rows below, and the keys that scroll; nothing is hidden to the left."""
    app = app_for_state(battle(WIDE))
    async with app.run_test(size=(80, 24)) as pilot:
        mv = app.screen.map_view
        await view_home(pilot, mv)
        left, right, up, down = mv.hidden_squares()
        assert left == 0 and up == 0 and right > 0 and down > 0
        bar = _bar(app.screen)
        assert f"{right} cols ▶" in bar and f"▼ {down}" in bar and "shift+arrows" in bar, bar
        assert "◀" not in bar and "▲" not in bar
        assert mv.has_class("-edges") and mv.styles.scrollbar_size_horizontal == 0  # the bar takes the scroll bar's row


async def test_shift_arrows_scroll_the_map_in_every_mode_and_the_cursor_brings_it_back():
    """shift+right and shift+down scroll the view (the cursor stays put) while picking and while a
    creature acts; the bar then counts columns hidden on the left too.  Moving the cursor brings the
    view back to it."""
    app = app_for_state(battle(WIDE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        await view_home(pilot, mv)
        await pilot.press("shift+right", "shift+down")
        await pilot.pause()
        assert mv.scroll_offset.x == 3 * mv._cw and mv.scroll_offset.y == 3 * mv._ch
        assert mv.square == (0, 0) and not mv.in_view((0, 0))
        assert "◀ 3 cols" in _bar(screen) and "▲ 3" in _bar(screen)
        await pilot.press("right")  # the cursor moves: the view comes back to it
        await pilot.pause()
        assert mv.square == (1, 0) and mv.in_view((1, 0)) and mv.in_view((0, 0))
        await pilot.press("left", "enter")  # activate A (player 1's): acting, shift+arrows still scroll
        await pilot.pause()
        assert screen.session.state.active_uid == "A"
        before = mv.scroll_offset.x
        await pilot.press("shift+right")
        await pilot.pause()
        assert mv.scroll_offset.x == before + 3 * mv._cw
        await pilot.press("shift+left", "shift+left")  # never before the map's first column
        await pilot.pause()
        assert mv.scroll_offset.x == 0 and "◀" not in _bar(screen)


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_a_map_that_fits_has_no_edge_bar(size):
    """The default-size map fits at 120×40 and 200×60: no bar, nothing hidden."""
    app = app_for_state(battle("\n".join(["A" + "." * 28 + "b"] + ["." * 30] * 19)))
    async with app.run_test(size=size) as pilot:
        mv = app.screen.map_view
        await view_home(pilot, mv)
        assert mv.hidden_squares() == (0, 0, 0, 0)
        assert not mv.has_class("-edges") and _bar(app.screen) == ""


async def test_the_edge_bar_shortens_its_words_to_fit():
    """A narrow bar keeps the counts at both ends and drops words first."""
    app = app_for_state(battle(WIDE))
    async with app.run_test(size=(80, 24)) as pilot:
        mv = app.screen.map_view
        await view_home(pilot, mv)
        await pilot.press("shift+right", "shift+down")
        await pilot.pause()
        wide = mv.edge_text(90)
        assert "shift+arrows scroll" in wide and wide.count("─") > 10
        narrow = mv.edge_text(30)
        assert narrow.startswith("[b $text]◀ 3") and narrow.endswith("▶[/]") and "cols" not in narrow


def test_the_help_says_how_to_scroll_the_map():
    """? lists shift+arrows and what the bar's marks mean."""
    assert "shift+arrows" in HELP and "◀ 4 cols" in HELP and "9 cols ▶" in HELP


def test_map_view_scroll_keys_are_bound():
    """The map itself binds shift+arrows (so they work in every mode, not only under a question)."""
    keys = {b.key for b in MapView.BINDINGS}
    assert {"shift+up", "shift+down", "shift+left", "shift+right"} <= keys
