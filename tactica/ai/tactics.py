"""Scoring what a creature could do this activation (used by ``normal`` and ``hard``).

Every score is in victory points (VP) or VP-equivalents, so that damage,
kills, VP zones, opportunity attacks and exposure can be weighed together:

* an attack is worth its chance to destroy the target (its cost in VP, plus
  half again for the threat removed) plus the HP it is expected to remove,
  as a fraction of the target's cost (more per HP on a bloodied target, so
  fire is focused);
* a square is worth being near the creature's objective (the nearest enemy
  for melee creatures, a square in range for ranged ones), holding our VP
  zone, minus the damage enemies could deal there next turn (exposure);
* a route costs the opportunity attacks it provokes.

Chances come from ``combat.preview`` (hit chance, expected damage, kill
chance); nothing here reads the dice.  Distances for "getting closer" are
counted around walls (``Geometry.distances_from``); reach estimates for
exposure use the cheap grid distance.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from tactica.engine import (Action, Attack, Charge, Creature, EndActivation, GameState, Move,
                            Phase, preview)
from tactica.engine.combat import in_reach
from tactica.engine.geometry import chebyshev
from tactica.engine.lazy import actions_of_kind
from tactica.engine.model import AttackDef, AttackKind, HealEffect, Reach, Square, Trigger
from tactica.engine.movement import provokers_of_path, routes

#: Weights of the score terms (VP per unit); tuned with bench/ai_strength.py.
KILL_THREAT = 0.5      # extra value of a kill beyond its VP (the threat removed)
DAMAGE_FULL = 0.35     # value per HP as a fraction of full HP (× cost)
DAMAGE_LEFT = 0.25     # value per HP as a fraction of HP left (× cost): focus fire
APPROACH = 0.8         # VP per square closer to the objective
EXPOSURE = 0.45        # share of the exposure value counted
ZONE_HOLD = 1.0        # × zone VP for standing in our own VP zone
TOP_EXACT = 8          # destinations re-scored exactly with preview
HEAL = 0.35            # value per HP healed as a fraction of full HP (× cost), doubled when bloodied
#: Attack kinds the planner scores (one chosen target each).
SINGLE_TARGET = frozenset({AttackKind.MELEE, AttackKind.RANGED})


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
                 *, charge: bool = False) -> float:
    """Expected VP-equivalent of one attack (kill chance and damage from ``preview``)."""
    p = preview(state, attacker, target, attack, charge=charge)
    dmg = attack.total_damage
    crit = max(0.0, p.expected_damage / dmg - p.hit_chance) if dmg else 0.0
    normal = max(0.0, p.hit_chance - crit)
    value = p.kill_chance * target.card.cost * (1 + KILL_THREAT)
    for chance, amount in ((normal, dmg), (crit, 2 * dmg)):
        if amount < target.hp:
            value += chance * damage_value(target, amount)
    zone = state.vp_zone(target.player)
    if zone and target.pos in zone:
        value += p.kill_chance * state.rules.zone_vp
    for effect in attack.effects:  # healing (an attack's heal effect): worth more when bloodied
        if isinstance(effect, HealEffect):
            chance = {Trigger.HIT: p.hit_chance, Trigger.MISS: 1 - p.hit_chance}.get(effect.on, 1.0)
            value += chance * heal_value(attacker, effect.amount)
    return value


def heal_value(creature: Creature, amount: int) -> float:
    """VP-equivalent of ``creature`` regaining up to ``amount`` HP (never above its card's HP)."""
    regain = max(0, min(amount, creature.card.hp - creature.hp))
    weight = 2 if creature.bloodied else 1
    return creature.card.cost * HEAL * weight * regain / max(1, creature.card.hp)


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
    """

    def __init__(self, state: GameState, player: int):
        self.state = state
        self.player = player
        self.geo = state.geo
        self.enemies = state.enemy_creatures(player)
        self.allies = state.alive(player)
        self.at = {c.pos: c for c in state.alive()}
        self.zone = state.vp_zone(player)
        self.zone_held = any(c.pos in self.zone for c in self.allies) if self.zone else False
        self._near: dict[str, dict[Square, int]] = {}

    def enemy_distance(self, sq: Square) -> int:
        """Distance around walls from ``sq`` to the nearest enemy (large when none)."""
        dist = self._near.get("enemy")
        if dist is None:
            dist = self._near["enemy"] = self._multi_bfs([e.pos for e in self.enemies])
        return dist.get(sq, 99)

    def zone_distance(self, sq: Square) -> int:
        """Distance around walls from ``sq`` to our VP zone (large when none)."""
        dist = self._near.get("zone")
        if dist is None:
            dist = self._near["zone"] = self._multi_bfs(sorted(self.zone))
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

        Reach is a grid distance: speed + 1 for melee, speed + range for ranged
        attacks.  Enemies already activated this round weigh less.
        """
        out = []
        for e in self.enemies:
            if not e.active:
                continue
            best, reach = 0.0, 0
            for a in e.card.attacks:
                dmg = expected_basic(a, me)
                r = e.speed + 1 if a.kind is AttackKind.MELEE else e.speed + (a.range or 20)
                if dmg > best:
                    best, reach = dmg, r
            out.append((e.pos, reach, best, 0.6 if e.activated else 1.0))
        return out


def exposure(me: Creature, sq: Square, threats: list) -> float:
    """VP-equivalent damage ``me`` risks standing on ``sq`` during the enemy's next turns."""
    dmg = 0.0
    x, y = sq
    for (ex, ey), reach, amount, weight in threats:
        if abs(ex - x) <= reach and abs(ey - y) <= reach:
            dmg += amount * weight
    if dmg <= 0:
        return 0.0
    kill = min(1.0, dmg / max(1, me.hp))
    return EXPOSURE * (kill * me.card.cost + damage_value(me, dmg) * (1 - kill))


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
    return kill * me.card.cost * (1 + KILL_THREAT) + damage_value(me, dmg) * (1 - kill)


def is_ranged(me: Creature) -> bool:
    """True when the creature's best attack is ranged (it prefers to shoot from afar)."""
    best = max(me.card.attacks, key=lambda a: a.total_damage * (a.bonus + 10), default=None)
    return best is not None and best.kind is AttackKind.RANGED


def place_value(board: Board, me: Creature, sq: Square, threats: list) -> float:
    """How good ``sq`` is for ``me`` to end its activation on (approach, zone, exposure)."""
    d = board.enemy_distance(sq)
    if is_ranged(me):
        reach = max((a.range or 12) for a in me.card.attacks if a.kind is AttackKind.RANGED)
        approach = -APPROACH * max(0, d - reach) - (1.5 if d <= 1 else 0.0)
    else:
        approach = -APPROACH * max(0, d - 1)
    value = approach - exposure(me, sq, threats)
    if board.zone:
        if sq in board.zone:
            others = any(c.pos in board.zone for c in board.allies if c.uid != me.uid)
            value += board.state.rules.zone_vp * (ZONE_HOLD if not others else 0.2)
        elif not board.zone_held:
            value -= 0.15 * min(board.zone_distance(sq), 30)
    return value


def _reach_limit(attack: AttackDef) -> int:
    """Grid distance within which ``attack`` may reach a target (an estimate for ranking)."""
    if attack.kind is AttackKind.MELEE:
        return 1
    if attack.reach is Reach.RANGE:
        return attack.range or 0
    return 999


def best_attack_from(state: GameState, me: Creature, enemies: list[Creature]) -> tuple[float, Action | None]:
    """Best single attack ``me`` can make from where it stands in ``state`` (exact reach)."""
    best, act = 0.0, None
    for i, attack in enumerate(me.card.attacks):
        if attack.kind not in SINGLE_TARGET:  # close and area attacks are not planned yet
            continue
        for t in enemies:
            if in_reach(state, me, t, attack) is not None:
                continue
            v = attack_value(state, me, t, attack)
            if v > best:
                best, act = v, Attack(i, (t.uid,))
    return best, act


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
    if attack_left:
        atk_here, act = best_attack_from(scratch, sme, enemies)
        if act is not None:
            after = best_stay[0] if move_left and not (acting and state.move_used) else here
            candidates.append((atk_here + after, act))
        if move_then:
            pairs = sorted(((expected_basic(a, t) / max(1, t.hp) * t.card.cost, t.pos[0], t.pos[1],
                             _reach_limit(a)) for a in me.card.attacks if a.kind in SINGLE_TARGET
                            for t in enemies),
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
                    v += pv[sq]
                    candidates.append((v, Move(r.path)))
        if me.card.basic_melee is not None and any(
                chebyshev(me.pos, e.pos) <= sme.speed + 1 for e in enemies):
            for ch in actions_of_kind(scratch, Charge):
                t = scratch.creature(ch.target)
                sme.pos = ch.destination
                v = attack_value(scratch, sme, t, me.card.basic_melee, charge=True)
                v += place_value(board, me, ch.destination, threats)
                sme.pos = me.pos
                v -= oa_risk(scratch, me, provokers_of_path(scratch, sme, ch.path))
                candidates.append((v, ch))
    score, action = max(candidates, key=lambda c: c[0])
    return Plan(score, me.uid, action, idle=here)


__all__ = ["Board", "Plan", "attack_value", "base_hit", "exposure", "oa_risk", "place_value",
           "plan_creature"]
