"""Terrain kinds and what each one does (TER-*, MOV-7, MOV-8, LOS-1, COV-2, SET-3).

Every kind has one row in ``TERRAIN``: a ``TerrainRules`` value the rest of
the engine reads (geometry for sight, effect and cover; movement for costs and
legal stops; combat for blood rock and sacred circles; the flow for pits and
teleporters).  No module tests a terrain kind by name except through this
table.  ``SYMBOLS`` gives each kind its one-character symbol for text boards
(sandbox, map files' default legend, saves); the symbols follow
the shared rules cases where they name one (``O`` pit, ``T`` forest,
``*`` smoke, ``S`` statue); ``%`` blood rock, ``+`` sacred circle and ``@``
teleporter and the diagonal walls ``◤ ◥ ◣ ◢`` (the wall triangle) are our choice.

This module imports nothing from the engine, so ``model`` can re-export it.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Terrain(str, Enum):
    """Terrain kinds the engine implements (TER-*).

    Only these may appear in a map; an unknown kind is a load error.
    """

    CLEAR = "clear"
    WALL = "wall"
    DIFFICULT = "difficult"
    FOREST = "forest"
    PIT = "pit"
    BLOOD_ROCK = "blood-rock"
    SACRED_CIRCLE = "sacred-circle"
    SMOKE = "smoke"
    STATUE = "statue"
    TELEPORTER = "teleporter"
    LOW_OBSTACLE = "low-obstacle"
    WALL_NW = "wall-nw"
    WALL_NE = "wall-ne"
    WALL_SW = "wall-sw"
    WALL_SE = "wall-se"


@dataclass(frozen=True)
class TerrainRules:
    """What one terrain kind does.  Defaults describe clear ground.

    Attributes:
        symbol: one character for text boards and the default map legend.
        cost: squares of movement to enter it (MOV-8; flight, burrow and
            phasing pay 1 everywhere, MOV-9..11).
        blocks_movement: nothing moves into it (walls, TER-WALL, MOV-7).
        blocks_sight: a line crossing it is no line of sight (LOS-1: walls,
            smoke).
        blocks_effect: a line crossing it is no line of effect (walls).
        forest_sight: a line of sight crossing two opposite sides of one such
            square is blocked (TER-FOREST); effect is not.
        cover_ranged: a ranged line crossing it gives cover (COV-2: forest,
            statue).
        cover_inside: a creature standing in it has cover against ranged
            attacks (forest; our reading of "gives cover against ranged").
        cover_area: a line from a close or area template's origin crossing it
            gives cover (COV-5: statues; our reading, forest is ranged only).
        can_stop: a move may end here (MOV-2; statues cannot be stopped on).
        fliers_only: only flying creatures may end a move here, and only
            flying, burrowing or phasing ones may pass it (TER-PIT).
        destroys: a creature that ends its turn here is destroyed (TER-PIT).
        deploy: creatures may be deployed here (SET-3: not walls, pits or
            statues).
        melee_crit: the lowest natural roll that is a critical hit (and so an
            automatic hit) for melee attacks made from here (TER-BLOOD: 19).
        attack_bonus: added to attack rolls of a creature here (TER-SACRED: 2).
        hides: a creature here is invisible to, and sees only, adjacent
            creatures (TER-SMOKE).
        teleporter: a teleporter square (TER-TELEPORT).
        half_wall: for a square split by a diagonal wall, the corner that is
            wall ("nw", "ne", "sw" or "se"; the wall is the triangle of the
            three corners other than the opposite one); "" otherwise.  Such a
            square blocks standing and entering as a wall does (our choice),
            but a diagonal step may pass its wall-free corner and lines of
            sight and effect pass its wall-free half (TER-WALL).
        low_obstacle: a low obstacle (a low wall, a fallen log): costs 2 and
            cannot be stopped on, as a statue without its cover; under the
            ``grid35`` module it hampers movement and must be crossed in one
            go (G35-OBSTACLE, G35-HAMPER; docs/modules/grid35.md).

    The cave features below do nothing without the ``underground`` module
    (docs/modules/underground.md), which reads them:

        ceiling: the height of the ceiling in feet, 0 for none that matters
            (UG-LOW: a creature taller than it stoops, crawls on hands and
            knees or slides on its belly).
        gap_width, gap_height: the narrowest gap of the square in inches, 0
            for none (UG-SQUEEZE: a body wider or taller does not pass).
        rubble: "" none, "loose" (rubble blocking the way), "partial" (only
            partly blocked) or "solid" (rock): no move enters it until it is
            dug out (UG-RUBBLE).
        depth: feet the square lies below the floor around it: a chasm or
            the foot of a ledge, 0 for none (UG-FALL).
        slope: feet of slide down a slope starting in the square, 0 for
            none (UG-SLIDE).
        downhill: the way a slope goes down ("n", "ne", "e", "se", "s", "sw", "w",
            "nw": north is the top row), "" for the way the creature entering it
            goes (UG-SLIDE).
        landing: the surface a fall lands on: "" hard and flat, "rough",
            "spiked", "soft", "padded" or "water" (UG-FALL).
        spikes: d6 rolled for the spikes that hit on a "spiked" landing (UG-FALL).
        dark: total darkness (UG-DARK).
        slippery: a slippery floor, ice (UG-SLIP); on a slope, a smooth
            slippery slope (UG-SLIDE); on a wall, no catching on it (UG-FALL).
    """

    symbol: str
    cost: int = 1
    blocks_movement: bool = False
    blocks_sight: bool = False
    blocks_effect: bool = False
    forest_sight: bool = False
    cover_ranged: bool = False
    cover_inside: bool = False
    cover_area: bool = False
    can_stop: bool = True
    fliers_only: bool = False
    destroys: bool = False
    deploy: bool = True
    melee_crit: int = 20
    attack_bonus: int = 0
    hides: bool = False
    teleporter: bool = False
    half_wall: str = ""
    low_obstacle: bool = False
    ceiling: int = 0
    gap_width: int = 0
    gap_height: int = 0
    rubble: str = ""
    depth: int = 0
    slope: int = 0
    downhill: str = ""
    landing: str = ""
    spikes: int = 0
    dark: bool = False
    slippery: bool = False

    @property
    def difficult(self) -> bool:
        """True when it costs more than 1 to enter (no shifting into it, MOV-12)."""
        return self.cost > 1


    @property
    def cave(self) -> bool:
        """True when the square has a feature only the ``underground`` module reads."""
        return bool(self.ceiling or self.gap_width or self.gap_height or self.rubble or self.depth
                    or self.slope or self.downhill or self.landing or self.spikes or self.dark or self.slippery)


#: Kinds of rubble (UG-RUBBLE) and of landing surface (UG-FALL) a terrain type may give.
RUBBLE_KINDS = ("loose", "partial", "solid")
LANDING_KINDS = ("rough", "spiked", "soft", "padded", "water")
#: The ways a slope may go down (UG-SLIDE), as a step (dx, dy); north is the top row (y grows down).
DOWNHILL = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1), "w": (-1, 0),
            "nw": (-1, -1)}

#: The rules of every terrain kind (TER-*).
TERRAIN: dict[Terrain, TerrainRules] = {
    Terrain.CLEAR: TerrainRules("."),
    Terrain.WALL: TerrainRules("#", blocks_movement=True, blocks_sight=True, blocks_effect=True,
                               cover_ranged=True, cover_area=True, can_stop=False, deploy=False),
    Terrain.DIFFICULT: TerrainRules("^", cost=2),
    Terrain.FOREST: TerrainRules("T", cost=2, forest_sight=True, cover_ranged=True, cover_inside=True),
    Terrain.PIT: TerrainRules("O", fliers_only=True, destroys=True, deploy=False),
    Terrain.BLOOD_ROCK: TerrainRules("%", melee_crit=19),
    Terrain.SACRED_CIRCLE: TerrainRules("+", attack_bonus=2),
    Terrain.SMOKE: TerrainRules("*", blocks_sight=True, hides=True),
    Terrain.STATUE: TerrainRules("S", cost=2, cover_ranged=True, cover_area=True, can_stop=False,
                                 deploy=False),
    Terrain.TELEPORTER: TerrainRules("@", teleporter=True),
    Terrain.LOW_OBSTACLE: TerrainRules("_", cost=2, can_stop=False, deploy=False, low_obstacle=True),
}
# Diagonal walls (TER-WALL): named by the corner that is wall, drawn as that triangle.
for _kind, _sym, _corner in ((Terrain.WALL_NW, "◤", "nw"), (Terrain.WALL_NE, "◥", "ne"),
                             (Terrain.WALL_SW, "◣", "sw"), (Terrain.WALL_SE, "◢", "se")):
    TERRAIN[_kind] = TerrainRules(_sym, blocks_movement=True, blocks_sight=True, blocks_effect=True,
                                  cover_ranged=True, cover_area=True, can_stop=False, deploy=False,
                                  half_wall=_corner)

#: Movement cost to enter a square of each terrain kind (MOV-8, TER-DIFF).
ENTER_COST: dict[Terrain, int] = {t: r.cost for t, r in TERRAIN.items() if not r.blocks_movement}

#: Symbol -> terrain kind, for text boards (sandbox, default map legend, saves).
SYMBOLS: dict[str, Terrain] = {r.symbol: t for t, r in TERRAIN.items()}


@dataclass(frozen=True)
class CustomTerrain:
    """A terrain kind a map defines itself (TER-OTHER: "its rules travel with the map").

    Its rules are composed from the properties the engine already
    implements (``TerrainRules``); a map file declares them under
    ``terrain_types``.  Used in ``MapDef.terrain`` beside ``Terrain`` values.

    Attributes:
        name: display name, e.g. "Bramble"; a name ending in "pit" is a pit
            (TER-PIT: "anything named '... Pit'").
        rules: what it does; ``rules.symbol`` is its map symbol.
    """

    name: str
    rules: TerrainRules

    @property
    def value(self) -> str:
        """The name (as ``Terrain.value`` is for built-in kinds)."""
        return self.name


#: A square's terrain: a built-in kind or one the map defines (TER-OTHER).
TerrainKind = Terrain | CustomTerrain


def rules_of(kind: TerrainKind) -> TerrainRules:
    """The rules of ``kind``: the ``TERRAIN`` row of a built-in kind, a custom kind's own (TER-OTHER).

    Raises KeyError for a built-in kind without a row.
    """
    if isinstance(kind, CustomTerrain):
        return kind.rules
    return TERRAIN[kind]


def no_stop_reason(kind: TerrainKind) -> str:
    """Why no move may end on a square of ``kind`` (its rules' ``can_stop`` is False), naming the kind
    and its rule: a statue (TER-STATUE), a low obstacle (G35-OBSTACLE), or a map's own kind (TER-OTHER)."""
    rules = rules_of(kind)
    if rules.low_obstacle:
        return "A move cannot end on a low obstacle (G35-OBSTACLE)."
    if kind is Terrain.STATUE:
        return "A move cannot end on a statue (TER-STATUE)."
    name = kind.name if isinstance(kind, CustomTerrain) else kind.value.replace("-", " ")
    return f"A move cannot end on {name} (TER-OTHER: the map's {name} allows no stop)."


__all__ = ["LANDING_KINDS", "RUBBLE_KINDS",
           "Terrain", "TerrainRules", "TERRAIN", "ENTER_COST", "SYMBOLS", "rules_of", "CustomTerrain",
           "TerrainKind", "no_stop_reason"]
