"""Swap the battle map under a game in progress (live reload for map authors; no rule change).

``with_map(state, new_map)`` returns a copy of ``state`` fought on
``new_map``: terrain, start areas and VP zones come from the new map,
everything else (creatures, dice, turn, VP) stays.  It refuses — raising
``MapSwapError`` with a sentence for the author — when the map has another
size, or when a creature would stand where the new terrain does not let it
stop (a wall, for instance).
"""
from __future__ import annotations

from .geometry import Geometry
from .model import MapDef
from .movement import legal_stop
from .state import GameState


class MapSwapError(ValueError):
    """The new map cannot replace the battle map; the message says why."""


def with_map(state: GameState, new_map: MapDef) -> GameState:
    """A copy of ``state`` on ``new_map`` (same size); raises MapSwapError if it does not fit."""
    old = state.map
    if old is None:
        raise MapSwapError("The battle map is not chosen yet.")
    if (new_map.width, new_map.height) != (old.width, old.height):
        raise MapSwapError(f"The map is now {new_map.width}×{new_map.height}; the battle is on "
                           f"{old.width}×{old.height}. Only a map of the same size can be swapped in.")
    if set(new_map.start_areas) != set(old.start_areas):
        raise MapSwapError(f"The map's start areas are {', '.join(sorted(new_map.start_areas)) or 'none'}; "
                           f"the battle uses {', '.join(sorted(old.start_areas))}.")
    new = state.copy()
    new.map = new_map
    new.geo = Geometry.for_map(new_map)
    new.maps = tuple(new_map if m is old or m == old else m for m in state.maps)
    # rows and columns counted from 1, as the map file's own messages and the preview count them
    blocked = [f"{c.card.name} ({c.label}) at row {c.pos[1] + 1}, column {c.pos[0] + 1}" for c in new.creatures
               if c.alive and c.pos is not None and not legal_stop(new, c, c.pos)]
    if blocked:
        raise MapSwapError("A creature would stand where it cannot stop: " + ", ".join(blocked) + ".")
    return new
