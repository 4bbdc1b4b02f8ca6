"""``tactica preview MAP.yaml``: draw a map file in the terminal as the battle screen would.

Uses Rich only (no Textual app runs): each square is three columns with the
battle map's own styles (``widgets.map_view``), start areas tinted in their
player's colour, VP zones as ``◆``, column numbers along the top and bottom
edges and row numbers along the sides (1-based, as the battle log and the
validator count), then a legend.  ``--svg OUT`` also writes the picture as
an SVG file.  A file with errors prints the validator's lines
(``path:line:col: error: …``) and exits 1; warnings are printed under the
map.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console, Group
from rich.style import Style
from rich.text import Text

from tactica.engine import MapDef, Square, Terrain, ceiling_level, terrain_rules

from .widgets.map_view import CELL, HALF_WALL_CELLS, cave_cell, cave_glyphs, cave_text
from .widgets.map_view import STYLES as MAP_STYLES

#: Columns taken by a row number on each side of the map.
GUTTER = 4
_S = {k: Style.parse(v) for k, v in MAP_STYLES.items()}


def cell(the_map: MapDef, sq: Square, plain: bool = False) -> tuple[str, Style]:
    """The text (CELL columns) and style of an empty square, as ``MapView`` draws it.

    With ``plain`` (no colours on the console) start areas and VP zones show
    their zone letters (``A``/``B``, ``a``/``b``) instead of a tint; on other ground than clear the letter
    stands before the ground's symbol (``AT `` forest in start area A, ``a^ ``), so neither hides the other.
    """
    terrain = the_map.terrain_at(sq)
    rules = terrain_rules(terrain)  # built-in kinds and the map's own (TER-OTHER)
    if rules.half_wall:
        return HALF_WALL_CELLS[rules.half_wall], _S["wall"]
    cave = cave_cell(rules) if rules.cave else None  # the underground module's features
    if cave is not None and rules.rubble:
        return cave_text(the_map, terrain, cave), _S[cave[1]]
    if rules.blocks_movement:
        return "█" * CELL, _S["wall"]
    rough = rules.difficult
    # the cave's glyphs, or the battle map's symbols: . ^ T O * S % + @, or the map's own
    text = cave_text(the_map, terrain, cave) if cave else f" {rules.symbol} "
    for player, key in enumerate("AB"):
        if sq in the_map.vp_zones.get(key, frozenset()):
            if terrain is Terrain.CLEAR or text[:1] != " ":
                mark = f" {key.lower()} " if plain else " ◆ " if terrain is Terrain.CLEAR else text
            else:  # the zone and the terrain under it, both: "a▪ ", "◆^ " (as MapView draws it)
                mark = (key.lower() if plain else "◆") + text[1:]
            return mark, _S[f"zone{player}"]
    for player, key in enumerate("AB"):
        if sq in the_map.start_areas.get(key, frozenset()):
            tint = _S[f"area{player}"] + (_S["difficult"] if rough else Style())
            if plain and terrain is not Terrain.CLEAR and text[:1] == " ":  # the area and its ground: "AT "
                return key + text[1:], tint
            return (f" {key} " if plain else text), tint
    return text, _S[cave[1] if cave else "difficult" if rough else "clear"]


def _column_numbers(width: int) -> Text:
    line = Text(" " * GUTTER, no_wrap=True)
    for x in range(width):
        line.append(f"{x + 1:^{CELL}}", style="bright_black" if x % 5 else "bold")
    return line


def map_text(the_map: MapDef, plain: bool = False) -> Text:
    """The map grid with coordinates on all four edges (1-based columns and rows); see ``cell``."""
    out = Text(no_wrap=True, overflow="crop")
    out.append_text(_column_numbers(the_map.width))
    for y in range(the_map.height):
        out.append("\n")
        style = "bright_black" if (y + 1) % 5 else "bold"
        out.append(f"{y + 1:>{GUTTER - 1}} ", style=style)
        for x in range(the_map.width):
            text, cell_style = cell(the_map, (x, y), plain)
            out.append(text, style=cell_style)
        out.append(f" {y + 1:<{GUTTER - 1}}", style=style)
    out.append("\n")
    out.append_text(_column_numbers(the_map.width))
    return out


#: The compass words of a slope's ``downhill`` (UG-SLIDE).
SLOPE_WAYS = {"n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south", "sw": "south-west",
              "w": "west", "nw": "north-west"}


def terrain_words(rules) -> str:
    """A map-defined terrain kind's rules in a few words (TER-OTHER), e.g. "costs 2, cover"."""
    words = []
    if rules.rubble:  # UG-RUBBLE
        return RUBBLE_WORDS.get(rules.rubble, f"{rules.rubble} rubble: dig it out (g)")
    if rules.blocks_movement:
        return "blocking (as a wall)"
    if rules.cave:  # the underground module's features, in a player's words (docs/modules/underground.md)
        words += [w for w in (
            ceiling_words(rules.ceiling) if rules.ceiling else "",
            (f"a gap {rules.gap_width} in wide, {rules.gap_height} in high: a bigger body cannot squeeze "
             "through") if rules.gap_width else "",
            f"{rules.depth} ft down: a push over the edge is a fall" if rules.depth else "",
            (f"a slope: whoever steps on slides {rules.slope} ft down"
             + (f" to the {SLOPE_WAYS.get(rules.downhill, rules.downhill)}" if rules.downhill else
                " the way they stepped")) if rules.slope else "",
            f"{rules.landing} landing" if rules.landing and rules.landing != "hard" else "",
            "darkness: moving fast bumps or strays, unseen from afar" if rules.dark else "",
            "ice: turning or stopping fast may fall prone" if rules.slippery else "") if w]
    if rules.fliers_only:
        words.append("pit (fliers only)")
    if rules.cost > 1:
        words.append(f"costs {rules.cost}")
    if rules.hides:
        words.append("hides")
    if rules.cover_ranged or rules.cover_inside:
        words.append("cover")
    if not rules.can_stop:
        words.append("no stop")
    if rules.attack_bonus:
        words.append(f"{rules.attack_bonus:+d} atk")
    if rules.melee_crit < 20:
        words.append(f"melee crit {rules.melee_crit}-20")
    return ", ".join(words) or "clear"


RUBBLE_WORDS = {"loose": "loose rubble: dig it out (g)", "partial": "scree, partly blocked: dig it out (g)",
                "solid": "solid rock: dug only with a pick (g)"}
"""A rubble kind in a player's words (UG-RUBBLE)."""

CEILING_WORDS = {0: "Large and bigger ones stoop", 1: "Medium ones stoop (moves ×1.5)",
                 2: "Medium ones on hands and knees (moves ×2, −5 attack)",
                 3: "Medium ones crawl (moves ×4, −8 attack)"}
"""What a low ceiling does to a Medium creature, 6 feet tall, by ``ceiling_level`` (UG-LOW)."""


def ceiling_words(ceiling: int) -> str:
    """A low ceiling of ``ceiling`` feet in a player's words: "ceiling 5 ft: Medium creatures stoop
    (moves cost ×1.5)" (UG-LOW)."""
    return f"ceiling {ceiling} ft: {CEILING_WORDS[ceiling_level(ceiling, 6)]}"


def legend_text(plain: bool = False, customs: tuple = (), the_map: MapDef | None = None) -> Text:
    """The legend: what each kind of square looks like (two entries a line).

    ``customs``: the map's own terrain kinds (TER-OTHER), listed after the built-in ones.
    ``the_map``: list only what that map has (its terrain kinds, start areas and VP zones); the VP
    zones named as the battle screen's legend names them before the start areas are chosen ("◆
    who starts in A scores here").  Without it, every kind is listed.
    """
    t = Text(no_wrap=True)
    has = _legend_keys(the_map)
    rows: list[tuple[str, Style | None, str]] = [
        (sample, style, words) for key, sample, style, words in (
            ("clear", " . ", _S["clear"], "clear"),
            ("difficult", " ^ ", _S["difficult"], "difficult (costs 2 to enter)"),
            ("wall", "█" * CELL, _S["wall"], "wall (blocks movement, sight)"),
            ("half-wall", HALF_WALL_CELLS["nw"], _S["wall"], "diagonal wall (free corner passable)"),
            ("area-A", " A " if plain else " . ", _S["area0"], "start area A (picked at setup)"),
            ("area-B", " B " if plain else " . ", _S["area1"], "start area B (picked at setup)"),
            ("zone-A", " a " if plain else " ◆ ", _S["zone0"], "VP zone: who starts in A scores here"),
            ("zone-B", " b " if plain else " ◆ ", _S["zone1"], "VP zone: who starts in B scores here"),
            ("forest", " T ", _S["difficult"], "forest (costs 2, cover)"),
            ("pit", " O ", _S["clear"], "pit (fliers only)"),
            ("smoke", " * ", _S["clear"], "smoke (hides)"),
            ("statue", " S ", _S["difficult"], "statue (costs 2, cover)"),
            ("blood-rock", " % ", _S["clear"], "blood rock (melee crit 19-20)"),
            ("sacred-circle", " + ", _S["clear"], "sacred circle (+2 attack)"),
            ("teleporter", " @ ", _S["clear"], "teleporter"),
            ("low-obstacle", " _ ", _S["difficult"], "low obstacle (costs 2, cannot stop)"))
        if has is None or key in has]
    glyphs = cave_glyphs(tuple(customs))
    for kind in customs:
        r = kind.rules
        cave = cave_cell(r) if r.cave else None
        shade = (_S[cave[1]] if cave else _S["wall"] if r.blocks_movement
                 else _S["difficult" if r.difficult else "clear"])
        sample = glyphs.get(kind.name, cave[0]) if cave else "█" * CELL if r.blocks_movement else f" {r.symbol} "
        rows.append((sample, shade, f"{kind.name}: {terrain_words(r)}"[:2 * LEGEND_WORDS + CELL + 1]))
    half = False  # an entry waits for a second one on its line
    for sample, style, words in rows:
        wide = len(words) > LEGEND_WORDS  # a long entry has a line of its own
        if half and wide:
            t.append("\n")
            half = False
        t.append(sample, style=style)
        t.append(f" {words}" if wide else f" {words:<{LEGEND_WORDS}}")
        if wide or half:
            t.append("\n")
            half = False
        else:
            half = True
    t.rstrip()
    return t


LEGEND_WORDS = 36
"""Columns of an entry's words in the legend (two entries and their samples fit 80 columns)."""


def _legend_keys(the_map: MapDef | None) -> set[str] | None:
    """The legend entries ``the_map`` needs (terrain kinds by value, "half-wall", "area-A",
    "zone-A", …), or None for every entry."""
    if the_map is None:
        return None
    keys = {"clear"}
    for row in the_map.terrain:
        for terrain in row:
            keys.add("half-wall" if terrain_rules(terrain).half_wall else getattr(terrain, "value", ""))
    keys |= {f"area-{k}" for k in the_map.start_areas} | {f"zone-{k}" for k, v in the_map.vp_zones.items() if v}
    return keys


def preview(the_map: MapDef, path: str | Path | None = None, plain: bool = False) -> Group:
    """The whole preview: title lines, the map with coordinates, the legend (see ``cell``)."""
    title = Text(no_wrap=True)
    title.append(the_map.name, style="bold")
    areas = ", ".join(f"{k}: {len(the_map.start_areas.get(k, ()))}" for k in "AB")
    title.append(f"  {the_map.width}×{the_map.height} squares · start areas {areas} squares")
    if path is not None:
        title.append(f"\n{path}", style="bright_black")
    return Group(title, map_text(the_map, plain), Text(), legend_text(plain, the_map.custom_terrain, the_map))


def needed_width(the_map: MapDef) -> int:
    """Terminal columns the preview needs (at least 80 for the legend)."""
    return max(80, 2 * GUTTER + CELL * the_map.width)


def hidden_columns_note(the_map: MapDef, width: int) -> str:
    """What a console ``width`` columns wide leaves out of the map, or "" when it shows every column.

    The map is cropped (not wrapped, which would scramble the rows) at ``width``;
    the note names the map columns (1-based) that did not fit and how to see them.
    """
    shown = max(0, min(the_map.width, (width - GUTTER) // CELL))
    if shown >= the_map.width:
        return ""
    first = shown + 1
    cols = f"column {first}" if first == the_map.width else f"columns {first}–{the_map.width}"
    return (f"{cols} of {the_map.width} not shown: the terminal is {width} columns wide and the map needs "
            f"{needed_width(the_map)}; widen it, or pipe the output (e.g. into less -S) to see the whole map.")


def run_preview(args: argparse.Namespace, console: Console | None = None) -> int:
    """Run ``tactica preview``.

    Args:
        args: ``file`` (the map) and ``svg`` (an output path or None).
        console: where to print (default: standard output).
    A map wider than the terminal is cropped at its right edge and a note
    says which map columns are hidden; piped output is never cropped.
    Returns 0 when the map was drawn, 1 when the file has errors (the
    validator's lines are printed to standard output, as ``tactica
    validate`` prints them) or the SVG cannot be written.
    """
    from tactica.content import ContentError, load_map  # here: the battle screen's terrain words need
    from tactica.content.validate import validate_paths  # this module, not the content loader
    try:
        the_map = load_map(args.file)
    except ContentError as err:  # the validator's lines for a map (or "expected a map file")
        print(err)
        return 1
    problems, _ = validate_paths([args.file])  # the warnings
    svg = getattr(args, "svg", None)
    if console is None:
        console = Console(record=bool(svg), width=needed_width(the_map) if svg else None)
        if not console.is_terminal:  # piped or redirected: nothing to fit, print the whole map and its path
            console.width = max(needed_width(the_map), len(str(args.file)), len(the_map.name) + 60)
    plain = console.color_system is None and not svg
    console.print(preview(the_map, args.file, plain), crop=True)
    hidden = hidden_columns_note(the_map, console.width)
    if hidden:
        console.print(Text(hidden, style="bold yellow"))
    for problem in problems:
        console.print(Text(str(problem), style="yellow"))
    if svg:
        try:
            console.save_svg(svg, title=f"tactica preview · {the_map.name}")
        except OSError as err:
            print(f"{svg}: error: cannot write the picture: {err.strerror or err}", file=sys.stderr)
            return 1
        print(f"wrote {svg}", file=sys.stderr)
    return 0
