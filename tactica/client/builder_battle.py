"""The battle the warband builder's "Save & battle" starts (``tactica build`` and the title screen's
Build a warband; no Textual): the shipped warband that plays the other side and the shipped map.

WB-8: a 100-point warband plays on a half-size map, so the map is picked by the warband's points.
"""
from __future__ import annotations

from pathlib import Path

from tactica.content import DEFAULT_MAP, ContentError, load_map, load_warband, shipped_maps, shipped_warbands

__all__ = ["default_map", "default_opponent", "other_side"]


def other_side(points: int, faction: str) -> str | None:
    """What the builder's "Save & battle" question says the other side plays: the shipped warband
    ``default_opponent`` picks and the map ``default_map`` picks, or None when there is none."""
    try:
        return f"{load_warband(default_opponent(points, faction)).name} on {load_map(default_map(points)).name}"
    except (ContentError, StopIteration, ValueError):
        return None


def default_opponent(points: int, faction: str) -> Path:
    """A shipped warband of ``points`` for the other side: another faction's if there is one.

    Raises ContentError if no shipped warband has that point limit.
    """
    fitting = []
    for path in shipped_warbands():
        wb = load_warband(path)
        if wb.point_limit == points:
            fitting.append((wb.faction == faction, path.name, path))
    if not fitting:
        raise ContentError([])
    return min(fitting)[2]


def default_map(points: int) -> Path:
    """The shipped map for a battle of ``points``: the quick-start map at 200, the smallest below."""
    maps = shipped_maps()
    if points >= 200:
        return next(p for p in maps if p.stem == DEFAULT_MAP)
    return min(maps, key=lambda p: (load_map(p).width * load_map(p).height, p.name))
