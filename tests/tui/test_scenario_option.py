"""``tactica play/sim --scenario`` reaches the Ruleset (SCN-BOUNTY, SCN-UNCONTESTED, SCN-COMBINED)."""
from __future__ import annotations

import argparse

import pytest

from tactica.cli import build_parser
from tactica.client.factory import make_factory


@pytest.mark.parametrize("scenario, limit", [("assault", 200), ("bounty", 200),
                                              ("uncontested", 200), ("combined", 250)])
def test_play_scenario_sets_the_ruleset(scenario, limit):
    args = build_parser().parse_args(["play", "--scenario", scenario, "--seed", "4"])
    factory = make_factory(args)
    rules = factory.quick().state.rules
    assert (rules.scenario, rules.point_limit, rules.target) == (scenario, limit, limit)


def test_default_scenario_is_assault():
    for cmd in ("play", "sim"):
        assert build_parser().parse_args([cmd]).scenario == "assault"
    assert make_factory(argparse.Namespace(seed=1)).quick().state.rules.scenario == "assault"


def test_header_names_the_scenario_unless_assault():
    from tactica.tui.widgets.battle_header import header_text
    for scenario, shown in (("assault", False), ("bounty", True), ("combined", True)):
        args = build_parser().parse_args(["play", "--scenario", scenario, "--seed", "4"])
        text = header_text(make_factory(args).quick().state).plain
        assert (scenario.capitalize() in text) is shown, text
