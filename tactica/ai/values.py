"""Value functions: what an attack, a forced move, a heal, a condition or a power is worth, in VP-equivalents.

* an attack is worth its chance to destroy the target (its kill VP, plus
  half again for the threat removed) plus the HP it is expected to remove,
  as a fraction of the target's cost (more per HP on a bloodied target, so
  fire is focused), plus what a condition or ongoing damage it deals costs
  the target (``effect_cost``), plus, for a push, pull or slide, the best
  place it can put the target (``displacement_value``: into a pit, out of
  its VP zone, away from our creatures, next to our fresh ones; MOV-14,
  TER-PIT);
* a route costs the opportunity attacks it provokes (``oa_risk``, OA-1);
* a special power that spends an action (SPW-1) is worth what it heals
  (capped by the HP missing) or the conditions it clears, less the worth
  of a check box it ticks (CARD-4).

Chances come from the engine's ``preview`` (hit chance, expected damage,
kill chance); nothing here reads the dice.
"""
from __future__ import annotations

from tactica.engine import (
    MOVEMENT_EFFECTS,
    ActiveEffect,
    AttackDef,
    AttackPreview,
    Aura,
    ChainEffect,
    ConditionEffect,
    Creature,
    EscalateEffect,
    ForcedMoveEffect,
    GameState,
    HealEffect,
    OngoingEffect,
    PendingForce,
    PowerEffect,
    SpecialPower,
    Square,
    Trigger,
    UsePower,
    any_in,
    cave_forced_risk,
    chebyshev,
    conditional_damage,
    forced_destinations,
    form_card,
    immune_to,
    movement_mode,
    next_in_chain,
    preview,
)

from .stakes import death_extra, kill_vp, zone_award, zone_stake
from .weights import (
    AURA_PER_POINT,
    BOX_KEEP,
    CONDITION_COST,
    DAMAGE_FULL,
    DAMAGE_LEFT,
    EFFECT_TURNS,
    ESCAPE,
    FORM_GAIN,
    HEAL,
    INTO_REACH,
    KILL_THREAT,
    SEPARATE,
    TURN_WORTH,
    ZONE_PUSH,
)


def base_hit(bonus: int, defence: int) -> float:
    """Chance of a d20 + bonus to reach ``defence`` (natural 1 misses, 20 hits)."""
    need = defence - bonus
    return min(19, max(1, 21 - need)) / 20


def expected_basic(attack: AttackDef, target: Creature) -> float:
    """Mean damage of ``attack`` against ``target`` without modifiers, in HP."""
    h = base_hit(attack.bonus, target.card.defense_value(attack.defense))
    return attack.total_damage * (h + 0.05)


def damage_value(target: Creature, dmg: float) -> float:
    """VP-equivalent of removing ``dmg`` HP from ``target`` without destroying it."""
    d = min(dmg, target.hp)
    return target.card.cost * (DAMAGE_FULL * d / target.card.hp + DAMAGE_LEFT * d / max(1, target.hp))


def attack_value(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                 *, charge: bool = False, source: Square | None = None, depth: int = 0) -> float:
    """Expected VP-equivalent of one attack (kill chance and damage from ``preview``).

    ``source``: where its forced movement counts from (an area attack's
    origin); None is the attacker's square.  ``depth``: 1 when valuing a chain's jump (CL-8),
    whose own chain is not counted again.  Effects count only when their ``when`` holds of
    ``target`` now (CL-7).
    """
    p = preview(state, attacker, target, attack, charge=charge)
    dmg = attack.total_damage
    if attacker.card.abilities:  # CL-1: its conditional damage bonuses that hold against this target
        dmg = max(0, dmg + sum(v for _, v in conditional_damage(state, attacker, target, attack, charge=charge)))
    # the critical-hit chance from the uncapped mean (what the dice deal, not the HP lost)
    crit = max(0.0, p.expected_damage / dmg - p.hit_chance) if dmg else 0.0
    normal = max(0.0, p.hit_chance - crit)
    value = p.kill_chance * (kill_vp(state, target) + target.card.cost * KILL_THREAT)
    if p.kill_chance > 0:
        value += p.kill_chance * death_extra(state, target)
    for chance, amount in ((normal, dmg), (crit, 2 * dmg)):
        if amount < target.hp:
            value += chance * damage_value(target, amount)
    zone = state.vp_zone(target.player)
    if zone and target.in_zone(zone):  # it stops scoring its zone (and winning with it: zone_stake)
        value += p.kill_chance * (zone_award(state) + zone_stake(state, target))
    if state.rules.uncontested:  # SCN-UNCONTESTED: it stops contesting our zone
        ours = state.vp_zone(attacker.player)
        if ours and target.in_zone(ours):
            value += p.kill_chance * zone_award(state)
    for effect in attack.effects:  # healing (an attack's heal effect): worth more when bloodied
        if not effect.when.always and not effect.when.holds(state, attacker, target):
            continue  # CL-7: an effect whose 'when' does not hold of this target does nothing
        if isinstance(effect, ChainEffect):  # CL-8: the first jump's worth, if it starts
            if depth == 0:
                value += _chance(effect.on, p, crit) * chain_value(state, attacker, target, attack, effect)
            continue
        if isinstance(effect, HealEffect):
            chance = _chance(effect.on, p, crit)
            value += chance * heal_value(attacker, effect.amount)
        elif isinstance(effect, (ConditionEffect, OngoingEffect, EscalateEffect)) and p.kill_chance < 1:  # ATK-3
            chance = _chance(effect.on, p, crit)
            chance -= p.kill_chance if effect.on is not Trigger.MISS else 0.0
            if isinstance(effect, EscalateEffect):  # CL-7: the step this target would take
                name = effect.step(target.conditions)
            else:
                name = effect.condition if isinstance(effect, ConditionEffect) else "ongoing"
            if chance > 0 and name not in target.conditions:
                value += chance * effect_cost(target, ActiveEffect(name, effect.duration,
                                                                   amount=getattr(effect, "amount", 0)))
        elif (isinstance(effect, ForcedMoveEffect) and p.kill_chance < 1
              and state.hostile(target.player, attacker.player)  # MOV-14: where it can put an enemy
              and not immune_to(target.card, "forced movement")):  # CL-15: it stays put
            chance = _chance(effect.on, p, crit)
            chance -= p.kill_chance if effect.on is not Trigger.MISS else 0.0
            if chance > 0:
                value += chance * forced_gain(state, attacker, target, attack, effect, source)
    return value


def _chance(on: Trigger, p: AttackPreview, crit: float) -> float:
    """The chance an effect with trigger ``on`` happens, from the preview ``p`` and the chance of a
    critical hit ``crit`` (ATK-3, ATK-7; CL-7: 'critical', 'destroys')."""
    if on is Trigger.HIT:
        return p.hit_chance
    if on is Trigger.MISS:
        return 1 - p.hit_chance
    if on is Trigger.CRITICAL:
        return crit
    if on is Trigger.DESTROYS:
        return p.kill_chance
    return 1.0


def chain_value(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                effect: ChainEffect) -> float:
    """VP-equivalent of a chain's first jump from ``target`` (CL-8): the attack on the creature the
    engine would jump to (``next_in_chain``), counted once (no further jumps); 0 when none is in reach."""
    line = attacker.card.attack_named(effect.attack) if effect.attack else attack
    if line is None or target.pos is None:
        return 0.0
    found = next_in_chain(state, attacker, line, target.square, target.card.size, effect.distance,
                          frozenset({target.uid}))
    if found is None:
        return 0.0
    return attack_value(state, attacker, found[0], line, depth=1)


def forced_gain(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                effect: ForcedMoveEffect, source: Square | None = None) -> float:
    """VP-equivalent of the best place ``attack``'s forced movement can put an enemy ``target`` (MOV-14).

    The destinations are the engine's (``forced_destinations``, counted
    from ``source``: an area attack's origin, else the attacker's square);
    each is judged by ``displacement_value``.  0 when staying put is best
    or nowhere is open.
    """
    pending = PendingForce(effect.kind.value, target.uid, attacker.uid, effect.distance,
                           source or attacker.square, attack.name, attacker.player)
    pit_hit = base_hit(attack.bonus, target.card.defense_value(attack.defense))
    best = 0.0
    for sq in forced_destinations(state, pending):
        best = max(best, displacement_value(state, attacker.player, target, sq, pit_hit=pit_hit,
                                            mover=attacker.uid))
    return best


#: Share of a turn an enemy left at the foot of a ledge loses climbing back up (UG-FALL).
CLIMB_TURNS = 0.5


def fall_value(state: GameState, target: Creature, path: tuple[Square, ...]) -> float:
    """VP-equivalent of forcing ``target`` along ``path`` when it goes over a ledge or onto a slope
    (UG-FALL, UG-SLIDE, the underground module; the engine's ``cave_forced_risk``): the expected
    damage's value, or when the fall would destroy it its chance × its kill value (``kill_vp`` and
    the threat removed); plus ``CLIMB_TURNS`` of its turn for being left below.  0 when the way
    crosses neither, and without the module."""
    chance, damage = cave_forced_risk(state, target, path)
    if not chance:
        return 0.0
    if damage / chance >= target.hp:
        return chance * (kill_vp(state, target) + target.card.cost * KILL_THREAT)
    return damage_value(target, damage) + chance * CLIMB_TURNS * TURN_WORTH * target.card.cost


def displacement_value(state: GameState, player: int, target: Creature, sq: Square, *,
                       pit_hit: float = 0.0, mover: str = "", path: tuple[Square, ...] | None = None) -> float:
    """VP-equivalent for ``player`` of forcing enemy ``target`` from where it stands to ``sq`` (MOV-14).

    * into a pit (TER-PIT): ``pit_hit`` (the second attack roll's hit chance)
      × its kill value;
    * out of the VP zone that scores for it: ``ZONE_PUSH`` × the zone's VP
      (double once it has activated: it cannot walk back this round), and
      the win that zone would bring its side (``zone_stake``; half while it
      can still walk back);
    * away from our creatures it could hit in melee: ``SEPARATE`` × that
      attack's value (more when ours is bloodied); next to them: as much lost;
    * next to our creatures still to activate (not ``mover``): ``INTO_REACH``
      × their basic melee attack's value on it; away from them: as much lost;
    * over a ledge or onto a slope (UG-FALL, UG-SLIDE, the underground module): ``fall_value``
      along ``path`` (the forced way; None: straight to ``sq``).
    """
    start = target.square
    value = 0.0
    if sq != start:
        value += fall_value(state, target, path if path is not None else (sq,))
    if pit_hit and state.battle_map.rules_at(sq).fliers_only and not movement_mode(target).flies:
        value += pit_hit * (kill_vp(state, target) + target.card.cost * KILL_THREAT)
    zone = state.vp_zone(target.player)
    if zone and target.in_zone(zone) and not any_in(sq, target.size, zone):  # any square counts (SCN-ASSAULT)
        value += ZONE_PUSH * zone_award(state) * (2.0 if target.activated else 1.0)
        # the win its zone would bring this round (zone_stake): denied, unless it can walk back in
        value += zone_stake(state, target) * (1.0 if target.activated else 0.5)
    melee = target.card.basic_melee if target.active else None
    for c in state.alive():
        if state.hostile(c.player, player):
            continue
        near_now, near_after = chebyshev(c.square, start) <= 1, chebyshev(c.square, sq) <= 1
        if near_now == near_after:
            continue
        sign = 1.0 if near_now else -1.0
        if melee is not None:
            value += sign * SEPARATE * damage_value(c, expected_basic(melee, c)) * (2 if c.bloodied else 1)
        ours = c.card.basic_melee
        if ours is not None and c.uid != mover and not c.activated and c.active:
            value -= sign * INTO_REACH * damage_value(target, expected_basic(ours, target))
    return value


def heal_value(creature: Creature, amount: int) -> float:
    """VP-equivalent of ``creature`` regaining up to ``amount`` HP (never above its card's HP)."""
    regain = max(0, min(amount, creature.card.hp - creature.hp))
    weight = 2 if creature.bloodied else 1
    return creature.card.cost * HEAL * weight * regain / max(1, creature.card.hp)


def effect_cost(creature: Creature, effect: ActiveEffect) -> float:
    """VP-equivalent that one condition or ongoing damage costs ``creature`` over the turns it lasts.

    A condition takes ``CONDITION_COST`` of a turn (``TURN_WORTH`` × cost) per
    turn; ongoing damage is worth the HP it deals (``damage_value``, never
    more than the HP left).  Turns from ``EFFECT_TURNS`` (EFF-1, EFF-2, SAV-1).
    """
    turns = EFFECT_TURNS.get(effect.duration, 1.0)
    if effect.name == "ongoing":
        return damage_value(creature, effect.amount * turns)
    return CONDITION_COST.get(effect.name, 0.3) * TURN_WORTH * creature.card.cost * turns


def conditions_cost(creature: Creature) -> float:
    """VP-equivalent of everything ``creature``'s conditions and ongoing damage cost it (0 with none)."""
    return sum(effect_cost(creature, e) for e in creature.effects)


def power_value(state: GameState, me: Creature, action: UsePower) -> float:
    """VP-equivalent of ``me`` using special power ``action`` now (SPW-1), before what else it does.

    HEAL: ``heal_value`` of the HP it restores (capped by the HP missing).
    CLEAR: what the target's conditions and ongoing damage would cost it
    (``conditions_cost``).  A power with check boxes (CARD-4) is charged
    ``BOX_KEEP`` of a later full use for the box it ticks, so a one-use
    heal waits for a deeper wound.  May be negative (not worth it now).
    """
    power = me.card.special_powers[action.power]
    target = state.creature(action.target)
    if power.effect in MOVEMENT_EFFECTS or power.effect is PowerEffect.FORM:  # CL-11, CL-14
        return movement_or_form_value(state, me, power, target)
    if power.effect is PowerEffect.HEAL:
        value = heal_value(target, power.amount)
        later = target.card.cost * HEAL * min(power.amount, target.card.hp) / max(1, target.card.hp)
    else:
        value = conditions_cost(target)
        later = TURN_WORTH * target.card.cost
    return value - (BOX_KEEP * later if power.uses else 0.0)


def movement_or_form_value(state: GameState, me: Creature, power: SpecialPower, target: Creature) -> float:
    """VP-equivalent of a CL-11 movement power or a CL-14 change of form now; 0 when it would not
    help (the planners then never spend an action on it).

    Movement (itself or an ally): worth ``ESCAPE`` of a turn of the moved creature when it stands
    next to an enemy that could make opportunity attacks and either it is bloodied or its best
    attack is ranged (it wants to get away; where it goes is ``forced.choose_forced``'s choice).
    Form: worth ``FORM_GAIN`` of a turn when the form hits harder (best attack's total damage) or
    stands harder (AC) than its natural numbers, and enemies are within its speed + 1; never worth
    changing back (0).
    """
    if power.effect is PowerEffect.FORM:
        if me.form:
            return 0.0
        form = me.card.form_named(power.form)
        if form is None:
            return 0.0
        shaped = form_card(me.card, form)
        best_now = max((a.total_damage for a in me.card.attacks), default=0)
        best_then = max((a.total_damage for a in shaped.attacks), default=0)
        if best_then < best_now and shaped.ac <= me.card.ac:
            return 0.0
        near = any(chebyshev(e.square, me.square) <= me.card.speed + 1 for e in state.enemy_creatures(me.player))
        return FORM_GAIN * TURN_WORTH * me.card.cost if near else 0.0
    pressed = any(chebyshev(e.square, target.square) == 1 and e.can_make_opportunity_attacks
                  for e in state.enemy_creatures(target.player))
    basic = target.card.basic_attack
    wants_out = target.bloodied or (basic is not None and basic.kind.value == "ranged")
    return ESCAPE * TURN_WORTH * target.card.cost if pressed and wants_out else 0.0


def aura_worth(aura: Aura, covered: Creature) -> float:
    """VP-equivalent for ``covered``'s side of ``aura`` covering it for a round (ABL "Aura X").

    Bonuses: ``AURA_PER_POINT`` × amount of a turn (``TURN_WORTH`` × its cost),
    negative for a penalty; heal: ``heal_value`` of the HP; harm: minus the
    ``damage_value`` of the HP.
    """
    if aura.effect == "heal":
        return heal_value(covered, aura.amount)
    if aura.effect == "harm":
        return -damage_value(covered, aura.amount)
    return AURA_PER_POINT.get(aura.effect, 0.0) * aura.amount * TURN_WORTH * covered.card.cost


def oa_risk(state: GameState, me: Creature, provokers: tuple[str, ...]) -> float:
    """VP-equivalent of the opportunity attacks a route provokes (OA-1)."""
    dmg = 0.0
    for uid in provokers:
        maker = state.find(uid)
        if maker is not None and maker.card.basic_attack is not None:
            dmg += expected_basic(maker.card.basic_attack, me)
    if dmg <= 0:
        return 0.0
    kill = min(1.0, dmg / max(1, me.hp))
    value = kill * me.card.cost * (1 + KILL_THREAT) + damage_value(me, dmg) * (1 - kill)
    if kill > 0:
        value += kill ** 3 * death_extra(state, me)  # only a likely death risks the battle
    return value


def oa_kill_chance(state: GameState, me: Creature, provokers: tuple[str, ...]) -> float:
    """Chance (0..1) that the opportunity attacks of ``provokers`` destroy ``me`` before it acts on (OA-1, OA-4).

    Each one is a basic attack (its hit chance from ``base_hit``; a natural
    20 a critical hit for double damage, ATK-5) and every miss / hit /
    critical combination of them is counted exactly, so two blows that each
    leave it standing are not taken for a likely kill.  0 with none.
    """
    dist = {0: 1.0}  # damage so far -> chance
    hp = max(1, me.hp)
    for uid in provokers:
        maker = state.find(uid)
        attack = maker.card.basic_attack if maker is not None else None
        if attack is None:
            continue
        h = base_hit(attack.bonus, me.card.defense_value(attack.defense))
        dmg = attack.total_damage
        nxt: dict[int, float] = {}
        for done, p in dist.items():
            for chance, more in ((1 - h, 0), (h - 0.05, dmg), (0.05, 2 * dmg)):
                key = min(hp, done + more)
                nxt[key] = nxt.get(key, 0.0) + p * chance
        dist = nxt
    return dist.get(hp, 0.0)
