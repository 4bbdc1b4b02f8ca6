"""The golden playthroughs: every recorded battle replays to the same text, line for line.

A failure shows the first lines that differ.  When a rule or an AI changes on
purpose, rewrite the records (``python3 -m tests.playthroughs.record``) and
read the diff before committing it.
"""
from __future__ import annotations

import difflib

import pytest

from tests.playthroughs.record import BATTLES, Battle, path_of, record


@pytest.mark.parametrize("battle", BATTLES, ids=[b.name for b in BATTLES])
def test_playthrough_is_unchanged(battle: Battle) -> None:
    expected = path_of(battle).read_text(encoding="utf-8")
    got = record(battle)
    if got != expected:
        diff = difflib.unified_diff(expected.splitlines(), got.splitlines(), f"{battle.name}.txt (committed)",
                                    f"{battle.name} (played now)", n=2, lineterm="")
        shown = list(diff)[:80]
        pytest.fail(f"playthrough {battle.name} changed (python3 -m tests.playthroughs.record {battle.name} "
                    "rewrites it on purpose):\n" + "\n".join(shown))


def test_the_record_covers_every_scenario_size_and_level() -> None:
    scenarios = {b.scenario for b in BATTLES}
    levels = {lvl for b in BATTLES for lvl in b.levels}
    seats = {len(b.levels) for b in BATTLES}
    assert scenarios >= {"assault", "bounty", "uncontested", "combined", "sealed"}
    assert levels >= {"random", "greedy", "normal", "hard"}
    assert seats >= {2, 3, 4}
    assert any(b.teams for b in BATTLES) and len(BATTLES) >= 12


def test_a_changed_rule_shows_in_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The digest and the event lines notice a change: a different seed gives a different record."""
    battle = BATTLES[0]
    other = Battle(**{**battle.__dict__, "seed": battle.seed + 100, "max_actions": 40})
    same = Battle(**{**battle.__dict__, "max_actions": 40})
    assert record(other) != record(same)
