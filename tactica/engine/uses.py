"""Check boxes, recharge and special powers (CARD-4, SPW-1; docs/rules.md "Recharge").

* Check boxes: an attack line or special power with ``uses: N`` may be used
  N times per battle; each use ticks a box (``UseSpent``).  The ticks live in
  ``Creature.used`` as ("attack:NAME" | "power:NAME", count) pairs.
* Recharge: a *one-box* attack or power whose box is ticked refills when its
  ``Recharge`` event happens (bloodied, an ally destroyed, it destroys an
  enemy, or a d20 roll at the start of its turn), and only then.
* Special powers (SPW-1): MOVE / ATTACK powers are actions of the activated
  creature on its own turn (``UsePower``); TRIGGERED powers happen by
  themselves when their event happens.  Confused creatures use no special
  powers; staggered ones no attack-action powers (docs/rules.md).

``react`` is called by ``game.apply`` after every action with that action's
events; ``start_of_turn`` by the activation.  Every change is an event.
"""
from __future__ import annotations

from collections.abc import Iterator

from . import events as ev
from .actions import UsePower
from .conditions import end_effects, holds_against_forced
from .forms import change_form, changes_back
from .members import (
    POWER_ACTION_ATTACK,
    POWER_ACTION_MOVE,
    POWER_ACTION_TRIGGERED,
    POWER_EFFECT_CLEAR,
    POWER_EFFECT_FORM,
    POWER_EFFECT_HEAL,
    POWER_TRIGGER_BLOODIED,
    POWER_TRIGGER_DESTROYS_ENEMY,
    POWER_TRIGGER_START_OF_TURN,
    RECHARGE_ON_ALLY_DESTROYED,
    RECHARGE_ON_BLOODIED,
    RECHARGE_ON_BLOODIES_ENEMY,
    RECHARGE_ON_CHANGES_BACK,
    RECHARGE_ON_DESTROYS_ENEMY,
    RECHARGE_ON_ROLL,
    RECHARGE_ON_ROUND_START,
)
from .model import AttackDef
from .powers import MOVEMENT_EFFECTS, PowerEffect, PowerTrigger, Recharge, RechargeOn, SpecialPower
from .state import NO_ACTIONS, Creature, GameState, PendingForce, bloodied_threshold

#: Conditions that forbid every special power (CON-6 via docs/rules.md).
NO_SPECIAL_POWERS = frozenset({"confused"})
#: Conditions that forbid attack-action special powers (CON-2 via docs/rules.md).
NO_ATTACK_POWERS = frozenset({"staggered", "confused"})


def attack_key(attack: AttackDef) -> str:
    """The ``Creature.used`` key of an attack line."""
    return f"attack:{attack.name}"


def power_key(power: SpecialPower) -> str:
    """The ``Creature.used`` key of a special power."""
    return f"power:{power.name}"


def used_count(me: Creature, key: str) -> int:
    """How many boxes of ``key`` ``me`` has ticked (CARD-4)."""
    for k, n in me.used:
        if k == key:
            return n
    return 0


def _set_count(me: Creature, key: str, n: int) -> None:
    kept = tuple((k, v) for k, v in me.used if k != key)
    me.used = kept + (((key, n),) if n else ())


def uses_left(me: Creature, key: str, uses: int) -> int | None:
    """Boxes left for ``key`` with ``uses`` boxes; None when unlimited (``uses`` 0)."""
    if not uses:
        return None
    return max(0, uses - used_count(me, key))


def attack_available(me: Creature, attack: AttackDef) -> bool:
    """True unless every check box of ``attack`` is ticked (CARD-4)."""
    return not attack.uses or used_count(me, attack_key(attack)) < attack.uses


def power_available(me: Creature, power: SpecialPower) -> bool:
    """True unless every check box of ``power`` is ticked (CARD-4)."""
    return not power.uses or used_count(me, power_key(power)) < power.uses


def tick(me: Creature, key: str, name: str, uses: int, out: list[ev.Event]) -> None:
    """Tick one box of a limited attack or power (no-op when ``uses`` is 0) and report it (CARD-4)."""
    if not uses:
        return
    n = used_count(me, key) + 1
    _set_count(me, key, n)
    out.append(ev.UseSpent(me.uid, name, max(0, uses - n)))


def spend_attack(me: Creature, attack: AttackDef, out: list[ev.Event]) -> None:
    """Tick a box of ``attack`` when it has check boxes (CARD-4)."""
    tick(me, attack_key(attack), attack.name, attack.uses, out)


# -- effects shared with champion powers ------------------------------------


def heal(target: Creature, amount: int, cause: str, out: list[ev.Event]) -> int:
    """``target`` regains up to ``amount`` HP, never above its card's HP; returns HP regained."""
    regain = max(0, min(amount, target.card.hp - target.hp))
    if regain:
        target.hp += regain
        out.append(ev.CreatureHealed(target.uid, regain, target.hp, cause))
    return regain


def clear(target: Creature, cause: str, out: list[ev.Event]) -> None:
    """End every condition and ongoing damage on ``target`` (reason ``cause``)."""
    end_effects(target, list(target.effects), cause, out)


def helps(target: Creature, effect: str, amount: int) -> bool:
    """True when a HEAL of ``amount`` or a CLEAR would change ``target`` (offers stay useful); for
    the CL-11 movement effects, when it can be moved (a shift: it can move itself, CON-5; none
    while restrained, CL-18); a CL-14 change of form always changes it."""
    if not target.alive:
        return False
    if effect == _HEAL:
        return amount > 0 and target.hp < target.card.hp
    if effect == _FORM:
        return True
    if effect in _MOVING:
        if holds_against_forced(target):
            return False
        return effect != _SHIFT or target.speed > 0
    return bool(target.effects)


#: CL-11: the movement effects' values (``helps`` takes the effect as text).
_MOVING = {e.value for e in MOVEMENT_EFFECTS}
#: The values ``helps`` compares with (an Enum's ``value`` is a property: slow on a hot path).
_HEAL, _FORM, _SHIFT = PowerEffect.HEAL.value, PowerEffect.FORM.value, PowerEffect.SHIFT.value


# -- special powers (SPW-1) ---------------------------------------------------


def _power_usable(st: GameState, me: Creature, power: SpecialPower) -> bool:
    if me.effects and me.conditions & NO_SPECIAL_POWERS:
        return False
    if not power_available(me, power) and not changes_back(me, power):  # CL-14: changing back needs no box
        return False
    if power.action is POWER_ACTION_ATTACK:
        return not st.attack_used and not (me.conditions & NO_ATTACK_POWERS)
    if power.action is POWER_ACTION_MOVE:
        return not st.move_used or not st.attack_used  # ACT-3: the attack action may stand in
    return False


def power_targets(st: GameState, me: Creature, power: SpecialPower) -> list[Creature]:
    """Creatures ``power`` may be used on now: itself, or allies within its range; only ones it helps."""
    if not power.range:
        found = [me]
    else:
        found = [c for c in st.alive(me.player)
                 if c.uid == me.uid or (st.geometry.distance(me.square, c.square) or 99) <= power.range]
    return [c for c in found if helps(c, power.effect.value, power.amount)]


def power_actions(st: GameState) -> list[UsePower]:
    """Every legal ``UsePower`` of the active creature (SPW-1), in card then uid order."""
    me = st.active_creature
    if me is None or st.no_action or (me.effects and me.conditions & NO_ACTIONS):
        return []
    acts: list[UsePower] = []
    for i, power in enumerate(me.card.special_powers):
        if power.action is POWER_ACTION_TRIGGERED or not _power_usable(st, me, power):
            continue
        acts.extend(UsePower(i, c.uid) for c in power_targets(st, me, power))
    return acts


def check_power(st: GameState, a: UsePower) -> tuple[str, str] | None:
    """Why ``a`` is illegal now as (code, reason), or None (SPW-1, CARD-4)."""
    me = st.actor
    powers = me.card.special_powers
    if not isinstance(a.power, int) or not 0 <= a.power < len(powers):
        return ("no-such-power", "The card has no such special power.")
    power = powers[a.power]
    if power.action is POWER_ACTION_TRIGGERED:
        return ("triggered", f"{power.name} happens by itself; it is not an action (SPW-1).")
    if me.effects and me.conditions & NO_SPECIAL_POWERS:
        return ("no-powers", f"{me.card.name} is confused and uses no special powers (CON-6).")
    if not power_available(me, power) and not changes_back(me, power):
        return ("no-uses", f"{power.name} has no check boxes left (CARD-4).")
    if power.action is POWER_ACTION_ATTACK and me.conditions & NO_ATTACK_POWERS:
        return ("basic-only", f"{me.card.name} is staggered: its attack action is only a basic attack "
                              "(CON-2).")
    if not _power_usable(st, me, power):
        return ("no-action-left", f"{power.name} needs a{'n' if power.action is POWER_ACTION_ATTACK else ''} "
                                  f"{power.action.value} action, and it is spent (SPW-1).")
    if a.target not in {c.uid for c in power_targets(st, me, power)}:
        reach = "itself" if not power.range else f"itself or an ally within {power.range} squares"
        return ("bad-target", f"{power.name} works on {reach}, and only where it helps.")
    return None


def use_power(st: GameState, a: UsePower, out: list[ev.Event]) -> None:
    """Spend the action and apply special power ``a.power`` (SPW-1, CARD-4); mutates ``st``."""
    me = st.actor
    power = me.card.special_powers[a.power]
    if power.action is POWER_ACTION_ATTACK:
        st.attack_used = True
    elif not st.move_used:
        st.move_used = True
    else:
        st.attack_used = True
    target = st.creature(a.target)
    out.append(ev.SpecialPowerUsed(me.uid, power.name, target.uid, power.action.value))
    if not changes_back(me, power):  # CL-14: changing back ticks no box
        tick(me, power_key(power), power.name, power.uses, out)
    kind = MOVEMENT_EFFECTS.get(power.effect)
    if kind is not None:  # CL-11: its player chooses the squares next (Phase.FORCED), no opportunity attacks
        st.pending = st.pending + (PendingForce(kind, target.uid, me.uid, power.distance, me.square, "",
                                                me.player),)
    elif power.effect is POWER_EFFECT_FORM and change_form(me, power, out):  # CL-14: changed back
        recharge(me, RECHARGE_ON_CHANGES_BACK, out)
    else:
        _effect(target, power, out)


def _effect(target: Creature, power: SpecialPower, out: list[ev.Event]) -> None:
    if power.effect is POWER_EFFECT_HEAL:
        heal(target, power.amount, "power", out)
    else:
        clear(target, "power", out)


def _fire(me: Creature, trigger: PowerTrigger, out: list[ev.Event]) -> None:
    """Triggered special powers of ``me`` for ``trigger`` happen by themselves (SPW-1)."""
    if not me.alive or me.conditions & NO_SPECIAL_POWERS:
        return
    for power in me.card.special_powers:
        if power.action is not POWER_ACTION_TRIGGERED or power.trigger is not trigger:
            continue
        if power.effect not in (POWER_EFFECT_HEAL, POWER_EFFECT_CLEAR):  # content refuses others triggered
            continue
        if not power_available(me, power) or not helps(me, power.effect.value, power.amount):
            continue
        out.append(ev.SpecialPowerUsed(me.uid, power.name, me.uid, "triggered"))
        tick(me, power_key(power), power.name, power.uses, out)
        _effect(me, power, out)


# -- recharge (CARD-4) -------------------------------------------------------


def _rechargeable(me: Creature) -> Iterator[tuple[str, str, Recharge]]:
    """(key, name, uses, recharge) of every one-box line and power of ``me`` with a recharge."""
    for attack in me.card.attacks:
        if attack.uses == 1 and attack.recharge is not None:
            yield attack_key(attack), attack.name, attack.recharge
    for power in me.card.special_powers:
        if power.uses == 1 and power.recharge is not None:
            yield power_key(power), power.name, power.recharge


def recharge(me: Creature, on: RechargeOn, out: list[ev.Event]) -> None:
    """Refill ``me``'s spent one-box lines and powers that recharge on ``on`` (CARD-4)."""
    if not me.alive or not me.used:
        return
    for key, name, rc in _rechargeable(me):
        if rc.on is on and used_count(me, key) >= 1:
            _set_count(me, key, 0)
            out.append(ev.PowerRecharged(me.uid, name, on.value))


def start_of_round(st: GameState, out: list[ev.Event]) -> None:
    """ROUND_START recharges of every creature on the map with a ticked box (CL-17); mutates ``st``."""
    for c in st.creatures:
        if c.used and c.alive and any(rc.on is RECHARGE_ON_ROUND_START for _, _, rc in _rechargeable(c)):
            recharge(st.own(c), RECHARGE_ON_ROUND_START, out)


def start_of_turn(st: GameState, me: Creature, out: list[ev.Event]) -> None:
    """At the start of ``me``'s turn: recharge rolls for spent ROLL lines and powers, then
    START_OF_TURN triggered powers (CARD-4, SPW-1).  Mutates the dice."""
    if me.used:
        for key, name, rc in list(_rechargeable(me)):
            if rc.on is RECHARGE_ON_ROLL and used_count(me, key) >= 1:
                face, st.dice = st.dice.roll(20)
                ok = face >= rc.roll
                out.append(ev.RechargeRolled(me.uid, name, face, rc.roll, ok))
                if ok:
                    _set_count(me, key, 0)
                    out.append(ev.PowerRecharged(me.uid, name, RECHARGE_ON_ROLL._value_))
    if me.card.special_powers:  # _fire finds nothing on a card without special powers
        _fire(me, POWER_TRIGGER_START_OF_TURN, out)


#: The kinds of event ``react`` looks at (exact types: events are final dataclasses).
_REACT_ON = frozenset({ev.AttackRolled, ev.DamageDealt, ev.CreatureDestroyed})


def react(st: GameState, events: list[ev.Event]) -> list[ev.Event]:
    """Recharges and triggered special powers caused by ``events`` (one action's); returns the new events.

    A creature that became bloodied (HP-2): BLOODIED recharges and powers, and
    BLOODIES_ENEMY recharges of the enemy whose attack did it (CL-17).
    A creature destroyed: DESTROYS_ENEMY for the attacker of the last attack
    roll against it, ALLY_DESTROYED for its warband's creatures.
    """
    out: list[ev.Event] = []
    wanted = _REACT_ON
    for e in events:  # most actions have none of the events looked at below: nothing to do
        if type(e) in wanted:
            break
    else:
        return out
    last_attacker: dict[str, str] = {}
    for e in events:
        if isinstance(e, ev.AttackRolled):
            last_attacker[e.target] = e.attacker
        elif isinstance(e, ev.DamageDealt) and e.bloodied and e.hp_left > 0:
            c = st.find(e.target)
            if c is not None and c.alive and e.hp_left + e.amount > bloodied_threshold(c.card.hp):
                recharge(c, RECHARGE_ON_BLOODIED, out)
                _fire(c, POWER_TRIGGER_BLOODIED, out)
                # CL-17: the attacker of the attack that bloodied it (an attack's damage only)
                by = st.find(last_attacker.get(e.target, "")) if e.cause == "attack" else None
                if by is not None and by.used and st.hostile(by.player, c.player):
                    recharge(st.own(by), RECHARGE_ON_BLOODIES_ENEMY, out)
        elif isinstance(e, ev.CreatureDestroyed):
            dead = st.find(e.uid)
            killer = st.find(last_attacker.get(e.uid, ""))
            if killer is not None and dead is not None and st.hostile(killer.player, dead.player):
                recharge(killer, RECHARGE_ON_DESTROYS_ENEMY, out)
                _fire(killer, POWER_TRIGGER_DESTROYS_ENEMY, out)
            if dead is not None:
                for c in st.alive(dead.player):
                    if c.used:  # recharge changes nothing without ticked boxes; own: copy-on-write
                        recharge(st.own(c), RECHARGE_ON_ALLY_DESTROYED, out)
    return out


__all__ = ["attack_key", "power_key", "used_count", "uses_left", "attack_available", "power_available",
           "tick", "spend_attack", "heal", "clear", "helps", "power_targets", "power_actions",
           "check_power", "use_power", "recharge", "start_of_round", "start_of_turn", "react"]
