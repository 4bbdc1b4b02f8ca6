"""Aiming: the best targets or template of each attack line from where a creature stands, and an enemy's threat.

Melee and ranged lines pick their best targets (several when the line
allows: ATK-4); close attacks try every burst, cone and line aim and area
attacks radius templates centred near enemies (RNG-3, RNG-4), through the
engine's own templates (``distinct_strikes``); an ally caught in a template
counts against it (ATK-2).  A ranged or area attack made next to an enemy
costs the opportunity attacks it provokes (OA-1).
"""
from __future__ import annotations

from tactica.engine import (
    Action,
    AreaAttack,
    Attack,
    AttackDef,
    AttackKind,
    Charge,
    Creature,
    GameState,
    Reach,
    Square,
    area_aims,
    as_active,
    attack_allowed,
    charge_attack,
    chebyshev,
    cone_size,
    distinct_strikes,
    immune_to,
    in_reach,
    preview,
    with_creature_at,
)

from .frame import tie_sorter
from .modules import melee_keep
from .values import attack_value, oa_risk
from .weights import ALLY_HIT, AREA_ORIGINS

#: Attack kinds the planner scores with chosen targets (melee and ranged lines).
SINGLE_TARGET = frozenset({AttackKind.MELEE, AttackKind.RANGED})
#: Close and area attack kinds (a template decides the targets: RNG-3, RNG-4).
TEMPLATE_KINDS = frozenset({AttackKind.CLOSE, AttackKind.AREA})


def reach_limit(state: GameState, attack: AttackDef) -> int:
    """Grid distance within which ``attack`` may reach a target (an estimate for ranking)."""
    if attack.kind is AttackKind.MELEE:
        return attack.melee_reach  # 1, or a card's reach (CL-5)
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
        mx, my = me.square
        for e in enemies:
            dx, dy = e.square[0] - mx, e.square[1] - my
            step = max(abs(dx), abs(dy))
            if not 0 < step <= n:
                continue
            far = (mx + round(dx * n / step), my + round(dy * n / step))
            for sq in (e.square, far):
                if sq not in ends and state.battle_map.in_bounds(sq):
                    ends.append(sq)
        return [(sq, c) for sq in ends for c in (0, 1, 2, 3)]
    if attack.kind is AttackKind.CLOSE:
        return area_aims(state, me, attack)
    r = attack.radius
    lim = (attack.range or 0) if attack.reach is Reach.RANGE else 999
    found: dict[Square, int] = {}
    for e in enemies:
        ex, ey = e.square
        for y in range(ey - r, ey + r + 1):
            for x in range(ex - r, ex + r + 1):
                sq = (x, y)
                if chebyshev(sq, me.square) <= lim and state.battle_map.in_bounds(sq):
                    found[sq] = found.get(sq, 0) + 1
    tie = tie_sorter(state, me.player)  # ties in the side's own frame (issue 21)
    ranked = sorted(found, key=lambda q: (-found[q], chebyshev(q, me.square), tie(q)))
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

    Tries the engine's templates (``distinct_strikes``) for every close aim
    and for radius areas centred near an enemy; returns (value, AreaAttack)
    or (0, None) when no aim strikes an enemy for a positive value.
    """
    if not any(chebyshev(me.square, e.square) <= reach_limit(state, attack) for e in enemies):
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
            if provoke is None and immune_to(me.card, "opportunity attacks"):  # CL-15: it provokes none
                provoke = 0.0
            elif provoke is None:  # OA-1: a ranged or area attack next to an enemy provokes
                provoke = oa_risk(state, me, tuple(e.uid for e in enemies if e.can_make_opportunity_attacks
                                                   and chebyshev(e.square, me.square) == 1))
            v -= provoke
        if a is not None and attack.kind is AttackKind.MELEE:  # UG-SLIP: a melee attack from ice checks first
            rolled, lost = melee_keep(state, me, attack)
            v = v * rolled - lost
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
    dist = state.geometry.distances_from(foe.square)
    occupied = {c.pos for c in state.alive()}
    acting = None  # ``state`` with ``foe`` active, made on first use
    best = 0.0
    for v in victims:
        d = dist.get(v.square)
        if d is None:
            continue
        for a in attacks:
            if a.kind is AttackKind.MELEE:
                if d > 2 * speed + a.melee_reach:
                    continue
                at = foe.square
                if d > a.melee_reach:  # CL-5: within its reach it strikes from where it stands
                    free = [q for q in state.geometry.neighbours(v.square) if q not in occupied and q in dist]
                    if not free:
                        continue
                    tie = tie_sorter(state, foe.player)  # the foe's own frame (issue 21)
                    at = min(free, key=lambda q: (dist[q], tie(q)))
                    if a is not charger and dist[at] > speed:
                        continue  # CHG-1: beyond one move only the charge attack reaches
            else:
                if chebyshev(foe.square, v.square) > speed + reach_limit(state, a):
                    continue
                at = foe.square
            if acting is None:
                acting = as_active(state, foe.uid)
            scratch = acting if at == foe.square else with_creature_at(acting, foe.uid, at)
            sfoe = scratch.creature(foe.uid)
            charge = a is charger and dist.get(at, 0) >= 2
            if kill_only:
                best = max(best, preview(scratch, sfoe, scratch.creature(v.uid), a, charge=charge).kill_chance)
                continue
            value = attack_value(scratch, sfoe, scratch.creature(v.uid), a, charge=charge)
            if a.is_area:  # RNG-3, RNG-4: its template also takes the victims clustered round v
                spread = max(1, a.radius)
                vx, vy = v.square
                for u in victims:
                    if u.uid != v.uid and max(abs(u.square[0] - vx), abs(u.square[1] - vy)) <= spread:
                        value += attack_value(scratch, sfoe, scratch.creature(u.uid), a)
            best = max(best, value)
    return best


def charge_value(state: GameState, me: Creature, charge: Charge) -> float:
    """VP-equivalent of ``charge``'s attack (``attack_value`` with the charge bonus, CHG-1), judged from its
    end square: ``me`` placed there in a what-if state (``with_creature_at``), so flanking from there counts.

    The opportunity attacks on the way are not included (``values.oa_risk``).  Raises ValueError when
    ``me`` has no basic melee attack (the one a charge makes).
    """
    melee = me.card.basic_melee
    if melee is None:
        raise ValueError(f"{me.uid} has no basic melee attack to charge with (CHG-1)")
    there = with_creature_at(state, me.uid, charge.destination)
    return attack_value(there, there.creature(me.uid), there.creature(charge.target), melee, charge=True)
