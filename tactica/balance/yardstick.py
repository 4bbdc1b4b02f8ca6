"""The cost yardstick: what a card is worth in points, from its numbers and abilities.

``worth(card)`` is the yardstick the shipped cards were costed with (tests/content/test_balance.py
checks every shipped card against it) and ``tactica balance cards`` sets each card's cost beside it.

A creature's worth is about k·sqrt(offence × durability × mobility) plus 2
points per champion rating (with N identical creatures a warband's fighting
strength grows as N², so one creature worth twice the offence and twice the
durability is worth two creatures, i.e. cost ∝ sqrt(offence × durability)).

* offence: the best attack's expected damage per use against a typical
  target (AC 17 or DEF 15), ×(1 + 0.6 per extra target), ×1.2 for ranged
  attacks reaching 8+ squares or sight (×1.1 for shorter or nearest).
  Effects (ATK-3, ATK-7) add what they are worth in HP, times the chance
  they happen (a hit, a miss, or always): a condition its ``CONDITION_HP``
  times ``DURATION_X`` (save ends and end of battle outlast one turn),
  ongoing damage its amount times ``DURATION_X``, a follow-up the follow-up
  line's own offence.  Close and area attacks (RNG-3, RNG-4) are worth
  ``TEMPLATE_X``: they usually catch more than one creature, allies too.
* durability: HP divided by the chance a typical +9 attack hits it (85% of
  attacks against AC, 15% against DEF).
* mobility: 1 + 5% per square of speed above 6.
* abilities (ABL-1; a rough first costing, to revisit with AI trials):
  Sneak Attack / Powerful Charge add a third of their damage times the hit
  chance to offence (combat advantage or a charge on about one attack in
  three); Multiple Threats and Threatening Reach ×1.1 offence; Resist X all
  adds X per hit taken (durability × (1 + X/15)), Resist X type half that,
  Vulnerable X type takes ⅓ of it off, Insubstantial ×1.6, Regeneration X
  adds 3X HP, Immune (type or condition) ×1.03; Flight ×1.2 mobility,
  Burrow and Phasing ×1.1.
* Multi-Activation X: offence ×(1 + 0.7 per extra activation), mobility
  ×(1 + 0.2 per extra activation).
* Aura X (its own creature's share of what it gives the warband; n = X + 1):
  attack ±B ×(1 + 0.04·|B|·n) offence, damage ±B ×(1 + 0.015·|B|·n) offence,
  defense ±B ×(1 + 0.04·|B|·n) durability, speed ±B ×(1 + 0.02·|B|·n)
  mobility, resist A ×(1 + A·n/60) durability, harm A adds A·n/8 to offence,
  heal A adds A·n HP.  An attack's heal effect A adds 2A HP.
* Check boxes (CARD-4): the best attack is the best one without boxes; an
  attack with U boxes adds what it beats that one by, times (U, +1 with a
  recharge) ÷ 4 (a battle is about eight rounds, half of them in reach).
* Special powers (SPW-1): heal A adds A HP per box (3 boxes' worth when
  unlimited), ×1.5 when it can reach an ally; clearing conditions adds 5 HP
  per box.
* Conditional numbers (CL-1, CL-4; a first costing): a bonus B that always
  holds counts fully, one with a ``when`` 0.4 of it; attack ×(1 + 0.05·B)
  offence, damage adds B times the hit chance, AC / DEF / both ×(1 + 0.05·B
  × 0.85 / 0.15 / 1) durability, speed ×(1 + 0.05·B) mobility, saves 3B HP.
  Damage parts of several types (CL-6) count in the attack's total; the
  immunities of CL-15 count as Immune (×1.03 durability).
* Reactions (CL-10): about 0.4 uses a round when once per turn, 0.25 when
  once per round (fewer with check boxes): an attack adds that share of its
  offence, damage that share of its amount, a heal 12× that share in HP.
* Dice changes (CL-13): a reroll or the better of two ×(1 + miss chance)
  offence (less with boxes), a given natural face ×(1 + boxes/8); a save
  change ×1.03 durability.  A line recharging at the start of each round
  (CL-17) counts as 4 boxes.

Greedy AI-against-AI trials of the shipped 200-point warbands came out close
to even with these costs; the yardstick may undervalue single big creatures
at 100 points (see greenbough-wardens.yaml).
"""
from __future__ import annotations

import math
from dataclasses import replace

from tactica.engine import (
    ALL_DAMAGE,
    AttackDef,
    Aura,
    Bonus,
    Burrow,
    ChainEffect,
    ConditionEffect,
    CreatureCard,
    EscalateEffect,
    Flight,
    FlybyAttack,
    FollowUpEffect,
    HealEffect,
    Immune,
    Insubstantial,
    MultiActivation,
    MultipleThreats,
    ObjectAbility,
    OngoingEffect,
    Phasing,
    PowerfulCharge,
    Regeneration,
    Resist,
    SneakAttack,
    ThreateningReach,
    Trophy,
    Vulnerable,
    ZoneDeploy,
    form_card,
)


def hit_chance(bonus: int, defence: int) -> float:
    """Chance a d20 + bonus reaches defence, natural 1 and 20 aside (ATK-3, ATK-5, ATK-6)."""
    return min(0.95, max(0.05, (21 + bonus - defence) / 20))


#: What one use of a condition is worth, in HP of damage (CON-1..8; a first costing).
CONDITION_HP = {"dazed": 4, "slowed": 3, "immobilized": 4, "staggered": 5, "enervated": 5,
                "confused": 7, "stunned": 9, "helpless": 10,
                "petrified": 8, "blinded": 5, "restrained": 5, "marked": 2}  # CL-18
#: How much longer than one turn a duration lasts, roughly (EFF-1, EFF-2, SAV-1).
DURATION_X = {"end of next turn": 1.0, "end of player's next turn": 1.0, "end of round": 0.7,
              "save ends": 1.6, "end of battle": 3.0}


def template_x(a: AttackDef) -> float:
    """How many typical targets a close or area attack is worth (1 for melee and ranged)."""
    if a.kind.value == "close":
        small = a.reach.value in ("small cone", "line") or (a.reach.value == "burst" and a.range == 1)
        return 1.3 if small else 1.5
    if a.kind.value == "area":
        return 1.4 if a.radius == 1 else 1.6
    return 1.0


def line_hit_chance(a: AttackDef) -> float:
    """Chance one use of ``a`` hits a typical target: its roll, or (CL-9) 1 with no roll, or the
    chance a d20 save of ``save`` fails."""
    if a.automatic:
        return 1.0
    if a.save:
        return (a.save - 1) / 20
    return hit_chance(a.bonus, 17 if a.defense.value == "AC" else 15)


def offence(a: AttackDef, card: CreatureCard | None = None) -> float:
    """Expected HP one use of ``a`` is worth against a typical target, effects included.

    Card language (targets): an effect 'on: critical' happens on 1 hit in 20 of the d20's faces,
    'on: destroys' on about one hit in five; an effect with a 'when' about half as often; an
    escalation is worth its ladder's second step; a chain (CL-8) about 0.8 of another use per
    hit, capped by its jumps; melee reach 2+ ×(1 + 0.05 per extra square) (CL-5); an 'only' test
    ×0.8 (CL-2); a close or area attack that strikes enemies only ×1.15.
    """
    chance = line_hit_chance(a)
    value = chance * a.total_damage
    for e in a.effects:
        if isinstance(e, (ConditionEffect, OngoingEffect, FollowUpEffect, EscalateEffect)):
            p = {"hit": chance, "miss": 1 - chance, "always": 1.0, "critical": 0.05,
                 "destroys": chance / 5}[e.on.value]
            if not e.when.always:
                p /= 2
            if isinstance(e, EscalateEffect):
                value += p * CONDITION_HP[e.ladder[1]] * DURATION_X[e.duration.value]
            elif isinstance(e, ConditionEffect):
                value += p * CONDITION_HP[e.condition] * DURATION_X[e.duration.value]
            elif isinstance(e, OngoingEffect):
                value += p * e.amount * DURATION_X[e.duration.value]
            elif card is not None:
                follow = card.attack_named(e.attack)
                if follow is not None:
                    value += p * offence(follow, card)
    for e in a.effects:
        if isinstance(e, ChainEffect):
            jumps = sum(chance ** k for k in range(1, (e.jumps or 4) + 1))
            value *= 1 + 0.8 * jumps / (e.jumps or 4) * min(2, e.jumps or 4) / 2
    value *= (1 + 0.6 * (a.targets - 1)) * template_x(a)
    if a.kind.value == "ranged":
        value *= 1.2 if a.reach.value == "sight" or (a.range or 0) >= 8 else 1.1
    if a.melee_reach > 1:
        value *= 1 + 0.05 * (a.melee_reach - 1)
    if not a.only.always:
        value *= 0.8
    if a.strikes.value == "enemies":
        value *= 1.15
    return value


def _ability_factors(c: CreatureCard, best: AttackDef | None) -> tuple[float, float, float, float]:
    """(extra offence, offence ×, durability ×, mobility ×) the card's abilities are worth."""
    extra, off_x, dur_x, mob_x, hp = 0.0, 1.0, 1.0, 1.0, 0.0
    chance = 0.5 if best is None else hit_chance(best.bonus, 17 if best.defense.value == "AC" else 15)
    for a in c.abilities:
        if isinstance(a, (SneakAttack, PowerfulCharge)):
            extra += chance * a.damage / 3
        elif isinstance(a, (MultipleThreats, ThreateningReach)):
            off_x *= 1.1
        elif isinstance(a, Resist):
            dur_x *= 1 + a.amount / 15 * (1 if a.damage_type == ALL_DAMAGE else 0.5)
        elif isinstance(a, Vulnerable):
            dur_x /= 1 + a.amount / 15 * (1 if a.damage_type == ALL_DAMAGE else 0.33)
        elif isinstance(a, Insubstantial):
            dur_x *= 1.6
        elif isinstance(a, Regeneration):
            hp += 3 * a.amount
        elif isinstance(a, Immune):
            dur_x *= 1.03
        elif isinstance(a, Bonus):  # CL-1, CL-4: a conditional number, counted by how often it holds
            held = 1.0 if a.when.always else 0.4
            b = a.amount * held
            if a.to == "attack":
                off_x *= 1 + 0.05 * b
            elif a.to == "damage":
                extra += chance * b
            elif a.to in ("ac", "def", "defenses"):
                dur_x *= 1 + 0.05 * b * {"ac": 0.85, "def": 0.15, "defenses": 1.0}[a.to]
            elif a.to == "speed":
                mob_x *= 1 + 0.05 * b
            else:  # saves
                hp += 3 * b
        elif isinstance(a, Flight):
            mob_x *= 1.2
        elif isinstance(a, (Burrow, Phasing)):
            mob_x *= 1.1
        elif isinstance(a, MultiActivation):
            off_x *= 1 + 1.0 * (a.times - 1)
            mob_x *= 1 + 0.2 * (a.times - 1)
        elif isinstance(a, FlybyAttack):  # CL-11
            mob_x *= 1.15
        elif isinstance(a, ZoneDeploy):  # CL-16
            mob_x *= 1.05
        elif isinstance(a, Trophy):  # CL-16: a prize for the enemy
            dur_x /= 1 + a.amount / max(1, c.cost)
        elif isinstance(a, Aura):
            n, b = a.radius + 1, abs(a.amount)
            if not a.when.always:  # CL-3: a filtered aura covers fewer creatures
                b = b / 2
            if a.timing == "both" and a.effect in ("harm", "heal"):  # CL-3: twice a turn
                b = b * 2
            if a.effect == "attack":
                off_x *= 1 + 0.04 * b * n
            elif a.effect == "damage":
                off_x *= 1 + 0.015 * b * n
            elif a.effect == "defense":
                dur_x *= 1 + 0.04 * b * n
            elif a.effect == "speed":
                mob_x *= 1 + 0.02 * b * n
            elif a.effect == "resist":
                dur_x *= 1 + b * n / 60
            elif a.effect == "harm":
                extra += b * n / 8
            elif a.effect == "heal":
                hp += b * n
    for attack in c.attacks:
        hp += sum(2 * e.amount * (0.3 if e.on.value == "destroys" else 1.0)
                  for e in attack.effects if isinstance(e, HealEffect))
        if attack.uses:
            boxes = attack.uses + (1 if attack.recharge else 0)
            if attack.recharge is not None and attack.recharge.on.value == "start of round":
                boxes = 4  # CL-17: refilled every round
            extra += max(0.0, offence(attack, c) - (offence(best, c) if best else 0.0)) * boxes / 4
    for power in c.special_powers:
        boxes = power.uses or 3
        if power.distance:  # CL-11 movement powers: squares of movement, more when unlimited
            mob_x *= 1 + 0.02 * power.distance * boxes / 3 * (1.3 if power.effect.value == "teleport" else 1)
            continue
        if power.form:  # CL-14: the form's worth is weighed in ``worth``
            continue
        if power.effect.value == "heal":
            hp += power.amount * boxes * (1.5 if power.range else 1.0)
        else:
            hp += 5 * boxes
    # Card-language triggers (CL-10, CL-13, CL-17): see the module doc.
    for r in c.reactions:
        often = (0.4 if r.limit.value == "turn" else 0.25) * (min(1.0, r.uses / 4) if r.uses else 1.0)
        if r.effect.value == "attack":
            line = c.attack_named(r.attack) if r.attack else c.basic_attack
            extra += offence(line, c) * often if line is not None else 0.0
        elif r.effect.value == "damage":
            extra += r.amount * often
        else:
            hp += r.amount * 12 * often
    for change in c.dice:
        if change.roll.value == "save":
            dur_x *= 1.03
        elif change.change.value == "natural":
            off_x *= 1 + (change.uses or 8) / 8
        else:
            off_x *= 1 + (1 - chance) * (min(1.0, change.uses / 8) if change.uses else 1.0)
    return extra, off_x, dur_x * (1 + hp / c.hp), mob_x


def worth(c: CreatureCard) -> float:
    """The yardstick cost of a card, in points.

    CL-14: a card with forms is worth the best of its forms (``form_card``) and its own numbers,
    ×1.1 for the choice.  CL-16: a card with no attack fights for 2 HP a turn (it blocks and
    holds ground); an object (never activated) half of that.
    """
    if c.forms:
        plain = replace(c, forms=())
        return 1.1 * max([worth(plain)] + [worth(form_card(plain, f)) for f in c.forms])
    if not c.attacks:
        _, _, dur_x, mob_x = _ability_factors(c, None)
        off = 1.0 if any(isinstance(a, ObjectAbility) for a in c.abilities) else 2.0
        dur = c.hp / (0.85 * hit_chance(9, c.ac) + 0.15 * hit_chance(9, c.defense)) * dur_x
        mob = (1 + 0.05 * (c.speed - 6)) * mob_x
        return 0.79 * math.sqrt(off * dur * mob) + 2 * c.champion
    best = max((a for a in c.attacks if not a.uses), key=lambda a: offence(a, c), default=None) \
        or max(c.attacks, key=lambda a: offence(a, c))
    extra, off_x, dur_x, mob_x = _ability_factors(c, best)
    off = (offence(best, c) + extra) * off_x
    dur = c.hp / (0.85 * hit_chance(9, c.ac) + 0.15 * hit_chance(9, c.defense)) * dur_x
    mob = (1 + 0.05 * (c.speed - 6)) * mob_x
    return 0.79 * math.sqrt(off * dur * mob) + 2 * c.champion


