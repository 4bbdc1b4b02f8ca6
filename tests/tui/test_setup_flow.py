"""The full setup (--setup): choose warbands and maps, the roll, the map, the start area, placing by hand."""
from __future__ import annotations

from tactica.engine import Phase
from tactica.engine import events as ev
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.setup import SetupScreen

from .conftest import make_app


async def test_full_setup_by_keyboard():
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("s")  # the highlighted warbands and maps
        await pilot.pause()
        session = app.session
        assert any(isinstance(e, ev.DieRolled) and e.purpose == "setup" for e in session.events)
        if session.phase is Phase.CHOOSE_MAP:  # two different maps were brought (SET-2)
            assert isinstance(app.screen, ChoiceModal)
            await pilot.press("enter")
            await pilot.pause()
        assert session.phase is Phase.CHOOSE_AREA
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("2")  # start area B for the roll loser
        await pilot.pause()
        assert session.phase is Phase.DEPLOY
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        # place one creature by hand: the cursor sits on a legal square; move it once and place
        legal = set(session.placements())
        assert screen.map_view.square in legal
        uid = next(iter(session.placements().values())).uid
        await pilot.press("down")
        if screen.map_view.square not in legal:
            await pilot.press("up")
        square = screen.map_view.square
        await pilot.press("enter")
        assert session.state.creature(uid).pos == square
        # a square outside the start area is refused with the engine's reason
        legal = set(session.placements())
        for _ in range(12):
            if screen.map_view.square not in legal:
                break
            await pilot.press("right" if screen.map_view.square[0] < 10 else "left")
        assert screen.map_view.square not in legal
        await pilot.press("enter")
        assert "deploy on free squares" in screen.query_one("StatusLine").message
        # the rest automatically, for both players
        for _ in range(2):
            if session.phase is Phase.DEPLOY:
                await pilot.press("p")
                await pilot.pause()
        assert session.phase is Phase.CHOOSE_FIRST
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("enter")
        await pilot.pause()
        assert session.phase is Phase.ACTIVATE


async def test_SET_3_a_misplaced_creature_is_taken_back_during_deployment():
    """z during deployment picks the last creature placed up again (issue 20); before any placement
    the refusal speaks of placing, not of activations."""
    from tactica.tui.widgets.status_line import StatusLine
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        session = app.session
        if session.phase is Phase.CHOOSE_MAP:
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert session.phase is Phase.DEPLOY
        screen = app.screen
        await pilot.press("z")
        message = screen.query_one(StatusLine).message
        assert "during deployment undo takes back a creature you placed" in message
        assert "activation" not in message
        uid = next(iter(session.placements().values())).uid
        square = screen.map_view.square
        await pilot.press("enter")
        assert session.state.creature(uid).pos == square
        await pilot.press("end")                                  # the cursor elsewhere first
        await pilot.press("z")
        await pilot.pause()
        assert session.state.creature(uid).pos is None             # picked up again
        assert next(iter(session.placements().values())).uid == uid
        assert screen.map_view.square == square                    # the cursor back where it stood
        assert "Undone" in "\n".join(screen.battle_log.lines_written)
