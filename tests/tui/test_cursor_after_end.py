"""nm s17 F10: after e the cursor goes to the nearest creature that can act, unsaid, so a relative
h j k l and Enter activated the wrong creature; now the status line says where it went."""
from __future__ import annotations

from tactica.engine.sandbox import battle

from .conftest import app_for_state


async def test_after_e_the_status_line_says_where_the_cursor_went():
    app = app_for_state(battle("A....\n.....\n..B..\n.....\n....c", active="A", turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.map_view.square == (0, 0)
        await pilot.press("e", "e")  # an idle activation: the first e asks
        await pilot.pause()
        assert screen.session.state.active_creature is None
        moved = screen.map_view.square
        assert moved != (0, 0)
        who = screen.session.state.creature_at(moved)
        assert screen.status_line.note.startswith(f"The cursor went to {who.card.name} ({who.label})")
        assert "Tab: the others" in screen.status_line.note


async def test_the_words_of_where_the_cursor_went_go_with_the_next_key_that_does_something():
    """s18 nm: after Tab and Enter the status line still said where the cursor had gone before, in
    front of the hint of the creature now active, and cut it."""
    app = app_for_state(battle("A....\n.....\n..B..\n.....\n....c", active="A", turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("e", "e")
        await pilot.pause()
        assert screen.status_line.note.startswith("The cursor went to")
        await pilot.press("tab")
        await pilot.pause()
        assert "The cursor went to" not in screen.status_line.note
