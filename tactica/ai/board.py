"""The per-decision context of the planner (``Board``, ``PlannerOptions``) and the worth of squares on it.

A square is worth being near the creature's objective (the nearest enemy
for melee creatures, a square in range for ranged ones), holding our VP zone
(or, SCN-UNCONTESTED, the enemy's), the auras it would cover allies and
enemies with or stand in (``aura_value``), minus the damage enemies could
deal there next turn (``exposure``; reach estimates use the cheap grid
distance; distances for "getting closer" to enemies are counted around walls with the
engine's steps, ``Geometry.neighbours``; the way to the VP zone is the movement the engine's
moves spend, ``Geometry.walk_costs_to``).  An enemy alone in the VP zone that would win
its side the battle this round is worth half the battle (SCN-ASSAULT).
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from tactica.engine import (
    AttackDef,
    AttackKind,
    Aura,
    Creature,
    GameState,
    Reach,
    Square,
    anchors_covering,
    any_in,
    attack_allowed,
    charge_attack,
    chebyshev,
    cone_size,
    ends_in_pit,
    footprint_fits,
    footprint_gap,
    footprint_squares,
    hidden_in_dark,
    movement_mode,
    sees_in_dark,
)

from .modules import Modules
from .stakes import death_extra, kill_vp, zone_award, zone_reaches_target
from .values import aura_worth, damage_value, expected_basic
from .weights import (
    APPROACH,
    BATTLE,
    BEHIND_EXPOSURE,
    CONTEST_DARK,
    DARK_ZONE_WALK,
    EXPOSURE,
    OFFENSE,
    WAIT,
    ZONE_HOLD,
    ZONE_LEAVE,
    ZONE_NEXT,
    ZONE_WIN,
)


@dataclass(frozen=True)
class PlannerOptions:
    """Which of the planner's extra terms and searches a level uses (all off: ``normal``; ``hard``: see its module).

    Attributes:
        charge_reach: count an enemy's reach as a move and then a charge
            (2 × speed + 1 squares, ACT-1, CHG-1; with the attack a charge
            makes, ``charge_attack``) when judging exposure; False counts
            one move and an attack (speed + 1).
        offense: add ``OFFENSE`` × ``Board.offense_at`` to every end square's
            value: what an end square lets us attack next turn, as exposure
            counts what can attack us there; without it a creature just
            outside every enemy's reach idles.
        move_charge: also plan a move followed by a charge (ACT-1, ACT-3,
            CHG-1; ``combos.move_then_charge``): without it a creature one
            square out of charge reach walks two moves and ends next to its
            target without attacking.
        shift: also plan a shift (MOV-12, OA-2: it provokes nothing) when an
            enemy stands next to the creature, then an attack or a move from
            the new square (``combos.shift_then_act``): without it a creature
            next to two enemies walks away through both opportunity attacks.
        oa_first: count an attack made after a move or charge that provokes
            opportunity attacks only as far as the mover survives them
            (``oa_kill_chance``, OA-4).
        zone_race: race for our VP zone when holding it would win (SCN-ASSAULT):
            plan two moves into it this activation (ACT-3), value ending
            within one activation's walk of it (``ZONE_NEXT``), and charge
            the only holder ``ZONE_LEAVE`` for walking out of it.
        charge_retreat: a wounded creature's exposure (bloodied, or one hit
            would destroy it) counts an enemy still to act this round as
            reaching a move and then a charge (2 × speed + 1 squares, ACT-1,
            CHG-1; only with its basic melee attack, ``charge_attack``), so
            it retreats beyond that (``charge_reach`` does it for every
            creature and every enemy).
        wait: in a free-for-all (SCN-MULTI: three sides or more), while no
            two creatures of different enemy sides are within a move and
            an attack of each other (``Board.waiting``), count only ``WAIT``
            of the approach term and leave out ``offense``: our creatures
            let the other sides meet and fight first, attacking only what
            comes within reach (the winner is the first to the VP target).
        approach_share: share of the approach term counted (1: as ``normal`` plays; ``hard`` counts
            less in a free-for-all, SCN-MULTI, ``hard.options_for``).
        exposure_share: share of the exposure term counted (1: as ``normal`` plays; ``hard`` counts
            more: HARD_EXPOSURE, and FFA_EXPOSURE in a free-for-all, where a creature lost scores for a
            rival, ``hard.options_for``).
        shared_threats: an enemy makes one attack before the creature acts again (ACT-1), on one of
            our creatures: its threat counts shared among the creatures of ours within its reach
            (``threats_to``), not in full on each of them; without it a creature among allies
            counts every enemy nearby as striking it.
        press_behind: while our side trails on VP (SCN-TIE: a standoff gives the battle to the
            leader), count only ``BEHIND_EXPOSURE`` of the exposure term, so a creature closes in
            rather than standing off or walking away.
    """

    charge_reach: bool = False
    offense: bool = False
    move_charge: bool = False
    shift: bool = False
    oa_first: bool = False
    zone_race: bool = False
    charge_retreat: bool = False
    wait: bool = False
    approach_share: float = 1.0
    exposure_share: float = 1.0
    shared_threats: bool = False
    press_behind: bool = False


#: The plain planner: no extra term or search (``normal``).
NO_EXTRAS = PlannerOptions()


class Board:
    """Per-state facts shared by every creature's scoring (built once per decision).

    Args:
        state: the state to judge.
        player: the side whose creatures are scored (0 .. players-1).
        options: the planner's extra terms and searches (``PlannerOptions``;
            the default has them all off, as ``normal`` plays).
        memo: a dict the caller keeps from one Board to the next (a bot's own, never shared between
            bots) in which the distances that depend only on the map and a VP zone
            (``zone_distance``) are kept, so they are counted once a battle instead of once a
            Board; None keeps them in this Board only.
    """

    def __init__(self, state: GameState, player: int, options: PlannerOptions = NO_EXTRAS,
                 memo: dict | None = None) -> None:
        self.state = state
        self.player = player
        self.options = options
        self.geo = state.geometry
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
        #: The distance from each enemy (``Geometry.distances_from``), found on first use.
        self._from_enemies: list[dict[Square, int]] | None = None
        self._memo = memo if memo is not None else {}
        #: Our creatures within one activation's walk of our VP zone (``zone_walker``), found on first use.
        self._walkers: list[str] | None = None
        #: ``_offense_table`` of each (creature, attack lines it may use).
        self._offense: dict[tuple, list[tuple[float, int, int, int]]] = {}
        #: death_extra of each of our creatures, filled as place_value needs it (``last_stand``).
        self._last_stand: dict[str, float] = {}
        #: ``ranged_reach`` of each creature, filled as place_value needs it.
        self._ranged: dict[str, int | None] = {}
        #: True when holding our VP zone this round would bring our side to the VP target.
        self.zone_wins = bool(self.zone) and zone_reaches_target(state, state.team_of(player))
        #: PlannerOptions.wait: a free-for-all whose other sides have not met yet (``rivals_apart``).
        self.waiting = options.wait and rivals_apart(state, player)
        #: PlannerOptions.press_behind: our side has fewer VP than an enemy side (SCN-TIE).
        self.behind = options.press_behind and trails(state, player)
        #: (creature, aura) of every creature on the map with an aura (usually none).
        self.auras = [(c, a) for c in state.alive() if c.card.abilities
                      for a in c.card.abilities if isinstance(a, Aura)]
        #: What the battle's optional rule modules add to the judgement (``modules.Modules``).
        self.modules = Modules(state)
        #: ``threats_to`` entries that reach each of our creatures in total darkness (UG-DARK).
        self._dark: dict[str, list] = {}
        #: UG-DARK: the enemies standing in total darkness, seen only from next to them by a creature
        #: without darkvision (empty without the underground module).
        self.hidden = ([e for e in self.enemies if hidden_in_dark(state, e)] if self.modules.dark else [])
        #: UG-DARK, SCN-ASSAULT: those of them holding the VP zone that scores for their side (no
        #: shot or charge reaches them, and each round they stay scores the enemy its award).
        self.dark_holders = [e for e in self.hidden if e.in_zone(state.vp_zone(e.player))]
        #: The distance from each enemy not hidden in the dark (``seen_distance``), found on first use.
        self._from_seen: list[dict[Square, int]] | None = None
        #: ``contest_distance``'s walks, found on first use.
        self._contest: dict[Square, int] | None = None
        #: ``dark_zone_walker`` ("" for none), found on first use.
        self._dark_walker: str | None = None

    def last_stand(self, me: Creature) -> float:
        """What ``me``'s death would cost beyond its cost: BATTLE when it would decide the battle
        (``stakes.death_extra``), else 0; found once per creature and decision."""
        extra = self._last_stand.get(me.uid)
        if extra is None:
            extra = self._last_stand[me.uid] = death_extra(self.state, me)
        return extra

    def ranged_reach(self, me: Creature) -> int | None:
        """The range (squares) ``me`` prefers to shoot from when its best attack is ranged
        (``is_ranged``: its longest ranged attack's range, 12 when the card gives none), else None;
        found once per creature and Board."""
        memo = self._ranged
        if me.uid in memo:
            return memo[me.uid]
        reach = None
        if is_ranged(me):
            reach = max((a.range or 12) for a in me.card.attacks if a.kind is AttackKind.RANGED)
        memo[me.uid] = reach
        return reach

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
            hidden = {e.uid for e in self.hidden} if self.hidden and not sees_in_dark(me) else set()
            for i, reach in lines:
                a = me.card.attacks[i]
                for e in self.enemies:
                    dmg = expected_basic(a, e)
                    kill = min(1.0, dmg / max(1, e.hp))
                    ex, ey = e.square
                    far = reach
                    if e.uid in hidden:  # UG-DARK: seen from next to it only (a move, then the attack)
                        far = min(reach, me.speed + 1)
                    table.append((kill * e.card.cost + damage_value(e, dmg) * (1 - kill), ex, ey, far))
            table.sort(key=lambda row: -row[0])
            self._offense[key] = table
        return table

    def dark_zone_walker(self) -> str | None:
        """UG-DARK: the uid of the creature of ours that walks to our VP zone while no creature of ours
        holds it and every square of it lies in total darkness (there it is out of sight of every
        shot and charge of an enemy without darkvision: a safe hold, ``DARK_ZONE_WALK``): the one with
        the shortest walk to it (``zone_distance``; ties by uid).  None otherwise, and without the
        underground module."""
        if self._dark_walker is None:
            found = ""
            dark = self.modules.dark
            if dark and self.zone and not self.zone_held and self.zone <= dark:
                walks = [(self.zone_distance(c.square, c.size, flat_mover(c)), c.uid) for c in self.allies
                         if c.card.speed > 0]
                walks = [w for w in walks if w[0] < 99]
                if walks:
                    found = min(walks)[1]
            self._dark_walker = found
        return self._dark_walker or None

    def zone_walker(self, me: Creature) -> bool:
        """True when an ally of ``me`` (not ``me``) stands within one activation's walk of our VP zone.

        Two moves of its speed (ACT-3), counted as ``zone_distance`` (movement, as the engine counts it).
        """
        walkers = self._walkers
        if walkers is None:
            walkers = self._walkers = [c.uid for c in self.allies
                                       if self.zone_distance(c.square, c.size, flat_mover(c)) <= 2 * c.speed]
        return any(uid != me.uid for uid in walkers)

    def enemy_distance(self, sq: Square) -> int:
        """Distance around walls from ``sq`` to the nearest enemy (99 when none or walled off).

        The engine's own count (``Geometry.distances_from`` of each enemy's square, the
        movement corner rule, MOV-7; kept by the geometry for the battle), the least of them;
        each square's answer kept for this Board.
        """
        near = self._near.get("enemy")
        if near is None:
            near = self._near["enemy"] = {}
        found = near.get(sq)
        if found is None:
            floods = self._from_enemies
            if floods is None:
                distances_from = self.geo.distances_from
                floods = self._from_enemies = [distances_from(e.square) for e in self.enemies]
            found = 99
            for dist in floods:
                d = dist.get(sq, 99)
                if d < found:
                    found = d
            near[sq] = found
        return found

    def seen_distance(self, sq: Square) -> int:
        """Distance around walls from ``sq`` to the nearest enemy not hidden in total darkness (UG-DARK;
        ``enemy_distance`` counts them all); 99 when every enemy is hidden or walled off."""
        floods = self._from_seen
        if floods is None:
            hidden = {e.uid for e in self.hidden}
            distances_from = self.geo.distances_from
            floods = self._from_seen = [distances_from(e.square) for e in self.enemies if e.uid not in hidden]
        return min((dist.get(sq, 99) for dist in floods), default=99)

    def contest_distance(self, sq: Square) -> int:
        """Movement a one-square walker spends from ``sq`` to a free square next to an enemy holding its
        VP zone in total darkness (``dark_holders``; UG-DARK: no shot or charge reaches it, it is fought
        from next to it or not at all): 0 on such a square, 99 when none is reachable.

        The steps the geometry allows (MOV-7), each paying the entry cost of the square it enters
        (MOV-8); enemies' squares and squares below the floor (UG-FALL: no walking down into them)
        are never crossed, allies' are, and a square another creature stands on is not free.  Found
        once per Board.
        """
        found = self._contest
        if found is None:
            found = self._contest = {}
            geo, at = self.geo, self.at
            rules_at = self.state.battle_map.rules_at
            blocked = {sq2 for e in self.enemies for sq2 in footprint_squares(e.square, e.size)}
            free = {n for e in self.dark_holders for s in footprint_squares(e.square, e.size)
                    for n in geo.neighbours(s) if n not in at and n not in blocked and not rules_at(n).depth}
            heap = [(0, t[1], t[0]) for t in sorted(free)]
            for t in free:
                found[t] = 0
            while heap:
                d, y, x = heapq.heappop(heap)
                cur = (x, y)
                if found[cur] < d:
                    continue
                nd = d + geo.cost(cur)  # the step from a neighbour into ``cur``
                for n in geo.neighbours(cur):
                    if n in blocked or n in found and found[n] <= nd or rules_at(n).depth:
                        continue
                    found[n] = nd
                    heapq.heappush(heap, (nd, n[1], n[0]))
        return found.get(sq, 99)

    def foe_distance(self, sq: Square) -> int:
        """``enemy_distance`` with an enemy holding its VP zone in total darkness (``dark_holders``,
        UG-DARK) counted as one square beyond the walk to a free square next to it
        (``contest_distance``): another way in when its door is taken.  ``enemy_distance`` when
        there is no such enemy."""
        if not self.dark_holders:
            return self.enemy_distance(sq)
        holders = {e.uid for e in self.dark_holders}
        if self._from_enemies is None:
            self.enemy_distance(sq)
        floods = self._from_enemies or []
        d = min((dist.get(sq, 99) for e, dist in zip(self.enemies, floods) if e.uid not in holders), default=99)
        return min(d, self.contest_distance(sq) + 1)

    def zone_distance(self, sq: Square, size: int = 1, flat: bool = False) -> int:
        """Movement a creature of ``size`` anchored on ``sq`` spends on its cheapest walk until some
        square of it is in our VP zone (SCN-ASSAULT: any square counts; 0 when one is; large when
        no zone or no walk gets there), creatures aside: the engine's own count
        (``Geometry.walk_costs_to``: no diagonal step past a wall corner, MOV-7; difficult terrain
        costs 2, MOV-8; no pits for a walker, TER-PIT).  ``flat``: a flier, burrower or phaser
        (``flat_mover``: every step costs 1, pits crossed, MOV-9..11).

        A Large or Huge creature counts from the anchors whose footprint touches the zone
        (``anchors_covering``, on the map and fitting, ``footprint_fits``), each step paying the
        anchor square's entry cost (an estimate).
        """
        key = f"zone{size}{'f' if flat else ''}"
        dist = self._near.get(key)
        if dist is None:
            # the count depends only on the map's walls, the zone and the size: kept in the memo
            kept = self._memo.get(("zone", size, flat, self.zone))
            if kept is not None and kept[0] is self.geo:
                dist = self._near[key] = kept[1]
                return dist.get(sq, 99)
            if size <= 1:
                sources = self.zone
            else:
                in_map, geo = self.state.battle_map.in_bounds, self.geo
                sources = frozenset(a for z in self.zone for a in anchors_covering(z, size)
                                    if in_map(a) and footprint_fits(geo, a, size))
            dist = self._near[key] = self.geo.walk_costs_to(sources, flat)
            self._memo[("zone", size, flat, self.zone)] = (self.geo, dist)
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

        With the underground module on, the entries that still reach ``me`` standing in total
        darkness are kept aside for ``dark_threats``: not those that need to see it from beyond an
        adjacent square (a ranged, close or area attack, or a charge) of an enemy without
        darkvision (UG-DARK).
        """
        out = []
        cave = self.modules.cave
        seen: list[tuple[Square, int, float, float]] = []
        sharing = self._sharing(me) if self.options.shared_threats else None
        for e in self.enemies:
            if not e.active:
                continue
            weight = 0.6 if e.activated else 1.0
            best, reach, kind = 0.0, 0, AttackKind.MELEE
            for a in e.card.attacks:
                if not attack_allowed(e, a):  # CARD-4: a spent line threatens nothing
                    continue
                dmg = expected_basic(a, me)
                if dmg > best:
                    best, reach, kind = dmg, next_turn_reach(self.state, e, a), a.kind
            blinded = cave and not sees_in_dark(e)  # UG-DARK: it sees into darkness only next to it
            # ATK-2: a close or area attack strikes every creature in its template: never shared
            spread = kind is AttackKind.CLOSE or kind is AttackKind.AREA
            charge = charge_attack(e)  # CHG-1: the one attack a charge makes
            if charge is not None and (self.options.charge_reach or self.options.charge_retreat and not e.activated
                                       and (me.bloodied or charge.total_damage >= me.hp)):
                far = next_turn_reach(self.state, e, charge, 2)
                hit = expected_basic(charge, me)
                if far > reach and hit > 0:
                    if best > hit:
                        out.append(_entry(e.square, reach, best - hit, weight, None if spread else sharing))
                        if not (blinded and kind is not AttackKind.MELEE):
                            seen.append(out[-1])
                    out.append(_entry(e.square, far, hit, weight, sharing))
                    if not blinded:
                        seen.append(out[-1])
                    continue
            out.append(_entry(e.square, reach, best, weight, None if spread else sharing))
            if not (blinded and kind is not AttackKind.MELEE):
                seen.append(out[-1])
        if cave:
            self._dark[me.uid] = seen
        return out

    def _sharing(self, me: Creature) -> list[Square]:
        """The squares of the other creatures of ours on the map: those that could take an enemy's
        one blow instead of ``me`` (PlannerOptions.shared_threats, ACT-1; ``_entry``)."""
        return [c.square for c in self.allies if c.uid != me.uid and c.pos is not None]

    def dark_threats(self, me: Creature, threats: list) -> list:
        """The entries of ``threats`` (``threats_to(me)``) that still reach ``me`` standing in total
        darkness (UG-DARK: the melee attacks of a move, and every threat of an enemy with
        darkvision); ``threats`` itself when none were kept aside."""
        return self._dark.get(me.uid, threats)


def _entry(square: Square, reach: int, amount: float, weight: float,
           others: list[Square] | None) -> tuple[Square, int, float, float]:
    """One entry of ``Board.threats_to``: (enemy square, reach, expected damage, weight).  With
    ``others`` (our other creatures' squares; PlannerOptions.shared_threats, ACT-1: an enemy makes
    one attack) the damage is divided by the number of our creatures that could take the blow: the
    threatened creature and those of ``others`` within the reach (grid distance from their squares
    now).  None: the whole damage (no sharing, or a close or area attack, ATK-2)."""
    if others:
        ex, ey = square
        amount /= 1 + sum(1 for x, y in others if abs(x - ex) <= reach and abs(y - ey) <= reach)
    return (square, reach, amount, weight)


def rivals_apart(state: GameState, player: int) -> bool:
    """True in a free-for-all (SCN-MULTI: three sides or more) while no two creatures of different
    sides hostile to ``player``'s stand within reach of each other: grid distance at most the sum of
    their speeds and 2 (each a move and a melee attack, ACT-1).  False with two sides."""
    sides: dict[int, list[Creature]] = {}
    for c in state.enemy_creatures(player):
        if c.pos is not None:
            sides.setdefault(c.team, []).append(c)
    if len(sides) < 2:
        return False
    groups = list(sides.values())
    for i, group in enumerate(groups):
        for other in groups[i + 1:]:
            for a in group:
                for b in other:
                    if chebyshev(a.square, b.square) <= a.speed + b.speed + 2:
                        return False
    return True


def trails(state: GameState, player: int) -> bool:
    """True when ``player``'s side has fewer VP than some side hostile to it (``team_vp``; SCN-TIE:
    after ten rounds without combat the side with more VP wins)."""
    mine = state.team_of(player)
    return any(state.team_vp(state.team_of(p)) > state.team_vp(mine) for p in state.enemies(player))


def flat_mover(c: Creature) -> bool:
    """True when every step of ``c``'s moves costs 1 whatever the terrain and pits do not stop it
    (Flight, Burrow or Phasing, MOV-9..11: the engine's ``movement_mode``)."""
    return movement_mode(c).flat


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
        return melee_moves * c.speed + attack.melee_reach  # CL-5: a card's reach
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
    d = board.foe_distance(sq)
    reach = board.ranged_reach(me)
    if reach is not None:
        gap = max(0, d - reach)
        if board.hidden and not sees_in_dark(me):  # UG-DARK: it shoots a hidden enemy only from next to it
            gap = min(max(0, board.seen_distance(sq) - reach), max(0, d - 1))
        approach = -APPROACH * gap - (1.5 if d <= 1 else 0.0)
    else:
        approach = -APPROACH * max(0, d - 1)
    if board.waiting:  # SCN-MULTI: the other sides have not met yet (PlannerOptions.wait)
        approach *= WAIT
    approach *= board.options.approach_share
    extra = board.last_stand(me)
    if board.modules.dark and all(s in board.modules.dark for s in footprint_squares(sq, me.size)):
        threats = board.dark_threats(me, threats)  # UG-DARK: unseen there by those who shoot or charge
    share = board.options.exposure_share
    if board.behind:  # SCN-TIE: a standoff gives the battle to the leader (PlannerOptions.press_behind)
        share *= BEHIND_EXPOSURE
    value = approach - share * exposure(me, sq, threats, extra)
    if board.options.offense and not board.waiting:
        value += OFFENSE * board.offense_at(me, sq)
    if board.auras:
        value += aura_value(board, me, sq)
    if board.dark_holders and me.card.attacks:  # UG-DARK, SCN-ASSAULT: contest a zone held in the dark
        if any(footprint_gap(sq, me.size, e.square, e.size) <= 1 for e in board.dark_holders):
            value += CONTEST_DARK * zone_award(board.state)
    if board.zone:  # SCN-ASSAULT: any square of a Large or Huge creature in the zone counts
        zone = board.zone
        if any_in(sq, me.size, zone):
            others = any(c.in_zone(zone) for c in board.allies if c.uid != me.uid)
            value += zone_award(board.state) * (ZONE_HOLD if not others else 0.2)
            if not others and board.zone_wins:
                value += ZONE_WIN * BATTLE
        elif not board.zone_held:
            near = board.zone_distance(sq, me.size, flat_mover(me))
            value -= (DARK_ZONE_WALK if board.dark_zone_walker() == me.uid else 0.15) * min(near, 30)
            if (board.options.zone_race and board.zone_wins and near <= 2 * me.speed
                    and not board.zone_walker(me)):  # SCN-ASSAULT: it walks in next activation and wins
                value += ZONE_NEXT * BATTLE
        elif board.options.zone_race and me.in_zone(zone) and not any(
                c.in_zone(zone) for c in board.allies if c.uid != me.uid):
            value -= ZONE_LEAVE * zone_award(board.state)  # the only holder walks out: next round's too
    if board.enemy_zone and any_in(sq, me.size, board.enemy_zone):  # SCN-UNCONTESTED: deny the enemy its zone
        others = any(c.in_zone(board.enemy_zone) for c in board.allies if c.uid != me.uid)
        if not others:
            value += zone_award(board.state) * (ZONE_HOLD if board.enemy_zone_held else 0.3)
    return value


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
                if c.uid == me.uid or chebyshev(c.square, sq) > aura.radius:
                    continue
                friend = not state.hostile(c.player, me.player)
                if aura.affects == "allies" and not friend or aura.affects == "enemies" and friend:
                    continue
                value += aura_worth(aura, c) if friend else -aura_worth(aura, c)
        elif chebyshev(source.square, sq) <= aura.radius:
            friend = not state.hostile(source.player, me.player)
            if aura.affects == "all" or (aura.affects == "allies") == friend:
                value += aura_worth(aura, me)
    return value
