"""Close and area attacks: templates, the squares they cover, cover from their origin.

RNG-3 (close: burst, cones, line), RNG-4 (area: ``range X, radius R``,
``sight, radius R``, ``nearest, radius R``), COV-4, COV-5, LOS-1 (line of
effect: only walls block it; smoke and forest block sight, which only the
choice of an area's origin square needs) and ATK-2 (allies in a
template are attacked too, but a template must hold an enemy).

Our choices, documented here and in the tests (docs/rules.md leaves them open):

* **Burst X**: every square within X squares (diagonals count 1, so a
  (2X+1)×(2X+1) block) to which the attacker's square has line of effect;
  the attacker itself is never in it.
* **Cones** (``corner`` 0..3 = the NW, NE, SW, SE corner of the attacker's
  square): the 90° wedge that opens diagonally away from that corner, i.e.
  the quadrant beyond the corner.  A square is in when its centre lies inside
  the wedge and it is within N squares of the attacker (N = ``Ruleset``
  ``small_cone`` 3 / ``large_cone`` 6: an N×N block) and has line of effect
  from the corner point.
* **Line X**: from the chosen corner of the attacker's square to the corner
  of the end square farthest from it; the end square lies within X squares.
  Only squares the line *crosses* count (touching a corner or running along
  an edge does not), up to the first wall it meets.
* **Radius R**: the origin square is a non-wall square in line of sight
  (and within X for ``range X``); every square within R of it with line of
  effect from it, the origin included (the attacker excluded).
* **Large and Huge attackers** (MOV-13): a burst spreads X squares from
  every square of the attacker's footprint (line of effect from any of
  them); cones and lines start from a corner of the whole footprint; a
  radius area's origin needs sight and range from any of its squares.  A
  template never covers the attacker's own squares.  A Large or Huge
  creature is attacked once however many of its squares a template covers.
* **Cover** (COV-5, COV-4): bursts and radius areas use the ranged corner
  rule from the origin square, against walls and statues only (forest gives
  cover against ranged attacks only); cones and lines give cover when any
  line from their corner point to a corner of the target's square crosses a
  wall or statue.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .actions import AreaAttack
from .attacking import attack_allowed
from .combat import nearest_enemies, struck_by
from .footprint import bounds, footprint, gap
from .geometry import Point, chebyshev, clip, corners, squares_crossed
from .members import (
    REACH_BURST,
    REACH_LARGE_CONE,
    REACH_LINE,
    REACH_NEAREST,
    REACH_RANGE,
    REACH_SMALL_CONE,
    STRIKES_ALL,
    STRIKES_ALLIES,
)
from .model import AttackDef, Square
from .state import Creature, GameState

#: Corner indices of a square: 0 NW, 1 NE, 2 SW, 3 SE (as ``geometry.corners``).
CORNERS = (0, 1, 2, 3)
_DIRECTION = {0: (-1, -1), 1: (1, -1), 2: (-1, 1), 3: (1, 1)}


@dataclass(frozen=True)
class Template:
    """Where one close or area attack lands.

    Attributes:
        squares: every square it covers (walls never).
        origin: the origin square of a burst or radius area, else None.
        point: the corner point a cone or line starts from, else None.
        origins: for the burst of a Large or Huge attacker, every square of
            its footprint (cover is traced from the best of them); else ().
    """

    squares: frozenset[Square]
    origin: Square | None = None
    point: Point | None = None
    origins: tuple[Square, ...] = ()

    def cover(self, state: GameState, target: Square) -> bool:
        """True when a creature on ``target`` has cover against this template (COV-4, COV-5)."""
        geo = state.geometry
        if self.origins:
            return all(geo.cover(o, target, (), area=True) for o in self.origins)
        if self.origin is not None:
            return geo.cover(self.origin, target, (), area=True)
        solid = geo.map.rules_at
        point = self.point
        assert point is not None  # neither a burst nor a radius area: a cone or a line

        def blocked(sq: Square) -> bool:  # walls and statues (COV-5, TER-STATUE)
            return solid(sq).cover_area
        return not all(geo.line_clear(point, q, blocked, (target,)) for q in corners(target))


def corner_point(sq: Square, corner: int) -> Point:
    """The corner point ``corner`` (0 NW, 1 NE, 2 SW, 3 SE) of square ``sq``."""
    return corners(sq)[corner]


def _effect_from_point(state: GameState, point: Point, sq: Square) -> bool:
    """Line of effect from a point to a square: some line to one of its corners is clear (LOS-1)."""
    geo = state.geometry
    return any(geo.line_clear(point, q, geo.is_wall, (sq,)) for q in corners(sq))


def _block(state: GameState, centre: Square, size: int, body: int = 1) -> list[Square]:
    """Non-wall squares within ``size`` squares of ``centre`` (on the map).

    ``body``: the footprint size of a creature anchored at ``centre`` (MOV-13);
    then within ``size`` of any of its squares.
    """
    cx, cy = centre
    return [(x, y) for y in range(cy - size, cy + size + body) for x in range(cx - size, cx + size + body)
            if not state.geometry.is_wall((x, y))]


def cone_size(state: GameState, attack: AttackDef) -> int:
    """Squares a cone reaches (docs/rules.md: small 3, large 6; Ruleset settings)."""
    rules = state.rules
    return rules.large_cone if attack.reach is REACH_LARGE_CONE else rules.small_cone


def template(state: GameState, me: Creature, attack: AttackDef, origin: Square,
             corner: int = 0) -> Template | None:
    """The template of ``attack`` made by ``me`` aimed at ``origin`` (and ``corner``), or None if illegal.

    Args:
        state: the game.
        me: the attacker (its square is where close attacks start).
        attack: a close or area attack line.
        origin: burst and cones: the attacker's square; line: the end square;
            radius areas: the origin square.
        corner: cones and lines: the corner of the attacker's square (0..3).
    Returns a Template, or None when the aim breaks RNG-3/RNG-4 (wrong
    origin, out of range, not in sight, a wall, a nearest area missing the
    nearest enemy).
    """
    geo, pos = state.geometry, me.square
    if corner not in CORNERS or not state.battle_map.in_bounds(origin) or geo.is_wall(origin):
        return None
    if me.card.size > 1:
        return _big_template(state, me, attack, origin, corner)
    reach = attack.reach
    if reach is REACH_BURST:
        if origin != pos:
            return None
        squares = {sq for sq in _block(state, pos, attack.range or 0)
                   if sq != pos and geo.line_of_effect(pos, sq)}
        return Template(frozenset(squares), origin=pos)
    if reach in (REACH_SMALL_CONE, REACH_LARGE_CONE):
        if origin != pos:
            return None
        point = corner_point(pos, corner)
        dx, dy = _DIRECTION[corner]
        squares = {sq for sq in _block(state, pos, cone_size(state, attack))
                   if (sq[0] + 0.5 - point[0]) * dx > 0 and (sq[1] + 0.5 - point[1]) * dy > 0
                   and _effect_from_point(state, point, sq)}
        return Template(frozenset(squares), point=point)
    if reach is REACH_LINE:
        if origin == pos or chebyshev(pos, origin) > (attack.range or 0):
            return None
        point = corner_point(pos, corner)
        far = max(corners(origin), key=lambda q: (q[0] - point[0]) ** 2 + (q[1] - point[1]) ** 2)
        return Template(frozenset(_line_squares(state, point, far, pos)), point=point)
    # Area attacks (RNG-4): the origin square must be in sight (and range).
    if not geo.line_of_sight(pos, origin):
        return None
    if reach is REACH_RANGE:
        dist = geo.distance(pos, origin)
        if dist is None or dist > (attack.range or 0):
            return None
    squares = {sq for sq in _block(state, origin, attack.radius)
               if sq != pos and geo.line_of_effect(origin, sq)}
    if reach is REACH_NEAREST:
        nearest = {sq for c in nearest_enemies(state, me) for sq in c.squares}
        if not nearest & squares:
            return None
    return Template(frozenset(squares), origin=origin)


def _big_template(state: GameState, me: Creature, attack: AttackDef, origin: Square,
                  corner: int) -> Template | None:
    """``template`` for a Large or Huge attacker (RNG-3, RNG-4, MOV-13; see the module notes)."""
    geo, pos, size = state.geometry, me.square, me.card.size
    body = set(footprint(pos, size))
    reach = attack.reach
    if reach is REACH_BURST:
        if origin != pos:
            return None
        squares = {sq for sq in _block(state, pos, attack.range or 0, size)
                   if sq not in body and any(geo.line_of_effect(b, sq) for b in body)}
        return Template(frozenset(squares), origin=pos, origins=tuple(sorted(body)))
    x0, y0, x1, y1 = bounds(pos, size)
    corner_sq = ((x0, y0), (x1, y0), (x0, y1), (x1, y1))[corner]
    if reach in (REACH_SMALL_CONE, REACH_LARGE_CONE):
        if origin != pos:
            return None
        point = corner_point(corner_sq, corner)
        dx, dy = _DIRECTION[corner]
        n = cone_size(state, attack)
        squares = {sq for sq in _block(state, corner_sq, n)
                   if (sq[0] + 0.5 - point[0]) * dx > 0 and (sq[1] + 0.5 - point[1]) * dy > 0
                   and _effect_from_point(state, point, sq)}
        return Template(frozenset(squares), point=point)
    if reach is REACH_LINE:
        if origin in body or gap(pos, size, origin, 1) > (attack.range or 0):
            return None
        point = corner_point(corner_sq, corner)
        far = max(corners(origin), key=lambda q: (q[0] - point[0]) ** 2 + (q[1] - point[1]) ** 2)
        return Template(frozenset(sq for sq in _line_squares(state, point, far, pos) if sq not in body),
                        point=point)
    if not any(geo.line_of_sight(b, origin) for b in body):
        return None
    if reach is REACH_RANGE:
        dists = [d for d in (geo.distance(b, origin) for b in body) if d is not None]
        if not dists or min(dists) > (attack.range or 0):
            return None
    squares = {sq for sq in _block(state, origin, attack.radius)
               if sq not in body and geo.line_of_effect(origin, sq)}
    if reach is REACH_NEAREST:
        if not any(sq in squares for c in nearest_enemies(state, me) for sq in c.squares):
            return None
    return Template(frozenset(squares), origin=origin)


def _line_squares(state: GameState, p: Point, q: Point, skip: Square) -> list[Square]:
    """Squares the segment p->q crosses, from p onwards, up to the first wall (RNG-3, LOS-1)."""
    geo = state.geometry
    out = []
    for sq in squares_crossed(p, q):
        if sq == skip:
            continue
        span = clip(p, q, sq)
        assert span is not None  # squares_crossed lists only squares the segment enters
        t0, t1 = span
        tm = (t0 + t1) / 2
        inside = (p[0] + (q[0] - p[0]) * tm, p[1] + (q[1] - p[1]) * tm)
        if not geo.is_wall(sq) and geo.line_clear(p, inside, geo.is_wall, (sq,)):
            out.append(sq)
    return out


def template_squares(state: GameState, attack: AttackDef, origin: Square, corner: int = 0) -> set[Square]:
    """The squares the active creature's ``attack`` would cover aimed at ``origin`` (for previews).

    Empty when there is no active creature or the aim is illegal.
    """
    me = state.active_creature
    if me is None or not attack.is_area:
        return set()
    found = template(state, me, attack, origin, corner)
    return set(found.squares) if found else set()


def struck(state: GameState, me: Creature, found: Template, attack: AttackDef | None = None) -> list[Creature]:
    """Creatures (allies included, ATK-2) standing in a template, in uid order.

    A Large or Huge creature is in it when any of its squares is, and is
    listed (so attacked) once (MOV-13).  With ``attack``: only those it
    strikes (its ``strikes`` and ``only``, CL-2; ``combat.struck_by``).
    """
    squares = found.squares
    inside = sorted((c for c in state.creatures if c.alive and c.uid != me.uid
                     and (c.pos in squares or (c.card.size > 1 and any(sq in squares for sq in c.squares)))),
                    key=lambda c: c.uid)
    if attack is None or (attack.strikes is STRIKES_ALL and attack.only.always):
        return inside
    return struck_by(state, me, attack, inside)


def aimed_at_right_side(me: Creature, attack: AttackDef, hit: list[Creature]) -> bool:
    """True when a close or area attack striking ``hit`` strikes someone it is for (ATK-2, CL-2):
    an enemy, or, for an attack that strikes allies only, an ally."""
    if attack.strikes is STRIKES_ALLIES:
        return bool(hit)
    return any(c.team != me.team for c in hit)


def aims(state: GameState, me: Creature, attack: AttackDef) -> list[tuple[Square, int]]:
    """Every (origin, corner) worth trying for ``attack``, in canonical order."""
    pos, reach = me.square, attack.reach
    if reach is REACH_BURST:
        return [(pos, 0)]
    if reach in (REACH_SMALL_CONE, REACH_LARGE_CONE):
        return [(pos, c) for c in CORNERS]
    if reach is REACH_LINE:
        body = set(me.squares)
        ends = [sq for sq in _block(state, pos, attack.range or 0, me.card.size) if sq not in body]
        return [(sq, c) for sq in ends for c in CORNERS]
    h, w = state.battle_map.height, state.battle_map.width
    return [((x, y), 0) for y in range(h) for x in range(w)]


def area_actions(state: GameState) -> list[AreaAttack]:
    """Every legal close or area attack of the active creature (RNG-3, RNG-4, ATK-2).

    One action per attack line and distinct set of creatures struck (the
    first aim found in canonical order), targets in uid order; sets without
    an enemy are left out (ATK-2).
    """
    me = state.actor
    out: list[AreaAttack] = []
    for i, attack in enumerate(me.card.attacks):
        if not attack.is_area or not attack_allowed(me, attack):
            continue
        for origin, corner, hit in distinct_strikes(state, me, attack, aims(state, me, attack)):
            out.append(AreaAttack(i, origin, tuple(c.uid for c in hit), corner))
    return out


def distinct_strikes(state: GameState, me: Creature, attack: AttackDef,
                     aim_list: Iterable[tuple[Square, int]]) -> Iterator[tuple[Square, int, list[Creature]]]:
    """Yield ``(origin, corner, struck creatures)`` for each aim in ``aim_list`` that strikes a new set.

    ``aim_list`` is an iterable of ``(origin square, corner or None)`` (from
    ``aims`` or a narrower list).  Aims the attack cannot take, or whose
    creatures struck (in uid order) were already yielded, or that strike no
    enemy of ``me``'s team, are skipped (RNG-3, RNG-4, ATK-4).
    """
    seen: set[tuple[str, ...]] = set()
    for origin, corner in aim_list:
        found = template(state, me, attack, origin, corner)
        if found is None:
            continue
        hit = struck(state, me, found, attack)
        key = tuple(c.uid for c in hit)
        if key in seen or not aimed_at_right_side(me, attack, hit):
            continue
        seen.add(key)
        yield origin, corner, hit


__all__ = ["Template", "template", "template_squares", "struck", "aimed_at_right_side", "area_actions", "aims",
           "corner_point", "cone_size", "CORNERS"]
