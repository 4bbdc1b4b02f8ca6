"""The help screen's text: its keys table stays readable at 120×40."""
from __future__ import annotations


def test_the_help_keeps_its_key_column_narrow():
    """The keys table sizes its columns by their longest cell: a long key cell squeezes every
    description into a narrow column at 120×40 (the context goes in the description)."""
    from tactica.tui.screens.help import HELP
    keys = [row.split("|")[1].strip() for row in HELP.splitlines() if row.startswith("| ") and "---" not in row]
    assert len(keys) > 10 and max(map(len, keys)) <= 36, max(keys, key=len)


async def test_help_names_the_rule_modules_on_and_what_they_change():
    """In a grid35 battle the help's "Rules in short" says grid35 is on and what it changes (runs,
    the diagonal count), and r there opens the module's rules first (nm-grid35 F3, nm-grid5e 4);
    with no module on it names none."""
    from tactica.engine import Ruleset
    from tactica.engine.sandbox import battle
    from tactica.tui.screens.help import HelpScreen
    from tactica.tui.screens.rules import RulesScreen

    from .conftest import app_for_state
    for modules in (("grid35",), ("grid5e",), ()):
        app = app_for_state(battle("A...b", active="A", rules=Ruleset(modules=modules)))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            text = help_screen.text()
            short = text.split("## Rules in short", 1)[1]
            if not modules:
                assert "Rule modules on" not in text
                continue
            assert f"**{modules[0]}**" in short.split("* **Rounds.**")[0]
            assert ("G35-RUN" if modules == ("grid35",) else "G5E-SPLIT") in short
            await pilot.press("r")
            await pilot.pause()
            rules = app.screen
            assert isinstance(rules, RulesScreen)
            assert rules.context[0].rule_id == ("G35-DIAG" if modules == ("grid35",) else "G5E-SPLIT")
