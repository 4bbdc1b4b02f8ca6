"""Forced movement on the battle screen: marked squares, cursor + Enter, Esc to stay (MOV-14, TER-PIT)."""
from __future__ import annotations

from tactica.client.modes import Mode
from tactica.engine import ForcedMoveEffect, ForceKind, ForceMove, Phase, Settle
from tactica.engine.sandbox import battle, card, melee
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state
from .test_battle_screen import walk_cursor


def _log(app) -> str:
    return "\n".join(app.screen.query_one(BattleLog).lines_written)


def _shover(distance=2):
    return card("Shover", attacks=(melee("Shove", bonus=10, damage=10,
                                         effects=(ForcedMoveEffect(ForceKind.PUSH, distance),)),))


async def test_MOV_14_push_square_picked_with_cursor_and_enter():
    st = battle("......\n.Ab...\n......", {"A": _shover()}, active="A", dice=(15,))
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "enter")
        await pilot.pause()
        assert screen.session.phase is Phase.FORCED and screen.ctrl.mode is Mode.FORCE
        overlay = screen.map_view.overlay
        assert overlay.ends == {(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2)}
        assert screen.map_view.square in overlay.ends      # the cursor starts on a marked square
        assert "push Creature b (b) up to 2 squares" in screen.query_one(StatusLine).message
        await walk_cursor(pilot, screen, (4, 1))
        assert screen.map_view.overlay.path == ((3, 1), (4, 1))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.creature("b").pos == (4, 1)
        assert screen.session.actions[-1] == ForceMove("b", ((3, 1), (4, 1)))
        assert "Shover (A) pushes Creature b (b) 2 squares" in _log(app)
        assert screen.ctrl.mode is Mode.ACT


async def test_MOV_14_escape_leaves_it_where_it_is():
    st = battle("......\n.Ab...\n......", {"A": _shover()}, active="A", dice=(15,))
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("a", "enter")
        await pilot.pause()
        assert screen.ctrl.allowed("cancel")
        await pilot.press("escape")
        await pilot.pause()
        assert screen.session.actions[-1] == ForceMove("b", ())
        assert screen.session.state.creature("b").pos == (2, 1)
        assert screen.session.phase is Phase.ACTING


async def test_TER_PIT_fall_then_owner_places_it_hotseat():
    st = battle(".....\n.AbO.\n.....", {"A": _shover(1)}, active="A", dice=(15, 3))
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "enter")
        await pilot.pause()
        await walk_cursor(pilot, screen, (3, 1))
        assert "into the pit" in screen.query_one(StatusLine).message
        await pilot.press("enter")
        await pilot.pause()
        assert "falls into the pit" in _log(app) and "second roll" in _log(app)
        assert screen.session.state.decider == 1 and screen.ctrl.mode is Mode.FORCE
        assert "climbs out of the pit" in screen.query_one(StatusLine).message
        assert not screen.ctrl.allowed("cancel")          # settling is not optional
        await walk_cursor(pilot, screen, (4, 1))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.actions[-1] == Settle("b", (4, 1))
        assert screen.session.phase is Phase.ACTING
