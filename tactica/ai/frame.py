"""Each side's own frame of the map, so that the bots break ties alike on both sides of a fair map.

When two choices score the same (two squares equally near the enemy, two
charges worth the same), a bot takes one of them by a fixed order.  An order
of the map's own squares (row by row from the top left) favours one side: a
square "higher up" is forward for a side starting at the bottom and backward
for a side starting at the top, so on a map whose two halves are the same
turned or mirrored, one side's ties all lean forward and the other's all lean
back (issue 21: the side starting bottom right won about 60% of the battles
between two equal bots on a half-turn-symmetric map).

Here each side reads the map in its own frame: the side starting in the
first start area (by letter, SET-2: usually "A") reads it as drawn; a side
starting in another area reads it through the turn or mirror of the map that
carries the first area onto its own, preferring one that carries the whole
map (terrain, start areas, VP zones) onto itself.  On a map that is
symmetric under that turn or mirror, a side's choices are then exactly the
image of the other side's in the image position; on any other map the frame
is still a fixed, deterministic order.

``tie_key(state, player, square)`` is the square's rank in that order (row,
then column, in the side's frame): the bots sort or take the least by it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tactica.engine import GameState, MapDef, Square

T = TypeVar("T")

#: A transformation of a W×H map's squares: (W, H, square) -> square.
Transform = Callable[[int, int, Square], Square]

#: The turns and mirrors of a rectangle, each with its inverse's index; the last four only for
#: square maps (a quarter turn or a diagonal mirror keeps a map's shape only when W = H).
#: The half turn is tried first: a fair two-sided map is most often drawn turned.
_TRANSFORMS: tuple[tuple[str, Transform, int], ...] = (
    ("identity", lambda w, h, s: s, 0),
    ("half turn", lambda w, h, s: (w - 1 - s[0], h - 1 - s[1]), 1),
    ("mirror left-right", lambda w, h, s: (w - 1 - s[0], s[1]), 2),
    ("mirror top-bottom", lambda w, h, s: (s[0], h - 1 - s[1]), 3),
    ("diagonal mirror", lambda w, h, s: (s[1], s[0]), 4),
    ("anti-diagonal mirror", lambda w, h, s: (h - 1 - s[1], w - 1 - s[0]), 5),
    ("quarter turn", lambda w, h, s: (w - 1 - s[1], s[0]), 7),
    ("three-quarter turn", lambda w, h, s: (s[1], h - 1 - s[0]), 6),
)

#: {id(map): (the map, {area letter: transform index})}: a map's frames are found once a battle.
_FRAMES: dict[int, tuple[MapDef, dict[str, int]]] = {}


def _maps_onto(battle_map: MapDef, index: int, first: str, area: str) -> int:
    """How well transform ``index`` carries ``battle_map`` onto itself with start area ``first``
    carried onto ``area``: 0 not even the start areas, 1 the start areas, 2 the whole map too
    (every square's terrain, and each start area and VP zone onto one of the same kind)."""
    w, h = battle_map.width, battle_map.height
    move = _TRANSFORMS[index][1]
    areas = battle_map.start_areas
    if frozenset(move(w, h, s) for s in areas[first]) != areas[area]:
        return 0
    for y, row in enumerate(battle_map.terrain):
        for x, kind in enumerate(row):
            tx, ty = move(w, h, (x, y))
            if battle_map.terrain[ty][tx] != kind:
                return 1
    starts = set(areas.values())
    zones = set(battle_map.vp_zones.values())
    for group in (starts, zones):
        if any(frozenset(move(w, h, s) for s in squares) not in group for squares in group):
            return 1
    return 2


def _frames(battle_map: MapDef) -> dict[str, int]:
    """{start area letter: the index of the transform that carries the first area onto it}."""
    kept = _FRAMES.get(id(battle_map))
    if kept is not None and kept[0] is battle_map:
        return kept[1]
    out: dict[str, int] = {}
    letters = sorted(battle_map.start_areas)
    if letters:
        first = letters[0]
        shapes = range(len(_TRANSFORMS)) if battle_map.width == battle_map.height else range(4)
        for letter in letters:
            if letter == first:
                out[letter] = 0
                continue
            fits = [(_maps_onto(battle_map, i, first, letter), -i) for i in shapes if i]
            best, index = max(fits)
            out[letter] = -index if best else 1  # no turn carries the areas: the half turn still mirrors ties
    if len(_FRAMES) > 64:
        _FRAMES.clear()
    _FRAMES[id(battle_map)] = (battle_map, out)
    return out


def frame_of(state: GameState, player: int) -> int:
    """The index of ``player``'s frame (0: the map as drawn) in ``state``: from its start area
    (SET-3); 0 before start areas are chosen, or on a state without a map."""
    battle_map = state.map
    area = state.areas.get(player) if battle_map is not None else None
    if battle_map is None or area is None:
        return 0
    return _frames(battle_map).get(area, 0)


def frame_name(state: GameState, player: int) -> str:
    """The name of ``player``'s frame ("identity", "half turn", "mirror left-right", …)."""
    return _TRANSFORMS[frame_of(state, player)][0]


def tie_key(state: GameState, player: int, square: Square) -> tuple[int, int]:
    """``square``'s rank among squares for ``player``'s ties: (row, column) of the square that
    ``square`` is the image of in ``player``'s frame (smaller first).

    Args: state (with a map; the start areas chosen, else the map as drawn), player (0-based seat),
    square (x, y).  Returns (y, x) of the square as the first start area's side sees it.
    """
    index = frame_of(state, player)
    if index == 0:
        return square[1], square[0]
    battle_map = state.map
    assert battle_map is not None  # frame_of gives 0 without a map
    back = _TRANSFORMS[_TRANSFORMS[index][2]][1]
    x, y = back(battle_map.width, battle_map.height, square)
    return y, x


def tie_sorter(state: GameState, player: int) -> Callable[[Square], tuple[int, int]]:
    """``tie_key`` for one state and side, as a one-argument key (for ``sorted``, ``min``)."""
    index = frame_of(state, player)
    if index == 0:
        return lambda sq: (sq[1], sq[0])
    battle_map = state.map
    assert battle_map is not None
    back = _TRANSFORMS[_TRANSFORMS[index][2]][1]
    w, h = battle_map.width, battle_map.height

    def key(sq: Square) -> tuple[int, int]:
        x, y = back(w, h, sq)
        return y, x

    return key


def in_frame(found: dict[Square, T], key: Callable[[Square], tuple[int, int]]) -> dict[Square, T]:
    """``found`` (e.g. the engine's routes, {end square: Route}) re-ordered by ``key`` (a ``tie_sorter``):
    the same items, the first square of the side's own frame first."""
    return {sq: found[sq] for sq in sorted(found, key=key)}


__all__ = ["frame_name", "frame_of", "in_frame", "tie_key", "tie_sorter"]
