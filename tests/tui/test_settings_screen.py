"""The settings screen edits the settings (issue 20 part 7): every setting of the file changed with the
keys or the mouse, at once where it can be (theme, pace, intent, bell, champion prompts, hand-off),
written to the settings file with the user's comments and unknown lines kept, and in force at the
next start; the keys shown with how to rebind them ("Space", never a blank)."""
from __future__ import annotations

import tomllib

import pytest
from textual.widgets import OptionList

from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.client.session import GameSession
from tactica.client.settings import load_settings
from tactica.engine.sandbox import battle
from tactica.saves.autosave import AutoSaver
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.settings_view import SettingsScreen
from tactica.tui.screens.title import TitleScreen
from tactica.tui.themes import theme_names

from .conftest import FixedFactory, answer_questions, skirmish_battle


@pytest.fixture
def data(tmp_path, monkeypatch):
    """An empty data and config folder and an autosaver writing there."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path))
    saver = AutoSaver()
    yield saver
    saver.close()


def _title_app(saver, path) -> TacticaApp:
    wbs, maps = skirmish_battle()
    return TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver), title=True,
                      settings=load_settings(path, theme_names()))


async def _open(pilot, app) -> SettingsScreen:
    await pilot.press("s")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def _go_to(pilot, screen: SettingsScreen, row: str) -> None:
    menu = screen.query_one(OptionList)
    menu.highlighted = menu.get_option_index(row)
    await pilot.pause()


def _shown(screen: SettingsScreen) -> dict[str, tuple[str, str]]:
    return {row: (value, source) for row, value, source in screen.rows}


async def test_every_setting_is_changed_with_the_keys_and_written_keeping_the_comments(data, tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('# mine\npace = 1.5  # slow, please\nmystery = "kept"\n[keys]\nmove = "x"\n')
    app = _title_app(data, path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await pilot.press("right")  # ai_level: normal -> hard
        await pilot.press("down", "left")  # pace: 1.5 -> 1.0
        await pilot.press("down", "enter")  # intent: on
        await pilot.press("down", "right")  # theme: the first of tactica's own
        await pilot.press("down", "space")  # handoff: off
        await pilot.press("down", "right")  # champion_prompts: never
        await _go_to(pilot, screen, "bell")
        await pilot.press("enter")  # bell: on
        await pilot.pause()
        assert app.theme == "textual-light"  # at once
        assert app.ring_bell is True and app.handoff is False
        shown = _shown(screen)
        assert shown["ai_level"] == ("hard", "file") and shown["pace"] == ("1 s", "file")
        assert shown["trigger.ally hits"] == ("never", "file")
        assert "bell = on, saved." in str(screen.query_one("#settings-about").render())
    text = path.read_text()
    assert text.startswith('# mine\npace = 1.0  # slow, please\nmystery = "kept"\n')
    assert tomllib.loads(text) == {"pace": 1.0, "mystery": "kept", "ai_level": "hard", "intent": True,
                                   "theme": "textual-light", "handoff": False, "champion_prompts": "never",
                                   "bell": True, "keys": {"move": "x"}}
    again = load_settings(path, theme_names())  # the next start
    assert again.settings.theme == "textual-light" and again.settings.pace == 1.0
    assert [str(p) for p in again.problems] == [f"{path}:3:1: error: mystery: unknown setting; the settings are "
                                                "ai_level, pace, intent, theme, handoff, champion_prompts, bell, keys"]
    app2 = _title_app(data, path)
    async with app2.run_test(size=(80, 24)):
        assert app2.theme == "textual-light"


async def test_a_click_on_a_row_changes_it_and_a_trigger_row_mutes_one_trigger(data, tmp_path):
    path = tmp_path / "settings.toml"  # not there yet: the first change writes the commented file
    app = _title_app(data, path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, app)
        menu = screen.query_one(OptionList)
        row = menu.get_option_index("trigger.ally misses")
        await pilot.click(menu, offset=(4, row))
        await pilot.pause()
        assert app.settings.champion_prompts == ("ally misses",)
        assert _shown(screen)["trigger.ally misses"] == ("never", "file")
        assert _shown(screen)["champion_prompts"][0] == "never for: ally misses"
        await pilot.click(menu, offset=(4, row))  # and back
        await pilot.pause()
        assert app.settings.champion_prompts == "always"
    assert path.read_text().startswith("# tactica settings (TOML).")
    assert load_settings(path).settings.champion_prompts == "always"


async def test_a_key_row_shows_the_key_by_name_and_says_how_to_rebind_it(data, tmp_path):
    path = tmp_path / "settings.toml"
    app = _title_app(data, path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        assert _shown(screen)["keys.add_target"][0].startswith("Space  (add a target")
        assert _shown(screen)["keys.next"][0].startswith("Tab ") and _shown(screen)["keys.cancel"][0].startswith("Esc")
        await _go_to(pilot, screen, "keys.move")
        await pilot.press("enter")
        await pilot.pause()
        about = str(screen.query_one("#settings-about").render())
        assert "the settings file" in about and "[keys] table, e.g. move = \"x\"" in about
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert not path.exists()  # nothing changed, nothing written


async def test_a_file_that_is_no_toml_is_left_alone_and_the_screen_says_so(data, tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("pace = = 3\n")
    app = _title_app(data, path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        await _go_to(pilot, screen, "bell")
        await pilot.press("enter")
        await pilot.pause()
        assert app.ring_bell is True  # for this run
        about = str(screen.query_one("#settings-about").render())
        assert "bell = on: not saved, the settings file has problems" in about
        assert _shown(screen)["bell"][0] == "on"
    assert path.read_text() == "pace = = 3\n"


async def test_in_a_battle_the_palette_opens_the_settings_and_pace_intent_and_prompts_apply_at_once(data, tmp_path):
    path = tmp_path / "settings.toml"
    state = battle("A....\n.....\n....b")
    session = GameSession(state=state, seed=0, opponent=Opponent(level="greedy", player=1, pace=1.0))
    app = TacticaApp(FixedFactory(session), settings=load_settings(path, theme_names()))
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and not screen.ai_turn.show_intent
        app.action_settings()
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        await _go_to(pilot, settings, "pace")
        await pilot.press("left")  # the settings. 0.4 -> 0.2 (the battle was started at 1.0)
        await _go_to(pilot, settings, "intent")
        await pilot.press("enter")
        await _go_to(pilot, settings, "trigger.ally hits")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.opponent.pace == 0.2 and screen.ai_turn.ai.opponent.pace == 0.2
        assert screen.ai_turn.show_intent and screen.session.opponent.intent
        assert screen.decisions.muted_triggers == {0: {"ally hits"}, 1: {"ally hits"}}
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
    assert load_settings(path).settings.pace == 0.2
