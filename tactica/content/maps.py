"""Map files: terrain drawn as text rows, start areas and VP zones as an overlay.

A map, as written by hand::

    name: Crossroads Ruin
    points: 200            # battle size it is drawn for (start areas hold that many creatures)
    legend:                # symbol -> terrain kind; optional for the default symbols below
      ".": clear
      "#": wall
      "^": difficult
    terrain: |
      ....#....
      ..^^#....
    zones: |               # A/B start areas, a/b VP zones, '.' nothing (C/D, c/d: free-for-all)
      AA......b
      AA..a...B

The default symbols (no legend needed) are the engine's ``terrain.SYMBOLS``:
'.' clear, '#' wall, '^' difficult, 'T' forest, 'O' pit, '*' smoke,
'S' statue, '%' blood rock, '+' sacred circle, '@' teleporter (TER-*).
Start areas may not cover walls, pits or statues (SET-3); no zone covers a
wall.

VP zone ``a`` scores for the player who starts in area ``A`` (SCN-ASSAULT),
so it usually lies on B's side.  Comments cannot go inside a ``|`` block
(they would be rows); put them above it.
"""
from __future__ import annotations

from tactica.engine.model import SYMBOLS, CustomTerrain, MapDef, Square, Terrain, TerrainRules, rules_of
from tactica.engine.state import Ruleset

from .fields import MAP, TERRAIN_KINDS, TERRAIN_TYPE
from .schema import Doc, did_you_mean
from .sense import map_warnings, reach_errors
from .yamlsafe import NULL_TAG, MappingNode, Node, ScalarNode, SequenceNode

#: Symbols every map may use without a legend.
DEFAULT_LEGEND = dict(SYMBOLS)
#: Overlay symbols: start areas (upper case) and VP zones (lower case).
ZONE_SYMBOLS = {"A": ("start", "A"), "B": ("start", "B"), "a": ("vp", "A"), "b": ("vp", "B"),
                "C": ("start", "C"), "D": ("start", "D"), "c": ("vp", "C"), "d": ("vp", "D")}
#: Overlay symbols of the extra start areas and VP zones of a free-for-all map (SCN-MULTI).
EXTRA_SYMBOLS = "CDcd"
KINDS = TERRAIN_KINDS
MAX_SIDE = 100

Row = tuple[str, int, int]  # text, 0-based line, 0-based column of its first symbol


def rows_of(doc: Doc, node: Node, what: str) -> list[Row] | None:
    """The rows of a ``|`` block (or a list of strings) with their source positions."""
    if isinstance(node, SequenceNode):
        out = []
        for item in node.value:
            text = doc.text(item, f"a row of {what}")
            if text is not None:
                quoted = 1 if item.style in ("'", '"') else 0
                out.append((text, item.start_mark.line, item.start_mark.column + quoted))
        return out
    if not isinstance(node, ScalarNode) or node.tag == NULL_TAG:
        doc.error(node, f"expected rows of symbols (a '|' block) for {what}; got "
                        f"{'nothing' if isinstance(node, ScalarNode) else 'a mapping'}")
        return None
    if node.style == ">":
        doc.error(node, f"use a literal block ('|', not '>') for {what} so each row keeps its own line")
        return None
    rows = node.value.split("\n")
    while rows and rows[-1] == "":
        rows.pop()
    if not rows:
        doc.error(node, f"{what} has no rows")
        return None
    if node.style != "|":
        return [(row, node.start_mark.line, node.start_mark.column) for row in rows]
    first = node.start_mark.line + 1
    indent = 0
    for line in doc.lines[first:]:
        if line.strip():
            indent = len(line) - len(line.lstrip(" "))
            break
    out = []
    for i, row in enumerate(rows):
        line = first + i
        if line < len(doc.lines) and doc.lines[line][indent:] == row:
            out.append((row, line, indent))
        else:  # unusual block (explicit indent, tabs): fall back to the block start
            out.append((row, node.start_mark.line, node.start_mark.column))
    return out


def parse_terrain_type(doc: Doc, node: Node, index: int) -> CustomTerrain | None:
    """One entry of a map's ``terrain_types`` (TER-OTHER) as a CustomTerrain, or None after problems.

    Each property maps onto a ``TerrainRules`` field the engine implements:
    cost, blocking (a wall), obscuring (smoke), dense (forest sight), cover,
    cover_inside, stop, pit (also implied by a name ending in "pit",
    TER-PIT), deploy, attack_bonus, melee_crit.  Unknown keys are problems.
    """
    what = f"terrain type {index + 1}"
    f = doc.fields(node, TERRAIN_TYPE, what)
    if f is None:
        return None
    v = doc.plain_fields(f, TERRAIN_TYPE, what)
    name, symbol = v["name"], v["symbol"]
    if name is not None:
        what = f"terrain type '{name}'"
    if symbol is not None and (len(symbol) != 1 or symbol.isspace()):
        doc.error(f["symbol"][1], f"the symbol of {what} is one character; got '{symbol}'")
        return None
    if symbol is not None and symbol in DEFAULT_LEGEND:
        doc.error(f["symbol"][1], f"'{symbol}' is the default symbol of {DEFAULT_LEGEND[symbol].value}; "
                                  f"give {what} another one")
        return None
    if name is not None and name.lower() in KINDS:
        doc.error(f["name"][1], f"'{name}' is a built-in terrain kind; name {what} differently")
        return None
    if any(value is None for key, value in v.items() if key != "deploy"):
        return None
    pit = v["pit"] or name.lower().endswith("pit")  # TER-PIT: anything named "... Pit"
    blocking, stop = v["blocking"], v["stop"]
    deploy = v["deploy"] if v["deploy"] is not None else not (blocking or pit or not stop)
    rules = TerrainRules(
        symbol, cost=v["cost"], blocks_movement=blocking, blocks_sight=blocking or v["obscuring"],
        blocks_effect=blocking, forest_sight=v["dense"],
        cover_ranged=blocking or v["cover"] in ("ranged", "all"),
        cover_area=blocking or v["cover"] == "all", cover_inside=v["cover_inside"],
        can_stop=stop and not blocking, fliers_only=pit, destroys=pit, deploy=deploy and not blocking,
        melee_crit=v["melee_crit"], attack_bonus=v["attack_bonus"], hides=v["obscuring"] and not blocking)
    return CustomTerrain(name, rules)


def _terrain_types(doc: Doc, node: Node) -> list[CustomTerrain]:
    """The ``terrain_types`` list (TER-OTHER): names and symbols must be unique."""
    out: list[CustomTerrain] = []
    for i, item in enumerate(doc.sequence(node, MAP["terrain_types"].what(""), allow_empty=True) or []):
        found = parse_terrain_type(doc, item, i)
        if found is None:
            continue
        clash = next((t for t in out if t.name.lower() == found.name.lower()
                      or t.rules.symbol == found.rules.symbol), None)
        if clash is not None:
            doc.error(item, f"terrain type '{found.name}' repeats the name or symbol of '{clash.name}'")
            continue
        out.append(found)
    return out


def _legend(doc: Doc, node: Node, custom: dict[str, CustomTerrain] | None = None) -> dict:
    legend = dict(DEFAULT_LEGEND)
    custom = custom or {}
    if not isinstance(node, MappingNode):
        doc.error(node, "expected a mapping of symbol: terrain kind for the legend")
        return legend
    for key, value in node.value:
        symbol = key.value if isinstance(key, ScalarNode) else None
        if not symbol or len(symbol) != 1 or symbol.isspace():
            doc.error(key, f"a legend symbol is one character; got '{symbol}'")
            continue
        kind = doc.text(value, f"the terrain kind of '{symbol}'")
        if kind is None:
            continue
        if kind in custom:  # a map's own kind under another symbol too (TER-OTHER)
            legend[symbol] = custom[kind]
            continue
        if kind not in KINDS:
            hint = did_you_mean(kind, KINDS)
            doc.error(value, f"unknown terrain kind '{kind}' for symbol '{symbol}'{hint} "
                             f"(the engine implements: {', '.join(KINDS)})")
            continue
        legend[symbol] = Terrain(kind)
    return legend


def _grid_rows(doc: Doc, rows: list[Row], what: str) -> int | None:
    """Check every row has the first row's width; returns that width, or None."""
    width = len(rows[0][0])
    ok = width > 0
    if not ok:
        doc.error(rows[0][1:], f"the first row of {what} is empty")
        return None
    for i, (text, line, col) in enumerate(rows[1:], start=2):
        if len(text) != width:
            at = col + min(len(text), width)
            doc.error((line, at), f"row {i} of {what} is {len(text)} squares wide; expected {width} "
                                  "like row 1")
            ok = False
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        doc.error(rows[0][1:], f"{what} is {width}×{len(rows)}; at most {MAX_SIDE}×{MAX_SIDE}")
        ok = False
    return width if ok else None


def parse_map(doc: Doc, root: Node, map_id: str) -> MapDef | None:
    """Build a MapDef (SET-2..4, SCN-ASSAULT) from a map file's root node.

    Checks: symbols known to the legend, rectangular rows, an overlay of the
    same size, start areas A and B with room for the battle size's creature
    count (WB-4) and off the walls (SET-3), VP zones a and b, and that every
    area and zone can be reached from start area A (MOV-7 corner rule) —
    and so, as all of B is reached from A, from both start areas.  Then
    warns (``sense.map_warnings``) about VP zones on the wrong side or at
    unequal distances.  Returns None after recording errors in ``doc``.
    """
    f = doc.fields(root, MAP, "the map")
    if f is None:
        return None
    v = doc.plain_fields(f, MAP)
    name, points = v["name"], v["points"]
    customs = _terrain_types(doc, f["terrain_types"][1]) if "terrain_types" in f else []
    by_name = {t.name: t for t in customs}
    legend = _legend(doc, f["legend"][1], by_name) if "legend" in f else dict(DEFAULT_LEGEND)
    for t in customs:  # TER-OTHER: each map-defined kind by its own symbol
        legend.setdefault(t.rules.symbol, t)
    terrain_rows = rows_of(doc, f["terrain"][1], MAP["terrain"].what("")) if "terrain" in f else None
    zone_rows = rows_of(doc, f["zones"][1], MAP["zones"].what("")) if "zones" in f else None
    if not terrain_rows:
        return None
    width = _grid_rows(doc, terrain_rows, "the terrain")
    if len(terrain_rows) > MAX_SIDE or len(terrain_rows[0][0]) > MAX_SIDE:
        return None  # too large to look at square by square
    grid: list[tuple] = []
    for y, (text, line, col) in enumerate(terrain_rows):
        row = []
        for x, ch in enumerate(text):
            if ch not in legend:
                shown = ", ".join(f"'{s}'" for s in sorted(legend))
                doc.error((line, col + x), f"unknown terrain symbol '{ch}' (row {y + 1}, column {x + 1}); "
                                           f"the legend has {shown}")
            row.append(legend.get(ch, Terrain.CLEAR))
        grid.append(tuple(row))
    if width is None or not zone_rows:
        return None
    zwidth = _grid_rows(doc, zone_rows, "the zones")
    if zwidth is None:
        return None
    if zwidth != width or len(zone_rows) != len(terrain_rows):
        doc.error(f["zones"][1], f"the zones are {zwidth}×{len(zone_rows)}; expected the terrain's size "
                                 f"{width}×{len(terrain_rows)}")
        return None
    areas: dict[tuple[str, str], set[Square]] = {k: set() for k in ZONE_SYMBOLS.values()}
    first_at: dict[str, tuple[int, int]] = {}
    for y, (text, line, col) in enumerate(zone_rows):
        for x, ch in enumerate(text):
            if ch == ".":
                continue
            if ch not in ZONE_SYMBOLS:
                doc.error((line, col + x), f"unknown zone symbol '{ch}' (row {y + 1}, column {x + 1}); "
                                           "expected 'A' or 'B' (start areas; 'C' and 'D' too on a "
                                           "free-for-all map), 'a' to 'd' (VP zones) or '.'")
                continue
            first_at.setdefault(ch, (line, col + x))
            if y < len(grid) and rules_of(grid[y][x]).blocks_movement:
                doc.error((line, col + x), f"zone '{ch}' covers a wall (row {y + 1}, column {x + 1})")
            elif y < len(grid) and ch in "ABCD" and not rules_of(grid[y][x]).deploy:
                doc.error((line, col + x), f"start area '{ch}' covers a {grid[y][x].value} (row {y + 1}, "
                                           f"column {x + 1}); no creature deploys there (SET-3)")
            areas[ZONE_SYMBOLS[ch]].add((x, y))
    # SCN-MULTI: a free-for-all map has all of C, D, c and d, or none of them.
    letters = "AB" + ("CD" if any(areas[ZONE_SYMBOLS[ch]] for ch in EXTRA_SYMBOLS) else "")
    for ch, key in ZONE_SYMBOLS.items():
        if not areas[key] and ch.upper() in letters:
            kind = "start area" if key[0] == "start" else "VP zone"
            doc.error(f["zones"][1], f"the zones have no {kind} '{ch}'")
    if not doc.ok or name is None or points is None:
        return None
    the_map = MapDef(id=map_id, name=name, terrain=tuple(grid),
                     start_areas={k: frozenset(areas[("start", k)]) for k in letters},
                     vp_zones={k: frozenset(areas[("vp", k)]) for k in letters}, points=points)
    need = Ruleset(point_limit=points).max_creatures
    for ch in letters:
        if len(areas[("start", ch)]) < need:
            doc.error(first_at[ch], f"start area '{ch}' has {len(areas[('start', ch)])} squares; a "
                                    f"{points}-point battle needs room for {need} creatures")
    reach_errors(doc, the_map, first_at)
    if not doc.ok:
        return None
    map_warnings(doc, the_map, first_at)
    return the_map
