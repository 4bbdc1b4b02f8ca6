"""m with the cursor still on the creature just activated says what m does, not that the creature
"already stands there" (issue 20)."""
from __future__ import annotations

from tactica.client.controller import Controller
from tactica.client.session import GameSession
from tactica.engine.sandbox import battle
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state

BOARD = "A.....\n......\n.....b"


def test_m_on_the_creatures_own_square_says_what_m_does():
    ctrl = Controller(GameSession(state=battle(BOARD, active="A"), seed=0))
    said = ctrl.move((0, 0))
    assert isinstance(said, str)
    assert said.startswith("m moves Creature A to the cursor's square: move the cursor to a shaded square")
    assert "already stands there" not in said


async def test_m_right_after_activating_explains_m_in_the_status_line():
    app = app_for_state(battle(BOARD, turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((0, 0))
        await pilot.press("enter")                                   # activate A
        assert screen.session.state.active_uid == "A"
        await pilot.press("m")
        status = screen.query_one(StatusLine)
        assert "m moves Creature A to the cursor's square" in status.message, status.message
        assert screen.session.state.creature("A").pos == (0, 0)
