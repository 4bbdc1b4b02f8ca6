"""The help screen's text: its keys table stays readable at 120×40."""
from __future__ import annotations


def test_the_help_keeps_its_key_column_narrow():
    """The keys table sizes its columns by their longest cell: a long key cell squeezes every
    description into a narrow column at 120×40 (the context goes in the description)."""
    from tactica.tui.screens.help import HELP
    keys = [row.split("|")[1].strip() for row in HELP.splitlines() if row.startswith("| ") and "---" not in row]
    assert len(keys) > 10 and max(map(len, keys)) <= 36, max(keys, key=len)
