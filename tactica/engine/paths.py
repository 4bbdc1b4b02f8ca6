"""What single-square and multi-square movement share: modes, routes, threats, priced searches.

Movement modes come from the mover's abilities (``Mode``, MOV-9..11); a
``Route`` is one way to a square; ``threatens`` and ``threat_map`` say which
enemies' opportunity attacks reach a square (OA-1, OA-5, Threatening Reach,
MOV-13 for big makers) and ``provokers_along`` which of them a path provokes
(OA-1, OA-3).  ``priced_routes`` is the route search used when an active rule
module prices steps itself (``modules.RuleBook.plain_moves`` False, e.g.
G35-DIAG): one best way per square and per the modules' tally key.
``movement`` (single squares) and ``large`` (MOV-13) both build on this
module; it imports neither.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from .abilities import Burrow, Flight, Phasing, has, threat_reach
from .footprint import footprint, gap
from .geometry import NEIGHBOUR_STEPS, adjacent
from .model import Square
from .modules import BARRED, MoveTally, RuleBook, SquareRisk, book_of
from .numbers import immune_to
from .state import Creature, GameState


@dataclass(frozen=True)
class Mode:
    """How a creature moves (MOV-9..11), from its abilities.

    Attributes:
        flies: it has Flight (passes over non-flying enemies; may stop in pits).
        burrows: Burrow (passes enemies; provokes nothing).
        phases: Phasing (passes enemies).
    """

    flies: bool = False
    burrows: bool = False
    phases: bool = False

    @property
    def flat(self) -> bool:
        """Not slowed by terrain: every step costs 1 (MOV-9..11, TER-DIFF)."""
        return self.flies or self.burrows or self.phases

    @property
    def name(self) -> str:
        """"burrow", "fly", "phase" or "move" (for CreatureMoved events)."""
        return "burrow" if self.burrows else "phase" if self.phases else "fly" if self.flies else "move"

    def passes(self, enemy: Creature) -> bool:
        """True when it may move through ``enemy``'s square (MOV-5, MOV-9..11)."""
        return self.burrows or self.phases or (self.flies and not has(enemy.card, Flight))


def mode_of(mover: Creature) -> Mode:
    """The movement mode of ``mover`` (MOV-9..11)."""
    card = mover.card
    if not card.abilities:
        return _WALK
    return Mode(has(card, Flight), has(card, Burrow), has(card, Phasing))


_WALK = Mode()


class ThreatLookup(Protocol):
    """Who leaving a square provokes: a threat map ({square: uids}) or ``large.AnchorThreats``."""

    def get(self, square: Square, default: tuple[()], /) -> Iterable[str]:
        """The uids threatening ``square``, or ``default``."""
        ...


#: Where a search may step from a square (``Geometry.neighbours``).
Neighbours = Callable[[Square], Iterable[Square]]


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


def threatens(state: GameState, maker: Creature, square: Square) -> bool:
    """True when ``maker``'s opportunity attacks reach ``square`` (OA-1, OA-5, Threatening Reach).

    Adjacent squares, or with Threatening Reach squares within its reach
    (counted around walls, RNG-5); line of sight is needed either way.  A
    Large or Huge maker threatens from any of its squares (MOV-13).
    """
    if maker.pos == square:
        return False
    reach = threat_reach(maker.card) if maker.card.abilities else 1
    if maker.card.melee_reach > 1:  # CL-5: a basic attack with reach makes opportunity attacks at it
        reach = max(reach, maker.card.opportunity_reach)
    book = book_of(state)
    if book.reach_asked:  # a rule module widens reach (G35-REACH)
        reach = book.melee_reach(state, maker, reach)
    if maker.card.size > 1:
        return _big_threatens(state, maker, square, reach)
    if reach <= 1:
        if not adjacent(maker.square, square):
            return False
    else:
        dist = state.geometry.distance(maker.square, square)
        if dist is None or dist > reach:
            return False
    return state.geometry.line_of_sight(maker.square, square)


def _big_threatens(state: GameState, maker: Creature, square: Square, reach: int) -> bool:
    """``threatens`` for a multi-square maker: from any square of its footprint (OA-1, MOV-13)."""
    size = maker.card.size
    g = gap(maker.square, size, square, 1)
    if g == 0 or g > reach:
        return False
    geo = state.geometry
    for sq in footprint(maker.square, size):
        if reach <= 1:
            if not adjacent(sq, square):
                continue
        else:
            dist = geo.distance(sq, square)
            if dist is None or dist > reach:
                continue
        if geo.line_of_sight(sq, square):
            return True
    return False


def can_make_opportunity_attack(state: GameState, maker: Creature, mover: Creature,
                                square: Square) -> bool:
    """True when ``maker`` may make an opportunity attack on ``mover`` leaving ``square``.

    OA-1: an enemy, active, within reach (adjacent, or Threatening Reach);
    CON-1..4, CON-6: not dazed (or worse) nor confused; OA-3: not yet used
    during this turn; OA-5: line of sight; and it needs a basic attack.  A
    Large or Huge mover anchored at ``square`` is reached through any of
    its squares (MOV-13).
    """
    if not (maker.alive and maker.team != mover.team
            and maker.can_make_opportunity_attacks and maker.uid not in state.oa_used
            and maker.card.basic_attack is not None):
        return False
    if mover.card.size > 1:
        return any(threatens(state, maker, sq) for sq in footprint(square, mover.card.size))
    return threatens(state, maker, square)


def threats(state: GameState, mover: Creature, square: Square, *, moving: bool = False,
            first: bool = True, among: list[Creature] | None = None) -> tuple[str, ...]:
    """Uids of enemies whose opportunity attack leaving ``square`` (or attacking from it) provokes.

    ``moving``: the mover leaves ``square`` by its own move; then a burrower
    provokes nobody (MOV-9) and a flier provokes only flying enemies unless
    ``first`` (the square it takes off from, MOV-10).  ``among``: the
    creatures to consider, in ``state.creatures`` order (a caller's list of
    the mover's enemies; None: every creature).
    """
    if mover.card.abilities and immune_to(mover.card, "opportunity attacks"):
        return ()  # CL-15: it provokes nothing
    fliers = False
    if moving:
        mode = mode_of(mover)
        if mode.burrows:
            return ()
        fliers = mode.flies and not first
    team, size = mover.team, mover.card.size
    sx, sy = square
    found = []
    quick = not book_of(state).reach_asked  # reach 1 unless Threatening Reach (or a module, G35-REACH)
    for c in state.creatures if among is None else among:
        pos = c.pos
        if pos is None or c.destroyed:
            continue
        card = c.card
        # A maker without Threatening Reach threatens only squares next to its footprint:
        # anything farther than both sizes together is out of reach (a cheap refusal first).
        if quick and not card.abilities and card.melee_reach <= 1:
            far = card.size + size
            dx, dy = pos[0] - sx, pos[1] - sy
            if dx > far or dx < -far or dy > far or dy < -far:
                continue
        if c.team != team and (not fliers or has(card, Flight)) \
                and can_make_opportunity_attack(state, c, mover, square):
            found.append(c.uid)
    return tuple(found)


def threat_map(state: GameState, mover: Creature, *, fliers_only: bool = False) -> dict[Square, frozenset[str]]:
    """For every square, the enemies that leaving it would provoke (OA-1, OA-3, OA-5).

    ``fliers_only``: count only flying enemies (a flier after take-off, MOV-10).  Empty for a
    mover immune to opportunity attacks (CL-15).
    """
    found: dict[Square, set[str]] = {}
    if mover.card.abilities and immune_to(mover.card, "opportunity attacks"):
        return {}  # CL-15: it provokes nothing
    book = book_of(state)
    for c in state.creatures:
        if not (c.alive and c.team != mover.team and c.can_make_opportunity_attacks
                and c.uid not in state.oa_used and c.card.basic_attack is not None):
            continue
        if fliers_only and not has(c.card, Flight):
            continue
        x, y = c.square
        reach = threat_reach(c.card) if c.card.abilities else 1
        if c.card.melee_reach > 1:  # CL-5
            reach = max(reach, c.card.opportunity_reach)
        if book.reach_asked:  # a rule module widens reach (G35-REACH)
            reach = book.melee_reach(state, c, reach)
        if reach == 1 and c.card.size == 1:  # ``threatens`` is True for each of its 8 neighbours
            uid = c.uid
            for dx, dy in NEIGHBOUR_STEPS:
                found.setdefault((x + dx, y + dy), set()).add(uid)
            continue
        span = reach + c.card.size  # a Large or Huge maker reaches from every square (MOV-13)
        for dy in range(-reach, span):
            for dx in range(-reach, span):
                sq = (x + dx, y + dy)
                if (dx or dy) and threatens(state, c, sq):
                    found.setdefault(sq, set()).add(c.uid)
    return {sq: frozenset(v) for sq, v in found.items()}


def move_threats(state: GameState, mover: Creature) -> dict[Square, frozenset[str]]:
    """The threat map a move by ``mover`` faces (MOV-9, MOV-10): the start square as usual for a
    flier and every other square flying enemies only; nothing for a burrower."""
    mode = mode_of(mover)
    if mode.burrows:
        return {}
    full = threat_map(state, mover)
    if not mode.flies:
        return full
    found = threat_map(state, mover, fliers_only=True)
    if mover.pos in full:
        found[mover.pos] = full[mover.pos]
    else:
        found.pop(mover.square, None)
    return found


def provokers_along(tmap: ThreatLookup, start: Square, path: tuple[Square, ...]) -> tuple[str, ...]:
    """Distinct uids, in the order they strike, threatening each square a path leaves (OA-1, OA-3).

    ``tmap`` maps a square (an anchor, for big movers) to the uids
    threatening it; ``start`` is where the path begins; the last square of
    ``path`` is not left, so it provokes nothing.
    """
    found: list[str] = []
    cur = start
    for nxt in path:
        for uid in sorted(tmap.get(cur, ())):
            if uid not in found:
                found.append(uid)
        cur = nxt
    return tuple(found)


def passes_through(book: RuleBook, state: GameState, mover: Creature, mode: Mode, other: Creature) -> bool:
    """Whether ``mover`` (moving in ``mode``) may move through ``other``'s square: an ally always,
    an enemy when the mode passes it (MOV-2, MOV-5, MOV-9..11); then the active rule modules'
    ``passes`` answers, when one changes passing."""
    core = other.team == mover.team or mode.passes(other)
    return core if book.plain_moves else book.passes(state, mover, other, core)


#: The key of the steps priced on a map for a card (``MapDef.derived``, ``RuleBook.steps_from_map``).
_STEPS_KEY = "paths.step_parts"
#: One way found to a square: (provoker bits, cost, path, tally after it, risk).
_Label = tuple[int, int, tuple[Square, ...], MoveTally, int]
#: Where ways are kept apart: (square, the modules' tally key, the last step's direction onto a risky square).
_Key = tuple[Square, tuple[int, ...], tuple[int, int] | None]


def barred_reason(book: RuleBook, state: GameState, mover: Creature, start: Square, end: Square) -> tuple[str, str]:
    """Why the active rule modules bar ``mover``'s step from ``start`` to ``end`` (a step priced
    ``BARRED``), as ("barred", sentence) naming the rule: the module's own reason for ``end``
    (UG-RUBBLE, UG-SQUEEZE, UG-FALL), the slide out of a slope (UG-SLIDE), else no running or
    charging through hampered squares (G35-HAMPER)."""
    found = book.square_refusal(state, mover, end)
    if found is not None:
        return ("barred", found[1])
    if state.battle_map.rules_at(start).slope:
        return ("barred", "A move that enters a slope ends there: the creature slides down it (UG-SLIDE).")
    return ("barred", "No creature runs or charges through hampered squares (G35-HAMPER).")


def priced_routes(book: RuleBook, state: GameState, mover: Creature, start: Square, budget: int,
                  moves: Callable[[Square], Iterable[tuple[Square, int]]],
                  tmap: dict[Square, frozenset[str]] | ThreatLookup,
                  can_stop: Callable[[Square], bool], *, avoid_oa: bool = True,
                  min_first_step: bool = True, running: bool = False) -> dict[Square, Route]:
    """The best route to every square a move may end on, each step priced by the rule book.

    Args:
        book: the battle's active rule modules (``modules.book_of``); each
            step costs ``book.step_cost`` of its terrain cost and the move's
            tally so far (MOV-1, MOV-8, MOV-13; G35-DIAG).
        state, mover: the battle and the creature moving.
        start: the mover's square (its anchor, MOV-13).
        budget: squares of movement.
        moves: square -> the (next square, terrain cost) steps allowed from
            it (walls, corners, blocking enemies and pits already refused).
        tmap: square -> uids leaving it provokes (OA-1).
        can_stop: square -> True when the move may end there (MOV-2).
        avoid_oa: rank by (distinct provokers, cost), else (cost, provokers).
        min_first_step: the first step is allowed whatever it costs (MOV-4).
        running: the move is a run (G35-RUN: ``MoveTally.running``; a step
            a module prices ``BARRED`` is never taken).

    Returns {square: Route} for every legal end other than the start.  The
    search keeps, per square and ``book.tally_key``, the ways no other way
    beats on provokers (a subset) and cost, then risk, so that a step's price
    depending on the move so far is searched exactly.  Risk (only when a
    module prices it, ``book.risk_asked``): the sum of the ``enter`` risk of
    the squares entered (``book.square_risk``), plus the ``turn`` risk of each
    square the way changes direction on (where the way came in matters there,
    so the ways onto such a square are kept apart by their last step's
    direction).  Ways equal in
    provokers and cost are ranked by risk, then by their squares.
    """
    if budget <= 0:
        return {}
    bit_of: dict[str, int] = {}
    masks: dict[Square, int] = {}

    def bits(sq: Square) -> int:
        found = masks.get(sq)
        if found is None:
            found = 0
            for uid in tmap.get(sq, ()):
                if uid not in bit_of:
                    bit_of[uid] = 1 << len(bit_of)
                found |= bit_of[uid]
            masks[sq] = found
        return found

    risky_memo: dict[Square, SquareRisk] = {}

    def risk_of(sq: Square) -> SquareRisk:
        found = risky_memo.get(sq)
        if found is None:
            found = risky_memo[sq] = book.square_risk(state, mover, sq)
        return found

    #: each step's (cost, diagonals, counted steps) by (from, to, terrain, tally key): the hooks' contract
    #: makes them depend on the move so far only through the key (``RuleBook.step_parts``)
    #: and the first step's apart (the modules may price it otherwise); with the map from one search to
    #: the next, a run's apart, when the modules read nothing else (``RuleBook.steps_from_map``)
    step_parts: dict[tuple[Square, Square, int, tuple[int, ...], bool], tuple[int, int, int]]
    if book.steps_from_map:
        memo = state.battle_map.derived()
        memo_key = (_STEPS_KEY, mover.card, running)
        found_parts = memo.get(memo_key)
        if found_parts is None:
            found_parts = memo[memo_key] = {}
        step_parts = found_parts  # type: ignore[assignment]
    else:
        step_parts = {}
    priced = book.risk_asked
    empty = MoveTally(running=running)
    labels: dict[_Key, list[_Label]] = {}
    counter = 0
    no_key: _Key = (start, (), None)  # the start's (never looked up: its path is empty)
    heap: list[tuple[int, int, int, int, Square, int, int, tuple[Square, ...], MoveTally, int, _Key]] = [
        (0, 0, 0, 0, start, 0, 0, (), empty, 0, no_key)]
    while heap:
        _, _, _, _, sq, prov, cost_here, path, tally, risk_here, here_key = heapq.heappop(heap)
        if path and not any(lab[2] is path for lab in labels[here_key]):
            continue  # superseded by a better way
        leaving = prov | bits(sq)
        first = not path
        heading = None
        turning = 0
        if priced and path:  # a turn on a square whose turns are risky adds to the risk
            turning = risk_of(sq).turn
        if turning:
            prev = path[-2] if len(path) > 1 else start
            heading = (sq[0] - prev[0], sq[1] - prev[1])
        tally_key = here_key[1] if path else book.tally_key(tally)
        for nxt, terrain in moves(sq):
            if nxt == start:
                continue
            parts_key = (sq, nxt, terrain, tally_key, first)
            parts = step_parts.get(parts_key)
            if parts is None:
                parts = step_parts[parts_key] = book.step_parts(state, mover, sq, nxt, terrain, tally)
            step = parts[0]
            if step >= BARRED:
                continue
            after = MoveTally(tally.steps + 1, tally.diagonals + parts[1], tally.spent + step, tally.running,
                              tally.counted + parts[2])
            cost = cost_here + step
            if cost > budget:
                if min_first_step and first:
                    cost = budget
                else:
                    continue
            risk = risk_here
            way: tuple[int, int] | None = None
            if priced:
                ahead = risk_of(nxt)
                risk += ahead.enter
                if heading is not None and (nxt[0] - sq[0], nxt[1] - sq[1]) != heading:
                    risk += turning
                if ahead.turn:
                    way = (nxt[0] - sq[0], nxt[1] - sq[1])
            key = (nxt, book.tally_key(after), way)
            found = labels.get(key) or []
            # a way is beaten by one with no other provokers that is cheaper, or as cheap and no riskier
            # (risk only breaks ties of cost, so a cheaper way wins whatever its risk)
            if any((c, r) <= (cost, risk) and not (p & ~leaving) for p, c, _, _, r in found):
                continue
            kept = [lab for lab in found if not ((cost, risk) <= (lab[1], lab[4]) and not (leaving & ~lab[0]))]
            new_path = path + (nxt,)
            kept.append((leaving, cost, new_path, after, risk))
            labels[key] = kept
            counter += 1
            # ties of rank go to the less risky way first, so an equal riskier one is beaten before it spreads
            rank = (leaving.bit_count(), cost) if avoid_oa else (cost, leaving.bit_count())
            heapq.heappush(heap, (*rank, risk, counter, nxt, leaving, cost, new_path, after, risk, key))
    by_square: dict[Square, list[_Label]] = {}
    for (sq, _, _), found in labels.items():
        by_square.setdefault(sq, []).extend(found)
    out: dict[Square, Route] = {}
    for sq in sorted(by_square, key=lambda s: (s[1], s[0])):
        if not can_stop(sq):
            continue
        found = by_square[sq]
        if avoid_oa:
            best = min(found, key=lambda lab: (lab[0].bit_count(), lab[1], lab[4], lab[2]))
        else:
            best = min(found, key=lambda lab: (lab[1], lab[0].bit_count(), lab[4], lab[2]))
        out[sq] = Route(best[2], best[1], provokers_along(tmap, start, best[2]))
    return out


def priced_path_cost(book: RuleBook, state: GameState, mover: Creature, path: Iterable[Square],
                     terrain: Callable[[Square, Square], int]) -> list[int]:
    """The running cost after each step of ``mover``'s ``path`` from its square (``terrain(a, b)``:
    the step's terrain cost), priced by ``book`` (MOV-1, MOV-8, MOV-13; G35-DIAG)."""
    out: list[int] = []
    tally = MoveTally()
    cur, total = mover.square, 0
    for nxt in path:
        step, tally = book.step(state, mover, cur, nxt, terrain(cur, nxt), tally)
        total += step
        out.append(total)
        cur = nxt
    return out
