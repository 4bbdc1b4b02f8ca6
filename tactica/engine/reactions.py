"""Reactions (CL-10): a creature's attack or effect triggered by an event outside its own activation.

A stat card's ``reactions`` (``triggers.Reaction``) answer events of another
creature's action: an adjacent enemy attacks it, an enemy's attack hits it,
an ally nearby is destroyed, an enemy moves next to it.  The decision is
its owner's, in the window the champion powers use (CHP-2, ``champions``):
right after the attack that caused the event (``interrupts``), or once the
action is resolved for an enemy's move, the game waits in
``Phase.CHAMPION`` and each player, the acting one first, uses
(``UseReaction``) or declines (``DeclinePower``, which passes the whole
window for that player).  The AI answers its own (``tactica.ai``).

Limits: a reaction is used at most once per turn (the current creature's
turn, ``GameState.activation_no``) or per round (``Reaction.limit``), and
at most ``uses`` times per battle when it has check boxes (CARD-4).  The
stamp of its last use is kept in ``Creature.used`` under
"reaction:NAME" (the activation or round number), its ticked boxes under
"reaction-uses:NAME".  A creature reacts only when it could make an
opportunity attack (not dazed, stunned, helpless or confused: docs/rules.md
reads a reaction like an opportunity action), never during its own
activation, and only with an effect that can happen: an attack that could
target the enemy now (reach, sight: RNG-1, RNG-2), damage to an enemy still
on the map, a heal that heals.  A reaction's own attack or damage opens no
new window (as for champion powers).
"""
from __future__ import annotations

from . import events as ev
from .abilities import defend
from .actions import UseReaction
from .combat import deal_damage, in_reach, resolve_attack, touching
from .members import (
    REACTION_EFFECT_ATTACK,
    REACTION_EFFECT_HEAL,
    REACTION_LIMIT_TURN,
    REACTION_TRIGGER_ALLY_DESTROYED,
    REACTION_TRIGGER_ATTACKED_BY_ADJACENT,
    REACTION_TRIGGER_ENEMY_ADJACENT,
    REACTION_TRIGGER_HIT,
)
from .model import AttackDef
from .state import NO_OPPORTUNITY, Creature, GameState, Occasion
from .triggers import Reaction, ReactionTrigger
from .uses import heal, helps

#: The ``Occasion.trigger`` values of reactions (distinct from the champion triggers).
REACTION_TRIGGERS = frozenset(t.value for t in ReactionTrigger)


def _count(me: Creature, key: str) -> int:
    for k, n in me.used:
        if k == key:
            return n
    return 0


def _stamp_key(r: Reaction) -> str:
    return f"reaction:{r.name}"


def _uses_key(r: Reaction) -> str:
    return f"reaction-uses:{r.name}"


def _stamp(st: GameState, r: Reaction) -> int:
    """The number that marks this turn (the activation number) or this round, for ``r.limit``."""
    return st.activation_no if r.limit is REACTION_LIMIT_TURN else st.round


def available(st: GameState, me: Creature, r: Reaction) -> bool:
    """True when ``me`` has not used ``r`` this turn / round and has a check box left (CL-10, CARD-4)."""
    stamp = _stamp(st, r)
    if stamp and _count(me, _stamp_key(r)) == stamp:
        return False
    return not r.uses or _count(me, _uses_key(r)) < r.uses


def can_react(st: GameState, me: Creature) -> bool:
    """True when ``me`` may react now: on the map, with reactions, able to make an opportunity attack
    (CON-1..6 via docs/rules.md), and not the creature whose activation is under way."""
    return (me.alive and bool(me.card.reactions) and not (me.conditions & NO_OPPORTUNITY)
            and st.active_uid != me.uid)


def reaction_attack(me: Creature, r: Reaction) -> AttackDef | None:
    """The attack line an ATTACK reaction makes: ``r.attack`` by name, else the basic attack."""
    return me.card.attack_named(r.attack) if r.attack else me.card.basic_attack


# -- occasions ------------------------------------------------------------------


def occasions(st: GameState, events: list[ev.Event]) -> list[Occasion]:
    """The reaction occasions in one action's ``events`` (CL-10); none when no creature on the map has
    reactions.  ``Occasion.ally`` is the creature the event is about (the one attacked or hit, the
    one destroyed, the one an enemy moved next to), ``enemy`` the other (its attacker, the destroyer,
    the mover); for ALLY_DESTROYED ``kind`` holds the destroyed creature's square as "x,y"."""
    if not st.facts().reactions or not any(c.card.reactions and c.alive for c in st.creatures):
        return []
    found: list[Occasion] = []
    last: dict[str, str] = {}
    for e in events:
        if isinstance(e, ev.AttackRolled):
            last[e.target] = e.attacker
            attacker, target = st.peek(e.attacker), st.peek(e.target)
            if attacker is None or target is None or not st.hostile(attacker.player, target.player):
                continue
            if e.hit:
                found.append(Occasion(REACTION_TRIGGER_HIT._value_, target.uid, attacker.uid, e.attack))
            if attacker.alive and target.alive and touching(attacker, target):
                found.append(Occasion(REACTION_TRIGGER_ATTACKED_BY_ADJACENT._value_, target.uid, attacker.uid,
                                      e.attack))
        elif isinstance(e, ev.CreatureDestroyed) and e.square is not None:
            x, y = e.square
            found.append(Occasion(REACTION_TRIGGER_ALLY_DESTROYED._value_, e.uid, last.get(e.uid, ""), "",
                                  f"{x},{y}"))
        elif isinstance(e, ev.CreatureMoved):
            mover = st.peek(e.uid)
            if mover is None or not mover.alive:
                continue
            for c in st.creatures:
                if (c.card.reactions and c.alive and st.hostile(c.player, mover.player)
                        and any(r.trigger is REACTION_TRIGGER_ENEMY_ADJACENT for r in c.card.reactions)
                        and touching(c, mover) and not _touched(c, e.start, mover.card.size)):
                    found.append(Occasion(REACTION_TRIGGER_ENEMY_ADJACENT._value_, c.uid, mover.uid))
    unique: list[Occasion] = []
    for o in found:
        if o not in unique:
            unique.append(o)
    return unique


def _touched(c: Creature, square: tuple[int, int], size: int) -> bool:
    """True when a creature of ``size`` on ``square`` would be adjacent to ``c`` (footprints)."""
    (ax, ay), s = c.square, c.card.size
    dx = max(0, square[0] - (ax + s - 1), ax - (square[0] + size - 1))
    dy = max(0, square[1] - (ay + s - 1), ay - (square[1] + size - 1))
    return max(dx, dy) == 1


def may_answer(occasions_: list[Occasion]) -> bool:
    """True when some occasion is a reaction's (``options`` decides whether one is usable)."""
    return any(o.trigger in REACTION_TRIGGERS for o in occasions_)


# -- legal uses -------------------------------------------------------------------


def _reactors(st: GameState, o: Occasion) -> list[Creature]:
    """The creatures that could answer occasion ``o``: the creature it is about, or for
    ALLY_DESTROYED the destroyed creature's allies on the map."""
    if o.trigger == REACTION_TRIGGER_ALLY_DESTROYED._value_:
        dead = st.peek(o.ally)
        if dead is None:
            return []
        return [c for c in st.creatures if c.card.reactions and c.alive and c.uid != dead.uid
                and not st.hostile(c.player, dead.player)]
    me = st.peek(o.ally)
    return [me] if me is not None and me.card.reactions else []


def _fits(st: GameState, me: Creature, r: Reaction, o: Occasion) -> str | None:
    """The target uid when ``me`` may answer ``o`` with ``r`` now (CL-10), else None."""
    if r.trigger.value != o.trigger or not available(st, me, r):
        return None
    enemy = st.peek(o.enemy) if o.enemy else None
    if enemy is not None and (not enemy.alive or not st.hostile(me.player, enemy.player)):
        enemy = None
    if r.trigger is REACTION_TRIGGER_ALLY_DESTROYED:
        x, _, y = o.kind.partition(",")
        where = (int(x), int(y))
        if not any(st.geometry.within(sq, where, r.range) for sq in me.squares):
            return None
    if not r.when.holds(st, me, enemy):
        return None
    if r.effect is REACTION_EFFECT_HEAL:
        return me.uid if helps(me, "heal", r.amount) else None
    if enemy is None:
        return None
    if r.effect is REACTION_EFFECT_ATTACK:
        attack = reaction_attack(me, r)
        if attack is None or attack.kind.value not in ("melee", "ranged") or in_reach(st, me, enemy, attack):
            return None
    return enemy.uid


def options_by_player(st: GameState) -> dict[int, list[UseReaction]]:
    """Every legal ``UseReaction`` for the open window, by player, in creature and reaction order."""
    found: dict[int, list[UseReaction]] = {}
    if not may_answer(list(st.window)):
        return found
    for o in st.window:
        if o.trigger not in REACTION_TRIGGERS:
            continue
        for me in _reactors(st, o):
            if not can_react(st, me):
                continue
            for i, r in enumerate(me.card.reactions):
                target = _fits(st, me, r, o)
                if target is None or (r.name, me.uid, target) in st.window_used:
                    continue
                a = UseReaction(me.uid, i, target)
                acts = found.setdefault(me.player, [])
                if a not in acts:
                    acts.append(a)
    return found


def check_use(st: GameState, a: UseReaction) -> tuple[str, str] | None:
    """Why ``a`` is illegal now as (code, reason), or None (CL-10)."""
    me = st.find(a.creature) if isinstance(a.creature, str) else None
    if me is None or not me.card.reactions:
        return ("no-reaction", "That creature has no reactions.")
    if me.player != st.decider:
        return ("not-yours", f"{me.card.name} belongs to another player.")
    if not isinstance(a.reaction, int) or not 0 <= a.reaction < len(me.card.reactions):
        return ("no-such-reaction", f"{me.card.name} has no such reaction.")
    r = me.card.reactions[a.reaction]
    if not available(st, me, r):
        return ("reaction-used", f"{r.name} was already used this {r.limit.value}, or has no check boxes "
                                 "left (CL-10).")
    if a not in options_by_player(st).get(st.decider, []):
        return ("no-trigger", f"{r.name} answers: {r.trigger_words()}, with something it can do now (CL-10).")
    return None


def use(st: GameState, a: UseReaction, out: list[ev.Event]) -> None:
    """Resolve reaction ``a`` (CL-10), mutating ``st``: mark its limit and boxes, then its effect."""
    me = st.creature(a.creature)
    r = me.card.reactions[a.reaction]
    stamp = _stamp(st, r)
    kept = tuple((k, v) for k, v in me.used if k != _stamp_key(r))
    me.used = kept + ((_stamp_key(r), stamp),)
    st.window_used = st.window_used | {(r.name, me.uid, a.target)}
    out.append(ev.ReactionUsed(me.uid, r.name, a.target, r.trigger.value, r.effect.value))
    if r.uses:
        n = _count(me, _uses_key(r)) + 1
        me.used = tuple((k, v) for k, v in me.used if k != _uses_key(r)) + ((_uses_key(r), n),)
        out.append(ev.UseSpent(me.uid, r.name, max(0, r.uses - n)))
    if r.effect is REACTION_EFFECT_HEAL:
        heal(me, r.amount, "reaction", out)
        return
    target = st.creature(a.target)
    if r.effect is REACTION_EFFECT_ATTACK:
        attack = reaction_attack(me, r)
        assert attack is not None  # _fits refused a reaction without its attack line
        resolve_attack(st, me, target, attack, out, kind="reaction")  # one roll, no follow-ups
        return
    amount, steps = r.amount, list[tuple[str, int]]()
    if target.card.abilities:
        amount, steps = defend(target.card, amount, r.damage_type, attack=True)
    deal_damage(st, target, amount, r.damage_type, me.player, out, cause="reaction", adjustments=tuple(steps))


__all__ = ["REACTION_TRIGGERS", "available", "can_react", "reaction_attack", "occasions", "may_answer",
           "options_by_player", "check_use", "use"]
