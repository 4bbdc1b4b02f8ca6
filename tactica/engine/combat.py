"""Attacks: legal targets, modifiers, the attack roll and damage.

Implements HP-1..3, ATK-1..6, RNG-1, RNG-2, RNG-5, LOS-1, CA-1, FLK-1,
FLK-2, COV-1..4 and the MOD table of docs/rules.md; the attack half of terrain
(TER-BLOOD, TER-SACRED, TER-SMOKE, TER-FOREST, TER-STATUE) and of abilities
(ABL-1, ABL-2, ATK-8: Multiple Threats, Sneak Attack, Powerful Charge,
Resist, Vulnerable, Immune, Insubstantial; see ``abilities``); and of the card
language: conditional numbers (CL-1, CL-4; ``numbers``), several damage types in
one attack (CL-6) and the immunities to critical hits, forced movement and
flanking (CL-15).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from . import auras, rolls
from . import events as ev
from . import footprint as fp
from .abilities import Aura, MultipleThreats, defend, defend_parts, extra_damage, has, stops_regeneration, trophy
from .conditions import add_effect, condition_penalties, halve_damage, stone_resist
from .geometry import adjacent, centre, passes_opposite_sides
from .members import (
    ATTACK_KIND_AREA,
    ATTACK_KIND_MELEE,
    DIE_ROLL_ATTACK,
    REACH_NEAREST,
    REACH_RANGE,
    STRIKES_ALLIES,
    STRIKES_ENEMIES,
)
from .model import (
    AttackDef,
    ConditionEffect,
    EscalateEffect,
    ForcedMoveEffect,
    HealEffect,
    OngoingEffect,
    Square,
)
from .modules import book_of
from .numbers import attack_bonuses, damage_bonuses, has_bonuses, immune_to
from .state import GRANTS_CA, Creature, GameState, PendingForce
from .when import CALM, Situation, kinds_of_attack

COMBAT_ADVANTAGE = 2
SQUEEZE_PENALTY = -5
CHARGE_BONUS = 1
COVER_PENALTY = -2
HELPLESS_BONUS = 4

#: What auras add to one hit (``aura_damage``): the damage bonuses as (name, HP) pairs, and the
#: resist auras covering the target.
Boost = tuple[tuple[tuple[str, int], ...], tuple[Aura, ...]]


class AreaOrigin(Protocol):
    """Where a close or area attack is traced from (``areas.Template`` is one; COV-5): its
    origin square (a burst's or radius area's, else None) and whether a square has cover."""

    @property
    def origin(self) -> Square | None:
        """The origin square of a burst or radius area, else None."""
        ...

    def cover(self, state: GameState, target: Square) -> bool:
        """True when a creature on ``target`` has cover against the attack (COV-4, COV-5)."""
        ...


def critical_from(state: GameState, attacker: Creature, attack: AttackDef) -> int:
    """The lowest natural roll that is a critical hit for ``attack`` (ATK-5; TER-BLOOD).

    20, or 19 for a melee attack made by a creature standing on blood rock
    (such a roll also hits automatically, ATK-5).
    """
    if attack.kind is ATTACK_KIND_MELEE and attacker.pos is not None:
        if attacker.card.size > 1:  # standing on blood rock with any of its squares (our reading)
            return min(state.battle_map.rules_at(sq).melee_crit for sq in attacker.squares)
        return state.battle_map.rules_at(attacker.pos).melee_crit
    return 20


def invisible(state: GameState, attacker: Creature, target: Creature) -> bool:
    """True when ``attacker`` is invisible to ``target`` (CA-1, TER-SMOKE).

    A creature in smoke is invisible to every creature that is not adjacent,
    and one in smoke sees only adjacent creatures: so the attacker is
    invisible when they are not adjacent and either stands in smoke.  (Only
    close and area attacks can reach that far without line of sight.)  A
    Large or Huge creature stands in smoke when all its squares do (our
    reading: it can still be seen through its other squares, LOS-1).
    """
    smoke = state.geometry.smoke
    if not smoke:
        return False
    if attacker.card.size > 1 or target.card.size > 1:
        return not touching(attacker, target) and (
            all(sq in smoke for sq in attacker.squares) or all(sq in smoke for sq in target.squares))
    return not adjacent(attacker.square, target.square) and (
        attacker.pos in smoke or target.pos in smoke)


def touching(a: Creature, b: Creature) -> bool:
    """True when creatures a and b are adjacent: some square of one next to some square of the
    other (RNG-1; any of a Large or Huge creature's squares, MOV-13)."""
    if a.card.size == 1 and b.card.size == 1:
        return adjacent(a.square, b.square)
    return fp.touching(a.square, a.card.size, b.square, b.card.size)


def automatic_critical(target: Creature, attack: AttackDef) -> bool:
    """True when ``attack`` is an automatic critical hit on ``target`` (CON-4, MOD).

    docs/rules.md: a melee attack against a helpless creature is an automatic
    critical hit (so it hits whatever the roll, ATK-5).
    """
    return attack.kind is ATTACK_KIND_MELEE and "helpless" in target.conditions


def flanking(state: GameState, attacker: Creature, target: Creature) -> bool:
    """True when ``attacker`` flanks ``target`` (FLK-1, FLK-2).

    An active, not dazed ally of the attacker, adjacent to the target, must
    be placed so that the line between the centres of the attacker's and the
    ally's squares passes through two opposite sides (corners included) of
    the target's square.  Both must be adjacent to the target (the seed:
    "on the opposite side or opposite corner").  For Large and Huge
    creatures any one of their squares may be picked (FLK-1): some square of
    the attacker, of the ally and of the target line up so.  A target immune
    to flanking (CL-15) is never flanked.
    """
    if attacker.dazed:
        return False
    if target.card.abilities and immune_to(target.card, "flanking"):
        return False
    if not touching(attacker, target):  # CL-5: a creature with reach flanks at that reach
        reach = attacker.card.melee_reach
        if reach <= 1 or not within_reach(state, attacker, target, reach):
            return False
        return _flanking_at_reach(state, attacker, target)
    big = attacker.card.size > 1 or target.card.size > 1
    if not big:  # one-square attacker and target: look the line up by where the two stand
        tx, ty = target.square
        ax, ay = attacker.square
        uid, team = attacker.uid, attacker.team
        for ally in state.creatures:
            pos = ally.pos
            if pos is None or ally.uid == uid or ally.team != team:
                continue
            if ally.card.size == 1:
                dx, dy = pos[0] - tx, pos[1] - ty
                if dx > 1 or dx < -1 or dy > 1 or dy < -1 or not (dx or dy):
                    if ally.card.melee_reach > 1 and _flanks_from(state, attacker, ally, target):
                        return True  # CL-5: an ally with reach flanks at that reach
                    continue  # not next to the target
                if _flanks(ax - tx, ay - ty, dx, dy) and ally.active and not ally.dazed:
                    return True
            elif (ally.active and not ally.dazed and touching(ally, target)
                  and any(passes_opposite_sides(centre(attacker.square), centre(b), target.square)
                          for b in ally.squares)):
                return True
        return False
    for ally in state.creatures:
        if (ally.uid == attacker.uid or ally.team != attacker.team or not ally.active
                or ally.dazed or not touching(ally, target)):
            if ally.card.melee_reach > 1 and _flanks_from(state, attacker, ally, target):
                return True  # CL-5
            continue
        if not big and ally.card.size == 1:
            if passes_opposite_sides(centre(attacker.pos), centre(ally.pos), target.pos):
                return True
            continue
        if any(passes_opposite_sides(centre(a), centre(b), t)
               for t in target.squares for a in attacker.squares for b in ally.squares):
            return True
    return False


def _flanks_from(state: GameState, attacker: Creature, ally: Creature, target: Creature) -> bool:
    """True when ``ally`` (active, not dazed, of ``attacker``'s side, not ``attacker``) reaches
    ``target`` (adjacent, or within its melee reach, CL-5) and some squares of the attacker, the
    ally and the target line up through two opposite sides of the target's square (FLK-1)."""
    if (ally.uid == attacker.uid or ally.team != attacker.team or ally.pos is None or not ally.active
            or ally.dazed or not within_reach(state, ally, target, ally.card.melee_reach)):
        return False
    return any(passes_opposite_sides(centre(a), centre(b), t)
               for t in target.squares for a in attacker.squares for b in ally.squares)


def _flanking_at_reach(state: GameState, attacker: Creature, target: Creature) -> bool:
    """``flanking`` for an attacker that reaches ``target`` from farther than adjacent (CL-5,
    FLK-1): some ally reaches it too and they line up through its opposite sides."""
    return any(_flanks_from(state, attacker, ally, target) for ally in state.creatures)


_NEXT_TO = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
#: For a one-square target at (0, 0): (attacker dx, dy, ally dx, dy) of two squares next to it ->
#: whether the line between their centres passes through two opposite sides of it (FLK-1).
_FLANKS: dict[tuple[int, int, int, int], bool] = {
    (ax, ay, bx, by): passes_opposite_sides(centre((ax, ay)), centre((bx, by)), (0, 0))
    for ax, ay in _NEXT_TO for bx, by in _NEXT_TO}


def _flanks(ax: int, ay: int, bx: int, by: int) -> bool:
    """True when the line between the centres of squares at offsets (ax, ay) and (bx, by) from a
    one-square target passes through two opposite sides of it (FLK-1); both offsets are next to it."""
    return _FLANKS[(ax, ay, bx, by)]


def combat_advantage(state: GameState, attacker: Creature, target: Creature) -> list[str]:
    """Reasons ``attacker`` has combat advantage against ``target`` (CA-1); empty if none."""
    reasons = []
    if invisible(state, attacker, target):
        reasons.append("invisible")
    if flanking(state, attacker, target):
        reasons.append("flanking")
    if attacker.card.abilities and has(attacker.card, MultipleThreats) and touching(attacker, target):
        reasons.append("multiple threats")
    granted = sorted(target.conditions & GRANTS_CA)
    if granted:
        reasons.append(f"target {granted[0]}")
    if target.effects and "squeezing" in target.conditions:
        reasons.append("target squeezing")  # docs/rules.md: Squeeze grants combat advantage
    return reasons


def has_cover(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
              origin: AreaOrigin | None = None) -> bool:
    """True when ``target`` has cover against ``attack`` from ``attacker`` (COV-1..5).

    Close and area attacks trace from their template's origin and creatures
    never give cover against them (COV-4, COV-5): ``origin`` is that
    template (``areas.Template``), asked through its ``cover`` method.

    Ranged: the corner rule against walls and against the attacker's enemies
    standing between (COV-2, COV-4).  Melee against an adjacent target: never
    (RNG-1: a diagonal neighbour around a wall corner gets no cover; COV-3
    lines between adjacent squares cross no other square).
    """
    if attack.kind is ATTACK_KIND_MELEE:
        return False
    if origin is not None:
        if target.card.size > 1:  # COV-5 with COV-2's "any of its squares"
            return all(origin.cover(state, sq) for sq in target.squares)
        return origin.cover(state, target.square)
    if attacker.card.size > 1 or target.card.size > 1:
        return _big_cover(state, attacker, target)
    team, tuid = attacker.team, target.uid
    blockers = []
    for c in state.creatures:
        pos = c.pos
        if pos is None or c.destroyed or c.team == team:  # not on the map (Creature.alive), or a friend
            continue
        if c.card.size > 1:
            return _big_cover(state, attacker, target)
        if c.uid != tuid:
            blockers.append(pos)
    return state.geometry.cover(attacker.square, target.square, blockers)


def _big_cover(state: GameState, attacker: Creature, target: Creature) -> bool:
    """Ranged cover when Large or Huge creatures are involved (COV-2, COV-4).

    The attacker picks any of its squares and any of the target's squares
    (COV-2: "for a multi-square target, any of its squares may be used"):
    no cover when some pair is clear.  Every square of an enemy of the
    attacker standing between blocks (COV-4), but never a square of the
    attacker or of the target themselves.
    """
    own = set(attacker.squares) | set(target.squares)
    blockers = [sq for c in state.creatures
                if c.alive and c.team != attacker.team and c.uid != target.uid
                for sq in c.squares if sq not in own]
    geo = state.geometry
    for a in attacker.squares:
        for t in target.squares:
            if not geo.cover(a, t, blockers):
                return False
    return True


def modifiers(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
              *, charge: bool = False, origin: AreaOrigin | None = None,
              opportunity: bool = False) -> tuple[tuple[str, int], ...]:
    """The named modifiers to one attack roll (MOD table of docs/rules.md), the conditional numbers
    of both cards (CL-1, CL-4: ``numbers.attack_bonuses``), then those the battle's optional rule
    modules add (``modules.RuleBook.attack_modifiers``).

    ``origin``: the template of a close or area attack (cover from it, COV-5); ``opportunity``:
    it is an opportunity attack (OA-1; for ``when: {attack: opportunity}``).
    Returns pairs like (("combat advantage", 2), ("cover", -2), ("Holy Wrath", 2)).
    """
    mods: list[tuple[str, int]] = []
    if combat_advantage(state, attacker, target):
        mods.append(("combat advantage", COMBAT_ADVANTAGE))
    if charge:
        mods.append(("charge", CHARGE_BONUS))
    if attacker.pos is None:
        circle = 0
    elif attacker.card.size > 1:  # any of its squares inside (our reading)
        circle = max(state.battle_map.rules_at(sq).attack_bonus for sq in attacker.squares)
    else:
        circle = state.battle_map.rules_at(attacker.pos).attack_bonus
    if circle:
        mods.append(("sacred circle", circle))  # TER-SACRED
    if attacker.effects and "squeezing" in attacker.conditions:  # docs/rules.md: attacks at -5 while squeezing
        squeeze = book_of(state)
        mods.append(("squeezing", squeeze.squeeze_penalty(state, attacker, SQUEEZE_PENALTY)
                     if squeeze.attack_modifiers_asked else SQUEEZE_PENALTY))  # G5E-SQUEEZE: -2
    if has_cover(state, attacker, target, attack, origin):
        mods.append(("cover", COVER_PENALTY))
    if "helpless" in target.conditions and attack.kind is not ATTACK_KIND_MELEE:
        mods.append(("target helpless", HELPLESS_BONUS))  # CON-4, MOD (docs/rules.md)
    if attacker.effects:  # CL-18: blinded, restrained, marked attackers
        mods.extend(condition_penalties(attacker, target))
    if auras.any_auras(state):  # Aura X (docs/rules.md ABL); ABL-2 / ATK-8 stacking in auras.covering
        aura_situation = auras.attack_situation(attacker, attack, charge=charge, opportunity=opportunity)  # CL-3
        mods.extend(auras.bonuses(state, attacker, "attack", aura_situation))
        mods.extend((f"{name} (target)", -v) for name, v in auras.bonuses(state, target, "defense", aura_situation))
    if has_bonuses(attacker.card) or has_bonuses(target.card):  # CL-1, CL-4 (numbers)
        mods.extend(attack_bonuses(state, attacker, target, attack.defense._value_,
                                   situation(state, attacker, target, attack,
                                             "charge" if charge else "opportunity" if opportunity else "attack")))
    book = book_of(state)
    if book.attack_modifiers_asked:  # what optional rule modules add (engine.modules)
        mods.extend(book.attack_modifiers(state, attacker, target, attack))
    return tuple(mods)


def in_reach(state: GameState, attacker: Creature, target: Creature, attack: AttackDef) -> tuple[str, str] | None:
    """Whether ``attack`` can reach ``target`` alone; None if so, else (code, reason).

    RNG-1 melee: adjacent, or within the line's reach (CL-5) or a rule module's wider reach
    (G35-REACH), counted around walls, in line of sight.  CL-2: the line's ``only`` test.
    RNG-2 ranged: line of sight (LOS-1), and for ``range X`` a distance of at
    most X counted around walls (RNG-5); for
    ``nearest``, the target must be among the nearest enemies in sight.
    """
    if not target.alive:
        return ("no-target", "That creature is not on the map.")
    if target.team == attacker.team:
        return ("ally", "No creature attacks an ally on purpose (ATK-2).")
    if not attack.only.always and not may_target(state, attacker, target, attack):  # CL-2
        return ("not-allowed", f"{attack.name} may target only creatures {attack.only.words()}"
                               f" ({target.card.name} is not one).")
    if attack.kind is ATTACK_KIND_MELEE:
        if touching(attacker, target):
            return None
        reach = attack.range or 1  # CL-5: a melee line with reach 2 or more
        book = book_of(state)
        if book.reach_asked:  # a rule module may widen it (G35-REACH)
            reach = book.melee_reach(state, attacker, reach)
        if reach > 1 and within_reach(state, attacker, target, reach):
            return None
        if attack.range and attack.range > 1:
            return ("not-in-reach", f"{attack.name} reaches {reach} squares: "
                                    f"{target.card.name} is farther or out of sight (CL-5).")
        return ("not-adjacent", f"{attack.name} is a melee attack: the target must be adjacent (RNG-1).")
    geo = state.geometry
    if not sees(state, attacker, target):
        return ("no-sight", f"{attacker.card.name} has no line of sight to {target.card.name} (LOS-1).")
    if attack.reach is REACH_RANGE:
        r = attack.range
        assert r is not None  # a Reach.RANGE line has a range (content checks it)
        if attacker.card.size == 1 and target.card.size == 1 and geo.within(attacker.square, target.square, r):
            return None  # within range, counted only as far as needed (RNG-5)
        dist = creature_distance(state, attacker, target)
        if dist is None or dist > r:
            far = "out of reach" if dist is None else f"{dist} squares away"
            return ("out-of-range", f"{target.card.name} is {far}; {attack.name} reaches {attack.range} (RNG-2).")
    elif attack.reach is REACH_NEAREST:
        if target.uid not in {c.uid for c in nearest_enemies(state, attacker)}:
            return ("not-nearest", f"{attack.name} must target the nearest enemy in sight (RNG-2).")
    return None


def within_reach(state: GameState, attacker: Creature, target: Creature, reach: int) -> bool:
    """True when ``target`` is within ``reach`` squares of ``attacker`` (counted around walls,
    RNG-5; any squares of Large and Huge creatures, MOV-13) and in its line of sight (LOS-1):
    where a melee attack with reach ``reach`` may strike (CL-5).  Adjacent creatures always are
    (RNG-1)."""
    if touching(attacker, target):
        return True
    if reach <= 1:
        return False
    if attacker.card.size == 1 and target.card.size == 1:
        ax, ay = attacker.square
        tx, ty = target.square
        if max(abs(ax - tx), abs(ay - ty)) > reach:
            return False
    dist = creature_distance(state, attacker, target)
    return dist is not None and dist <= reach and sees(state, attacker, target)


def may_target(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
               *, kind: str = "attack") -> bool:
    """True when ``attack``'s ``only`` test lets ``attacker`` target (or strike) ``target`` (CL-2):
    ``me`` is the attacker, ``other`` the target; ``kind`` ("attack", "charge", "opportunity",
    "follow-up", "chain") gives the attack kinds of its ``Situation``."""
    if attack.only.always:
        return True
    return attack.only.holds(state, attacker, target, situation(state, attacker, target, attack, kind))


def situation(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
              kind: str = "attack") -> Situation:
    """What a ``When`` about this attack may ask (CL-1, CL-2, CL-7): the attacker's uid, whether it
    charges (``kind`` "charge") or flanks, whether its target cannot see it, the attack kinds and
    the damage type."""
    return Situation(attacker=attacker.uid, charging=kind == "charge",
                     flanking=flanking(state, attacker, target),
                     unseen=invisible(state, attacker, target) or not sees(state, target, attacker),
                     attack_kinds=kinds_of_attack(attack.kind._value_, charge=kind == "charge",
                                                  opportunity=kind == "opportunity"),
                     damage_types=attack.damage_types)  # every part's type (CL-6)


def struck_by(state: GameState, attacker: Creature, attack: AttackDef, found: list[Creature]) -> list[Creature]:
    """Of the creatures ``found`` in a close or area attack's template, those it strikes (CL-2):
    by its ``strikes`` (all, enemies only, allies only) and its ``only`` test; same order."""
    if attack.strikes is STRIKES_ENEMIES:
        found = [c for c in found if c.team != attacker.team]
    elif attack.strikes is STRIKES_ALLIES:
        found = [c for c in found if c.team == attacker.team]
    if not attack.only.always:
        found = [c for c in found if may_target(state, attacker, c, attack)]
    return found


def sees(state: GameState, a: Creature, b: Creature) -> bool:
    """Line of sight from creature a to creature b: from any of a's squares to any of b's (LOS-1);
    then the rule modules that change sight answer (UG-DARK: not into darkness)."""
    if a.card.size == 1 and b.card.size == 1:
        seen = state.geometry.line_of_sight(a.square, b.square)
    else:
        seen = fp.sight(state.geometry, a.square, a.card.size, b.square, b.card.size)
    if not seen or not (state.rules.modules or (state.map is not None and state.map.rules)):
        return seen  # the skirmish rules alone (the fast way), or nothing to take away
    book = book_of(state)
    return book.sees(state, a, b, seen) if book.changes_sight else seen


def creature_distance(state: GameState, a: Creature, b: Creature) -> int | None:
    """Squares from creature a to creature b around walls (RNG-5): the least over their squares."""
    if a.card.size == 1 and b.card.size == 1:
        return state.geometry.distance(a.square, b.square)
    return fp.distance(state.geometry, a.square, a.card.size, b.square, b.card.size)


def nearest_enemies(state: GameState, attacker: Creature) -> list[Creature]:
    """The enemies in line of sight at the least distance (RNG-2 ``nearest``; ties: attacker's choice)."""
    best: list[Creature] = []
    best_d = None
    for c in state.enemy_creatures(attacker.player):
        if not sees(state, attacker, c):
            continue
        d = creature_distance(state, attacker, c)
        if d is None:
            continue
        if best_d is None or d < best_d:
            best, best_d = [c], d
        elif d == best_d:
            best.append(c)
    return best


def valid_targets(state: GameState, attacker: Creature, attack: AttackDef) -> list[Creature]:
    """Every enemy ``attack`` could target now, in uid order (RNG-1, RNG-2; its ``only`` test, CL-2;
    a melee line's reach, CL-5)."""
    enemies = state.enemy_creatures(attacker.player)
    if not attack.only.always:  # CL-2
        enemies = [c for c in enemies if may_target(state, attacker, c, attack)]
    if attack.reach is REACH_RANGE and attacker.card.size == 1 and not book_of(state).changes_sight:
        # in_reach for one-square creatures: sight, then a distance within range -- refused
        # cheaply by the Chebyshev distance (never above the count around walls) and else
        # counted only as far as the range (Geometry.within).
        geo, pos, r = state.geometry, attacker.square, attack.range
        assert r is not None  # a Reach.RANGE line has a range (content checks it)
        x, y = pos
        # (``enemy_creatures`` are on the map: ``pos`` is their square.)
        return [c for c in enemies
                if (in_reach(state, attacker, c, attack) is None if c.card.size > 1 else
                    -r <= c.pos[0] - x <= r and -r <= c.pos[1] - y <= r  # type: ignore[index]
                    and geo.line_of_sight(pos, c.pos) and geo.within(pos, c.pos, r))]  # type: ignore[arg-type]
    if attack.kind is ATTACK_KIND_MELEE and not (attack.range and attack.range > 1) and not book_of(state).reach_asked:
        # in_reach of a melee line of reach 1 for an enemy on the map: adjacency alone (RNG-1).
        if attacker.card.size == 1:
            x, y = attacker.square
            here = (x, y)
            # Chebyshev distance 1 (``enemy_creatures`` are on the map: ``pos`` is their square).
            return [c for c in enemies if ((-1 <= c.pos[0] - x <= 1 and -1 <= c.pos[1] - y <= 1  # type: ignore[index]
                                            and c.pos != here)
                                           if c.card.size == 1 else touching(attacker, c))]
        return [c for c in enemies if touching(attacker, c)]
    return [c for c in enemies if in_reach(state, attacker, c, attack) is None]


@dataclass(frozen=True)
class AttackPreview:
    """What an attack would do before it is made (for players and the AI).

    Attributes:
        modifiers: named modifiers, e.g. (("cover", -2),).
        bonus: the attack bonus.
        target_number: the defence value to reach.
        hit_chance: probability of a hit, 0..1 (natural 20 always hits,
            natural 1 always misses).
        expected_damage: mean HP of damage including criticals, not capped
            at the target's HP (what the dice deal).
        kill_chance: probability the attack alone destroys the target.
        expected_loss: mean HP the target loses, criticals included: each
            hit's damage capped at the target's current HP (a sure hit of 15
            on a 10-HP target loses 10).  This is the "expected damage" for
            players (HP-1: HP stop at 0).
        damage_modifiers: the attacker's conditional damage bonuses that hold against this
            target (CL-1), e.g. (("Holy Wrath", 10),); counted in the damage above.
    """

    modifiers: tuple[tuple[str, int], ...]
    bonus: int
    target_number: int
    hit_chance: float
    expected_damage: float
    kill_chance: float
    expected_loss: float
    damage_modifiers: tuple[tuple[str, int], ...] = ()


def preview(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
            *, charge: bool = False, origin: AreaOrigin | None = None) -> AttackPreview:
    """Chance to hit and expected damage of ``attack`` on ``target`` (ATK-3..6).

    ``origin``: the template (``areas.Template``) of a close or area attack,
    so that cover is traced from it (COV-5); None for other attacks.
    """
    if not attack.rolls:  # CL-9: no attack roll; a save of N fails on N-1 faces in 20
        return _preview_without_roll(state, attacker, target, attack, charge)
    mods = modifiers(state, attacker, target, attack, charge=charge, origin=origin)
    total_bonus = attack.bonus + sum(v for _, v in mods)
    tn = target.card.defense_value(attack.defense)
    auto = automatic_critical(target, attack)
    crit = critical_from(state, attacker, attack)
    hits = [n for n in range(1, 21) if auto or n >= crit or (n != 1 and n + total_bonus >= tn)]
    ca = any(name == "combat advantage" for name, _ in mods)

    boost = aura_damage(state, attacker, target, attack, charge=charge)
    bonus = conditional_damage(state, attacker, target, attack, charge=charge)
    # A hit deals one of two amounts: a critical hit's or an ordinary one's.
    crits: float = sum(1 for n in hits if auto or n >= crit)
    plain: float = len(hits) - crits
    chance = len(hits) / 20
    weights = None
    if attacker.card.dice:  # CL-13: rerolls and the better of two dice change each face's chance
        kind = "charge" if charge else "attack"
        changes = rolls.applicable(state, attacker, DIE_ROLL_ATTACK, target,
                                   attack_situation(state, attacker, target, attack, kind))
        weights = rolls.face_weights(changes, _hits(state, attacker, target, attack, mods))
    if weights is not None:  # counts out of 20, as above
        crits = 20 * sum(weights[n - 1] for n in hits if auto or n >= crit)
        plain = 20 * sum(weights[n - 1] for n in hits) - crits
        chance = (crits + plain) / 20
    if crits and target.card.abilities and immune_to(target.card, "critical hits"):
        plain, crits = plain + crits, 0  # CL-15: it still hits, with ordinary damage
    hp = target.hp
    expected: float = 0
    kills: float = 0
    loss: float = 0
    for count, critical in ((plain, False), (crits, True)):
        if count:
            dealt = hit_damage(attacker, target, attack, critical, ca, charge, boost=boost, bonus=bonus)[0]
            expected += count * dealt
            kills += count if dealt >= hp else 0
            loss += count * min(dealt, hp)
    return AttackPreview(mods, attack.bonus, tn, chance, expected / 20, kills / 20, loss / 20, bonus)


def _preview_without_roll(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                          charge: bool) -> AttackPreview:
    """``preview`` of a line with no attack roll (CL-9): it hits surely, or when the target's save
    fails (a d20 below ``save``: (save - 1) / 20); never critical; no roll modifiers (the
    modifiers are (("no attack roll", 0),) or (("save N+", 0),) for the preview's list)."""
    chance = 1.0 if attack.automatic else max(0, min(20, attack.save - 1)) / 20
    ca = bool(combat_advantage(state, attacker, target))
    dealt = hit_damage(attacker, target, attack, False, ca, charge,
                       boost=aura_damage(state, attacker, target))[0]
    hp = target.hp
    label = "no attack roll" if attack.automatic else f"save {attack.save}+"
    return AttackPreview(((label, 0),), 0, attack.save, chance, chance * dealt,
                         chance if dealt >= hp else 0.0, chance * min(dealt, hp))


def resolve_attack(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                   out: list[ev.Event], *, kind: str = "attack", origin: AreaOrigin | None = None,
                   natural: int | None = None) -> bool:
    """Roll one attack and apply its damage and effects, mutating ``state`` (ATK-3..6, HP-1).

    ``kind`` is "attack", "charge", "opportunity", "follow-up" or "chain" (CL-8); ``origin``
    the template of a close or area attack (COV-5); ``natural``: the face the
    roll counts as, with no die rolled (a champion power that sets the die,
    CL-12), None to roll.  Appends events to ``out``; returns True when the
    attack hit.  A line with no attack roll (CL-9) hits surely or on a failed
    save (``AttackWithoutRoll`` instead of ``AttackRolled``); effects with a
    ``when`` are gated by it as the attack found the target (CL-7).
    """
    book = book_of(state)
    if book.checks_attacks and not book.before_attack(state, attacker, target, attack, out):
        state.round_had_combat = True  # a rule module made it miss before its roll (UG-SLIP)
        return False
    if not attack.rolls:  # CL-9: no attack roll
        return _resolve_without_roll(state, attacker, target, attack, out, kind=kind, origin=origin)
    mods = modifiers(state, attacker, target, attack, charge=(kind == "charge"), origin=origin,
                     opportunity=(kind == "opportunity"))
    bonus = attack.bonus
    tn = target.card.defense_value(attack.defense)
    if natural is not None:  # CL-12: a set die
        pass
    elif attacker.card.dice:  # CL-13: the card changes its own attack rolls
        natural = rolls.roll_d20(state, attacker, DIE_ROLL_ATTACK, _hits(state, attacker, target, attack, mods),
                                 out, other=target, situation=attack_situation(state, attacker, target, attack, kind))
    else:
        natural, state.dice = state.dice.roll(20)
    total = natural + bonus + sum(v for _, v in mods)
    critical = natural >= critical_from(state, attacker, attack) or automatic_critical(target, attack)
    hit = critical or (natural != 1 and total >= tn)
    prevented = critical and bool(target.card.abilities) and immune_to(target.card, "critical hits")
    if prevented:  # CL-15: the roll still hits, but it is no critical hit
        critical = False
    state.round_had_combat = True
    out.append(ev.AttackRolled(attacker.uid, target.uid, attack.name, natural, bonus, mods, total,
                               attack.defense._value_, tn, hit, critical, kind, critical_prevented=prevented))
    gate = _gates(state, attacker, target, attack, kind)
    if hit:
        ca = any(name == "combat advantage" for name, _ in mods)
        charge = kind == "charge"
        amount, steps, parts = _hit(attacker, target, attack, critical, ca, charge,
                                    boost=aura_damage(state, attacker, target, attack, charge=charge),
                                    bonus=conditional_damage(state, attacker, target, attack, charge=charge,
                                                             opportunity=kind == "opportunity"))
        deal_damage(state, target, amount, attack.damage_type, attacker.player, out,
                    adjustments=tuple(steps), parts=parts)
    apply_attack_effects(state, attacker, target, attack, hit, out, kind=kind, origin=origin,
                         critical=critical, gate=gate)
    return hit


def _gates(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
           kind: str) -> tuple[bool, ...]:
    """For each effect of ``attack``, whether its ``when`` holds now, before the attack changes
    anything (CL-7: "on a bloodied target" asks about the target as the attack found it)."""
    if all(e.when.always for e in attack.effects):
        return ()
    here = situation(state, attacker, target, attack, kind)
    return tuple(e.when.always or e.when.holds(state, attacker, target, here) for e in attack.effects)


def _resolve_without_roll(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                          out: list[ev.Event], *, kind: str, origin: AreaOrigin | None) -> bool:
    """``resolve_attack`` for a line with no attack roll (CL-9): ``automatic`` hits; with a
    ``save`` the target rolls a d20 and resists (a miss) on ``save`` or more.  Never critical;
    combat advantage still counts for Sneak Attack.  Returns True when it hit."""
    state.round_had_combat = True
    face = 0
    if attack.save:
        face, state.dice = state.dice.roll(20)
        hit = face < attack.save
    else:
        hit = True
    out.append(ev.AttackWithoutRoll(attacker.uid, target.uid, attack.name, hit, attack.save, face, kind))
    gate = _gates(state, attacker, target, attack, kind)
    if hit:
        ca = bool(combat_advantage(state, attacker, target))
        amount, steps = hit_damage(attacker, target, attack, False, ca, kind == "charge",
                                   boost=aura_damage(state, attacker, target))
        if attack.total_damage or steps:
            deal_damage(state, target, amount, attack.damage_type, attacker.player, out,
                        adjustments=tuple(steps))
    apply_attack_effects(state, attacker, target, attack, hit, out, kind=kind, origin=origin, gate=gate)
    return hit


def _hits(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
          mods: list[tuple[str, int]] | tuple[tuple[str, int], ...]) -> Callable[[int], bool]:
    """Whether a natural face hits (ATK-3, ATK-5): for the dice changes of CL-13."""
    need = target.card.defense_value(attack.defense) - attack.bonus - sum(v for _, v in mods)
    crit = critical_from(state, attacker, attack)
    auto = automatic_critical(target, attack)
    return lambda n: auto or n >= crit or (n != 1 and n >= need)


def attack_situation(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                     kind: str = "attack") -> Situation:
    """What is known of an attack for the card language's ``when`` tests (CL-1, CL-13): the attacker,
    charging, flanking, unseen (``invisible`` to its target), the attack's kinds and damage type."""
    return Situation(attacker=attacker.uid, charging=kind == "charge",
                     flanking=attack.kind is ATTACK_KIND_MELEE and flanking(state, attacker, target),
                     unseen=invisible(state, attacker, target),
                     attack_kinds=kinds_of_attack(attack.kind._value_, charge=kind == "charge",
                                                  opportunity=kind == "opportunity"),
                     damage_types=frozenset({attack.damage_type}))


def aura_damage(state: GameState, attacker: Creature, target: Creature, attack: AttackDef | None = None,
                *, charge: bool = False) -> Boost:
    """What auras add to a hit of ``attacker`` on ``target``: (damage bonuses, target's resist auras).

    ``attack`` (with ``charge``): the attack made, for the CL-3 filters of damage auras (None:
    outside an attack's kinds and types).  A pair ((name, HP), ...), (Aura, ...) for
    ``hit_damage``'s ``boost``; empty without auras.  The HP the optional rule modules add come
    first among the bonuses (UG-FATIGUE).
    """
    book = book_of(state)
    extra = book.damage_modifiers(state, attacker, target) if book.attack_modifiers_asked else ()
    if not auras.any_auras(state):
        return (extra, ())
    aura_situation = CALM if attack is None else auras.attack_situation(attacker, attack, charge=charge)
    return (extra + tuple(auras.bonuses(state, attacker, "damage", aura_situation)), auras.resist_auras(state, target))


def conditional_damage(state: GameState, attacker: Creature, target: Creature, attack: AttackDef, *,
                       charge: bool = False, opportunity: bool = False) -> tuple[tuple[str, int], ...]:
    """The attacker's conditional damage bonuses that hold for a hit of ``attack`` on ``target``
    (CL-1, ``numbers.damage_bonuses``), as (name, HP) pairs for ``hit_damage``'s ``bonus``."""
    if not has_bonuses(attacker.card):
        return ()
    return tuple(damage_bonuses(state, attacker, target,
                                situation(state, attacker, target, attack,
                                          "charge" if charge else "opportunity" if opportunity else "attack")))


def hit_damage(attacker: Creature, target: Creature, attack: AttackDef, critical: bool,
               combat_advantage: bool, charge: bool, *,
               boost: Boost = ((), ()),
               bonus: tuple[tuple[str, int], ...] = ()) -> tuple[int, list[tuple[str, int]]]:
    """HP a hit deals, and the abilities that changed it (ATK-5, CON-7, ABL-1, ABL-2, ATK-8).

    The attack's damage, plus Sneak Attack (with combat advantage) and
    Powerful Charge (on a charge) — different abilities add, the same one
    counts once; a critical hit doubles all of it (our reading of ATK-5's
    "including damage bonuses"); enervated halves it (CON-7); then the
    target's Immune / Vulnerable / Resist / Insubstantial (``abilities.defend``).
    ``boost``: (damage-aura bonuses as (name, HP) pairs, the target's resist
    auras) from ``aura_damage``; the bonuses add like any other bonus (ATK-8)
    and never take damage below 0.  ``bonus``: the attacker's conditional damage
    bonuses that hold (CL-1, ``conditional_damage``), added the same way.
    An attack of several damage types (CL-6, ``AttackDef.parts``): the bonuses
    join its main part, a critical hit doubles every part, enervated halves the
    total (the cut taken from the main part first), and the target's abilities
    apply to each part (``abilities.defend_parts``).
    Returns (HP, [(ability kind or aura name, HP change), ...]).
    """
    amount, steps, _ = _hit(attacker, target, attack, critical, combat_advantage, charge, boost=boost,
                            bonus=bonus)
    return amount, steps


def _hit(attacker: Creature, target: Creature, attack: AttackDef, critical: bool,
         combat_advantage: bool, charge: bool, *, boost: Boost,
         bonus: tuple[tuple[str, int], ...]) -> tuple[int, list[tuple[str, int]], tuple[tuple[str, int], ...]]:
    """``hit_damage``, and the damage parts before the target's defences ((type, HP) pairs; () for an
    attack of one type, CL-6)."""
    amount = attack.damage + attack.damage_bonus
    steps: list[tuple[str, int]] = []
    if attacker.card.abilities:
        steps = extra_damage(attacker.card, combat_advantage=combat_advantage, charge=charge)
        amount += sum(v for _, v in steps)
    boosts, resists = boost
    if boosts:
        steps = steps + list(boosts)
        amount = max(0, amount + sum(v for _, v in boosts))
    if bonus:  # CL-1: conditional damage bonuses
        steps = steps + list(bonus)
        amount = max(0, amount + sum(v for _, v in bonus))
    if critical:
        amount *= 2
        steps = [(k, 2 * v) for k, v in steps]
    if attack.parts:  # CL-6: several damage types
        return _hit_parts(attacker, target, attack, amount, critical, steps, resists)
    if "enervated" in attacker.conditions:  # CON-7
        amount = halve_damage(amount)
    if target.card.abilities or resists:
        amount, more = defend(target.card, amount, attack.damage_type, attack=True, auras=resists)
        steps += more
    if target.effects and "petrified" in target.conditions:  # CL-18: stone resists 20
        amount, more = stone_resist(target, amount)
        steps += more
    return amount, steps, ()


def _hit_parts(attacker: Creature, target: Creature, attack: AttackDef, main: int, critical: bool,
               steps: list[tuple[str, int]], resists: tuple[Aura, ...]
               ) -> tuple[int, list[tuple[str, int]], tuple[tuple[str, int], ...]]:
    """The end of ``_hit`` for an attack of several damage types (CL-6): ``main`` is its main part
    with every bonus (doubled already on a critical hit)."""
    factor = 2 if critical else 1
    parts = [(attack.damage_type, main)] + [(p.damage_type, p.amount * factor) for p in attack.parts]
    if "enervated" in attacker.conditions:  # CON-7: half of the total, cut from the main part first
        cut = sum(v for _, v in parts) - halve_damage(sum(v for _, v in parts))
        shrunk = []
        for kind, v in parts:
            take = min(v, cut)
            cut -= take
            shrunk.append((kind, v - take))
        parts = shrunk
    rolled = tuple(parts)
    amount = sum(v for _, v in parts)
    if target.card.abilities or resists:
        amount, more = defend_parts(target.card, parts, attack=True, auras=resists)
        steps = steps + more
    if target.effects and "petrified" in target.conditions:  # CL-18: stone resists 20
        amount, more = stone_resist(target, amount)
        steps = steps + more
    return amount, steps, rolled


def apply_attack_effects(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                         hit: bool, out: list[ev.Event], *, kind: str = "attack",
                         origin: AreaOrigin | None = None, critical: bool = False,
                         gate: tuple[bool, ...] = ()) -> None:
    """Apply the condition and ongoing-damage effects of ``attack`` on ``target`` (ATK-3, ATK-5).

    Effects happen once whatever the damage (a critical hit doubles damage,
    never effects).  Only effects whose trigger matches (hit, miss, always)
    apply, and none to a destroyed target — except heal effects, which heal
    the attacker (``HealEffect``).  Follow-up attacks (ATK-7) are
    made by the flow in ``game``, not here.  Forced movement (MOV-14) is
    queued in ``state.pending`` for the attacking player to choose once the
    attack is done (``forced``); an opportunity attack's forced movement
    does nothing (our choice: it would interrupt the enemy's move; ``forced_moves_not_made``).
    ``origin``: an area attack's template (a push counts from its origin).

    CL-7: ``critical`` -- the hit was critical (effects ``on: critical``); an effect ``on:
    destroys`` happens when the target was destroyed by this attack; ``gate`` -- for each effect,
    whether its ``when`` held before the attack (``_gates``; () : all hold).  An escalation
    (``EscalateEffect``) gives the condition after the last of its ladder the target has, looked
    at before any effect of this attack applies.  Chains (CL-8) are made by ``attacking``.
    """
    destroyed = not target.alive
    has_before = frozenset(target.conditions) if any(isinstance(e, EscalateEffect) for e in attack.effects) \
        else frozenset()
    for i, effect in enumerate(attack.effects):
        if not effect.on.matches(hit, critical, destroyed):
            continue
        if gate and not gate[i]:
            continue
        if isinstance(effect, HealEffect):  # healing: the attacker, never above its card's HP
            heal(attacker, effect.amount, out, cause="heal", source=attacker.uid)
            continue
        if not target.alive:
            continue
        if isinstance(effect, EscalateEffect):  # CL-7
            add_effect(state, target, effect.step(has_before), effect.duration, attacker, out)
        elif isinstance(effect, ConditionEffect):
            add_effect(state, target, effect.condition, effect.duration, attacker, out)
        elif isinstance(effect, OngoingEffect):
            add_effect(state, target, "ongoing", effect.duration, attacker, out,
                       amount=effect.amount, damage_type=effect.damage_type)
        elif isinstance(effect, ForcedMoveEffect) and kind != "opportunity":
            if target.card.abilities and immune_to(target.card, "forced movement"):  # CL-15
                out.append(ev.ConditionPrevented(target.uid, "forced movement"))
                continue
            source = attacker.square
            if attack.kind is ATTACK_KIND_AREA and origin is not None and origin.origin is not None:
                source = origin.origin
            state.pending = state.pending + (PendingForce(
                effect.kind.value, target.uid, attacker.uid, effect.distance, source, attack.name,
                attacker.player),)


def forced_moves_not_made(attack: AttackDef, hit: bool, kind: str) -> tuple[ForcedMoveEffect, ...]:
    """The push, pull, slide, teleport or place effects of ``attack`` that ``apply_attack_effects``
    does not make for an attack roll of ``kind`` that ``hit`` (or missed): all those whose trigger
    matches when ``kind`` is "opportunity" (OA-1: the free basic attack is made while the enemy is
    about to leave its square; our reading: its forced movement would interrupt that move, so it is
    not made), else none.  For clients that say so in the log.
    """
    if kind != "opportunity":
        return ()
    return tuple(effect for effect in attack.effects if isinstance(effect, ForcedMoveEffect)
                 and effect.on.matches(hit))


def heal(creature: Creature, amount: int, out: list[ev.Event], *, cause: str, source: str | None = None) -> int:
    """``creature`` regains up to ``amount`` HP, never above its card's HP; returns HP regained.

    A destroyed creature regains nothing.  Appends CreatureHealed (``cause``,
    ``source``) when it regained any.
    """
    if not creature.alive:
        return 0
    regain = max(0, min(amount, creature.card.hp - creature.hp))
    if regain:
        creature.hp += regain
        out.append(ev.CreatureHealed(creature.uid, regain, creature.hp, cause, source))
    return regain


def deal_damage(state: GameState, target: Creature, amount: int, damage_type: str,
                by_player: int, out: list[ev.Event], *, cause: str = "attack",
                adjustments: tuple[tuple[str, int], ...] = (),
                parts: tuple[tuple[str, int], ...] = ()) -> None:
    """Subtract ``amount`` HP from ``target``; destroy it at 0 (HP-1) and score its cost.

    cause: "attack" or "ongoing"; adjustments: what abilities changed; parts: an attack's
    damage types and HP before the target's defences when it has several (CL-6) -- any of them
    may stop Regeneration (all reported in DamageDealt).
    """
    target.hp = max(0, target.hp - amount)
    if amount > 0 and target.card.abilities and (
            stops_regeneration(target.card, damage_type)
            or any(v > 0 and stops_regeneration(target.card, t) for t, v in parts)):
        target.regeneration_stopped = True  # docs/rules.md ABL: stops its Regeneration for a turn
    out.append(ev.DamageDealt(target.uid, amount, damage_type, target.hp, target.bloodied, cause,
                              adjustments, parts=parts))
    if target.hp <= 0:
        destroy(state, target, by_player, out)


def destroy(state: GameState, target: Creature, by_player: int, out: list[ev.Event], cause: str = "") -> None:
    """Remove ``target`` from the map; its opponent scores its cost (SCN-ASSAULT),
    or the bounty in Bounty and Combined (SCN-BOUNTY).  ``cause`` goes into the
    ``CreatureDestroyed`` event: "" for damage (HP-1), "pit" for a turn ended in a
    pit (TER-PIT), "fall" for a hit on the second roll after a fall into one.

    A confused creature under the opponent's control goes back to its own
    warband first (CON-6, docs/rules.md), so the owner's opponent scores it.

    SCN-MULTI: an enemy ``by_player`` scores it; one destroyed by its own
    side scores for the opponent in a battle of two sides, and in
    free-for-all its cost is split among all the other players, rounded
    down (see ``score_destroyed``).
    """
    if target.owner is not None:
        target.player, target.owner = target.owner, None
    square, target.pos = target.pos, None
    target.destroyed = True
    out.append(ev.CreatureDestroyed(target.uid, by_player, cause, square))
    worth = state.rules.bounty_vp if state.rules.bounty else target.card.cost  # SCN-BOUNTY
    if target.card.abilities:
        worth += trophy(target.card)  # CL-16: Trophy N
    for scorer, amount in score_destroyed(state, target.player, by_player, worth):
        state.vp[scorer] += amount
        out.append(ev.VictoryPointsScored(scorer, amount, "destroyed", state.vp[scorer]))


def score_destroyed(state: GameState, owner: int, by_player: int, worth: int) -> list[tuple[int, int]]:
    """Who scores a destroyed creature of ``owner`` worth ``worth`` VP: ``[(player, VP), ...]``.

    Two sides (SCN-ASSAULT, teams of SCN-MULTI): an enemy ``by_player``
    scores it, otherwise the owner's opponent (two players: always
    ``1 - owner``).  Free-for-all (SCN-MULTI): an enemy ``by_player``
    scores it; a player who destroys its own creature splits ``worth``
    among all the other players, rounded down (a share of 0 scores nothing).
    """
    if state.hostile(by_player, owner):
        return [(by_player, worth)]
    if not state.free_for_all:
        return [(state.opponent(owner), worth)]
    others = [p for p in range(state.players) if p != owner]
    share = worth // len(others)
    return [(p, share) for p in others] if share else []
