"""In the terminal, a grid35 battle shades the squares the engine's G35-DIAG count allows, no more."""
from __future__ import annotations

from tactica.engine import Move, Ruleset
from tactica.engine.sandbox import battle
from tactica.tui.widgets.battle_header import header_text
from tactica.tui.widgets.map_view import MapView

from .conftest import app_for_state

OPEN = """
...............
...............
...............
...............
...............
...............
...............
...A...........
"""


async def test_G35_DIAG_the_map_shades_the_grid35_move_range_and_the_header_names_the_module():
    st = battle(OPEN, active="A", rules=Ruleset(modules=("grid35",)))
    st.attack_used = True  # it has attacked: a move, not a run (G35-RUN)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        moves = {a.path[-1] for a in screen.session.legal() if isinstance(a, Move)}
        assert moves <= set(mv.overlay.reachable)
        assert (7, 3) in mv.overlay.reachable                        # four diagonals: 1 + 2 + 1 + 2
        assert (8, 2) not in mv.overlay.reachable                    # five: 7 squares, more than speed 6
        assert "grid35" in header_text(screen.session.state).plain


async def test_G35_RUN_a_run_asks_twice_and_a_move_does_not():
    """m on a square only a run reaches (9 squares, speed 6) waits for m again and says it is a run
    (G35-RUN: both actions, no attack after); r there opens G35-RUN; another key calls it off; a move
    within speed goes at once (nm-grid35 F2)."""
    from tactica.tui.screens.rules import RulesScreen
    app = app_for_state(battle(OPEN, active="A", rules=Ruleset(modules=("grid35",))))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((12, 7))
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        message = screen.status_line.message
        assert screen.status_line.warning and message.startswith("This move is a run"), message
        assert "(G35-RUN)" in message and screen.session.state.creature("A").square == (3, 7)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.shown.rule_id == "G35-RUN"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("x")  # any other key calls it off
        await pilot.pause()
        assert screen.status_line.message.startswith("Run cancelled")
        assert screen.session.state.creature("A").square == (3, 7)
        await pilot.press("m")  # asks again
        await pilot.pause()
        assert screen.status_line.warning
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").square == (12, 7)
    app = app_for_state(battle(OPEN, active="A", rules=Ruleset(modules=("grid35",))))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((8, 7))  # 5 squares: a move
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").square == (8, 7)


async def test_G35_RUN_a_provoking_runs_warning_says_it_is_a_run_too():
    """nm-g35 11: a run that provokes warned of the opportunity attack only, not that it is a run."""
    st = battle("Ab" + "." * 12 + "\n" + "." * 14, active="A", rules=Ruleset(modules=("grid35",)), dice=(1,) * 20)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((10, 1))                         # 10 squares: a run, leaving b's reach
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        message = screen.status_line.message
        assert screen.status_line.warning and "opportunity attack (OA-1)" in message, message
        assert "; it is a run: " in message and "takes both its actions, no attack after (G35-RUN)" in message
