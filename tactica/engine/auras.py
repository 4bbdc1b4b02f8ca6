"""Auras: continuous effects on the creatures near an aura's creature (docs/rules.md ABL "Aura X").

An ``abilities.Aura`` on a card covers every creature within its radius
(counted as range is, around walls, RNG-5) that it ``affects`` (allies,
enemies or all, itself only with ``include_self``).  ABL-1: an aura works
while its creature is on the map, activated or not, stunned or not.

ABL-2 / ATK-8 stacking: auras with the same name (two copies of one card)
count once, the strongest (largest size of bonus); different auras add up,
and add to every other bonus (a +10 damage aura and Sneak Attack 10 give
+20).

Where each effect is read:

* ``attack`` — ``combat.modifiers`` (a named modifier on the roll);
* ``defense`` — ``combat.modifiers`` too, as the negative of the bonus on
  attacks against the covered creature (the same as +N to its AC and DEF);
* ``damage`` — ``combat.hit_damage`` (doubled by a critical hit, as every
  damage bonus, ATK-5);
* ``speed`` — ``speed`` below (moves and charges in ``legal`` and ``validation``);
* ``resist`` — ``abilities.defend`` (after the card's own Resist);
* ``harm`` / ``heal`` — ``effects.aura_start_of_turn``, called by
  ``effects.start_of_activation``.

Units: squares, HP.  Pure functions of the state (no caching).
"""
from __future__ import annotations

from .abilities import Aura
from .footprint import distance as fp_distance
from .model import AttackDef, Square
from .numbers import speed_bonus
from .state import Creature, GameState
from .when import CALM, Situation, kinds_of_attack


def allied(a: Creature, b: Creature) -> bool:
    """True when ``a`` and ``b`` fight on the same side now (same team of their controllers, SCN-MULTI)."""
    return a.team == b.team


def _aura_sources(state: GameState) -> list[tuple[Creature, Aura]]:
    """Every (creature on the map, aura of its card) pair, in creature order."""
    found = []
    for c in state.creatures:
        if c.card.abilities and c.alive:
            for a in c.card.abilities:
                if isinstance(a, Aura):
                    found.append((c, a))
    return found


def reaches(state: GameState, source: Creature, aura: Aura, target: Creature,
            situation: Situation = CALM) -> bool:
    """True when ``aura`` of ``source`` covers ``target`` now (who it affects, within radius, and
    its CL-3 filter ``aura.when`` holds with ``me`` its creature, ``other`` the covered one, in
    ``situation``: the attack the bonus is asked for, ``CALM`` outside one)."""
    if not (source.alive and target.alive):
        return False
    if not aura.when.always and not aura.when.holds(state, source, target, situation):
        return False  # CL-3: filtered
    if source.uid == target.uid:
        return aura.include_self and aura.affects != "enemies"
    friend = allied(source, target)
    if aura.affects == "allies" and not friend or aura.affects == "enemies" and friend:
        return False
    if source.card.size > 1 or target.card.size > 1:  # from and to any of their squares (MOV-13)
        d = fp_distance(state.geometry, source.square, source.card.size, target.square, target.card.size)
    else:
        d = state.geometry.distance(source.square, target.square)
    return d is not None and d <= aura.radius


def covering(state: GameState, target: Creature, effect: str,
             situation: Situation = CALM) -> list[tuple[Aura, Creature]]:
    """The auras with ``effect`` that cover ``target``, one per name (ABL-2), strongest first kept.

    ``situation``: the attack asked about (CL-3 filters on attack kinds and damage types);
    ``CALM`` outside an attack.

    Returns (aura, its creature) pairs in the order the creatures stand in
    ``state.creatures``; of same-named auras the one with the largest
    ``abs(amount)`` counts (ties: the first).
    """
    best: dict[tuple[str, ...], tuple[Aura, Creature]] = {}
    for source, aura in _aura_sources(state):
        if aura.effect != effect or not reaches(state, source, aura, target, situation):
            continue
        key = aura.identity
        kept = best.get(key)
        if kept is None or abs(aura.amount) > abs(kept[0].amount):
            best[key] = (aura, source)
    return list(best.values())


def label(aura: Aura) -> str:
    """The modifier name of an aura in events and previews: its name, else "aura"."""
    return aura.name or "aura"


def bonuses(state: GameState, target: Creature, effect: str,
            situation: Situation = CALM) -> list[tuple[str, int]]:
    """Named bonuses of the auras with ``effect`` covering ``target``, e.g. [("Battle Hymn", 2)]
    (``situation``: the attack, for CL-3 filters)."""
    return [(label(a), a.amount) for a, _ in covering(state, target, effect, situation)]


def attack_situation(attacker: Creature, attack: AttackDef, *, charge: bool = False,
                     opportunity: bool = False) -> Situation:
    """The ``Situation`` of an attack as aura filters see it (CL-3): its attacker, its kinds
    (charge and opportunity included) and its damage type ("" untyped).  Flanking and being
    unseen are not worked out here (an aura filter on them does not hold during an attack)."""
    return Situation(attacker=attacker.uid, charging=charge,
                     attack_kinds=kinds_of_attack(attack.kind.value, charge=charge, opportunity=opportunity),
                     damage_types=frozenset({attack.damage_type}))


def total(state: GameState, target: Creature, effect: str) -> int:
    """The sum of the bonuses of ``effect`` auras covering ``target`` (0 without auras)."""
    return sum(v for _, v in bonuses(state, target, effect))


def any_auras(state: GameState) -> bool:
    """True when some creature on the map has an aura (a quick test before the others)."""
    if not state.facts().auras:  # no card of the battle has one, in any form
        return False
    for c in state.creatures:
        abilities = c.card.abilities
        if abilities and c.pos is not None and not c.destroyed and any(isinstance(a, Aura) for a in abilities):
            return True
    return False


def speed(state: GameState, me: Creature) -> int:
    """``me``'s speed now: its card's, after conditions (CON-5, CON-8), plus speed auras and its
    card's conditional speed bonuses that hold (CL-1, ``numbers.speed_bonus``), never below 0.

    Immobilized stays 0 and slowed stays at most 2 whatever the auras (our reading).
    """
    base = me.speed
    if base == 0 or "slowed" in me.conditions:
        return base
    more = speed_bonus(state, me) if me.card.abilities else 0  # CL-1: conditional speed bonuses
    if not any_auras(state):
        return max(0, base + more) if more else base
    return max(0, base + more + total(state, me, "speed"))


def resist_auras(state: GameState, target: Creature) -> tuple[Aura, ...]:
    """The resist auras covering ``target``, one per name (for ``abilities.defend``)."""
    if not any_auras(state):
        return ()
    return tuple(a for a, _ in covering(state, target, "resist"))


def squares(state: GameState, source: Creature, aura: Aura) -> frozenset[Square]:
    """The squares ``aura`` of ``source`` covers (for display): within its radius, walls excluded."""
    if not source.alive:
        return frozenset()
    if source.card.size > 1:  # within the radius of any of its squares (MOV-13)
        return frozenset(sq for body in source.squares
                         for sq, d in state.geometry.range_distances(body).items() if d <= aura.radius)
    dist = state.geometry.range_distances(source.square)
    return frozenset(sq for sq, d in dist.items() if d <= aura.radius)


__all__ = ["allied", "reaches", "covering", "bonuses", "attack_situation", "total", "any_auras", "speed",
           "resist_auras", "squares", "label"]
