"""A newcomer's leftovers on the battle screen (s19 ux): a refusal stays readable until the player
changes something; the champion prompts' note goes when it no longer belongs; the threat view shows
the enemies' reach; fast mode survives a resume; the recap's words agree with its figures."""
from __future__ import annotations

from tactica.engine.sandbox import battle
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_against_ai

WALLED = "A.#..\n.....\n....b" + "\n....." * 6


async def test_a_refusal_stays_while_keys_only_say_something_and_goes_when_the_cursor_moves():
    """s19 ux 1: m on a square the creature cannot reach says why; a key that does nothing (x) or
    only changes a setting (i, the AI's intent) used to put its words in the refusal's place at once."""
    app = app_against_ai(battle(WALLED, active="A"), pace=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        screen.map_view.move_cursor((2, 0))  # a wall: the move is refused
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert status.refused
        said = status.message
        for key in ("x", "i"):
            await pilot.press(key)
            await pilot.pause()
            assert status.refused, key
            assert status.message and said.startswith(status.message.rstrip("…")), (key, status.message)
            assert status.note  # the key's own words are said before it
        await pilot.press("l")  # the cursor moved: the refusal was about the old square
        await pilot.pause()
        assert not status.refused and status.message != said
