"""Movement of Large (2×2) and Huge (3×3) creatures (MOV-13) and the Huge squeeze (docs/rules.md).

``movement`` keeps single-square creatures on its own code and hands
creatures of size 2 or more to this module.  A multi-square creature moves
by its anchor (top-left square, see ``footprint``); a step moves the whole
N×N block one square in one of eight directions:

* every square of the new footprint must be on the map, no wall, and hold
  no enemy it cannot pass (MOV-13: "may pass through no square that holds an
  enemy"; Flight, Burrow and Phasing pass enemies as for any creature,
  MOV-9..11) and no pit unless its mode passes pits (TER-PIT);
* a diagonal step may not pass a wall corner: the footprints one square
  along each axis must be wall-free too (MOV-7 for a block);
* cost (MOV-13): only the squares the step newly enters count -- 2 when any
  of them is difficult (difficult terrain, forest, statue), else 1; the
  squares it started in are ignored, so stepping out of difficult terrain
  into clear squares costs 1 even while part of it still stands in it;
* it may end a move where its whole footprint may be stopped on and no
  other creature fills any square of it (MOV-2).

Leaving a position provokes every enemy whose opportunity attacks reach any
square of the footprint there (OA-1).

Squeeze (docs/rules.md glossary, Huge creatures only): a move action in which the
creature counts as 2×2 (its top-left 2×2 block), moves up to half its speed
(rounded down), and at the end expands into any legal 3×3 space that holds
its 2×2 end squares (``expansions``).  It provokes only the enemies whose
attacks reach it at the start; during that move only it grants combat
advantage and its attacks take -5 (see ``combat``).
"""
from __future__ import annotations

import heapq
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field

from .footprint import anchors_covering, footprint
from .geometry import Geometry, adjacent
from .model import Square
from .modules import BARRED, MoveTally, book_of
from .paths import Mode, Route, barred_reason, mode_of, passes_through, priced_routes, provokers_along, threat_map
from .state import Creature, GameState
from .terrain import no_stop_reason

#: Squares across a squeezing Huge creature counts as (docs/rules.md).
SQUEEZED_SIZE = 2
#: Attack roll modifier of a squeezing creature (docs/rules.md).
SQUEEZE_PENALTY = -5


@dataclass
class _MapMemo:
    """Wall-only facts of one map (pure functions of the map, like ``Geometry``'s own memos).

    Attributes:
        anchors: footprint size -> ``clear_anchors``.
        step_costs: (from anchor, to anchor, size) -> ``step_cost`` of a walker.
    """

    anchors: dict[int, frozenset[Square]] = field(default_factory=dict)
    step_costs: dict[tuple[Square, Square, int], int] = field(default_factory=dict)


_GEO_MEMO: weakref.WeakKeyDictionary[Geometry, _MapMemo] = weakref.WeakKeyDictionary()


def _memo(geo: Geometry) -> _MapMemo:
    """The memo of ``geo``'s map (made on first use, dropped with the Geometry)."""
    found = _GEO_MEMO.get(geo)
    if found is None:
        found = _GEO_MEMO[geo] = _MapMemo()
    return found


def clear_anchors(geo: Geometry, size: int) -> frozenset[Square]:
    """Anchors whose whole footprint of ``size`` is on the map and wall-free (TER-WALL)."""
    memo = _memo(geo).anchors
    found = memo.get(size)
    if found is None:
        w, h = geo.map.width, geo.map.height
        found = memo[size] = frozenset(
            (x, y) for y in range(h - size + 1) for x in range(w - size + 1)
            if not any(geo.is_wall(sq) for sq in footprint((x, y), size)))
    return found


def _mode(mover: Creature) -> Mode:
    return mode_of(mover)


def blocked_squares(state: GameState, mover: Creature) -> set[Square]:
    """Squares no square of ``mover`` may enter: enemies it cannot pass, pits unless it flies,
    burrows or phases (MOV-13, MOV-9..11, TER-PIT)."""
    mode = _mode(mover)
    book = book_of(state)
    out: set[Square] = set()
    for c in state.creatures:
        if c.alive and c.uid != mover.uid and not passes_through(book, state, mover, mode, c):
            out.update(c.squares)
    if not mode.flat and state.geometry.pits:
        out |= state.geometry.pits
    return out


def stop_ok(state: GameState, mover: Creature, anchor: Square, size: int,
            occupied: dict[Square, Creature] | None = None) -> bool:
    """True when ``mover`` with footprint ``size`` may end a move at ``anchor`` (MOV-2, MOV-13).

    Every square on the map, stoppable (no wall, statue; pit only for fliers)
    and not filled by another creature.
    """
    if occupied is None:
        occupied = state.occupied(exclude=mover.uid)
    flies = _mode(mover).flies
    m = state.battle_map
    for sq in footprint(anchor, size):
        if not m.in_bounds(sq) or sq in occupied:
            return False
        rules = m.rules_at(sq)
        if not rules.can_stop or (rules.fliers_only and not flies):
            return False
    return True


def step_ok(state: GameState, a: Square, b: Square, size: int, blocked: set[Square]) -> bool:
    """True when a block of ``size`` anchored at ``a`` may step to ``b`` (MOV-7, MOV-13)."""
    clear = clear_anchors(state.geometry, size)
    if b not in clear:
        return False
    if blocked and any(sq in blocked for sq in footprint(b, size)):
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx and dy:
        if (a[0] + dx, a[1]) not in clear or (a[0], a[1] + dy) not in clear:
            return False
    return True


def step_cost(state: GameState, a: Square, b: Square, size: int, flat: bool) -> int:
    """Movement cost of the step a -> b of a block of ``size`` (MOV-13).

    Only squares newly entered count: the highest cost among them (2 for
    difficult terrain), 1 when all are clear; 1 for fliers, burrowers and
    phasers (MOV-9..11).
    """
    if flat:
        return 1
    memo = _memo(state.geometry).step_costs
    key = (a, b, size)
    found = memo.get(key)
    if found is None:
        cost = state.geometry.cost
        old = set(footprint(a, size))
        found = memo[key] = max(cost(sq) for sq in footprint(b, size) if sq not in old)
    return found


class AnchorThreats:
    """Enemies that leaving each anchor position provokes, computed on demand (OA-1, MOV-10).

    Behaves like a read-only mapping anchor -> frozenset of uids (``get``).
    """

    def __init__(self, state: GameState, mover: Creature, size: int, *, start_only: bool = False):
        """Threats of ``mover`` with a footprint of ``size``; ``start_only``: only its start
        position provokes (squeeze), with its full footprint there."""
        mode = _mode(mover)
        self.size = size
        self.start = mover.square
        self._memo: dict[Square, frozenset[str]] = {}
        self._none = mode.burrows
        full = {} if mode.burrows else threat_map(state, mover)
        start_squares = footprint(mover.square, mover.card.size)
        first: set[str] = set()
        for sq in start_squares:
            first.update(full.get(sq, ()))
        self._memo[self.start] = frozenset(first)
        if start_only:
            self._squares: dict[Square, frozenset[str]] = {}
        elif mode.flies:
            self._squares = threat_map(state, mover, fliers_only=True)
        else:
            self._squares = full

    def get(self, anchor: Square, default: Iterable[str] = ()) -> Iterable[str]:
        """The uids leaving ``anchor`` provokes (``default`` when none)."""
        found = self._memo.get(anchor)
        if found is None:
            uids: set[str] = set()
            for sq in footprint(anchor, self.size):
                uids.update(self._squares.get(sq, ()))
            found = self._memo[anchor] = frozenset(uids)
        return found if found else default


def provokers(state: GameState, mover: Creature, path: tuple[Square, ...], size: int | None = None,
              tmap: AnchorThreats | None = None) -> tuple[str, ...]:
    """Distinct enemies (in the order they strike) a path of anchors provokes (OA-1, OA-3)."""
    if tmap is None:
        tmap = AnchorThreats(state, mover, size or mover.card.size)
    return provokers_along(tmap, mover.square, path)


def big_routes(state: GameState, mover: Creature, budget: int, *, avoid_oa: bool = True,
               min_first_step: bool = True, size: int | None = None, end_size: int | None = None,
               start_only: bool = False, running: bool = False) -> dict[Square, Route]:
    """Best route to every anchor a multi-square ``mover`` can end a move at (MOV-13).

    As ``movement.routes`` (same ranking and Pareto labels), over anchor
    positions.  ``size``: the footprint it moves with (2 while squeezing);
    ``end_size``: the footprint that must fit where it stops (3 for a
    squeeze); ``start_only``: only the start provokes (squeeze).
    Returns {anchor: Route}.
    """
    size = size or mover.card.size
    end_size = end_size or size
    start = mover.square
    if budget <= 0:
        return {}
    mode = _mode(mover)
    blocked = blocked_squares(state, mover)
    occupied = state.occupied(exclude=mover.uid)
    tmap = AnchorThreats(state, mover, size, start_only=start_only)
    bit_of: dict[str, int] = {}

    def bits(anchor: Square) -> int:
        mask = 0
        for uid in tmap.get(anchor, ()):
            if uid not in bit_of:
                bit_of[uid] = 1 << len(bit_of)
            mask |= bit_of[uid]
        return mask

    steps: dict[Square, tuple[tuple[Square, int], ...]] = {}
    clear = clear_anchors(state.geometry, size)
    bad = {anchor for sq in blocked for anchor in anchors_covering(sq, size)}
    flat = mode.flat

    def moves(a: Square) -> tuple[tuple[Square, int], ...]:
        # step_ok, with the anchors that touch a blocked square worked out once
        found = steps.get(a)
        if found is None:
            x, y = a
            out = []
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    b = (x + dx, y + dy)
                    if (not (dx or dy)) or b not in clear or b in bad:
                        continue
                    if dx and dy and ((x + dx, y) not in clear or (x, y + dy) not in clear):
                        continue
                    out.append((b, step_cost(state, a, b, size, flat)))
            found = steps[a] = tuple(out)
        return found

    book = book_of(state)
    if not book.plain_moves:  # a rule module prices steps (G35-DIAG): the priced search
        return priced_routes(book, state, mover, start, budget, moves, tmap,
                             lambda sq: stop_ok(state, mover, sq, end_size, occupied),
                             avoid_oa=avoid_oa, min_first_step=min_first_step, running=running)
    labels: dict[Square, list[tuple[int, int, tuple[Square, ...]]]] = {start: []}
    counter = 0
    heap: list[tuple[int, int, int, Square, int, int, tuple[Square, ...]]] = [(0, 0, counter, start, 0, 0, ())]
    while heap:
        _, _, _, sq, prov, cost_here, path = heapq.heappop(heap)
        if path and not any(lab[2] is path for lab in labels[sq]):
            continue
        leaving = prov | bits(sq)
        first = not path
        for nxt, step in moves(sq):
            if nxt == start:
                continue
            cost = cost_here + step
            if cost > budget:
                if min_first_step and first:
                    cost = budget
                else:
                    continue
            found = labels.get(nxt) or []
            if any(c <= cost and not (p & ~leaving) for p, c, _ in found):
                continue
            kept = [lab for lab in found if not (cost <= lab[1] and not (leaving & ~lab[0]))]
            new_path = path + (nxt,)
            kept.append((leaving, cost, new_path))
            labels[nxt] = kept
            counter += 1
            key = (leaving.bit_count(), cost) if avoid_oa else (cost, leaving.bit_count())
            heapq.heappush(heap, (*key, counter, nxt, leaving, cost, new_path))

    out = {}
    for sq, found in labels.items():
        if sq == start or not found or not stop_ok(state, mover, sq, end_size, occupied):
            continue
        if avoid_oa:
            best = min(found, key=lambda lab: (lab[0].bit_count(), lab[1], lab[2]))
        else:
            best = min(found, key=lambda lab: (lab[1], lab[0].bit_count(), lab[2]))
        out[sq] = Route(best[2], best[1], provokers(state, mover, best[2], size, tmap))
    return out


def big_check_path(state: GameState, mover: Creature, path: tuple[Square, ...], budget: int, *,
                   min_first_step: bool = True, size: int | None = None,
                   end_size: int | None = None, running: bool = False) -> tuple[str, str] | None:
    """Check a path of anchors for a multi-square mover; None when legal, else (code, reason).

    MOV-1, MOV-2, MOV-4, MOV-7, MOV-13, TER-PIT, TER-STATUE; ``running``: a run (G35-RUN).
    """
    size = size or mover.card.size
    end_size = end_size or size
    if not path:
        return ("empty-path", "The path is empty.")
    if budget <= 0:
        return ("cannot-move", f"{mover.card.name} cannot move (speed 0).")
    mode = _mode(mover)
    enemies = {sq for c in state.creatures
               if c.alive and c.uid != mover.uid and not passes_through(book_of(state), state, mover, mode, c)
               for sq in c.squares}
    pits = set() if mode.flat else set(state.geometry.pits)
    cur, spent = mover.square, 0
    book = book_of(state)
    tally = MoveTally(running=running)
    for i, nxt in enumerate(path):
        if not adjacent(cur, nxt):
            return ("not-adjacent", f"Step {i + 1} of the path is not to an adjacent square.")
        squares = footprint(nxt, size)
        if any(state.geometry.is_wall(sq) for sq in squares):
            return ("wall", f"Walls block movement: all {size}×{size} squares of "
                            f"{mover.card.name} must be clear of walls (MOV-13).")
        if not step_ok(state, cur, nxt, size, set()):
            return ("wall-corner", "No creature moves diagonally past a wall corner.")
        if any(sq in enemies for sq in squares):
            return ("enemy", f"{mover.card.name} may pass through no square that holds an enemy (MOV-13).")
        if any(sq in pits for sq in squares):
            return ("pit", "Only flying creatures may enter a pit (TER-PIT).")
        step, tally = book.step(state, mover, cur, nxt, step_cost(state, cur, nxt, size, mode.flat), tally)
        if step >= BARRED:
            return barred_reason(book, state, mover, cur, nxt)
        spent += step  # MOV-13, priced by the active rule modules (G35-DIAG)
        if spent > budget and not (i == 0 and min_first_step):
            return ("too-far", f"That move needs {spent} squares of movement; "
                               f"{mover.card.name} has {budget}.")
        cur = nxt
    if not stop_ok(state, mover, cur, end_size):
        squares = footprint(cur, end_size)
        if any(state.geometry.is_wall(sq) for sq in squares):
            return ("wall", f"{mover.card.name} needs a clear {end_size}×{end_size} space to stop in.")
        blocked = [sq for sq in squares if not state.battle_map.rules_at(sq).can_stop]
        if blocked:
            return ("no-stop", no_stop_reason(state.battle_map.terrain_at(blocked[0])))
        if state.occupied(exclude=mover.uid).keys() & set(squares):
            return ("occupied", "A move cannot end on another creature's square.")
        return ("pit", "Only flying creatures may end a move in a pit (TER-PIT).")
    return None


def big_path_cost(state: GameState, mover: Creature, path: tuple[Square, ...], size: int | None = None) -> int:
    """Movement cost of a path of anchors (MOV-13)."""
    size = size or mover.card.size
    flat = _mode(mover).flat
    cur, total = mover.square, 0
    book = book_of(state)
    tally = MoveTally()
    for nxt in path:
        step, tally = book.step(state, mover, cur, nxt, step_cost(state, cur, nxt, size, flat), tally)
        total += step  # MOV-13, priced by the active rule modules (G35-DIAG)
        cur = nxt
    return total


def big_shift_squares(state: GameState, mover: Creature) -> list[Square]:
    """Anchors a multi-square ``mover`` may shift to (MOV-12): one step, entering no difficult square."""
    out: list[Square] = []
    if mover.speed <= 0:
        return out
    size = mover.card.size
    blocked = blocked_squares(state, mover)
    occupied = state.occupied(exclude=mover.uid)
    old = set(mover.squares)
    x, y = mover.square
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            b = (x + dx, y + dy)
            if (dx or dy) and step_ok(state, mover.square, b, size, blocked) \
                    and not any(state.battle_map.rules_at(sq).difficult for sq in footprint(b, size) if sq not in old) \
                    and stop_ok(state, mover, b, size, occupied):
                out.append(b)
    out.sort(key=lambda s: (s[1], s[0]))
    book = book_of(state)
    if not book.plain_moves:  # optional modules: drops, climbs, slowing ceilings (UG-FALL, UG-LOW)
        out = [b for b in out if book.shift_allowed(state, mover, b)]
    return out


def squeezed_size(state: GameState, mover: Creature) -> int:
    """Squares across ``mover`` counts as while squeezing: 2 for a Huge creature (docs/rules.md
    Squeeze), or what the active rule modules say (G35-SQUEEZE: 1 for a Large one); 0 when it may
    not squeeze."""
    size = SQUEEZED_SIZE if mover.card.size >= 3 else 0
    book = book_of(state)
    return book.squeeze_size(state, mover, size) if book.attack_modifiers_asked else size


def expansions(state: GameState, mover: Creature, anchor: Square, size: int,
               occupied: dict[Square, Creature] | None = None) -> list[Square]:
    """The anchors of the legal full-size spaces a block of ``size`` squeezed at ``anchor`` may
    expand into (docs/rules.md Squeeze): every space of ``mover``'s footprint that holds the
    squeezed block and where it may stop (``stop_ok``), in (row, column) order.  For a Huge
    creature squeezed to 2×2: up to four (the anchor itself, one square left, one up, or
    both)."""
    full = mover.card.size
    spread = range(full - size, -1, -1)
    found = [(anchor[0] - dx, anchor[1] - dy) for dy in spread for dx in spread]
    if occupied is None:
        occupied = state.occupied(exclude=mover.uid)
    ok = [e for e in found if stop_ok(state, mover, e, full, occupied)]
    return sorted(ok, key=lambda sq: (sq[1], sq[0]))


def squeeze_routes(state: GameState, mover: Creature, speed: int | None = None) -> dict[Square, Route]:
    """Where ``mover`` may squeeze to: {end anchor: Route} (docs/rules.md Squeeze, G35-SQUEEZE).

    ``speed``: its speed now (default ``mover.speed``).  Moves as
    ``squeezed_size`` (2×2 for a Huge creature) up to half of it (rounded
    down), then expands into any legal space of its full footprint that
    holds the squeezed block where it stopped (``expansions``); only the
    start provokes.  The key is the anchor after expanding; the Route's
    path is the squeezed block's anchors (the cheapest way there, then the
    one whose last anchor comes first in (row, column) order).  Empty for
    creatures that may not squeeze, or with speed under 2.
    """
    size = squeezed_size(state, mover)
    if not size:
        return {}
    squeezed = big_routes(state, mover, (mover.speed if speed is None else speed) // 2, size=size,
                          end_size=size, start_only=True, min_first_step=False)
    occupied = state.occupied(exclude=mover.uid)
    out: dict[Square, Route] = {}
    for last, route in sorted(squeezed.items(), key=lambda kv: (kv[1].cost, kv[0][1], kv[0][0])):
        for end in expansions(state, mover, last, size, occupied):
            if end != mover.square:  # back where it started is no move
                out.setdefault(end, route)
    return out


__all__ = ["blocked_squares", "stop_ok", "step_ok", "step_cost", "AnchorThreats", "provokers",
           "big_routes", "big_check_path", "big_path_cost", "big_shift_squares", "expansions", "squeeze_routes",
           "squeezed_size",
           "SQUEEZED_SIZE", "SQUEEZE_PENALTY"]
