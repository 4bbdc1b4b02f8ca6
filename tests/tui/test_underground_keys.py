"""The battle screen with the underground rules: g digs at rubble beside the active creature
(UG-RUBBLE), the status line offers it, the log says how far, the map draws rubble as ▒."""
from __future__ import annotations

from dataclasses import replace

from tactica.engine import CustomTerrain, Geometry, Ruleset, TerrainRules
from tactica.engine.sandbox import battle
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state

UG = Ruleset(modules=("underground",))
RUBBLE = CustomTerrain("Rubble", TerrainRules("R", rubble="loose", blocks_movement=True, blocks_sight=True,
                                              blocks_effect=True, can_stop=False, deploy=False))


def _state(rules=UG):
    st = battle("A.....\n......\n.....b\n", active="A", rules=rules, dice=(3,) * 20)
    rows = [list(r) for r in st.map.terrain]
    rows[0][1] = RUBBLE
    new = replace(st.map, terrain=tuple(tuple(r) for r in rows))
    st = st.copy()
    st.map, st.geo, st.maps = new, Geometry.for_map(new), (new,)
    return st


async def test_ug_rubble_g_digs_and_the_log_and_status_line_say_so():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert "g dig" in screen.query_one(StatusLine).message
        await pilot.press("g")
        await pilot.pause()
        log = "\n".join(screen.query_one(BattleLog).lines_written)
        assert "digs 3 feet into the rubble at column 2, row 1: 3 of 5 (UG-RUBBLE)" in log


async def test_ug_rubble_g_does_nothing_without_the_module():
    app = app_for_state(_state(Ruleset()))
    async with app.run_test(size=(120, 40)) as pilot:
        assert "g dig" not in app.screen.query_one(StatusLine).message
        await pilot.press("g")
        await pilot.pause()
        assert "digs" not in "\n".join(app.screen.query_one(BattleLog).lines_written)
