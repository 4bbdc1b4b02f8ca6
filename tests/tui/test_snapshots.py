"""Snapshots of the battle screen (demo battle, seed 7).  Regenerate with --snapshot-update; never edit by hand.

Toasts are cleared before the picture is taken: they vanish after a few
seconds, so on a slow machine they would be in one run's picture and not in
another's.
"""
from __future__ import annotations

from .conftest import make_app

KEYS = ("enter", "enter", "h", "h", "h")


async def _keys_then_no_toasts(pilot) -> None:
    await pilot.press(*KEYS)
    pilot.app.clear_notifications()
    await pilot.pause()


def test_battle_screen_120x40(snap_compare):
    assert snap_compare(make_app(), run_before=_keys_then_no_toasts, terminal_size=(120, 40))


def test_battle_screen_80x24(snap_compare):
    assert snap_compare(make_app(), run_before=_keys_then_no_toasts, terminal_size=(80, 24))
