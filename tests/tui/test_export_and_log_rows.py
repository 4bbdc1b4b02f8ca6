"""80×24 (issue 20): the battle log keeps four lines beside the default map, and the log's export
says its path whole in the log (a toast only where one fits, the path cut after a "/", never inside a
name)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tactica.client.export import shown_path
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.saves.autosave import AutoSaver
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen

from .conftest import answer_questions, skirmish_battle


def test_a_path_is_cut_only_after_a_slash_and_home_reads_as_a_tilde():
    home = Path.home()
    assert shown_path(home / "games" / "x.md") == "~/games/x.md"
    root = Path(Path.cwd().anchor)  # an absolute path made up of the root and names, not one of a machine
    long = root.joinpath("srv", "data", "tactica-players", "exports", "2026-12-01-234501-7.md")
    lines = shown_path(long, 24).splitlines()
    assert "".join(lines) == str(long)
    assert all(len(line) <= 24 or "/" not in line[1:] for line in lines)
    assert all(line.startswith("/") for line in lines)  # every cut is just before a "/": no name is split
    assert shown_path(root / "a" / "b", 24) == str(root / "a" / "b")


@pytest.fixture
def saved(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "a-rather-long-folder-name" / "for-the-data"))
    saver = AutoSaver()
    wbs, maps = skirmish_battle()
    yield lambda: TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver,
                                           opponent=Opponent(level="greedy", player=1, pace=5.0)))
    saver.close()


async def test_at_80x24_the_export_path_is_a_whole_log_line_and_no_toast_covers_the_log(saved):
    app = saved()
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_questions(pilot, app)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        app.clear_notifications()
        app.action_export_log()
        await pilot.pause()
        path = Path(screen.session.recorder.save.id)
        last = screen.battle_log.lines_written[-1]
        assert last.startswith("The battle log is exported to ") and last.endswith(f"exports/{path}.md")
        assert not app._notifications  # no toast over the log's lines
        assert "Log exported" in screen.status_line.note


async def test_at_120x40_the_export_toast_cuts_the_path_after_a_slash(saved):
    app = saved()
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        screen = app.screen
        app.clear_notifications()
        app.action_export_log()
        await pilot.pause()
        toast = list(app._notifications)[-1]
        lines = toast.message.splitlines()[1:]
        assert len(lines) > 1 and all(line.startswith("/") for line in lines[1:])
        assert "".join(lines) == shown_path(Path(screen.battle_log.lines_written[-1].rsplit(" ", 1)[-1]))


async def test_at_80x24_the_log_keeps_four_lines_beside_the_default_map():
    from argparse import Namespace

    from tactica.client.factory import make_factory
    factory = make_factory(Namespace(map=None, warband=None, cards=None, seed=5, opponent=None))
    app = TacticaApp(factory)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_questions(pilot, app)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.battle_log.scrollable_content_region.height >= 4
