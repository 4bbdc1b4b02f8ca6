"""Content files (cards, maps, warbands) as engine definitions.

YAML is read only with the safe schema, node by node, so that every problem
is reported as ``path:line:col: error: message``.  The engine never sees
YAML; it gets ``CreatureCard``, ``MapDef`` and ``WarbandDef`` values.

Public API: ``Problem``, ``ContentError``, ``load_catalogue``, ``catalogue_with`` and
``read_catalogue`` (shipped cards plus ``--cards`` files), ``load_map``,
``load_warband``, ``shipped_card_files``, ``shipped_maps``,
``shipped_warbands``, ``DEFAULT_MAP``, ``DEFAULT_WARBANDS``,
``default_battle``; ``tactica.content.validate.run_validate`` backs
``tactica validate``.
"""
from __future__ import annotations

from tactica.engine import MapDef, WarbandDef

from .loader import (
    catalogue_with,
    load_battle_files,
    load_catalogue,
    load_map,
    load_warband,
    read_catalogue,
)
from .problems import ContentError, Problem
from .shipped import shipped_card_files, shipped_maps, shipped_warbands

#: Stem of the map used by the quick start.
DEFAULT_MAP = "crossroads-ruin"
#: Stems of the quick start's warbands: player 1's, then player 2's.
DEFAULT_WARBANDS = ("silverhelm-vanguard", "broken-tusk-raiders")
#: Stem of the map of free-for-all battles (SCN-MULTI: four corner start areas).
FFA_MAP = "fourfold-court"
#: Stems of the warbands of players 3 and 4 in a quick multiplayer battle.
MORE_WARBANDS = ("oakheart-circle", "lightless-deep")


def _shipped_by_stem(paths, stem: str):
    for path in paths:
        if path.stem == stem:
            return path
    raise ContentError([Problem(stem, 0, 0, "shipped content file not found")])


def default_battle() -> tuple[tuple[WarbandDef, WarbandDef], MapDef]:
    """The quick-start battle: the two DEFAULT_WARBANDS on DEFAULT_MAP.

    Returns ((player 1's warband, player 2's warband), map).  Raises
    ContentError if the shipped files are missing or broken.
    """
    catalogue = load_catalogue()
    bands = tuple(load_warband(_shipped_by_stem(shipped_warbands(), s), catalogue) for s in DEFAULT_WARBANDS)
    return (bands[0], bands[1]), load_map(_shipped_by_stem(shipped_maps(), DEFAULT_MAP))


def default_warbands(players: int = 2, points: int = 200) -> tuple[WarbandDef, ...]:
    """The quick-start warbands for ``players`` seats (2-4) of a ``points``-point battle.

    At 200 points: DEFAULT_WARBANDS, then MORE_WARBANDS.  At another size
    (WB-8: a 100-point map wants 100-point warbands): the shipped warbands
    of that point limit, in file order, used again in turn when there are
    fewer than seats.  Raises ContentError if a shipped file is missing or
    broken, ValueError when no shipped warband has that point limit.
    """
    catalogue = load_catalogue()
    if points == 200:
        stems = (DEFAULT_WARBANDS + MORE_WARBANDS)[:players]
        return tuple(load_warband(_shipped_by_stem(shipped_warbands(), s), catalogue) for s in stems)
    fits = [wb for wb in (load_warband(p, catalogue) for p in shipped_warbands()) if wb.point_limit == points]
    if not fits:
        raise ValueError(f"no shipped warband is built for {points}-point battles; give them with --warband")
    return tuple(fits[i % len(fits)] for i in range(players))


def default_map(players: int = 2, teams: tuple[int, ...] = (), points: int = 200) -> MapDef:
    """The quick-start map: DEFAULT_MAP for two sides (two players, or teams), FFA_MAP for free-for-all.

    For a battle of other than 200 points, the first shipped map drawn for
    that size (WB-8).  Raises ContentError if a shipped file is missing or
    broken, ValueError when no shipped map is drawn for ``points``.
    """
    free_for_all = players > 2 and len(set(teams or range(players))) > 2
    if points == 200:
        return load_map(_shipped_by_stem(shipped_maps(), FFA_MAP if free_for_all else DEFAULT_MAP))
    for path in shipped_maps():
        found = load_map(path)
        if found.points == points and (not free_for_all or len(found.start_areas) >= players):
            return found
    raise ValueError(f"no shipped map is drawn for {points}-point battles; give one with --map")


__all__ = ["ContentError", "DEFAULT_MAP", "DEFAULT_WARBANDS", "FFA_MAP", "MORE_WARBANDS", "Problem",
           "default_battle", "default_map", "default_warbands",
           "catalogue_with", "load_battle_files", "load_catalogue", "load_map", "read_catalogue", "load_warband",
           "shipped_card_files", "shipped_maps", "shipped_warbands"]
