"""The map view starts on the creature that matters: a resumed battle shows the active creature (or,
with none active, the cursor's creature), not the map's top-left corner; at 80×24 the 30×22 map does
not fit, so the view must scroll to it.  After undo (z) the cursor and the view go back to the creature
whose move or activation was taken back."""
from __future__ import annotations

from tactica.client.session import GameSession
from tactica.engine import Phase
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp

from .conftest import FixedFactory, app_for_state, view_home

BIG = "\n".join([".....b" + "." * 24] + ["." * 30] * 19 + ["." * 27 + "A.."] + ["." * 30])
"""A 30×22 map (the default size), Player 1's creature A near its bottom-right corner."""


def resumed_app(state) -> TacticaApp:
    """The real app showing ``state`` as a battle reopened from a save (``tactica resume``)."""
    return TacticaApp(FixedFactory(GameSession(state=state, seed=0, resumed=True)))


async def test_a_resumed_battle_shows_the_active_creature_not_the_top_left_corner():
    app = resumed_app(battle(BIG, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        mv = app.screen.map_view
        assert mv.square == (27, 20)
        assert mv.in_view((27, 20)) and not mv.in_view((0, 0))


async def test_a_resumed_battle_with_none_active_shows_the_cursors_creature():
    app = resumed_app(battle(BIG))          # Player 1 is to pick a creature: the cursor goes to A
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        mv = app.screen.map_view
        assert mv.square == (27, 20) and app.screen.ctrl.mode.value == "pick"
        assert mv.in_view((27, 20))


TWO = BIG.replace("\n" + "." * 30, "\n.B" + "." * 28, 1)
"""``BIG`` with a second creature of Player 1, B, at (1, 1) near the top-left corner."""


async def test_undo_of_a_move_puts_the_cursor_back_on_the_creature_that_moved():
    app = app_for_state(battle(TWO, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, mv = app.screen, app.screen.map_view
        mv.move_cursor((24, 20))
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (24, 20)
        await view_home(pilot, mv)
        mv.move_cursor((1, 1))                      # the player looks at B, far from A
        await pilot.press("z")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (27, 20)
        assert mv.square == (27, 20) and mv.in_view((27, 20))
        assert screen.query_one("StatCard").creature.uid == "A"


async def test_undo_of_an_activation_puts_the_cursor_back_on_that_creature():
    app = app_for_state(battle(TWO))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, mv = app.screen, app.screen.map_view
        mv.move_cursor((27, 20))
        await pilot.press("enter")                  # activate A
        await pilot.pause()
        assert screen.session.state.active_uid == "A"
        await view_home(pilot, mv)                  # the cursor wanders off to the top-left corner
        await pilot.press("z")
        await pilot.pause()
        assert screen.session.state.phase is Phase.ACTIVATE
        assert mv.square == (27, 20) and mv.in_view((27, 20))
