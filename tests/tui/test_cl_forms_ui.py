"""CL-11 movement powers and CL-14 forms on the battle screen: w uses the power, the squares are picked
with the cursor and Enter as forced movement is (MOV-14), the log says it."""
from __future__ import annotations

from tactica.client.modes import Mode
from tactica.engine import ForceMove, Form, Phase, PowerAction, PowerEffect, SpecialPower, UsePower
from tactica.engine.sandbox import battle, card
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state
from .test_battle_screen import walk_cursor


def _log(app) -> str:
    return "\n".join(app.screen.query_one(BattleLog).lines_written)


async def test_cl_11_w_then_cursor_and_enter_shifts_the_creature():
    slip = SpecialPower("Slip Away", PowerAction.MOVE, PowerEffect.SHIFT, distance=2)
    st = battle("......\n.Ab...\n......", {"A": card("Skirmisher", special_powers=(slip,))}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("w")
        await pilot.pause()
        assert screen.session.phase is Phase.FORCED and screen.ctrl.mode is Mode.FORCE
        assert "shift Skirmisher (A) up to 2 squares" in screen.query_one(StatusLine).message
        await walk_cursor(pilot, screen, (0, 0))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (0, 0)
        assert screen.session.actions[-2:] == [UsePower(0, "A"), ForceMove("A", ((0, 0),))]
        assert "Skirmisher (A) shifts 1 square (no opportunity attacks)" in _log(app)
        assert screen.ctrl.mode is Mode.ACT


async def test_cl_14_w_changes_form_and_the_log_says_it():
    shape = SpecialPower("Moon Change", PowerAction.MOVE, PowerEffect.FORM, form="Wolf")
    st = battle("A.b", {"A": card("Werewolf", forms=(Form("Wolf", speed=8),), special_powers=(shape,))},
                active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert app.screen.session.state.creature("A").form == "Wolf"
        assert "Werewolf (Wolf) (A) takes Wolf form (Moon Change)" in _log(app)
