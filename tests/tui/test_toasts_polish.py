"""Toasts that no longer tell the truth go (issue 20): an action that works takes a lingering
"Not allowed" away."""
from __future__ import annotations

from tactica.engine.sandbox import battle

from .conftest import app_for_state
from .test_battle_screen import walk_cursor


def _titles(app) -> list[str]:
    return [note.title for note in app._notifications]


async def test_a_move_that_works_takes_the_refusal_toast_away():
    app = app_for_state(battle("A.#..b\n.....C", active="A"))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        await pilot.press("m")                                       # a wall: refused
        await pilot.pause()
        assert "Not allowed" in _titles(app)
        await walk_cursor(pilot, screen, (1, 1))
        await pilot.press("m")                                       # a move that works
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (1, 1)
        assert "Not allowed" not in _titles(app)


async def test_moving_the_cursor_on_takes_the_refusal_toast_away():
    """nm-tut 5: the refusal's toast covered the stat card after the cursor moved on to other squares."""
    app = app_for_state(battle("A.#..b\n.....C", active="A"))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        await pilot.press("m")                                       # a wall: refused
        await pilot.pause()
        assert "Not allowed" in _titles(app)
        await pilot.press("down")                                    # the cursor moves on
        await pilot.pause()
        assert "Not allowed" not in _titles(app)


async def test_the_map_reload_error_is_said_in_the_log_not_in_a_toast_over_the_map():
    app = app_for_state(battle("A.#..b\n.....C", active="A"))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        problems = [f"mine.yaml:{n}:1: error: row {n} is 31 squares wide; expected 30" for n in range(3, 15)]
        screen.session.map_files = {screen.session.state.map.id: "mine.yaml"}  # as with --map
        screen.session.reload_map = lambda: (False, problems)
        screen.refresh_bindings()
        await pilot.press("ctrl+r")
        await pilot.pause()
        log = "\n".join(screen.battle_log.lines_written)
        assert all(p in log for p in problems)                       # every problem in the log
        message = screen.status_line.message
        assert message.startswith("Map not reloaded: mine.yaml:3:1") and "11 more, in the log" in message
        from textual.widgets._toast import Toast
        for toast in screen.query(Toast):
            assert toast.region.height <= 10 and toast.region.width <= 30           # a refusal's small toast
            assert not toast.region.overlaps(screen.battle_log.region)


async def _click(pilot, screen, square) -> None:
    from tactica.tui.widgets.map_view import MapView
    mv = screen.map_view
    x, y = square
    await pilot.click(MapView, offset=(mv._margin() + x * mv._cw + 1, y * mv._ch))
    await pilot.pause()


async def test_a_click_on_a_reachable_square_previews_the_path_and_a_second_click_moves():
    """The mouse as the keyboard (issue 20): the first click shows the path and says to click again;
    the second click on that square moves."""
    from tactica.tui.widgets.status_line import StatusLine
    app = app_for_state(battle("A.....\n......\n.....b", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await _click(pilot, screen, (2, 1))
        assert screen.session.state.creature("A").pos == (0, 0)      # not yet: the path is shown
        assert screen.map_view.square == (2, 1)
        message = screen.query_one(StatusLine).message
        assert message.startswith("Move ") and message.endswith("Click again to move there.")
        await _click(pilot, screen, (2, 1))
        assert screen.session.state.creature("A").pos == (2, 1)


async def test_a_click_on_an_unreachable_square_says_why():
    from tactica.tui.widgets.status_line import StatusLine
    app = app_for_state(battle("A.#...\n......\n.....b", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await _click(pilot, screen, (2, 0))                           # a wall
        status = screen.query_one(StatusLine)
        assert status.refused and "cannot end a move there" in status.message
        assert screen.session.state.creature("A").pos == (0, 0)
