"""The rules reference screen (issue 20 part 2): r opens the rules the battle screen names (a refusal's
rule ID, an attack preview's modifiers, the abilities on the stat card), typing searches every rule,
the help and the command palette open it too."""
from __future__ import annotations

from textual.widgets import Input, OptionList

from tactica.client.session import GameSession
from tactica.engine.abilities import Flight, SneakAttack
from tactica.engine.sandbox import battle, card
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.help import HelpScreen
from tactica.tui.screens.rules import RulesScreen

from .conftest import FixedFactory, SettledApp, app_for_state, wait_until
from .test_command_palette import _palette


async def test_CHG_3_a_refusal_naming_a_rule_opens_it_with_r():
    app = app_for_state(battle("Ab...", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # b is next to A: too close to charge (CHG-3)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and "CHG-3" in screen.toasts.last_refusal
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.shown is not None and rules.shown.rule_id == "CHG-3"
        assert rules.listed[0].rule_id == "CHG-3"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_CA_1_the_attack_previews_modifiers_open_their_rules():
    state = battle("AbB", active="A")  # B flanks b with A: combat advantage (CA-1, FLK-1)
    app = app_for_state(state)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        screen = app.screen
        assert "combat advantage" in screen.status_line.message
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.shown.rule_id == "CA-1"


async def test_the_abilities_on_the_stat_card_open_their_readings():
    rogue = card("Rogue", abilities=(Flight(), SneakAttack(10)))
    app = app_for_state(battle("A...b", {"A": rogue}, active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert [e.title for e in rules.context] == ["Flight, Burrow, Phasing, Shift", "Sneak Attack X"]
        await pilot.press("down")
        await pilot.pause()
        assert rules.shown.title == "Sneak Attack X"


async def test_typing_searches_every_rule_and_arrows_choose():
    app = app_for_state(battle("A...b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and len(rules.listed) > 150  # no context: every rule
        await pilot.press(*"mov-7")
        await pilot.pause()
        assert rules.query_one(Input).value == "mov-7"
        assert rules.shown.rule_id == "MOV-7"
        rules.query_one(Input).value = ""
        await pilot.press(*"flanking")  # words
        await pilot.pause()
        assert rules.listed[0].rule_id == "FLK-1"
        await pilot.press("down")
        await pilot.pause()
        assert rules.shown is rules.listed[1] and rules.query_one(OptionList).highlighted == 1
        rules.query_one(Input).value = ""
        await pilot.press(*"zzzz qqqq")
        await pilot.pause()
        assert rules.listed == [] and rules.shown is None


async def test_r_in_the_help_opens_the_rules_it_names():
    app = app_for_state(battle("A...b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert {"G35-OBSTACLE", "G5E-PRONE"} <= {e.rule_id for e in rules.context}


async def test_the_palette_opens_the_rules_reference():
    app = app_for_state(battle("A...b", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        names = await _palette(pilot, app, "rules")
        assert names[0] == "Rules reference"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


async def test_a_rebound_rules_key_opens_it():
    from tactica.client.settings import LoadedSettings, Settings
    app = SettledApp(FixedFactory(GameSession(state=battle("A...b", active="A"), seed=0)),
                     settings=LoadedSettings(Settings(keys={"rules": "f9"}), None, True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


#: The rules the snapshots show: a page of their own, so that a change to docs/rules.md (a rule more
#: moves the list's scroll bar) never changes the pictures.
SNAPSHOT_PAGE = "## 8. Charge and opportunity attacks\n\nA charge is an attack action.\nIt moves first.\n\n" + "".join(
    f"**CHG-{n}** *Charge rule {n}.* " + ("The charger moves at least 2 squares from where it starts and ends on "
                                          "the nearest square from which it can attack the target. " * 3) + "\n\n"
    for n in range(1, 30))


async def _rules_on_charge(pilot) -> None:
    from tactica.client.rules_reference import RulesReference, parse_page
    reference = RulesReference(parse_page(SNAPSHOT_PAGE, "docs/rules.md"))
    await pilot.press("c")  # the refusal names CHG-3
    screen = pilot.app.screen
    pilot.app.push_screen(RulesScreen(reference.context([screen.toasts.last_refusal]), reference=reference))
    pilot.app.clear_notifications()
    await pilot.pause()
    search = pilot.app.screen.query_one(Input)
    search.cursor_blink = False  # the same picture whenever it is taken
    search.blur()
    await pilot.pause()


def test_rules_screen_80x24(snap_compare):
    assert snap_compare(app_for_state(battle("Ab...", active="A")), run_before=_rules_on_charge,
                        terminal_size=(80, 24))


def test_rules_screen_120x40(snap_compare):
    assert snap_compare(app_for_state(battle("Ab...", active="A")), run_before=_rules_on_charge,
                        terminal_size=(120, 40))


async def test_r_with_nothing_named_opens_the_players_introduction_not_the_developers():
    app = app_for_state(battle("A...b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.shown is not None and rules.shown.title == "How to read the rules"
        assert rules.listed[0] is rules.shown and len(rules.listed) > 150  # then every rule
        assert "Press **r** in a\nbattle" in rules.shown.text and "`mov-7`" in rules.shown.text
        assert "conformance" not in rules.shown.text and "test_" not in rules.shown.text


async def test_a_refusal_without_a_rule_id_opens_the_rules_nearest_its_words():
    app = app_for_state(battle("A...b", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((0, 0))
        await pilot.pause()
        await pilot.press("s")  # a shift onto its own square: "A shift moves exactly one square." (no ID)
        await pilot.pause()
        assert screen.status_line.refused and "shift" in screen.toasts.last_refusal.lower()
        assert "MOV-" not in screen.toasts.last_refusal
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.shown is not None and rules.shown.rule_id == "MOV-12"  # Shift
        assert all(e.page == "docs/rules.md" for e in rules.context)  # no module is on


async def test_the_introduction_names_a_rebound_rules_key():
    from tactica.client.settings import LoadedSettings, Settings
    app = SettledApp(FixedFactory(GameSession(state=battle("A...b", active="A"), seed=0)),
                     settings=LoadedSettings(Settings(keys={"rules": "f9"}), None, True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        assert "Press **f9**" in app.screen.shown.text


def _footer_keys(screen) -> list[tuple[str, str]]:
    from textual.widgets._footer import FooterKey
    return [(k.key_display, k.description) for k in screen.query(FooterKey)]


async def test_RNG_1_after_a_refusal_the_footer_offers_r_first_and_r_opens_its_rule():
    """Issue 20 (ui-trials 1, 4, 14): a with no target names RNG-1 (melee reach); while the refusal
    shows, the footer's first key is "r Rules" at 80×24 and 120×40, r opens RNG-1, and once the
    cursor moves on (the refusal gone) the key leaves the footer."""
    for size in ((80, 24), (120, 40)):
        app = app_for_state(battle("A....b", active="A"))
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            await pilot.pause()
            assert ("r", "Rules") not in _footer_keys(screen)
            await pilot.press("a")
            await wait_until(pilot, lambda s=screen: _footer_keys(s)[:1] == [("r", "Rules")])  # recomposed later
            assert "(RNG-1)" in screen.toasts.last_refusal
            assert _footer_keys(screen)[0] == ("r", "Rules"), _footer_keys(screen)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen) and app.screen.shown.rule_id == "RNG-1"
            await pilot.press("escape")
            await pilot.press("l")
            await wait_until(pilot, lambda s=screen: ("r", "Rules") not in _footer_keys(s))
            assert ("r", "Rules") not in _footer_keys(screen)
