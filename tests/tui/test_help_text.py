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
    those keys say x and v (not m and t), and the side panel's legend says "* its reach (v)"."""
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
        assert "* its reach (v)" in legend, legend
