"""Footprints: the squares a Large (2×2) or Huge (3×3) creature fills (MOV-13).

A creature's ``pos`` is its *anchor*, the top-left (north-west) square of
its footprint; a creature of size N fills the N×N block of squares from the
anchor to ``(x + N - 1, y + N - 1)``.  Size 1 is one square, so every helper
here gives exactly the single-square answer for ordinary creatures (and the
callers keep their size-1 fast paths).

Relations between creatures use the squares of both footprints:

* adjacency (melee reach, RNG-1; opportunity attacks, OA-1): some square of
  one is adjacent to some square of the other;
* distance (RNG-5): the least distance from any square of one to any square
  of the other, counted from the first creature's squares;
* line of sight and of effect (LOS-1): from any of its squares to any of the
  other's ("to and from any of its squares").

Pure functions of squares and a ``Geometry``; no game state is changed.
"""
from __future__ import annotations

from collections.abc import Iterable

from .geometry import Geometry, adjacent, chebyshev
from .model import Square


def footprint(anchor: Square, size: int = 1) -> tuple[Square, ...]:
    """The squares a creature of ``size`` (1, 2, 3) anchored at ``anchor`` fills, row by row (MOV-13).

    ``anchor`` is the top-left square; the result has size² squares.
    """
    if size <= 1:
        return (anchor,)
    x, y = anchor
    return tuple((x + dx, y + dy) for dy in range(size) for dx in range(size))


def bounds(anchor: Square, size: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1), the inclusive corner squares of a footprint."""
    return anchor[0], anchor[1], anchor[0] + size - 1, anchor[1] + size - 1


def gap(a: Square, asize: int, b: Square, bsize: int) -> int:
    """Squares between two footprints on an empty grid (0 when they overlap, 1 when adjacent).

    The least Chebyshev distance between a square of one and a square of the
    other (diagonals count 1).
    """
    if asize == 1 and bsize == 1:
        return chebyshev(a, b)
    ax0, ay0, ax1, ay1 = bounds(a, asize)
    bx0, by0, bx1, by1 = bounds(b, bsize)
    dx = max(0, bx0 - ax1, ax0 - bx1)
    dy = max(0, by0 - ay1, ay0 - by1)
    return max(dx, dy)


def overlaps(a: Square, asize: int, b: Square, bsize: int) -> bool:
    """True when the two footprints share a square."""
    return gap(a, asize, b, bsize) == 0


def touching(a: Square, asize: int, b: Square, bsize: int) -> bool:
    """True when the footprints are adjacent: some square of one is next to some square of the other
    and they share none (RNG-1 for multi-square creatures)."""
    if asize == 1 and bsize == 1:
        return adjacent(a, b)
    return gap(a, asize, b, bsize) == 1


def distance(geo: Geometry, a: Square, asize: int, b: Square, bsize: int) -> int | None:
    """Distance in squares between two footprints around walls (RNG-5), None if walls cut them off.

    The least ``geo.distance`` from a square of the first to a square of the
    second; 0 when they overlap.
    """
    if asize == 1 and bsize == 1:
        return geo.distance(a, b)
    best: int | None = None
    bs = footprint(b, bsize)
    for sa in footprint(a, asize):
        for sb in bs:
            d = geo.distance(sa, sb)
            if d is not None and (best is None or d < best):
                best = d
                if best <= 1:
                    return best
    return best


def sight(geo: Geometry, a: Square, asize: int, b: Square, bsize: int) -> bool:
    """Line of sight between two footprints: from any square of one to any of the other (LOS-1)."""
    if asize == 1 and bsize == 1:
        return geo.line_of_sight(a, b)
    bs = footprint(b, bsize)
    return any(geo.line_of_sight(sa, sb) for sa in footprint(a, asize) for sb in bs)


def effect(geo: Geometry, a: Square, asize: int, b: Square, bsize: int) -> bool:
    """Line of effect between two footprints: from any square of one to any of the other (LOS-1)."""
    if asize == 1 and bsize == 1:
        return geo.line_of_effect(a, b)
    bs = footprint(b, bsize)
    return any(geo.line_of_effect(sa, sb) for sa in footprint(a, asize) for sb in bs)


def around(anchor: Square, size: int, reach: int = 1) -> list[Square]:
    """Every square within ``reach`` of the footprint on an empty grid, the footprint excluded."""
    x0, y0, x1, y1 = bounds(anchor, size)
    return [(x, y) for y in range(y0 - reach, y1 + reach + 1) for x in range(x0 - reach, x1 + reach + 1)
            if not (x0 <= x <= x1 and y0 <= y <= y1)]


def anchors_covering(sq: Square, size: int) -> list[Square]:
    """The anchors of every footprint of ``size`` that contains ``sq``."""
    x, y = sq
    return [(x - dx, y - dy) for dy in range(size) for dx in range(size)]


def fits(geo: Geometry, anchor: Square, size: int) -> bool:
    """True when the whole footprint lies on the map and on no wall (TER-WALL)."""
    if size <= 1:
        return not geo.is_wall(anchor)
    return not any(geo.is_wall(sq) for sq in footprint(anchor, size))


def any_in(anchor: Square, size: int, squares: Iterable[Square] | frozenset[Square]) -> bool:
    """True when some square of the footprint is in ``squares`` (VP zones: SCN-ASSAULT)."""
    if size <= 1:
        return anchor in squares
    return any(sq in squares for sq in footprint(anchor, size))


__all__ = ["footprint", "bounds", "gap", "overlaps", "touching", "distance", "sight", "effect",
           "around", "anchors_covering", "fits", "any_in"]
