"""Movement: reachable squares, paths, and the opportunity attacks a path provokes.

Implements MOV-1..8, MOV-12 and the path half of CHG-3/CHG-4.  Costs are in
squares of movement; a diagonal step costs 1 (MOV-1), entering difficult
terrain costs 2 (MOV-8).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from .geometry import adjacent
from .model import Square, Terrain
from .state import Creature, GameState


@dataclass(frozen=True)
class Route:
    """A way to reach one square.

    Attributes:
        path: squares entered, in order (start excluded).
        cost: movement spent, in squares.
        provokers: uids of enemies whose opportunity attacks it would provoke.
    """

    path: tuple[Square, ...]
    cost: int
    provokers: tuple[str, ...]


def enter_cost(state: GameState, sq: Square) -> int:
    """Movement cost to enter ``sq`` (MOV-1, MOV-8)."""
    return state.geo.cost(sq)


def can_make_opportunity_attack(state: GameState, maker: Creature, mover: Creature,
                                square: Square) -> bool:
    """True when ``maker`` may make an opportunity attack on ``mover`` leaving ``square``.

    OA-1: an enemy, active, adjacent; CON-1..4, CON-6: not dazed (or worse)
    nor confused; OA-3: not yet used during this turn; OA-5: line of sight;
    and it needs a basic attack.
    """
    return (maker.alive and maker.player != mover.player
            and maker.can_make_opportunity_attacks and maker.uid not in state.oa_used
            and maker.card.basic_attack is not None
            and adjacent(maker.pos, square)
            and state.geo.line_of_sight(maker.pos, square))


def threats(state: GameState, mover: Creature, square: Square) -> tuple[str, ...]:
    """Uids of enemies whose opportunity attack leaving ``square`` provokes."""
    return tuple(c.uid for c in state.creatures
                 if c.alive and c.player != mover.player
                 and can_make_opportunity_attack(state, c, mover, square))


def threat_map(state: GameState, mover: Creature) -> dict[Square, frozenset[str]]:
    """For every square, the enemies that leaving it would provoke (OA-1, OA-3, OA-5)."""
    found: dict[Square, set[str]] = {}
    for c in state.creatures:
        if not (c.alive and c.player != mover.player and c.can_make_opportunity_attacks
                and c.uid not in state.oa_used and c.card.basic_attack is not None):
            continue
        x, y = c.pos
        for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
            sq = (x + dx, y + dy)
            if state.geo.line_of_sight(c.pos, sq):
                found.setdefault(sq, set()).add(c.uid)
    return {sq: frozenset(v) for sq, v in found.items()}


def provokers_of_path(state: GameState, mover: Creature, path: tuple[Square, ...],
                      tmap: dict[Square, frozenset[str]] | None = None) -> tuple[str, ...]:
    """Distinct enemies (in the order they strike) a path provokes (OA-1, OA-3)."""
    if tmap is None:
        tmap = threat_map(state, mover)
    found: list[str] = []
    cur = mover.pos
    for nxt in path:
        for uid in sorted(tmap.get(cur, ())):
            if uid not in found:
                found.append(uid)
        cur = nxt
    return tuple(found)


def legal_stop(state: GameState, mover: Creature, sq: Square) -> bool:
    """True when ``mover`` may end a move on ``sq`` (MOV-2): no wall, no other creature."""
    if state.geo.is_wall(sq):
        return False
    return not any(c.alive and c.pos == sq and c.uid != mover.uid for c in state.creatures)


def routes(state: GameState, mover: Creature, budget: int, *, avoid_oa: bool = True,
           min_first_step: bool = True) -> dict[Square, Route]:
    """Best route to every square ``mover`` can end a move on.

    Args:
        state: the game.
        mover: the creature moving (its ``pos`` is the start).
        budget: movement available, in squares.
        avoid_oa: rank routes by (distinct provokers, cost) when True, by
            (cost, provokers) when False (charges must take a shortest path).
        min_first_step: allow the first step whatever it costs (MOV-4).

    Returns a dict destination -> Route for every legal stop square other
    than the start.  Allies may be passed through, never stopped on; enemies
    and walls block (MOV-2, MOV-5, MOV-7).
    """
    start = mover.pos
    if budget <= 0:
        return {}
    enemies = set()
    others = set()
    for c in state.creatures:
        if c.alive and c.uid != mover.uid:
            others.add(c.pos)
            if c.player != mover.player:
                enemies.add(c.pos)
    tmap = threat_map(state, mover)
    geo = state.geo
    neighbours = geo.neighbours
    cost_of = geo.cost
    # Provokers as bit masks (one bit per threatening enemy) for speed.
    bit_of: dict[str, int] = {}
    tbits: dict[Square, int] = {}
    for sq, uids in tmap.items():
        mask = 0
        for uid in uids:
            if uid not in bit_of:
                bit_of[uid] = 1 << len(bit_of)
            mask |= bit_of[uid]
        tbits[sq] = mask

    # Pareto labels: [provokers, cost, path]; a label dominates another when
    # its provokers are a subset and its cost is no higher.
    labels: dict[Square, list[tuple[int, int, tuple[Square, ...]]]] = {start: []}
    counter = 0
    heap: list = [(0, 0, counter, start, 0, 0, ())]
    pop, push = heapq.heappop, heapq.heappush

    while heap:
        _, _, _, sq, prov, cost_here, path = pop(heap)
        if path:
            for lab in labels[sq]:
                if lab[2] is path:
                    break
            else:
                continue  # superseded by a better label
        leaving = prov | tbits.get(sq, 0)
        first = not path
        for nxt in neighbours(sq):
            if nxt in enemies or nxt == start:
                continue
            cost = cost_here + cost_of(nxt)
            if cost > budget:
                if min_first_step and first:
                    cost = budget
                else:
                    continue
            found = labels.get(nxt)
            if found:
                dominated = False
                for p, c, _ in found:
                    if c <= cost and not (p & ~leaving):
                        dominated = True
                        break
                if dominated:
                    continue
                kept = [lab for lab in found if not (cost <= lab[1] and not (leaving & ~lab[0]))]
            else:
                kept = []
            new_path = path + (nxt,)
            kept.append((leaving, cost, new_path))
            labels[nxt] = kept
            counter += 1
            if avoid_oa:
                push(heap, (leaving.bit_count(), cost, counter, nxt, leaving, cost, new_path))
            else:
                push(heap, (cost, leaving.bit_count(), counter, nxt, leaving, cost, new_path))

    out: dict[Square, Route] = {}
    for sq, found in labels.items():
        if sq == start or not found or sq in others or geo.is_wall(sq):
            continue
        if len(found) == 1:
            best = found[0]
        elif avoid_oa:
            best = min(found, key=lambda lab: (lab[0].bit_count(), lab[1], lab[2]))
        else:
            best = min(found, key=lambda lab: (lab[1], lab[0].bit_count(), lab[2]))
        out[sq] = Route(best[2], best[1], provokers_of_path(state, mover, best[2], tmap))
    return out


def check_path(state: GameState, mover: Creature, path: tuple[Square, ...], budget: int,
               *, min_first_step: bool = True) -> tuple[str, str] | None:
    """Check a path a client proposes; None when legal, else (code, reason).

    MOV-1, MOV-2, MOV-4, MOV-5, MOV-7, MOV-8.
    """
    if not path:
        return ("empty-path", "The path is empty.")
    if budget <= 0:  # MOV-4: the one-square minimum does not move the immobile
        return ("cannot-move", f"{mover.card.name} cannot move (speed 0).")
    cur = mover.pos
    spent = 0
    for i, nxt in enumerate(path):
        if not adjacent(cur, nxt):
            return ("not-adjacent", f"Step {i + 1} of the path is not to an adjacent square.")
        if state.geo.is_wall(nxt):
            return ("wall", "Walls block movement.")
        if not state.geo.step_allowed(cur, nxt):
            return ("wall-corner", "No creature moves diagonally past a wall corner.")
        other = state.creature_at(nxt)
        if other is not None and other.player != mover.player:
            return ("enemy", "A creature cannot move through an enemy's square.")
        spent += enter_cost(state, nxt)
        if spent > budget and not (i == 0 and min_first_step):
            return ("too-far", f"That move needs {spent} squares of movement; "
                               f"{mover.card.name} has {budget}.")
        cur = nxt
    if not legal_stop(state, mover, cur):
        return ("occupied", "A move cannot end on another creature's square.")
    return None


def path_cost(state: GameState, path: tuple[Square, ...]) -> int:
    """Movement cost of entering each square of ``path`` (MOV-1, MOV-8)."""
    return sum(enter_cost(state, sq) for sq in path)


def shift_squares(state: GameState, mover: Creature) -> list[Square]:
    """Squares ``mover`` may shift to (MOV-12): adjacent, legal, not difficult.

    None when it cannot move at all (speed 0, immobilized: MOV-4, CON-5).
    """
    out: list[Square] = []
    if mover.speed <= 0:
        return out
    for nxt in state.geo.neighbours(mover.pos):
        if state.map.terrain_at(nxt) is Terrain.DIFFICULT:
            continue
        if legal_stop(state, mover, nxt):
            out.append(nxt)
    return out
