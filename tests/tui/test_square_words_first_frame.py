"""The side panel's top line names the cursor's square in one form from the first frame on (nm s17 F7a:
after resuming, "column 2, row 2", and "col 3 row 2" once the cursor moved: the first words were made
before the panel had a width)."""
from __future__ import annotations

import pytest

from tactica.client.opponent import Opponent
from tactica.client.session import GameSession
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp

from .conftest import FixedFactory

#: 30 columns and a row of difficult ground: at 80×24 "column 30, row 3 · Difficult" does not fit the
#: panel's 25 columns, so the whole map's form is "col 2 row 2".
BOARD = "\n".join(["." * 30, ".A" + "." * 26 + "b.", "^" * 30])


@pytest.mark.parametrize("resumed", [True, False])
async def test_the_cursor_s_square_is_said_in_the_map_s_one_form_from_the_first_frame(resumed):
    session = GameSession(state=battle(BOARD, active="A"), seed=0, resumed=resumed,
                          opponent=Opponent(level="random", player=1, pace=5.0),
                          history_log=[] if resumed else None)
    app = TacticaApp(FixedFactory(session))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        line = app.screen.cursor_line
        assert str(line.render()) == "col 2 row 2"
        await pilot.press("l")
        await pilot.pause()
        assert str(line.render()) == "col 3 row 2"
