"""nm s17 F15: after c and Enter on the enemy the status line said only "… Enter charges." with the path
on one end square; the other end squares (CHG-3) went unseen until the cursor happened to move, and Tab
seemed to do nothing.  Now the preview says how many other end squares are marked x and which keys choose
one, or that the square is the only one."""
from __future__ import annotations

from tactica.client.modes import Mode
from tactica.engine.sandbox import battle

from .conftest import app_for_state

OPEN = "\n".join(["........", "A.......", "........", "......b.", "........", "........"])
CORRIDOR = "A.....b"
"""One row: the charge can end only on the square before b."""


async def test_chg_3_the_charge_preview_names_the_other_end_squares_and_the_keys():
    app = app_for_state(battle(OPEN, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c", "enter")
        await pilot.pause()
        assert screen.ctrl.mode is Mode.CHARGE_END
        ends = screen.ctrl.charge_ends()
        assert len(ends) == 3 and set(screen.map_view.overlay.ends) == {c.destination for c in ends}
        assert "Enter charges. 2 other end squares marked x: Tab or the arrows choose." in screen.status_line.message
        first = screen.map_view.square
        await pilot.press("tab")
        await pilot.pause()
        assert screen.map_view.square != first and screen.map_view.square in screen.map_view.overlay.ends


async def test_chg_3_a_single_end_square_says_it_is_the_only_one():
    app = app_for_state(battle(CORRIDOR, active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c", "enter")
        await pilot.pause()
        assert screen.ctrl.mode is Mode.CHARGE_END and len(screen.ctrl.charge_ends()) == 1
        assert "The only square it can end on (CHG-3)." in screen.status_line.message
