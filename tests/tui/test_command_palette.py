"""The command palette (ctrl+p, issue 20 item 5): the game's commands through Textual's command
providers (``tactica.tui.commands`` over ``tactica.client.commands``), offered as their keys are."""
from __future__ import annotations

import pytest
from textual.command import CommandPalette

from tactica.client.commands import PALETTE_COMMANDS
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.saves.autosave import AutoSaver
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen

from .conftest import answer_questions, make_app, skirmish_battle, wait_until


async def _palette(pilot, app, typed: str = "") -> list[str]:
    """Open the palette, type ``typed``; the names it lists (the first line of each)."""
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
    assert isinstance(app.screen, CommandPalette)
    if typed:
        await pilot.press(*typed)
    for _ in range(50):  # the providers answer in the background
        await pilot.pause(0.05)
        names = [str(o.prompt).split("\n")[0] for o in app.screen.query_one("CommandList").options]
        if names:
            break
    return names


def test_every_command_names_an_action_of_the_app_or_the_battle_screen():
    for command in PALETTE_COMMANDS:
        owner = TacticaApp if command.target == "app" else BattleScreen
        assert command.target in ("app", "battle")
        assert callable(getattr(owner, command.method, None)), command


async def test_hot_seat_palette_lists_the_game_commands_but_not_the_ai_ones():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_questions(pilot, app)
        names = await _palette(pilot, app)
        assert {"New battle", "Resume the last unfinished battle", "Help (?)", "Quit", "Theme"} <= set(names)
        assert not any("AI" in n for n in names)  # f and i are keys of a battle against the AI
        assert names.count("Quit") == 1  # Textual's own Quit gives way to the game's
        assert "Export the battle log" not in names  # this battle is not being saved


@pytest.fixture
def saved_ai_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    saver = AutoSaver()
    wbs, maps = skirmish_battle()
    yield TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver,
                                   opponent=Opponent(level="greedy", player=1, pace=5.0))), tmp_path
    saver.close()


async def test_choosing_a_command_runs_it(saved_ai_app):
    app, data = saved_ai_app
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and not screen.ai_turn.fast
        names = await _palette(pilot, app, "fast")
        assert names[0] == "Toggle the AI's fast mode (f)"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.ai_turn.fast
        names = await _palette(pilot, app, "export")
        assert names[0] == "Export the battle log"
        await pilot.press("enter")
        await pilot.pause()
        exported = data / "exports" / f"{screen.session.save_id}.md"
        assert exported.is_file() and "Skirmish" in exported.read_text(encoding="utf-8")
        await _palette(pilot, app, "help")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


async def test_new_battle_then_resume_from_the_palette_goes_back_to_the_battle_left(saved_ai_app):
    app, _ = saved_ai_app
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        first = app.session
        await _palette(pilot, app, "new battle")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not first
        assert sum(isinstance(s, BattleScreen) for s in app.screen_stack) == 1
        await answer_questions(pilot, app)
        assert app.factory.saver.flush()
        await _palette(pilot, app, "resume")  # the battle left above is the other unfinished one
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.resumed and app.session.save_id == first.save_id
        assert sum(isinstance(s, BattleScreen) for s in app.screen_stack) == 1


async def test_resume_from_the_palette_says_when_there_is_nothing_else(saved_ai_app):
    app, _ = saved_ai_app
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        first = app.session
        await _palette(pilot, app, "resume")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is first  # the only unfinished battle is the one on screen
        assert any("No other unfinished battle" in str(n.message) for n in app._notifications)


async def test_the_theme_list_marks_the_theme_in_force_and_lists_it_first():
    """nm-tut 25: Ctrl+P → Theme listed 22 themes without saying which one was in force."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        app.search_themes()
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        assert isinstance(app.screen, CommandPalette)
        for _ in range(50):
            await pilot.pause(0.05)
            names = [str(o.prompt).split("\n")[0] for o in app.screen.query_one("CommandList").options]
            if names:
                break
        assert names[0] == "textual-dark  (in force)" and "nord" in names
        assert sum("(in force)" in n for n in names) == 1
        await pilot.press(*"nord", "enter")
        await pilot.pause()
        assert app.theme == "nord"
