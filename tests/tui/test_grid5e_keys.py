"""The battle screen with the grid5e rules: d drops prone and stands up (G5E-PRONE), the stat card
shows prone like any condition, and the status line counts the rest of a split move (G5E-SPLIT)."""
from __future__ import annotations

from tactica.engine import Ruleset
from tactica.engine.sandbox import battle
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state

G5E = Ruleset(modules=("grid5e",))
BOARD = "A.....\n......\n.....b\n"


def _log(app) -> str:
    return "\n".join(app.screen.query_one(BattleLog).lines_written)


def _card_text(app) -> str:
    from tactica.tui.widgets.stat_card import StatCard
    return str(app.screen.query_one(StatCard).render())


async def test_G5E_PRONE_d_drops_prone_and_stands_up_and_the_card_shows_it():
    app = app_for_state(battle(BOARD, active="A", rules=G5E))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert "d drop prone" in screen.query_one(StatusLine).message
        await pilot.press("d")
        await pilot.pause()
        me = screen.session.state.creature("A")
        assert "prone" in me.conditions
        assert "drops prone (G5E-PRONE)" in _log(app)
        assert "Conditions prone" in _card_text(app)
        assert "d stand up" in screen.query_one(StatusLine).message
        await pilot.press("d")
        await pilot.pause()
        assert "prone" not in screen.session.state.creature("A").conditions
        assert "stands up, spending 3 squares of movement" in _log(app)
        assert "the rest of its move: 3 squares" in screen.query_one(StatusLine).message


async def test_G5E_PRONE_d_does_nothing_without_the_module():
    app = app_for_state(battle(BOARD, active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert "prone" not in app.screen.session.state.creature("A").conditions
        assert "drop prone" not in app.screen.query_one(StatusLine).message


async def test_G5E_SPLIT_one_square_left_of_a_move_is_said_in_the_singular():
    """A speed-6 creature moves 5 squares: "the rest of its move: 1 square", not "1 squares"
    (nm-grid5e finding 5)."""
    app = app_for_state(battle(BOARD, active="A", rules=G5E))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        screen.map_view.move_cursor((5, 0))
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").square == (5, 0)
        message = screen.query_one(StatusLine).message
        assert "the rest of its move: 1 square," in message and "1 squares" not in message, message


async def test_G5E_PRONE_a_crawls_preview_says_why_a_square_costs_two():
    """nm-g5e 11: prone, the preview said "cost 2" for one square without saying it crawls."""
    app = app_for_state(battle(BOARD, active="A", rules=G5E))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("d")                                     # drop prone
        await pilot.pause()
        screen.map_view.move_cursor((1, 0))
        await pilot.pause()
        message = screen.query_one(StatusLine).message
        assert "crawling: +1 a square, G5E-PRONE" in message, message
        await pilot.press("d")                                     # stand up: no word of crawling
        await pilot.pause()
        screen.map_view.move_cursor((2, 0))
        await pilot.pause()
        assert "crawling" not in screen.query_one(StatusLine).message
