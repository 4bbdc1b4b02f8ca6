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
'S' statue, '%' blood rock, '+' sacred circle, '@' teleporter (TER-*), '_' low obstacle
(G35-OBSTACLE).
Start areas may not cover walls, pits or statues (SET-3); no zone covers a
wall.

VP zone ``a`` scores for the player who starts in area ``A`` (SCN-ASSAULT),
so it usually lies on B's side.  Comments cannot go inside a ``|`` block
(they would be rows); put them above it.
"""
from __future__ import annotations

import re
from collections import Counter

from tactica.engine import (
    SYMBOLS,
    CustomTerrain,
    MapDef,
    Ruleset,
    Square,
    Terrain,
    TerrainRules,
    module_conflict,
    terrain_rules,
)

from .fields import MAP, TERRAIN_KINDS, TERRAIN_TYPE
from .limits import MAX_MAP_SIDE
from .schema import Doc, did_you_mean
from .sense import map_warnings, reach_errors, terrain_errors, underground_warnings
from .yamlsafe import NULL_TAG, MappingNode, Node, ScalarNode, SequenceNode

#: Symbols every map may use without a legend.
DEFAULT_LEGEND = dict(SYMBOLS)
#: Overlay symbols: start areas (upper case) and VP zones (lower case).
ZONE_SYMBOLS = {"A": ("start", "A"), "B": ("start", "B"), "a": ("vp", "A"), "b": ("vp", "B"),
                "C": ("start", "C"), "D": ("start", "D"), "c": ("vp", "C"), "d": ("vp", "D")}
#: Overlay symbols of the extra start areas and VP zones of a free-for-all map (SCN-MULTI).
EXTRA_SYMBOLS = "CDcd"
KINDS = TERRAIN_KINDS
#: Widest and tallest map (``limits.MAX_MAP_SIDE``, shared with the saves).
MAX_SIDE = MAX_MAP_SIDE

Row = tuple[str, int, int]  # text, 0-based line, 0-based column of its first symbol
#: Invisible characters dropped from the end of every row (no symbol is a space or a tab).
TRAILING = " \t"


def _symbol(ch: str) -> str:
    """A symbol as messages show it: 'x', or ' ' (a space) and a tab named, as they cannot be seen."""
    return {" ": "' ' (a space)", "\t": "'\\t' (a tab)"}.get(ch, f"'{ch}'")


def rows_of(doc: Doc, node: Node, what: str) -> list[Row] | None:
    """The rows of a ``|`` block (or a list of strings) with their source positions."""
    if isinstance(node, SequenceNode):
        out = []
        for item in node.value:
            text = doc.text(item, f"a row of {what}")
            if text is not None:
                quoted = 1 if item.style in ("'", '"') else 0
                out.append((text.rstrip(TRAILING), item.start_mark.line, item.start_mark.column + quoted))
        return out
    if not isinstance(node, ScalarNode) or node.tag == NULL_TAG:
        doc.error(node, f"expected rows of symbols (a '|' block) for {what}; got "
                        f"{'nothing' if isinstance(node, ScalarNode) else 'a mapping'}")
        return None
    if node.style == ">":
        doc.error(node, f"use a literal block ('|', not '>') for {what} so each row keeps its own line")
        return None
    if node.style is None and node.start_mark.line != node.end_mark.line:
        doc.error(node, f"the rows of {what} ran together into one line: put '|' after the key "
                        f"('{what.removeprefix('the ')}: |') so each row keeps its own line")
        return None
    rows = node.value.split("\n")
    while rows and rows[-1] == "":
        rows.pop()
    if not rows:
        doc.error(node, f"{what} has no rows")
        return None
    if node.style != "|":
        return [(row.rstrip(TRAILING), node.start_mark.line, node.start_mark.column) for row in rows]
    first = node.start_mark.line + 1
    indent = 0
    for text in doc.lines[first:]:
        if text.strip():
            indent = len(text) - len(text.lstrip(" "))
            break
    out = []
    for i, row in enumerate(rows):
        line = first + i
        if _is_comment(row):
            doc.error((line, indent), f"row {i + 1} of {what} is a comment ('{row.strip()[:30]}'): inside a "
                                      "'|' block it becomes a row; put it above the block's key")
            continue
        if line < len(doc.lines) and doc.lines[line][indent:] == row:
            out.append((row.rstrip(TRAILING), line, indent))
        else:  # unusual block (explicit indent, tabs): fall back to the block start
            out.append((row.rstrip(TRAILING), node.start_mark.line, node.start_mark.column))
    return out


def _is_comment(row: str) -> bool:
    """True for a row of a '|' block that is a comment ('# the river'), not a row of walls ('###')."""
    text = row.strip()
    return text.startswith("#") and any(ch.isspace() for ch in text)


#: A legend line that YAML reads as a comment: ``#: difficult`` (the symbol must be quoted).
_COMMENTED_SYMBOL = re.compile(r"^(\s*)#\s*:\s*([A-Za-z-]+)\s*(#.*)?$")


def _commented_symbols(doc: Doc, key: Node) -> None:
    """Errors for ``#: kind`` lines under the ``legend`` key: YAML drops them as comments.

    ``#: wall`` is harmless ('#' is a wall without a legend) and passes.
    """
    indent = key.start_mark.column
    for line in range(key.start_mark.line + 1, len(doc.lines)):
        text = doc.lines[line]
        if text.strip() and not text.lstrip().startswith("#") and len(text) - len(text.lstrip()) <= indent:
            break
        found = _COMMENTED_SYMBOL.match(text)
        if found and len(found.group(1)) > indent and found.group(2) != DEFAULT_LEGEND["#"].value:
            doc.error((line, len(found.group(1))), f"'#: {found.group(2)}' is a YAML comment, so the legend "
                                                   f"does not have it; quote the symbol: \"#\": {found.group(2)}")


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
    cave = _cave_features(doc, f, v, what)
    if cave is None:
        return None
    # UG-RUBBLE, UG-FALL, UG-SLIDE: nobody deploys in rubble, down a chasm or on a slope
    blocked_start = bool(cave["rubble"] or cave["depth"] or cave["slope"])
    deploy = v["deploy"] if v["deploy"] is not None else not (blocking or pit or not stop or blocked_start)
    wall = blocking or bool(cave["rubble"])  # UG-RUBBLE: rubble is a wall until dug out
    rules = TerrainRules(
        symbol, cost=v["cost"], blocks_movement=wall, blocks_sight=wall or v["obscuring"],
        blocks_effect=wall, forest_sight=v["dense"],
        cover_ranged=wall or v["cover"] in ("ranged", "all"),
        cover_area=wall or v["cover"] == "all", cover_inside=v["cover_inside"],
        can_stop=stop and not wall, fliers_only=pit, destroys=pit, deploy=deploy and not wall,
        melee_crit=v["melee_crit"], attack_bonus=v["attack_bonus"], hides=v["obscuring"] and not blocking,
        **cave)
    return CustomTerrain(name, rules)


#: The cave features of a terrain type (read by the underground module only).
CAVE_KEYS = ("ceiling", "gap_width", "gap_height", "rubble", "depth", "slope", "landing", "spikes", "dark",
             "slippery")


def _cave_features(doc: Doc, f: dict[str, tuple[Node, Node]], v: dict, what: str) -> dict | None:
    """The cave features (UG-*) of a terrain type as ``TerrainRules`` keywords, or None after a
    positioned error for a combination that makes no sense: spikes without a spiked landing (or a
    spiked landing without spikes), a gap with only one side, rubble or a gap on a blocking kind, a
    square both a chasm and a slope."""
    out = {key: v[key] for key in CAVE_KEYS}
    out["rubble"] = "" if out["rubble"] == "none" else out["rubble"]
    out["landing"] = "" if out["landing"] == "hard" else out["landing"]
    ok = True
    if out["spikes"] and out["landing"] != "spiked":
        doc.error(f["spikes"][1], f"{what} has spikes but its landing is not 'spiked' (UG-FALL); "
                                  "add landing: spiked or drop the spikes")
        ok = False
    if out["landing"] == "spiked" and not out["spikes"]:
        doc.error(f["landing"][1], f"{what} has a spiked landing but no spikes: give spikes: 1 (sparse) "
                                   "or 3 (dense), the d6 rolled for the spikes that hit (UG-FALL)")
        ok = False
    if bool(out["gap_width"]) != bool(out["gap_height"]):
        have, lack = ("gap_width", "gap_height") if out["gap_width"] else ("gap_height", "gap_width")
        doc.error(f[have][1], f"{what} has {have} but no {lack}: a gap has both, in inches (UG-SQUEEZE)")
        ok = False
    if v["blocking"] and (out["rubble"] or out["gap_width"] or out["ceiling"] or out["depth"] or out["slope"]):
        key = next(k for k in ("rubble", "gap_width", "ceiling", "depth", "slope") if out[k])
        doc.error(f[key][1], f"{what} is blocking (a wall): '{key}' is for squares a creature may "
                             "enter; drop one of the two")
        ok = False
    if out["depth"] and out["slope"]:
        doc.error(f["slope"][1], f"{what} is both a chasm (depth) and a slope; make them two terrain types")
        ok = False
    return out if ok else None


def _raw_symbol(node: Node) -> str | None:
    """The ``symbol`` a terrain type entry gives, read without checking (None if it has none)."""
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if getattr(key, "value", None) == "symbol" and isinstance(value, ScalarNode):
                return value.value if len(value.value) == 1 else None
    return None


def _terrain_types(doc: Doc, node: Node, broken: set[str]) -> list[CustomTerrain]:
    """The ``terrain_types`` list (TER-OTHER): names and symbols must be unique.

    The symbol of an entry with problems is added to ``broken``, so that its
    squares are not reported again as unknown symbols.
    """
    out: list[CustomTerrain] = []
    for i, item in enumerate(doc.sequence(node, MAP["terrain_types"].what(""), allow_empty=True) or []):
        found = parse_terrain_type(doc, item, i)
        if found is None:
            symbol = _raw_symbol(item)
            if symbol is not None and symbol not in DEFAULT_LEGEND:
                broken.add(symbol)
            continue
        clash = next((t for t in out if t.name.lower() == found.name.lower()
                      or t.rules.symbol == found.rules.symbol), None)
        if clash is not None:
            doc.error(item, f"terrain type '{found.name}' repeats the name or symbol of '{clash.name}'")
            continue
        out.append(found)
    return out


def _legend(doc: Doc, node: Node, custom: dict[str, CustomTerrain] | None = None,
            broken: set[str] | None = None) -> dict[str, Terrain | CustomTerrain]:
    """The symbols of a map: the defaults, then the ``legend`` entries.

    A symbol whose entry has a problem is added to ``broken`` (its squares
    are then not reported again as unknown symbols).
    """
    legend: dict[str, Terrain | CustomTerrain] = dict(DEFAULT_LEGEND)
    custom = custom or {}
    broken = set() if broken is None else broken
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
            broken.add(symbol)
            continue
        if kind in custom:  # a map's own kind under another symbol too (TER-OTHER)
            legend[symbol] = custom[kind]
            continue
        if kind not in KINDS:
            hint = did_you_mean(kind, KINDS)
            doc.error(value, f"unknown terrain kind '{kind}' for symbol '{symbol}'{hint} "
                             f"(the engine implements: {', '.join(KINDS)})")
            broken.add(symbol)
            continue
        legend[symbol] = Terrain(kind)
    return legend


def _grid_rows(doc: Doc, rows: list[Row], what: str) -> int | None:
    """Check every row has the same width; returns that width, or None.

    The width most rows have is the map's (the first row's when there is no majority): an odd
    first row is blamed alone, not every other row.
    """
    counts = Counter(len(text) for text, _, _ in rows)
    first = len(rows[0][0])
    width = max(counts, key=lambda w: (counts[w], w == first))
    if width == 0:
        doc.error(rows[0][1:], f"the first row of {what} is empty")
        return None
    ok = True
    model = next(i for i, (text, _, _) in enumerate(rows, start=1) if len(text) == width)
    for i, (text, line, col) in enumerate(rows, start=1):
        if len(text) != width:
            at = col + min(len(text), width)
            doc.error((line, at), f"row {i} of {what} is {len(text)} squares wide; expected {width} "
                                  f"like row {model}")
            ok = False
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        verb = "are" if what.endswith("s") else "is"
        doc.error(rows[0][1:], f"{what} {verb} {width}×{len(rows)}; at most {MAX_SIDE}×{MAX_SIDE}")
        ok = False
    return width if ok else None


def _more(places: list) -> str:
    """", and N more squares" for a problem found on several squares ("" for one)."""
    extra = len(places) - 1
    return f", and {extra} more square{'s' if extra != 1 else ''}" if extra else ""


def _rule_modules(doc: Doc, f: dict[str, tuple[Node, Node]]) -> tuple[str, ...]:
    """The map's ``rules:`` (one rule module's name or a list), each name checked against the
    engine's registry (``OPTIONAL_MODULES``) with a positioned error; the known ones, in order."""
    names: list[str] = []
    spec = MAP["rules"]
    for name, node in doc.get(f, "rules", "text_list", spec.what(""), default=[]) or []:
        if name not in spec.choices:
            hint = did_you_mean(name, spec.choices) or f"; expected one of: {', '.join(spec.choices)}"
            doc.error(node, f"unknown rule module '{name}'{hint}")
        elif name in names:
            doc.error(node, f"rule module '{name}' is listed twice")
        elif module_conflict(names + [name]):
            doc.error(node, str(module_conflict(names + [name])))
        else:
            names.append(name)
    return tuple(names)


def parse_map(doc: Doc, root: Node, map_id: str) -> MapDef | None:
    """Build a MapDef (SET-2..4, SCN-ASSAULT) from a map file's root node.

    Checks: symbols known to the legend, rectangular rows, an overlay of the
    same size, start areas A and B with room for the battle size's creature
    count (WB-4) and off the walls (SET-3), VP zones a and b, and that every
    area and zone can be reached from start area A (MOV-7 corner rule) —
    and so, as all of B is reached from A, from both start areas.  Then
    warns (``sense.map_warnings``) about VP zones on the wrong side or at
    unequal distances.  Returns None after recording errors in ``doc``.

    Every independent mistake is reported in one pass: a bad key or value
    does not stop the checks of the rows and zones, ragged terrain rows do
    not stop the zones' checks, and the start areas' sizes are checked
    whatever else is wrong.  A mistake repeated on many squares (one unknown
    symbol, one zone over walls) is one problem at its first square that
    says how many more squares have it.  A VP zone all on pits (TER-PIT), a
    VP zone with no square a move may end on (MOV-2: statues, low obstacles,
    a map's own kinds with ``stop: false``) and a lone teleporter
    (TER-TELEPORT) are errors too (``sense.terrain_errors``).
    Only reachability, which needs a
    sound grid and overlay, waits until those have no problem.
    """
    f = doc.fields(root, MAP, "the map")
    if f is None:
        return None
    v = doc.plain_fields(f, MAP)
    name, points = v["name"], v["points"]
    modules = _rule_modules(doc, f)
    broken: set[str] = set()  # symbols whose own entry (legend, terrain type) has a problem
    customs = _terrain_types(doc, f["terrain_types"][1], broken) if "terrain_types" in f else []
    by_name = {t.name: t for t in customs}
    legend: dict[str, Terrain | CustomTerrain] = (_legend(doc, f["legend"][1], by_name, broken) if "legend" in f
                                                  else dict(DEFAULT_LEGEND))
    if "legend" in f:
        _commented_symbols(doc, f["legend"][0])
    for t in customs:  # TER-OTHER: each map-defined kind by its own symbol
        legend.setdefault(t.rules.symbol, t)
    terrain_rows = (rows_of(doc, f["terrain"][1], MAP["terrain"].what("")) if "terrain" in f else None) or []
    zone_rows = rows_of(doc, f["zones"][1], MAP["zones"].what("")) if "zones" in f else None
    sound = True  # the grid and overlay are fit for the reachability checks
    width = None
    grid: list[tuple] = []
    if terrain_rows:
        width = _grid_rows(doc, terrain_rows, "the terrain")
        if len(terrain_rows) > MAX_SIDE or len(terrain_rows[0][0]) > MAX_SIDE:
            terrain_rows = []  # too large to look at square by square
        unknown: dict[str, list[tuple[int, int, int, int]]] = {}
        for y, (text, line, col) in enumerate(terrain_rows):
            row = []
            for x, ch in enumerate(text):
                if ch not in legend and ch not in broken:
                    unknown.setdefault(ch, []).append((line, col + x, y, x))
                row.append(legend.get(ch, Terrain.CLEAR))
            grid.append(tuple(row))
        shown = ", ".join(f"'{s}'" for s in sorted(legend))
        for ch, places in unknown.items():
            line, col, y, x = places[0]
            doc.error((line, col), f"unknown terrain symbol {_symbol(ch)} (row {y + 1}, column {x + 1}"
                                   f"{_more(places)}); the legend has {shown}")
        sound = bool(grid) and width is not None and not unknown and not broken
    else:
        sound = False
    areas: dict[tuple[str, str], set[Square]] = {k: set() for k in ZONE_SYMBOLS.values()}
    first_at: dict[str, tuple[int, int]] = {}
    if zone_rows:
        zwidth = _grid_rows(doc, zone_rows, "the zones")
        if len(zone_rows) > MAX_SIDE or len(zone_rows[0][0]) > MAX_SIDE:
            zone_rows = []
        if zwidth is None:
            sound = False
        elif width is not None and (zwidth != width or len(zone_rows) != len(terrain_rows)):
            doc.error(f["zones"][1], f"the zones are {zwidth}×{len(zone_rows)}; expected the terrain's size "
                                     f"{width}×{len(terrain_rows)}")
            sound = False
        bad: dict[tuple[str, str], list[tuple[int, int, int, int]]] = {}
        for y, (text, line, col) in enumerate(zone_rows):
            for x, ch in enumerate(text):
                if ch == ".":
                    continue
                place = (line, col + x, y, x)
                if ch not in ZONE_SYMBOLS:
                    bad.setdefault(("symbol", ch), []).append(place)
                    continue
                first_at.setdefault(ch, (line, col + x))
                under = grid[y][x] if y < len(grid) and x < len(grid[y]) else None
                if under is not None and terrain_rules(under).blocks_movement:
                    bad.setdefault(("wall", ch), []).append(place)
                elif under is not None and ch in "ABCD" and not terrain_rules(under).deploy:
                    bad.setdefault((under.value, ch), []).append(place)
                areas[ZONE_SYMBOLS[ch]].add((x, y))
        for (problem, ch), places in bad.items():
            line, col, y, x = places[0]
            at = f"row {y + 1}, column {x + 1}{_more(places)}"
            if problem == "symbol":
                doc.error((line, col), f"unknown zone symbol {_symbol(ch)} ({at}); expected 'A' or 'B' (start areas; "
                                       "'C' and 'D' too on a free-for-all map), 'a' to 'd' (VP zones) or '.'")
            elif problem == "wall":
                doc.error((line, col), f"zone '{ch}' covers a wall ({at})")
            else:
                doc.error((line, col), f"start area '{ch}' covers a {problem} ({at}); no creature deploys "
                                       "there (SET-3)")
        sound = sound and not bad
    else:
        sound = False
    # SCN-MULTI: a free-for-all map has all of C, D, c and d, or none of them.
    letters = "AB" + ("CD" if any(areas[ZONE_SYMBOLS[ch]] for ch in EXTRA_SYMBOLS) else "")
    if zone_rows:
        for ch, key in ZONE_SYMBOLS.items():
            if not areas[key] and ch.upper() in letters:
                kind = "start area" if key[0] == "start" else "VP zone"
                doc.error(f["zones"][1], f"the zones have no {kind} '{ch}'")
                sound = False
    if points is not None:  # WB-4: room for the battle size's most creatures, whatever else is wrong
        need = Ruleset(point_limit=points).max_creatures
        for ch in letters:
            if areas[("start", ch)] and len(areas[("start", ch)]) < need:
                n = len(areas[("start", ch)])
                doc.error(first_at[ch], f"start area '{ch}' has {n} square{'s' if n != 1 else ''}; a "
                                        f"{points}-point battle needs room for {need} creatures")
    if not sound:
        return None
    the_map = MapDef(id=map_id, name=name or "", terrain=tuple(grid),
                     start_areas={k: frozenset(areas[("start", k)]) for k in letters},
                     vp_zones={k: frozenset(areas[("vp", k)]) for k in letters}, points=points or 200,
                     rules=modules)
    reach_errors(doc, the_map, first_at)
    where = {(x, y): (line, col + x) for y, (text, line, col) in enumerate(terrain_rows) for x in range(len(text))}
    terrain_errors(doc, the_map, first_at, where)  # TER-PIT VP zones, a lone teleporter (TER-TELEPORT)
    if not doc.ok or name is None or points is None:
        return None
    if "underground" not in modules:
        for t in customs:
            if t.rules.cave:
                doc.warn(f["terrain_types"][1], f"terrain type '{t.name}' has cave features that only the "
                                                "underground module reads; add 'rules: [underground]' (or "
                                                "play with --rules underground)")
                break
    map_warnings(doc, the_map, first_at)
    if "underground" in modules:
        underground_warnings(doc, the_map, first_at)
    return the_map
