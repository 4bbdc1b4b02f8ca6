"""The help screen's text: its keys table stays readable at 120×40."""
from __future__ import annotations


def test_the_help_keeps_its_key_column_narrow():
    """The keys table sizes its columns by their longest cell: a long key cell squeezes every
    description into a narrow column at 120×40 (the context goes in the description)."""
    from tactica.tui.screens.help import HELP
    keys = [row.split("|")[1].strip() for row in HELP.splitlines() if row.startswith("| ") and "---" not in row]
    assert len(keys) > 10 and max(map(len, keys)) <= 36, max(keys, key=len)


def test_the_help_names_the_wall_corner_rule_and_where_each_vp_zone_lies():
    """Two things a newcomer asked about in a whole battle (issue 20): a path round a wall's corner costs
    a square more (MOV-7), and your VP zone lies toward the enemy while theirs lies near you (SCN-ASSAULT)."""
    from tactica.tui.screens.help import HELP
    rules = HELP.split("## Rules in short", 1)[1]
    assert "past a wall's corner" in rules and "(MOV-7)" in rules
    assert "usually lies across the map, toward the enemy" in rules and "near your start (SCN-ASSAULT)" in rules
