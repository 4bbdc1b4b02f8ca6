"""Scoring what a creature could do this activation (used by ``normal`` and ``hard``).

Every score is in victory points (VP) or VP-equivalents, so that damage,
kills, VP zones, opportunity attacks and exposure can be weighed together:

* an attack is worth its chance to destroy the target (its cost in VP, plus
  half again for the threat removed) plus the HP it is expected to remove,
  as a fraction of the target's cost (more per HP on a bloodied target, so
  fire is focused), plus what a condition or ongoing damage it deals costs
  the target (``effect_cost``), plus, for a push, pull or slide, the best place it can
  put the target (``displacement_value``: into a pit, out of its VP zone,
  away from our creatures, next to our fresh ones; MOV-14, TER-PIT);
* a square is worth being near the creature's objective (the nearest enemy
  for melee creatures, a square in range for ranged ones), holding our VP
  zone, the auras it would cover allies and enemies with or stand in
  (``aura_value``), minus the damage enemies could deal there next turn
  (exposure);
* a route costs the opportunity attacks it provokes, and so does a ranged or
  area attack made next to an enemy (OA-1).

Attacks scored: melee and ranged lines (the best targets, several when the
line allows: ATK-4), close attacks (every burst, cone and line aim) and area
attacks (radius templates centred near enemies), through the engine's own
templates (``areas.template``); an ally caught in a template counts against
it (ATK-2).  A creature standing on a teleporter weighs jumping (and acting
from the other one: TER-TELEPORT).  Scenario rules change the worth of things:
a kill scores the bounty, not the cost (SCN-BOUNTY); a zone scores the
uncontested award, and an enemy zone is worth entering to deny it
(SCN-UNCONTESTED); an enemy alone in the VP zone that would win its side
the battle this round is worth half the battle to destroy or push out
(``zone_stake``, SCN-ASSAULT).  A special power that spends an action (SPW-1) is worth
what it heals (capped by the HP missing) or the conditions it clears
(``effect_cost``), less the worth of a check box it ticks (CARD-4), plus
what the creature can still do with the action left, so it competes with
attacking or moving with that action; a move that brings a wounded ally into
the power's range is worth the use that follows it.  Any other action kind is simply not scored: the bots
still only ever choose among legal actions.

Chances come from ``combat.preview`` (hit chance, expected damage, kill
chance); nothing here reads the dice.  Distances for "getting closer" are
counted around walls (``Geometry.distances_from``); reach estimates for
exposure use the cheap grid distance.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from tactica.engine import (
    Action,
    AreaAttack,
    Attack,
    Charge,
    Creature,
    EndActivation,
    GameState,
    Move,
    Phase,
    Shift,
    Teleport,
    actions_of_kind,
    preview,
)
from tactica.engine.abilities import Aura
from tactica.engine.actions import UsePower
from tactica.engine.areas import aims, cone_size, distinct_strikes
from tactica.engine.attacking import attack_allowed, charge_attack
from tactica.engine.combat import in_reach
from tactica.engine.effects import ends_in_pit
from tactica.engine.footprint import anchors_covering, any_in, fits
from tactica.engine.forced import destinations
from tactica.engine.geometry import chebyshev
from tactica.engine.model import (
    AttackDef,
    AttackKind,
    ConditionEffect,
    Duration,
    ForcedMoveEffect,
    HealEffect,
    OngoingEffect,
    Reach,
    Square,
    Trigger,
)
from tactica.engine.movement import mode_of, provokers_of_path, routes
from tactica.engine.powers import PowerAction, PowerEffect
from tactica.engine.state import ActiveEffect, PendingForce
from tactica.engine.teleporters import teleport_squares
from tactica.engine.uses import NO_ATTACK_POWERS, NO_SPECIAL_POWERS, helps, power_available

#: Weights of the score terms (VP per unit); tuned with bench/ai_strength.py.
KILL_THREAT = 0.5      # extra value of a kill beyond its VP (the threat removed)
DAMAGE_FULL = 0.35     # value per HP as a fraction of full HP (× cost)
DAMAGE_LEFT = 0.25     # value per HP as a fraction of HP left (× cost): focus fire
APPROACH = 0.8         # VP per square closer to the objective
EXPOSURE = 0.45        # share of the exposure value counted
ZONE_HOLD = 1.0        # × zone VP for standing in our own VP zone
TOP_EXACT = 8          # destinations re-scored exactly with preview
ALTERNATIVES = 3       # first actions a Plan keeps besides its best (hard tries them)
HEAL = 0.35            # value per HP healed as a fraction of full HP (× cost), doubled when bloodied
ZONE_PUSH = 0.5        # × zone VP for forcing an enemy out of the VP zone that scores for it
BATTLE = 200.0         # VP-equivalent of deciding the battle (a kill or a death that ends it)
ZONE_WIN = 0.5         # × BATTLE for standing in our VP zone when its award would reach the VP target
ZONE_NEXT = 0.25       # × BATTLE for ending within one activation's walk of that zone (Board.zone_race; hard)
ZONE_LEAVE = 1.0       # × zone VP for the only holder leaving our VP zone: next round's award too (zone_race)
SEPARATE = 0.3         # × the value of an enemy's attack on a creature it is forced away from
INTO_REACH = 0.3       # × the value of a fresh ally's attack on an enemy forced next to it
OFFENSE = 0.5          # × the best attack an end square puts in reach next turn (Board.offense; hard)
MOVE_CHARGE = 4        # squares tried as the start of a move-then-charge (Board.move_charge; hard)
SHIFT_MOVES = 2        # shift squares tried as the start of a shift-then-move (Board.shift; hard)
ZONE_TRIES = 3         # squares tried as the first of two moves into a winning VP zone (Board.zone_race; hard)
#: Share of a covered creature's turn (TURN_WORTH × cost) one point of an aura is worth, by effect
#: (ABL "Aura X"); heal and harm auras are valued as the HP they restore or deal.
AURA_PER_POINT = {"attack": 0.09, "defense": 0.09, "damage": 0.06, "speed": 0.03, "resist": 0.03}
BOX_KEEP = 0.5         # share of a later full use a check box (CARD-4) is worth keeping
ALLY_HIT = 1.5         # × the value of hitting an ally with an area attack (a loss)
AREA_ORIGINS = 12      # most origin squares tried for one radius area attack
TURN_WORTH = 0.08      # share of a creature's cost one of its turns is worth (what conditions take)
#: Share of a turn each condition takes from the creature that has it (CON-1..CON-8), per turn it lasts.
CONDITION_COST = {"dazed": 0.3, "staggered": 0.4, "stunned": 1.0, "helpless": 1.5, "immobilized": 0.25,
                  "confused": 0.6, "enervated": 0.5, "slowed": 0.15}
#: Turns an effect is expected to last (SAV-1: a save of 10+ ends it 55% of the time: 1.8 turns).
EFFECT_TURNS = {Duration.NEXT_TURN: 1.0, Duration.PLAYER_NEXT_TURN: 1.0, Duration.ROUND: 0.5,
                Duration.BATTLE: 4.0, Duration.SAVE_ENDS: 1.8}
#: Attack kinds the planner scores with chosen targets (melee and ranged lines).
SINGLE_TARGET = frozenset({AttackKind.MELEE, AttackKind.RANGED})
#: Close and area attack kinds (a template decides the targets: RNG-3, RNG-4).
TEMPLATE_KINDS = frozenset({AttackKind.CLOSE, AttackKind.AREA})


def kill_vp(state: GameState, target: Creature) -> int:
    """VP the other side scores for destroying ``target``: its cost, or the bounty (SCN-BOUNTY)."""
    return state.rules.bounty_vp if state.rules.bounty else target.card.cost


def decides_battle(state: GameState, victim: Creature) -> bool:
    """True when destroying ``victim`` would end the battle against its side (SCN-ASSAULT).

    Its side has no other creature on the map (when a wipeout ends the
    battle), or the VP it is worth bring the other side to the VP target.
    Two sides only: in a free-for-all one death rarely decides (False).
    """
    team = victim.team
    other = None
    for c in state.creatures:
        if c.alive and c.uid != victim.uid:
            if c.team == team:
                if not state.rules.wipeout_ends_battle:
                    continue
                team = None  # an ally stands: no wipeout
            elif other is None:
                other = c.team
            elif c.team != other:
                return False  # three or more sides
    if other is None:
        return False
    if team is not None and state.rules.wipeout_ends_battle:
        return True
    return state.team_vp(other) + kill_vp(state, victim) >= state.rules.target


def death_extra(state: GameState, victim: Creature) -> float:
    """BATTLE when destroying ``victim`` decides the battle (``decides_battle``), else 0."""
    return BATTLE if decides_battle(state, victim) else 0.0


def zone_award(state: GameState) -> int:
    """VP one held VP zone scores at the end of a round (SCN-ASSAULT, SCN-UNCONTESTED)."""
    return state.rules.held_zone_vp


def zone_reaches_target(state: GameState, team: int) -> bool:
    """True when one VP zone's award at the end of this round (``zone_award``) would bring ``team``
    (its VP so far, ``state.team_vp``) to the VP target (SCN-ASSAULT)."""
    return state.team_vp(team) + zone_award(state) >= state.rules.target


def zone_stake(state: GameState, holder: Creature) -> float:
    """What ``holder`` alone in its VP zone is worth when that zone would win its side the battle.

    ``ZONE_WIN`` × BATTLE when ``holder`` stands in the VP zone that scores
    for its player, no other creature of that player stands there, and the
    zone's award at the end of the round would bring its side to the VP
    target (SCN-ASSAULT); else 0.  Destroying it or forcing it out of the
    zone denies that win (``attack_value``, ``displacement_value``).
    """
    zone = state.vp_zone(holder.player)
    if not zone or not holder.in_zone(zone):
        return 0.0
    if not zone_reaches_target(state, holder.team):
        return 0.0
    if any(c.player == holder.player and c.uid != holder.uid and c.in_zone(zone) for c in state.alive()):
        return 0.0
    return ZONE_WIN * BATTLE


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
                 *, charge: bool = False, source: Square | None = None) -> float:
    """Expected VP-equivalent of one attack (kill chance and damage from ``preview``).

    ``source``: where its forced movement counts from (an area attack's
    origin); None is the attacker's square.
    """
    p = preview(state, attacker, target, attack, charge=charge)
    dmg = attack.total_damage
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
        if isinstance(effect, HealEffect):
            chance = {Trigger.HIT: p.hit_chance, Trigger.MISS: 1 - p.hit_chance}.get(effect.on, 1.0)
            value += chance * heal_value(attacker, effect.amount)
        elif isinstance(effect, (ConditionEffect, OngoingEffect)) and p.kill_chance < 1:  # ATK-3
            chance = {Trigger.HIT: p.hit_chance, Trigger.MISS: 1 - p.hit_chance}.get(effect.on, 1.0)
            chance -= p.kill_chance if effect.on is not Trigger.MISS else 0.0
            name = effect.condition if isinstance(effect, ConditionEffect) else "ongoing"
            if chance > 0 and name not in target.conditions:
                value += chance * effect_cost(target, ActiveEffect(name, effect.duration,
                                                                   amount=getattr(effect, "amount", 0)))
        elif (isinstance(effect, ForcedMoveEffect) and p.kill_chance < 1
              and state.hostile(target.player, attacker.player)):  # MOV-14: where it can put an enemy
            chance = {Trigger.HIT: p.hit_chance, Trigger.MISS: 1 - p.hit_chance}.get(effect.on, 1.0)
            chance -= p.kill_chance if effect.on is not Trigger.MISS else 0.0
            if chance > 0:
                value += chance * forced_gain(state, attacker, target, attack, effect, source)
    return value


def forced_gain(state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                effect: ForcedMoveEffect, source: Square | None = None) -> float:
    """VP-equivalent of the best place ``attack``'s forced movement can put an enemy ``target`` (MOV-14).

    The destinations are the engine's (``forced.destinations``, counted
    from ``source``: an area attack's origin, else the attacker's square);
    each is judged by ``displacement_value``.  0 when staying put is best
    or nowhere is open.
    """
    pending = PendingForce(effect.kind.value, target.uid, attacker.uid, effect.distance,
                           source or attacker.pos, attack.name, attacker.player)
    pit_hit = base_hit(attack.bonus, target.card.defense_value(attack.defense))
    best = 0.0
    for sq in destinations(state, pending):
        best = max(best, displacement_value(state, attacker.player, target, sq, pit_hit=pit_hit,
                                            mover=attacker.uid))
    return best


def displacement_value(state: GameState, player: int, target: Creature, sq: Square, *,
                       pit_hit: float = 0.0, mover: str = "") -> float:
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
      × their basic melee attack's value on it; away from them: as much lost.
    """
    start = target.pos
    value = 0.0
    if pit_hit and state.map.rules_at(sq).fliers_only and not mode_of(target).flies:
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
        near_now, near_after = chebyshev(c.pos, start) <= 1, chebyshev(c.pos, sq) <= 1
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
    if power.effect is PowerEffect.HEAL:
        value = heal_value(target, power.amount)
        later = target.card.cost * HEAL * min(power.amount, target.card.hp) / max(1, target.card.hp)
    else:
        value = conditions_cost(target)
        later = TURN_WORTH * target.card.cost
    return value - (BOX_KEEP * later if power.uses else 0.0)


@dataclass
class Plan:
    """The best first action found for one creature, with its score (VP-equivalent)."""

    score: float
    uid: str
    action: Action
    idle: float = 0.0
    notes: dict = field(default_factory=dict)

    @property
    def gain(self) -> float:
        """How much better than doing nothing at all (used to pick whom to activate)."""
        return self.score - self.idle


class Board:
    """Per-state facts shared by every creature's scoring (built once per decision).

    Args:
        state: the state to judge.
        player: the side whose creatures are scored (0 or 1).
        charge_reach: count an enemy's reach as a move and then a charge
            (2 × speed + 1 squares, ACT-1, CHG-1; with the attack a charge
            makes, ``charge_attack``) when judging exposure; False counts
            one move and an attack (speed + 1).
        offense: add ``OFFENSE`` × ``offense_at`` to every end square's value
            (``hard``'s planner; ``normal`` leaves it out).
        move_charge: also plan a move followed by a charge (ACT-1, ACT-3,
            CHG-1; ``hard``'s planner; ``normal`` plans a charge only from
            where the creature stands).
        oa_first: count an attack made after a move or charge that provokes
            opportunity attacks only as far as the mover survives them
            (``oa_kill_chance``, OA-4; ``hard``'s planner).
        shift: also plan a shift (MOV-12, OA-2: it provokes nothing) when an
            enemy stands next to the creature, then an attack or a move
            from the new square (``hard``'s planner).
        zone_race: race for our VP zone when holding it would win (SCN-ASSAULT):
            plan two moves into it this activation (ACT-3), value ending
            within one activation's walk of it (``ZONE_NEXT``), and charge
            the only holder ``ZONE_LEAVE`` for walking out of it (``hard``).
        charge_retreat: a wounded creature's exposure (bloodied, or one hit
            would destroy it) counts an enemy still to act this round as
            reaching a move and then a charge (2 × speed + 1 squares, ACT-1,
            CHG-1; only with its basic melee attack, ``charge_attack``), so
            it retreats beyond that (``hard``; ``charge_reach``
            does it for every creature and every enemy).
    """

    def __init__(self, state: GameState, player: int, *, charge_reach: bool = False, offense: bool = False,
                 move_charge: bool = False, shift: bool = False, oa_first: bool = False,
                 zone_race: bool = False, charge_retreat: bool = False):
        self.state = state
        self.player = player
        self.charge_reach = charge_reach
        self.zone_race = zone_race
        self.charge_retreat = charge_retreat
        #: Plan a move and then a charge (``_move_then_charge``): without it a creature one
        #: square out of charge reach walks two moves and ends next to its target without attacking.
        self.move_charge = move_charge
        #: Plan a shift out of an enemy's reach before moving on (``_shift_then_act``): without it a
        #: creature next to two enemies walks away through both opportunity attacks.
        self.shift = shift
        #: Discount an attack after provoking moves by the chance the opportunity attacks kill first.
        self.oa_first = oa_first
        #: Count what an end square lets us attack next turn (``offense_at``), as exposure counts
        #: what can attack us there; without it a creature just outside every enemy's reach idles.
        self.offense = offense
        self.geo = state.geo
        self.enemies = state.enemy_creatures(player)
        self.allies = state.alive(player)
        self.at = {c.pos: c for c in state.alive()}
        self.zone = state.vp_zone(player)
        self.zone_held = any(c.in_zone(self.zone) for c in self.allies) if self.zone else False
        #: SCN-UNCONTESTED: the zone that scores for the enemy, which our creatures can contest.
        self.enemy_zone = (frozenset().union(*(state.vp_zone(p) for p in state.enemies(player)))
                           if state.rules.uncontested else frozenset())
        self.enemy_zone_held = (any(c.in_zone(self.enemy_zone) for c in self.enemies)
                                if self.enemy_zone else False)
        self._near: dict[str, dict[Square, int]] = {}
        #: ``_offense_table`` of each (creature, attack lines it may use).
        self._offense: dict[tuple, list[tuple[float, int, int, int]]] = {}
        #: death_extra of each of our creatures, filled as place_value needs it.
        self.last_stand: dict[str, float] = {}
        #: True when holding our VP zone this round would bring our side to the VP target.
        self.zone_wins = bool(self.zone) and zone_reaches_target(state, state.team_of(player))
        #: (creature, aura) of every creature on the map with an aura (usually none).
        self.auras = [(c, a) for c in state.alive() if c.card.abilities
                      for a in c.card.abilities if isinstance(a, Aura)]

    def offense_at(self, me: Creature, sq: Square) -> float:
        """VP-equivalent of the best attack ``me`` could make next turn from ``sq`` (ACT-1: a move and an attack).

        A cheap bound like ``threats_to``: an enemy counts when it lies within
        speed + 1 squares (melee) or speed + range (ranged) of ``sq`` in grid
        distance; the attack's expected damage on it is valued with
        ``damage_value``, a likely kill with the enemy's cost.  0 when none is in reach.
        """
        x, y = sq
        for v, ex, ey, reach in self._offense_table(me):  # the most valuable first
            if v <= 0.0:
                break
            if abs(ex - x) <= reach and abs(ey - y) <= reach:
                return v
        return 0.0

    def _offense_table(self, me: Creature) -> list[tuple[float, int, int, int]]:
        """(value, enemy x, enemy y, reach) of each attack ``me`` may make on each enemy, the
        most valuable first: what ``offense_at`` looks through (the same for every square)."""
        lines = tuple((i, next_turn_reach(self.state, me, a)) for i, a in enumerate(me.card.attacks)
                      if attack_allowed(me, a))
        key = (me.uid, lines)
        table = self._offense.get(key)
        if table is None:
            table = []
            for i, reach in lines:
                a = me.card.attacks[i]
                for e in self.enemies:
                    dmg = expected_basic(a, e)
                    kill = min(1.0, dmg / max(1, e.hp))
                    table.append((kill * e.card.cost + damage_value(e, dmg) * (1 - kill), e.pos[0], e.pos[1], reach))
            table.sort(key=lambda row: -row[0])
            self._offense[key] = table
        return table

    def zone_walker(self, me: Creature) -> bool:
        """True when an ally of ``me`` (not ``me``) stands within one activation's walk of our VP zone.

        Two moves of its speed (ACT-3), counted as ``zone_distance``.
        """
        walkers = self._near.get("walkers")
        if walkers is None:
            walkers = self._near["walkers"] = {c.uid: 0 for c in self.allies
                                               if self.zone_distance(c.pos, c.size) <= 2 * c.speed}
        return any(uid != me.uid for uid in walkers)

    def enemy_distance(self, sq: Square) -> int:
        """Distance around walls from ``sq`` to the nearest enemy (large when none)."""
        dist = self._near.get("enemy")
        if dist is None:
            dist = self._near["enemy"] = self._multi_bfs([e.pos for e in self.enemies])
        return dist.get(sq, 99)

    def zone_distance(self, sq: Square, size: int = 1) -> int:
        """Squares around walls a creature of ``size`` anchored on ``sq`` walks until some square of
        it is in our VP zone (SCN-ASSAULT: any square counts; 0 when one is; large when no zone).

        Counted from the anchors whose footprint touches the zone (``anchors_covering``, on the
        map and clear of walls), one square a step (an estimate for Large and Huge creatures).
        """
        key = "zone" if size <= 1 else f"zone{size}"
        dist = self._near.get(key)
        if dist is None:
            if size <= 1:
                sources = sorted(self.zone)
            else:
                in_map, geo = self.state.map.in_bounds, self.geo
                sources = sorted({a for z in self.zone for a in anchors_covering(z, size)
                                  if in_map(a) and fits(geo, a, size)})
            dist = self._near[key] = self._multi_bfs(sources)
        return dist.get(sq, 99)

    def _multi_bfs(self, sources: list[Square]) -> dict[Square, int]:
        dist = {s: 0 for s in sources}
        queue = deque(sources)
        neighbours = self.geo.neighbours
        while queue:
            cur = queue.popleft()
            d = dist[cur] + 1
            for n in neighbours(cur):
                if n not in dist:
                    dist[n] = d
                    queue.append(n)
        return dist

    def threats_to(self, me: Creature) -> list[tuple[Square, int, float, float]]:
        """(position, reach, expected damage, weight) of every enemy that could attack ``me`` next.

        Each enemy's most damaging attack that it may still make (CARD-4)
        counts within its reach, a grid distance (``next_turn_reach``): speed
        + 1 for melee (a move and the attack, ACT-1), speed + how far the
        attack reaches otherwise.  Farther out, a move and then a charge
        (2 × speed + 1, ACT-1, CHG-1) counts with ``charge_reach``, or with
        ``charge_retreat`` when the enemy still acts this round and ``me`` is
        bloodied or one hit of the charge would destroy it; a charge makes
        only the attack the engine gives it (``charge_attack``: the basic
        melee attack, none when the basic attack is ranged), so an enemy
        whose best attack is another one has two entries: the charge's
        damage out to the charge reach, and the rest of its best attack's
        damage within its own reach (``exposure`` adds them up, so nearer in
        it counts the best attack in full).  Enemies already activated this
        round weigh less.
        """
        out = []
        for e in self.enemies:
            if not e.active:
                continue
            weight = 0.6 if e.activated else 1.0
            best, reach = 0.0, 0
            for a in e.card.attacks:
                if not attack_allowed(e, a):  # CARD-4: a spent line threatens nothing
                    continue
                dmg = expected_basic(a, me)
                if dmg > best:
                    best, reach = dmg, next_turn_reach(self.state, e, a)
            charge = charge_attack(e)  # CHG-1: the one attack a charge makes
            if charge is not None and (self.charge_reach or self.charge_retreat and not e.activated
                                       and (me.bloodied or charge.total_damage >= me.hp)):
                far = next_turn_reach(self.state, e, charge, 2)
                hit = expected_basic(charge, me)
                if far > reach and hit > 0:
                    if best > hit:
                        out.append((e.pos, reach, best - hit, weight))
                    out.append((e.pos, far, hit, weight))
                    continue
            out.append((e.pos, reach, best, weight))
        return out


def next_turn_reach(state: GameState, c: Creature, attack: AttackDef, melee_moves: int = 1) -> int:
    """Squares (grid distance) within which ``c`` could make ``attack`` next turn (a cheap bound, ACT-1).

    Melee: ``melee_moves`` moves of its speed and one square (2 counts a move
    and a charge, CHG-1).  Otherwise one move and how far the attack reaches
    from the attacker: a ranged attack's range; a burst's or line's X and a
    cone's size (RNG-3: ``state``'s rules, docs/rules.md: small 3, large 6);
    an area attack's range plus its radius (RNG-4).  20 where the card gives
    no distance (``sight``, ``nearest``).
    """
    if attack.kind is AttackKind.MELEE:
        return melee_moves * c.speed + 1
    if attack.reach is Reach.SMALL_CONE or attack.reach is Reach.LARGE_CONE:
        return c.speed + cone_size(state, attack)
    if attack.range is None:
        return c.speed + 20
    return c.speed + attack.range + (attack.radius if attack.kind is AttackKind.AREA else 0)


def exposure(me: Creature, sq: Square, threats: list, extra: float = 0.0) -> float:
    """VP-equivalent damage ``me`` risks standing on ``sq`` during the enemy's next turns.

    ``extra``: what its death would cost beyond its cost (``death_extra``).
    """
    dmg = 0.0
    x, y = sq
    for (ex, ey), reach, amount, weight in threats:
        if abs(ex - x) <= reach and abs(ey - y) <= reach:
            dmg += amount * weight
    if dmg <= 0:
        return 0.0
    kill = min(1.0, dmg / max(1, me.hp))
    # the battle's worth counts only when death is likely (the cube: a scratch risks nearly nothing)
    return EXPOSURE * (kill * me.card.cost + kill ** 3 * extra + damage_value(me, dmg) * (1 - kill))


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


def is_ranged(me: Creature) -> bool:
    """True when the creature's best attack is ranged (it prefers to shoot from afar)."""
    best = max(me.card.attacks, key=lambda a: a.total_damage * (a.bonus + 10), default=None)
    return best is not None and best.kind is AttackKind.RANGED


def place_value(board: Board, me: Creature, sq: Square, threats: list) -> float:
    """How good ``sq`` is for ``me`` to end its activation on (approach, zone, exposure).

    A square where ending its turn destroys it (TER-PIT: a flier over a pit, the engine's
    ``ends_in_pit``) is worth the loss of it: minus its cost, the VP the enemy scores and, when
    that decides the battle, the battle.
    """
    if board.geo.pits and ends_in_pit(board.state, me, sq):
        return -(me.card.cost + kill_vp(board.state, me) + death_extra(board.state, me))
    d = board.enemy_distance(sq)
    if is_ranged(me):
        reach = max((a.range or 12) for a in me.card.attacks if a.kind is AttackKind.RANGED)
        approach = -APPROACH * max(0, d - reach) - (1.5 if d <= 1 else 0.0)
    else:
        approach = -APPROACH * max(0, d - 1)
    extra = board.last_stand.get(me.uid)
    if extra is None:
        extra = board.last_stand[me.uid] = death_extra(board.state, me)
    value = approach - exposure(me, sq, threats, extra)
    if board.offense:
        value += OFFENSE * board.offense_at(me, sq)
    if board.auras:
        value += aura_value(board, me, sq)
    if board.zone:  # SCN-ASSAULT: any square of a Large or Huge creature in the zone counts
        zone = board.zone
        if any_in(sq, me.size, zone):
            others = any(c.in_zone(zone) for c in board.allies if c.uid != me.uid)
            value += zone_award(board.state) * (ZONE_HOLD if not others else 0.2)
            if not others and board.zone_wins:
                value += ZONE_WIN * BATTLE
        elif not board.zone_held:
            near = board.zone_distance(sq, me.size)
            value -= 0.15 * min(near, 30)
            if (board.zone_race and board.zone_wins and near <= 2 * me.speed
                    and not board.zone_walker(me)):  # SCN-ASSAULT: it walks in next activation and wins
                value += ZONE_NEXT * BATTLE
        elif board.zone_race and me.in_zone(zone) and not any(
                c.in_zone(zone) for c in board.allies if c.uid != me.uid):
            value -= ZONE_LEAVE * zone_award(board.state)  # the only holder walks out: next round's too
    if board.enemy_zone and any_in(sq, me.size, board.enemy_zone):  # SCN-UNCONTESTED: deny the enemy its zone
        others = any(c.in_zone(board.enemy_zone) for c in board.allies if c.uid != me.uid)
        if not others:
            value += zone_award(board.state) * (ZONE_HOLD if board.enemy_zone_held else 0.3)
    return value


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


def aura_value(board: Board, me: Creature, sq: Square) -> float:
    """VP-equivalent for ``me``'s side of the auras that would cover things with ``me`` on ``sq``.

    ``me``'s own auras: each creature they would cover (allies count for us,
    enemies against: a penalty aura on enemies is a gain).  Other creatures'
    auras: the ones that would cover ``me`` there.  Grid distance stands
    for the aura's range (an estimate); same-named auras are not merged.
    0 when no creature has an aura.
    """
    if not board.auras:
        return 0.0
    state = board.state
    value = 0.0
    for source, aura in board.auras:
        if source.uid == me.uid:
            for c in board.at.values():
                if c.uid == me.uid or chebyshev(c.pos, sq) > aura.radius:
                    continue
                friend = not state.hostile(c.player, me.player)
                if aura.affects == "allies" and not friend or aura.affects == "enemies" and friend:
                    continue
                value += aura_worth(aura, c) if friend else -aura_worth(aura, c)
        elif chebyshev(source.pos, sq) <= aura.radius:
            friend = not state.hostile(source.player, me.player)
            if aura.affects == "all" or (aura.affects == "allies") == friend:
                value += aura_worth(aura, me)
    return value


def _reach_limit(state: GameState, attack: AttackDef) -> int:
    """Grid distance within which ``attack`` may reach a target (an estimate for ranking)."""
    if attack.kind is AttackKind.MELEE:
        return 1
    if attack.kind is AttackKind.CLOSE:
        if attack.reach in (Reach.SMALL_CONE, Reach.LARGE_CONE):
            return cone_size(state, attack)
        return attack.range or 1
    if attack.reach is Reach.RANGE:
        return (attack.range or 0) + attack.radius
    return 999


def _pick_targets(state: GameState, me: Creature, attack: AttackDef, index: int,
                  enemies: list[Creature]) -> tuple[float, Action | None]:
    """Best targets of a melee or ranged line (up to ``attack.targets``, ATK-4) and their value."""
    vals = []
    for t in enemies:
        if in_reach(state, me, t, attack) is None:
            v = attack_value(state, me, t, attack)
            if v > 0:
                vals.append((v, t.uid))
    if not vals:
        return 0.0, None
    vals.sort(key=lambda x: -x[0])
    chosen = vals[:max(1, attack.targets)]
    order = {c.uid: k for k, c in enumerate(state.creatures)}
    targets = tuple(sorted((uid for _, uid in chosen), key=order.__getitem__))
    return sum(v for v, _ in chosen), Attack(index, targets)


def _area_aims(state: GameState, me: Creature, attack: AttackDef,
               enemies: list[Creature]) -> list[tuple[Square, int]]:
    """(origin, corner) pairs worth trying: bursts and cones every aim; lines ending on an
    enemy or beyond it; radius areas centred near an enemy (the most enemies first)."""
    if attack.reach is Reach.LINE:
        n = attack.range or 0
        ends: list[Square] = []
        mx, my = me.pos
        for e in enemies:
            dx, dy = e.pos[0] - mx, e.pos[1] - my
            step = max(abs(dx), abs(dy))
            if not 0 < step <= n:
                continue
            far = (mx + round(dx * n / step), my + round(dy * n / step))
            for sq in (e.pos, far):
                if sq not in ends and state.map.in_bounds(sq):
                    ends.append(sq)
        return [(sq, c) for sq in ends for c in (0, 1, 2, 3)]
    if attack.kind is AttackKind.CLOSE:
        return aims(state, me, attack)
    r = attack.radius
    lim = (attack.range or 0) if attack.reach is Reach.RANGE else 999
    found: dict[Square, int] = {}
    for e in enemies:
        ex, ey = e.pos
        for y in range(ey - r, ey + r + 1):
            for x in range(ex - r, ex + r + 1):
                sq = (x, y)
                if chebyshev(sq, me.pos) <= lim and state.map.in_bounds(sq):
                    found[sq] = found.get(sq, 0) + 1
    ranked = sorted(found, key=lambda q: (-found[q], chebyshev(q, me.pos), q[1], q[0]))
    return [(q, 0) for q in ranked[:AREA_ORIGINS]]


def area_value(state: GameState, me: Creature, attack: AttackDef, hit: list[Creature],
               origin: Square | None = None) -> float:
    """VP-equivalent of a close or area attack striking ``hit`` (allies in it count against it, ATK-2).

    ``origin``: an area attack's origin square (its push and pull count from it, MOV-14).
    """
    total = 0.0
    source = origin if attack.kind is AttackKind.AREA else None
    for t in hit:
        v = attack_value(state, me, t, attack, source=source)
        total += v if t.player != me.player else -ALLY_HIT * v
    return total


def best_area(state: GameState, me: Creature, attack: AttackDef, index: int,
              enemies: list[Creature]) -> tuple[float, Action | None]:
    """Best aim of close or area attack ``index`` from where ``me`` stands (RNG-3, RNG-4).

    Tries the engine's templates (``areas.template``) for every close aim
    and for radius areas centred near an enemy; returns (value, AreaAttack)
    or (0, None) when no aim strikes an enemy for a positive value.
    """
    if not any(chebyshev(me.pos, e.pos) <= _reach_limit(state, attack) for e in enemies):
        return 0.0, None
    best, act = 0.0, None
    for origin, corner, hit in distinct_strikes(state, me, attack, _area_aims(state, me, attack, enemies)):
        v = area_value(state, me, attack, hit, origin)
        if v > best:
            best, act = v, AreaAttack(index, origin, tuple(c.uid for c in hit), corner)
    return best, act


def best_attack_from(state: GameState, me: Creature, enemies: list[Creature]) -> tuple[float, Action | None]:
    """Best attack ``me`` can make from where it stands in ``state`` (exact reach).

    Melee and ranged lines pick their best targets (several when the line
    allows, ATK-4); close and area lines their best aim (RNG-3, RNG-4).
    Returns (value in VP-equivalents, Attack or AreaAttack), or (0, None).
    """
    best, act = 0.0, None
    provoke = None
    for i, attack in enumerate(me.card.attacks):
        if not attack_allowed(me, attack):
            continue
        if attack.kind in SINGLE_TARGET and not attack.is_area:
            v, a = _pick_targets(state, me, attack, i, enemies)
        elif attack.is_area:
            v, a = best_area(state, me, attack, i, enemies)
        else:
            continue
        if a is not None and attack.kind in (AttackKind.RANGED, AttackKind.AREA):
            if provoke is None:  # OA-1: a ranged or area attack next to an enemy provokes
                provoke = oa_risk(state, me, tuple(e.uid for e in enemies if e.can_make_opportunity_attacks
                                                   and chebyshev(e.pos, me.pos) == 1))
            v -= provoke
        if a is not None and v > best:
            best, act = v, a
    return best, act


def threat_value(state: GameState, foe: Creature, victims: list[Creature], *, kill_only: bool = False) -> float:
    """The best attack ``foe`` could make on ``victims`` in its next activation, in VP-equivalents.

    A fast estimate (no route search): distances around walls from ``foe``
    (``Geometry.distances_from``) decide what it can reach — melee: an
    adjacent square within its speed (a move, then the attack: ACT-1), or
    within twice its speed for the one attack a charge makes (a move, then
    a charge: ACT-1, CHG-1; ``charge_attack``, the basic melee attack);
    ranged and area: within speed + range.  The attack is then judged with
    ``preview`` from the nearest free square next to the victim (the charge
    attack as a charge when that is two or more squares away) or from where
    it stands.  A close or area attack (RNG-3, RNG-4) also counts the other
    victims within its radius (at least 1) of the victim: a template takes a
    cluster.  Used by ``hard`` to judge how exposed a played-out position
    leaves its creatures.  0 when ``foe`` cannot act or reach anything.
    With ``kill_only``: the best chance (0..1) that one such attack destroys
    a victim, instead of the value.
    """
    if not foe.active or not victims:
        return 0.0
    attacks = [a for a in foe.card.attacks if attack_allowed(foe, a)]
    charger = charge_attack(foe)
    speed = foe.speed
    dist = state.geo.distances_from(foe.pos)
    occupied = {c.pos for c in state.alive()}
    scratch = None
    best = 0.0
    for v in victims:
        d = dist.get(v.pos)
        if d is None:
            continue
        for a in attacks:
            if a.kind is AttackKind.MELEE:
                if d > 2 * speed + 1:
                    continue
                at = foe.pos
                if d > 1:
                    free = [q for q in state.geo.neighbours(v.pos) if q not in occupied and q in dist]
                    if not free:
                        continue
                    at = min(free, key=lambda q: (dist[q], q[1], q[0]))
                    if a is not charger and dist[at] > speed:
                        continue  # CHG-1: beyond one move only the charge attack reaches
            else:
                if chebyshev(foe.pos, v.pos) > speed + _reach_limit(state, a):
                    continue
                at = foe.pos
            if scratch is None:
                scratch = state.copy()
                scratch.active_uid = foe.uid
                sfoe = scratch.creature(foe.uid)
            sfoe.pos = at
            charge = a is charger and dist.get(at, 0) >= 2
            if kill_only:
                best = max(best, preview(scratch, sfoe, scratch.creature(v.uid), a, charge=charge).kill_chance)
                sfoe.pos = foe.pos
                continue
            value = attack_value(scratch, sfoe, scratch.creature(v.uid), a, charge=charge)
            if a.is_area:  # RNG-3, RNG-4: its template also takes the victims clustered round v
                spread = max(1, a.radius)
                vx, vy = v.pos
                for u in victims:
                    if u.uid != v.uid and max(abs(u.pos[0] - vx), abs(u.pos[1] - vy)) <= spread:
                        value += attack_value(scratch, sfoe, scratch.creature(u.uid), a)
            sfoe.pos = foe.pos
            best = max(best, value)
    return best


def plan_creature(state: GameState, me: Creature, board: Board) -> Plan:
    """Score ``me``'s options now and return its best first action.

    ``state`` is either waiting for an activation (``me`` not yet active; its
    options are judged as if it were) or in the middle of ``me``'s
    activation.  The returned action is legal in ``state`` only when ``me``
    is the active creature; otherwise the caller activates it first.
    """
    acting = state.active_uid == me.uid
    move_left = (not acting) or (not state.move_used or not state.attack_used)
    attack_left = (not acting) or not state.attack_used
    threats = board.threats_to(me)
    here = place_value(board, me, me.pos, threats)
    scratch = state.copy()
    if not acting:  # judge it as if activated now
        scratch.active_uid, scratch.move_used, scratch.attack_used = me.uid, False, False
        scratch.oa_used, scratch.phase = frozenset(), Phase.ACTING
    sme = scratch.creature(me.uid)
    enemies = [c for c in scratch.enemy_creatures(me.player)]
    reach = routes(scratch, sme, sme.speed) if move_left and sme.speed > 0 else {}
    move_then = (not acting) or not state.move_used  # a move now still allows an attack after
    # Places to end on without attacking (and after attacking from here).
    best_stay = (here, None)
    pv: dict[Square, float] = {}
    for sq, r in reach.items():
        v = pv[sq] = place_value(board, me, sq, threats) - oa_risk(scratch, me, r.provokers)
        if v > best_stay[0]:
            best_stay = (v, Move(r.path))
    candidates: list[tuple[float, Action]] = [(best_stay[0], best_stay[1] or EndActivation())]
    atk_here, act = 0.0, None
    if attack_left:
        atk_here, act = best_attack_from(scratch, sme, enemies)
        if act is not None:
            after = best_stay[0] if move_left and not (acting and state.move_used) else here
            candidates.append((atk_here + after, act))
        if move_then:
            pairs = sorted(((expected_basic(a, t) / max(1, t.hp) * t.card.cost, t.pos[0], t.pos[1],
                             _reach_limit(scratch, a)) for a in me.card.attacks
                            if attack_allowed(me, a) for t in enemies),
                           key=lambda x: -x[0])
            rough = []
            for sq, r in reach.items():
                x, y = sq
                for v, tx, ty, lim in pairs:
                    if abs(tx - x) <= lim and abs(ty - y) <= lim:
                        rough.append((v + pv[sq], sq, r))
                        break
            rough.sort(key=lambda x: -x[0])
            seen = set()
            for _, sq, r in rough:
                if sq in seen:
                    continue
                seen.add(sq)
                if len(seen) > TOP_EXACT:
                    break
                sme.pos = sq
                v, act2 = best_attack_from(scratch, sme, enemies)
                sme.pos = me.pos
                if act2 is not None:
                    if board.oa_first and r.provokers:  # OA-4: it attacks only if it survives the way there
                        v *= 1 - oa_kill_chance(scratch, me, r.provokers)
                    v += pv[sq]
                    candidates.append((v, Move(r.path)))
        direct: set[str] = set()  # targets charged from where it stands
        if me.card.basic_melee is not None and any(
                chebyshev(me.pos, e.pos) <= sme.speed + 1 for e in enemies):
            for ch in actions_of_kind(scratch, Charge):
                direct.add(ch.target)
                t = scratch.creature(ch.target)
                sme.pos = ch.destination
                v = attack_value(scratch, sme, t, me.card.basic_melee, charge=True)
                sme.pos = me.pos
                provokers = provokers_of_path(scratch, sme, ch.path)
                if board.oa_first and provokers:  # OA-4: it strikes only if it survives the charge
                    v *= 1 - oa_kill_chance(scratch, me, provokers)
                v += place_value(board, me, ch.destination, threats)
                v -= oa_risk(scratch, me, provokers)
                candidates.append((v, ch))
        # only when it has no other attack this turn (the costly case that ended next to a target)
        if (board.move_charge and move_then and reach and me.card.basic_melee is not None
                and not any(isinstance(a, (Attack, AreaAttack, Charge)) or (isinstance(a, Move) and k)
                            for k, (_, a) in enumerate(candidates))):
            candidates.extend(_move_then_charge(scratch, sme, me, board, threats, reach, pv, direct))
    if (board.zone_race and board.zone_wins and not board.zone_held and move_then and attack_left and reach
            and sme.speed > 0):
        candidates.extend(_two_moves_into_zone(scratch, sme, me, board, threats, reach))
    if board.shift and move_then and any(chebyshev(e.pos, me.pos) == 1 and e.can_make_opportunity_attacks
                                         for e in enemies):
        candidates.extend(_shift_then_act(scratch, sme, me, board, threats, enemies, attack_left))
    # SPW-1: a special power spends the move or the attack action; what is left is scored after it.
    for use in actions_of_kind(scratch, UsePower):
        v = power_value(scratch, sme, use)
        if v <= 0:
            continue
        if me.card.special_powers[use.power].action is PowerAction.ATTACK:
            moves_after, attacks_after = not (acting and state.move_used), False
        elif acting and state.move_used:  # it spends the attack action: nothing is left
            moves_after = attacks_after = False
        else:  # it spends the move action: the attack action is left, or stands in for a move (ACT-3)
            moves_after = attacks_after = attack_left
        after = here
        if moves_after:
            after = max(after, best_stay[0])
        if attacks_after and act is not None:
            after = max(after, atk_here + here)
        candidates.append((v + after, use))
    if move_then and attack_left and reach:
        candidates.extend(_move_to_help(scratch, sme, reach, pv))
    # TER-TELEPORT: from a teleporter, jump (no action spent) and act from the other one.
    for sq in teleport_squares(scratch):
        v = place_value(board, me, sq, threats)
        if attack_left:
            sme.pos = sq
            v += best_attack_from(scratch, sme, enemies)[0]
            sme.pos = me.pos
        candidates.append((v, Teleport(sq)))
    score, action = max(candidates, key=lambda c: c[0])
    return Plan(score, me.uid, action, idle=here, notes={"alternatives": _alternatives(candidates)})


def _first_moves(state: GameState, sme: Creature, me: Creature, reach: dict, squares: list[Square],
                 follow_ups: Callable[[object], Iterable[float]]) -> list[tuple[float, Action]]:
    """Each first Move of ``reach`` to one of ``squares``, worth its best second action: [(value, Move)].

    With the move action used (ACT-3: what follows is the second action)
    and ``sme`` (the scratch copy of ``me`` in ``state``, the planner's
    scratch copy) standing on each square in turn, ``follow_ups(route)``
    yields the value of every second action from there; a square with none
    is left out.  Afterwards ``sme`` is back on ``me``'s square and the move
    action as it was.
    """
    out: list[tuple[float, Action]] = []
    used = state.move_used
    state.move_used = True
    try:
        for sq in squares:
            r = reach[sq]
            sme.pos = sq
            best = max(follow_ups(r), default=None)
            if best is not None:
                out.append((best, Move(r.path)))
    finally:
        sme.pos = me.pos
        state.move_used = used
    return out


def _move_then_charge(state: GameState, sme: Creature, me: Creature, board: Board, threats: list,
                      reach: dict, pv: dict[Square, float], direct: set[str] = frozenset()) -> list[tuple[float, Action]]:
    """Moves that end where a charge can follow (ACT-1, ACT-3, CHG-1..CHG-4): [(value, Move)].

    ``state`` is the planner's scratch copy with ``sme`` (its copy of ``me``)
    active and its move action unused; ``reach`` and ``pv`` are the move's
    routes and their end values.  A square is a start when the nearest free
    square next to an enemy in line of sight lies 2 to speed squares from it
    (grid distance, CHG-3); the MOVE_CHARGE best of
    them (per enemy, its basic melee attack's rough worth plus ``pv``; at
    most two per enemy) get their exact charges (``actions_of_kind``), each
    worth its attack (``attack_value``, charging), where it ends
    (``place_value``) and the opportunity attacks of both the move and the
    charge (OA-1, OA-3: each enemy at most once).  Each start is the Move
    to it, valued by its best charge.  Targets in ``direct`` (charged from
    where it stands already) are left out.  ``state`` is left as it was.
    """
    melee = me.card.basic_melee
    enemies = [e for e in state.enemy_creatures(me.player) if e.card.size == 1 and e.uid not in direct]
    if not enemies or not attack_allowed(me, melee):
        return []
    speed = sme.speed
    worth = sorted(((expected_basic(melee, t) / max(1, t.hp) * t.card.cost, k, t) for k, t in enumerate(enemies)),
                   key=lambda x: (-x[0], x[1]))
    picks: list[tuple[float, Square]] = []
    los = state.geo.line_of_sight
    occupied = {c.pos for c in state.alive() if c.uid != me.uid}
    for w, _, t in worth:
        ends = [q for q in state.geo.neighbours(t.pos) if q not in occupied]
        if not ends:
            continue
        # CHG-3: the nearest square next to it must be 2 to speed squares away (grid distance)
        near = sorted((sq for sq in reach
                       if 2 <= min(max(abs(sq[0] - q[0]), abs(sq[1] - q[1])) for q in ends) <= speed),
                      key=lambda q: (-pv[q], q[1], q[0]))
        taken = 0
        for sq in near:
            if any(q == sq for _, q in picks):
                continue
            if los(sq, t.pos):
                picks.append((w + pv[sq], sq))
                taken += 1
                if taken == 2:
                    break
    picks.sort(key=lambda x: (-x[0], x[1][1], x[1][0]))

    def charges(r) -> Iterator[float]:
        here = sme.pos
        for ch in actions_of_kind(state, Charge):
            if ch.target in direct:
                continue
            t = state.creature(ch.target)
            provokers = tuple(dict.fromkeys(r.provokers + provokers_of_path(state, sme, ch.path)))
            sme.pos = ch.destination
            v = attack_value(state, sme, t, melee, charge=True)
            sme.pos = here
            if board.oa_first and provokers:  # OA-4
                v *= 1 - oa_kill_chance(state, me, provokers)
            yield v + place_value(board, me, ch.destination, threats) - oa_risk(state, me, provokers)

    return _first_moves(state, sme, me, reach, [sq for _, sq in picks[:MOVE_CHARGE]], charges)


def _two_moves_into_zone(state: GameState, sme: Creature, me: Creature, board: Board, threats: list,
                         reach: dict) -> list[tuple[float, Action]]:
    """Moves after which a second move (the attack action, ACT-3) ends in our VP zone: [(value, Move)].

    Used when holding the zone this round would win the battle
    (``Board.zone_wins``, SCN-ASSAULT) and no square of it is in one move's
    ``reach``.  The ZONE_TRIES squares of ``reach`` nearest the zone
    (``zone_distance`` at most the speed) get the exact routes of the second
    move; each first Move is worth the best zone square so reached
    (``place_value``) less the opportunity attacks of both moves (OA-1,
    OA-3: each enemy at most once).  ``state`` is the planner's scratch copy
    with ``sme`` (its copy of ``me``) active; it is left as it was.
    """
    speed = sme.speed
    size, zone = me.size, board.zone
    near = sorted((sq for sq in reach if not any_in(sq, size, zone) and board.zone_distance(sq, size) <= speed),
                  key=lambda q: (board.zone_distance(q, size), q[1], q[0]))

    def into_zone(r) -> Iterator[float]:
        for dest, r2 in routes(state, sme, speed).items():
            if any_in(dest, size, zone):  # any square of it in the zone (SCN-ASSAULT)
                provokers = tuple(dict.fromkeys(r.provokers + r2.provokers))
                yield place_value(board, me, dest, threats) - oa_risk(state, me, provokers)

    return _first_moves(state, sme, me, reach, near[:ZONE_TRIES], into_zone)


def _shift_then_act(state: GameState, sme: Creature, me: Creature, board: Board, threats: list,
                    enemies: list[Creature], attack_left: bool) -> list[tuple[float, Action]]:
    """Shifts (MOV-12, ACT-2) worth making before anything else: [(value, Shift)].

    A shift provokes no opportunity attack (OA-2).  ``state`` is the
    planner's scratch copy with ``sme`` (its copy of ``me``) active and its
    move action unused.  Each legal shift square is worth the best of:
    ending there (``place_value``); attacking from there (ACT-1); and, for
    the SHIFT_MOVES squares next to the fewest enemies, moving on with the
    attack action (ACT-3) or charging (CHG-1), each route costing the
    opportunity attacks it still provokes (``oa_risk``).  ``state`` is left
    as it was.
    """
    out: list[tuple[float, Action]] = []
    shifts = actions_of_kind(state, Shift)
    if not shifts:
        return out
    makers = [e for e in enemies if e.can_make_opportunity_attacks]
    ranked = []
    try:
        for sh in shifts:
            sq = sh.square
            sme.pos = sq
            v = place_value(board, me, sq, threats)
            if attack_left:
                atk, act = best_attack_from(state, sme, enemies)
                if act is not None:
                    v += atk
            out.append([v, sh])
            ranked.append((sum(1 for e in makers if chebyshev(e.pos, sq) == 1), -v, sq, len(out) - 1))
        if attack_left and sme.speed > 0:
            used = state.move_used
            state.move_used = True
            try:
                for _, _, sq, k in sorted(ranked)[:SHIFT_MOVES]:
                    sme.pos = sq
                    for dest, r in routes(state, sme, sme.speed).items():
                        v = place_value(board, me, dest, threats) - oa_risk(state, me, r.provokers)
                        if v > out[k][0]:
                            out[k][0] = v
                    if me.card.basic_melee is None:
                        continue
                    for ch in actions_of_kind(state, Charge):  # CHG-1: a charge after the shift
                        t = state.creature(ch.target)
                        provokers = provokers_of_path(state, sme, ch.path)
                        sme.pos = ch.destination
                        v = attack_value(state, sme, t, me.card.basic_melee, charge=True)
                        sme.pos = sq
                        if board.oa_first and provokers:  # OA-4
                            v *= 1 - oa_kill_chance(state, me, provokers)
                        v += place_value(board, me, ch.destination, threats) - oa_risk(state, me, provokers)
                        if v > out[k][0]:
                            out[k][0] = v
            finally:
                state.move_used = used
    finally:
        sme.pos = me.pos
    return [(v, a) for v, a in out]


def _move_to_help(state: GameState, me: Creature, reach: dict, pv: dict[Square, float]) -> list[tuple[float, Action]]:
    """Moves that bring an ally out of range into the range of ``me``'s action power (SPW-1).

    After the move the attack action pays for the power (an attack-action
    power, or a move-action one standing in, ACT-3); each such Move is
    worth where it ends (``pv``) plus the power's value on that ally.  One
    Move per (power, ally): the best-placed square in range.
    """
    if me.conditions & NO_SPECIAL_POWERS:
        return []
    out: list[tuple[float, Action]] = []
    distance = state.geo.distance
    for i, power in enumerate(me.card.special_powers):
        if not power.range or power.action is PowerAction.TRIGGERED or not power_available(me, power):
            continue
        if power.action is PowerAction.ATTACK and me.conditions & NO_ATTACK_POWERS:
            continue
        for ally in state.alive(me.player):
            if ally.uid == me.uid or not helps(ally, power.effect.value, power.amount):
                continue
            if (distance(me.pos, ally.pos) or 99) <= power.range:
                continue  # already in range: used from here (scored above)
            gain = power_value(state, me, UsePower(i, ally.uid))
            if gain <= 0:
                continue
            best = None
            for sq, r in reach.items():
                if (distance(sq, ally.pos) or 99) <= power.range and (best is None or pv[sq] > best[0]):
                    best = (pv[sq], r)
            if best is not None:
                out.append((best[0] + gain, Move(best[1].path)))
    return out


def _alternatives(candidates: list[tuple[float, Action]]) -> tuple[tuple[float, Action], ...]:
    """The best ALTERNATIVES first actions that differ in kind, target or destination, best first.

    Charges differ by target only (CHG-3 leaves a few equally near end
    squares, worth about the same), so the other slots go to other choices.
    """
    out, seen = [], set()
    for v, a in sorted(candidates, key=lambda c: -c[0]):
        end = a.path[-1] if getattr(a, "path", None) else getattr(a, "square", None)
        if isinstance(a, Charge):  # its end squares next to one target differ little: one charge a target
            end = None
        key = (type(a).__name__, getattr(a, "target", None), getattr(a, "targets", None), end)
        if key in seen:
            continue
        seen.add(key)
        out.append((v, a))
        if len(out) == ALTERNATIVES:
            break
    return tuple(out)


__all__ = ["Board", "Plan", "area_value", "aura_value", "aura_worth", "attack_value", "base_hit", "best_area",
           "best_attack_from", "conditions_cost", "displacement_value", "effect_cost", "exposure",
           "forced_gain", "power_value", "kill_vp", "oa_kill_chance", "oa_risk", "place_value", "plan_creature",
           "threat_value", "zone_award", "zone_stake"]
