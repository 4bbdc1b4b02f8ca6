"""The settings in the battle client (issue 20 part 7): a rebound key works and the footer and the help
show it, the theme comes from the settings and a theme chosen is remembered, a bad file gives a
warning toast, champion prompts set to "never" are not asked."""
from __future__ import annotations

from textual.widgets._footer import FooterKey
from textual.widgets._toast import ToastRack

from tactica.client.content import demo_battle
from tactica.client.factory import BattleFactory
from tactica.client.session import GameSession
from tactica.client.settings import KEY_BINDINGS, LoadedSettings, Settings, load_settings
from tactica.engine import Phase
from tactica.engine.actions import DeclinePower
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.battle_keys import BINDINGS
from tactica.tui.screens.champion_prompt import PowerPrompt
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.help import HelpScreen
from tactica.tui.widgets.map_view import MapView

from .conftest import FixedFactory, SettledApp, wait_until


def _app(state, settings: Settings | None = None, path=None, problems=()):
    loaded = None
    if settings is not None or path is not None:
        loaded = LoadedSettings(settings or Settings(), path, True, tuple(problems))
    return SettledApp(FixedFactory(GameSession(state=state, seed=0)), settings=loaded)


def _binding_keys() -> dict[str, set[str]]:
    keys: dict[str, set[str]] = {}
    for binding in [*BINDINGS, *MapView.BINDINGS]:
        if binding.id is not None:
            keys.setdefault(binding.id, set()).update(k.strip() for k in binding.key.split(","))
    return keys


def test_every_key_of_the_settings_is_a_binding_with_its_default_key():
    keys = _binding_keys()
    assert {b.binding_id for b in KEY_BINDINGS} == set(keys)
    for binding in KEY_BINDINGS:
        assert set(binding.default.split(",")) == keys[binding.binding_id], binding.name


async def test_a_rebound_move_key_moves_and_the_footer_and_help_show_it():
    state = battle("A....\n.....\n....b", active="A")
    app = _app(state, Settings(keys={"move": "x"}))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        footer_keys = {k.description: k.key_display for k in screen.query(FooterKey)}
        assert footer_keys["Move"] == "x"
        screen.map_view.move_cursor((2, 0))
        await pilot.press("m")  # m is no longer the move key
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (0, 0)
        await pilot.press("x")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (2, 0)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("Static").content.markup  # the Markdown shown
        assert "Your settings rebind: move to the cursor square: **x**" in text
        assert "\n| **x** | move the active" in text


async def test_a_rebound_help_key_opens_and_closes_the_help():
    app = _app(battle("A...b", active="A"), Settings(keys={"help": "f1"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)


async def test_the_theme_comes_from_the_settings_and_a_new_one_is_remembered(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('# mine\ntheme = "nord"\n')
    app = _app(battle("A...b", active="A"), load_settings(path).settings, path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "nord"
        app.theme = "tactica-high-contrast"  # what the palette's theme command does
        await pilot.pause()
        await pilot.pause()
    assert path.read_text() == '# mine\ntheme = "tactica-high-contrast"\n'
    assert load_settings(path).settings.theme == "tactica-high-contrast"


async def test_without_a_settings_file_no_theme_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path))
    app = _app(battle("A...b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.pause()
    assert not (tmp_path / "settings.toml").exists()


async def test_a_bad_settings_file_is_said_once_in_a_toast_and_whole_in_the_battle_log(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("pace = = 3\n")
    loaded = load_settings(path)
    app = SettledApp(FixedFactory(GameSession(state=battle("A...b", active="A"), seed=0)), settings=loaded)
    async with app.run_test(size=(80, 24)) as pilot:
        def logged() -> list[str]:
            screen = app.screen
            lines = screen.battle_log.lines_written if isinstance(screen, BattleScreen) else ()
            return [line for line in lines if "settings file" in line]
        await wait_until(pilot, lambda: bool(logged()))     # the log line comes a refresh after the screen
        messages = [n.message for n in app._notifications]
        assert messages == ["The settings file has 1 problem: the defaults are used for it. The log, Settings and "
                            "tactica config say more."]
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert logged() == [f"⚠ The settings file {path} has 1 problem: the defaults are used for it ({path}:1:8: "
                            "error: not valid TOML: Invalid value; tactica config lists them all)"]


async def test_a_toast_is_drawn_once_when_a_question_opens_over_the_battle(tmp_path):
    """The settings warning came up twice at 80×24 (issue 20): once on the battle screen, still drawn
    under the who-goes-first question, and once on the question.  The screens under a new one lose
    their toasts; the battle screen shows them again when it is back on top."""
    path = tmp_path / "settings.toml"
    path.write_text("pace = = 3\n")
    app = SettledApp(BattleFactory(*demo_battle(), seed=7), settings=load_settings(path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(5):
            await pilot.pause(0.05)
        assert isinstance(app.screen, ChoiceModal)  # who goes first
        drawn = [holder for s in app.screen_stack for rack in s.children if isinstance(rack, ToastRack)
                 for holder in rack.children]
        assert len(drawn) == 1 and drawn[0].screen is app.screen
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause(0.05)
        assert isinstance(app.screen, BattleScreen)
        drawn = [holder for rack in app.screen.children if isinstance(rack, ToastRack) for holder in rack.children]
        assert len(drawn) == 1


PRESS = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)


def _champion_state():
    captain = card("Captain", champion=2, champion_powers=(PRESS,))
    return battle("C..\nAb.", {"C": captain}, active="A", dice=(10,))


async def test_CHP_2_champion_prompts_never_declines_without_asking():
    app = _app(_champion_state(), Settings(champion_prompts="never"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "enter")  # A hits b: a champion could answer, but the player never is asked
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.session.actions[-1] == DeclinePower() and screen.session.state.phase is Phase.ACTING


async def test_CHP_2_champion_prompts_muted_for_another_trigger_still_asks():
    app = _app(_champion_state(), Settings(champion_prompts=("ally misses",)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PowerPrompt)


async def test_OA_1_a_provoking_move_with_a_rebound_move_key_asks_for_that_key_again():
    app = _app(battle(".bA...\n......", active="A", dice=(1,) * 20), Settings(keys={"move": "x,f5"}))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        screen.map_view.move_cursor((5, 0))
        await pilot.pause()
        await pilot.press("x")
        assert screen.session.state.creature("A").pos == (2, 0)  # it asks first
        assert "Press x again to move anyway" in str(screen.status_line.render())
        await pilot.press("f5")  # the move key's other key confirms too
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (5, 0)


async def test_the_status_line_and_refusals_name_the_keys_the_settings_bind():
    """Every hint names the keys as bound (issue 20): no "Tab cycles, Enter activates" when the settings
    give other keys for next, select, move, shift and end."""
    state = battle("A....\n.....\n....b")  # nothing active: Player 1 picks a creature
    keys = {"next": "f2", "select": "f3", "move": "x", "shift": "v", "end": "f4", "attack": "f6"}
    app = _app(state, Settings(keys=keys))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        status = str(screen.status_line.render())
        assert "f2 cycles, f3 activates" in status and "Tab" not in status and "Enter" not in status
        await pilot.press("x")  # a move key before a creature is active: says why, with the keys
        await pilot.pause()
        refusal = str(screen.status_line.render())
        assert "f2 cycles yours, f3 activates" in refusal and "x moves it" in refusal
        await pilot.press("f2", "f3")
        await pilot.pause()
        active = str(screen.status_line.render())
        assert "x on a shaded square moves" in active and "f4 end" in active and " m " not in active
        screen.map_view.move_cursor((1, 0))
        await pilot.pause()
        assert "Move 1 square here: x or f3." in str(screen.status_line.render())
