"""The battle map: a Line-API ScrollView, three columns per square.

The parent sets ``state`` and ``overlay`` (attributes down); the widget
posts ``MapView.CursorMoved`` and ``MapView.Clicked`` (messages up).  The
cursor is a reactive square; its watcher repaints only the two rows that
changed and scrolls so the cursor stays in view.

What a square shows (so it reads without colour, too):

* `` . `` clear, `` ^ `` difficult, ``███`` wall, ``█◤ `` a diagonal wall (its wall
  corner solid); `` ◆ `` a VP zone; start areas are tinted in their player's colour;
* a creature is its label — UPPER case for player 1, lower case for player 2
  — on its side's colour (blue / red); an activated creature keeps only a
  dark background.  Creature squares alternate like a chessboard between a
  bright shade with bold text and a dark shade with plain text, and on the small
  (three-column) squares a label's number is drawn small (``BR₁``), so labels
  side by side (``GA₃BR₁GA₁``) read apart in any colour depth and without colour;
* a Large (2×2) or Huge (3×3) creature shows its label on its top-left
  square and a frame round its whole footprint, all in its colours
  (``AS1──┐`` over ``└────┘``), so every square is visibly its own;
* each VP zone is tinted in the colour of the player who scores there, and
  one square of it names that player (``◆P1``; before start areas are chosen,
  the letter of the area whose player will: ``◆A``); a zone square of other ground keeps the
  ``◆`` beside that ground's glyph (``◆^ ``, ``◆▪ `` in the dark), so a zone never hides;
* `` s `` (blue) a square the active creature can shift to (MOV-12),
* `` : `` a square the active creature can reach (``:▪:``, ``:^:`` … on one drawn with its own
  glyph: the dark, difficult ground), `` o `` the previewed
  path (``o2`` ``o4`` … a step that costs that many squares of movement: difficult or hampered
  terrain, a low ceiling, counted the rule modules' way), `` x `` a square a charge may end on,
  `` + `` a deployment square; on a VP zone square these marks flank its ``◆`` (``:◆:``, ``s◆s``,
  ``o◆o``, ``x◆x``), and the square naming the zone's owner (``◆P1``) is underlined in the
  mark's colour instead, so zone and mark both show;
* `` ░ `` (orange) a square the aimed close or area attack covers;
  creatures inside are marked as targets;
* ``~.~`` violet squares: the auras of the creature under the cursor;
* with the threat view on (t, which cycles off → now → all): ``!`` (on grey: no side's colour) where
  an enemy could attack without moving (or after a shift), and in the "all" mode ``?`` where one could
  after a move and ``'`` only after a move and a charge (the glyph coloured, on the square's own
  ground) -- in the place of a clear square's dot (`` ! ``), else at the square's left (``?^ ``);
  ``†`` at its right where the creature under the cursor could; a VP zone keeps its owner's colour
  and takes the marks;
* an underlined label: the creature has a condition or ongoing damage
  (``!`` after it at the large size; the stat card lists them);
* ``[ ]`` / reverse video: the cursor; with the rulers on (#), its column's number and its row's number
  in reverse video too (on the small squares a label fills its three columns, so labels side by side
  touch, ``bt₃wa₁``: each column's number stands with its last digit over the label's middle letter).

When the whole map fits at five columns and two rows per square (a large
terminal), it is drawn at that size, with each creature's HP bar under its
label; else, when it fits across at four columns a square (a 22×15 map at
120×40), each square's three columns come after a blank one (``widened``), so
labels side by side read apart (`` br3 wa1``).

A map bigger than its view (80×24) gets an edge bar along its bottom instead of a
horizontal scroll bar: ``◀ 4 cols`` at its left end and ``9 cols ▶`` at its right
end say how many columns of squares are hidden on that side, ``▲ 2 ▼ 5 rows`` the rows
hidden above and below, and it names the keys (shift+arrows) that scroll the view in
every mode; moving the cursor still brings the view back to it (``edge_text``).
"""
from __future__ import annotations

import functools

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tactica.client.battle_sizes import BIG_CELL, CELL, MID_CELL
from tactica.client.overlay import REACH_GLYPH, THREAT_GLYPHS, Overlay
from tactica.engine import Creature, GameState, Square, Terrain, ThreatLevel, ceiling_level, terrain_rules

#: How a square with cave features (the underground module, docs/modules/underground.md) is drawn:
#: (the ``TerrainRules`` feature, its three columns, its style in ``STYLES``), strongest first;
#: each glyph reads without colour.  Rubble and low ceilings have a glyph for each kind
#: (``RUBBLE_CELLS``, ``CEILING_CELLS``), so loose rubble and scree, a low passage and a crawlway
#: never look alike.
CAVE_CELLS = (("rubble", "▒▒▒", "rubble"), ("depth", " ▼ ", "chasm"), ("slope", " ↓ ", "slope"),
              ("gap_width", " ┆ ", "gap"), ("ceiling", " ▔ ", "low"), ("slippery", " ≈ ", "ice"),
              ("dark", " ▪ ", "dark"))
#: Rubble by kind (UG-RUBBLE): loose, partly blocked (scree), solid rock.
RUBBLE_CELLS = {"loose": "▒▒▒", "partial": "▓▓▓", "solid": "▚▚▚"}
#: A slope by the way it goes down (its ``downhill``, UG-SLIDE); a slope without one slides a creature
#: on the way it stepped, drawn as ``↕``.
SLOPE_CELLS = {"n": " ↑ ", "ne": " ↗ ", "e": " → ", "se": " ↘ ", "s": " ↓ ", "sw": " ↙ ", "w": " ← ", "nw": " ↖ "}
#: A low ceiling by how low it is for a Medium creature, 6 feet tall (UG-LOW): 0 (lower than a Large
#: creature only) and 1 stooping, 2 on hands and knees, 3 crawling.
CEILING_CELLS = {0: " ▔ ", 1: " ▔ ", 2: " ═ ", 3: " ▀ "}


def cave_cell(rules) -> tuple[str, str, str] | None:
    """(text, style key, feature) of a square with cave features (``CAVE_CELLS``; rubble and ceilings
    by kind, ``RUBBLE_CELLS``, ``CEILING_CELLS``), None without."""
    if not rules.cave:
        return None
    for attr, text, style in CAVE_CELLS:
        if getattr(rules, attr):
            if attr == "rubble":
                text = RUBBLE_CELLS.get(rules.rubble, text)
            elif attr == "slope":
                text = SLOPE_CELLS.get(rules.downhill, " ↕ ")
            elif attr == "ceiling":
                text = CEILING_CELLS[ceiling_level(rules.ceiling, 6)]
            return text, style, attr
    return None


@functools.lru_cache(maxsize=64)
def cave_glyphs(customs: tuple) -> dict[str, str]:
    """The three columns of each cave kind among a map's own terrain kinds ``customs``
    (``MapDef.custom_terrain``), by name: its feature's glyph (``cave_cell``), or, when an earlier
    kind of the map already has that glyph, the kind's own map symbol, so no two kinds of a map
    look alike."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for kind in customs:
        cave = cave_cell(kind.rules) if kind.rules.cave else None
        if cave is None:
            continue
        text = cave[0]
        if text in taken:
            text = f" {kind.rules.symbol} " if not kind.rules.rubble else kind.rules.symbol * CELL
        taken.add(text)
        out[kind.name] = text
    return out


_GLYPHS_OF: dict[int, tuple[object, dict[str, str]]] = {}
"""``cave_glyphs`` of the maps drawn lately, by ``id`` (with the map, so a new map at an old id is
not mistaken for it): a map's kinds are found once, not for every square drawn."""


def cave_text(the_map, terrain, cave: tuple[str, str, str]) -> str:
    """The three columns ``the_map`` draws a square of ``terrain`` with: its ``cave_glyphs`` entry,
    else ``cave``'s glyph (a kind the battle made, dug-out rubble)."""
    known = _GLYPHS_OF.get(id(the_map))
    if known is None or known[0] is not the_map:
        if len(_GLYPHS_OF) > 64:
            _GLYPHS_OF.clear()
        known = (the_map, cave_glyphs(the_map.custom_terrain))
        _GLYPHS_OF[id(the_map)] = known
    return known[1].get(getattr(terrain, "value", ""), cave[0])


#: How a diagonal wall square is drawn (TER-WALL), by its wall corner: the wall side solid.
HALF_WALL_CELLS = {"nw": "█◤ ", "ne": " ◥█", "sw": "█◣ ", "se": " ◢█"}
SCROLL_MARGIN = (4, 3)
"""Squares of map kept in view left and right, above and below the cursor, when the view has room."""
FOLLOW_MARGIN = (1, 1)
"""Squares kept in view round what the AI's action touched (``MapView.show_squares``): its neighbours,
so that a pan is only as long as it must be (issue 20: at 80×24 the view jumped at each AI action)."""
RULER_WIDTH = 3
"""Columns the row ruler takes at the map's left (``MapView.toggle_rulers``): two digits and a space."""
RULER_CURSOR = Style(reverse=True, bold=True)
"""The cursor's column number and row number in the rulers (issue 20, nm s16 B7: a label fills its
three-column square, so labels side by side touch, ``bt₃wa₁``, and a column was misread; the marked
numbers say which column and row the square under the cursor is, straight above and beside it)."""
SCROLL_STEP = 3
"""Squares the view moves for one shift+arrow (``MapView.scroll_squares``)."""
EDGE_KEYS = "shift+arrows scroll"
"""The keys named in the map's edge bar (``MapView.edge_text``); the help says the same."""

#: Rich styles of what a square shows, by name ("zone0", "p1alt", …): the map draws with them, the
#: battle screen's legend and the map preview (``tactica.tui.preview``) too.
STYLES = {
    "clear": "bright_black",
    "difficult": "yellow",
    "wall": "white on bright_black",
    "area0": "bright_black on #0b1f45",
    "area1": "bright_black on #45100b",
    "zone0": "bold bright_blue on #0b1f45",
    "zone1": "bold bright_red on #45100b",
    # Each creature style comes in two shades, drawn on alternate squares (a chessboard by the
    # creature's square) so that side-by-side labels stay apart: a bright, bold one and a dark,
    # plain one.  The pairs differ in 16 colours (bright against normal ANSI colour) and in grey
    # (NO_COLOR) as well as in full colour, and the bold/plain weight tells them apart without colour.
    "p0": "bold bright_white on #1f4fd0",
    "p1": "bold bright_white on #e03030",
    "p0alt": "not bold bright_white on #0a1a60",
    "p1alt": "not bold bright_white on #7a1010",
    "p0done": "bold #7fa8ff on #1c2a4a",
    "p1done": "bold #ff8080 on #4a1c1c",
    "p0donealt": "not bold #4a6ab0",
    "p1donealt": "not bold #b05050",
    # players 3 and 4 (SCN-MULTI): green and yellow, apart from blue and red in 16 colours too
    "area2": "bright_black on #0b3312",
    "area3": "bright_black on #3a3300",
    "zone2": "bold bright_green on #0b3312",
    "zone3": "bold bright_yellow on #3a3300",
    "p2": "bold black on #40c050",
    "p3": "bold black on #e0c000",
    "p2alt": "not bold bright_white on #1a8028",
    "p3alt": "not bold bright_white on #806a00",
    "p2done": "bold #80ff90 on #1c4a22",
    "p3done": "bold #ffe070 on #4a401c",
    "p2donealt": "not bold #40a050",
    "p3donealt": "not bold #b09a30",
    "active": "bold black on #40e0f0",
    "activealt": "not bold black on #10a0b0",
    "target": "bold black on #f0c020",
    "targetalt": "not bold bright_white on #806000",
    "picked": "bold black on #ffff60 underline",
    "pickedalt": "not bold black on #b0b000 underline",
    "provoker": "bold bright_white on #e040e0 underline",
    "provokeralt": "not bold bright_white on #800080 underline",
    "reach": "bright_white on #1d4d1d",
    "shift": "bold bright_white on #1d3d6d",
    "path": "bold bright_white on green",
    "end": "bold black on bright_green",
    "deploy": "bold bright_green on #1d4d1d",
    "template": "bold black on #d08a1a",
    "aura": "#e0c8ff on #3b2460",
    # the threat view's ground is grey, a colour no side, zone or other mark has: a red one hid
    # Player 2's creatures (red) inside a threatened field (issue 20)
    "threat": "bold #ffc8c8 on #5a5a5a",
    # the farther levels (after a move; after a move and a charge): the glyph's colour on the square's own
    # ground, so the grey of "now" stands out and start areas keep their tint
    "threat_far": "#ffb0b0",
    "threat_charge": "#a89090",
    "condition": "underline",
    # cave features (the underground module)
    "rubble": "black on #7a6a4a",
    "chasm": "bold bright_white on #101010",
    "slope": "yellow",
    "gap": "bright_white",
    "low": "#c8a060",
    "ice": "bold bright_cyan",
    "dark": "#707070 on #080808",
}

#: The map in the 16 ANSI colours only (the terminal's own palette: ``tactica-terminal``, ``ansi-dark``,
#: ``ansi-light``): what ``STYLES`` holds in full colour, said with the colours the terminal defines.
#: The two shades of a side stay apart as bright against normal colour and bold against plain.
ANSI_STYLES = {
    "area0": "blue", "area1": "red", "area2": "green", "area3": "yellow",
    "zone0": "bold bright_blue", "zone1": "bold bright_red", "zone2": "bold bright_green",
    "zone3": "bold bright_yellow",
    "p0": "bold bright_white on bright_blue", "p1": "bold bright_white on bright_red",
    "p0alt": "not bold bright_white on blue", "p1alt": "not bold bright_white on red",
    "p2": "bold black on bright_green", "p3": "bold black on bright_yellow",
    "p2alt": "not bold black on green", "p3alt": "not bold black on yellow",
    "p0done": "bold bright_blue", "p1done": "bold bright_red", "p2done": "bold bright_green",
    "p3done": "bold bright_yellow",
    "p0donealt": "not bold blue", "p1donealt": "not bold red", "p2donealt": "not bold green",
    "p3donealt": "not bold yellow",
    "active": "bold black on bright_cyan", "activealt": "not bold black on cyan",
    "target": "bold black on bright_yellow", "targetalt": "not bold black on yellow",
    "picked": "bold black on bright_yellow underline", "pickedalt": "not bold black on yellow underline",
    "provoker": "bold bright_white on bright_magenta underline",
    "provokeralt": "not bold bright_white on magenta underline",
    "reach": "bright_white on green", "shift": "bold bright_white on blue", "path": "bold black on bright_green",
    "end": "bold black on bright_green", "deploy": "bold bright_green", "template": "bold black on yellow",
    "aura": "magenta", "threat": "bold bright_red on black", "threat_far": "bright_red", "threat_charge": "red",
    # cave features (the underground module): told apart by their glyphs too
    "rubble": "black on yellow", "chasm": "bold bright_white on black", "slope": "yellow", "gap": "bright_white",
    "low": "yellow", "ice": "bold bright_cyan", "dark": "bright_black on black",
}

#: The map for ``tactica-high-contrast``: pure colours, white or black labels, no dim shade.
HIGH_CONTRAST_STYLES = {
    "clear": "#a0a0a0", "difficult": "bold #ffff00", "wall": "#ffffff on #808080",
    "area0": "#ffffff on #0000a0", "area1": "#ffffff on #a00000", "area2": "#ffffff on #006000",
    "area3": "#000000 on #a0a000",
    "zone0": "bold #ffffff on #0000ff", "zone1": "bold #ffffff on #ff0000", "zone2": "bold #000000 on #00ff00",
    "zone3": "bold #000000 on #ffff00",
    "p0": "bold #ffffff on #0060ff", "p1": "bold #ffffff on #ff0000",
    "p0alt": "not bold #ffffff on #0000a0", "p1alt": "not bold #ffffff on #a00000",
    "p2": "bold #000000 on #00ff00", "p3": "bold #000000 on #ffff00",
    "p2alt": "not bold #ffffff on #006000", "p3alt": "not bold #000000 on #a0a000",
    "p0done": "bold #80c0ff on #000000", "p1done": "bold #ff8080 on #000000", "p2done": "bold #80ff80 on #000000",
    "p3done": "bold #ffff80 on #000000",
    "p0donealt": "not bold #80c0ff", "p1donealt": "not bold #ff8080", "p2donealt": "not bold #80ff80",
    "p3donealt": "not bold #ffff80",
    "active": "bold #000000 on #00ffff", "activealt": "not bold #000000 on #00a0a0",
    "target": "bold #000000 on #ffff00", "targetalt": "not bold #000000 on #c0c000",
    "picked": "bold #000000 on #ffffff underline", "pickedalt": "not bold #000000 on #c0c0c0 underline",
    "provoker": "bold #ffffff on #ff00ff underline", "provokeralt": "not bold #ffffff on #a000a0 underline",
    "reach": "#ffffff on #005000", "shift": "bold #ffffff on #0000c0", "path": "bold #000000 on #00ff00",
    "end": "bold #000000 on #00ff00", "deploy": "bold #00ff00 on #000000", "template": "bold #000000 on #ff8000",
    "aura": "#ffffff on #6000a0", "threat": "bold #ffff00 on #404040", "threat_far": "bold #ffff00",
    "threat_charge": "#c0c000",
}

#: The map on a light theme: start areas and zones tinted pale instead of dark, the squares' dots grey.
LIGHT_STYLES = {
    "clear": "#808080", "difficult": "#a06000", "wall": "#ffffff on #505050",
    "area0": "#606060 on #c8d8ff", "area1": "#606060 on #ffd0c8", "area2": "#606060 on #c8f0c8",
    "area3": "#606060 on #f0e8b0",
    "zone0": "bold #0030c0 on #c8d8ff", "zone1": "bold #c00000 on #ffd0c8", "zone2": "bold #007000 on #c8f0c8",
    "zone3": "bold #806000 on #f0e8b0",
    "p0done": "bold #3050a0 on #d0d8f0", "p1done": "bold #a03030 on #f0d0d0", "p2done": "bold #306030 on #d0f0d0",
    "p3done": "bold #706020 on #f0ecd0",
    "p0donealt": "not bold #6078c0", "p1donealt": "not bold #c06060", "p2donealt": "not bold #509050",
    "p3donealt": "not bold #a09040",
    "reach": "#000000 on #c0f0c0", "shift": "bold #000000 on #c0d0ff", "deploy": "bold #007000 on #c0f0c0",
    "aura": "#400080 on #e0d0ff", "threat": "bold #800000 on #b4b4b4", "threat_far": "#a00000",
    "threat_charge": "#a06060",
}


def styles_for(theme: object | None) -> dict[str, str]:
    """The map's styles (``STYLES``' names) for a Textual theme: the 16 ANSI colours for an ANSI theme
    (``theme.ansi``), ``HIGH_CONTRAST_STYLES`` for ``tactica-high-contrast``, pale tints for a light one
    (``not theme.dark``), else ``STYLES``.  Glyphs and letter case are the same in every theme, so the
    sides, zones and overlays stay apart without colour (MAP: ``UPPER``/``lower``, ``◆``, ``:``,
    ``s``, ``x``, ``░``, ``!``)."""
    if theme is None:
        return dict(STYLES)
    if getattr(theme, "name", "") == "tactica-high-contrast":
        return {**STYLES, **HIGH_CONTRAST_STYLES}
    if getattr(theme, "ansi", False):
        return {**STYLES, "clear": "bright_black", "difficult": "yellow", "wall": "white on bright_black",
                **ANSI_STYLES}
    if not getattr(theme, "dark", True):
        return {**STYLES, **LIGHT_STYLES}
    return dict(STYLES)


def footprint(dx: int, dy: int, size: int, width: int = CELL, sub: int | None = None) -> str:
    """The frame drawn on square (``dx``, ``dy``) of a ``size``×``size`` creature's footprint (MOV-13),
    counted from its top-left square, ``width`` columns wide; ``sub`` is the row within a two-row (big)
    square (None: a one-row square).  The frame's corners and edges outline the whole footprint, so each
    of its squares is visibly the creature's: ``AS1──┐`` over ``└────┘`` for a Large creature.  The
    top-left square of a one-row footprint is the caller's (the label); here it is blank."""
    last = size - 1
    top = dy == 0 and sub in (None, 0)
    bottom = dy == last and sub in (None, 1)
    left, right = dx == 0, dx == last
    if top or bottom:
        fill = "─" * width
        if left:
            fill = ("┌" if top else "└") + fill[1:]
        if right:
            fill = fill[:-1] + ("┐" if top else "┘")
        return fill
    return ("│" if left else " ") + " " * (width - 2) + ("│" if right else " ")


def aura_text(text: str) -> str:
    """A square's three columns inside the aura of the creature under the cursor: ``~`` on each blank
    side of its glyph (`` . `` → ``~.~``), so the aura reads without its violet."""
    return ("~" if text[0] == " " else text[0]) + text[1] + ("~" if text[2] == " " else text[2])


def threat_glyph(sq: Square, ov: Overlay) -> str:
    """The threat view's glyph for square ``sq`` under overlay ``ov``: ``!`` where an enemy could
    attack without moving (or after a shift, MOV-12), ``?`` only after a move (MOV-1), ``'`` only after
    a move and a charge (CHG-1) (``overlay.THREAT_GLYPHS``); "" where none could."""
    if sq not in ov.threat:
        return ""
    if sq in ov.threat_far:
        return THREAT_GLYPHS[ThreatLevel.MOVE]
    if sq in ov.threat_charge:
        return THREAT_GLYPHS[ThreatLevel.CHARGE]
    return THREAT_GLYPHS[ThreatLevel.NOW]


def threat_style(sq: Square, ov: Overlay) -> str:
    """The style name of a threatened square ``sq``: "threat" (a grey ground) where an enemy could attack
    it without moving, "threat_far" after a move, "threat_charge" only after a move and a charge (these
    two a colour for the glyphs, on the square's own ground)."""
    if sq in ov.threat_far:
        return "threat_far"
    if sq in ov.threat_charge:
        return "threat_charge"
    return "threat"


def threat_text(text: str, threat: bool | str, reach: bool) -> str:
    """A square's three columns with the threat view's marks: ``threat``'s glyph (True: ``!``; a string:
    that glyph, ``threat_glyph``; "" or False: none) where an enemy could attack next turn,
    ``REACH_GLYPH`` (``†``) in its last column where the creature under the cursor could.  On clear
    ground the glyph takes the dot's place in the middle (`` . `` → `` ! ``, ``:.:`` → ``:!:``, ``[.]`` →
    ``[!]``), so the map does not read as shifted one column (nm s16 F7); on other ground it takes the
    first column (`` ^ `` → ``?^ ``; a reachable square's colon gives way: ``:^:`` → ``!^†``, issue
    20); where that column is taken (a VP zone's ``◆`` on difficult ground, ``◆ ^``) the mark goes in a
    blank middle column (``◆!^``, nm-tut s15); any other column that is not blank (a zone's owner
    ``◆P1``, a diagonal wall) keeps its own text."""
    first, middle, last = text[0], text[1], text[2]
    glyph = "!" if threat is True else threat or ""
    if glyph:
        if middle == ".":  # clear ground: the glyph stands where the dot was
            middle = glyph
        elif first in " :":  # a reachable square's colon gives way (its colour still says it)
            first = glyph
        elif middle == " ":
            middle = glyph
    if reach:
        if last in " :":
            last = REACH_GLYPH
        elif middle == " ":
            middle = REACH_GLYPH
    return first + middle + last


def widened(text: str) -> str:
    """A square's three columns as four (``MID_CELL``): a wall or rubble (three of one block) and a
    diagonal wall's solid side one column longer, so walls join up; anything else after a blank
    column (`` !*``, `` ◆P1``, `` [.]``)."""
    if text[0] == text[1] == text[2] != " ":
        return text[0] + text
    if text[0] == "█":
        return "█" + text
    if text[-1] == "█":
        return text + "█"
    return " " + text


SMALL_DIGITS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
"""Digits drawn small (subscript) in a creature's label on the small squares: ``small_number``."""


def small_number(label: str) -> str:
    """A creature's label as the small (three-column) squares draw it: its number in small digits
    ("BR1" -> "BR₁"), so that labels side by side read apart even without colour ("BR₁WA₁", not
    "BR1WA1"); the letters, and so the side's letter case, are kept."""
    return label.translate(SMALL_DIGITS)


def _word(word: str, count: int) -> str:
    """``word`` ("cols", "rows" or "") for ``count`` of them: "col" for one."""
    return word[:-1] if count == 1 and word else word


def creature_style(who, ov: Overlay) -> str:
    """The key in ``STYLES`` of creature ``who`` under overlay ``ov`` (without the "alt" of its shade):
    picked, provoker, target, active, else its player's colour ("p0".."p3", "done" once activated)."""
    if who.uid in ov.picked:
        return "picked"
    if who.uid in ov.provokers:
        return "provoker"
    if who.uid in ov.targets:
        return "target"
    if who.uid == ov.active:
        return "active"
    return f"p{who.player}{'done' if who.activated else ''}"


class MapView(ScrollView, can_focus=True, inherit_bindings=False):
    """The battle map with a keyboard/mouse cursor.

    Its keys are the cursor's only: a scroll view's Page Up / Page Down, Home / End are left to the
    screen (the battle screen reads its log back with them), and the cursor scrolls the map."""

    DEFAULT_CSS = """
    MapView {
        scrollbar-size: 1 1;
        background: $surface;
    }
    MapView.-edges {
        scrollbar-size-horizontal: 0;
        border-bottom: solid $primary-darken-2;
        border-subtitle-align: left;
    }
    """

    BINDINGS = [
        # the ids are the keymap's (``tactica.client.settings.KEY_BINDINGS``: [keys] in the settings)
        Binding("up,k", "cursor(0,-1)", "Up", show=False, id="map.cursor_up"),
        Binding("down,j", "cursor(0,1)", "Down", show=False, id="map.cursor_down"),
        Binding("left,h", "cursor(-1,0)", "Left", show=False, id="map.cursor_left"),
        Binding("right,l", "cursor(1,0)", "Right", show=False, id="map.cursor_right"),
        Binding("y", "cursor(-1,-1)", "Up-left", show=False, id="map.cursor_up_left"),
        Binding("u", "cursor(1,-1)", "Up-right", show=False, id="map.cursor_up_right"),
        Binding("b", "cursor(-1,1)", "Down-left", show=False, id="map.cursor_down_left"),
        Binding("n", "cursor(1,1)", "Down-right", show=False, id="map.cursor_down_right"),
        *[Binding(f"shift+{key}", f"scroll_squares({dx},{dy})", "Scroll the map", show=False, id=f"map.scroll_{key}")
          for key, dx, dy in (("up", 0, -1), ("down", 0, 1), ("left", -1, 0), ("right", 1, 0))],
    ]

    cursor: reactive[Offset] = reactive(Offset(0, 0))
    """The square under the cursor, as (column, row)."""

    class CursorMoved(Message):
        """The cursor moved to ``square``."""

        def __init__(self, square: Square) -> None:
            super().__init__()
            self.square = square

    class Clicked(Message):
        """The player clicked ``square``."""

        def __init__(self, square: Square) -> None:
            super().__init__()
            self.square = square

    def __init__(self, state: GameState | None = None, **kw) -> None:
        super().__init__(**kw)
        self._state = state
        self._hold_view = False  # True while ``move_cursor(..., scroll=False)`` moves the cursor
        self._overlay = Overlay()
        #: The styles drawn with (``styles_for`` the app's theme, set again when the theme changes).
        self.style_table: dict[str, str] = dict(STYLES)
        self._styles = {k: Style.parse(v) for k, v in STYLES.items()}
        self._cw, self._ch = CELL, 1
        #: Column numbers along the top and row numbers down the left (``toggle_rulers``; off at first).
        self.rulers = False
        self._resize_virtual()

    #: The VP zone labels ``zone_marks`` found, and the state they were found for.
    _marks: dict[Square, str]
    _marks_key: object
    #: The creature drawn on each square (``creature_drawn``), and the read-only state it was found for.
    _drawn: dict[Square, Creature]
    _drawn_for: GameState | None = None

    # -- attributes set by the parent ---------------------------------------------
    @property
    def _shown(self) -> GameState:
        """The state being drawn (``state``, never None): the drawing methods run only once the
        parent has set one.  Raises RuntimeError before."""
        st = self._state
        if st is None:
            raise RuntimeError("the map view has no state to draw yet")
        return st

    @property
    def state(self) -> GameState | None:
        """The state drawn; setting it repaints the map."""
        return self._state

    @state.setter
    def state(self, value: GameState | None) -> None:
        self._state = value
        self._resize_virtual()
        self.refresh()

    @property
    def overlay(self) -> Overlay:
        """The marks drawn on top of the terrain; setting it repaints the map."""
        return self._overlay

    @overlay.setter
    def overlay(self, value: Overlay) -> None:
        if value != self._overlay:
            self._overlay = value
            self.refresh()

    @property
    def square(self) -> Square:
        """The cursor square as a tuple."""
        return (self.cursor.x, self.cursor.y)

    def _map_size(self) -> tuple[int, int]:
        m = self._state.map if self._state is not None else None
        return (m.width, m.height) if m is not None else (0, 0)

    def on_mount(self) -> None:
        """Draw in the app's theme, and again in each theme chosen later (``styles_for``)."""
        self.use_theme(self.app.current_theme)
        self.app.theme_changed_signal.subscribe(self, self.use_theme)

    def use_theme(self, theme: object | None) -> None:
        """Draw with the styles of Textual theme ``theme`` (``styles_for``) from now on."""
        table = styles_for(theme)
        if table != self.style_table:
            self.style_table = table
            self._styles = {k: Style.parse(v) for k, v in table.items()}
            self.refresh()

    def _resize_virtual(self) -> None:
        w, h = self._map_size()
        gx, gy = self.ruler_room()
        self.virtual_size = Size(w * self._cw + gx, h * self._ch + gy)
        self._update_edges()

    # -- rulers ---------------------------------------------------------------------
    def ruler_room(self) -> tuple[int, int]:
        """(columns, rows) the rulers take at the view's left and top: (``RULER_WIDTH``, 1) while they
        are shown, else (0, 0)."""
        return (RULER_WIDTH, 1) if self.rulers else (0, 0)

    def toggle_rulers(self) -> bool:
        """Show or hide the rulers: each map column's number (1-based, as the log counts) along the
        top and each row's down the left, fixed while the map scrolls.  Returns whether they show."""
        self.rulers = not self.rulers
        self._resize_virtual()
        self.refresh()
        self.keep_in_view([self.square])
        # and again once laid out anew (the side panel, a scroll bar): the view's edge on a square's
        self.call_after_refresh(lambda: self.keep_in_view([self.square]))
        return self.rulers

    def _column_ruler(self, scroll_x: int, width: int) -> Strip:
        """The top ruler: each map column's number centred over it (its last digit over a label's middle
        letter), every fifth one bold, the cursor's in reverse video (``RULER_CURSOR``)."""
        w, _ = self._map_size()
        gx, _ = self.ruler_room()
        margin, cw = self._margin(), self._cw
        plain, bold = Style(color="bright_black"), Style(color="bright_black", bold=True)
        segments = [Segment(" " * margin)] if margin else []
        # over the square's glyph: on four-column squares the number sits over the last three
        number = (lambda n: f" {n:^{CELL}}") if cw == MID_CELL else (lambda n: f"{n:^{cw}}")
        at = self.cursor.x
        for x in range(w):
            text, style = number(x + 1), bold if (x + 1) % 5 == 0 else plain
            if x == at:  # the cursor's column: its number marked, the blank round it kept plain
                lead = len(text) - len(text.lstrip())
                core = text.strip()
                segments += [Segment(text[:lead], style), Segment(core, style + RULER_CURSOR),
                             Segment(text[lead + len(core):], style)]
            else:
                segments.append(Segment(text, style))
        strip = Strip(segments, margin + w * cw).crop_extend(scroll_x, scroll_x + width - gx, self.rich_style)
        return Strip([Segment(" " * gx, self.rich_style)] + list(strip), width)

    @property
    def big_cells(self) -> bool:
        """True while the map draws big squares (two rows each: a creature's HP bar under its label)."""
        return self._ch > 1

    def on_resize(self, event: events.Resize) -> None:
        w, h = self._map_size()
        gx, gy = self.ruler_room()
        big = w and w * BIG_CELL[0] + gx <= event.size.width and h * BIG_CELL[1] + gy <= event.size.height
        bar = 1 if h + gy > event.size.height else 0  # a scroll bar's column
        mid = not big and w and w * MID_CELL + gx <= event.size.width - bar
        size = BIG_CELL if big else (MID_CELL, 1) if mid else (CELL, 1)
        if size != (self._cw, self._ch):
            self._cw, self._ch = size
            self._resize_virtual()
            self.refresh()
        self._update_edges()

    # -- the edge bar ---------------------------------------------------------------
    def hidden_squares(self) -> tuple[int, int, int, int]:
        """Squares of the map out of view, as (columns left, columns right, rows above, rows below);
        a square cut by the view's edge counts as hidden.  All 0 when the whole map shows."""
        w, h = self._map_size()
        view_w, view_h = self.scrollable_content_region.size
        gx, gy = self.ruler_room()
        view_w, view_h = view_w - gx, view_h - gy
        if not w or view_w <= 0 or view_h <= 0:
            return (0, 0, 0, 0)
        cw, ch = self._cw, self._ch
        x0, y0 = self.scroll_offset
        margin = self._margin()

        def squares(cells: int, cell: int) -> int:
            return max(0, -(-cells // cell))
        return (squares(x0 - margin, cw), squares(margin + w * cw - x0 - view_w, cw),
                squares(y0, ch), squares(h * ch - y0 - view_h, ch))

    def edge_text(self, width: int | None = None) -> str:
        """The edge bar's text (Textual markup) for a bar ``width`` columns wide (the widget's width by
        default; the border keeps one column at each end): ``◀ 4 cols`` at its left end when columns
        are hidden on the left, ``9 cols ▶`` at its right end, the rows hidden above and below
        (``▲ 2 ▼ 5 rows``) and the keys between, joined by the border's line; shorter words where the
        full ones do not fit.  "" when the whole map shows."""
        left, right, up, down = self.hidden_squares()
        if not (left or right or up or down):
            return ""
        room = (self.outer_size.width if width is None else width) - 2
        forms = (("cols", "rows", EDGE_KEYS), ("cols", "rows", "shift+arrows"), ("", "", "shift+arrows"),
                 ("", "", ""))
        for cols, rows, keys in forms:
            lead = f"◀ {left} {_word(cols, left)}".strip() if left else ""
            tail = f"{right} {_word(cols, right)} ▶".replace("  ", " ") if right else ""
            vertical = " ".join(p for p in (f"▲ {up}" if up else "", f"▼ {down}" if down else "") if p)
            middle = [p for p in (f"{vertical} {_word(rows, max(up, down))}".strip() if vertical else "", keys)
                      if p]
            need = len(lead) + len(tail) + sum(len(p) for p in middle) + 3 * (len(middle) + 1)
            if need <= room:
                break
        pieces = [lead, *middle, tail]
        fill = room - sum(len(p) for p in pieces)
        gaps = len(pieces) - 1
        out = []
        for i, part in enumerate(pieces):
            out.append(f"[b $text]{part}[/]" if part and part in (lead, tail) else part)
            if i < gaps:
                n = max(1, fill // gaps + (1 if i < fill % gaps else 0))
                before = " " if part else ""
                after = " " if pieces[i + 1] else ""
                out.append(before + "─" * max(0, n - len(before) - len(after)) + after)
        return "".join(out)

    def _update_edges(self) -> None:
        """Show the edge bar (and its text) when the map is bigger than the widget, else hide it.
        Decided from the widget's outer size alone, so showing the bar never undoes the decision."""
        w, h = self._map_size()
        outer = self.outer_size
        if not outer.width:
            return
        gx, gy = self.ruler_room()
        tall = h * self._ch + gy > outer.height
        over = bool(w) and (tall or w * self._cw + gx > outer.width - (1 if tall else 0))  # a scroll bar's column
        self.set_class(over, "-edges")
        text = self.edge_text() if over else ""
        if text != getattr(self, "_edge_shown", ""):
            self._edge_shown = text
            self.border_subtitle = text

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """A scroll bar that comes or goes changes which squares the view hides: the edge bar says
        it again (it pointed at the wrong side when the rulers made the map a column too wide)."""
        self.call_after_refresh(self._update_edges)

    def watch_show_horizontal_scrollbar(self, shown: bool) -> None:
        """As ``watch_show_vertical_scrollbar``."""
        self.call_after_refresh(self._update_edges)

    def watch_scroll_x(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_x(old_value, new_value)
        self._update_edges()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._update_edges()

    class Scrolled(Message):
        """The player scrolled the view with shift+arrows (``MapView.action_scroll_squares``) to
        ``offset`` (``view_offset``)."""

        def __init__(self, offset: tuple[int, int]) -> None:
            super().__init__()
            self.offset = offset

    def action_scroll_squares(self, dx: int, dy: int) -> None:
        """shift+arrows: scroll the view (never the cursor) ``SCROLL_STEP`` squares across (``dx``)
        or down (``dy``), its left and top edges on a square's edge; the next cursor move brings
        the view back to the cursor.  Posts ``Scrolled`` (the battle screen's camera then knows where
        the player looks)."""
        cw, ch = self._cw, self._ch
        x = max(0, (int(self.scroll_x) // cw + dx * SCROLL_STEP) * cw)
        y = max(0, (int(self.scroll_y) // ch + dy * SCROLL_STEP) * ch)
        self.scroll_to(x=min(x, self.max_scroll_x), y=min(y, self.max_scroll_y), animate=False,
                       immediate=True)
        self.post_message(self.Scrolled(self.view_offset))

    @property
    def view_offset(self) -> tuple[int, int]:
        """Where the view is scrolled to now (virtual cells: across, down)."""
        return int(self.scroll_offset.x), int(self.scroll_offset.y)

    def scroll_view_to(self, offset: tuple[int, int]) -> None:
        """Scroll the view (never the cursor) back to ``offset`` (a ``view_offset`` from before), at once;
        past the end of the map it stops at the end."""
        self.scroll_to(x=min(offset[0], self.max_scroll_x), y=min(offset[1], self.max_scroll_y), animate=False,
                       force=True, immediate=True)

    def _margin(self) -> int:
        """Blank columns left of the map, centring it in a wide view."""
        w, _ = self._map_size()
        return max(0, (self.scrollable_content_region.width - self.ruler_room()[0] - w * self._cw) // 2)

    # -- cursor ------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor by (dx, dy), staying on the map."""
        w, h = self._map_size()
        if not w:
            return
        self.cursor = Offset(min(w - 1, max(0, self.cursor.x + dx)), min(h - 1, max(0, self.cursor.y + dy)))

    def move_cursor(self, square: Square, scroll: bool = True) -> None:
        """Put the cursor on ``square`` (ignored off the map); the view follows it (``keep_in_view``)
        unless ``scroll`` is False (the caller then keeps the cursor in view as it sees fit)."""
        w, h = self._map_size()
        if 0 <= square[0] < w and 0 <= square[1] < h:
            self._hold_view = not scroll
            try:
                self.cursor = Offset(*square)
            finally:
                self._hold_view = False

    def validate_cursor(self, value: Offset) -> Offset:
        w, h = self._map_size()
        if not w:
            return Offset(0, 0)
        return Offset(min(w - 1, max(0, value.x)), min(h - 1, max(0, value.y)))

    def watch_cursor(self, old: Offset, new: Offset) -> None:
        ch, gy = self._ch, self.ruler_room()[1]
        for y in {old.y, new.y}:
            self.refresh(Region(0, y * ch + gy - self.scroll_offset.y, self.size.width, ch))
        if gy and old.x != new.x:  # the column ruler marks the cursor's column
            self.refresh(Region(0, 0, self.size.width, gy))
        who = self._state.creature_at((new.x, new.y)) if self._state is not None else None
        if not self._hold_view:
            self.keep_in_view(list(who.squares) if who is not None and who.squares else [(new.x, new.y)])
        self.post_message(self.CursorMoved((new.x, new.y)))

    def keep_in_view(self, squares) -> None:
        """Scroll as little as needed so ``squares`` (the cursor's square, or every square of the creature
        under it: a Large creature's whole frame) are drawn whole with ``SCROLL_MARGIN`` squares of the map
        round them where the view has room (fewer when it has not), so what stands next to the cursor is
        on screen too; the view's left and top edges stay on a square's edge, so no square is cut there."""
        if not squares or not self._map_size()[0]:
            return
        self._keep_region(self._region(squares))

    def _keep_region(self, region: Region, margin: tuple[int, int] = SCROLL_MARGIN) -> None:
        """Scroll as little as needed to show ``region`` (virtual cells) with ``margin`` squares (across,
        down) round it where the view has room (``keep_in_view``'s by default)."""
        view_w, view_h = self.scrollable_content_region.size
        gx, gy = self.ruler_room()
        view_w, view_h = view_w - gx, view_h - gy  # the rulers' columns and row show no map
        if view_w <= 0 or view_h <= 0:
            return  # not laid out yet
        x0, y0 = self.scroll_offset
        x = self._keep_axis(x0, region.x, region.width, view_w, self._cw, margin[0])
        y = self._keep_axis(y0, region.y, region.height, view_h, self._ch, margin[1])
        if (x, y) != (x0, y0):  # at once, not after the next refresh: what is shown is what was asked
            self.scroll_to(x=x, y=y, animate=False, force=True, immediate=True)

    @staticmethod
    def _keep_axis(start: int, at: int, length: int, view: int, cell: int, margin: int) -> int:
        """The scroll offset on one axis (cells) that shows ``length`` cells from ``at`` with ``margin``
        squares of ``cell`` cells either side when they fit (else as many whole squares as do), moving
        from ``start`` as little as it can; a new offset falls on a square's edge."""
        room = max(0, (view - length) // 2 // cell) * cell  # whole squares that fit either side
        pad = min(margin * cell, room)
        low, high = at - pad, at + length + pad
        if low < start:
            return max(0, low)
        if high > start + view:
            return max(0, -(-(high - view) // cell) * cell)  # the next square edge: the right end whole
        return start

    def _region(self, squares) -> Region:
        """The map area (virtual coordinates) that holds every square of ``squares``."""
        xs, ys = [q[0] for q in squares], [q[1] for q in squares]
        cw, ch = self._cw, self._ch
        return Region(self._margin() + min(xs) * cw, min(ys) * ch,
                      (max(xs) - min(xs) + 1) * cw, (max(ys) - min(ys) + 1) * ch)

    def in_view(self, square: Square) -> bool:
        """True when ``square`` is drawn whole inside the visible part of the map."""
        gx, gy = self.ruler_room()
        w, h = self.scrollable_content_region.size
        view = Region(self.scroll_offset.x, self.scroll_offset.y, w - gx, h - gy)
        return view.contains_region(self._region([square]))

    def show_squares(self, groups, margin: tuple[int, int] = FOLLOW_MARGIN) -> None:
        """Scroll the view, never the cursor, so that what just happened is on screen.

        Args:
            groups: lists of squares, most important first (e.g. the creature that acted, then
                its target, then the cursor).  As many leading groups as fit in the view
                together are shown, with ``margin`` squares round them (across, down) where they
                fit too (``FOLLOW_MARGIN``: an enemy that acted is not left at the window's very
                edge); the view moves only as far as it must, and not at all when they are in view.
        """
        groups = [list(g) for g in groups if g]
        w, h = self._map_size()
        if not groups or not w:
            return
        gx, gy = self.ruler_room()
        view = Size(self.scrollable_content_region.width - gx, self.scrollable_content_region.height - gy)
        shown = groups[0]
        for group in groups[1:]:
            region = self._region(shown + group)
            if region.width > view.width or region.height > view.height:
                break
            shown = shown + group
        self._keep_region(self._region(shown), margin)

    def _square_at(self, event: events.MouseEvent) -> Square | None:
        offset = event.get_content_offset(self)
        gx, gy = self.ruler_room()
        if offset is None or offset.x < gx or offset.y < gy:  # on a ruler
            return None
        x = (offset.x - gx + self.scroll_offset.x - self._margin()) // self._cw
        y = (offset.y - gy + self.scroll_offset.y) // self._ch
        w, h = self._map_size()
        if 0 <= x < w and 0 <= y < h:
            return (x, y)
        return None

    def square_on_screen(self, x: int, y: int) -> Square | None:
        """The map square drawn at screen cell (``x``, ``y``), e.g. under the mouse over a screen
        above this one (a docked question); None off the map or outside the view."""
        box = self.content_region
        gx, gy = self.ruler_room()
        if not box.contains(x, y) or x - box.x < gx or y - box.y < gy:
            return None
        col = (x - box.x - gx + self.scroll_offset.x - self._margin()) // self._cw
        row = (y - box.y - gy + self.scroll_offset.y) // self._ch
        w, h = self._map_size()
        return (col, row) if 0 <= col < w and 0 <= row < h else None

    def on_click(self, event: events.Click) -> None:
        square = self._square_at(event)
        if square is not None:
            self.focus()
            self.cursor = Offset(*square)
            self.post_message(self.Clicked(square))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        square = self._square_at(event)
        if square is not None and square != self.square:
            self.cursor = Offset(*square)

    # -- drawing -----------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """Draw one terminal row: the map row at ``y`` plus the scroll offset."""
        scroll_x, scroll_y = self.scroll_offset
        gx, gy = self.ruler_room()
        width = self.scrollable_content_region.width
        w, h = self._map_size()
        if gy and y < gy and self._state is not None:  # the column ruler, fixed at the top
            return self._column_ruler(scroll_x, width)
        row, sub = divmod(y - gy + scroll_y, self._ch)
        if self._state is None or not 0 <= row < h:
            return Strip.blank(width, self.rich_style)
        margin = self._margin()
        segments = [Segment(" " * margin, self.rich_style)] if margin else []
        for x in range(w):
            cell = self._cell_segments((x, row), sub)
            segments += cell if isinstance(cell, list) else [cell]
        strip = Strip(segments, margin + w * self._cw)
        if not gx:
            return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style)
        label = f"{row + 1:>{gx - 1}} " if sub == 0 else " " * gx  # the row ruler, fixed at the left
        style = Style(color="bright_black", bold=(row + 1) % 5 == 0)
        ruler = ([Segment(label[:-1], style + RULER_CURSOR), Segment(label[-1:], style)]
                 if row == self.cursor.y and sub == 0 else [Segment(label, style)])  # the cursor's row marked
        return Strip(ruler + list(strip.crop_extend(scroll_x, scroll_x + width - gx, self.rich_style)), width)

    def _cell(self, sq: Square, sub: int = 0) -> Segment:
        """One square's segment: ``sub`` is the row within a two-row (big) square (a square drawn in
        two styles comes back as one segment with the text of both and the last style)."""
        cell = self._cell_segments(sq, sub)
        if isinstance(cell, list):
            return Segment("".join(seg.text for seg in cell), cell[-1].style)
        return cell

    def _cell_segments(self, sq: Square, sub: int = 0) -> Segment | list[Segment]:
        """What ``render_line`` draws for one square: a segment, or a list of them."""
        text, style = self._cell3(sq)
        if self._cw == CELL:
            return Segment(text, style)
        who = self.creature_drawn(sq)
        size = who.size if who is not None else 1
        if self._ch == 1:  # MID_CELL: a column before the square's three parts it from its neighbour
            if who is not None and size > 1 and sq != who.pos:  # the frame round a big creature (MOV-13)
                ax, ay = who.square
                return Segment(footprint(sq[0] - ax, sq[1] - ay, size, MID_CELL), style)
            if who is not None:  # " BR1", "┌OG1" on a Large creature's top-left square
                return Segment(("┌" if size > 1 else " ") + text, style)
            return Segment(widened(text), style)
        if who is not None and size > 1 and sq != who.pos:  # the rest of a Large or Huge creature: its frame
            ax, ay = who.square  # (MOV-13)
            return Segment(footprint(sq[0] - ax, sq[1] - ay, size, BIG_CELL[0], sub), style)
        if sub == 0:
            if who is not None:  # the label, framed on a Large or Huge creature's top-left square
                mark = "!" if who.effects else " "
                return Segment(("┌" if size > 1 else " ") + text + mark, style)
            if text == "███":
                return Segment("█" * 5, style)
            if sq in self.zone_marks():  # the zone's owner: " ◆P1 "
                return Segment(" " + text + " ", style)
            return Segment(text[0] + " " + text[1] + " " + text[2], style)  # "[ . ]", "  ! *"
        if who is not None:  # the HP bar under the label, red when bloodied (HP-2)
            full = max(0, min(3, round(3 * who.hp / who.card.hp))) if who.card.hp else 0
            bar = Style(color="bright_red" if who.bloodied else "bright_green")
            bar_text = "▀" * full + " " * (3 - full) + " "
            if size > 1:  # the frame's left edge in the creature's colours, then the bar
                return [Segment(footprint(0, 0, size, BIG_CELL[0], 1)[0], style), Segment(bar_text, style + bar)]
            return Segment(" " + bar_text, style + bar)
        return Segment("█" * 5 if text == "███" else " " * 5, style)

    def creature_drawn(self, sq: Square) -> Creature | None:
        """The creature drawn on ``sq``: the active one when it stands there, else the one the state
        finds there.  Two share a square only while a move or charge passing through an ally waits
        for a champion-power answer (CHG-4): the mover is the one the answer is about (it used to
        vanish under the ally it passed; nm-tut 6, nm-g35 9)."""
        st = self._shown
        if not st.sealed:  # a state still being changed (a test's): looked up each time
            active = st.active_creature if st.active_uid else None
            if active is not None and active.alive and sq in active.squares:
                return active
            return st.creature_at(sq)
        if self._drawn_for is not st:  # who is drawn where: found once for each (read-only) state drawn
            self._drawn_for, self._drawn = st, self._drawn_squares(st)
        return self._drawn.get(sq)

    @staticmethod
    def _drawn_squares(st: GameState) -> dict[Square, Creature]:
        """``creature_drawn`` for every square a creature is drawn on: the active creature on its own
        squares, else the first creature of the state there (as ``GameState.creature_at`` finds it)."""
        drawn: dict[Square, Creature] = {}
        for c in st.creatures:
            if c.alive:
                for sq in c.squares:
                    drawn.setdefault(sq, c)
        active = st.active_creature if st.active_uid else None
        if active is not None and active.alive and active.pos is not None:
            for sq in active.squares:
                drawn[sq] = active
        return drawn

    def _cell3(self, sq: Square) -> tuple[str, Style]:
        ov, s = self._overlay, self._styles
        text, style = self._base(sq)
        who = self.creature_drawn(sq)
        if who is not None:
            label = who.label if len(who.label) <= CELL else who.label[0] + who.label[-(CELL - 1):]
            if self._cw == CELL:  # small squares: the number drawn small, so side by side labels part
                label = small_number(label)
            # A Large or Huge creature: its label on its top-left square, a frame round the rest
            # of its footprint, all in its colours (MOV-13).
            ax, ay = who.square
            text = (label.center(CELL) if (ax, ay) == sq
                    else footprint(sq[0] - ax, sq[1] - ay, who.size))
            # two shades on alternate squares, so that neighbouring labels stay apart
            style = s[creature_style(who, ov) + ("alt" if (ax + ay) % 2 else "")]
            if who.effects:  # a condition or ongoing damage (CON-*, EFF-*): underlined
                style = style + s["condition"]
        elif sq in ov.area:
            text, style = text.replace(".", "░").replace("◆", "░"), s["template"]
        elif "◆" in text and (sq in ov.deploy or sq in ov.path or sq in ov.ends or sq in ov.shifts
                              or sq in ov.reachable):
            text, style = self._zone_marked(sq, text)
        elif sq in ov.deploy:
            text, style = " ▪ ", s["deploy"]
        elif sq in ov.path:
            cost = dict(ov.costs).get(sq)  # a step dearer than 1 (hampered, difficult, stooping): its cost
            text, style = (f"o{cost}".ljust(CELL) if cost else " o "), s["path"]
        elif sq in ov.ends:
            text, style = " x ", s["end"]
        elif sq in ov.shifts:
            text, style = " s ", s["shift"]
        elif sq in ov.reachable:
            style = s["reach"]
            if "." in text:
                text = text.replace(".", ":")
            elif text[0] == " " and text[-1] == " ":  # dark, ice, a low ceiling…: `:▪:`, not colour alone
                text = ":" + text[1:-1] + ":"
        elif sq in ov.aura:
            style = s["aura"]
            if not (ov.threat or ov.reach):  # ~.~: an aura reads without colour too
                text = aura_text(text)
        elif sq in ov.threat and "◆" not in text:  # a zone keeps its owner's colour; its ! says the threat
            level = threat_style(sq, ov)  # a farther level only colours the glyphs, on the square's ground
            style = s[level] if level == "threat" else style + s[level]
        if sq == self.square:
            style = style + Style(reverse=True, bold=True)
            if who is None and text[0] in " :" and text[-1] in " :":
                text = "[" + text[1] + "]"
        if who is None and (ov.threat or ov.reach) and len(text) == CELL:
            text = threat_text(text, threat_glyph(sq, ov), sq in ov.reach)
        return text, style

    def _zone_marked(self, sq: Square, text: str) -> tuple[str, Style]:
        """A VP zone square (``text`` holds its ``◆``) that a move, shift, path, charge end or deployment
        mark falls on: the zone's glyph kept and the mark on either side of it (``:◆:``, ``s◆s``,
        ``o◆o``, ``o◆2`` a step that costs 2, ``x◆x``, ``▪◆▪``), in the mark's colour; a zone square of
        other ground (``◆▪`` in the dark) is marked the same way (``:◆:``; the status line names its
        ground).  The square that names the zone's owner (``◆P1``, no blank column) keeps its text,
        underlined in the mark's colour (the legend and the help say so), so both read without colour."""
        ov, s = self._overlay, self._styles
        if sq in ov.deploy:
            mark, key = "▪", "deploy"
        elif sq in ov.path:
            cost = dict(ov.costs).get(sq)
            mark, key = ("o", "path") if not cost else (f"o{cost}", "path")
        elif sq in ov.ends:
            mark, key = "x", "end"
        elif sq in ov.shifts:
            mark, key = "s", "shift"
        else:
            mark, key = ":", "reach"
        if sq in self.zone_marks():  # the owner's mark ◆P1: underlined
            return text, s[key] + s["condition"]
        # a zone square of other ground (◆▪ in the dark, nm-ug 8) takes the marks as a clear one: :◆:
        if len(mark) > 1:  # a dearer path step: o◆2
            return mark[0] + "◆" + mark[1:][:1], s[key]
        return mark + "◆" + mark, s[key]

    def _base(self, sq: Square) -> tuple[str, Style]:
        st, s = self._shown, self._styles
        terrain = st.battle_map.terrain_at(sq)
        rules = terrain_rules(terrain)  # built-in kinds and the map's own (TER-OTHER)
        if rules.half_wall:
            return HALF_WALL_CELLS[rules.half_wall], s["wall"]  # TER-WALL diagonal wall
        cave = cave_cell(rules) if rules.cave else None  # the underground module's features
        if cave is not None and rules.rubble:
            return cave_text(st.battle_map, terrain, cave), s[cave[1]]
        if rules.blocks_movement:
            return "███", s["wall"]
        # the cave's glyphs, or the engine's symbols: ^ T O * S % + @ (TER-*), or the map's
        text = cave_text(st.battle_map, terrain, cave) if cave else f" {rules.symbol} "
        rough = rules.difficult
        sides = range(max(st.players, len(st.battle_map.start_areas)))
        for player in sides:
            if sq in self.zone_squares(player):
                mark = self.zone_marks().get(sq)
                if mark is None:  # a zone square of other terrain keeps its glyph beside the ◆ (dark, ice…)
                    mark = " ◆ " if terrain is Terrain.CLEAR else "◆" + text[1:] if text[:1] == " " else text
                return mark, s[f"zone{player}"]
        for player in sides:
            if sq in self._area(player):
                return text, s[f"area{player}"] + (s["difficult"] if rough else Style())
        return text, s[cave[1] if cave else "difficult" if rough else "clear"]

    def zone_owner(self, player: int) -> str:
        """Who scores in VP zone number ``player``, as the map writes it: "P1".."P4" once start areas
        are chosen, before that the letter of the start area whose player will score there ("A")."""
        st = self._shown
        if st.areas:
            return f"P{player + 1}"
        names = sorted(st.map.vp_zones) if st.map is not None else []
        return names[player].upper() if player < len(names) else "ABCD"[player]

    def zone_marks(self) -> dict[Square, str]:
        """The square of each VP zone that names whose zone it is, and its text (``◆P1``): the
        free square nearest the zone's middle, a clear one when there is one (a zone in the dark or on
        ice is labelled too); none when every square is taken."""
        st = self._state
        if st is None or st.map is None:
            return {}
        key = (id(st), st.step, tuple(st.areas.items()), id(st.map))
        if getattr(self, "_marks_key", None) == key:
            return self._marks
        marks: dict[Square, str] = {}
        the_map = st.map
        for player in range(max(st.players, len(the_map.start_areas))):
            zone = self.zone_squares(player)
            free = [q for q in zone if st.creature_at(q) is None
                    and not terrain_rules(the_map.terrain_at(q)).blocks_movement]
            if not free:
                continue
            mx = sum(q[0] for q in zone) / len(zone)
            my = sum(q[1] for q in zone) / len(zone)
            best = min(free, key=lambda q: (the_map.terrain_at(q) is not Terrain.CLEAR,
                                            (q[0] - mx) ** 2 + (q[1] - my) ** 2, q[1], q[0]))
            marks[best] = ("◆" + self.zone_owner(player)).ljust(CELL)[:CELL]
        self._marks_key, self._marks = key, marks
        return marks

    def _area(self, player: int) -> frozenset[Square]:
        """Player ``player``'s start area; before areas are chosen, the map's area number ``player``
        (A, B, then C, D of a free-for-all map)."""
        st = self._shown
        if st.areas:
            return st.start_area(player) if player < st.players else frozenset()
        areas = st.battle_map.start_areas
        names = sorted(areas)
        return areas[names[player]] if player < len(names) else frozenset()

    def zone_squares(self, player: int) -> frozenset[Square]:
        """Player ``player``'s VP zone (or the map's zone number ``player``, as ``_area``)."""
        st = self._shown
        if st.areas:
            return st.vp_zone(player) if player < st.players else frozenset()
        zones = st.battle_map.vp_zones
        names = sorted(zones)
        return zones[names[player]] if player < len(names) else frozenset()
