"""Synthetic maps and warbands of any size, for AI tests and benchmarks.

The shipped content (``tactica.content``) is what players use; these
generators exist so that tests and the scaling benchmarks can build battles
of a chosen size (a 15×15 to 60×44 map, 5 to 20 creatures a side) without
files.  Everything is a pure function of its arguments (seeded).
"""
from __future__ import annotations

import random

from tactica.engine import (
    AttackDef,
    AttackKind,
    CreatureCard,
    Defense,
    MapDef,
    Reach,
    Square,
    Terrain,
    WarbandDef,
)

_ARCHETYPES = (
    # name, cost, ac, def, speed, hp, attacks: (kind, reach, range, bonus, damage, defense)
    ("Guard", 12, 16, 13, 5, 30, (("melee", None, 6, 10, "AC"),)),
    ("Archer", 14, 14, 12, 6, 20, (("melee", None, 3, 5, "AC"), ("ranged", 10, 6, 10, "AC"))),
    ("Brute", 22, 15, 12, 6, 50, (("melee", None, 8, 15, "AC"),)),
    ("Skirmisher", 16, 16, 14, 8, 30, (("melee", None, 7, 10, "AC"),)),
    ("Mage", 24, 13, 15, 5, 30, (("ranged", 8, 8, 15, "DEF"), ("melee", None, 2, 5, "AC"))),
    ("Knight", 35, 19, 14, 5, 70, (("melee", None, 10, 15, "AC"),)),
)


def card(index: int) -> CreatureCard:
    """Return synthetic card number ``index`` (cycling through six archetypes)."""
    name, cost, ac, defense, speed, hp, attacks = _ARCHETYPES[index % len(_ARCHETYPES)]
    lines = []
    for i, (kind, rng, bonus, dmg, dfn) in enumerate(attacks):
        if kind == "melee":
            lines.append(AttackDef(name="Blade", kind=AttackKind.MELEE, reach=Reach.ADJACENT,
                                   bonus=bonus, defense=Defense(dfn), damage=dmg, basic=i == 0))
        else:
            lines.append(AttackDef(name="Shot", kind=AttackKind.RANGED, reach=Reach.RANGE, range=rng,
                                   bonus=bonus, defense=Defense(dfn), damage=dmg, basic=i == 0))
    return CreatureCard(id=name.lower(), name=name, cost=cost, alignment="Unaligned",
                        factions=("Civilization",), level=cost // 5, ac=ac, defense=defense,
                        speed=speed, hp=hp, attacks=tuple(lines))


def warband(size: int, *, offset: int = 0, name: str = "Synthetic") -> WarbandDef:
    """A warband of ``size`` synthetic creatures (archetypes from ``offset`` on).

    No point limit is enforced: 20 creatures make a warband beyond WB-4, which
    the engine accepts and the scaling benchmark needs.
    """
    cards = tuple(card(offset + i) for i in range(size))
    return WarbandDef(name=f"{name} {size}", faction="Civilization", cards=cards,
                      point_limit=max(200, sum(c.cost for c in cards)))


def battle_map(width: int, height: int, *, seed: int = 0, walls: float = 0.06,
               difficult: float = 0.06, depth: int = 3) -> MapDef:
    """A ``width``×``height`` map with scattered walls and difficult terrain.

    Start area A is the ``depth`` left-most columns, B the right-most; VP zone
    A (scoring for the player in A) is a 3×3 block near B's edge and vice
    versa.  Wall clusters never touch the start areas or VP zones.
    """
    rng = random.Random(seed)
    grid = [[Terrain.CLEAR] * width for _ in range(height)]
    mid = height // 2
    zone_a = frozenset((x, y) for x in range(width - depth - 4, width - depth - 1)
                       for y in range(mid - 1, mid + 2))
    zone_b = frozenset((x, y) for x in range(depth + 1, depth + 4) for y in range(mid - 1, mid + 2))
    area_a = frozenset((x, y) for x in range(depth) for y in range(height))
    area_b = frozenset((x, y) for x in range(width - depth, width) for y in range(height))
    keep = zone_a | zone_b | area_a | area_b
    for _ in range(int(width * height * walls / 3)):
        x, y = rng.randrange(width), rng.randrange(height)
        horizontal = rng.random() < 0.5
        for k in range(3):
            sq = (x + k, y) if horizontal else (x, y + k)
            if 0 <= sq[0] < width and 0 <= sq[1] < height and sq not in keep:
                grid[sq[1]][sq[0]] = Terrain.WALL
    for _ in range(int(width * height * difficult)):
        x, y = rng.randrange(width), rng.randrange(height)
        if grid[y][x] is Terrain.CLEAR and (x, y) not in keep:
            grid[y][x] = Terrain.DIFFICULT
    return MapDef(id=f"synthetic-{width}x{height}-{seed}", name=f"Synthetic {width}×{height}",
                  terrain=tuple(tuple(r) for r in grid), start_areas={"A": area_a, "B": area_b},
                  vp_zones={"A": zone_a, "B": zone_b})


def standard_pair() -> tuple[WarbandDef, WarbandDef]:
    """Two different 200-point-ish synthetic warbands of ten creatures."""
    return warband(10, name="Blue"), warband(10, offset=3, name="Red")


__all__ = ["battle_map", "card", "standard_pair", "warband", "Square"]
