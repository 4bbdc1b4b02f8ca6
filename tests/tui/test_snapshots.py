"""Snapshots of the battle screen (demo battle, seed 7).  Regenerate with --snapshot-update; never edit by hand."""
from __future__ import annotations

from .conftest import make_app


def test_battle_screen_120x40(snap_compare):
    assert snap_compare(make_app(), press=["enter", "enter", "h", "h", "h"], terminal_size=(120, 40))


def test_battle_screen_80x24(snap_compare):
    assert snap_compare(make_app(), press=["enter", "enter", "h", "h", "h"], terminal_size=(80, 24))
