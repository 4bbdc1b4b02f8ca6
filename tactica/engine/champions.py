"""Champion powers: budget, triggers, the decision window (CHP-1, CHP-2, CHP-3).

A champion with rating X may spend X points of champion powers per battle
(CHP-1, ``Creature.champion_spent``); each power costs its bullets.  Powers
take no action but need their trigger (CHP-2), and a champion uses at most
one power per creature's turn (CHP-3, ``Creature.champion_turn``).  Stunned
or helpless (inactive), confused and staggered champions use none (docs/rules.md).

When something happens that could trigger a power (an ``Occasion``), the
flow calls ``open_window``: if some champion can legally use a power, the
game stops in ``Phase.CHAMPION`` and the champion's player decides —
``UseChampionPower`` or ``DeclinePower`` — even during the other player's
turn.  The acting player's side is asked first, then the other side; a
player is asked again after each use until it declines or has nothing left.
When nobody can or wants to, ``advance`` closes the window and the flow
resumes where it stopped (``state.resume``).  No window opens when no power
can be used, so play never waits for nothing.

Attack triggers are offered right after the attack is resolved, in the
middle of its action (``interrupts``: the action goes on from there once the
window closes, ``Continuation.MID_ACTION``), so extra damage lands right after
the ally's attack and a heal before the next attack of the same action.
Triggers about where a move ends wait for the end of the action.
"""
from __future__ import annotations

from . import events as ev
from . import reactions
from .abilities import defend
from .actions import UseChampionPower, UseReaction
from .combat import creature_distance, deal_damage, resolve_attack, sees
from .members import (
    CHAMPION_EFFECT_CLEAR,
    CHAMPION_EFFECT_DAMAGE_NEAR,
    CHAMPION_EFFECT_EXTRA_DAMAGE,
    CHAMPION_EFFECT_HEAL,
    CHAMPION_EFFECT_REROLL,
    CHAMPION_EFFECT_SET_DIE,
    CHAMPION_TRIGGER_ALLY_BLOODIED,
    CHAMPION_TRIGGER_ALLY_CHARGES,
    CHAMPION_TRIGGER_ALLY_DESTROYED,
    CHAMPION_TRIGGER_ALLY_HITS,
    CHAMPION_TRIGGER_ALLY_IS_HIT,
    CHAMPION_TRIGGER_ALLY_MISSES,
    CHAMPION_TRIGGER_ENEMY_NEAR,
    PHASE_ACTING,
    PHASE_CHAMPION,
    PHASE_OVER,
)
from .model import CreatureCard, Square
from .powers import SIGHT_ALLY, SIGHT_ENEMY, ChampionEffect, ChampionPower, ChampionTrigger, sight_needed
from .state import Continuation, Creature, GameState, Occasion, bloodied_threshold
from .uses import clear, heal, helps

#: Triggers of the card language (CL-12): occasions for them are looked for only when some champion
#: on the map has a power with one (today's battles make none).
_NEW_TRIGGERS = frozenset({ChampionTrigger.ALLY_BLOODIED.value, ChampionTrigger.ALLY_DESTROYED.value,
                           ChampionTrigger.ALLY_CHARGES.value, ChampionTrigger.ENEMY_NEAR.value})

#: No player passed, no power used: an empty window's sets, made once (equal to any empty frozenset).
_NOBODY: frozenset[int] = frozenset()
_NOTHING_USED: frozenset[tuple[str, str, str]] = frozenset()

#: Conditions that forbid champion powers (docs/rules.md: confused, staggered; inactive: stunned, helpless).
NO_CHAMPION_POWERS = frozenset({"confused", "staggered", "stunned", "helpless", "petrified"})  # CL-18: petrified too


def powers_by_trigger(card: CreatureCard) -> dict[str, tuple[ChampionPower, ...]]:
    """``card``'s champion powers by trigger value (CHP-2), each in card order: {"ally starts
    turn": (power, ...)}; empty without powers.  Found once per card and kept beside its fields
    (a card is a frozen value: equality, hashing and saves read only fields)."""
    found = card._powers_by_trigger  # not a field: set below (never read through ``__dict__``, see the card)
    if found is None:
        found = {}
        for p in card.champion_powers:
            found[p.trigger.value] = found.get(p.trigger.value, ()) + (p,)
        object.__setattr__(card, "_powers_by_trigger", found)
    return found


def budget_left(me: Creature) -> int:
    """Champion points ``me`` may still spend this battle (CHP-1)."""
    return max(0, me.card.champion - me.champion_spent)


def turn_key(st: GameState) -> str:
    """The current creature's turn, for CHP-3 ("ACTIVATION-NUMBER:UID")."""
    return f"{st.activation_no}:{st.active_uid or ''}"


def can_use_now(st: GameState, champion: Creature) -> bool:
    """True when ``champion`` may use some power now: on the map, able, CHP-3 free (not the cost)."""
    return (champion.alive and bool(champion.card.champion_powers)
            and not (champion.conditions & NO_CHAMPION_POWERS)
            and champion.champion_turn != turn_key(st))


# -- occasions ----------------------------------------------------------------


def attack_occasions(st: GameState, events: list[ev.Event]) -> list[Occasion]:
    """The attack occasions in one action's ``events``: hits and misses against enemies (CHP-2)."""
    found: list[Occasion] = []
    for e in events:
        if not isinstance(e, ev.AttackRolled):
            continue
        attacker, target = st.peek(e.attacker), st.peek(e.target)
        if attacker is None or target is None or not st.hostile(attacker.player, target.player):
            continue
        if e.hit:
            found.append(Occasion(CHAMPION_TRIGGER_ALLY_HITS._value_, attacker.uid, target.uid, e.attack, e.kind))
            found.append(Occasion(CHAMPION_TRIGGER_ALLY_IS_HIT._value_, target.uid, attacker.uid, e.attack, e.kind))
        else:
            line = attacker.card.attack_named(e.attack)
            if line is not None and not line.is_area:
                found.append(Occasion(CHAMPION_TRIGGER_ALLY_MISSES._value_, attacker.uid, target.uid,
                                      e.attack, e.kind))
    found += _card_language_occasions(st, events)
    unique: list[Occasion] = []
    for o in found:
        if o not in unique:
            unique.append(o)
    return unique


def may_have_occasions(st: GameState, events: list[ev.Event]) -> bool:
    """False when ``attack_occasions(st, events)`` and ``reactions.occasions(st, events)`` are surely
    both empty (CHP-2, CL-10, CL-12): no attack roll in ``events``, no card of the battle with
    reactions and no champion power with a card-language trigger.  True when they may not be."""
    facts = st.facts()
    if facts.reactions or not facts.champion_triggers.isdisjoint(_NEW_TRIGGERS):
        return True
    attack = ev.AttackRolled
    for e in events:
        if type(e) is attack:
            return True
    return False


def _card_language_occasions(st: GameState, events: list[ev.Event]) -> list[Occasion]:
    """The CL-12 occasions in one action's ``events`` (none unless a champion on the map has a power
    with a CL-12 trigger): an ally's charge attack, an ally becoming bloodied or destroyed by an
    enemy's attack (the enemy: that attack's maker), an enemy ending a move near a champion."""
    wanted = st.facts().champion_triggers & _NEW_TRIGGERS  # champion powers never change (CL-14 forms)
    if not wanted:
        return []
    found: list[Occasion] = []
    last: dict[str, str] = {}
    for e in events:
        if isinstance(e, ev.AttackRolled):
            last[e.target] = e.attacker
            if e.kind == "charge" and CHAMPION_TRIGGER_ALLY_CHARGES._value_ in wanted:
                found.append(Occasion(CHAMPION_TRIGGER_ALLY_CHARGES._value_, e.attacker, e.target, e.attack, e.kind))
        elif isinstance(e, ev.DamageDealt) and CHAMPION_TRIGGER_ALLY_BLOODIED._value_ in wanted:
            c = st.peek(e.target)
            if (c is not None and c.alive and e.bloodied and e.hp_left > 0
                    and e.hp_left + e.amount > bloodied_threshold(c.card.hp)):
                found.append(Occasion(CHAMPION_TRIGGER_ALLY_BLOODIED._value_, c.uid, last.get(c.uid, "")))
        elif isinstance(e, ev.CreatureDestroyed) and CHAMPION_TRIGGER_ALLY_DESTROYED._value_ in wanted:
            if last.get(e.uid):
                found.append(Occasion(CHAMPION_TRIGGER_ALLY_DESTROYED._value_, e.uid, last[e.uid]))
        elif isinstance(e, ev.CreatureMoved) and CHAMPION_TRIGGER_ENEMY_NEAR._value_ in wanted:
            mover = st.peek(e.uid)
            if mover is None or not mover.alive:
                continue
            for champion in st.champions():
                if champion.alive and st.hostile(champion.player, mover.player) and any(
                        p.trigger is CHAMPION_TRIGGER_ENEMY_NEAR for p in champion.card.champion_powers):
                    found.append(Occasion(CHAMPION_TRIGGER_ENEMY_NEAR._value_, champion.uid, mover.uid))
    return found


def turn_occasion(trigger: ChampionTrigger, me: Creature) -> list[Occasion]:
    """The occasion of ``me`` ending or starting its turn (CHP-2)."""
    return [Occasion(trigger._value_, me.uid)]


# -- legal uses -----------------------------------------------------------------


def _fits(st: GameState, champion: Creature, power: ChampionPower, o: Occasion) -> bool:
    """True when ``power`` of ``champion`` may answer occasion ``o`` (CHP-1, CHP-2)."""
    if power.trigger._value_ != o.trigger or power.cost > budget_left(champion):  # _value_: .value, faster
        return False
    if o.trigger in _NEW_TRIGGERS or power.effect in _NEW_EFFECTS or not power.when.always:
        return _fits_card_language(st, champion, power, o)
    ally = st.peek(o.ally)
    if ally is None or not ally.alive or st.hostile(ally.player, champion.player):
        return False
    if power.others_only and ally.uid == champion.uid:
        return False
    if power.keyword and power.keyword not in ally.card.keywords:
        return False
    # What the power would change first (cheap; an ally at full HP is not healed), the range last:
    # every test must pass, so their order changes nothing.
    if power.effect is CHAMPION_EFFECT_EXTRA_DAMAGE or power.effect is CHAMPION_EFFECT_REROLL:
        enemy = st.peek(o.enemy) if o.enemy else None
        if enemy is None or not enemy.alive:
            return False
        if power.effect is CHAMPION_EFFECT_EXTRA_DAMAGE:
            if power.amount <= 0:
                return False
        elif ally.card.attack_named(o.attack) is None:
            return False
    elif not helps(ally, "heal" if power.effect is CHAMPION_EFFECT_HEAL else "clear", power.amount):
        return False
    if power.in_vp_zone and ally.pos not in st.vp_zone(ally.player):
        return False
    if ally.uid != champion.uid:
        # Counted around walls, a distance is never below the Chebyshev one: a cheap refusal first.
        (ax, ay), (cx, cy) = ally.square, champion.square
        if max(abs(ax - cx), abs(ay - cy)) > power.range:
            return False
        if not st.geometry.within(champion.square, ally.square, power.range):
            return False
        if sight_needed(power.trigger, power.effect) == SIGHT_ALLY and not sees(st, champion, ally):
            return False  # CL-12: a power that changes an ally's attack needs sight of that ally
    return True


#: Effects of the card language (CL-12), checked by ``_fits_card_language``.
_NEW_EFFECTS = frozenset({ChampionEffect.DAMAGE_NEAR, ChampionEffect.SET_DIE})


def near_enemies(st: GameState, champion: Creature, ally: Creature, near: int) -> tuple[list[Creature], list[Creature]]:
    """The enemies of ``champion`` within ``near`` squares of ``ally`` (counted around walls, RNG-5),
    split into (seen by the champion, unseen) (CL-12: only the seen ones are affected); uid order."""
    seen: list[Creature] = []
    unseen: list[Creature] = []
    for c in sorted(st.enemy_creatures(champion.player), key=lambda c: c.uid):
        d = creature_distance(st, ally, c)
        if d is None or d > near:
            continue
        (seen if sees(st, champion, c) else unseen).append(c)
    return seen, unseen


def _fits_card_language(st: GameState, champion: Creature, power: ChampionPower, o: Occasion) -> bool:
    """``_fits`` for a CL-12 trigger or effect, or a power with a ``when`` (CL-12): the ally on the
    champion's side (itself for ENEMY_NEAR; for ALLY_DESTROYED the ally is gone and the enemy
    must be within range instead), its keyword, the ``when``, something to change, range and sight."""
    enemy = st.peek(o.enemy) if o.enemy else None
    if enemy is not None and not enemy.alive:
        enemy = None
    trigger = power.trigger
    if trigger is CHAMPION_TRIGGER_ALLY_DESTROYED:
        dead = st.peek(o.ally)
        if dead is None or st.hostile(dead.player, champion.player) or enemy is None:
            return False
        if (power.others_only and dead.uid == champion.uid) or (
                power.keyword and power.keyword not in dead.card.keywords):
            return False
        ally = champion  # distances and sight from the champion to the enemy
        if champion.uid == dead.uid or not st.geometry.within(champion.square, enemy.square, power.range):
            return False
    else:
        found = st.peek(o.ally)
        if found is None or not found.alive or st.hostile(found.player, champion.player):
            return False
        ally = found
        if trigger is not CHAMPION_TRIGGER_ENEMY_NEAR:
            if power.others_only and ally.uid == champion.uid:
                return False
            if power.keyword and power.keyword not in ally.card.keywords:
                return False
        elif ally.uid != champion.uid or enemy is None:
            return False
        elif (d := creature_distance(st, champion, enemy)) is None or d > power.near:
            return False
        if power.in_vp_zone and ally.pos not in st.vp_zone(ally.player):
            return False
        if ally.uid != champion.uid and not st.geometry.within(champion.square, ally.square, power.range):
            return False
    if not power.when.holds(st, champion, enemy):
        return False
    effect = power.effect
    if effect in (CHAMPION_EFFECT_EXTRA_DAMAGE, CHAMPION_EFFECT_REROLL, CHAMPION_EFFECT_SET_DIE):
        if enemy is None or (effect is CHAMPION_EFFECT_EXTRA_DAMAGE and power.amount <= 0):
            return False
        if effect is not CHAMPION_EFFECT_EXTRA_DAMAGE and ally.card.attack_named(o.attack) is None:
            return False
    elif effect is CHAMPION_EFFECT_DAMAGE_NEAR:
        if not near_enemies(st, champion, ally, power.near)[0]:
            return False
    elif not helps(ally, "heal" if effect is CHAMPION_EFFECT_HEAL else "clear", power.amount):
        return False
    need = sight_needed(trigger, effect)
    if need == SIGHT_ALLY and ally.uid != champion.uid and not sees(st, champion, ally):
        return False
    if need == SIGHT_ENEMY and effect is not CHAMPION_EFFECT_DAMAGE_NEAR and (
            enemy is None or not sees(st, champion, enemy)):
        return False
    return True


def options(st: GameState, player: int) -> list[UseChampionPower | UseReaction]:
    """Every legal ``UseChampionPower`` of ``player`` for the open window, canonical order, then its
    ``UseReaction`` (CL-10: reactions share the window)."""
    return _options_by_player(st, player).get(player, [])


def _options_by_player(st: GameState, only: int | None = None) -> dict[int, list[UseChampionPower | UseReaction]]:
    """``options`` of every player with some (or of ``only``), from one scan of the champions."""
    found: dict[int, list[UseChampionPower | UseReaction]] = {}
    triggers = {o.trigger for o in st.window}
    for champion in st.champions():
        powers = champion.card.champion_powers
        if ((only is not None and champion.player != only)
                or not any(p.trigger._value_ in triggers for p in powers) or not can_use_now(st, champion)):
            continue
        for i, power in enumerate(powers):
            for o in st.window:
                if power.trigger._value_ != o.trigger:
                    continue  # _fits would refuse it first
                if (power.name, o.ally, o.enemy) in st.window_used:
                    continue  # ABL-2: the same power twice on one occasion counts once
                if _fits(st, champion, power, o):
                    a = UseChampionPower(champion.uid, i, o.ally, o.enemy)
                    acts = found.setdefault(champion.player, [])
                    if a not in acts:
                        acts.append(a)
    for player, answers in reactions.options_by_player(st).items():  # CL-10: reactions share the window
        if only is None or player == only:
            found.setdefault(player, []).extend(answers)
    return found


def _order(st: GameState) -> list[int]:
    """Players in the order they are asked: the acting creature's player first, then in turn order (CHP-2)."""
    me = st.peek(st.active_uid) if st.active_uid else None
    first = me.player if me is not None else st.turn_player
    return [(first + k) % st.players for k in range(st.players)]


def _next_decider(st: GameState) -> tuple[int | None, int]:
    """The next player to ask (CHP-2) and how many options it has; (None, 0) when nobody is left."""
    found = _options_by_player(st)
    if found:
        for p in _order(st):
            if p not in st.window_passed and p in found:
                return p, len(found[p])
    return None, 0


def _may_answer(st: GameState, occasions: list[Occasion]) -> bool:
    """False when surely no power answers ``occasions`` (CHP-1, CHP-2): no champion on the map
    has a power with one of their triggers that it can still pay for and that would change
    something (an enemy to strike or attack again; an ally it would heal or clear, ``helps``).
    True when one may (``_fits`` decides).  A reaction's occasion (CL-10) may always be answered."""
    facts = st.facts()
    if facts.reactions and reactions.may_answer(occasions):  # no creature with reactions: none to answer
        return True
    index, creatures = facts.champions_by_trigger, st.creatures
    for o in occasions:  # only the champions with a power of the occasion's trigger (the answer is an "any")
        answering = index.get(o.trigger)
        if not answering:
            continue
        ally: Creature | None = None
        ally_team = -1  # the ally, its team (state.team_of) and its VP zone: found once per occasion
        zone: frozenset[Square] | None = None
        for slot, powers in answering:
            champion = creatures[slot]
            if champion.pos is None or champion.destroyed:
                continue
            left = max(0, champion.card.champion - champion.champion_spent)  # budget_left
            for p in powers:
                if p.cost > left:
                    continue
                effect = p.effect
                if effect is CHAMPION_EFFECT_DAMAGE_NEAR or o.trigger in _NEW_TRIGGERS:
                    return True  # CL-12: _fits decides
                if effect is CHAMPION_EFFECT_EXTRA_DAMAGE or effect is CHAMPION_EFFECT_REROLL \
                        or effect is CHAMPION_EFFECT_SET_DIE:
                    if o.enemy:
                        return True
                    continue
                if ally is None:
                    ally = st.peek(o.ally)
                    if ally is None:
                        continue  # _fits: no such ally
                    ally_team = st.team_of(ally.player)
                if st.team_of(champion.player) != ally_team:
                    continue  # _fits: an enemy is no ally (st.hostile)
                if p.in_vp_zone:
                    if zone is None:
                        zone = st.vp_zone(ally.player)
                    if ally.pos not in zone:
                        continue  # _fits: the ally must stand in its VP zone
                if helps(ally, "heal" if effect is CHAMPION_EFFECT_HEAL else "clear", p.amount):
                    return True
    return False


def lost_to_destruction(st: GameState, events: list[ev.Event]) -> list[tuple[str, int, str]]:
    """Champion powers the hits in one action's ``events`` would have triggered but that could not be
    offered because their subject was destroyed (CHP-2: a power needs its ally on the map, and extra
    damage its enemy too), for a client to say why no prompt came.  A pure query; ``st`` is the state
    after the action.

    Listed: a power whose trigger matches a hit or miss in ``events`` (``attack_occasions``), whose
    champion could use a power now (``can_use_now``; its own destruction aside when it is the ally
    destroyed), can pay for it (CHP-1), with the ally on its side (not itself when ``others_only``,
    with the power's keyword), whose ally, or enemy for EXTRA_DAMAGE, was destroyed in ``events``,
    and whose ally was within the power's range of the champion (counted from the square where a
    destroyed creature stood, ``CreatureDestroyed.square``): a power out of range would not have
    been offered anyway.

    Returns (champion uid, power index, destroyed uid) triples, in champion and power order, each once.
    """
    lost_at = {e.uid: e.square for e in events if isinstance(e, ev.CreatureDestroyed)}
    if not lost_at:
        return []
    destroyed = set(lost_at)
    occasions = attack_occasions(st, events)
    found: list[tuple[str, int, str]] = []
    for champion in st.champions():
        own_loss = champion.uid in destroyed
        if own_loss:
            able = (not (champion.conditions & NO_CHAMPION_POWERS)
                    and champion.champion_turn != turn_key(st))
        else:
            able = can_use_now(st, champion)
        if not able:
            continue
        for i, power in enumerate(champion.card.champion_powers):
            if power.cost > budget_left(champion):
                continue
            for o in occasions:
                if power.trigger.value != o.trigger:
                    continue
                ally = st.peek(o.ally)
                if ally is None or st.hostile(ally.player, champion.player):
                    continue
                if (power.others_only and ally.uid == champion.uid) or (
                        power.keyword and power.keyword not in ally.card.keywords):
                    continue
                if ally.uid in destroyed:
                    if power.effect is CHAMPION_EFFECT_CLEAR and not helps(ally, "clear", power.amount):
                        continue  # nothing to clear: it would not have been offered anyway
                    subject = ally.uid
                elif power.effect is CHAMPION_EFFECT_EXTRA_DAMAGE and o.enemy in destroyed:
                    subject = o.enemy
                else:
                    continue
                if own_loss and subject != champion.uid:
                    continue  # a destroyed champion answers nothing but its own hit
                if ally.uid != champion.uid:  # CHP-2: the ally within the power's range
                    here = lost_at.get(champion.uid) or champion.pos
                    there = lost_at.get(ally.uid) or ally.pos
                    if here is None or there is None or not st.geometry.within(here, there, power.range):
                        continue
                if (champion.uid, i, subject) not in found:
                    found.append((champion.uid, i, subject))
    return found


def open_window(st: GameState, occasions: list[Occasion], resume: Continuation, out: list[ev.Event]) -> bool:
    """Stop for a champion-power decision if some power answers ``occasions`` (CHP-2).

    resume: where the flow goes on when the window closes (in the middle of
    the action, after it, at the start or the end of the activation).  Returns True when the game now
    waits in ``Phase.CHAMPION`` (the caller must stop), False when no power
    can be used (nothing changed).
    """
    if not occasions or st.phase is PHASE_OVER:
        return False
    st.window_passed, st.window_used = _NOBODY, _NOTHING_USED
    if not _may_answer(st, occasions):  # no champion could use any power: no scan per player
        st.window = ()
        return False
    st.window = tuple(occasions)
    player, count = _next_decider(st)
    if player is None:
        st.window = ()
        return False
    st.resume, st.resume_decider = resume, st.decider
    st.phase, st.decider = PHASE_CHAMPION, player
    out.append(ev.ChampionPowerOffered(player, count))
    return True


def check_use(st: GameState, a: UseChampionPower) -> tuple[str, str] | None:
    """Why ``a`` is illegal now as (code, reason), or None (CHP-1..3)."""
    champion = st.find(a.champion) if isinstance(a.champion, str) else None
    if champion is None or not champion.card.champion_powers:
        return ("no-champion", "That creature has no champion powers.")
    if champion.player != st.decider:
        return ("not-yours", f"{champion.card.name} belongs to the other player: only its own player "
                             "uses its champion powers (CHP-2).")
    powers = champion.card.champion_powers
    if not isinstance(a.power, int) or not 0 <= a.power < len(powers):
        return ("no-such-power", f"{champion.card.name} has no such champion power.")
    power = powers[a.power]
    if champion.conditions & NO_CHAMPION_POWERS:
        worst = sorted(champion.conditions & NO_CHAMPION_POWERS)[0]
        return ("cannot-use", f"{champion.card.name} is {worst} and uses no champion powers (docs/rules.md).")
    if champion.champion_turn == turn_key(st):
        return ("once-per-turn", f"{champion.card.name} already used a champion power this turn (CHP-3).")
    if power.cost > budget_left(champion):
        return ("no-budget", f"{power.name} costs {power.cost}; {champion.card.name} has "
                             f"{budget_left(champion)} champion point(s) left (CHP-1).")
    if a not in options(st, st.decider):
        return ("no-trigger", f"{power.name} needs: {power.trigger.value} within {power.range} squares, "
                              "and something it would change (CHP-2).")
    return None


def use(st: GameState, a: UseChampionPower, out: list[ev.Event]) -> None:
    """Pay for and resolve a champion power (CHP-1..3); mutates ``st``.

    EXTRA_DAMAGE: the enemy takes the power's amount (met by its Resist and
    Immune like attack damage, untyped).  REROLL: the ally makes the same
    attack against the enemy again (one roll, its damage and effects, no
    follow-ups).  HEAL / CLEAR: the ally is healed / its conditions end.
    """
    champion = st.creature(a.champion)
    power = champion.card.champion_powers[a.power]
    champion.champion_spent += power.cost
    champion.champion_turn = turn_key(st)
    st.window_used = st.window_used | {(power.name, a.ally, a.enemy)}
    out.append(ev.ChampionPowerUsed(champion.uid, power.name, power.cost, budget_left(champion),
                                    a.ally, a.enemy, power.effect.value))
    ally = st.creature(a.ally)
    if power.effect is CHAMPION_EFFECT_EXTRA_DAMAGE:
        enemy = st.creature(a.enemy)
        amount, steps = power.amount, list[tuple[str, int]]()
        if enemy.card.abilities:
            amount, steps = defend(enemy.card, amount, "", attack=True)
        deal_damage(st, enemy, amount, "", champion.player, out, cause="champion",
                    adjustments=tuple(steps))
    elif power.effect is CHAMPION_EFFECT_REROLL or power.effect is CHAMPION_EFFECT_SET_DIE:
        o = next(o for o in st.window if o.trigger == CHAMPION_TRIGGER_ALLY_MISSES._value_
                 and o.ally == a.ally and o.enemy == a.enemy)
        attack = ally.card.attack_named(o.attack)
        assert attack is not None  # the occasion names one of the ally's attack lines
        if power.effect is CHAMPION_EFFECT_SET_DIE:  # CL-12, CL-13: no die rolled; the log says why
            out.append(ev.DieChanged(ally.uid, "attack", (), power.natural, power.name, "champion"))
            resolve_attack(st, ally, st.creature(a.enemy), attack, out, kind=o.kind, natural=power.natural)
        else:
            resolve_attack(st, ally, st.creature(a.enemy), attack, out, kind=o.kind)
    elif power.effect is CHAMPION_EFFECT_DAMAGE_NEAR:  # CL-12: only the enemies the champion sees
        seen, unseen = near_enemies(st, champion, ally, power.near)
        if unseen:
            out.append(ev.PowerOutOfSight(champion.uid, power.name, tuple(c.uid for c in unseen)))
        for c in seen:
            if not c.alive:
                continue
            enemy = st.creature(c.uid)
            amount, steps = power.amount, list[tuple[str, int]]()
            if enemy.card.abilities:
                amount, steps = defend(enemy.card, amount, "", attack=True)
            deal_damage(st, enemy, amount, "", champion.player, out, cause="champion",
                        adjustments=tuple(steps))
    elif power.effect is CHAMPION_EFFECT_HEAL:
        heal(ally, power.amount, "champion", out)
    else:
        clear(ally, "champion", out)


def decline(st: GameState, out: list[ev.Event]) -> None:
    """The deciding player uses no more champion powers in this window (CHP-2)."""
    out.append(ev.ChampionPowerDeclined(st.decider))
    st.window_passed = st.window_passed | {st.decider}


def advance(st: GameState, out: list[ev.Event]) -> Continuation | None:
    """Ask the next player, or close the window.

    Returns None while the window stays open (``st.decider`` is the player
    to ask), else the ``Continuation`` to resume at (the phase is ACTING again and the
    decider restored).  A battle that is over closes the window too.
    """
    if st.phase is PHASE_OVER:
        st.window, st.window_passed, st.window_used, st.resume = (), frozenset(), frozenset(), None
        return None
    player, count = _next_decider(st)
    if player is not None:
        if player != st.decider:
            out.append(ev.ChampionPowerOffered(player, count))
        st.decider = player
        return None
    resume = st.resume
    st.window, st.window_passed, st.window_used, st.resume = (), frozenset(), frozenset(), None
    st.phase, st.decider = PHASE_ACTING, st.resume_decider
    return resume


__all__ = ["budget_left", "turn_key", "can_use_now", "attack_occasions",
           "may_have_occasions", "turn_occasion", "options", "near_enemies",
           "lost_to_destruction", "powers_by_trigger",
           "open_window", "check_use", "use", "decline", "advance", "NO_CHAMPION_POWERS"]
