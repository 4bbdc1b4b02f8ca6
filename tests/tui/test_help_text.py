"""The help screen's text: its keys table stays readable at 120×40."""
from __future__ import annotations


def test_the_help_keeps_its_key_column_narrow():
    """The keys table sizes its columns by their longest cell: a long key cell squeezes every
    description into a narrow column at 120×40 (the context goes in the description)."""
    from tactica.tui.screens.help import HELP
    keys = [row.split("|")[1].strip() for row in HELP.splitlines() if row.startswith("| ") and "---" not in row]
    assert len(keys) > 10 and max(map(len, keys)) <= 36, max(keys, key=len)


async def test_a_rebound_move_and_threat_key_are_named_in_the_helps_texts_and_the_legend():
    """Issue 20 (ui-trials 18, 21): with move = "x" and threats = "v", the help's sentences that name
    those keys say x and v (not m and t), and the side panel's legend says "! now ? move ' charge (v)"."""
    from tactica.client.settings import Settings
    from tactica.engine.sandbox import battle
    from tactica.tui.screens.help import help_text

    from .conftest import app_for_state
    text = help_text({"move": "x", "threats": "v"})
    assert "press x (or Enter) again to move anyway" in text and "press m (or Enter)" not in text
    assert "`f`, `i` and `v` work." in text
    app = app_for_state(battle("A...b", active="A"))
    app.settings = Settings(keys={"threats": "v"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        legend = str(app.screen.legend_panel.render())
        assert "! now ? move ' charge (v)" in legend, legend


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
                assert "(diagonals cost 1, difficult terrain 2;" in short and "cannot move again" in short
                continue
            assert f"**{modules[0]}**" in short.split("* **Rounds.**")[0]
            # the skirmish sentences the module changes say its rule, not the other (nm-g35 2, nm-g5e 1)
            activation = short.split("* **Activation.**", 1)[1].split("* **", 1)[0]
            if modules == ("grid35",):
                assert "diagonals cost 1, 2, 1, 2" in activation and "(diagonals cost 1," not in activation
                assert "run up to 4× speed" in activation
            else:
                assert "cannot move again" not in activation and "may move on" in activation
                assert "G5E-DIFF" in activation
            assert ("G35-RUN" if modules == ("grid35",) else "G5E-SPLIT") in short
            await pilot.press("r")
            await pilot.pause()
            rules = app.screen
            assert isinstance(rules, RulesScreen)
            assert rules.context[0].rule_id == ("G35-DIAG" if modules == ("grid35",) else "G5E-SPLIT")
