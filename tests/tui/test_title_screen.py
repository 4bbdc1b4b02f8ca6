"""The title screen (``tactica`` alone, issue 20): New battle (who plays Player 2, then the setup
screen), Continue (only with an unfinished saved battle), Tutorial, Build a warband, Rules reference,
Settings, Quit; by keys and by the mouse; leaving what it opened comes back to it.  Snapshots at
80×24 and 120×40 (regenerate with ``--snapshot-update``)."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey

from tactica import cli
from tactica.client.factory import BattleFactory
from tactica.client.settings import LoadedSettings, Settings
from tactica.saves.autosave import AutoSaver
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.builder import BuilderScreen
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.rules import RulesScreen
from tactica.tui.screens.settings_view import SettingsScreen
from tactica.tui.screens.setup import SetupScreen
from tactica.tui.screens.title import TitleScreen
from tactica.tui.screens.tutorial import TutorialScreen

from .conftest import answer_questions, skirmish_battle


@pytest.fixture
def data(tmp_path, monkeypatch):
    """An empty data folder (no saved battle, no tutorial progress) and an autosaver writing there."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    saver = AutoSaver()
    yield saver
    saver.close()


def _title_app(saver, settings: LoadedSettings | None = None) -> TacticaApp:
    wbs, maps = skirmish_battle()
    return TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver), title=True, settings=settings)


def _labels(title: TitleScreen) -> list[str]:
    return [e.label for e in title.entries]


async def test_the_title_lists_its_entries_without_continue_when_nothing_is_saved(data):
    app = _title_app(data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert _labels(title) == ["New battle", "Tutorial", "Build a warband", "Rules reference", "Settings",
                                  "Quit"]
        assert title.query_one(OptionList).option_count == 6
        await pilot.press("c")  # Continue's letter does nothing while it is not shown
        await pilot.pause()
        assert app.screen is title


async def test_new_battle_asks_for_the_opponent_then_opens_setup_and_esc_comes_back(data):
    app = _title_app(data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        title = app.screen
        await pilot.press("enter")  # New battle is highlighted first
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceModal) and "who plays Player 2" in question.title_text
        await pilot.press("escape")  # back to the title
        await pilot.pause()
        assert app.screen is title
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # the fourth: a second player (hot-seat)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.factory.opponent is None
        footer = {k.description: k.key_display for k in app.screen.query(FooterKey)}
        assert footer.get("Back") == "Esc" and "Quit" not in footer  # Esc goes back to the title
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is title and app.is_running
        await pilot.press("n", "enter")  # the AI at the settings' level (normal)
        await pilot.pause()
        assert app.factory.opponent is not None and app.factory.opponent.level == "normal"
        await pilot.press("s")  # the setup screen starts the battle
        await pilot.pause()
        assert isinstance(app.screen, (BattleScreen, ChoiceModal))
        assert app.session is not None and app.session.opponent is app.factory.opponent


async def test_continue_shows_the_unfinished_battle_and_reopens_it(data):
    wbs, maps = skirmish_battle()
    first = BattleFactory(wbs, maps, seed=3, saver=data).quick()  # a battle left unfinished
    assert data.flush()
    app = _title_app(data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        title = app.screen
        assert _labels(title)[:2] == ["New battle", "Continue"]
        assert title.continue_text is not None and title.continue_text.startswith("Reds vs Blues")
        await pilot.press("c")
        await pilot.pause()
        assert app.session is not None and app.session.resumed and app.session.save_id == first.save_id
        assert any(isinstance(s, BattleScreen) for s in app.screen_stack)


async def test_a_click_chooses_an_entry_and_rules_open_on_the_introduction(data):
    app = _title_app(data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        title = app.screen
        menu = title.query_one(OptionList)
        rules_row = _labels(title).index("Rules reference")
        await pilot.click(menu, offset=(4, 1 + rules_row))  # the list's border takes the first row
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.shown.title == "How to read the rules"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is title


async def test_settings_shows_the_file_and_the_values_in_force(data, tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('ai_level = "hard"\n[keys]\nmove = "x"\n')
    loaded = LoadedSettings(Settings(ai_level="hard", keys={"move": "x"}), path, True,
                            from_file=frozenset({"ai_level", "keys.move"}))
    app = _title_app(data, loaded)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        head = str(screen.query_one("#settings-path").render())
        assert str(path) in head
        rows = {row[0]: row[1:] for row in _rows(screen.table)}
        assert rows["ai_level"] == ["hard", "file"] and rows["pace"] == ["0.4 s", "default"]
        assert rows["keys.move"][0].startswith("x") and rows["keys.move"][1] == "file"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


def _rows(table) -> list[list[str]]:
    """The cells of a rich Table, row by row."""
    columns = [list(c.cells) for c in table.columns]
    return [[str(col[i]) for col in columns] for i in range(len(columns[0]))]


async def test_the_new_battle_question_offers_the_settings_ai_level_first(data):
    app = _title_app(data, LoadedSettings(Settings(ai_level="hard"), None, False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.factory.opponent is not None and app.factory.opponent.level == "hard"


async def test_tutorial_and_builder_open_and_quit_leaves(data):
    app = _title_app(data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, (TutorialScreen, ChoiceModal))
        if isinstance(app.screen, ChoiceModal):  # who goes first: answered with the arrows and Enter
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)
        await pilot.press("q")  # the tutorial asks first (its place is kept) …
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen) and "Leave the tutorial?" in app.screen.status_line.message
        await pilot.press("q")  # … and leaves for the title screen, not tactica
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.is_running
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BuilderScreen)
        await pilot.press("escape")  # nothing changed: leaves at once
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running and app.return_value == 0


async def test_q_in_a_battle_goes_back_to_the_title_which_offers_to_continue_it(data):
    app = _title_app(data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n", "down", "down", "down", "enter", "s")  # a hot-seat battle
        await pilot.pause()
        await answer_questions(pilot, app)
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("q")  # asks first: the battle is saved, Continue goes on with it …
        await pilot.pause()
        assert ("Leave the battle? It is saved: Continue on the title screen goes on from there."
                in app.screen.status_line.message)
        await pilot.press("q")  # … back to the title, the battle saved
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.is_running
        assert "Continue" in _labels(app.screen)  # the battle just left is saved and unfinished


def test_bare_tactica_without_a_terminal_prints_the_help(capsys):
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: tactica") and "tutorial" in out


async def _still(pilot) -> None:
    pilot.app.clear_notifications()
    await pilot.pause()


def test_title_screen_80x24(snap_compare, data):
    assert snap_compare(_title_app(data), run_before=_still, terminal_size=(80, 24))


def test_title_screen_120x40(snap_compare, data):
    assert snap_compare(_title_app(data), run_before=_still, terminal_size=(120, 40))


#: The settings the settings screen's snapshots show (a relative path, no machine's: the picture is the same anywhere).
SNAPSHOT_SETTINGS = LoadedSettings(Settings(ai_level="hard", keys={"move": "x"}),
                                   Path("config/settings.toml"), True,
                                   from_file=frozenset({"ai_level", "keys.move"}))


async def _settings_open(pilot) -> None:
    await pilot.press("s")
    pilot.app.clear_notifications()
    await pilot.pause()


def test_settings_screen_80x24(snap_compare, data):
    assert snap_compare(_title_app(data, SNAPSHOT_SETTINGS), run_before=_settings_open, terminal_size=(80, 24))


def test_settings_screen_120x40(snap_compare, data):
    assert snap_compare(_title_app(data, SNAPSHOT_SETTINGS), run_before=_settings_open, terminal_size=(120, 40))
