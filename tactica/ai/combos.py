"""The planner's combination searches: a first action worth what it lets the creature do next.

A creature's activation is a move action and an attack action, or a move in
place of the attack (ACT-1, ACT-3).  These searches value a first action by
the best second one it allows, from a what-if state (``with_creature_at``,
``as_active``: the engine's answers, never an edited state): a move and then
a charge (CHG-1), two moves into a VP zone that would win (SCN-ASSAULT), a
shift first out of an enemy's reach (MOV-12, OA-2), and a move that brings
a wounded ally into a special power's range (SPW-1).  Each returns
[(value, first action)] for ``planner.plan_creature`` to weigh.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from tactica.engine import (
    NO_ATTACK_POWERS,
    NO_SPECIAL_POWERS,
    Action,
    Charge,
    Creature,
    GameState,
    Move,
    PowerAction,
    Route,
    Shift,
    Square,
    UsePower,
    actions_of_kind,
    any_in,
    as_active,
    attack_allowed,
    chebyshev,
    power_available,
    power_helps,
    provokers_of_path,
    routes,
    with_creature_at,
)

from .aiming import best_attack_from, charge_value
from .board import Board, flat_mover, place_value
from .frame import tie_key, tie_sorter
from .values import expected_basic, oa_kill_chance, oa_risk, power_value
from .weights import MOVE_CHARGE, SHIFT_MOVES, ZONE_TRIES

#: What a second action is worth after a first move: (state after it, mover there, its route) -> values.
FollowUps = Callable[[GameState, Creature, Route], Iterable[float]]


def _first_moves(state: GameState, me: Creature, reach: dict[Square, Route], squares: list[Square],
                 follow_ups: FollowUps) -> list[tuple[float, Action]]:
    """Each first Move of ``reach`` to one of ``squares``, worth its best second action: [(value, Move)].

    ``state`` is the planner's state with ``me`` active.  For each square,
    ``follow_ups(after, mover, route)`` yields the value of every second
    action from there: ``after`` is ``state`` with the move action used
    (ACT-3: what follows is the second action) and ``me`` standing on the
    square (``whatif``), ``mover`` its creature there and ``route`` the
    move's.  A square with no second action is left out.
    """
    out: list[tuple[float, Action]] = []
    moved = as_active(state, me.uid, move_used=True)
    for sq in squares:
        r = reach[sq]
        after = with_creature_at(moved, me.uid, sq)
        best = max(follow_ups(after, after.creature(me.uid), r), default=None)
        if best is not None:
            out.append((best, Move(r.path)))
    return out


def move_then_charge(state: GameState, me: Creature, board: Board, threats: list, reach: dict[Square, Route],
                     pv: dict[Square, float], direct: set[str] | frozenset[str] = frozenset()
                     ) -> list[tuple[float, Action]]:
    """Moves that end where a charge can follow (ACT-1, ACT-3, CHG-1..CHG-4): [(value, Move)].

    ``state`` is the planner's state with ``me`` active and its move action
    unused; ``reach`` and ``pv`` are the move's routes and their end values.
    A square is a start when the nearest free square next to an enemy in
    line of sight lies 2 to speed squares from it (grid distance, CHG-3);
    the MOVE_CHARGE best of them (per enemy, its basic melee attack's rough
    worth plus ``pv``; at most two per enemy) get their exact charges
    (``actions_of_kind``), each worth its attack (``charge_value``), where
    it ends (``place_value``) and the opportunity attacks of both the move
    and the charge (OA-1, OA-3: each enemy at most once).  Each start is the
    Move to it, valued by its best charge.  Targets in ``direct`` (charged
    from where it stands already) are left out.
    """
    melee = me.card.basic_melee
    enemies = [e for e in state.enemy_creatures(me.player) if e.card.size == 1 and e.uid not in direct]
    if not enemies or melee is None or not attack_allowed(me, melee):
        return []
    tie = tie_sorter(state, me.player)  # ties in the side's own frame (issue 21)
    speed = me.speed
    worth = sorted(((expected_basic(melee, t) / max(1, t.hp) * t.card.cost, k, t) for k, t in enumerate(enemies)),
                   key=lambda x: (-x[0], x[1]))
    picks: list[tuple[float, Square]] = []
    los = state.geometry.line_of_sight
    occupied = {c.pos for c in state.alive() if c.uid != me.uid}
    for w, _, t in worth:
        ends = [q for q in state.geometry.neighbours(t.square) if q not in occupied]
        if not ends:
            continue
        # CHG-3: the nearest square next to it must be 2 to speed squares away (grid distance)
        near = sorted((sq for sq in reach
                       if 2 <= min(max(abs(sq[0] - q[0]), abs(sq[1] - q[1])) for q in ends) <= speed),
                      key=lambda q: (-pv[q], tie(q)))
        taken = 0
        for sq in near:
            if any(q == sq for _, q in picks):
                continue
            if los(sq, t.square):
                picks.append((w + pv[sq], sq))
                taken += 1
                if taken == 2:
                    break
    picks.sort(key=lambda x: (-x[0], tie(x[1])))

    def charges(after: GameState, mover: Creature, r: Route) -> Iterator[float]:
        for ch in actions_of_kind(after, Charge):
            if ch.target in direct:
                continue
            provokers = tuple(dict.fromkeys(r.provokers + provokers_of_path(after, mover, ch.path)))
            v = charge_value(after, me, ch)
            if board.options.oa_first and provokers:  # OA-4
                v *= 1 - oa_kill_chance(after, me, provokers)
            yield v + place_value(board, me, ch.destination, threats) - oa_risk(after, me, provokers)

    return _first_moves(state, me, reach, [sq for _, sq in picks[:MOVE_CHARGE]], charges)


def two_moves_into_zone(state: GameState, me: Creature, board: Board, threats: list,
                         reach: dict) -> list[tuple[float, Action]]:
    """Moves after which a second move (the attack action, ACT-3) ends in our VP zone: [(value, Move)].

    Used when holding the zone this round would win the battle
    (``Board.zone_wins``, SCN-ASSAULT) and no square of it is in one move's
    ``reach``.  The ZONE_TRIES squares of ``reach`` nearest the zone
    (``zone_distance``, the engine's movement count, at most the speed) get the exact routes of the second
    move; each first Move is worth the best zone square so reached
    (``place_value``) less the opportunity attacks of both moves (OA-1,
    OA-3: each enemy at most once).  ``state`` is the planner's state with
    ``me`` active.
    """
    speed = me.speed
    size, zone, flat = me.size, board.zone, flat_mover(me)
    near = sorted((sq for sq in reach
                   if not any_in(sq, size, zone) and board.zone_distance(sq, size, flat) <= speed),
                  key=lambda q: (board.zone_distance(q, size, flat), tie_key(state, me.player, q)))

    def into_zone(after: GameState, mover: Creature, r: Route) -> Iterator[float]:
        for dest, r2 in routes(after, mover, speed).items():
            if any_in(dest, size, zone):  # any square of it in the zone (SCN-ASSAULT)
                provokers = tuple(dict.fromkeys(r.provokers + r2.provokers))
                yield place_value(board, me, dest, threats) - oa_risk(after, me, provokers)

    return _first_moves(state, me, reach, near[:ZONE_TRIES], into_zone)


def shift_then_act(state: GameState, me: Creature, board: Board, threats: list,
                    enemies: list[Creature], attack_left: bool) -> list[tuple[float, Action]]:
    """Shifts (MOV-12, ACT-2) worth making before anything else: [(value, Shift)].

    A shift provokes no opportunity attack (OA-2).  ``state`` is the
    planner's state with ``me`` active and its
    move action unused.  Each legal shift square is worth the best of:
    ending there (``place_value``); attacking from there (ACT-1); and, for
    the SHIFT_MOVES squares next to the fewest enemies, moving on with the
    attack action (ACT-3) or charging (CHG-1), each route costing the
    opportunity attacks it still provokes (``oa_risk``).
    """
    out: list[list] = []  # [value, Shift], the value raised as better follow-ups are found
    tie = tie_sorter(state, me.player)  # ties in the side's own frame (issue 21)
    shifts = sorted(actions_of_kind(state, Shift), key=lambda s: tie(s.square))
    if not shifts:
        return []
    makers = [e for e in enemies if e.can_make_opportunity_attacks]
    # (enemies next to it, -value, rank in the frame, square, index)
    ranked: list[tuple[int, float, tuple[int, int], Square, int]] = []
    for sh in shifts:
        sq = sh.square
        v = place_value(board, me, sq, threats)
        if attack_left:
            there = with_creature_at(state, me.uid, sq)
            atk, act = best_attack_from(there, there.creature(me.uid), enemies)
            if act is not None:
                v += atk
        out.append([v, sh])
        ranked.append((sum(1 for e in makers if chebyshev(e.square, sq) == 1), -v, tie(sq), sq, len(out) - 1))
    if attack_left and me.speed > 0:
        moved = as_active(state, me.uid, move_used=True)  # ACT-3: the attack action moves on
        for _, _, _, sq, k in sorted(ranked)[:SHIFT_MOVES]:
            after = with_creature_at(moved, me.uid, sq)
            mover = after.creature(me.uid)
            for dest, r in routes(after, mover, mover.speed).items():
                v = place_value(board, me, dest, threats) - oa_risk(after, me, r.provokers)
                if v > out[k][0]:
                    out[k][0] = v
            if me.card.basic_melee is None:
                continue
            for ch in actions_of_kind(after, Charge):  # CHG-1: a charge after the shift
                provokers = provokers_of_path(after, mover, ch.path)
                v = charge_value(after, me, ch)
                if board.options.oa_first and provokers:  # OA-4
                    v *= 1 - oa_kill_chance(after, me, provokers)
                v += place_value(board, me, ch.destination, threats) - oa_risk(after, me, provokers)
                if v > out[k][0]:
                    out[k][0] = v
    return [(v, a) for v, a in out]


def move_to_help(state: GameState, me: Creature, reach: dict, pv: dict[Square, float]) -> list[tuple[float, Action]]:
    """Moves that bring an ally out of range into the range of ``me``'s action power (SPW-1).

    After the move the attack action pays for the power (an attack-action
    power, or a move-action one standing in, ACT-3); each such Move is
    worth where it ends (``pv``) plus the power's value on that ally.  One
    Move per (power, ally): the best-placed square in range.
    """
    if me.conditions & NO_SPECIAL_POWERS:
        return []
    out: list[tuple[float, Action]] = []
    distance = state.geometry.distance
    for i, power in enumerate(me.card.special_powers):
        if not power.range or power.action is PowerAction.TRIGGERED or not power_available(me, power):
            continue
        if power.action is PowerAction.ATTACK and me.conditions & NO_ATTACK_POWERS:
            continue
        for ally in state.alive(me.player):
            if ally.uid == me.uid or not power_helps(ally, power.effect.value, power.amount):
                continue
            if (distance(me.square, ally.square) or 99) <= power.range:
                continue  # already in range: used from here (scored above)
            gain = power_value(state, me, UsePower(i, ally.uid))
            if gain <= 0:
                continue
            best = None
            for sq, r in reach.items():
                if (distance(sq, ally.square) or 99) <= power.range and (best is None or pv[sq] > best[0]):
                    best = (pv[sq], r)
            if best is not None:
                out.append((best[0] + gain, Move(best[1].path)))
    return out
