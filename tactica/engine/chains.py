"""Chains (CL-8): after a hit, attack another creature near the last one hit, and so on.

A ``ChainEffect`` on an attack line starts, after the line's targets were all
attacked (ATK-4) and its follow-ups made (ATK-7), from each target whose result
matches its trigger.  Each jump attacks the enemy of the attacker nearest the
creature last hit, within the chain's ``distance`` squares of it (counted
around walls, RNG-5) and in its line of sight (LOS-1; from the square it stood
on when it was hit, should that attack have destroyed it).  Ties: the fewest HP
left, then the first in the battle's order (docs/rules.md CL-8: the card does
not let the player choose, so the chain picks as the AI would).  The chain ends
at the first miss, when no creature is left in reach, or after ``jumps`` jumps;
no creature is attacked twice by one chain, nor one the attack already targeted.
The attack line's ``only`` test (CL-2) limits the jumps too.
"""
from __future__ import annotations

from . import events as ev
from . import footprint as fp
from .combat import may_target, resolve_attack
from .flow import battle_decided
from .interrupts import interject
from .model import AttackDef, ChainEffect, Square
from .state import Creature, GameState


def chain_distance(state: GameState, square: Square, size: int, c: Creature) -> int | None:
    """Squares from a creature of ``size`` on ``square`` to creature ``c`` around walls, when ``c``
    is in its line of sight (LOS-1); None otherwise (CL-8)."""
    geo = state.geometry
    if size == 1 and c.card.size == 1:
        if not geo.line_of_sight(square, c.square):
            return None
        return geo.distance(square, c.square)
    if not fp.sight(geo, square, size, c.square, c.card.size):
        return None
    return fp.distance(geo, square, size, c.square, c.card.size)


def next_in_chain(state: GameState, me: Creature, line: AttackDef, square: Square, size: int,
                  distance: int, attacked: set[str] | frozenset[str]) -> tuple[Creature, int] | None:
    """The creature a chain jumps to from a creature of ``size`` at ``square`` (CL-8), and how far
    it is; None when no enemy of ``me`` is within ``distance`` squares and in sight, not yet in
    ``attacked`` and allowed by ``line``'s ``only`` test.  Ties as the module says."""
    best: tuple[int, int, int, Creature] | None = None
    for order, c in enumerate(state.creatures):
        if not c.alive or c.team == me.team or c.uid in attacked or c.uid == me.uid:
            continue
        sq = c.square
        if size == 1 and c.card.size == 1 and max(abs(sq[0] - square[0]), abs(sq[1] - square[1])) > distance:
            continue
        d = chain_distance(state, square, size, c)
        if d is None or d > distance or not may_target(state, me, c, line, kind="chain"):
            continue
        key = (d, c.hp, order, c)
        if best is None or key[:3] < best[:3]:
            best = key
    return None if best is None else (best[3], best[0])


def run_chain(state: GameState, me: Creature, attack: AttackDef, effect: ChainEffect, first: Creature,
              square: Square, attacked: set[str], out: list[ev.Event]) -> bool:
    """Make the jumps of ``effect`` (a chain of ``attack``) starting from ``first``, which stood on
    ``square`` when it was hit (CL-8).  ``attacked``: uids already attacked (updated).  Appends
    ``ChainJumped`` before each jump's attack and one that ends the chain.  Returns False when the
    battle was decided on the way."""
    line = me.card.attack_named(effect.attack) if effect.attack else attack
    if line is None:
        return True
    last, here, size = first, square, first.card.size
    jumps = 0
    while True:
        if not me.alive:
            return True
        if effect.jumps and jumps >= effect.jumps:
            out.append(ev.ChainJumped(me.uid, last.uid, "", line.name, reason="jumps"))
            return True
        found = next_in_chain(state, me, line, here, size, effect.distance, attacked)
        if found is None:
            out.append(ev.ChainJumped(me.uid, last.uid, "", line.name, reason="no creature in reach"))
            return True
        shared, dist = found
        nxt = state.creature(shared.uid)  # a changeable copy (copy-on-write states)
        attacked.add(nxt.uid)
        out.append(ev.ChainJumped(me.uid, last.uid, nxt.uid, line.name, dist))
        where = nxt.square
        hit = resolve_attack(state, me, nxt, line, out, kind="chain")
        jumps += 1
        if battle_decided(state, out):
            return False
        interject(state, out)  # CHP-2: a champion power answers this jump's attack now
        if not hit:
            out.append(ev.ChainJumped(me.uid, nxt.uid, "", line.name, reason="miss"))
            return True
        last, here, size = nxt, where, nxt.card.size


__all__ = ["chain_distance", "next_in_chain", "run_chain"]
