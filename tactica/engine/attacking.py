"""Making attacks during an activation: listing them, provoking, resolving, follow-ups.

``attack_actions`` lists the single- and multi-target attacks the active
creature may make (ATK-1, ATK-4, RNG-1, RNG-2, CON-2, CON-6; secondary
attack lines are never offered on their own, ATK-7).  ``resolve_all`` rolls
one attack against targets in the attacker's order, each resolved in full
before the next (ATK-4), then the attack's triggered follow-ups (ATK-7).
``provoke`` makes the opportunity attacks a ranged or area attack provokes
(OA-1, OA-4).
"""
from __future__ import annotations

from itertools import combinations

from . import events as ev
from .actions import Attack
from .chains import run_chain
from .combat import AreaOrigin, resolve_attack, valid_targets
from .flow import battle_decided
from .interrupts import interject
from .members import ATTACK_KIND_AREA, ATTACK_KIND_RANGED, TRIGGER_ALWAYS, TRIGGER_HIT
from .model import AttackDef, ChainEffect, FollowUpEffect, Square
from .movement import threats
from .state import BASIC_ONLY, Creature, GameState
from .uses import attack_available

#: How deep follow-ups of follow-ups may go (a guard against cyclic cards).
MAX_FOLLOW_UP_DEPTH = 3


def attack_allowed(me: Creature, attack: AttackDef) -> bool:
    """True when ``me`` may choose ``attack`` for its attack action now.

    Secondary lines only come as follow-ups (ATK-7); staggered and confused
    creatures may only make their basic attack (CON-2, CON-6); a line whose
    check boxes are all ticked is spent (CARD-4).
    """
    if attack.secondary or not attack_available(me, attack):
        return False
    return not (me.effects and me.conditions & BASIC_ONLY) or attack == me.card.basic_attack


def charge_attack(me: Creature) -> AttackDef | None:
    """The attack line a charge by ``me`` makes (CHG-1), or None when it may not charge.

    A charge makes the creature's basic attack, and only when that is a melee
    attack (CHG-1, docs/rules.md "Charge"): a stronger melee line that is not its
    basic attack is never made by a charge, and a creature whose basic attack
    is ranged cannot charge at all.  Also None when it is staggered or
    confused (CON-2, CON-6: no charge) or when every check box of its basic
    melee line is ticked (CARD-4).  Whether its attack action is still free
    this turn, or it can act at all, is not looked at (as ``attack_allowed``).
    Takes a creature; returns one of its card's ``AttackDef``s or None.
    """
    melee = me.card.basic_melee
    if melee is None or (me.effects and me.conditions & BASIC_ONLY) or not attack_available(me, melee):
        return None
    return melee


def attack_actions(state: GameState) -> list[Attack]:
    """Every legal ``Attack`` of the active creature (melee and ranged lines), canonical order.

    Each set of targets is listed once, in uid order (``apply`` accepts any
    order).  Close and area lines are listed by ``areas.area_actions``.
    """
    me = state.actor
    acts: list[Attack] = []
    for i, attack in enumerate(me.card.attacks):
        if not attack_allowed(me, attack) or attack.is_area:
            continue
        targets = valid_targets(state, me, attack)
        for n in range(1, min(attack.targets, len(targets)) + 1):
            for combo in combinations(targets, n):
                acts.append(Attack(i, tuple(c.uid for c in combo)))
    return acts


def provoked_by(st: GameState, me: Creature, attack: AttackDef) -> tuple[str, ...]:
    """Uids of the enemies whose opportunity attack making ``attack`` now would provoke (OA-1, OA-4).

    Ranged and area attacks provoke from enemies threatening the attacker's
    square; melee and close attacks provoke nobody (RNG-3).  A query for
    previews: ``provoke`` is what resolves them.
    """
    if attack.kind not in (ATTACK_KIND_RANGED, ATTACK_KIND_AREA):
        return ()
    return tuple(threats(st, me, me.square))


def provoke(st: GameState, me: Creature, cause: str, out: list[ev.Event]) -> bool:
    """OA-1, OA-4: adjacent enemies strike first; returns False if ``me`` fell or the battle ended.

    cause: "ranged attack" or "area attack" (reported in the event).
    """
    for uid in threats(st, me, me.square):
        maker = st.creature(uid)
        st.oa_used = st.oa_used | {uid}
        out.append(ev.OpportunityAttackProvoked(uid, me.uid, cause))
        basic = maker.card.basic_attack
        assert basic is not None  # ``threats`` lists only makers with a basic attack (OA-1)
        resolve_all(st, maker, basic, [me], "opportunity", out)
        if st.is_over or not me.alive:
            return False
    return True


def resolve_all(st: GameState, me: Creature, attack: AttackDef, targets: list[Creature], kind: str,
                out: list[ev.Event], *, origin: AreaOrigin | None = None, depth: int = 0) -> bool:
    """Roll ``attack`` against each of ``targets`` in order, then its follow-ups (ATK-4, ATK-7).

    Args:
        st: the game (mutated).
        me: the attacker.
        attack: the attack line.
        targets: creatures in the attacker's order; any destroyed meanwhile
            are skipped.
        kind: "attack", "charge", "opportunity" or "follow-up".
        out: events are appended here.
        origin: the area template (areas.Template) of a close or area attack,
            for cover (COV-5); None otherwise.
    Returns False when the battle was decided on the way.

    Follow-ups (FollowUpEffect) are made after every target was attacked,
    against each target whose result matches their trigger, in order.
    After each target's attack, a champion power or reaction may answer it
    before the next one (CHP-2, ``interrupts.interject``: may raise
    ``interrupts.Paused`` inside an action ``apply`` runs).
    """
    results: list[tuple[Creature, bool]] = []
    squares: list[Square] = []
    chains = kind != "opportunity" and any(isinstance(e, ChainEffect) for e in attack.effects)
    for t in targets:
        if not t.alive or not me.alive:
            continue
        if chains:
            squares.append(t.square)
        hit = resolve_attack(st, me, t, attack, out, kind=kind, origin=origin)
        results.append((t, hit))
        if battle_decided(st, out):
            return False
        again = interject(st, out, me.uid, t.uid)  # CHP-2: a champion power answers it now (may stop here)
        if again is not None:  # CL-12: a champion's reroll stands for the miss; follow-ups go by it
            results[-1] = (t, again)
    if depth >= MAX_FOLLOW_UP_DEPTH:
        return True
    for effect in attack.effects:
        if not isinstance(effect, FollowUpEffect):
            continue
        follow = me.card.attack_named(effect.attack)
        if follow is None:
            continue
        for t, hit in results:
            if effect.on is not TRIGGER_ALWAYS and (effect.on is TRIGGER_HIT) is not hit:
                continue
            if not effect.when.always and not effect.when.holds(st, me, t):  # CL-7
                continue
            if not resolve_all(st, me, follow, [t], "follow-up", out, depth=depth + 1):
                return False
    if chains:  # CL-8: each chain from each target whose result matches its trigger
        attacked = {t.uid for t, _ in results}
        for effect in attack.effects:
            if not isinstance(effect, ChainEffect):
                continue
            for (t, hit), square in zip(results, squares):
                if not effect.on.matches(hit, destroyed=not t.alive):
                    continue
                if not effect.when.always and not effect.when.holds(st, me, t):
                    continue
                if not run_chain(st, me, attack, effect, t, square, attacked, out):
                    return False
    return True


__all__ = ["attack_actions", "attack_allowed", "charge_attack", "provoke", "resolve_all", "MAX_FOLLOW_UP_DEPTH"]
