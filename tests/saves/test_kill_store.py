"""AI battles at full speed, SIGKILLed at random moments, lose no action that was shown: every
action is in the battle store before its result is shown (issue 22).

The suite runs a few kills (``KILLS``); ``bench/kill_battles.py`` runs hundreds.
"""
from __future__ import annotations

import os

import pytest

from tactica.saves import db

from .kill_battles import kill_battles


def battles_in(base):
    """The battles of every kill's store below ``base``."""
    found = []
    for path in sorted(base.glob(f"kill*/{db.STORE_NAME}")):
        with db.BattleStore(path) as store:
            found += store.battles()
    return found

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

KILLS = 24


def test_no_shown_action_is_lost_at_a_kill(tmp_path):
    figures = kill_battles(KILLS, tmp_path)
    assert figures.problems == []
    assert figures.lost == 0
    assert figures.checked >= KILLS // 2, figures
    assert len(figures.lengths) >= 4, sorted(figures.lengths)  # the kills land all through the battles
    assert len(battles_in(tmp_path)) == figures.checked  # one battle a store, never a half-made one
