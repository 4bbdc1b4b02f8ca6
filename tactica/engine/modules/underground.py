"""The ``underground`` module: caving, digging, falls and darkness (docs/modules/underground.md).

The map's terrain types carry the cave features (``TerrainRules.ceiling``,
``gap_width``/``gap_height``, ``rubble``, ``depth``, ``slope``, ``landing``,
``spikes``, ``dark``, ``slippery``); this module reads them.  Each rule is an
answer to a hook of ``modules.base``, with the skirmish-scale conversions of
the module's page:

* UG-LOW (``step_cost``, ``step_count``, ``tally_key``, ``attack_modifiers``):
  a ceiling below the creature's height (``height``) but at least 2/3 of it:
  stooping, a step costs 1.5 (paid 2, 1, 2 … across a move); below 2/3: on
  hands and knees, a step costs 2, -5 to attack, attacks against it +2 (no
  shield or agility defence); at 1/4 or less: crawling, a step costs 4, -8
  to attack.  A Large or Huge creature goes by the lowest square it covers.
* UG-SQUEEZE (``step_cost``): a square with a gap narrower or lower than the
  creature's body (``body``: its body class from its keywords, plus its armour
  from its AC) cannot be entered.
* UG-RUBBLE (the ``Dig`` action): rubble squares block like walls until dug
  out; digging takes the whole activation and clears 1d4 feet (2d4 partly
  blocked), solid rock 1 foot and only with a pick; 5 feet open the square.
* UG-FALL (``moved``): a creature pushed or pulled (or slipping) into a
  deeper square falls the difference; beside a climbable wall it may catch
  on (d20 of 15 or more); else damage 5 per 10 feet, changed by the landing.
  No creature walks down into a deeper square; climbing up costs 1 extra
  square per 10 feet (at least 1).
* UG-SLIDE (``moved``): a creature entering a slope square slides on in its
  direction to the foot: 5 damage per 10 feet beyond the first 20, plus 5
  per 40 feet on landing (a slippery slope: nothing on the way, landing
  doubled).
* UG-FATIGUE (``at``, ``attack_modifiers``, ``damage_modifiers``): activations
  with an attack, a charge, a double move or digging are strenuous; after 6
  in a row a d20 check (10 or more), then every 5, 4 … 1 while it succeeds;
  a failure makes the creature fatigued (-2 to attack, -5 damage), checked
  every strenuous activation, and a fatigued one failing is exhausted (-4,
  -10).  Two restful activations in a row restart the count, six reset the
  interval, twelve end fatigue.
* UG-DARK (``moved``, ``sees``): a creature without darkvision moving more
  than 1/3 of its speed through darkness rolls a d20 (10 or more) or bumps
  into something for 5 damage; on dark difficult ground beyond 1/6 of its
  speed, a d20 per such square for 5 damage; a move ending in darkness with
  no wall beside drifts by the d12 table (less 2: one activation is one
  round, two short of three); no line of sight into a dark square beyond
  adjacent creatures without darkvision.
* UG-SLIP (``moved``, ``before_attack``, ``at``, ``attack_modifiers``): on a
  slippery floor, a move of more than half the speed that turns on it or
  stops on it, and a charge over it, need a d20 of 10 or more, else the
  creature falls prone where it slipped and loses the rest of its turn; a
  melee attack from such a floor needs the same check first (failure: a
  miss, prone).  A prone creature attacks at -4 and is attacked at +4; its
  next activation is spent standing up.  Crampons remove all of it.
"""
from __future__ import annotations

from dataclasses import replace
from math import comb
from typing import Any, NamedTuple

from .. import events as ev
from ..abilities import Crampons, Darkvision, Flight, Pick, has
from ..actions import Dig
from ..footprint import footprint
from ..geometry import Geometry, chebyshev
from ..members import ATTACK_KIND_MELEE, DURATION_BATTLE, TERRAIN_CLEAR
from ..model import AttackDef, MapDef, Square
from ..state import NO_ACTIONS, Creature, GameState
from ..terrain import DOWNHILL, CustomTerrain, Terrain, TerrainRules, rules_of
from .base import (
    BARRED,
    MOMENT_ACTIVATION_ENDED,
    MOMENT_ACTIVATION_STARTED,
    SERVICES,
    Moment,
    MoveTally,
    RuleModule,
    SquareRisk,
    Step,
)
from .grid35 import size_category

#: A creature's height in feet by its size category (UG-LOW; grid35.size_category: Tiny -2 … Huge 2).
HEIGHT_BY_SIZE = {-2: 2, -1: 4, 0: 6, 1: 12, 2: 24}
#: The smallest gap (width, height) in inches a body class passes (UG-SQUEEZE, the seed's table).
BODY_BY_KEYWORD = {"Human": (24, 12), "Dwarf": (24, 12), "Half-Orc": (24, 16), "Orc": (24, 16),
                   "Elf": (18, 9), "Drow": (18, 9), "Eladrin": (18, 9), "Gnome": (18, 9),
                   "Halfling": (12, 30)}
#: The body of a creature without a body-class keyword, by size category (our conversion).
BODY_BY_SIZE = {-2: (12, 6), -1: (18, 9), 0: (24, 12), 1: (48, 24), 2: (96, 48)}
#: Inches armour adds to both sides of the gap a creature needs, by its AC (our conversion of the
#: seed's armour table: AC 20+ plate 8, 18-19 chain 3, 16-17 studded leather 2, else leather 0).
ARMOUR_BY_AC = ((20, 8), (18, 3), (16, 2))
#: The d20 result a check of this module needs (our conversion of an ability check).
CHECK = 10
#: The d20 result that catches a falling creature on a climbable wall (UG-FALL: half a climbing
#: rating, converted).
CATCH = 15
#: Feet of a fall within which a creature may still catch on (UG-FALL): every drop of a
#: skirmish map starts there, so every fall beside a climbable wall may be caught.
CATCH_WITHIN = 50
#: Damage of every 10 feet of fall (UG-FALL: 1d6 converted to the skirmish's multiples of 5).
FALL_DAMAGE = 5
#: Feet a square is (5 feet), and feet of rubble that block one square (UG-RUBBLE).
SQUARE_FEET = 5
#: Damage of a bump in the dark and of a stumble on dark rough ground (UG-DARK).
BUMP_DAMAGE = 5
#: Attack modifiers (UG-LOW, UG-SLIP, UG-FATIGUE).
KNEELING, CRAWLING, EXPOSED = -5, -8, 2
PRONE_ATTACKER, PRONE_TARGET = -4, 4
FATIGUE_ATTACK = {1: -2, 2: -4}
FATIGUE_DAMAGE = {1: -5, 2: -10}
FATIGUE_NAMES = {0: "fresh", 1: "fatigued", 2: "exhausted"}
#: Strenuous activations before the first fatigue check, and rests that restart, reset and cure.
FIRST_CHECK, RESTART_REST, RESET_REST, CURE_REST = 6, 2, 6, 12
#: Eight directions clockwise from north (y grows downward): a drift turns through them (UG-DARK).
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
#: UG-DARK's d12 (after the -1 a round short of 3): eighths of a turn (positive right) by result.
DRIFT_TABLE = {4: 1, 5: 1, 6: -1, 7: -1, 8: 1, 9: -1, 10: 2, 11: -2, 12: 3}
DRIFT_DEGREES = {4: 45, 5: 45, 6: -45, 7: -45, 8: 60, 9: -60, 10: 90, 11: -90, 12: 135}
#: Rounds a skirmish activation is short of the three rounds a drift roll covers (UG-DARK).
DRIFT_SHORT = 2
#: The condition a slip (or a fall on ice) gives (UG-SLIP).
PRONE = "prone"
#: Modes of a creature's own movement (not forced): the ones darkness and ice check.
OWN_MOVES = ("move", "charge", "squeeze", "shift")


# -- reading the cave -----------------------------------------------------------

def height(c: Creature) -> int:
    """``c``'s height in feet (UG-LOW): its card's ``height`` when it gives one, else by its size
    category 2 Tiny, 4 Small, 6 Medium, 12 Large, 24 Huge (size category from the card's size and its
    Small / Tiny keywords, as grid35 reads it)."""
    return c.card.height or HEIGHT_BY_SIZE[size_category(c)]


def low_level(ceiling: int, tall: int) -> int:
    """How low a ceiling of ``ceiling`` feet is for a creature ``tall`` feet tall (UG-LOW): 0 not
    low (or no ceiling, 0), 1 stooping (at least 2/3 of it), 2 hands and knees, 3 crawling (1/4 or
    less)."""
    if not ceiling or ceiling >= tall:
        return 0
    if 4 * ceiling <= tall:
        return 3
    if 3 * ceiling < 2 * tall:
        return 2
    return 1


def lowness(state: GameState, c: Creature, anchor: Square | None = None) -> int:
    """The lowest ceiling's ``low_level`` over the squares ``c`` covers at ``anchor`` (its square
    by default); 0 off the map."""
    at = anchor if anchor is not None else c.pos
    if at is None:
        return 0
    tall = height(c)
    rules_at = state.battle_map.rules_at
    return max(low_level(rules_at(sq).ceiling, tall) for sq in footprint(at, c.card.size))


def body(c: Creature) -> tuple[int, int]:
    """The gap (width, height) in inches ``c`` needs (UG-SQUEEZE): its body class from its keywords
    (Human, Dwarf, Half-Orc, Elf, Gnome, Halfling…; else by size), plus its armour from its AC."""
    found = next((BODY_BY_KEYWORD[k] for k in c.card.keywords if k in BODY_BY_KEYWORD), None)
    w, h = found if found is not None else BODY_BY_SIZE[size_category(c)]
    extra = next((inches for ac, inches in ARMOUR_BY_AC if c.card.ac >= ac), 0)
    return w + extra, h + extra


def fits(c: Creature, rules: TerrainRules) -> bool:
    """True when ``c``'s body passes the gap of a square with ``rules`` (UG-SQUEEZE)."""
    if not rules.gap_width:
        return True
    w, h = body(c)
    return w <= rules.gap_width and h <= rules.gap_height


def _flies(c: Creature) -> bool:
    """True when ``c`` flies (no falls, slides or ice for it)."""
    return bool(c.card.abilities) and has(c.card, Flight)


def _on(state: GameState, sq: Square) -> bool:
    """True when ``sq`` is on the battle map."""
    m = state.battle_map
    return 0 <= sq[0] < m.width and 0 <= sq[1] < m.height


def _fits_map(state: GameState, c: Creature, anchor: Square) -> bool:
    """True when ``c`` could stand with its anchor on ``anchor``: every square it would cover on the
    map, and a legal stop (MOV-2, MOV-13)."""
    if c.card.size <= 1:
        return _on(state, anchor) and bool(SERVICES.legal_stop(state, c, anchor))
    return bool(SERVICES.legal_stop(state, c, anchor))


def _fits_map_squares(state: GameState, anchor: Square, size: int) -> bool:
    """True when every square a creature of ``size`` anchored at ``anchor`` covers is on the map."""
    return all(_on(state, sq) for sq in footprint(anchor, size))


def floor_depth(state: GameState, anchor: Square, size: int = 1) -> int:
    """The depth in feet of the floor a creature of ``size`` anchored at ``anchor`` stands on (UG-FALL):
    the square's ``depth``; for a Large or Huge creature the least depth of the squares it covers
    (it keeps its footing while any part of it stands on the higher floor: our reading)."""
    rules_at = state.battle_map.rules_at
    if size <= 1:
        return rules_at(anchor).depth
    return min(rules_at(sq).depth for sq in footprint(anchor, size))


#: The keys of the underground module's memos (``CreatureCard.derived``, ``MapDef.derived``).
_PROFILE_KEY = "underground.profile"
_TABLES_KEY = "underground.anchor_facts"


def _profile(c: Creature) -> tuple[int, int, int, int, bool]:
    """What the step costs read of ``c``'s card (UG-LOW, UG-SQUEEZE, UG-FALL): (size, body width,
    body height, height in feet, flies), worked out once a card (``CreatureCard.derived``)."""
    memo = c.card.derived()
    found = memo.get(_PROFILE_KEY)
    if found is None:
        w, h = body(c)
        found = memo[_PROFILE_KEY] = (c.card.size, w, h, height(c), _flies(c))
    return found  # type: ignore[return-value]


def _anchor_facts(state: GameState, c: Creature, anchor: Square) -> tuple[bool, int, bool, int]:
    """What ``c`` meets anchored at ``anchor``: (its body does not pass a gap there, ``fits``,
    UG-SQUEEZE; ``floor_depth``, UG-FALL; ``on_slope``, UG-SLIDE; ``lowness``, UG-LOW), worked out
    once for each body (``_profile``) and square, and kept with the map (``MapDef.derived``: a dug
    map, UG-DIG, is a new map)."""
    m = state.battle_map
    tables = m.derived().get(_TABLES_KEY)
    if tables is None:
        tables = m.derived()[_TABLES_KEY] = {}
    profile = _profile(c)
    table = tables.get(profile)  # type: ignore[attr-defined]
    if table is None:
        table = tables[profile] = {}  # type: ignore[index]
    found = table.get(anchor)
    if found is None:
        size = c.card.size
        found = (not all(fits(c, m.rules_at(sq)) for sq in footprint(anchor, size)),
                 floor_depth(state, anchor, size), on_slope(state, anchor, size), lowness(state, c, anchor))
        table[anchor] = found
    return found  # type: ignore[no-any-return]


#: Landing surfaces from the harshest to the mildest: a Large or Huge creature falling onto several
#: lands on the harshest of them (UG-FALL, our reading).
LANDING_ORDER = ("spiked", "rough", "", "hard", "water", "soft", "padded")


def landing_rules(state: GameState, anchor: Square, size: int = 1) -> TerrainRules:
    """The rules of the square a creature of ``size`` anchored at ``anchor`` lands on after a fall
    (UG-FALL): the square itself; for a Large or Huge creature, of the squares at its floor's depth
    (``floor_depth``), the one with the harshest landing (``LANDING_ORDER``; the first in reading
    order on ties)."""
    rules_at = state.battle_map.rules_at
    if size <= 1:
        return rules_at(anchor)
    low = floor_depth(state, anchor, size)
    under = [rules_at(sq) for sq in footprint(anchor, size) if rules_at(sq).depth == low]
    return min(under, key=lambda r: LANDING_ORDER.index(r.landing) if r.landing in LANDING_ORDER else 2)


def on_slope(state: GameState, anchor: Square, size: int = 1) -> bool:
    """True when a square a creature of ``size`` anchored at ``anchor`` covers is a slope (UG-SLIDE)."""
    rules_at = state.battle_map.rules_at
    return any(rules_at(sq).slope for sq in footprint(anchor, size))


def slope_entered(state: GameState, prev: Square, anchor: Square, size: int = 1) -> TerrainRules | None:
    """The rules of the slope a step from ``prev`` to ``anchor`` brings under a creature of ``size``
    (UG-SLIDE): the entered square's when it is a slope; for a Large or Huge creature the longest
    slope among the squares it newly covers; None when it enters no slope."""
    rules_at = state.battle_map.rules_at
    if size <= 1:
        rules = rules_at(anchor)
        return rules if rules.slope else None
    before = set(footprint(prev, size))
    slopes = [rules_at(sq) for sq in footprint(anchor, size) if sq not in before and rules_at(sq).slope]
    return max(slopes, key=lambda r: r.slope) if slopes else None


def _roll(state: GameState, sides: int) -> int:
    face, state.dice = state.dice.roll(sides)
    return face


def _check(state: GameState, c: Creature, rule: str, what: str, out: list[ev.Event], *, need: int = CHECK,
           modifier: int = 0) -> bool:
    """Roll a d20 check of this module for ``c`` (event CaveCheck); True when it passes."""
    face = _roll(state, 20)
    passed = face + modifier >= need
    out.append(ev.CaveCheck(c.uid, rule, what, face, modifier, need, passed))
    return passed


def _hurt(state: GameState, c: Creature, amount: int, cause: str, out: list[ev.Event]) -> None:
    """``amount`` damage of the cave (no attacker: the opponent of its owner scores it)."""
    if amount > 0 and c.alive:
        SERVICES.deal_damage(state, c, amount, "", state.blame(c.player), out, cause=cause)


# -- notes (what the module remembers between actions) ------------------------------

def note(state: GameState, topic: str, key: str, default: int = 0) -> int:
    """The number noted under (``topic``, ``key``), or ``default``."""
    for t, k, v in state.notes:
        if t == topic and k == key:
            return v
    return default


def set_note(state: GameState, topic: str, key: str, value: int | None) -> None:
    """Note ``value`` under (``topic``, ``key``) on the state copy (None: forget it)."""
    kept = frozenset(n for n in state.notes if not (n[0] == topic and n[1] == key))
    state.notes = kept if value is None else kept | {(topic, key, value)}


def _key(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def fatigue(state: GameState, c: Creature) -> int:
    """``c``'s fatigue (UG-FATIGUE): 0 fresh, 1 fatigued, 2 exhausted."""
    return note(state, "fatigue", c.uid) if state.notes else 0


def fatigue_name(state: GameState, c: Creature) -> str:
    """``c``'s fatigue as a word: "fresh", "fatigued" or "exhausted" (UG-FATIGUE)."""
    return FATIGUE_NAMES[fatigue(state, c)]


def dug(state: GameState, sq: Square) -> int:
    """Feet of rubble dug at ``sq`` so far (UG-RUBBLE)."""
    return note(state, "dug", _key(sq)) if state.notes else 0


def _prone(c: Creature) -> bool:
    return bool(c.effects) and PRONE in c.conditions


# -- digging (UG-RUBBLE) ------------------------------------------------------------

def dig_squares(state: GameState, c: Creature) -> list[Square]:
    """The rubble squares ``c`` may dig at: touching one of its squares, solid rock only with a pick."""
    if c.pos is None:
        return []
    m = state.battle_map
    mine = set(c.squares)
    near: set[Square] = set()
    for x, y in mine:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                sq = (x + dx, y + dy)
                if sq not in mine and _on(state, sq):
                    near.add(sq)
    pick = bool(c.card.abilities) and has(c.card, Pick)
    out = []
    for sq in sorted(near, key=lambda s: (s[1], s[0])):
        rubble = m.rules_at(sq).rubble
        if rubble and (rubble != "solid" or pick):
            out.append(sq)
    return out


def _dig_rolls(state: GameState, rubble: str) -> tuple[int, ...]:
    """The d4 faces of one activation of digging (UG-RUBBLE): 1d4 loose, 2d4 partly blocked; none
    for solid rock (1 foot, no roll).  The feet are their sum (``_dig_feet``)."""
    if rubble == "solid":
        return ()
    return tuple(_roll(state, 4) for _ in range(2 if rubble == "partial" else 1))


def _dig_feet(rubble: str, rolls: tuple[int, ...]) -> int:
    """Feet one activation of digging clears (UG-RUBBLE): the ``rolls``' sum, 1 in solid rock."""
    return 1 if rubble == "solid" else sum(rolls)


def dug_out(rules: TerrainRules) -> Terrain | CustomTerrain:
    """What a rubble square becomes once dug out: clear floor, or (when its kind has other cave
    features: a ceiling, darkness…) a kind with those and no rubble, drawn ','."""
    if not replace(rules, symbol=".", rubble="", blocks_movement=False, blocks_sight=False,
                   blocks_effect=False, cover_ranged=False, cover_area=False, can_stop=True,
                   deploy=True).cave:
        return TERRAIN_CLEAR
    return CustomTerrain("dug-out rubble", replace(rules, symbol=",", rubble="", blocks_movement=False,
                                                   blocks_sight=False, blocks_effect=False, cover_ranged=False,
                                                   cover_area=False, can_stop=True, deploy=False))


def _clear(state: GameState, sq: Square) -> None:
    """Open the rubble square ``sq``: the battle map changes under the state copy (UG-RUBBLE)."""
    old = state.battle_map
    kind = dug_out(rules_of(old.terrain_at(sq)))
    rows = [list(r) for r in old.terrain]
    rows[sq[1]][sq[0]] = kind
    new: MapDef = replace(old, terrain=tuple(tuple(r) for r in rows))
    state.map = new
    state.geo = Geometry.for_map(new)
    state.maps = tuple(new if m is old else m for m in state.maps)


# -- falls and slides (UG-FALL, UG-SLIDE) --------------------------------------------------

def fall_damage(state: GameState, c: Creature, feet: int, rules: TerrainRules, out: list[ev.Event]) -> int:
    """The damage of a fall of ``feet`` onto a square with ``rules`` (UG-FALL), rolling what the
    landing asks: 5 per 10 feet on hard ground; rough x2; soft 1/2 (rounded down to 5s); padded: a
    d20 save of 10 for none, else 1/2; water: a d20 check of 10 for 5 per 100 feet (rounded up),
    else the normal damage; spiked: the normal damage plus 5 for each spike that hits (``spikes``
    d6 of them)."""
    base = FALL_DAMAGE * (feet // 10)
    landing = rules.landing
    if landing == "rough":
        return 2 * base
    if landing == "soft":
        return base // 10 * 5
    if landing == "padded":
        return 0 if _check(state, c, "UG-FALL", "padded landing", out) else base // 10 * 5
    if landing == "water":
        return FALL_DAMAGE * -(-feet // 100) if _check(state, c, "UG-FALL", "dive into water", out) else base
    if landing == "spiked":
        return base + FALL_DAMAGE * sum(_roll(state, 6) for _ in range(rules.spikes))
    return base


def _climbable_beside(state: GameState, squares: tuple[Square, ...]) -> bool:
    """True when a wall that is not slippery touches one of ``squares`` (UG-FALL: catching on)."""
    m = state.battle_map
    for x, y in squares:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                sq = (x + dx, y + dy)
                if _on(state, sq):
                    r = m.rules_at(sq)
                    if r.blocks_movement and not r.rubble and not r.slippery:
                        return True
    return False


def _fall(state: GameState, c: Creature, edge: Square, into: Square, feet: int, out: list[ev.Event]) -> None:
    """``c`` went over the edge ``edge`` into ``into``, ``feet`` lower (UG-FALL); for a Large or Huge
    creature both are anchors, a wall beside any square it covered or would cover lets it catch on,
    and it lands on ``landing_rules``."""
    size = c.card.size
    beside = footprint(edge, size) + footprint(into, size)
    if _climbable_beside(state, beside) and SERVICES.legal_stop(state, c, edge) \
            and _check(state, c, "UG-FALL", "catch on", out, need=CATCH):
        c.pos = edge
        out.append(ev.CreatureCaughtOn(c.uid, edge))
        return
    c.pos = into
    rules = landing_rules(state, into, size)
    damage = fall_damage(state, c, feet, rules, out)
    out.append(ev.CreatureFellDown(c.uid, edge, into, feet, rules.landing or "hard", damage))
    _hurt(state, c, damage, "fall", out)


def slide_damage(feet: int, slippery: bool) -> int:
    """The damage of a slide of ``feet`` down a slope (UG-SLIDE): 5 per 10 feet beyond the first
    20 on the way, plus 5 per 40 feet on landing; a smooth slippery slope: nothing on the way, the
    landing doubled."""
    landing = FALL_DAMAGE * (feet // 40)
    if slippery:
        return 2 * landing
    return FALL_DAMAGE * max(0, (feet - 20) // 10) + landing


def _slide(state: GameState, c: Creature, prev: Square, rules: TerrainRules, out: list[ev.Event]) -> None:
    """``c`` stepped from ``prev`` onto a slope of ``rules``: it slides on to the foot (UG-SLIDE), down the
    slope's own ``downhill`` way when it has one, else on in the direction of its step, to the first
    square (anchor, for a Large or Huge creature) that covers no slope, stopping early before a square
    it may not stand on."""
    start = c.square
    size = c.card.size
    d = DOWNHILL.get(rules.downhill) or (start[0] - prev[0], start[1] - prev[1])
    at = start
    while True:
        nxt = (at[0] + d[0], at[1] + d[1])
        if not _fits_map(state, c, nxt):
            break
        at = nxt
        if not on_slope(state, nxt, size):
            break
    c.pos = at
    damage = slide_damage(rules.slope, rules.slippery)
    out.append(ev.CreatureSlid(c.uid, start, at, rules.slope, damage))
    _hurt(state, c, damage, "slide", out)


# -- darkness (UG-DARK) -------------------------------------------------------------

def in_dark(state: GameState, c: Creature) -> bool:
    """True when every square ``c`` covers is dark (UG-DARK)."""
    if c.pos is None:
        return False
    rules_at = state.battle_map.rules_at
    return all(rules_at(sq).dark for sq in c.squares)


def _sees_dark(c: Creature) -> bool:
    return bool(c.card.abilities) and has(c.card, Darkvision)


def _wall_beside(state: GameState, sq: Square) -> bool:
    """True when a wall touches ``sq`` (UG-DARK: a guide for the hand)."""
    m = state.battle_map
    x, y = sq
    return any(not _on(state, (x + dx, y + dy)) or m.rules_at((x + dx, y + dy)).blocks_movement
               for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def turned(d: tuple[int, int], eighths: int) -> tuple[int, int]:
    """The direction ``d`` (a step) turned ``eighths`` eighths of a circle clockwise (negative:
    anticlockwise); a 60-degree turn counts as 45 (the grid has no other)."""
    i = DIRECTIONS.index((max(-1, min(1, d[0])), max(-1, min(1, d[1]))))
    return DIRECTIONS[(i + eighths) % 8]


def dark_checks(state: GameState, c: Creature, path: tuple[Square, ...]) -> tuple[bool, int]:
    """The UG-DARK checks ``c``'s own move along ``path`` rolls: (a bump check, the number of stumble
    checks).  None without a dark step or with darkvision; a bump beyond 1/3 of its speed; a stumble
    for each step onto dark ground costing more than 1 beyond 1/6 of it.  A Large or Huge creature's
    step is into the dark when a square it covers there is dark."""
    if _sees_dark(c):
        return False, 0
    size = c.card.size
    rules_at = state.battle_map.rules_at
    if size <= 1:
        dark = [sq for sq in path if rules_at(sq).dark]
        rough = [sq for sq in dark if rules_at(sq).cost > 1]
    else:
        covers = [[rules_at(sq) for sq in footprint(a, size)] for a in path]
        dark = [a for a, rs in zip(path, covers) if any(r.dark for r in rs)]
        rough = [a for a, rs in zip(path, covers) if any(r.dark and r.cost > 1 for r in rs)]
    if not dark:
        return False, 0
    speed = max(1, c.card.speed)
    return len(path) * 3 > speed, len(rough) if len(path) * 6 > speed else 0


def drifts_at(state: GameState, c: Creature, anchor: Square) -> bool:
    """True when a move of ``c`` (not a shift) ending at ``anchor`` rolls the drift (UG-DARK): without
    darkvision, every square it would cover dark and no wall touching any of them."""
    if _sees_dark(c):
        return False
    rules_at = state.battle_map.rules_at
    squares = footprint(anchor, c.card.size)
    return all(rules_at(sq).dark for sq in squares) and not any(_wall_beside(state, sq) for sq in squares)


def _dark_move(state: GameState, c: Creature, start: Square, path: tuple[Square, ...], mode: str,
               out: list[ev.Event]) -> None:
    """UG-DARK after ``c``'s own move: bumps, stumbles and the drift.  A Large or Huge creature
    counts a step into the dark when a square it covers there is dark, stumbles once for each such
    step onto dark ground that costs more than 1, drifts when every square it ends on is dark and no
    wall touches any of them, and drifts as a whole (its anchor's step turned)."""
    bump, stumbles = dark_checks(state, c, path)
    if bump and not _check(state, c, "UG-DARK", "bump in the dark", out):
        _hurt(state, c, BUMP_DAMAGE, "bump", out)
    for _ in range(stumbles):
        if c.alive and not _check(state, c, "UG-DARK", "stumble", out):
            _hurt(state, c, BUMP_DAMAGE, "stumble", out)
    if not c.alive or mode == "shift" or c.pos != path[-1] or not drifts_at(state, c, c.square):
        return
    prev = path[-2] if len(path) > 1 else start
    face = _roll(state, 12)
    result = face - DRIFT_SHORT
    if result not in DRIFT_TABLE:
        out.append(ev.CreatureDrifted(c.uid, c.square, c.square, face, DRIFT_SHORT, 0))
        return
    eighths = DRIFT_TABLE[result]
    degrees = DRIFT_DEGREES[result]
    if result == 12:  # 135 degrees, half the time each way: a d6, 1-3 right, 4-6 left
        if _roll(state, 6) > 3:
            eighths, degrees = -3, -135
    step = (c.square[0] - prev[0], c.square[1] - prev[1])
    d = turned(step, eighths)
    end = (prev[0] + d[0], prev[1] + d[1])
    here = c.square
    size = c.card.size
    if end != here and _fits_map(state, c, end) \
            and not floor_depth(state, end, size) > floor_depth(state, prev, size):
        c.pos = end
    out.append(ev.CreatureDrifted(c.uid, here, c.square, face, DRIFT_SHORT, degrees))


# -- ice (UG-SLIP) --------------------------------------------------------------------

def _on_ice(state: GameState, c: Creature) -> bool:
    """True when ``c`` (on the ground, without crampons) stands on a slippery floor (UG-SLIP): a Large
    or Huge creature when any square it covers is slippery (our reading)."""
    if c.pos is None or _flies(c) or (c.card.abilities and has(c.card, Crampons)):
        return False
    rules_at = state.battle_map.rules_at
    return any(rules_at(sq).slippery and not rules_at(sq).slope for sq in c.squares)


def icy_at(state: GameState, anchor: Square, size: int = 1) -> bool:
    """True when a creature of ``size`` anchored at ``anchor`` stands on a slippery floor that is not a
    slope (UG-SLIP): any square it covers (a slippery slope is UG-SLIDE's)."""
    rules_at = state.battle_map.rules_at
    return any(r.slippery and not r.slope for r in (rules_at(sq) for sq in footprint(anchor, size)))


def _slip(state: GameState, c: Creature, square: Square, cause: str, out: list[ev.Event]) -> None:
    """``c`` falls prone at ``square`` (UG-SLIP) and loses the rest of its turn if it is acting."""
    c.pos = square
    out.append(ev.CreatureSlipped(c.uid, square, cause))
    if not _prone(c):
        SERVICES.add_effect(state, c, PRONE, DURATION_BATTLE, None, out)
    set_note(state, "slipped", c.uid, 1)
    if state.active_uid == c.uid:
        state.move_used = state.attack_used = True
        state.move_spent = None


def ice_spot(state: GameState, c: Creature, start: Square, path: tuple[Square, ...], mode: str,
             end: Square | None = None) -> tuple[Square, str] | None:
    """Where ``c``'s own move from ``start`` along ``path`` needs its ice check and why (UG-SLIP), or
    None: a charge at the first slippery place ("run"); a move of more than half its speed at the
    first place it turns on ice ("turn"), else at its end on ice ("stop") when it ends there
    (``end``: where it stands after the move, the path's last square by default).  A Large or Huge
    creature is on ice at an anchor when any square it covers there is slippery (our reading).
    Fliers and creatures with crampons never check."""
    if _flies(c) or (c.card.abilities and has(c.card, Crampons)):
        return None
    seq = (start,) + path
    icy = [icy_at(state, sq, c.card.size) for sq in seq]
    if not any(icy):
        return None
    careful = 2 * len(path) <= max(1, c.card.speed)  # half speed avoids the turning checks
    if mode == "charge":
        return next(((sq, "run") for sq, i in zip(seq[1:], icy[1:]) if i), None)
    if careful:
        return None
    for i in range(1, len(seq) - 1):
        if icy[i]:
            a = (seq[i][0] - seq[i - 1][0], seq[i][1] - seq[i - 1][1])
            b = (seq[i + 1][0] - seq[i][0], seq[i + 1][1] - seq[i][1])
            if a != b:
                return (seq[i], "turn")
    if icy[-1] and (end if end is not None else seq[-1]) == seq[-1]:
        return (seq[-1], "stop")
    return None


def _ice_move(state: GameState, c: Creature, start: Square, path: tuple[Square, ...], mode: str,
              out: list[ev.Event]) -> None:
    """UG-SLIP after ``c``'s own move: the first turn, stop or run on ice needs a check (``ice_spot``);
    failing, it slips there."""
    spot = ice_spot(state, c, start, path, mode, c.pos)
    if spot is None:
        return
    square, cause = spot
    if _check(state, c, "UG-SLIP", f"{cause} on ice", out):
        return
    if square != c.pos and not SERVICES.legal_stop(state, c, square):
        square = c.square
    _slip(state, c, square, cause, out)


# -- fatigue (UG-FATIGUE) --------------------------------------------------------------

def _fatigue_after(state: GameState, c: Creature, strenuous: bool, out: list[ev.Event]) -> None:
    """Count one activation of ``c`` (UG-FATIGUE): strenuous or restful, checks as they fall due."""
    uid = c.uid
    level = note(state, "fatigue", uid)
    interval = note(state, "fatigue-interval", uid, FIRST_CHECK)
    due = note(state, "fatigue-due", uid, interval)
    rest = note(state, "fatigue-rest", uid)
    if strenuous:
        rest = 0
        due -= 1
        if level >= 2:
            due = 1
        elif level == 1 or due <= 0:
            modifier = -2 if level == 1 else 0
            if _check(state, c, "UG-FATIGUE", "endurance", out, modifier=modifier):
                interval = max(1, interval - 1 if interval < FIRST_CHECK else FIRST_CHECK - 1)
                due = 1 if level else interval
            else:
                level += 1
                due = 1
                out.append(ev.FatigueChanged(uid, FATIGUE_NAMES[level]))
    else:
        rest += 1
        if level == 1 and rest >= CURE_REST:
            level, interval, due = 0, FIRST_CHECK, FIRST_CHECK
            out.append(ev.FatigueChanged(uid, FATIGUE_NAMES[0]))
        elif level == 0 and rest >= RESET_REST:
            interval = due = FIRST_CHECK
        elif level == 0 and rest >= RESTART_REST:
            due = interval
    set_note(state, "fatigue", uid, level or None)
    set_note(state, "fatigue-interval", uid, None if interval == FIRST_CHECK else interval)
    set_note(state, "fatigue-due", uid, None if due == interval else due)
    set_note(state, "fatigue-rest", uid, rest or None)


# -- what the cave may do, before any roll (queries for the bots and the screen) -------------

def fail_chance(need: int = CHECK, modifier: int = 0) -> float:
    """The chance (0..1) a d20 check of this module needing ``need`` with ``modifier`` fails."""
    return min(1.0, max(0.0, (need - modifier - 1) / 20))


#: d12 faces (of 12) whose drift result turns the creature (UG-DARK: results 4..12 after the -2).
DRIFT_FACES = sum(1 for face in range(1, 13) if face - DRIFT_SHORT in DRIFT_TABLE)


class CaveRisk(NamedTuple):
    """What the cave may do to one of a creature's own moves, before any roll (UG-SLIDE, UG-DARK,
    UG-SLIP).

    Attributes:
        certain: HP it loses for sure on the way (a slide's damage, UG-SLIDE).
        checks: d20 checks on the way that each deal ``BUMP_DAMAGE`` when they fail (bumps and
            stumbles in the dark, UG-DARK), each failing with ``fail_chance()``.
        slip: chance (0..1) it slips on ice: prone where it slipped, the rest of its activation lost.
        drift: chance (0..1) it drifts off its end square in the dark.
    """

    certain: int = 0
    checks: int = 0
    slip: float = 0.0
    drift: float = 0.0

    @property
    def damage(self) -> float:
        """Expected HP lost on the way."""
        return self.certain + self.checks * fail_chance() * BUMP_DAMAGE

    def kill_chance(self, hp: int) -> float:
        """The chance (0..1) the damage on the way reaches ``hp`` (the binomial count of failed checks)."""
        if self.certain >= hp:
            return 1.0
        need = -(-(hp - self.certain) // BUMP_DAMAGE)  # failed checks that destroy it
        if need > self.checks:
            return 0.0
        p = fail_chance()
        return sum(comb(self.checks, k) * p ** k * (1 - p) ** (self.checks - k) for k in range(need, self.checks + 1))


#: No risk at all (no module, no cave feature on the way).
NO_RISK = CaveRisk()


def _cave_on(state: GameState) -> bool:
    return "underground" in SERVICES.book_of(state).names


def move_risk(state: GameState, mover: Creature, path: tuple[Square, ...], mode: str = "move") -> CaveRisk:
    """The ``CaveRisk`` of ``mover``'s own move (``mode``: "move", "charge", "squeeze" or "shift") from
    where it stands along ``path`` (anchors), by the rules ``moved`` plays: a slope entered (UG-SLIDE:
    its damage, certain), the bump and stumble checks in the dark (UG-DARK: 5 HP at each failure) and
    the drift at a dark end with no wall beside (the d12 faces that turn it), the ice check (UG-SLIP).
    ``NO_RISK`` without the underground module or off the map."""
    if not path or mover.pos is None or not _cave_on(state):
        return NO_RISK
    start = mover.square
    if not _flies(mover):
        prev = start
        for sq in path:
            slope = slope_entered(state, prev, sq, mover.card.size)
            if slope is not None:
                return CaveRisk(slide_damage(slope.slope, slope.slippery))
            prev = sq
    bump, stumbles = dark_checks(state, mover, path)
    drift = 0.0
    if mode != "shift" and drifts_at(state, mover, path[-1]):
        drift = DRIFT_FACES / 12
    slip = fail_chance() if mode in OWN_MOVES and ice_spot(state, mover, start, path, mode) is not None else 0.0
    return CaveRisk(0, (1 if bump else 0) + stumbles, slip, drift)


def melee_slip_chance(state: GameState, attacker: Creature, anchor: Square | None = None) -> float:
    """The chance (0..1) that ``attacker``'s melee attack made from ``anchor`` (where it stands by
    default) misses unrolled and leaves it prone (UG-SLIP: the check before a melee attack on a
    slippery floor); 0 without the module, lying down already, flying or with crampons."""
    at = anchor if anchor is not None else attacker.pos
    if at is None or not _cave_on(state) or _prone(attacker) or _flies(attacker) \
            or (attacker.card.abilities and has(attacker.card, Crampons)):
        return 0.0
    return fail_chance() if icy_at(state, at, attacker.card.size) else 0.0


def expected_fall_damage(feet: int, rules: TerrainRules) -> float:
    """The expected damage of a fall of ``feet`` onto a square with ``rules`` (UG-FALL; the rolls of
    ``fall_damage`` averaged: a d20 of 10 passes 11 times in 20, a spike d6 averages 3.5)."""
    base = FALL_DAMAGE * (feet // 10)
    landing = rules.landing
    passed = 1 - fail_chance()
    if landing == "rough":
        return 2.0 * base
    if landing == "soft":
        return float(base // 10 * 5)
    if landing == "padded":
        return (1 - passed) * (base // 10 * 5)
    if landing == "water":
        return passed * FALL_DAMAGE * -(-feet // 100) + (1 - passed) * base
    if landing == "spiked":
        return base + FALL_DAMAGE * 3.5 * rules.spikes
    return float(base)


def forced_risk(state: GameState, target: Creature, path: tuple[Square, ...]) -> tuple[float, float]:
    """(chance it goes down, expected damage) of ``target`` moved along ``path`` (anchors) by forced
    movement (UG-FALL, UG-SLIDE, as ``moved`` plays it): over an edge it falls (beside a climbable wall
    it catches on 3 times in 10, a d20 of 15), onto a slope it slides; (0, 0) without the module, for a
    flier, or when the way crosses neither."""
    if not path or target.pos is None or _flies(target) or not _cave_on(state):
        return 0.0, 0.0
    size = target.card.size
    prev = target.square
    for sq in path:
        feet = floor_depth(state, sq, size) - floor_depth(state, prev, size)
        if feet > 0:
            hurt = expected_fall_damage(feet, landing_rules(state, sq, size))
            beside = footprint(prev, size) + footprint(sq, size)
            caught = 0.0
            if _climbable_beside(state, beside) and SERVICES.legal_stop(state, target, prev):
                caught = 1 - fail_chance(CATCH)
            return 1 - caught, (1 - caught) * hurt
        slope = slope_entered(state, prev, sq, size)
        if slope is not None:
            return 1.0, float(slide_damage(slope.slope, slope.slippery))
        prev = sq
    return 0.0, 0.0


def hidden_in_dark(state: GameState, creature: Creature, anchor: Square | None = None) -> bool:
    """True when ``creature`` standing at ``anchor`` (where it stands by default) would be in total
    darkness (UG-DARK: every square it covers dark), so that only adjacent creatures and those with
    darkvision see it; False without the module."""
    at = anchor if anchor is not None else creature.pos
    if at is None or not _cave_on(state):
        return False
    rules_at = state.battle_map.rules_at
    return all(rules_at(sq).dark for sq in footprint(at, creature.card.size))


def sees_in_dark(creature: Creature) -> bool:
    """True when ``creature`` has darkvision (UG-DARK)."""
    return _sees_dark(creature)


class Underground(RuleModule):
    """The underground rules: UG-LOW … UG-SLIP (see the module docstring)."""

    name = "underground"
    title = "underground: low passages, digging, falls, fatigue, darkness, ice"
    changes_step_costs = True
    steps_from_map = True
    watches_moves = True
    changes_sight = True
    checks_attacks = True
    action_kinds = (Dig,)
    prices_risk = True

    # -- movement: UG-LOW, UG-SQUEEZE, UG-FALL, UG-SLIDE ---------------------------------
    def step_cost(self, step: Step, cost: int) -> int:
        """The step's squares of movement, given ``cost`` from the modules before.

        ``BARRED`` into a gap the body does not pass (UG-SQUEEZE), down into a deeper square for a
        creature that does not fly (UG-FALL), and out of a slope square once moving (UG-SLIDE: the
        slide takes over).  Climbing up out of a deeper square: 1 extra per 10 feet (at least 1).
        Under a low ceiling (UG-LOW): x1.5 stooping (2, 1, 2 … for 1-square steps), x2 on hands and
        knees, x4 crawling.
        """
        if cost >= BARRED:
            return cost
        state, mover = step.state, step.mover
        barred, depth, _, level = _anchor_facts(state, mover, step.end)
        if barred:
            return BARRED
        if not _profile(mover)[4]:  # it does not fly
            _, start_depth, start_slope, _ = _anchor_facts(state, mover, step.start)
            down = depth - start_depth
            if down > 0:
                return BARRED
            if down < 0:
                cost += max(1, -down // 10)
            if step.tally.steps and start_slope:
                return BARRED
        if level == 1:
            return cost * 3 // 2 + (1 if cost % 2 and step.tally.counted % 2 == 0 else 0)
        if level == 2:
            return cost * 2
        if level == 3:
            return cost * 4
        return cost

    def square_risk(self, state: GameState, mover: Creature, anchor: Square, risk: SquareRisk) -> SquareRisk:
        """``risk`` plus 1 to enter and 1 to turn on ice (UG-SLIP: a square ``mover`` would cover there
        slippery, not a slope; not for a flier nor with crampons: a move that turns on ice needs a
        check, a charge over it always does), and 1 to enter the dark (UG-DARK: a square it covers
        dark, without darkvision: bumps, stumbles, drift).  Route searches take, among ways of equal
        cost and opportunity attacks, the one with the least of it."""
        rules_at = state.battle_map.rules_at
        squares = footprint(anchor, mover.card.size)
        enter, turn = risk
        if not (_flies(mover) or (mover.card.abilities and has(mover.card, Crampons))) \
                and any(rules_at(sq).slippery and not rules_at(sq).slope for sq in squares):
            enter, turn = enter + 1, turn + 1
        if not _sees_dark(mover) and any(rules_at(sq).dark for sq in squares):
            enter += 1
        return SquareRisk(enter, turn)

    def step_count(self, step: Step) -> int:
        """1 for a stooped step of odd cost (UG-LOW: the half squares alternate), else 0."""
        return 1 if step.terrain % 2 and _anchor_facts(step.state, step.mover, step.end)[3] == 1 else 0

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """The parity of the move's stooped steps (UG-LOW)."""
        return (tally.counted % 2,)

    def moved(self, state: GameState, mover: Creature, start: Square, path: tuple[Square, ...], mode: str,
              out: list[ev.Event]) -> None:
        """After a move or forced movement: a fall over an edge (UG-FALL), a slide down a slope
        (UG-SLIDE), then for the creature's own moves darkness (UG-DARK) and ice (UG-SLIP).  A Large
        or Huge creature falls when its floor (``floor_depth``: the shallowest square it covers)
        drops, and slides when it newly covers a slope square (our readings)."""
        if not _flies(mover):
            size = mover.card.size
            prev = start
            for sq in path:
                feet = floor_depth(state, sq, size) - floor_depth(state, prev, size)
                if feet > 0:
                    if mover.pos != sq and not SERVICES.legal_stop(state, mover, sq):
                        return
                    _fall(state, mover, prev, sq, feet, out)
                    return
                slope = slope_entered(state, prev, sq, size)
                if slope is not None:
                    mover.pos = sq
                    _slide(state, mover, prev, slope, out)
                    return
                prev = sq
        if mode in OWN_MOVES and mover.alive:
            _dark_move(state, mover, start, path, mode, out)
        if mode in OWN_MOVES and mover.alive:
            _ice_move(state, mover, start, path, mode, out)

    # -- sight: UG-DARK ----------------------------------------------------------------------
    def sees(self, state: GameState, viewer: Creature, target: Creature, seen: bool) -> bool:
        """No line of sight into darkness beyond adjacent creatures without darkvision (UG-DARK)."""
        if not seen or not in_dark(state, target) or _sees_dark(viewer):
            return seen
        if viewer.pos is None or target.pos is None:
            return seen
        near = min(chebyshev(a, b) for a in viewer.squares for b in target.squares)
        return near <= 1

    # -- attacks: UG-LOW, UG-SLIP, UG-FATIGUE ------------------------------------------------
    def before_attack(self, state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                      out: list[ev.Event]) -> bool:
        """UG-SLIP: a melee attack from a slippery floor needs a check first; failure: a miss and
        the attacker falls prone."""
        if attack.kind is not ATTACK_KIND_MELEE or _prone(attacker) or not _on_ice(state, attacker):
            return True
        if _check(state, attacker, "UG-SLIP", "melee on ice", out):
            return True
        _slip(state, attacker, attacker.square, "melee", out)
        return False

    def attack_modifiers(self, state: GameState, attacker: Creature, target: Creature,
                         attack: AttackDef) -> tuple[tuple[str, int], ...]:
        """UG-LOW (-5 on hands and knees, -8 crawling; +2 against a creature on hands and knees or
        crawling), UG-SLIP (-4 lying down, +4 against a prone creature), UG-FATIGUE (-2, -4)."""
        found: tuple[tuple[str, int], ...] = ()
        mine = lowness(state, attacker)
        if mine == 2:
            found += (("on hands and knees (UG-LOW)", KNEELING),)
        elif mine == 3:
            found += (("crawling (UG-LOW)", CRAWLING),)
        if lowness(state, target) >= 2:
            found += (("target on hands and knees (UG-LOW)", EXPOSED),)
        if _prone(attacker):
            found += (("lying down (UG-SLIP)", PRONE_ATTACKER),)
        if _prone(target):
            found += (("target lying down (UG-SLIP)", PRONE_TARGET),)
        if state.notes:
            level = fatigue(state, attacker)
            if level:
                found += ((f"{FATIGUE_NAMES[level]} (UG-FATIGUE)", FATIGUE_ATTACK[level]),)
        return found

    def damage_modifiers(self, state: GameState, attacker: Creature,
                         target: Creature) -> tuple[tuple[str, int], ...]:
        """UG-FATIGUE: -5 damage fatigued, -10 exhausted."""
        level = fatigue(state, attacker)
        return ((f"{FATIGUE_NAMES[level]} (UG-FATIGUE)", FATIGUE_DAMAGE[level]),) if level else ()

    # -- the flow: UG-SLIP standing up, UG-FATIGUE ------------------------------------------
    def at(self, moment: Moment, state: GameState, out: list[ev.Event]) -> None:
        """At an activation's start a creature that slipped stands up, which takes the whole
        activation (UG-SLIP; with grid5e's StandUp action it stands up that way instead); at its
        end the activation counts for fatigue (UG-FATIGUE)."""
        if state.active_uid is None:
            return
        me = state.creature(state.active_uid)
        if moment is MOMENT_ACTIVATION_STARTED:
            if note(state, "slipped", me.uid) and _prone(me) and not _grid5e_prone(state):
                state.move_used = state.attack_used = True
                SERVICES.end_effects(me, [e for e in me.effects if e.name == PRONE], "stood up", out)
                out.append(ev.CreatureStoodUp(me.uid, 0))  # 0: the whole activation, not movement
                set_note(state, "slipped", me.uid, None)
                set_note(state, "standing", me.uid, 1)
        elif moment is MOMENT_ACTIVATION_ENDED and me.alive:
            standing = bool(note(state, "standing", me.uid))
            set_note(state, "standing", me.uid, None)
            if not _prone(me):
                set_note(state, "slipped", me.uid, None)
            _fatigue_after(state, me, state.attack_used and not standing, out)

    def square_refusal(self, state: GameState, mover: Creature, square: Square) -> tuple[str, str] | None:
        """Why ``mover``'s moves cannot end on ``square`` by this module's rules, naming the rule:
        rubble (UG-RUBBLE), a gap too narrow (UG-SQUEEZE), a drop (UG-FALL), a slope (UG-SLIDE)."""
        if not _on(state, square) or mover.pos is None:
            return None
        rules = state.battle_map.rules_at(square)
        if rules.rubble:
            how = "with a pick" if rules.rubble == "solid" else "from a square beside it (g)"
            return ("rubble", f"Rubble fills that square: dig it out first, {how} (UG-RUBBLE).")
        if not fits(mover, rules):
            w, h = body(mover)
            return ("too-narrow", f"The gap there is {rules.gap_width}×{rules.gap_height} inches; "
                                  f"{mover.card.name} needs {w}×{h} (UG-SQUEEZE).")
        here = floor_depth(state, mover.square, mover.card.size)
        there = floor_depth(state, square, mover.card.size) if _fits_map_squares(state, square, mover.card.size) \
            else rules.depth
        if there > here and not _flies(mover):
            return ("drop", f"That square lies {there - here} feet down: no creature walks over a "
                            "ledge; only a push or a pull takes one over, and it falls (UG-FALL).")
        return None

    def shift_allowed(self, state: GameState, mover: Creature, anchor: Square) -> bool:
        """A shift is one step costing 1 (MOV-12): never down into a deeper square nor up out of one
        (UG-FALL: the climb costs extra, as difficult terrain), never into rubble or a gap too narrow
        (``square_refusal``), nor under a ceiling low enough to slow ``mover`` (UG-LOW).  Fliers
        shift over drops as over floor."""
        if self.square_refusal(state, mover, anchor) is not None:
            return False
        size = mover.card.size
        if not _flies(mover) and floor_depth(state, anchor, size) != floor_depth(state, mover.square, size):
            return False
        return lowness(state, mover, anchor) == 0

    # -- the Dig action: UG-RUBBLE --------------------------------------------------------
    def actions(self, state: GameState) -> list[Any]:
        """A ``Dig`` for each rubble square the active creature may dig at, when both its actions
        are unused (UG-RUBBLE)."""
        me = state.actor
        if state.move_used or state.attack_used or state.no_action or me.conditions & NO_ACTIONS:
            return []
        return [Dig(sq) for sq in dig_squares(state, me)]

    def refusal(self, state: GameState, action: Any) -> tuple[str, str] | None:
        """Why a ``Dig`` is refused now (UG-RUBBLE), or None."""
        me = state.actor
        sq = tuple(action.square)
        if len(sq) != 2 or not _on(state, sq):
            return ("off-map", "That square is off the map.")
        rubble = state.battle_map.rules_at(sq).rubble
        if not rubble:
            return ("no-rubble", "There is no rubble to dig there (UG-RUBBLE).")
        if state.move_used or state.attack_used:
            return ("no-actions", f"Digging takes the whole activation: {me.card.name} has used an action "
                                  "(UG-RUBBLE).")
        if sq not in dig_squares(state, me):
            if rubble == "solid" and chebyshev(me.square, sq) <= 1:
                return ("needs-pick", f"Solid rock is dug only with a pick; {me.card.name} has none (UG-RUBBLE).")
            return ("not-adjacent", f"{me.card.name} digs only at rubble next to it (UG-RUBBLE).")
        return None

    def perform(self, state: GameState, action: Any, out: list[ev.Event]) -> None:
        """Dig at ``action.square`` (UG-RUBBLE): the whole activation; 5 feet open the square."""
        me = state.actor
        sq: Square = (action.square[0], action.square[1])
        state.move_used = state.attack_used = True
        rubble = state.battle_map.rules_at(sq).rubble
        rolls = _dig_rolls(state, rubble)
        feet = _dig_feet(rubble, rolls)
        total = dug(state, sq) + feet
        cleared = total >= SQUARE_FEET
        set_note(state, "dug", _key(sq), None if cleared else total)
        if cleared:
            _clear(state, sq)
        out.append(ev.RubbleDug(me.uid, sq, feet, min(total, SQUARE_FEET), cleared, rolls))


def _grid5e_prone(state: GameState) -> bool:
    """True when a module with the prone actions is on (grid5e's StandUp takes over standing up)."""
    return bool(SERVICES.book_of(state).prone_moves)


__all__ = ["LANDING_ORDER", "NO_RISK", "CaveRisk", "Underground", "body", "dark_checks", "dig_squares",
           "drifts_at", "dug", "dug_out", "expected_fall_damage", "fail_chance", "fall_damage", "fatigue",
           "fatigue_name", "fits", "floor_depth", "forced_risk", "height", "hidden_in_dark", "ice_spot",
           "icy_at", "in_dark", "landing_rules", "low_level", "lowness", "melee_slip_chance", "move_risk",
           "note", "on_slope", "sees_in_dark", "slide_damage", "slope_entered", "turned"]
