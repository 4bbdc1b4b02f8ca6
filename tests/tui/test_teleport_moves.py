"""TER-TELEPORT on the battle screen: the way through a teleporter is walked with the m key, one step a
press (stop on it, jump, carry on), and the log says each step."""
from __future__ import annotations

from tactica.engine.sandbox import battle

from .conftest import app_for_state
from .test_battle_screen import walk_cursor

BOARD = ("A.@..............\n"
         ".................\n"
         ".................\n"
         "..........@......\n"
         ".................")


async def test_ter_teleport_m_walks_onto_the_teleporter_jumps_and_carries_on():
    app = app_for_state(battle(BOARD, active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        target = (14, 3)
        await walk_cursor(pilot, screen, target)
        assert screen.ctrl.hint(target).startswith("Through a teleporter: move 2 squares onto the teleporter")
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (2, 0) and screen.map_view.square == target
        assert screen.ctrl.hint(target).startswith("Through a teleporter: jump to column 11, row 4, then move on")
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (10, 3) and screen.map_view.square == target
        await pilot.press("m")
        await pilot.pause()
        st = app.screen.session.state
        assert st.creature("A").pos == target and st.active_uid == "A" and not st.attack_used
