"""``tactica play --rules grid35`` reaches the battle's Ruleset and its header (G35-DIAG)."""
from __future__ import annotations

from tactica.cli import build_parser
from tactica.engine import active_modules
from tactica.tui.run import make_factory
from tactica.tui.widgets.battle_header import header_text


def test_G35_DIAG_play_rules_grid35_switches_the_module_on_and_the_header_names_it():
    args = build_parser().parse_args(["play", "--rules", "grid35", "--seed", "4"])
    state = make_factory(args).quick().state
    assert state.rules.modules == ("grid35",) and active_modules(state) == ("grid35",)
    assert "grid35" in header_text(state).plain


def test_without_rules_the_skirmish_rules_alone_and_a_header_as_before():
    args = build_parser().parse_args(["play", "--seed", "4"])
    state = make_factory(args).quick().state
    assert state.rules.modules == () and active_modules(state) == ()
    assert "grid" not in header_text(state).plain
