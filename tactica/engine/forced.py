"""Forced movement and placement: push, pull, slide, teleport, place; falling into pits.

Implements MOV-14, OA-2 (none of it provokes), MOV-3 (the owner places a
creature left in an illegal position) and the forced half of TER-PIT, with
the definitions of docs/rules.md "Forced movement and placement":

* push X / pull X / slide X: up to X squares, each step to an adjacent
  square (no diagonal past a wall corner, MOV-7) that is not blocking
  terrain and holds no creature, and to which the source has line of
  effect; a push step must end farther from the source, a pull step nearer
  (grid distance, diagonals 1); a slide goes any way.  Difficult terrain
  does not slow it (our choice, as docs/rules.md).  It may pass a statue but not
  end there.  Entering a pit (a creature that does not fly) ends it: the
  creature falls (TER-PIT).
* teleport X: to a legal, unoccupied square within X squares of the
  creature (grid distance) in the attacker's line of sight (our reading of
  docs/rules.md "in line of sight": the chooser's).  Works while immobilized.
* place X: to a legal, unoccupied square within X squares of the attacker;
  nothing in between matters.

A creature that falls into a pit: the attacker rolls a second attack roll,
d20 + the same attack bonus against the same defence, with no other
modifiers (a natural 20 hits, a natural 1 misses); a creature bigger than
one square adds +1 to that defence for each of its squares outside the pit
(shown as the roll's modifier "squares outside the pit", −1 each).
A hit destroys it (the attacker's player scores it); a miss, or a fall
without an attack, lets its owner place it in the nearest legal square
(distance counted around walls, RNG-5; ties are the owner's choice).

The attack that causes forced movement queues it (``combat``); after the
attack is done, the battle waits in ``Phase.FORCED`` for the attacking
player's ``ForceMove`` (or the owner's ``Settle``), first queued first.
A choice with only one option (nowhere to go, a single nearest square) is
made at once.  Our choices: forced movement comes after every target of the
attack was rolled against (and after follow-ups); an opportunity attack's
forced movement does nothing.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from . import events as ev
from . import footprint as fp
from .actions import Action, ForceMove, Settle
from .combat import destroy
from .conditions import holds_against_forced
from .geometry import chebyshev
from .members import PHASE_FORCED, PHASE_OVER
from .model import Square
from .modules import book_of
from .movement import legal_stop, mode_of
from .state import Creature, GameState, PendingForce


def _as_square(sq: Sequence[int]) -> Square:
    """A client's square as the tuple the engine keeps (a save's JSON gives a list); not checked."""
    return cast(Square, tuple(sq))


def _as_path(path: Iterable[Sequence[int]]) -> tuple[Square, ...]:
    """A client's path as a tuple of squares (``_as_square`` for each)."""
    return tuple(_as_square(s) for s in path)


#: Kinds of pending forced movement that walk square by square ("shift": a creature's own movement
#: power, CL-11 -- as a slide, but needing no line of effect and never ending in a pit).
STEPWISE = ("push", "pull", "slide", "shift")


def footprint(c: Creature) -> list[Square]:
    """The squares ``c`` covers: its square, or a size×size block from it (Large, Huge; MOV-13)."""
    return list(fp.footprint(c.square, c.card.size))


def _falls(state: GameState, target: Creature, sq: Square) -> bool:
    """True when a forced move with anchor ``sq`` drops ``target`` into a pit (TER-PIT: only fliers may
    be there); a Large or Huge creature falls when any of its squares is over a pit."""
    if mode_of(target).flies:
        return False
    rules = state.battle_map.rules_at
    return any(rules(q).fliers_only for q in fp.footprint(sq, target.card.size))


def step_problem(state: GameState, p: PendingForce, target: Creature, cur: Square,
                 nxt: Square) -> tuple[str, str] | None:
    """Why one step cur->nxt of a push, pull or slide is not allowed; None if it is (MOV-14, MOV-7).

    Returns (code, reason).
    """
    geo = state.geometry
    size = target.card.size
    if chebyshev(cur, nxt) != 1:
        return ("not-adjacent", "Each square of forced movement is to an adjacent square.")
    dx, dy = nxt[0] - cur[0], nxt[1] - cur[1]
    new = fp.footprint(nxt, size)
    for q in new:
        if state.battle_map.rules_at(q).blocks_movement or geo.is_wall(q):
            return ("wall", "Forced movement never enters blocking terrain (MOV-14).")
    for q in fp.footprint(cur, size):
        if not geo.step_allowed(q, (q[0] + dx, q[1] + dy)):
            return ("wall-corner", "No creature moves diagonally past a wall corner (MOV-7).")
    for q in new:
        other = state.creature_at(q)
        if other is not None and other.uid != target.uid:
            return ("occupied", "Forced movement never enters an occupied square (MOV-14).")
    before, after = fp.gap(p.source, 1, cur, size), fp.gap(p.source, 1, nxt, size)
    if p.kind == "push" and after <= before:
        return ("not-away", "Each square of a push moves the creature farther from the attacker.")
    if p.kind == "pull" and after >= before:
        return ("not-closer", "Each square of a pull moves the creature closer to the attacker.")
    if p.kind != "shift" and not any(geo.line_of_effect(p.source, q) for q in new):
        return ("no-effect-line", "Forced movement needs line of effect to each square (MOV-14).")
    return None


def _stop_ok(state: GameState, target: Creature, sq: Square, kind: str = "") -> bool:
    """A push, pull or slide may end on ``sq``: a legal stop, or a pit it falls into (TER-PIT); a
    shift (CL-11) only a legal stop."""
    if legal_stop(state, target, sq):
        return True
    if kind == "shift":
        return False
    if not _falls(state, target, sq):
        return False
    return all(state.creature_at(q) in (None, target) and not state.battle_map.rules_at(q).blocks_movement
               for q in fp.footprint(sq, target.card.size))


def destinations(state: GameState, p: PendingForce) -> dict[Square, tuple[Square, ...]]:
    """Every square pending forced movement ``p`` may take its creature to, with one path each.

    push / pull / slide: a shortest legal path (breadth first, orthogonal
    steps before diagonal ones; entering a pit ends the path).  teleport / place: the destination alone.  The
    creature's own square is not listed (staying is ``ForceMove(uid, ())``).
    Settle: the nearest legal squares.
    """
    target = state.find(p.target)
    if target is None or not target.alive:
        return {}
    if p.kind != "settle" and holds_against_forced(target):  # CL-18: restrained, it stays
        return {}
    start = target.square
    if p.kind in STEPWISE:
        paths: dict[Square, tuple[Square, ...]] = {start: ()}
        frontier = [start]
        for _ in range(p.distance):
            grown = []
            for cur in frontier:
                if cur != start and _falls(state, target, cur):
                    continue  # it fell: the movement ends in the pit
                # orthogonal steps first: the path shown for a square is as straight as may be
                for nxt in sorted(state.geometry.neighbours(cur), key=lambda n: n[0] != cur[0] and n[1] != cur[1]):
                    if nxt in paths or step_problem(state, p, target, cur, nxt) is not None:
                        continue
                    paths[nxt] = paths[cur] + (nxt,)
                    grown.append(nxt)
            frontier = grown
        return {sq: path for sq, path in sorted(paths.items(), key=lambda kv: (kv[0][1], kv[0][0]))
                if sq != start and _stop_ok(state, target, sq, p.kind)}
    if p.kind == "settle":
        return {sq: (sq,) for sq in nearest_legal(state, target, start)}
    centre_sq = start if p.kind == "teleport" else p.source
    out: dict[Square, tuple[Square, ...]] = {}
    x0, y0 = centre_sq
    for y in range(y0 - p.distance, y0 + p.distance + 1):
        for x in range(x0 - p.distance, x0 + p.distance + 1):
            sq = (x, y)
            if sq == start or not state.battle_map.in_bounds(sq) or not legal_stop(state, target, sq):
                continue
            if p.kind == "teleport" and not state.geometry.line_of_sight(p.source, sq):
                continue
            out[sq] = (sq,)
    return out


def nearest_legal(state: GameState, c: Creature, sq: Square) -> list[Square]:
    """The legal squares for ``c`` nearest to ``sq`` (MOV-3, TER-PIT), counted around walls (RNG-5).

    Returns them in (row, column) order; empty if there is none.
    """
    dist = state.geometry.range_distances(sq)
    best: list[Square] = []
    best_d = None
    for other, d in dist.items():
        if other == sq or not legal_stop(state, c, other):
            continue
        if best_d is None or d < best_d:
            best, best_d = [other], d
        elif d == best_d:
            best.append(other)
    return sorted(best, key=lambda s: (s[1], s[0]))


def forced_actions(state: GameState) -> list[Action]:
    """The choices for the first pending forced movement (``Phase.FORCED``), canonical order.

    ForceMove: staying put first, then one per destination in (row, column)
    order; Settle: one per nearest legal square.
    """
    if not state.pending:
        return []
    p = state.pending[0]
    found = destinations(state, p)
    acts: list[Action] = []
    if p.kind == "settle":
        acts.extend(Settle(p.target, sq) for sq in found)
        return acts
    acts.append(ForceMove(p.target, ()))
    acts.extend(ForceMove(p.target, path) for path in found.values())
    return acts


def check_forced(state: GameState, a: Action) -> tuple[str, str] | None:
    """Why ``a`` is not the pending choice now; None when it is legal (MOV-14, MOV-3, TER-PIT)."""
    if not state.pending:
        return ("nothing-pending", "No forced movement waits for a choice.")
    p = state.pending[0]
    target = state.creature(p.target)
    if p.kind == "settle":
        if not isinstance(a, Settle) or a.uid != p.target:
            return ("settle-first", f"First place {target.card.name} in the nearest legal square.")
        if _as_square(a.square) not in destinations(state, p):
            return ("not-nearest", "The creature goes to the nearest legal square (MOV-3, TER-PIT).")
        return None
    if not isinstance(a, ForceMove) or a.target != p.target:
        return ("force-first", f"First choose where the {p.kind} takes {target.card.name}.")
    path = _as_path(a.path)
    if not path:
        return None
    if p.kind not in STEPWISE:
        if len(path) != 1:
            return ("bad-path", f"A {p.kind} names one destination square.")
        if path[0] not in destinations(state, p):
            where = "the creature" if p.kind == "teleport" else "the attacker"
            sight = " in the attacker's line of sight" if p.kind == "teleport" else ""
            return ("bad-square", f"{p.kind.capitalize()} {p.distance}: a free, legal square within "
                                  f"{p.distance} of {where}{sight} (MOV-14).")
        return None
    if len(path) > p.distance:
        return ("too-far", f"{p.kind.capitalize()} {p.distance} moves at most {p.distance} squares.")
    start = cur = target.square
    for nxt in path:
        if cur != start and _falls(state, target, cur):
            return ("fell", "A creature forced into a pit falls; the movement ends there (TER-PIT).")
        problem = step_problem(state, p, target, cur, nxt)
        if problem:
            return problem
        cur = nxt
    if len(set(path)) != len(path) or start in path:
        return ("bad-path", "A path enters each square once.")
    if not _stop_ok(state, target, cur, p.kind):
        return ("no-stop", "Forced movement must end on a legal square (MOV-2, TER-STATUE).")
    return None


def apply_forced(state: GameState, a: Action, out: list[ev.Event]) -> None:
    """Carry out the first pending choice (mutates ``state``), then ``advance`` (MOV-14, TER-PIT, MOV-3)."""
    p = state.pending[0]
    state.pending = state.pending[1:]
    _carry_out(state, p, a, out)
    advance(state, out)


def _carry_out(state: GameState, p: PendingForce, a: Action, out: list[ev.Event]) -> None:
    """Move the creature of ``p`` as ``a`` says; a fall into a pit follows (TER-PIT)."""
    target = state.creature(p.target)
    start = target.square
    if isinstance(a, Settle):
        target.pos = _as_square(a.square)
        out.append(ev.CreatureSettled(target.uid, start, target.square))
    elif isinstance(a, ForceMove) and a.path:  # check_forced let only a ForceMove through
        path = _as_path(a.path)
        target.pos = path[-1]
        out.append(ev.CreatureForced(target.uid, p.by, p.kind, start, path))
        book = book_of(state)
        if book.watches_moves:  # rule modules acting after a move (UG-FALL: pushed over a ledge)
            book.moved(state, target, start, path, p.kind, out)
            if not target.alive:
                return
        if p.kind in STEPWISE and _falls(state, target, target.pos):
            _fall(state, p, target, out)


def _fall(state: GameState, p: PendingForce, target: Creature, out: list[ev.Event]) -> None:
    """TER-PIT: a creature forced into a pit; second attack roll, or the owner places it."""
    out.append(ev.CreatureFell(target.uid, target.square))
    attacker = state.find(p.by)
    attack = attacker.card.attack_named(p.attack) if attacker is not None and p.attack else None
    if attacker is not None and attack is not None:
        state.round_had_combat = True
        natural, state.dice = state.dice.roll(20)
        outside = sum(1 for sq in footprint(target) if not state.battle_map.rules_at(sq).fliers_only)
        mods = (("squares outside the pit", -outside),) if outside else ()
        tn = target.card.defense_value(attack.defense)
        total = natural + attack.bonus - outside  # +1 defence per square outside = -1 to the roll
        hit = natural == 20 or (natural != 1 and total >= tn)
        out.append(ev.AttackRolled(attacker.uid, target.uid, attack.name, natural, attack.bonus, mods,
                                   total, attack.defense.value, tn, hit, False, "pit"))
        if hit:
            target.hp = 0
            destroy(state, target, attacker.player, out, cause="fall")
            return
    state.pending = (PendingForce("settle", target.uid, p.by, 0, target.square, "",
                                  target.warband_player),) + state.pending


def advance(state: GameState, out: list[ev.Event]) -> bool:
    """Make every choice that has only one option; return True while a player must still choose.

    Drops pending moves of creatures no longer on the map; a push, pull,
    slide, teleport or place with nowhere to go leaves the creature where it
    is; a settle with one nearest square (or none: the creature stays) is
    made at once, and so is one with several when a rule module has a die
    pick (G35-NEAREST).  Sets ``Phase.FORCED`` and the decider when a choice
    remains.  Mutates ``state``.
    """
    while state.pending and state.phase is not PHASE_OVER:
        p = state.pending[0]
        target = state.find(p.target)
        if target is None or not target.alive:
            state.pending = state.pending[1:]
            continue
        options = destinations(state, p)
        if p.kind == "settle" and len(options) == 1:
            state.pending = state.pending[1:]
            _carry_out(state, p, Settle(p.target, next(iter(options))), out)
            continue
        if p.kind == "settle" and len(options) > 1 and book_of(state).ties_by_die:
            tied = tuple(options)  # (row, column) order
            face, state.dice = state.dice.roll(len(tied))  # G35-NEAREST: a die picks the nearest square
            out.append(ev.TieBroken("nearest square", tied, len(tied), face, tied[face - 1]))
            state.pending = state.pending[1:]
            _carry_out(state, p, Settle(p.target, tied[face - 1]), out)
            continue
        if not options:
            state.pending = state.pending[1:]
            continue
        state.phase = PHASE_FORCED
        state.decider = p.decider
        return True
    state.pending = ()
    return False


__all__ = ["forced_actions", "check_forced", "apply_forced", "advance", "destinations",
           "nearest_legal", "step_problem", "footprint", "STEPWISE"]
