"""Where an enemy could attack in its next activation, and how much it must move first (read-only).

The threat view's questions (issue 20 item 4), answered by the engine so clients draw the engine's
own answer:

* ``threat_reach``: every square a creature could attack in its next activation, split by how far it
  must go first: **now** (without moving, or after a shift: MOV-12), **after a move** (a move up to its
  speed, MOV-1, then an attack; or a charge alone, CHG-1) or **after a move and a charge** (the move
  action, then a charge with the attack action: CHG-1, ACT-3);
* ``threat_way``: for one creature and one square, the cheapest of those ways: its level, the attack it
  makes and the squares it moves first (for a shift, the square it shifts to);
* ``creature_threat`` and ``threat_squares``: the union of the levels, for one creature and for every
  enemy of a player;
* ``attacks_from``: the other way round, what the active creature could attack from a square it may
  move to, with the chance to hit each enemy from there (cover counted).

Every answer takes a state and leaves it unchanged.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum

from .areas import cone_size
from .attacking import attack_allowed, charge_attack
from .auras import speed as aura_speed
from .combat import preview, valid_targets
from .footprint import footprint
from .model import AttackDef, AttackKind, Reach, Square
from .movement import MoveReach, reach, shift_squares
from .state import Creature, GameState


class ThreatLevel(IntEnum):
    """How far a creature must go before it can attack a square in its next activation; a lower
    level is the nearer danger.

    NOW: from where it stands, or after a shift (MOV-12, ACT-2): one square that provokes nothing.
    MOVE: after a move up to its speed (MOV-1, ACT-1), or with a charge alone (CHG-1), which goes no
    farther than a move.
    CHARGE: only after a move and then a charge with its attack action (CHG-1, ACT-3; docs/rules.md
    "Charge").
    """

    NOW = 1
    MOVE = 2
    CHARGE = 3


@dataclass(frozen=True)
class ThreatReach:
    """The squares creature ``uid`` could attack in its next activation, by level (``ThreatLevel``).

    Attributes:
        uid: the creature.
        now: squares it could attack without moving or after a shift (MOV-12).
        move: squares it could attack after a move (MOV-1) or a charge (CHG-1), and not now.
        charge: squares it could attack only after a move and then a charge (CHG-1, ACT-3).
    The three sets are disjoint; walls and the creature's own squares are in none.
    """

    uid: str
    now: frozenset[Square] = frozenset()
    move: frozenset[Square] = frozenset()
    charge: frozenset[Square] = frozenset()

    @property
    def squares(self) -> frozenset[Square]:
        """Every square it could attack next activation, whatever the level (``creature_threat``)."""
        return self.now | self.move | self.charge

    def level(self, square: Square) -> ThreatLevel | None:
        """The nearest level at which it could attack ``square`` (an (x, y) pair), None when it could not."""
        if square in self.now:
            return ThreatLevel.NOW
        if square in self.move:
            return ThreatLevel.MOVE
        if square in self.charge:
            return ThreatLevel.CHARGE
        return None


@dataclass(frozen=True)
class ThreatWay:
    """The cheapest way creature ``uid`` could attack a square in its next activation (``threat_way``).

    Attributes:
        uid: the creature.
        level: how far it must go first (``ThreatLevel``).
        attack: the name of the attack it makes (a charge's is its basic melee attack, CHG-1).
        squares: squares it moves before attacking: 0 from where it stands, 1 for a shift (MOV-12), the
            squares of its move (MOV-1), or of its move and its charge together (CHG-1), each counted
            along a cheapest path (a square of difficult terrain counts once, MOV-8).
        shift: True when it shifts (MOV-12) rather than moves one square.
        to: where it shifts to (MOV-12: the square its anchor, its top-left square, takes; the first in
            (row, column) order when several do), else None.
    """

    uid: str
    level: ThreatLevel
    attack: str
    squares: int
    shift: bool = False
    to: Square | None = None


def _ranged_cover(state: GameState, sources: list[tuple[Square, ...]], limit: int | None,
                  found: set[Square]) -> set[Square]:
    """Squares a ranged attack could pick from any body in ``sources`` (each the squares a creature
    would fill): in line of sight (LOS-1) and, for ``limit`` not None, at most ``limit`` squares away
    counted around walls (RNG-2, RNG-5).  ``found`` (squares already known to be covered) is
    skipped, not returned."""
    geo, bmap = state.geometry, state.battle_map
    out: set[Square] = set()
    every = [(x, y) for y in range(bmap.height) for x in range(bmap.width) if not geo.is_wall((x, y))]
    for body in sources:
        for origin in body:
            if limit is None:
                todo = [sq for sq in every if sq not in found and sq not in out]
                out.update(sq for sq in todo if geo.line_of_sight(origin, sq))
                continue
            dist = geo.range_distances(origin)
            out.update(sq for sq, d in dist.items()
                       if d <= limit and sq not in found and sq not in out and geo.line_of_sight(origin, sq))
    return out


def _spread(state: GameState, origins: set[Square], radius: int) -> set[Square]:
    """Squares within ``radius`` squares (RNG-5) of any of ``origins`` that the origin has line of
    effect to (LOS-1): what a template of that radius laid on one of them may cover (RNG-3, RNG-4)."""
    geo = state.geometry
    out = set(origins)
    for origin in origins:
        out.update(sq for sq, d in geo.range_distances(origin).items()
                   if d <= radius and sq not in out and geo.line_of_effect(origin, sq))
    return out


def _attacks(me: Creature) -> list[AttackDef]:
    """The attacks ``me`` may make in its next activation (CARD-4: not a secondary one, not one whose
    check boxes are all ticked, not one its conditions forbid)."""
    return [a for a in me.card.attacks if not a.secondary and attack_allowed(me, a)]


def _close_size(state: GameState, attack: AttackDef) -> int:
    """How far a close attack reaches: a cone's size (the Ruleset's ``small_cone``, ``large_cone``), else
    its burst's or line's number (RNG-3)."""
    if attack.reach in (Reach.SMALL_CONE, Reach.LARGE_CONE):
        return cone_size(state, attack)
    return attack.range or 0


def _cover(state: GameState, bodies: list[tuple[Square, ...]], attacks: list[AttackDef],
           skip: set[Square]) -> set[Square]:
    """Squares any of ``attacks`` could reach from any of ``bodies`` (each the squares the attacker would
    fill), the squares in ``skip`` left out where that saves work (they may still be returned):

    * melee: every square within its reach of the body (RNG-1; a card's reach, CL-5);
    * close ``burst X``, ``line X``, cones: within X squares with line of effect (RNG-3);
    * ranged ``range X``: in line of sight within X squares counted around walls (RNG-2, RNG-5);
      ``sight`` and ``nearest``: every square in line of sight (LOS-1);
    * area ``radius R``: within R of a square the origin may be (RNG-4)."""
    geo = state.geometry
    covered: set[Square] = set()
    for attack in attacks:
        if attack.kind is AttackKind.MELEE:
            r = attack.melee_reach  # 1, or a card's reach (CL-5; walls and sight not counted here)
            span = range(-r, r + 1)
            covered.update((x + dx, y + dy) for body in bodies for x, y in body for dx in span for dy in span)
            continue
        if attack.kind is AttackKind.CLOSE:
            size_x = _close_size(state, attack)
            for body in bodies:
                for origin in body:
                    covered.update(sq for sq, d in geo.range_distances(origin).items()
                                   if 0 < d <= size_x and sq not in covered and sq not in skip
                                   and geo.line_of_effect(origin, sq))
            continue
        limit = attack.range if attack.reach is Reach.RANGE else None
        picked = _ranged_cover(state, bodies, limit, set() if attack.radius else covered | skip)
        if attack.radius:
            picked = _spread(state, picked, attack.radius)
        covered |= picked
    return covered


def _covers(state: GameState, body: tuple[Square, ...], attack: AttackDef, square: Square) -> bool:
    """True when ``attack`` made from ``body`` (the squares the attacker fills) could reach ``square``:
    the one-square form of ``_cover`` (RNG-1..5, LOS-1), answering exactly as it does."""
    geo = state.geometry
    if attack.kind is AttackKind.MELEE:
        r = attack.melee_reach
        return any(abs(x - square[0]) <= r and abs(y - square[1]) <= r for x, y in body)
    if attack.kind is AttackKind.CLOSE:
        size_x = _close_size(state, attack)
        for origin in body:
            d = geo.range_distances(origin).get(square)
            if d is not None and 0 < d <= size_x and geo.line_of_effect(origin, square):
                return True
        return False
    limit = attack.range if attack.reach is Reach.RANGE else None
    if not attack.radius:
        return any(_picks(state, origin, square, limit) for origin in body)
    x0, y0 = square
    r = attack.radius
    for cx in range(x0 - r, x0 + r + 1):  # the template's centre: within r of the square (RNG-5)
        for cy in range(y0 - r, y0 + r + 1):
            centre = (cx, cy)
            if not state.battle_map.in_bounds(centre) or geo.is_wall(centre):
                continue
            d = geo.range_distances(centre).get(square)
            if d is None or d > r or not geo.line_of_effect(centre, square):
                continue
            if any(_picks(state, origin, centre, limit) for origin in body):
                return True
    return False


def _picks(state: GameState, origin: Square, square: Square, limit: int | None) -> bool:
    """True when a ranged attack from ``origin`` could pick ``square``: not a wall, in line of sight
    (LOS-1) and, for ``limit`` not None, at most ``limit`` squares away around walls (RNG-2, RNG-5)."""
    geo = state.geometry
    if not state.battle_map.in_bounds(square) or geo.is_wall(square):
        return False
    if limit is not None:
        d = geo.range_distances(origin).get(square)
        if d is None or d > limit:
            return False
    return geo.line_of_sight(origin, square)


@dataclass
class _Ways:
    """Where a creature may attack from in its next activation, by level: ``now`` (its square, 0; its
    shift squares, 1: MOV-12), ``move`` (one move's ends: MOV-1) and ``charge`` (a move and a charge's
    ends: CHG-1), each {anchor: movement spent to it, or 0 when not counted}; ``move_floods`` and
    ``charge_floods`` the floods that found them (for the paths)."""

    now: dict[Square, int]
    move: dict[Square, int]
    charge: dict[Square, int]
    move_floods: list[MoveReach]
    charge_floods: list[MoveReach]


def _floods(state: GameState, me: Creature, budget: int) -> list[MoveReach]:
    """The move floods of ``me`` with ``budget`` squares of movement, with and without the one-square
    minimum (MOV-4), whose destinations together are every square one move ends on."""
    return [reach(state, me, budget, min_first_step=first) for first in (True, False)]


def _ends(floods: Iterable[MoveReach], costs: bool) -> dict[Square, int]:
    """{square: the least movement any of ``floods`` spends to it} over their destinations; with
    ``costs`` False, 0 for each (nothing is counted)."""
    out: dict[Square, int] = {}
    for flood in floods:
        for sq in flood.destinations:
            n = flood.cost(sq) if costs else 0
            if sq not in out or n < out[sq]:
                out[sq] = n
    return out


def _length(floods: Iterable[MoveReach], square: Square) -> int:
    """Squares entered on the shortest of ``floods``' cheapest paths to ``square`` (one of their
    destinations)."""
    return min(len(f.path(square)) for f in floods if f.has(square))


def _ways(state: GameState, me: Creature, costs: bool) -> _Ways:
    """Where ``me`` may attack from next activation (``_Ways``); ``costs``: count the movement spent."""
    now: dict[Square, int] = {me.square: 0}
    budget = aura_speed(state, me)  # its speed now: conditions and auras counted (CON-5, CON-8)
    if budget <= 0:
        return _Ways(now, {}, {}, [], [])
    for sq in shift_squares(state, me):  # MOV-12
        now.setdefault(sq, 1)
    move_floods = _floods(state, me, budget)
    move = {sq: n for sq, n in _ends(move_floods, costs).items() if sq not in now}
    charge: dict[Square, int] = {}
    charge_floods: list[MoveReach] = []
    if budget >= 2 and charge_attack(me) is not None:  # CHG-1: a move, then a charge of 2 to speed squares
        charge_floods = _floods(state, me, 2 * budget)
        charge = {sq: n for sq, n in _ends(charge_floods, costs).items() if sq not in now and sq not in move}
    return _Ways(now, move, charge, move_floods, charge_floods)


def _fewest(anchors: dict[Square, int], floods: list[MoveReach],
            covers: Callable[[Square], bool]) -> tuple[int, Square] | None:
    """The fewest squares entered on the way to one of ``anchors`` ({anchor: movement spent}) from which
    ``covers`` is True (``_length``; a shift's square counts 1, ``floods`` empty), and that anchor (the
    first in (movement spent, row, column) order among the fewest); None when none.  The anchors are
    tried cheapest first, and the search stops once no cheaper one can beat the best (a path never
    enters more squares than the movement it spends)."""
    best: tuple[int, Square] | None = None
    for anchor, spent in sorted(anchors.items(), key=lambda kv: (kv[1], kv[0][1], kv[0][0])):
        if best is not None and spent >= best[0]:
            break
        if covers(anchor):
            n = _length(floods, anchor) if floods else spent
            if best is None or n < best[0]:
                best = (n, anchor)
    return best


def _bodies(anchors: Iterable[Square], size: int) -> list[tuple[Square, ...]]:
    """The squares a creature of ``size`` fills on each of ``anchors``, in (row, column) order."""
    return [footprint(a, size) for a in sorted(anchors, key=lambda sq: (sq[1], sq[0]))]


def threat_reach(state: GameState, uid: str) -> ThreatReach:
    """Every square where creature ``uid`` could attack a creature in its next activation, as it stands
    now, by how far it must go first (``ThreatReach``, ``ThreatLevel``):

    * now: from where it stands, or after a shift (MOV-12, ACT-2), with any attack it may still make
      (CARD-4);
    * move: from any square one move takes it to (MOV-1..13), with any attack; a charge alone (CHG-1,
      CHG-3) reaches no farther;
    * charge: after a move and then a charge (CHG-1, ACT-3): when it may charge (``charge_attack``)
      and its speed is 2 or more, every square next to a square two moves take it to -- counted
      generously, as a double move (the charge's own path, CHG-3, and the sight at its start, CHG-2,
      are not traced), so no square it could charge after a move is left out.

    An attack reaches: melee, every square next to its body (RNG-1, diagonals included) or within a
    card's reach (CL-5); ranged ``range X``, squares in line of sight within X squares counted around
    walls (RNG-2, RNG-5), ``sight`` and ``nearest`` every square in line of sight (LOS-1); area ``radius
    R``, the squares within R of any square its origin may be (RNG-4); close ``burst X``, ``line X``,
    within X squares with line of effect (RNG-3), cones within their size (the Ruleset's
    ``small_cone``, ``large_cone``; a cone's or line's own shape is not traced).

    Its speed is its speed now (conditions and auras counted: CON-5, CON-8); the other creatures stay
    where they are and block as they do now (MOV-5).  Walls are never in the answer; the creature's own
    squares are not either.  An empty ``ThreatReach`` for an unknown uid or a creature off the map;
    ``state`` is unchanged.
    """
    me = state.find(uid)
    if me is None or not me.alive or state.map is None:
        return ThreatReach(uid)
    ways = _ways(state, me, costs=False)
    size, attacks = me.card.size, _attacks(me)
    now = _cover(state, _bodies(ways.now, size), attacks, set())
    move = _cover(state, _bodies(ways.move, size), attacks, now) - now if ways.move else set()
    charge: set[Square] = set()
    if ways.charge:  # a charge's reach is 1 (CHG-1): the squares next to its end
        charge = {(x + dx, y + dy) for end in ways.charge for x, y in footprint(end, size)
                  for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - now - move
    geo, bmap = state.geometry, state.battle_map
    own = set(me.squares)

    def kept(found: set[Square]) -> frozenset[Square]:
        return frozenset(sq for sq in found if bmap.in_bounds(sq) and not geo.is_wall(sq) and sq not in own)

    return ThreatReach(uid, kept(now), kept(move), kept(charge))


def _reaching(state: GameState, size: int, attack: AttackDef, square: Square) -> Callable[[Square], bool]:
    """Whether ``attack``, made by a creature of ``size`` standing on an anchor, reaches ``square``
    (``_covers``), as a function of the anchor."""
    return lambda anchor: _covers(state, footprint(anchor, size), attack, square)


def threat_way(state: GameState, uid: str, square: Square) -> ThreatWay | None:
    """How creature ``uid`` could attack ``square`` (an (x, y) pair) in its next activation, the cheapest
    way (``ThreatWay``): its nearest level (``ThreatLevel``, as ``threat_reach`` counts it: MOV-1, MOV-12,
    CHG-1, ACT-3, RNG-1..5, LOS-1), then the fewest squares moved, then its card's first attack that
    does it (a charge's is its basic melee attack, CHG-1).  None when it could not (``square`` is a
    wall, one of its own squares, off the map or out of its reach), for an unknown uid or a creature
    off the map; ``state`` is unchanged."""
    me = state.find(uid)
    if me is None or not me.alive or state.map is None or square in me.squares:
        return None
    if not state.battle_map.in_bounds(square) or state.geometry.is_wall(square):
        return None
    ways = _ways(state, me, costs=True)
    size, attacks = me.card.size, _attacks(me)
    for level, anchors, floods in ((ThreatLevel.NOW, ways.now, []), (ThreatLevel.MOVE, ways.move, ways.move_floods)):
        found = [(best[0], i, best[1]) for i, attack in enumerate(attacks)
                 if (best := _fewest(anchors, floods, _reaching(state, size, attack, square))) is not None]
        if found:  # the fewest squares moved, then the card's first attack
            n, i, at = min(found, key=lambda f: f[:2])
            shift = level is ThreatLevel.NOW and n == 1
            return ThreatWay(uid, level, attacks[i].name, n, shift=shift, to=at if shift else None)
    melee = charge_attack(me)
    if melee is not None and ways.charge:
        moved = _fewest(ways.charge, ways.charge_floods, lambda a: any(
            abs(x - square[0]) <= 1 and abs(y - square[1]) <= 1 for x, y in footprint(a, size)))
        if moved is not None:
            return ThreatWay(uid, ThreatLevel.CHARGE, melee.name, moved[0])
    return None


def creature_threat(state: GameState, uid: str) -> frozenset[Square]:
    """Every square where creature ``uid`` could attack a creature in its next activation, whatever it
    must do first: ``threat_reach(state, uid).squares`` (MOV-1..13, MOV-12, CHG-1, CHG-3, ACT-3,
    RNG-1..5, LOS-1, CARD-4; the levels and their reading are ``threat_reach``'s).  Walls and its own
    squares are never in it; empty for an unknown uid or a creature off the map."""
    return threat_reach(state, uid).squares


def threat_squares(state: GameState, player: int) -> frozenset[Square]:
    """Every square an enemy of ``player`` (0-based) could attack in its next activation: the union of
    ``creature_threat`` over ``state.enemy_creatures(player)`` (MOV-1, CHG-1, RNG-1..5, LOS-1).
    Empty before the creatures are on the map."""
    found: set[Square] = set()
    for enemy in state.enemy_creatures(player):
        found |= creature_threat(state, enemy.uid)
    return frozenset(found)


@dataclass(frozen=True)
class ShotFrom:
    """One enemy the active creature could attack from a square it may move to (``attacks_from``).

    Attributes:
        target: the enemy's uid.
        attack: the name of its attack with the best chance to hit that enemy from there.
        hit_chance: that chance, 0..1 (ATK-3; the engine's ``preview``, modifiers counted).
        cover: True when the target would have cover from there (COV-1..4: −2 counted in the chance).
    """

    target: str
    attack: str
    hit_chance: float
    cover: bool


def attacks_from(state: GameState, square: Square) -> tuple[ShotFrom, ...]:
    """What the active creature could attack if it stood on ``square`` (an (x, y) pair, its anchor) with
    its attack action still to use: for each enemy one of its melee or ranged attacks could target from
    there (RNG-1, RNG-2, LOS-1, CARD-4), the attack with the best chance to hit (ATK-3, ATK-4; cover from
    there counted, COV-1..4; flanking from there, CA-1) -- best chance first, then the state's order.
    Close and area attacks are left out (their template is aimed, RNG-3, RNG-4).  The move itself is not
    checked (ask ``check``), nor whether it leaves the attack action (ACT-1..3).  Empty without an
    active creature; ``state`` is unchanged."""
    me = state.active_creature
    if me is None or state.map is None:
        return ()
    trial = state.copy()
    mover = trial.own(me.uid)
    mover.pos = square
    best: dict[str, ShotFrom] = {}
    for attack in _attacks(mover):
        if attack.kind not in (AttackKind.MELEE, AttackKind.RANGED):
            continue
        for target in valid_targets(trial, mover, attack):
            seen = preview(trial, mover, target, attack)
            shot = ShotFrom(target.uid, attack.name, seen.hit_chance,
                            any(name == "cover" for name, _ in seen.modifiers))
            if target.uid not in best or shot.hit_chance > best[target.uid].hit_chance:
                best[target.uid] = shot
    order = {c.uid: i for i, c in enumerate(state.creatures)}
    return tuple(sorted(best.values(), key=lambda s: (-s.hit_chance, order[s.target])))
