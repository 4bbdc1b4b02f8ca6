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


def _echoing_deep():
    """Echoing Deep (the underground module's 30×22 cave) with the shipped warbands."""
    from tactica import content
    from tactica.client.content import load_battle
    path = {p.stem: p for p in content.shipped_maps()}["echoing-deep"]
    return load_battle([str(path)], None)


async def _rulers_on(pilot) -> None:
    await pilot.press("enter", "number_sign")
    pilot.app.clear_notifications()
    await pilot.pause()


def test_echoing_deep_whole_with_its_rulers_120x40(snap_compare):
    """Issue 19: the cave shows whole at 120×40 with its rulers (the side panel gives up a column)."""
    assert snap_compare(make_app(_echoing_deep), run_before=_rulers_on, terminal_size=(120, 40))


def test_echoing_deep_with_its_rulers_80x24(snap_compare):
    """At 80×24 the view is on the cursor's creature; the edge bar names the hidden columns' side."""
    assert snap_compare(make_app(_echoing_deep), run_before=_rulers_on, terminal_size=(80, 24))
