"""Rolls and the log at small sizes: at 80×24 a roll toast covered most of the four-line log for five
seconds, so there a roll is said in the log only; with a log of ``ROLL_TOAST_LOG`` rows it pops up too."""
from __future__ import annotations

import pytest

from tactica.client.content import load_battle
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.engine import events as ev
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_log import BattleLog

from .conftest import app_for_state

BIG = "\n".join(["A" + "." * 29] + ["." * 30] * 20 + ["." * 29 + "b"])
"""A 30×22 board, as big as the shipped map: at 80×24 the log keeps its four lines."""


@pytest.fixture(autouse=True)
def toasts_never_expire(monkeypatch) -> None:
    """A toast lasts five seconds of wall time, and ``app._notifications`` drops it once they are up:
    on a busy machine the app's start alone took longer than that, so a toast that did pop up was
    gone when the test looked (the "True" cases failed under load).  Here a toast stays until the app
    takes it away or the test clears it: the test sees what was shown, whatever the machine's speed."""
    from textual.notifications import Notification
    monkeypatch.setattr(Notification, "has_expired", property(lambda self: False))


def roll_toasts(app) -> list[str]:
    return [n.title for n in app._notifications if n.title in ("Roll", "Setup roll")]


@pytest.mark.parametrize("size, toast", [((80, 24), False), ((120, 40), True), ((200, 60), True)])
async def test_the_ai_winning_the_setup_roll_is_a_toast_only_where_the_log_is_big(size, toast):
    wbs, maps = load_battle(None, None)                             # the shipped battle (30×22)
    opponent = Opponent(level="greedy", player=1, pace=30.0)        # seed 2: the AI chooses who goes first
    app = TacticaApp(BattleFactory(wbs, maps, seed=2, opponent=opponent))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.ai_decides()
        assert any(t.startswith("Setup roll:") for t in screen.query_one(BattleLog).lines_written)
        assert bool(roll_toasts(app)) is toast


@pytest.mark.parametrize("size, toast", [((80, 24), False), ((120, 40), True)])
async def test_an_initiative_roll_at_80x24_is_in_the_log_not_under_a_toast(size, toast):
    app = app_for_state(battle(BIG))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        app.clear_notifications()
        rolls = [ev.DieRolled("initiative", 0, (4,), 4), ev.DieRolled("initiative", 1, (17,), 17),
                 ev.RollWon("initiative", 1, "roll")]
        screen._show_events(rolls)
        await pilot.pause()
        assert screen.query_one(BattleLog).lines_written[-1].startswith("Initiative: Player 1 rolls 4")
        assert bool(roll_toasts(app)) is toast


NEXT_TO = "\n".join([".bA" + "." * 27] + ["." * 30] * 20 + ["." * 29 + "c"])
"""A 30×22 board with A next to b: a move away from b provokes b's opportunity attack (OA-1)."""


def warning_toasts(app) -> list[str]:
    return [n.title for n in app._notifications if n.title in ("Not allowed", "Opportunity attack")]


@pytest.mark.parametrize("size, toast", [((80, 24), False), ((120, 40), True)])
async def test_oa_1_a_warning_or_refusal_at_80x24_is_in_the_status_line_not_over_the_log(size, toast):
    """OA-1: at 80×24 (a four-line log) the opportunity-attack warning and a refused move are said
    in the status line only; with a bigger log they pop up as toasts too."""
    from tactica.tui.widgets.status_line import StatusLine

    from .test_battle_screen import walk_cursor
    app = app_for_state(battle(NEXT_TO, active="A", dice=(1,) * 20))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        app.clear_notifications()
        await walk_cursor(pilot, screen, (5, 0))
        await pilot.press("m")                                       # away from b: provokes
        await pilot.pause()
        assert status.warning and "opportunity attack" in status.message
        assert warning_toasts(app) == (["Opportunity attack"] if toast else [])
        await pilot.press("escape")
        app.clear_notifications()
        await walk_cursor(pilot, screen, (1, 0))
        await pilot.press("m")                                       # onto b's square: refused
        await pilot.pause()
        assert status.refused and status.message
        assert warning_toasts(app) == (["Not allowed"] if toast else [])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_resumed_battle_says_so_in_the_log_not_in_a_toast(tmp_path, monkeypatch, size):
    """Resuming the shipped battle: "Battle resumed" is the log's newest line at every size: no toast
    over the log's four lines at 80×24, nor over the stat card's top rows at 120×40 (s21 newcomer)."""
    from tactica.client.saving import open_save, resume_session
    from tactica.saves.autosave import AutoSaver

    from .test_saves_ui import play_on
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    saver = AutoSaver()
    try:
        wbs, maps = load_battle(None, None)
        session = BattleFactory(wbs, maps, seed=3, saver=saver).quick()
        play_on(session, 8)
        assert saver.flush()
        resumed = resume_session(open_save(session.save_id), saver)
        app = TacticaApp(BattleFactory(wbs, maps, saver=saver), resume=resumed)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            titles = [n.title for n in app._notifications]
            assert "Battle resumed" not in titles
            last = screen.query_one(BattleLog).lines_written[-1]
            assert last.startswith("Battle resumed. Round ")
    finally:
        saver.close()


async def test_a_battle_under_way_opens_without_its_setup_roll_toast():
    """nm-tut (s15): the tutorial's battle, rebuilt where it was left, popped "Setup roll" over the stat
    card for no reason the player could see; a battle under way (activations going on) has no such toast."""
    from tactica.client.describe import LogLine
    app = app_for_state(battle(BIG, turn_player=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.state.round >= 1
        app.clear_notifications()
        setup = LogLine("Setup roll: Player 1 rolls 16, Player 2 rolls 19 — Player 2 deploys first", "banner",
                        prominent=True)
        assert screen.toasts.opening([setup], docked=False) == []
        await pilot.pause()
        assert roll_toasts(app) == []
