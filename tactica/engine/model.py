"""Immutable definitions the engine plays with: creature cards, attacks, maps.

These are plain values built by ``tactica.content`` from YAML (or directly by
tests).  Units: distances and speeds in squares, costs and VP in points, HP in
hit points.  Coordinates are ``(x, y)`` with x the column and y the row, both
from 0 at the top-left corner of the map.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from .abilities import Ability
from .powers import ChampionPower, Recharge, SpecialPower
from .terrain import ENTER_COST, SYMBOLS, TERRAIN, CustomTerrain, Terrain, TerrainKind, TerrainRules, rules_of  # noqa: F401
from .triggers import DieChange, Reaction
from .when import ALWAYS, When

# Enum members read in hot code, as module constants: in Python 3.11 reading ``Enum.MEMBER``
# goes through the enum metaclass's ``__getattr__`` hook (about 0.2 µs), a global is read at once.
_TERRAIN_WALL = Terrain.WALL
_RULES_WALL = rules_of(Terrain.WALL)

Square = tuple[int, int]

ALIGNMENTS = ("Good", "Evil", "Unaligned")
FACTIONS = ("Borderlands", "Civilization", "Underdark", "Wild")


class AttackKind(str, Enum):
    """How an attack reaches its targets (CARD-3, RNG-1..4)."""

    MELEE = "melee"
    RANGED = "ranged"
    CLOSE = "close"
    AREA = "area"

# Enum members read in hot code, as module constants: in Python 3.11 reading ``Enum.MEMBER``
# goes through the enum metaclass's ``__getattr__`` hook (about 0.2 µs), a global is read at once.
_ATTACK_KIND_AREA = AttackKind.AREA
_ATTACK_KIND_CLOSE = AttackKind.CLOSE
_ATTACK_KIND_MELEE = AttackKind.MELEE


class Reach(str, Enum):
    """The targeting rule of an attack (RNG-1, RNG-2).

    ADJACENT: melee, an adjacent creature.  NEAREST: the nearest enemy in line
    of sight.  RANGE: any enemy in sight within ``range`` squares.  SIGHT: any
    enemy in sight.  For area attacks (RNG-4) the same three pick the origin
    square (``nearest``: the area must include a nearest enemy).  Close
    attacks (RNG-3): BURST (``range`` = X), SMALL_CONE and LARGE_CONE (sizes
    in the Ruleset, docs/rules.md), LINE (``range`` = X).
    """

    ADJACENT = "adjacent"
    NEAREST = "nearest"
    RANGE = "range"
    SIGHT = "sight"
    BURST = "burst"
    SMALL_CONE = "small cone"
    LARGE_CONE = "large cone"
    LINE = "line"


class Duration(str, Enum):
    """How long a condition or ongoing effect lasts (EFF-1, EFF-2, SAV-1; docs/rules.md "Durations").

    NEXT_TURN: until the end of the affected creature's next turn (the
    default, EFF-1).  PLAYER_NEXT_TURN: until the end of the next turn of the
    player who controls the source creature.  ROUND: until the end of the
    round.  BATTLE: until the end of the battle.  SAVE_ENDS: until a saving
    throw of 10+ at the end of one of the affected creature's turns.
    """

    NEXT_TURN = "end of next turn"
    PLAYER_NEXT_TURN = "end of player's next turn"
    ROUND = "end of round"
    BATTLE = "end of battle"
    SAVE_ENDS = "save ends"


#: Conditions an effect may apply (CON-1..8; CL-18: petrified, blinded, restrained, marked).
CONDITIONS = ("dazed", "staggered", "stunned", "helpless", "immobilized", "confused", "enervated",
              "slowed", "petrified", "blinded", "restrained", "marked")


class Trigger(str, Enum):
    """When an attack effect happens (ATK-3, ATK-7): on a hit, on a miss, or either way; and (CL-7)
    on a critical hit only, or when the attack destroys its target."""

    HIT = "hit"
    MISS = "miss"
    ALWAYS = "always"
    CRITICAL = "critical"
    DESTROYS = "destroys"

    def matches(self, hit: bool, critical: bool = False, destroyed: bool = False) -> bool:
        """True when an effect with this trigger happens after an attack that ``hit`` (or missed),
        was a ``critical`` hit, ``destroyed`` its target (ATK-3, ATK-7, CL-7)."""
        if self is Trigger.ALWAYS:
            return True
        if self is Trigger.HIT:
            return hit
        if self is Trigger.MISS:
            return not hit
        if self is Trigger.CRITICAL:
            return hit and critical
        return hit and destroyed


class Strikes(str, Enum):
    """Whom a close or area attack strikes among the creatures its template covers (ATK-2, CL-2):
    every creature, its attacker's enemies only, or its attacker's allies only."""

    ALL = "all"
    ENEMIES = "enemies"
    ALLIES = "allies"


@dataclass(frozen=True)
class ConditionEffect:
    """An attack effect that gives the target a condition (ATK-3, CON-*, EFF-1, EFF-2).

    Attributes:
        condition: one of CONDITIONS.
        duration: how long it lasts (default EFF-1: end of the target's next turn).
        on: when it happens (default on a hit).
        when: it happens only when this holds (CL-7; ``me`` the attacker, ``other`` the target,
            asked before any effect of the attack applies).
    """

    condition: str
    duration: Duration = Duration.NEXT_TURN
    on: Trigger = Trigger.HIT
    when: When = ALWAYS


@dataclass(frozen=True)
class OngoingEffect:
    """An attack effect "ongoing X type" (docs/rules.md "Ongoing damage"; default save ends).

    Attributes:
        amount: HP lost at the start of each of the target's turns.
        damage_type: e.g. "fire", or "" for untyped.
        duration: default SAVE_ENDS.
        on: when it happens (default on a hit).
        when: it happens only when this holds (CL-7).
    """

    amount: int
    damage_type: str = ""
    duration: Duration = Duration.SAVE_ENDS
    on: Trigger = Trigger.HIT
    when: When = ALWAYS


@dataclass(frozen=True)
class FollowUpEffect:
    """A triggered follow-up attack against the same target (ATK-7).

    Attributes:
        attack: the name of another attack line on the same card; it is made
            after the first attack is done (all its targets resolved).
        on: when it happens (default on a hit).
        when: it is made only when this holds (CL-7; asked once the first attack is done).
    """

    attack: str
    on: Trigger = Trigger.HIT
    when: When = ALWAYS


@dataclass(frozen=True)
class HealEffect:
    """An attack effect "the attacker regains ``amount`` HP" (healing; docs/rules.md ABL glossary).

    Never above the attacker's card HP; happens once per target the trigger
    matches (a critical hit does not double it, ATK-5).

    Attributes:
        amount: HP regained.
        on: when it happens (default on a hit; ``destroys``: when the attack destroys its
            target, CL-7).
        when: it happens only when this holds (CL-7).
    """

    amount: int
    on: Trigger = Trigger.HIT
    when: When = ALWAYS


class ForceKind(str, Enum):
    """The kinds of forced movement and placement (MOV-14, OA-2; docs/rules.md "Forced movement").

    PUSH: each square moves the target farther from the source.  PULL: each
    square moves it closer.  SLIDE: any direction.  TELEPORT: to a square
    within X squares of the target that the attacker sees.  PLACE: set in a
    square within X squares of the attacker; nothing in between matters.
    """

    PUSH = "push"
    PULL = "pull"
    SLIDE = "slide"
    TELEPORT = "teleport"
    PLACE = "place"


@dataclass(frozen=True)
class ForcedMoveEffect:
    """An attack effect "push X", "pull X", "slide X", "teleport X" or "place X" (MOV-14, OA-2, TER-PIT).

    The attacking player chooses the destination after the attack (X is a
    maximum; staying put is allowed).  It never provokes opportunity
    attacks.  A push, pull or slide into a pit makes the attacker roll a
    second attack (TER-PIT).

    Attributes:
        kind: push, pull, slide, teleport or place.
        distance: X, in squares (1 or more).
        on: when it happens (default on a hit).
        when: it happens only when this holds (CL-7).
    """

    kind: ForceKind
    distance: int
    on: Trigger = Trigger.HIT
    when: When = ALWAYS


@dataclass(frozen=True)
class EscalateEffect:
    """An escalating condition (CL-7): the target gets the first condition of ``ladder`` after the
    last one of it that it already has (none of them: the first), e.g. ("slowed", "immobilized",
    "stunned"): not slowed → slowed, slowed → immobilized, immobilized → stunned.  A target that
    has the ladder's last condition gets it again (its duration renewed).

    Attributes:
        ladder: two or more of CONDITIONS, in order.
        duration: how long the condition given lasts.
        on: when it happens (default on a hit).
        when: it happens only when this holds.
    """

    ladder: tuple[str, ...]
    duration: Duration = Duration.NEXT_TURN
    on: Trigger = Trigger.HIT
    when: When = ALWAYS

    def step(self, has: frozenset[str] | set[str]) -> str:
        """The condition a target with conditions ``has`` gets (see the class)."""
        last = -1
        for i, name in enumerate(self.ladder):
            if name in has:
                last = i
        return self.ladder[min(last + 1, len(self.ladder) - 1)]

    def __str__(self) -> str:
        return " → ".join(self.ladder)


@dataclass(frozen=True)
class ChainEffect:
    """A chain (CL-8): after a hit, the attacker attacks another enemy within ``distance`` squares
    of the creature it last hit (counted around walls, RNG-5, that creature seeing it, LOS-1),
    then another from that one, and so on; it stops at the first miss, when no enemy is left in
    reach, or after ``jumps`` more attacks (0: no limit).  No creature is attacked twice by one
    chain (nor one the attack already targeted).  The next creature is the enemy nearest the last
    one (ties: the fewest HP left, then the first in the battle's order; docs/rules.md CL-8).

    Attributes:
        distance: squares from the last creature hit.
        attack: the attack line each jump makes ("" : the same line; else another line of the
            card, usually ``secondary``).
        jumps: most attacks after the first (0: no limit).
        on: when the chain starts (default on a hit; a jump that misses ends it).
        when: the chain starts only when this holds (about the first target).
    """

    distance: int
    attack: str = ""
    jumps: int = 0
    on: Trigger = Trigger.HIT
    when: When = ALWAYS


#: Every kind of attack effect (typed data; never free text the engine reads).
Effect = ConditionEffect | OngoingEffect | FollowUpEffect | HealEffect | ForcedMoveEffect | EscalateEffect | ChainEffect


@dataclass(frozen=True)
class DamagePart:
    """One more part of an attack's damage, of its own type (CL-6: the "10 fire" of "20 + 10 fire").

    A critical hit doubles it (ATK-5); the target's Immune, Vulnerable and Resist to that
    type apply to it, and Resist all to the attack's total (docs/rules.md CL-6).

    Attributes:
        amount: HP on a normal hit (1 or more).
        damage_type: e.g. "fire", or "" for untyped.
    """

    amount: int
    damage_type: str = ""

    def __str__(self) -> str:
        return f"{self.amount} {self.damage_type}" if self.damage_type else str(self.amount)


class Defense(str, Enum):
    """The defence an attack targets (CARD-3): AC or DEF."""

    AC = "AC"
    DEF = "DEF"

# Enum members read in hot code, as module constants: in Python 3.11 reading ``Enum.MEMBER``
# goes through the enum metaclass's ``__getattr__`` hook (about 0.2 µs), a global is read at once.
_DEFENSE_AC = Defense.AC


@dataclass(frozen=True)
class AttackDef:
    """One attack line of a stat card (CARD-3).

    Attributes:
        name: display name, e.g. "Longsword".
        kind: melee or ranged.
        reach: targeting rule; melee attacks use ADJACENT.
        range: maximum distance in squares for ``Reach.RANGE``, the X of
            ``burst X`` and ``line X`` (else None).
        radius: the R of an area attack's ``radius R`` (RNG-4); 0 otherwise.
        targets: most targets per use (ATK-4); 1 for most attacks.
        bonus: attack bonus added to the d20.
        defense: AC or DEF.
        damage: base damage in HP (the 15 of "15+10 cold").
        damage_bonus: extra damage in HP that a crit also doubles (the 10).
        damage_type: e.g. "cold", or "" for untyped.
        basic: True for the creature's basic attack (the first listed).
        effects: what a hit (or miss) does besides damage (ATK-3, ATK-5,
            ATK-7); never doubled by a critical hit.
        secondary: True for an attack made only as another attack's
            follow-up (ATK-7); it is never offered on its own.
        uses: check boxes: how many times per battle it may be made with an
            attack action (CARD-4); 0 for unlimited.
        recharge: when a spent one-box attack refills (CARD-4), or None.
        parts: more damage of other types on a hit (CL-6, "20 + 10 fire": damage 20 and a
            part of 10 fire); () for an attack of one type.
        only: whom it may target (CL-2): a creature is a legal target (or, for a close or area
            attack, is struck) only when this holds, ``me`` the attacker and ``other`` the target.
        strikes: whom a close or area attack strikes in its template: all creatures, enemies
            only or allies only (CL-2; ``Strikes``).
        automatic: it hits every target with no attack roll, never critically (CL-9).
        save: when not 0, no attack roll: each target rolls a d20 and resists on ``save`` or more
            (a miss), else it is hit (CL-9); never critical.
    """

    name: str
    kind: AttackKind
    reach: Reach
    bonus: int
    defense: Defense
    damage: int
    range: int | None = None
    targets: int = 1
    damage_bonus: int = 0
    damage_type: str = ""
    basic: bool = False
    effects: tuple[Effect, ...] = ()
    secondary: bool = False
    radius: int = 0
    uses: int = 0
    recharge: Recharge | None = None
    only: When = ALWAYS
    strikes: Strikes = Strikes.ALL
    automatic: bool = False
    save: int = 0
    parts: tuple[DamagePart, ...] = ()

    @property
    def rolls(self) -> bool:
        """True when it makes an attack roll (not ``automatic``, no ``save``; CL-9)."""
        return not self.automatic and not self.save

    @property
    def melee_reach(self) -> int:
        """Squares a melee line reaches (CL-5): its ``range`` (reach 2 or more), else 1; 0 for
        other kinds of attack."""
        if self.kind is not _ATTACK_KIND_MELEE:
            return 0
        return self.range or 1

    @property
    def is_area(self) -> bool:
        """True for close and area attacks (RNG-3, RNG-4): they hit what a template covers."""
        return self.kind is _ATTACK_KIND_CLOSE or self.kind is _ATTACK_KIND_AREA

    @property
    def total_damage(self) -> int:
        """Damage on a normal hit, in HP (damage + damage_bonus, and every part of CL-6)."""
        if self.parts:
            return self.damage + self.damage_bonus + sum(p.amount for p in self.parts)
        return self.damage + self.damage_bonus

    @property
    def damage_types(self) -> frozenset[str]:
        """The damage types of its parts ("" for an untyped part; CL-6)."""
        return frozenset((self.damage_type,) + tuple(p.damage_type for p in self.parts))

    def describe_damage(self) -> str:
        """Its damage as card text: "15+10 cold", "20 + 10 fire" (CL-6)."""
        main = f"{self.damage}+{self.damage_bonus}" if self.damage_bonus else str(self.damage)
        main += f" {self.damage_type}" if self.damage_type else ""
        return " + ".join([main] + [str(p) for p in self.parts])

    def describe_reach(self) -> str:
        """Return the card text for the targeting rule, e.g. "range 8", "reach 2" (CL-5)."""
        if self.kind is _ATTACK_KIND_MELEE and self.melee_reach > 1:
            text = f"reach {self.melee_reach}"
        elif self.reach in (Reach.RANGE, Reach.BURST, Reach.LINE):
            text = f"{self.reach.value} {self.range}"
        else:
            text = self.reach.value
        if self.radius:
            text += f", radius {self.radius}"
        if self.targets > 1:
            text += f", {self.targets} different targets" if self.kind is _ATTACK_KIND_MELEE else \
                f", {self.targets} targets"
        if self.strikes is not Strikes.ALL:
            text += f", {self.strikes.value} only"
        if not self.only.always:
            text += f", only {self.only.words()}"
        if self.automatic:
            text += ", no attack roll"
        elif self.save:
            text += f", no attack roll: save {self.save}+"
        return text


@dataclass(frozen=True)
class Form:
    """Another set of numbers and abilities a creature may take (CL-14, "forms and stances").

    A special power with effect "change form" (``PowerEffect.FORM``) names it; while in it, the
    creature plays with the card's numbers replaced by those given here (None / ``()`` -- the
    card's own).  HP, cost, size, keywords and special powers never change (our reading: it is
    the same creature, wounds and all).

    Attributes:
        name: the form's name, unique on the card (e.g. "Wolf").
        ac, defense, speed: its numbers in the form, or None for the card's.
        attacks: its attack lines in the form (the first, or the one marked basic, is its basic
            attack), or () for the card's.
        abilities: its keyword abilities in the form (replacing the card's), or None for the
            card's; ``()`` -- none.
    """

    name: str
    ac: int | None = None
    defense: int | None = None
    speed: int | None = None
    attacks: tuple[AttackDef, ...] = ()
    abilities: tuple[Ability, ...] | None = None

    def __str__(self) -> str:
        parts = [f"{label} {v}" for label, v in (("AC", self.ac), ("DEF", self.defense), ("speed", self.speed))
                 if v is not None]
        if self.attacks:
            parts.append("attacks: " + ", ".join(a.name for a in self.attacks))
        if self.abilities is not None:
            parts.append("abilities: " + (", ".join(str(a) for a in self.abilities) or "none"))
        return f"{self.name} form: " + "; ".join(parts)


@dataclass(frozen=True)
class CreatureCard:
    """A stat card (CARD-1, CARD-2).

    Attributes:
        id: stable identifier used by warband files, e.g. "dwarf-shieldwarden".
        name: display name.
        cost: points.
        alignment: "Good", "Evil" or "Unaligned".
        factions: one or more of FACTIONS.
        level, ac, defense, speed, hp: the card's numbers (speed in squares).
        attacks: attack lines; the one with ``basic=True`` is the basic attack.
        keywords: e.g. ("Dwarf", "Soldier").
        abilities: keyword abilities as typed data (ABL-1; see
            ``abilities``), e.g. ``(Flight(), SneakAttack(10))``; ``str()`` of
            each is its card text.
        champion: champion rating (0 for none).
        champion_powers: typed champion powers (CHP-1, CHP-2; see ``powers``).
        special_powers: typed special powers (SPW-1, CARD-4).
        unique: at most one copy per warband (WB-6).
        size: 1 for Medium/Small, 2 for Large, 3 for Huge.
        flavor: flavour text.
        category: its size category when the card names one ("tiny", "small", "medium",
            "large", "huge"; ``when.SIZE_CATEGORIES``), "" to take it from ``size`` (CL-2).
        forms: other forms it may take with a "change form" special power (CL-14).
        text: card text shown to players that the engine never reads.
        reactions: typed reactions (CL-10; see ``triggers.Reaction``).
        dice: typed changes to its own d20 rolls (CL-13; see ``triggers.DieChange``).
        height: its height in feet when the card gives one (UG-LOW, the underground module), 0 to
            take it from its size (docs/modules/underground.md).
    """

    id: str
    name: str
    cost: int
    alignment: str
    factions: tuple[str, ...]
    level: int
    ac: int
    defense: int
    speed: int
    hp: int
    attacks: tuple[AttackDef, ...]
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    champion: int = 0
    champion_powers: tuple[ChampionPower, ...] = ()
    special_powers: tuple[SpecialPower, ...] = ()
    unique: bool = False
    size: int = 1
    flavor: str = ""
    text: str = ""
    category: str = ""
    # CL-10, CL-13 (card language, issue 18): reactions and dice changes.
    reactions: tuple[Reaction, ...] = ()
    dice: tuple[DieChange, ...] = ()
    forms: tuple[Form, ...] = ()
    height: int = 0

    def form_named(self, name: str) -> Form | None:
        """Its form called ``name`` (CL-14), or None."""
        return next((f for f in self.forms if f.name == name), None)

    @property
    def basic_attack(self) -> AttackDef | None:
        """The basic attack (CARD-3), or None if the card has no attacks."""
        for attack in self.attacks:
            if attack.basic:
                return attack
        return self.attacks[0] if self.attacks else None

    def attack_named(self, name: str) -> AttackDef | None:
        """The attack line called ``name`` (for follow-ups, ATK-7), or None."""
        for attack in self.attacks:
            if attack.name == name:
                return attack
        return None

    #: Not fields (equality, hashing and saves read only fields): the farthest melee reach (CL-5), set
    #: once by ``__post_init__``, and the champion powers by trigger (``champions.powers_by_trigger``),
    #: set on first use.  Read as attributes, never through ``__dict__``: in CPython 3.11 reading an
    #: instance's ``__dict__`` moves its attributes from a compact array into a dict, and every
    #: later read of them costs more.
    _reach: ClassVar[int] = 1
    _powers_by_trigger: ClassVar[dict[str, tuple[ChampionPower, ...]] | None] = None
    #: Not a field either: what rule modules work out from the card alone (``derived``), set on first use.
    _derived: ClassVar[dict[object, object] | None] = None

    def __post_init__(self) -> None:
        # CL-5: worked out once, read often (flanking, opportunity attacks); not a field.
        object.__setattr__(self, "_reach", max((a.melee_reach for a in self.attacks), default=1) or 1)

    def derived(self) -> dict[object, object]:
        """The memo kept with this card: facts a rule module works out from the card alone (e.g. the
        underground module's body and height), under the module's own keys; empty at first."""
        memo = self._derived
        if memo is None:
            memo = {}
            object.__setattr__(self, "_derived", memo)
        return memo

    @property
    def melee_reach(self) -> int:
        """The farthest its melee attack lines reach, in squares (CL-5; 1 without reach)."""
        return self._reach

    @property
    def opportunity_reach(self) -> int:
        """Squares its opportunity attacks reach from its basic attack (OA-1, CL-5): the basic
        attack's melee reach when it is 2 or more, else 1."""
        if self.melee_reach <= 1:
            return 1
        basic = self.basic_attack
        return basic.melee_reach if basic is not None and basic.melee_reach > 1 else 1

    @property
    def basic_melee(self) -> AttackDef | None:
        """The basic attack if it is a melee attack, else None (CHG-1)."""
        basic = self.basic_attack
        if basic is not None and basic.kind is _ATTACK_KIND_MELEE:
            return basic
        return None

    def defense_value(self, defense: Defense) -> int:
        """Return the number an attack against ``defense`` must reach."""
        return self.ac if defense is _DEFENSE_AC else self.defense


@dataclass(frozen=True)
class MapDef:
    """A battle map (SET-2..4, SCN-ASSAULT).

    Attributes:
        id: stable identifier (the file stem).
        name: display name.
        terrain: rows of terrain kinds (a ``Terrain``, or a ``CustomTerrain`` the map defines
            itself, TER-OTHER), ``terrain[y][x]``.
        start_areas: {"A": squares, "B": squares} (SET-4: an area may be in
            several pieces).
        vp_zones: {"A": squares, "B": squares}; VP zone X scores for the player
            who deployed in start area X (usually it lies on the other side).
        points: the battle size the map is drawn for, in points (WB-8:
            100-point battles use a half-size map); default 200.
        rules: the optional rule modules a battle on this map plays with, by
            name (the map file's ``rules:`` key, e.g. ``("grid35",)``; see
            ``engine.modules``); empty: the skirmish rules alone.
    """

    id: str
    name: str
    terrain: tuple[tuple[TerrainKind, ...], ...]
    start_areas: dict[str, frozenset[Square]] = field(default_factory=dict)
    vp_zones: dict[str, frozenset[Square]] = field(default_factory=dict)
    points: int = 200
    rules: tuple[str, ...] = ()

    @property
    def width(self) -> int:
        """Width in squares."""
        return len(self.terrain[0]) if self.terrain else 0

    @property
    def height(self) -> int:
        """Height in squares."""
        return len(self.terrain)

    def in_bounds(self, sq: Square) -> bool:
        """True when ``sq`` lies on the map."""
        x, y = sq
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain_at(self, sq: Square) -> TerrainKind:
        """Terrain of ``sq``; squares off the map count as walls (TER-WALL)."""
        x, y = sq
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.terrain[y][x]
        return _TERRAIN_WALL

    def is_wall(self, sq: Square) -> bool:
        """True when ``sq`` blocks movement and sight (walls, a map's blocking terrain, off-map)."""
        return rules_of(self.terrain_at(sq)).blocks_movement

    #: Not fields (equality, hashing and saves read only fields): the terrain rules of every square,
    #: row by row (``rules_at``), and what rule modules work out from the map alone (``derived``),
    #: each set on first use.  A changed map (UG-DIG) is a new MapDef and starts without them.
    _rules: ClassVar[tuple[tuple[TerrainRules, ...], ...] | None] = None
    _derived: ClassVar[dict[object, object] | None] = None

    def rules_at(self, sq: Square) -> TerrainRules:
        """The terrain rules of ``sq`` (TER-*, TER-OTHER); off the map: a wall's."""
        grid = self._rules
        if grid is None:
            grid = tuple(tuple(rules_of(kind) for kind in row) for row in self.terrain)
            object.__setattr__(self, "_rules", grid)
        x, y = sq
        if 0 <= y < len(grid):
            row = grid[y]
            if 0 <= x < len(row):
                return row[x]
        return _RULES_WALL

    def derived(self) -> dict[object, object]:
        """The memo kept with this map: facts a rule module works out from the map alone (and from
        immutable keys such as a card's), under the module's own keys; empty at first.  Only what
        depends on nothing but the map and the key may be kept in it."""
        memo = self._derived
        if memo is None:
            memo = {}
            object.__setattr__(self, "_derived", memo)
        return memo

    @property
    def custom_terrain(self) -> tuple[CustomTerrain, ...]:
        """The terrain kinds this map defines itself (TER-OTHER), in order of first use."""
        found: dict[CustomTerrain, None] = {}
        for row in self.terrain:
            for kind in row:
                if isinstance(kind, CustomTerrain):
                    found.setdefault(kind, None)
        return tuple(found)

    def __hash__(self) -> int:  # dict fields make the default hash fail
        return hash((self.id, self.terrain))

    @staticmethod
    def from_rows(rows: list[str] | str, *, id: str = "test", name: str = "Test map",
                  start_areas: dict[str, frozenset[Square]] | None = None,
                  vp_zones: dict[str, frozenset[Square]] | None = None) -> MapDef:
        """Build a map from text rows, one ``terrain.SYMBOLS`` symbol per square.

        '.' clear, '#' wall, '^' difficult, 'T' forest, 'O' pit, '*' smoke,
        'S' statue, '%' blood rock, '+' sacred circle, '@' teleporter.  Any
        other character counts as clear (so test boards can mark creatures
        with letters).  Raises ValueError for ragged rows.
        """
        if isinstance(rows, str):
            rows = [r for r in rows.strip("\n").splitlines()]
        widths = {len(r) for r in rows}
        if len(widths) != 1:
            raise ValueError("map rows must all have the same length")
        terrain = tuple(tuple(SYMBOLS.get(c, Terrain.CLEAR) for c in r) for r in rows)
        return MapDef(id=id, name=name, terrain=terrain,
                      start_areas=dict(start_areas or {}), vp_zones=dict(vp_zones or {}))


@dataclass(frozen=True)
class WarbandDef:
    """A warband as brought to the battle (WB-*).

    Attributes:
        name: display name.
        faction: the chosen faction (WB-1).
        cards: one card per creature (a card used twice appears twice).
        point_limit: the battle size in points (WB-3, WB-4).
    """

    name: str
    faction: str
    cards: tuple[CreatureCard, ...]
    point_limit: int = 200

    @property
    def cost(self) -> int:
        """Total cost in points."""
        return sum(c.cost for c in self.cards)

    @property
    def champion_rating(self) -> int:
        """Highest champion rating in the warband (SET-1), 0 if none."""
        return max((c.champion for c in self.cards), default=0)
