"""Grid geometry: adjacency, distance around walls, lines, sight and cover.

A ``Geometry`` wraps one MapDef and memoises what depends only on the map's
walls (distances, line of sight).  It holds no game state, so clones of a game
share it.  Squares are ``(x, y)``; a square's corners are the integer points
``(x, y)``, ``(x+1, y)``, ``(x, y+1)``, ``(x+1, y+1)``; its centre is
``(x+0.5, y+0.5)``.
"""
from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Callable, Iterable
from typing import Literal, cast

from .model import MapDef, Square
from .terrain import rules_of

Point = tuple[float, float]
_EPS = 1e-9
#: Most ``cover`` answers a Geometry keeps (the memo starts again when full).
_COVER_MEMO = 100_000

NEIGHBOUR_STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def corners(sq: Square) -> tuple[Square, Square, Square, Square]:
    """Return the four corner points of square ``sq`` (whole-numbered, so typed as squares)."""
    x, y = sq
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def centre(sq: Square) -> Point:
    """Return the centre point of square ``sq``."""
    return (sq[0] + 0.5, sq[1] + 0.5)


def chebyshev(a: Square, b: Square) -> int:
    """Squares between a and b on an empty grid (diagonals count 1)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Square, b: Square) -> bool:
    """True when b is one of the 8 squares around a (RNG-1)."""
    return a != b and chebyshev(a, b) == 1


def clip(p: Point, q: Point, sq: Square) -> tuple[float, float] | None:
    """Liang-Barsky: the parameter interval of segment p->q inside closed ``sq``."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for d, lo, hi, s in ((dx, sq[0], sq[0] + 1, p[0]), (dy, sq[1], sq[1] + 1, p[1])):
        if abs(d) < _EPS:
            if s < lo - _EPS or s > hi + _EPS:
                return None
            continue
        ta, tb = (lo - s) / d, (hi - s) / d
        if ta > tb:
            ta, tb = tb, ta
        t0, t1 = max(t0, ta), min(t1, tb)
        if t0 > t1 + _EPS:
            return None
    return t0, t1


def segment_crosses(p: Point, q: Point, sq: Square) -> bool:
    """True when segment p->q passes through the *inside* of square ``sq``.

    Touching only a corner, or running along an edge, does not count
    (COV-2, RNG-3 line rule).
    """
    span = clip(p, q, sq)
    if span is None:
        return False
    t0, t1 = span
    if t1 - t0 <= _EPS:
        return False
    tm = (t0 + t1) / 2
    mx, my = p[0] + (q[0] - p[0]) * tm, p[1] + (q[1] - p[1]) * tm
    return sq[0] + _EPS < mx < sq[0] + 1 - _EPS and sq[1] + _EPS < my < sq[1] + 1 - _EPS


def squares_crossed(p: Point, q: Point) -> list[Square]:
    """Every square whose inside the segment p->q passes through."""
    if (type(p[0]) is int and type(p[1]) is int and type(q[0]) is int and type(q[1]) is int):
        return _squares_crossed_int(cast(Square, p), cast(Square, q))  # whole-numbered points
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))
    ylo, yhi = int(y0) - 1, int(y1) + 1
    dx, dy = q[0] - p[0], q[1] - p[1]
    out = []
    # Scan column by column, testing only the rows the segment can reach in
    # that column (with a margin of one row); the exact test stays
    # segment_crosses, so the result is that of a full scan, in (y, x) order.
    for x in range(int(x0) - 1, int(x1) + 1):
        if abs(dx) < _EPS:
            lo, hi = ylo, yhi
        else:
            ta, tb = (x - p[0]) / dx, (x + 1 - p[0]) / dx
            if ta > tb:
                ta, tb = tb, ta
            ta, tb = max(ta, 0.0), min(tb, 1.0)
            if ta > tb + _EPS:
                continue
            ya, yb = p[1] + dy * ta, p[1] + dy * tb
            if ya > yb:
                ya, yb = yb, ya
            lo, hi = max(ylo, math.floor(ya - 1e-6)), min(yhi, math.floor(yb + 1e-6) + 1)
        for y in range(lo, hi):
            if segment_crosses(p, q, (x, y)):
                out.append((x, y))
    if len(out) > 1:
        out.sort(key=lambda sq: (sq[1], sq[0]))
    return out


def _bits_within(bits: BitBoard, a: Square, b: Square, limit: int) -> bool:
    """``Geometry.within`` for two squares on the map at least 2 apart and ``limit`` >= 2: counts
    outward from ``a`` on bit masks, at most ``limit`` squares (RNG-5)."""
    s, o = bits.stride, bits.open
    f = bits.bit(a)
    target = bits.bit(b)
    # Distance 1: every non-wall square around a, across a wall corner too.
    layer = ((f << 1) | (f >> 1) | (f << s) | (f >> s) | (f << (s + 1)) | (f << (s - 1))
             | (f >> (s - 1)) | (f >> (s + 1))) & o
    seen = layer | f
    for _ in range(limit - 1):
        layer = bits.expand(layer) & ~seen
        if layer & target:
            return True
        if not layer:
            return False
        seen |= layer
    return False


#: Most ``Geometry.within`` answers a map keeps (then it starts again).
_WITHIN_MEMO = 200_000


def _squares_crossed_int(p: Square, q: Square) -> list[Square]:
    """``squares_crossed`` for corner points (integer coordinates), in exact integer arithmetic.

    Column X (between x = X and X + 1) holds the segment's y values between
    y(X) and y(X + 1); the rows whose open interval meets that open range are
    crossed.  With integer end points a crossing chord is never shorter than
    the epsilon of the general test, so both give the same squares.
    """
    if p[0] > q[0]:
        p, q = q, p
    x0, y0 = p
    dx, dy = q[0] - x0, q[1] - y0
    if dx == 0 or dy == 0:
        return []  # along a grid line: touches edges only
    out = []
    base = y0 * dx
    for x in range(x0, q[0]):
        a, b = base + dy * (x - x0), base + dy * (x + 1 - x0)
        if a > b:
            a, b = b, a
        for y in range(a // dx, -(-b // dx)):
            out.append((x, y))
    out.sort(key=lambda sq: (sq[1], sq[0]))
    return out


def _int_line_clear(p: Square, q: Square, blocked: frozenset[Square] | set[Square],
                    skip_a: Square, skip_b: Square) -> bool:
    """``line_clear`` for corner points (integer coordinates) against a set of blocked squares.

    Exactly ``Geometry.line_clear(p, q, lambda sq: sq in blocked, (skip_a,
    skip_b))``: no square the segment crosses is blocked (the two skipped
    squares aside), and it squeezes between no two blocked squares (see
    ``squares_pinched``).  Integer arithmetic, no lists, early exit; the
    caller's set must already hold every off-map square the line can touch.
    """
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    if dx == 0:
        if dy == 0:
            return True
        lo, hi = (py, qy) if py < qy else (qy, py)
        for y in range(lo, hi):
            a, b = (px - 1, y), (px, y)
            if a in blocked and b in blocked and a != skip_a and a != skip_b \
                    and b != skip_a and b != skip_b:
                return False
        return True
    if dy == 0:
        lo, hi = (px, qx) if px < qx else (qx, px)
        for x in range(lo, hi):
            a, b = (x, py - 1), (x, py)
            if a in blocked and b in blocked and a != skip_a and a != skip_b \
                    and b != skip_a and b != skip_b:
                return False
        return True
    # Crossed squares (as _squares_crossed_int), from the left end point.
    if px > qx:
        sx, sy, ex = qx, qy, px
        sdx, sdy = -dx, -dy
    else:
        sx, sy, ex = px, py, qx
        sdx, sdy = dx, dy
    base = sy * sdx
    for x in range(sx, ex):
        lo, hi = base + sdy * (x - sx), base + sdy * (x + 1 - sx)
        if lo > hi:
            lo, hi = hi, lo
        for y in range(lo // sdx, -(-hi // sdx)):
            sq = (x, y)
            if sq in blocked and sq != skip_a and sq != skip_b:
                return False
    # Lattice points strictly inside the segment: the two squares meeting there diagonally.
    same_sign = (dx > 0) == (dy > 0)
    for x in range(sx + 1, ex):
        num = (x - px) * dy
        if num % dx:
            continue
        y = py + num // dx
        if same_sign:
            a, b = (x, y - 1), (x - 1, y)
        else:
            a, b = (x - 1, y - 1), (x, y)
        if a in blocked and b in blocked and a != skip_a and a != skip_b \
                and b != skip_a and b != skip_b:
            return False
    return True


def squares_pinched(p: Point, q: Point) -> list[tuple[Square, Square]]:
    """Pairs of squares the segment p->q squeezes between without crossing either.

    A segment that runs along the edge two squares share passes between
    them; so does one that goes diagonally through a point where two squares
    meet only at a corner (the two squares on either side of it).  Corner
    points at the very ends of the segment do not count.  Two blocking
    squares together block such a line (LOS-1: nothing shoots through a
    wall, even along the seam between two wall squares).
    """
    out: list[tuple[Square, Square]] = []
    dx, dy = q[0] - p[0], q[1] - p[1]
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))

    def integral(v: float) -> bool:
        return abs(v - round(v)) < _EPS

    if abs(dy) < _EPS and integral(p[1]):
        k = round(p[1])
        for x in range(int(x0 // 1), int(-(-x1 // 1))):
            if min(x + 1, x1) - max(x, x0) > _EPS:
                out.append(((x, k - 1), (x, k)))
    elif abs(dx) < _EPS and integral(p[0]):
        k = round(p[0])
        for y in range(int(y0 // 1), int(-(-y1 // 1))):
            if min(y + 1, y1) - max(y, y0) > _EPS:
                out.append(((k - 1, y), (k, y)))
    elif abs(dx) >= _EPS and abs(dy) >= _EPS:
        for x in range(int(-(-x0 // 1)), int(x1 // 1) + 1):
            t = (x - p[0]) / dx
            if not _EPS < t < 1 - _EPS:
                continue
            at = p[1] + t * dy
            if integral(at):
                row = round(at)
                if dx * dy > 0:
                    out.append(((x, row - 1), (x - 1, row)))
                else:
                    out.append(((x - 1, row - 1), (x, row)))
    return out


def passes_opposite_sides(p: Point, q: Point, sq: Square) -> bool:
    """True when the segment p->q passes through two opposite sides of ``sq``.

    Corners count as belonging to both sides they join (FLK-1).
    """
    span = clip(p, q, sq)
    if span is None or span[1] - span[0] <= _EPS:
        return False

    def sides(t: float) -> set[str]:
        x = p[0] + (q[0] - p[0]) * t
        y = p[1] + (q[1] - p[1]) * t
        found = set()
        if abs(x - sq[0]) < _EPS:
            found.add("W")
        if abs(x - sq[0] - 1) < _EPS:
            found.add("E")
        if abs(y - sq[1]) < _EPS:
            found.add("N")
        if abs(y - sq[1] - 1) < _EPS:
            found.add("S")
        return found

    a, b = sides(span[0]), sides(span[1])
    return ("W" in a and "E" in b) or ("E" in a and "W" in b) or \
           ("N" in a and "S" in b) or ("S" in a and "N" in b)


#: Corner name -> its offset inside the square (x 0 west / 1 east, y 0 north / 1 south).
_CORNER = {"nw": (0, 0), "ne": (1, 0), "sw": (0, 1), "se": (1, 1)}


def half_wall_crossed(p: Point, q: Point, sq: Square, corner: str) -> bool:
    """True when the segment p->q passes through the inside of the wall half of ``sq`` (TER-WALL).

    ``corner`` names the wall corner of the diagonal wall ("nw", "ne", "sw",
    "se"); the wall is the triangle of the three corners other than the
    opposite (wall-free) one.  Touching the triangle -- running along the
    diagonal, or through one of its corners -- leaves the line clear, as
    touching a wall does (COV-2).
    """
    span = clip(p, q, sq)
    if span is None or span[1] - span[0] <= _EPS:
        return False
    cx, cy = _CORNER[corner]

    def closeness(t: float) -> float:  # < 1 inside the wall triangle
        u = p[0] + (q[0] - p[0]) * t - sq[0]
        v = p[1] + (q[1] - p[1]) * t - sq[1]
        return (u if cx == 0 else 1 - u) + (v if cy == 0 else 1 - v)

    return min(closeness(span[0]), closeness(span[1])) < 1 - _EPS


def half_wall_faces(sq: Square, corner: str, other: Square) -> bool:
    """True when the wall half of ``sq`` covers the whole seam it shares with ``other`` (TER-WALL).

    ``other`` is one of the 8 squares around ``sq``: for an orthogonal one
    the seam is their shared side, for a diagonal one the corner point they
    share.  Only the wall-free corner is not wall.
    """
    cx, cy = _CORNER[corner]
    dx, dy = other[0] - sq[0], other[1] - sq[1]
    if dx and dy:
        return (int(dx > 0), int(dy > 0)) != (1 - cx, 1 - cy)
    if dx:
        return int(dx > 0) == cx
    return int(dy > 0) == cy


_SHARED: dict[MapDef, Geometry] = {}


class Geometry:
    """Wall-dependent geometry of one map, memoised.

    Args:
        map: the MapDef.
    """

    def __init__(self, map: MapDef):
        self.map = map
        # Fewer than 30 attributes in all: CPython 3.11 keeps an instance's attributes in a compact
        # array (fast reads) only up to 29 of them; past that every read goes through a dict.
        self._bounds = (map.width, map.height)
        self._dist: dict[Square, dict[Square, int]] = {}
        #: ``walk_costs_to`` answers, by (targets, flat).
        self._walks: dict[tuple[frozenset[Square], bool], dict[Square, int]] = {}
        self._deployable: frozenset[Square] | None = None  # ``deployable`` squares, found on first use
        self._range: dict[Square, dict[Square, int]] = {}
        self._los: dict[tuple[Square, Square], bool] = {}
        self._loe: dict[tuple[Square, Square], bool] = {}
        #: ``within`` answers counted on bit masks, by (a, b, limit).
        self._within: dict[tuple[Square, Square, int], bool] = {}
        #: ``cover`` answers for lines something stands across, keyed by the blockers inside the box.
        self._cover: dict[tuple[Square, Square, bool, frozenset[Square]], bool] = {}
        rules = {(x, y): rules_of(map.terrain[y][x]) for y in range(map.height) for x in range(map.width)}
        #: TER-SMOKE squares (block sight, hide creatures), TER-FOREST squares (opposite-sides rule).
        self.smoke = frozenset(sq for sq, r in rules.items() if r.blocks_sight and not r.blocks_effect)
        self.forest = frozenset(sq for sq, r in rules.items() if r.forest_sight)
        #: TER-PIT squares (only fliers end a move there; walkers cannot enter).
        self.pits = frozenset(sq for sq, r in rules.items() if r.fliers_only)
        #: TER-TELEPORT squares.
        self.teleporters = frozenset(sq for sq, r in rules.items() if r.teleporter)
        #: Difficult squares (MOV-8, MOV-12: no shifting into them).
        self.difficult = frozenset(sq for sq, r in rules.items() if r.difficult)
        #: Squares that give cover to a ranged line crossing them (COV-2) / to a template's (COV-5).
        cover_ranged = frozenset(sq for sq, r in rules.items() if r.cover_ranged)
        cover_area = frozenset(sq for sq, r in rules.items() if r.cover_area)
        self._cover_inside = frozenset(sq for sq, r in rules.items() if r.cover_inside)
        self._sight_sum = self._summed(self.smoke | self.forest)
        #: The squares giving cover to a ranged line (COV-2) or a template's (COV-5), with their
        #: summed-area table.
        self._ranged_cover = (cover_ranged, self._summed(cover_ranged))
        self._area_cover = (cover_area, self._summed(cover_area))
        self._walls = frozenset(sq for sq, r in rules.items() if r.blocks_movement)  # TER-WALL, TER-OTHER
        #: Diagonal walls (TER-WALL): square -> its wall corner ("nw", "ne", "sw", "se").
        self.half_walls = {sq: r.half_wall for sq, r in rules.items() if r.half_wall}
        self._cost = {sq: (1 if r.blocks_movement else r.cost) for sq, r in rules.items()}
        self._nbrs: dict[Square, tuple[Square, ...]] = {}
        self._stops: dict[bool, frozenset[Square]] = {}  # stop_squares, by ``flies``
        self._bitboard: BitBoard | None | Literal[False] = False  # bits(): False until built
        # Walls plus the ring of off-map squares around the map: every square a line
        # between two corners of on-map squares can cross or squeeze past (_int_line_clear).
        ring = {(x, y) for x in range(-1, map.width + 1) for y in (-1, map.height)}
        ring |= {(x, y) for y in range(-1, map.height + 1) for x in (-1, map.width)}
        self._walls_ring = self._walls | ring
        self._sight_ring = self._walls_ring | self.smoke
        # Summed-area table of walls: _wsum[y][x] = walls in columns < x, rows < y.
        w, h = map.width, map.height
        self._wsum = [[0] * (w + 1) for _ in range(h + 1)]
        for y in range(h):
            row, above, acc = self._wsum[y + 1], self._wsum[y], 0
            for x in range(w):
                acc += (x, y) in self._walls
                row[x + 1] = above[x + 1] + acc

    def _summed(self, squares: frozenset[Square]) -> list[list[int]] | None:
        """A summed-area table of ``squares`` (as ``_wsum``), or None when there are none."""
        if not squares:
            return None
        w, h = self.map.width, self.map.height
        table = [[0] * (w + 1) for _ in range(h + 1)]
        for y in range(h):
            row, above, acc = table[y + 1], table[y], 0
            for x in range(w):
                acc += (x, y) in squares
                row[x + 1] = above[x + 1] + acc
        return table

    @staticmethod
    def _any_in(table: list[list[int]] | None, a: Square, b: Square) -> bool:
        """True when ``table`` counts a square in the rectangle spanned by a and b (inclusive)."""
        if table is None:
            return False
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        return table[y1 + 1][x1 + 1] - table[y0][x1 + 1] - table[y1 + 1][x0] + table[y0][x0] > 0

    def deployable(self, sq: Square) -> bool:
        """True when a creature may be deployed on ``sq`` (SET-3: no wall, pit or statue); the
        map's deployable squares are found once."""
        found = self._deployable
        if found is None:
            m = self.map
            found = self._deployable = frozenset(
                (x, y) for y in range(m.height) for x in range(m.width) if rules_of(m.terrain[y][x]).deploy)
        return sq in found

    def _walls_between(self, a: Square, b: Square) -> bool:
        """True when a wall lies in the rectangle of squares spanned by a and b (inclusive).

        Used as an exact shortcut: a line from a corner of a to a corner of b
        can only be blocked by a square it crosses, or by a pair of squares it
        squeezes between, and at least one square of each lies in that
        rectangle; so with no wall (or other blocker) there, every line is clear.
        """
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        if x0 < 0 or y0 < 0 or x1 >= self.map.width or y1 >= self.map.height:
            return True
        s = self._wsum
        return s[y1 + 1][x1 + 1] - s[y0][x1 + 1] - s[y1 + 1][x0] + s[y0][x0] > 0

    @classmethod
    def for_map(cls, map: MapDef) -> Geometry:
        """Return the shared Geometry of ``map`` (a memo of a pure function of the map)."""
        found = _SHARED.get(map)
        if found is None:
            if len(_SHARED) > 64:
                _SHARED.clear()
            found = _SHARED[map] = cls(map)
        return found

    def stop_squares(self, flies: bool) -> frozenset[Square]:
        """Squares whose terrain lets a creature end a move there (MOV-2, TER-STATUE, TER-PIT).

        ``flies``: a flier may also stop in pits.  Memoised per map.
        """
        found = self._stops.get(flies)
        if found is None:
            found = self._stops[flies] = frozenset(
                (x, y) for y in range(self.map.height) for x in range(self.map.width)
                if (r := rules_of(self.map.terrain[y][x])).can_stop and (flies or not r.fliers_only))
        return found

    def bits(self) -> BitBoard | None:
        """The map as bit masks for fast floods (``BitBoard``), or None on a map with diagonal
        walls (their corner rule is not a mask rule; the callers use square-by-square floods)."""
        found = self._bitboard
        if found is False:
            found = self._bitboard = None if self.half_walls else BitBoard(self)
        return found

    def cost(self, sq: Square) -> int:
        """Movement cost to enter ``sq`` in squares (MOV-1, MOV-8)."""
        return self._cost.get(sq, 1)

    @property
    def entry_costs(self) -> dict[Square, int]:
        """{square: movement cost to enter} of the squares the map's terrain names (MOV-8; any
        other square costs 1): what ``cost`` reads, for route searches that read it in bulk.
        Shared with every battle on the map: read it, never change it."""
        return self._cost

    @property
    def neighbour_memo(self) -> dict[Square, tuple[Square, ...]]:
        """The ``neighbours`` answers found so far, by square (route searches read it to skip a
        call).  Shared with every battle on the map: read it, never change it."""
        return self._nbrs

    def is_wall(self, sq: Square) -> bool:
        """True for wall squares and squares off the map (TER-WALL)."""
        x, y = sq
        width, height = self._bounds
        if not (0 <= x < width and 0 <= y < height):
            return True
        return sq in self._walls

    def step_allowed(self, a: Square, b: Square) -> bool:
        """True when a one-square step a->b passes no wall (MOV-7).

        b must not be a wall, and a diagonal step may not pass the corner of a
        wall: both orthogonal squares beside the step must be free of walls --
        except that a diagonal wall may be passed at its wall-free corner
        (TER-WALL: "a creature may move diagonally past the corner of a
        diagonal wall").
        """
        if self.is_wall(b):
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx and dy:
            for side in ((a[0] + dx, a[1]), (a[0], a[1] + dy)):
                if self.is_wall(side):
                    corner = self.half_walls.get(side)
                    if corner is None:
                        return False
                    # The corner point the step passes, inside ``side``: it must be the free one.
                    px, py = a[0] + (dx > 0) - side[0], a[1] + (dy > 0) - side[1]
                    cx, cy = _CORNER[corner]
                    if (px, py) != (1 - cx, 1 - cy):
                        return False
        return True

    def neighbours(self, sq: Square) -> Iterable[Square]:
        """Squares a creature at ``sq`` may step into, walls and corners allowing."""
        found = self._nbrs.get(sq)
        if found is None:
            x, y = sq
            found = tuple(n for n in ((x + dx, y + dy) for dx, dy in NEIGHBOUR_STEPS)
                          if self.step_allowed(sq, n))
            self._nbrs[sq] = found
        return found

    def distances_from(self, src: Square) -> dict[Square, int]:
        """Distance in squares from ``src`` to every reachable square (RNG-5).

        Counted around walls with the movement corner rule; creatures and
        terrain costs do not matter.  Squares walls cut off are absent.
        """
        found = self._dist.get(src)
        if found is not None:
            return found
        dist = self._flood({src: 0}, deque([src]))
        self._dist[src] = dist
        return dist

    def walk_costs_to(self, targets: frozenset[Square], flat: bool = False) -> dict[Square, int]:
        """Movement a one-square creature spends on its cheapest walk from each square into
        ``targets`` (0 on a target), as the engine's moves count it with creatures aside.

        Each step is one ``step_allowed`` allows (MOV-7: no diagonal step past a wall corner,
        TER-WALL) and pays the entry cost of the square it enters (MOV-8, TER-DIFF: 2 for
        difficult terrain) -- 1 when ``flat`` (Flight, Burrow or Phasing: not slowed by terrain,
        MOV-9..11); a walker never enters a pit (TER-PIT), a ``flat`` mover may.  Squares from
        which no walk arrives are absent; walls are never keys.  The skirmish costs: rule modules
        that price steps otherwise (grid35, grid5e) are not asked.  Memoised per (targets, flat)
        on this map's shared geometry: read the dict, never change it.
        """
        key = (targets, flat)
        found = self._walks.get(key)
        if found is not None:
            return found
        barred = frozenset() if flat else self.pits
        dist = {t: 0 for t in targets if not self.is_wall(t) and t not in barred}
        heap = [(0, t[1], t[0]) for t in dist]
        heapq.heapify(heap)
        while heap:
            d, y, x = heapq.heappop(heap)
            cur = (x, y)
            if dist[cur] < d:
                continue
            nd = d + (1 if flat else self.cost(cur))  # the step from a neighbour into ``cur``
            for n in self.neighbours(cur):
                if n in barred or not self.step_allowed(n, cur):
                    continue
                if nd < dist.get(n, nd + 1):
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n[1], n[0]))
        if len(self._walks) > 64:
            self._walks.clear()
        self._walks[key] = dist
        return dist

    def _flood(self, dist: dict[Square, int], queue: deque[Square]) -> dict[Square, int]:
        """Breadth-first count outward from the squares already in ``dist`` (MOV-7 corner rule)."""
        while queue:
            cur = queue.popleft()
            d = dist[cur] + 1
            for n in self.neighbours(cur):
                if n not in dist:
                    dist[n] = d
                    queue.append(n)
        return dist

    def range_distances(self, src: Square) -> dict[Square, int]:
        """Distance from ``src`` to every square walls let it reach (RNG-5).

        The seed: "start counting from any adjacent square (including a
        square diagonally adjacent around a wall corner), and count around
        walls".  So every non-wall neighbour of ``src`` is at distance 1, even
        across a wall corner; from there the count follows the movement
        corner rule (MOV-7).
        """
        found = self._range.get(src)
        if found is not None:
            return found
        dist = {src: 0}
        queue: deque[Square] = deque()
        for dx, dy in NEIGHBOUR_STEPS:
            n = (src[0] + dx, src[1] + dy)
            if not self.is_wall(n):
                dist[n] = 1
                queue.append(n)
        dist = self._flood(dist, queue)
        self._range[src] = dist
        return dist

    def distance(self, a: Square, b: Square) -> int | None:
        """Distance from a to b in squares (RNG-5), None if walls cut b off.

        Counted from a (the attacker's square): see ``range_distances``.  A
        square diagonally adjacent across a wall corner is at distance 1, as
        melee allows, and counting may go on from it.
        """
        if a == b:
            return 0
        if adjacent(a, b):
            return 1
        return self.range_distances(a).get(b)

    def within(self, a: Square, b: Square, limit: int) -> bool:
        """True when ``distance(a, b)`` is a number no greater than ``limit`` (RNG-5).

        Without a memoised count from ``a``, counts only ``limit`` squares
        outward, on bit masks (``BitBoard``): the same count as
        ``range_distances`` (every non-wall square around ``a`` at 1, then
        steps by the movement corner rule).
        """
        if a == b:
            return limit >= 0
        if adjacent(a, b):
            return limit >= 1
        found = self._range.get(a)
        bits = self.bits() if found is None else None
        if bits is None or not self.map.in_bounds(a):
            d = self.distance(a, b)
            return d is not None and d <= limit
        if limit < 2 or not self.map.in_bounds(b):
            return False
        key = (a, b, limit)
        memo = self._within
        answer = memo.get(key)
        if answer is None:  # a pure function of the map: counted once, remembered
            if len(memo) >= _WITHIN_MEMO:
                memo.clear()
            answer = memo[key] = _bits_within(bits, a, b, limit)
        return answer

    def line_clear(self, p: Point, q: Point, blocked: Callable[[Square], bool],
                   ignore: Iterable[Square] = ()) -> bool:
        """True when the segment crosses no ``blocked`` square (except ``ignore``).

        Touching a blocked square, or running along its edge, leaves the line
        clear (COV-2) -- unless it squeezes between two blocked squares
        (along their shared edge, or through the point where they meet
        diagonally): a wall two squares thick is no thinner along its seam.
        A diagonal wall blocks only where the line passes through its wall
        half, and closes a seam only where its wall half covers it (TER-WALL).
        """
        skip = set(ignore)
        half = self.half_walls
        for sq in squares_crossed(p, q):
            if sq not in skip and blocked(sq) and (sq not in half or half_wall_crossed(p, q, sq, half[sq])):
                return False
        for a, b in squares_pinched(p, q):
            if a not in skip and b not in skip and blocked(a) and blocked(b) \
                    and (a not in half or half_wall_faces(a, half[a], b)) \
                    and (b not in half or half_wall_faces(b, half[b], a)):
                return False
        return True

    def line_of_sight(self, a: Square, b: Square) -> bool:
        """True when a creature at a can see one at b (LOS-1, TER-SMOKE, TER-FOREST).

        Adjacent squares always see each other.  A creature in smoke sees,
        and is seen by, adjacent creatures only.  Otherwise some line from a
        corner of a to a corner of b must cross no wall and no smoke square
        and must not pass through two opposite sides of one forest square
        (the squares of a and b themselves do not count).  Creatures never
        block sight.
        """
        if a == b or adjacent(a, b):
            return True
        if self._sight_sum is None:
            return self.line_of_effect(a, b)
        if a in self.smoke or b in self.smoke:
            return False
        if not self._any_in(self._sight_sum, a, b):
            return self.line_of_effect(a, b)
        key = (a, b) if a <= b else (b, a)
        found = self._los.get(key)
        if found is None:
            found = any(self._sight_line(p, q, a, b) for p in corners(a) for q in corners(b))
            self._los[key] = found
        return found

    def _sight_line(self, p: Square, q: Square, a: Square, b: Square) -> bool:
        """True when the line p->q is a clear line of sight between a and b (LOS-1, TER-FOREST)."""
        smoke = self.smoke

        def blocked(sq: Square) -> bool:
            return sq in smoke or self.is_wall(sq)

        if self.map.in_bounds(a) and self.map.in_bounds(b) and not self.half_walls:
            if not _int_line_clear(p, q, self._sight_ring, a, b):  # line_clear(p, q, blocked, (a, b))
                return False
        elif not self.line_clear(p, q, blocked, (a, b)):
            return False
        forest = self.forest
        if any(sq in forest and sq != a and sq != b and passes_opposite_sides(p, q, sq)
               for sq in squares_crossed(p, q)):
            return False
        # Along the seam of a forest square and another forest (or sight-blocking)
        # square, running from one side of it to the opposite one: blocked too,
        # as two wall squares block their seam (line_clear).
        for s1, s2 in squares_pinched(p, q):
            if (s1 in forest or blocked(s1)) and (s2 in forest or blocked(s2)) and any(
                    sq in forest and sq != a and sq != b and passes_opposite_sides(p, q, sq)
                    for sq in (s1, s2)):
                return False
        return True

    def line_of_effect(self, a: Square, b: Square) -> bool:
        """True when nothing blocks an effect from a to b (LOS-1): only walls do.

        Some line from a corner of a to a corner of b must cross no wall.
        Smoke and forest block sight only (TER-SMOKE, TER-FOREST).
        """
        if a == b or adjacent(a, b):
            return True
        key = (a, b) if a <= b else (b, a)
        found = self._loe.get(key)
        if found is None and not self._walls_between(a, b):
            found = self._loe[key] = True
        if found is None:
            if self.map.in_bounds(a) and self.map.in_bounds(b) and not self.half_walls:
                ring = self._walls_ring  # line_clear(p, q, self.is_wall, (a, b)), exactly
                found = any(_int_line_clear(p, q, ring, a, b) for p in corners(a) for q in corners(b))
            else:
                found = any(self.line_clear(p, q, self.is_wall, (a, b))
                            for p in corners(a) for q in corners(b))
            self._loe[key] = found
        return found

    def cover(self, a: Square, b: Square, blockers: Iterable[Square] = (), *, area: bool = False) -> bool:
        """True when a target at b has cover against a ranged attack from a (COV-2, COV-4).

        The attacker picks the best corner of its square; without cover every
        line from that corner to every corner of b must cross no wall, no
        square in ``blockers`` (enemies of the attacker standing between) and
        no terrain that gives cover (forest, statue: TER-FOREST, TER-STATUE).
        A target standing in forest has cover against ranged attacks.
        ``area=True``: from the origin of a burst or radius area (COV-5):
        only walls and statues count.
        """
        if area:
            terrain, table = self._area_cover
        else:
            if b in self._cover_inside:
                return True
            terrain, table = self._ranged_cover
        # A line from a corner of a to a corner of b crosses only squares of the box
        # between them, and squeezes only between squares touching that box: the
        # blockers farther out cannot matter (nor change the answer kept below).
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        inside = frozenset(sq for sq in blockers if x0 - 1 <= sq[0] <= x1 + 1 and y0 - 1 <= sq[1] <= y1 + 1
                           and sq != a and sq != b)
        if not self._walls_between(a, b) and not self._any_in(table, a, b):
            if not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in inside):
                return False  # nothing between them can block a line (see _walls_between)
        key = (a, b, area, inside)
        found = self._cover.get(key)
        if found is None:
            def blocked(sq: Square) -> bool:
                return self.is_wall(sq) or sq in inside or sq in terrain

            found = not any(all(self.line_clear(p, q, blocked, (a, b)) for q in corners(b))
                            for p in corners(a))
            if len(self._cover) >= _COVER_MEMO:
                self._cover.clear()
            self._cover[key] = found
        return found


class BitBoard:
    """A map's squares as bits of Python integers: square (x, y) is bit ``y * stride + x``.

    ``stride`` is the width plus one: the extra column (and everything past
    the last row) is never open, so a one-square shift cannot wrap from one
    row into the next.  ``expand`` gives every square one legal step away
    (MOV-7: walls block, and a diagonal step may not pass a wall corner) --
    the masks version of ``Geometry.neighbours`` on maps without diagonal
    walls.

    Attributes:
        stride: bits per row.
        open: squares that are not walls (on the map).
        costly: (cost, mask) for each entry cost above 1 (MOV-8), ascending.
        cheap: open squares that cost 1 to enter.
        pits: TER-PIT squares.
        stop_walk, stop_fly: squares whose terrain lets a walker / a flier end a move there.
    """

    __slots__ = ("stride", "open", "costly", "cheap", "pits", "stop_walk", "stop_fly",
                 "_se", "_sw", "_ne", "_nw")

    def __init__(self, geo: Geometry):
        w, h = geo.map.width, geo.map.height
        self.stride = s = w + 1
        bit = self.bit
        self.open = sum(bit((x, y)) for y in range(h) for x in range(w) if (x, y) not in geo._walls)
        by_cost: dict[int, int] = {}
        for sq, c in geo._cost.items():
            if c > 1 and sq not in geo._walls:
                by_cost[c] = by_cost.get(c, 0) | bit(sq)
        self.costly = tuple(sorted(by_cost.items()))
        self.cheap = self.open & ~sum(by_cost.values())
        self.pits = sum(bit(sq) for sq in geo.pits)
        self.stop_walk = sum(bit(sq) for sq in geo.stop_squares(False))
        self.stop_fly = sum(bit(sq) for sq in geo.stop_squares(True))
        o = self.open
        east, west, south, north = o >> 1, o << 1, o >> s, o << s  # bit a: the square beside a is open
        self._se, self._sw, self._ne, self._nw = east & south, west & south, east & north, west & north

    def bit(self, sq: Square) -> int:
        """The bit of square ``sq`` (on the map)."""
        return 1 << (sq[1] * self.stride + sq[0])

    def square(self, index: int) -> Square:
        """The square of bit number ``index``."""
        return index % self.stride, index // self.stride

    def squares(self, mask: int) -> list[Square]:
        """The squares of ``mask`` in (row, column) order."""
        out = []
        s = self.stride
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append((i % s, i // s))
            mask ^= low
        return out

    def expand(self, f: int) -> int:
        """Every open square one legal step from a square of ``f`` (MOV-7), ``f``'s own included if so."""
        s = self.stride
        r = (f << 1) | (f >> 1) | (f << s) | (f >> s)
        r |= ((f & self._se) << (s + 1)) | ((f & self._sw) << (s - 1)) \
            | ((f & self._ne) >> (s - 1)) | ((f & self._nw) >> (s + 1))
        return r & self.open
