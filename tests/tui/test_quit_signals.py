"""Leaving the battle on a signal or Ctrl+C (issue 22): the save is written and the app ends the
ordinary way (Textual restores the terminal) with exit status 143 (SIGTERM), 129 (SIGHUP) or 130
(Ctrl+C).  The terminal's modes after a real ``kill -TERM`` were read in tmux (see the report)."""
from __future__ import annotations

import os
import signal

import pytest

from tactica.client.factory import BattleFactory
from tactica.saves.autosave import AutoSaver
from tactica.saves.db import load_battle
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen

from .conftest import settle, skirmish_battle


@pytest.fixture
def saver(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    s = AutoSaver()
    yield s
    s.close()


async def _leave(saver, leave) -> tuple[TacticaApp, int]:
    app = TacticaApp(BattleFactory(*skirmish_battle(), seed=3, saver=saver))
    async with app.run_test() as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, BattleScreen) or len(app.screen_stack) > 1
        await leave(pilot)
        for _ in range(200):
            if app._exit_renderables is not None and app.return_value is not None:
                break
            await pilot.pause(0.01)
    assert app.session is not None
    return app, len(app.session.actions)


async def test_ctrl_c_saves_and_quits_with_130(saver):
    async def press(pilot):
        await pilot.press("ctrl+c")
    app, n = await _leave(saver, press)
    assert (app.return_value, app.return_code) == (130, 130)
    assert app.session is not None and app.session.save_id is not None
    assert len(load_battle(_id(app)).actions) == n


def _id(app: TacticaApp) -> str:
    assert app.session is not None and app.session.save_id is not None
    return app.session.save_id


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
async def test_sigterm_and_sighup_save_and_end_the_app_with_128_plus_the_signal(saver, sig, status):
    async def kill(pilot):
        os.kill(os.getpid(), sig)
        await pilot.pause(0.05)
    app, n = await _leave(saver, kill)
    assert (app.return_value, app.return_code) == (status, status)
    assert len(load_battle(_id(app)).actions) == n
    # the app no longer watches the signal once it is closed
    assert signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler)


@pytest.mark.parametrize(("key", "sig", "status"), [("ctrl+c", None, 130), (None, signal.SIGTERM, 143)])
async def test_the_replay_quits_with_the_same_statuses(tmp_path, key, sig, status):
    from tactica.client.saving import open_save
    from tactica.saves.store import write_save
    from tactica.tui.replay_app import ReplayApp
    from tests.saves.helpers import play
    path = write_save(play(2, steps=20)[1], tmp_path / "r.json")
    app = ReplayApp(open_save(str(path)))
    async with app.run_test() as pilot:
        await pilot.pause()
        if key is not None:
            await pilot.press(key)
        if sig is not None:
            os.kill(os.getpid(), sig)
        for _ in range(200):
            if app.return_value is not None:
                break
            await pilot.pause(0.01)
    assert (app.return_value, app.return_code) == (status, status)
