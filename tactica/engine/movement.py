"""Movement: reachable squares, paths, and the opportunity attacks a path provokes.

Implements MOV-1..12 and the path half of CHG-3/CHG-4.  Costs are in
squares of movement; a diagonal step costs 1 (MOV-1), entering difficult
terrain, forest or a statue costs 2 (MOV-8, TER-*).

Movement modes come from the mover's abilities (``Mode``): Flight (MOV-10)
passes over non-flying enemies and pits, pays 1 everywhere and provokes
non-flying enemies only as it leaves its first square; Burrow (MOV-9) passes
enemies and pits, pays 1 and provokes nothing; Phasing (MOV-11) passes
enemies and pits, pays 1 and provokes as usual.  None passes walls (TER-WALL:
"nothing moves through them"; our reading of "ignores all terrain").  Only a
flier may end a move in a pit (TER-PIT); nobody ends one on a statue
(TER-STATUE).  Threatening Reach widens the squares a creature's
opportunity attacks reach (OA-1).
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from .actions import Action, Charge, Move
from .geometry import BitBoard, adjacent
from .large import big_check_path, big_path_cost, big_routes, big_shift_squares, provokers, stop_ok
from .model import Square
from .modules import BARRED, MoveTally, book_of
from .paths import (
    Mode,
    Neighbours,
    Route,
    barred_reason,
    can_make_opportunity_attack,
    mode_of,
    move_threats,
    passes_through,
    priced_path_cost,
    priced_routes,
    provokers_along,
    threat_map,
    threatens,
    threats,
)
from .state import Creature, GameState
from .terrain import no_stop_reason


def enter_cost(state: GameState, sq: Square, mover: Creature | None = None) -> int:
    """Movement cost to enter ``sq`` (MOV-1, MOV-8); 1 for fliers, burrowers and phasers (MOV-9..11)."""
    if mover is not None and mode_of(mover).flat:
        return 1
    return state.geometry.cost(sq)


def first_step_free(state: GameState, mover: Creature) -> bool:
    """True when ``mover``'s first step of a move is allowed whatever it costs (MOV-4), as the
    battle's rule modules answer (G5E-ENTER says no)."""
    book = book_of(state)
    return book.first_step_free(state, mover, True) if book.attack_modifiers_asked else True


def can_pass(state: GameState, mover: Creature, sq: Square) -> bool:
    """True when ``mover`` may enter ``sq`` on its way, creatures aside (MOV-2, TER-PIT, TER-WALL)."""
    rules = state.battle_map.rules_at(sq)
    if rules.blocks_movement:
        return False
    return not rules.fliers_only or mode_of(mover).flat


def provokers_of_path(state: GameState, mover: Creature, path: tuple[Square, ...],
                      tmap: dict[Square, frozenset[str]] | None = None) -> tuple[str, ...]:
    """Distinct enemies (in the order they strike) a path provokes (OA-1, OA-3, MOV-9, MOV-10).

    For a Large or Huge mover the path holds anchors (MOV-13, see ``large``).
    """
    if mover.card.size > 1:
        return provokers(state, mover, path)
    if tmap is None:
        tmap = move_threats(state, mover)
    return provokers_along(tmap, mover.square, path)


def legal_stop(state: GameState, mover: Creature, sq: Square) -> bool:
    """True when ``mover`` may end a move on ``sq`` (MOV-2): no wall, no other creature,
    not a statue (TER-STATUE), not a pit unless it flies (TER-PIT).  For a Large or Huge
    mover ``sq`` is the anchor and its whole footprint must qualify (MOV-13)."""
    if mover.card.size > 1:
        return stop_ok(state, mover, sq, mover.card.size)
    if not _stop_ok(state, mode_of(mover), sq):
        return False
    uid = mover.uid
    for c in state.creatures:
        pos = c.pos
        if pos is None or c.destroyed or c.uid == uid:
            continue
        if pos == sq or (c.card.size > 1 and sq in c.squares):
            return False
    return True


def routes(state: GameState, mover: Creature, budget: int, *, avoid_oa: bool = True,
           min_first_step: bool = True, running: bool = False) -> dict[Square, Route]:
    """Best route to every square ``mover`` can end a move on.

    Args:
        state: the game.
        mover: the creature moving (its ``pos`` is the start).
        budget: movement available, in squares.
        avoid_oa: rank routes by (distinct provokers, cost) when True, by
            (cost, provokers) when False (charges must take a shortest path).
        min_first_step: allow the first step whatever it costs (MOV-4).
        running: the move is a run (G35-RUN; the rule modules price it,
            barring the steps no run takes).

    Returns a dict destination -> Route for every legal stop square other
    than the start.  Allies may be passed through, never stopped on; enemies
    and walls block (MOV-2, MOV-5, MOV-7), unless the mover's mode passes
    enemies or pits (MOV-9..11).  A Large or Huge mover's routes run over
    its anchor squares (MOV-13, ``large.big_routes``).
    """
    min_first_step = min_first_step and first_step_free(state, mover)
    if mover.card.size > 1:
        return big_routes(state, mover, budget, avoid_oa=avoid_oa, min_first_step=min_first_step,
                          running=running)
    start = mover.square
    if budget <= 0:
        return {}
    book = book_of(state)
    if not book.plain_moves:  # a rule module prices steps (G35-DIAG): the priced search
        return _priced_routes(state, mover, budget, avoid_oa=avoid_oa, min_first_step=min_first_step,
                              running=running)
    mode = mode_of(mover)
    blocked: set[Square] = set()  # enemies it cannot pass, and pits unless it flies, burrows or phases
    others: set[Square] = set()
    for c in state.creatures:
        if c.alive and c.uid != mover.uid:
            squares = c.squares if c.card.size > 1 else (c.square,)
            others.update(squares)
            if c.team != mover.team and not mode.passes(c):
                blocked.update(squares)
    geo = state.geometry
    if not mode.flat and geo.pits:  # TER-PIT
        blocked |= geo.pits
    tmap = move_threats(state, mover)
    neighbours = geo.neighbours
    known_neighbours = geo.neighbour_memo.get  # what ``neighbours`` returns, once it has been asked
    costs: dict[Square, int] = {} if mode.flat else geo.entry_costs  # squares costing more than 1 (geo.cost)
    cost_get = costs.get
    skip = blocked | {start}
    # Provokers as bit masks (one bit per threatening enemy) for speed.
    bit_of: dict[str, int] = {}
    tbits: dict[Square, int] = {}
    sx, sy = start
    for sq, uids in tmap.items():
        # A square at least ``budget`` squares away is never left on the way (every
        # step costs at least 1), so its threats cannot change any route.
        if max(abs(sq[0] - sx), abs(sq[1] - sy)) >= budget:
            continue
        mask = 0
        for uid in uids:
            if uid not in bit_of:
                bit_of[uid] = 1 << len(bit_of)
            mask |= bit_of[uid]
        tbits[sq] = mask

    if not tbits and _PLAIN_SEARCH:
        # Nothing threatens any square: every label has no provokers, so each
        # square keeps one label (the first cheapest found) and both orders are
        # (cost, push order); _plain_routes is that search, step for step.
        stop = geo.stop_squares(mode.flies)
        return {sq: Route(path, cost, ())
                for sq, (cost, path) in _plain_routes(start, budget, blocked, neighbours,
                                                      None if mode.flat else geo.cost,
                                                      min_first_step).items()
                if sq not in others and sq in stop}

    # Pareto labels: [provokers, cost, path]; a label dominates another when
    # its provokers are a subset and its cost is no higher.
    labels: dict[Square, list[tuple[int, int, tuple[Square, ...]]]] = {start: []}
    counter = 0
    heap: list[tuple[int, int, int, Square, int, int, tuple[Square, ...]]] = [(0, 0, counter, start, 0, 0, ())]
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
        steps: Iterable[Square] | None = known_neighbours(sq)
        if steps is None:
            steps = neighbours(sq)
        for nxt in steps:
            if nxt in skip:
                continue
            cost = cost_here + cost_get(nxt, 1)
            if cost > budget:
                if min_first_step and first:
                    cost = budget
                else:
                    continue
            found = labels.get(nxt)
            if found:
                dominated = False
                for p, spent, _ in found:
                    if spent <= cost and not (p & ~leaving):
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
    stop = geo.stop_squares(mode.flies)  # what ``_stop_ok`` asks
    for sq, found in labels.items():
        if sq == start or not found or sq in others or sq not in stop:
            continue
        if len(found) == 1:
            best = found[0]
        elif avoid_oa:
            best = min(found, key=lambda lab: (lab[0].bit_count(), lab[1], lab[2]))
        else:
            best = min(found, key=lambda lab: (lab[1], lab[0].bit_count(), lab[2]))
        # No provoker bits on the label: the path leaves no threatened square.
        out[sq] = Route(best[2], best[1], provokers_of_path(state, mover, best[2], tmap) if best[0] else ())
    return out


def _blocked_and_others(state: GameState, mover: Creature, mode: Mode) -> tuple[set[Square], set[Square]]:
    """(squares ``mover`` may not enter, squares other creatures fill): enemies it cannot pass
    and pits unless its mode passes them (MOV-2, MOV-5, MOV-9..11, TER-PIT)."""
    blocked: set[Square] = set()
    others: set[Square] = set()
    book = book_of(state)
    for c in state.creatures:
        if c.alive and c.uid != mover.uid:
            squares = c.squares if c.card.size > 1 else (c.square,)
            others.update(squares)
            if not passes_through(book, state, mover, mode, c):
                blocked.update(squares)
    if not mode.flat and state.geometry.pits:  # TER-PIT
        blocked |= state.geometry.pits
    return blocked, others


def _priced_routes(state: GameState, mover: Creature, budget: int, *, avoid_oa: bool,
                   min_first_step: bool, threats: bool = True, running: bool = False) -> dict[Square, Route]:
    """``routes`` of a one-square mover when a rule module prices steps (``paths.priced_routes``);
    ``threats`` False: cheapest paths with no opportunity-attack bookkeeping (for ``reach``)."""
    mode = mode_of(mover)
    blocked, others = _blocked_and_others(state, mover, mode)
    geo = state.geometry
    start = mover.square
    flat = mode.flat
    stop = geo.stop_squares(mode.flies)

    def moves(sq: Square) -> list[tuple[Square, int]]:
        return [(n, 1 if flat else geo.cost(n)) for n in geo.neighbours(sq) if n not in blocked]

    tmap = move_threats(state, mover) if threats else {}
    return priced_routes(book_of(state), state, mover, start, budget, moves, tmap,
                         lambda sq: sq not in others and sq in stop,
                         avoid_oa=avoid_oa, min_first_step=min_first_step, running=running)


#: Use ``_plain_routes`` when nothing is threatened (tests switch it off to compare).
_PLAIN_SEARCH = True


def _plain_routes(start: Square, budget: int, blocked: set[Square], neighbours: Neighbours,
                  cost_of: Callable[[Square], int] | None,
                  min_first_step: bool) -> dict[Square, tuple[int, tuple[Square, ...]]]:
    """Cheapest path to every square within ``budget`` when no square is threatened (see ``routes``).

    A Dijkstra search ordered by (cost, push order), keeping the first
    cheapest path found per square: what the Pareto search of ``routes``
    does when no label has provokers.  ``cost_of`` None means every step
    costs 1.  Returns {square: (cost, path)} in discovery order (start excluded).
    """
    best: dict[Square, tuple[int, tuple[Square, ...]]] = {}
    counter = 0
    heap: list[tuple[int, int, Square, tuple[Square, ...]]] = [(0, 0, start, ())]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost_here, _, sq, path = pop(heap)
        if path and best[sq][1] is not path:
            continue  # superseded by a cheaper path
        first = not path
        for nxt in neighbours(sq):
            if nxt in blocked or nxt == start:
                continue
            cost = cost_here + (1 if cost_of is None else cost_of(nxt))
            if cost > budget:
                if min_first_step and first:
                    cost = budget
                else:
                    continue
            found = best.get(nxt)
            if found is not None and found[0] <= cost:
                continue
            new_path = path + (nxt,)
            best[nxt] = (cost, new_path)
            counter += 1
            push(heap, (cost, counter, nxt, new_path))
    return best


class MoveReach:
    """Where a one-square mover can end a move, with one legal path to each (MOV-1..11).

    Built by ``reach``: the squares are exactly the destinations ``routes``
    gives for the same mover and budget, without its opportunity-attack
    bookkeeping.  ``path(dest)`` is one cheapest legal path (it may provoke
    more opportunity attacks than the route ``routes`` picks, and may be
    another path of the same cost).

    Attributes:
        destinations: legal stop squares other than the start, in (row,
            column) order (the order ``legal_actions`` lists moves in).
    """

    __slots__ = ("_dests", "_mask", "_start", "_best", "_routes", "_layers", "_bits", "_costs", "_neighbours",
                 "_moves_for", "_charges_for", "_charge_ends")

    def __init__(self, destinations: list[Square] | None, start: Square | None = None,
                 best: dict[Square, tuple[int, Square]] | None = None,
                 found_routes: dict[Square, Route] | None = None, layers: list[int] | None = None,
                 bits: BitBoard | None = None, costs: dict[Square, int] | None = None,
                 neighbours: Neighbours | None = None, mask: int = 0) -> None:
        """One of three forms: ``found_routes`` (a Large or Huge mover's routes), ``best`` (a flood's
        {square: (cost, previous square)} from ``start``), or ``layers``, ``bits``, ``costs`` and
        ``neighbours`` (a flood on bit masks; ``mask`` the destinations, ``destinations`` None)."""
        self._dests = destinations  # None: the squares of ``mask`` (a BitBoard mask), listed on demand
        self._mask = mask
        self._start = start
        self._best = best
        self._routes = found_routes
        self._layers = layers
        self._bits = bits
        self._costs = costs
        self._neighbours = neighbours
        #: The state's book of listed actions (``trust``) when this flood is that state's moves
        #: (``legal.move_reach``)
        self._moves_for: dict[int, Action] | None = None
        #: ... or its charges (``legal.charge_choices``), whose (target uid, end) pairs are ``_charge_ends``.
        self._charges_for: dict[int, Action] | None = None
        self._charge_ends: frozenset[tuple[str, Square]] = frozenset()

    def trust_moves(self, key: dict[int, Action] | None) -> MoveReach:
        """Mark this flood as the legal moves of the state whose book of listed actions is ``key``
        (``trust.token``, ``legal.move_reach``; None: nothing is vouched); returns it."""
        self._moves_for = key
        return self

    def trust_charges(self, key: dict[int, Action] | None, ends: list[tuple[str, Square]]) -> MoveReach:
        """Mark this flood as the way to the legal charges ``ends`` ((target uid, end square) pairs) of
        the state whose book of listed actions is ``key`` (``trust.token``, ``legal.charge_choices``);
        returns it."""
        self._charges_for, self._charge_ends = key, frozenset(ends)
        return self

    def move(self, dest: Square) -> Move:
        """``Move(self.path(dest))``; when this flood is a state's legal moves (``legal.move_reach``)
        and ``dest`` one of its destinations, the move is vouched for that state (``trust``:
        ``apply`` carries it out without checking it again).  KeyError if unreachable."""
        action = Move(self.path(dest))
        book = self._moves_for
        if book is not None and self.has(dest):
            book[id(action)] = action  # trust.vouch_one
        return action

    def charge(self, target: str, end: Square) -> Charge:
        """``Charge(target, self.path(end))``; vouched for the state (``trust``) when this flood is
        its charges (``legal.charge_choices``) and (target, end) one of them.  KeyError if unreachable."""
        action = Charge(target, self.path(end))
        book = self._charges_for
        if book is not None and (target, end) in self._charge_ends:
            book[id(action)] = action  # trust.vouch_one
        return action

    @property
    def destinations(self) -> list[Square]:
        """Legal stop squares other than the start, in (row, column) order."""
        if self._dests is None:
            assert self._bits is not None  # the bit-mask form
            self._dests = self._bits.squares(self._mask)
        return self._dests

    @property
    def count(self) -> int:
        """How many destinations there are (``len(destinations)``, without listing them)."""
        if self._dests is None:
            return self._mask.bit_count()
        return len(self._dests)

    def nth(self, i: int) -> Square:
        """``destinations[i]`` (0 <= i < count), without listing them all."""
        if self._dests is not None:
            return self._dests[i]
        bits, mask = self._bits, self._mask
        assert bits is not None  # the bit-mask form
        s = bits.stride
        row_mask = (1 << s) - 1
        y = 0
        while True:  # skip whole rows first
            row = (mask >> (y * s)) & row_mask
            n = row.bit_count()
            if i < n:
                break
            i -= n
            y += 1
        for _ in range(i):
            row &= row - 1  # drop the lowest square
        return ((row & -row).bit_length() - 1, y)

    def has(self, sq: Square) -> bool:
        """True when ``sq`` is a destination."""
        if self._dests is None:
            bits = self._bits
            assert bits is not None  # the bit-mask form
            x, y = sq
            return 0 <= x < bits.stride - 1 and y >= 0 and bool(self._mask >> (y * bits.stride + x) & 1)
        return sq in self._dests

    def _layer(self, sq: Square) -> int:
        """The movement cost of ``sq`` in the bit-mask form: the layer holding it."""
        assert self._bits is not None and self._layers is not None  # the bit-mask form
        b = self._bits.bit(sq)
        for k, mask in enumerate(self._layers):
            if mask & b:
                return k
        raise KeyError(sq)

    def cost(self, dest: Square) -> int:
        """Movement spent on the cheapest way to ``dest`` (the cost ``routes`` gives when it ranks
        by cost, ``avoid_oa=False``); KeyError if unreachable."""
        if self._routes is not None:
            return self._routes[dest].cost
        if self._layers is not None:
            return self._layer(dest)
        assert self._best is not None  # the flood form
        return self._best[dest][0]

    def path(self, dest: Square) -> tuple[Square, ...]:
        """Squares entered on a cheapest legal path to ``dest`` (start excluded); KeyError if unreachable."""
        if self._routes is not None:
            return self._routes[dest].path
        if self._layers is not None:
            return self._layer_path(dest)
        best = self._best
        assert best is not None  # the flood form
        out = [dest]
        sq = best[dest][1]
        while sq != self._start:
            out.append(sq)
            sq = best[sq][1]
        out.reverse()
        return tuple(out)

    def _layer_path(self, dest: Square) -> tuple[Square, ...]:
        """Back from ``dest``: each square's first neighbour (``Geometry.neighbours`` order) in the
        layer its entry cost leads back to; a first step dearer than the budget comes from the start."""
        layers, bits, costs, neighbours = self._layers, self._bits, self._costs, self._neighbours
        assert layers is not None and bits is not None and neighbours is not None  # the bit-mask form
        out = [dest]
        cur, k = dest, self._layer(dest)
        while True:
            k -= 1 if costs is None else costs.get(cur, 1)
            if k <= 0:  # from the start (k < 0: MOV-4, the one-square minimum)
                break
            mask = layers[k]
            for n in neighbours(cur):
                if mask & bits.bit(n):
                    cur = n
                    break
            else:  # pragma: no cover - a layer square always has a predecessor
                raise KeyError(dest)
            out.append(cur)
        out.reverse()
        return tuple(out)


def reach(state: GameState, mover: Creature, budget: int, *, min_first_step: bool = True,
          running: bool = False) -> MoveReach:
    """The squares ``mover`` can end a move of ``budget`` squares on, and a path to each (see ``MoveReach``).

    The same destination set as ``routes(state, mover, budget)`` (MOV-1,
    MOV-2, MOV-4, MOV-5, MOV-7..11, TER-PIT, TER-STATUE) at the cost of one
    flood: no threat map, no path tuples -- on bit masks (``BitBoard``), a
    layer per movement cost, unless the map has diagonal walls.  A Large or
    Huge mover (MOV-13) falls back to ``routes``, and so does a battle whose
    rule modules price steps (``paths.priced_routes``, without threats).
    ``running``: a run or a charge (the modules may bar steps, G35-HAMPER).
    """
    min_first_step = min_first_step and first_step_free(state, mover)
    if mover.card.size > 1:  # MOV-13
        found = routes(state, mover, budget, avoid_oa=False, min_first_step=min_first_step, running=running)
        return MoveReach(sorted(found, key=lambda sq: (sq[1], sq[0])), None, None, found)
    if not book_of(state).plain_moves:  # a rule module prices steps: cheapest paths, no threats
        found = _priced_routes(state, mover, budget, avoid_oa=False, min_first_step=min_first_step,
                               threats=False, running=running) if budget > 0 else {}
        return MoveReach(sorted(found, key=lambda sq: (sq[1], sq[0])), None, None, found)
    start = mover.square
    if budget <= 0:
        return MoveReach([], start, {})
    mode = mode_of(mover)
    geo = state.geometry
    bits = geo.bits()
    if bits is not None:
        return _bit_reach(state, mover, mode, budget, bits, min_first_step)
    blocked: set[Square] = set()
    others: set[Square] = set()
    team, uid = mover.team, mover.uid
    for c in state.creatures:
        if c.pos is not None and not c.destroyed and c.uid != uid:
            squares = c.squares if c.card.size > 1 else (c.pos,)
            others.update(squares)
            if c.team != team and not mode.passes(c):
                blocked.update(squares)
    if not mode.flat and geo.pits:  # TER-PIT
        blocked |= geo.pits
    best = _plain_flood(start, budget, blocked, geo.neighbours, None if mode.flat else geo.entry_costs,
                        min_first_step)
    stop = geo.stop_squares(mode.flies)
    dests = [sq for sq in best if sq not in others and sq in stop]
    dests.sort(key=_row_major)
    return MoveReach(dests, start, best)


def _bit_reach(state: GameState, mover: Creature, mode: Mode, budget: int, bits: BitBoard,
               min_first_step: bool) -> MoveReach:
    """``reach`` on bit masks: layer k holds the squares whose cheapest path costs k (MOV-1, MOV-8)."""
    blocked = others = 0
    team, uid = mover.team, mover.uid
    bit, stride = bits.bit, bits.stride
    walker = not (mode.flies or mode.burrows or mode.phases)  # passes no enemy (MOV-5): ``mode.passes`` says no
    for c in state.creatures:
        pos = c.pos
        if pos is not None and not c.destroyed and c.uid != uid:
            if c.card.size > 1:
                m = 0
                for sq in c.squares:
                    m |= bit(sq)
            else:
                m = 1 << (pos[1] * stride + pos[0])  # bits.bit, inlined
            others |= m
            if (c.teams[c.player] if c.teams else c.player) != team and (walker or not mode.passes(c)):  # c.team
                blocked |= m
    if not mode.flat:  # TER-PIT
        blocked |= bits.pits
    enter = bits.open & ~blocked
    start = bit(mover.square)
    flat = mode.flat
    cheap = bits.open if flat else bits.cheap
    costly = () if flat else bits.costly
    expand = bits.expand
    layers = [start]
    grown = [expand(start)]
    seen = start
    for k in range(1, budget + 1):
        new = grown[k - 1] & cheap
        for entry_cost, mask in costly:
            if entry_cost <= k:
                new |= grown[k - entry_cost] & mask
        if min_first_step and k == budget:  # MOV-4: the first step, whatever it costs
            new |= grown[0]
        new &= enter & ~seen
        seen |= new
        layers.append(new)
        grown.append(expand(new) if k < budget else 0)
    dests = seen & ~start & ~others & (bits.stop_fly if mode.flies else bits.stop_walk)
    return MoveReach(None, mover.square, layers=layers, bits=bits, costs=None if flat else state.geometry.entry_costs,
                     neighbours=state.geometry.neighbours, mask=dests)


def _row_major(sq: Square) -> tuple[int, int]:
    return sq[1], sq[0]


def _plain_flood(start: Square, budget: int, blocked: set[Square], neighbours: Neighbours,
                 costs: dict[Square, int] | None, min_first_step: bool) -> dict[Square, tuple[int, Square]]:
    """``_plain_routes`` with a previous square per square instead of a path tuple.

    The same search step for step (Dijkstra by (cost, push order), the first
    cheapest path kept), so following the previous squares back from a
    square gives exactly the path ``_plain_routes`` finds.  ``costs`` is
    the map's {square: entry cost} (missing: 1), or None when every step
    costs 1.  Returns {square: (cost, previous square)}, start excluded.
    """
    best: dict[Square, tuple[int, Square]] = {}
    counter = 0
    heap: list[tuple[int, int, Square]] = [(0, 0, start)]
    pop, push = heapq.heappop, heapq.heappush
    get = best.get
    while heap:
        cost_here, _, sq = pop(heap)
        first = sq == start
        if not first and best[sq][0] != cost_here:
            continue  # superseded by a cheaper path
        for nxt in neighbours(sq):
            if nxt in blocked or nxt == start:
                continue
            cost = cost_here + (1 if costs is None else costs.get(nxt, 1))
            if cost > budget:
                if min_first_step and first:
                    cost = budget
                else:
                    continue
            found = get(nxt)
            if found is not None and found[0] <= cost:
                continue
            best[nxt] = (cost, sq)
            counter += 1
            push(heap, (cost, counter, nxt))
    return best


def check_path(state: GameState, mover: Creature, path: tuple[Square, ...], budget: int,
               *, min_first_step: bool = True, running: bool = False) -> tuple[str, str] | None:
    """Check a path a client proposes; None when legal, else (code, reason).

    MOV-1, MOV-2, MOV-4, MOV-5, MOV-7, MOV-8, MOV-9..11, MOV-13, TER-PIT, TER-STATUE;
    ``running``: the move is a run (G35-RUN), a step a module bars refused ("barred").
    """
    min_first_step = min_first_step and first_step_free(state, mover)
    if mover.card.size > 1:
        return big_check_path(state, mover, path, budget, min_first_step=min_first_step, running=running)
    if not path:
        return ("empty-path", "The path is empty.")
    if budget <= 0:  # MOV-4: the one-square minimum does not move the immobile
        return ("cannot-move", f"{mover.card.name} cannot move (speed 0).")
    cur = mover.square
    spent = 0
    geo = state.geometry
    mode = mode_of(mover)
    book = book_of(state)
    plain = book.plain_moves
    tally = MoveTally(running=running)
    flat = mode.flat
    occupant: dict[Square, Creature] = {}  # what state.creature_at gives, for every square at once
    for c in state.creatures:
        if c.pos is not None and not c.destroyed:
            for sq in (c.squares if c.card.size > 1 else (c.pos,)):
                occupant.setdefault(sq, c)
    for i, nxt in enumerate(path):
        if not adjacent(cur, nxt):
            return ("not-adjacent", f"Step {i + 1} of the path is not to an adjacent square.")
        if geo.is_wall(nxt):
            return ("wall", "Walls block movement.")
        if not geo.step_allowed(cur, nxt):
            return ("wall-corner", "No creature moves diagonally past a wall corner.")
        other = occupant.get(nxt)
        if other is not None and not passes_through(book, state, mover, mode, other):
            return ("enemy", "A creature cannot move through an enemy's square.")
        if not flat and nxt in geo.pits:  # can_pass: walls are refused above
            return ("pit", "Only flying creatures may enter a pit (TER-PIT).")
        terrain = 1 if flat else geo.cost(nxt)
        if plain:
            spent += terrain
        else:  # a rule module prices the step (G35-DIAG)
            step, tally = book.step(state, mover, cur, nxt, terrain, tally)
            if step >= BARRED:
                return barred_reason(book, state, mover, cur, nxt)
            spent += step
        if spent > budget and not (i == 0 and min_first_step):
            return ("too-far", f"That move needs {spent} squares of movement; "
                               f"{mover.card.name} has {budget}.")
        cur = nxt
    if not legal_stop(state, mover, cur):
        if not state.battle_map.rules_at(cur).can_stop:
            return ("no-stop", no_stop_reason(state.battle_map.terrain_at(cur)))
        if state.creature_at(cur) is None:
            return ("pit", "Only flying creatures may end a move in a pit (TER-PIT).")
        return ("occupied", "A move cannot end on another creature's square.")
    return None


def _stop_ok(state: GameState, mode: Mode, sq: Square) -> bool:
    """The terrain of ``sq`` lets a creature moving in ``mode`` end a move there (MOV-2, TER-*)."""
    return sq in state.geometry.stop_squares(mode.flies)  # off the map: never


def path_cost(state: GameState, path: tuple[Square, ...], mover: Creature | None = None) -> int:
    """Movement cost of entering each square of ``path`` (MOV-1, MOV-8, MOV-9..11; MOV-13 for anchors)."""
    if mover is not None and mover.card.size > 1:
        return big_path_cost(state, mover, path)
    book = book_of(state)
    if book.plain_moves or mover is None:
        if mover is not None and mode_of(mover).flat:  # enter_cost: 1 a square (MOV-9..11)
            return len(path)
        cost = state.geometry.cost
        return sum(cost(sq) for sq in path)
    costs = priced_path_cost(book, state, mover, path, lambda a, b: enter_cost(state, b, mover))
    return costs[-1] if costs else 0


def shift_squares(state: GameState, mover: Creature) -> list[Square]:
    """Squares ``mover`` may shift to (MOV-12): adjacent, legal, not difficult (nor forest).

    None when it cannot move at all (speed 0, immobilized: MOV-4, CON-5).
    """
    if mover.card.size > 1:
        return big_shift_squares(state, mover)
    if mover.speed <= 0:
        return []
    geo = state.geometry
    stop, difficult = geo.stop_squares(mode_of(mover).flies), geo.difficult
    taken = taken_squares(state, mover)
    # legal_stop for each neighbour: terrain to stop on, no other creature there.
    found = [n for n in geo.neighbours(mover.square) if n not in difficult and n in stop and n not in taken]
    return found if book_of(state).plain_moves else [n for n in found if module_shift_ok(state, mover, n)]


def shift_ok(state: GameState, mover: Creature, sq: Square) -> bool:
    """``sq in shift_squares(state, mover)``, checking that square alone (MOV-12)."""
    if mover.card.size > 1:
        return sq in shift_squares(state, mover)
    geo = state.geometry
    return (mover.speed > 0 and sq in geo.neighbours(mover.square) and sq not in geo.difficult
            and sq in geo.stop_squares(mode_of(mover).flies) and sq not in taken_squares(state, mover)
            and (book_of(state).plain_moves or module_shift_ok(state, mover, sq)))


def module_shift_ok(state: GameState, mover: Creature, anchor: Square) -> bool:
    """With optional rule modules: whether they let ``mover`` shift (MOV-12) to ``anchor``
    (``RuleBook.shift_allowed``: UG-FALL, UG-LOW)."""
    return book_of(state).shift_allowed(state, mover, anchor)


def taken_squares(state: GameState, mover: Creature) -> set[Square]:
    """Every square a creature on the map other than ``mover`` fills (footprints, MOV-13)."""
    uid = mover.uid
    if not state.facts().large:  # one square each: their squares are their positions
        return {c.pos for c in state.creatures  # on the map: pos is a square
                if c.pos is not None and not c.destroyed and c.uid != uid}
    taken: set[Square] = set()
    for c in state.creatures:
        if c.pos is not None and not c.destroyed and c.uid != uid:
            if c.card.size > 1:
                taken.update(c.squares)
            else:
                taken.add(c.pos)
    return taken


__all__ = ["Mode", "MoveReach", "Route", "can_make_opportunity_attack", "can_pass", "check_path", "enter_cost",
           "first_step_free",
           "legal_stop", "mode_of", "move_threats", "path_cost", "provokers_along", "provokers_of_path", "reach",
           "routes", "shift_ok", "shift_squares", "taken_squares", "threat_map", "threatens", "threats"]
