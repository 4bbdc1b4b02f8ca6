"""``tactica sim --rules grid35`` plays its battles with the grid35 rule module (G35-DIAG).

The bots are ``greedy``: they close in and fight, so a battle ends in a few rounds (two ``random``
bots wander for 20-60 rounds on grid35, several seconds a battle)."""
from __future__ import annotations

import json

from tactica import cli


def _sim(capsys, *extra: str) -> dict:
    argv = ["sim", "--ai", "greedy", "--ai", "greedy", "--games", "1", "--seed", "4", "--json", *extra]
    assert cli.main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_G35_DIAG_sim_with_rules_grid35_plays_a_battle(capsys):
    g35 = _sim(capsys, "--rules", "grid35")
    assert g35["games"] == 1 and len(g35["results"]) == 1 and g35["results"][0]["rounds"] >= 1
    plain = _sim(capsys)
    # The same seed and bots, other rules: the diagonals' cost changes the bots' choices.
    assert g35["results"][0] != plain["results"][0]


def test_G5E_SPLIT_sim_with_rules_grid5e_plays_a_battle_with_the_invariants(capsys):
    g5e = _sim(capsys, "--rules", "grid5e")
    assert g5e["games"] == 1 and g5e["results"][0]["rounds"] >= 1
    plain = _sim(capsys)
    # The same seed and bots, other rules: split moves and prone change the bots' choices.
    assert g5e["results"][0] != plain["results"][0]
