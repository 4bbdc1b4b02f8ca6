"""The battle screen's layout: the rows of the map row and the log, the side panel's legend and card.

``BattleLayout`` is owned by ``BattleScreen``.  It gives the map row the rows
``battle_sizes.body_rows`` says (the log takes the rest), says whether a toast
fits and how many characters the status line shows now, names who scores in
each VP zone in the legend, and pages the stat card.  The arithmetic itself is
Textual-free, in ``tactica.client.battle_sizes``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from rich.markup import escape
from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from tactica.client.battle_sizes import (
    SIDE,
    SIDE_NARROWEST,
    body_rows,
    side_width,
    status_room,
    status_rows,
    toasts_fit,
)
from tactica.client.battle_words import square_words, zone_note
from tactica.client.controller import Controller
from tactica.client.session import GameSession
from tactica.client.settings import key_display
from tactica.client.threat_words import THREAT_LINES, threat_lines
from tactica.engine import MapDef, Square, Terrain, rubble_dug, terrain_rules

from ..widgets.battle_log import BattleLog
from ..widgets.map_view import STYLES as MAP_STYLES
from ..widgets.map_view import MapView, cave_cell, cave_glyphs
from ..widgets.stat_card import StatCard
from ..widgets.status_line import StatusLine

LEGEND_TERRAIN = {"forest": "T forest", "pit": "O pit", "smoke": "* smoke", "statue": "S statue",
                  "blood-rock": "% blood rock", "sacred-circle": "+ sacred circle",
                  "teleporter": "@ teleporter", "low-obstacle": "_ low obstacle"}
"""Legend words for special terrain, shown only when a map of the battle has it."""


_BRIGHT = re.compile(r"(?<![\w$])bright_(black|red|green|yellow|blue|magenta|cyan|white)\b")


def markup_style(style: str) -> str:
    """``style``, a Rich style string of the map's tables ("bold bright_blue on #0b1f45"), with Rich's
    bright ANSI colour names written as Textual's markup reads them ("ansi_bright_blue"): Textual's
    markup does not know "bright_blue", and a style it cannot read shows no colour at all."""
    return _BRIGHT.sub(r"ansi_bright_\1", style)


def legend(maps: Iterable[MapDef], players: int = 2, zones: tuple[tuple[int, str], ...] = (),
           styles: Mapping[str, str] = MAP_STYLES, threat_key: str = "t", hp_bars: bool = False) -> str:
    """The side-panel legend: the basic marks plus the special terrain these maps use;
    with three or four players the letter case of each (SCN-MULTI: OG1 og1 Og1 oG1).

    ``zones`` names who scores in each VP zone as (zone number, owner) pairs, the owner "P1".."P4"
    (or the start area's letter, "A", before areas are chosen): one line each, its mark in the
    zone's colours (SCN-ASSAULT).  Without it the legend says only "◆ VP zone".  ``styles`` is the
    map's style table (``map_view.styles_for`` the theme), whose zone, aura and threat colours it shows;
    ``threat_key`` the key the threat view is bound to (the settings may rebind ``t``); ``hp_bars``: the
    map draws its big squares, with the HP bar under each creature's label (green, red once bloodied,
    HP-2), which the legend then names (on a line it shares: the panel has no row to spare).
    Returns the legend as Textual content markup, one line per row of the panel (the map's Rich
    colour names made Textual's by ``markup_style``)."""
    styles = {name: markup_style(style) for name, style in styles.items()}
    found = {t for m in maps for row in m.terrain for t in row}
    kinds = {t.value for t in found}
    extra = [words for kind, words in LEGEND_TERRAIN.items() if kind in kinds]
    for m in maps:  # the underground module: each cave kind by its glyph and name (rubble: g digs)
        glyphs = cave_glyphs(m.custom_terrain)
        for kind in m.custom_terrain:
            cave = cave_cell(kind.rules) if kind.rules.cave else None
            if cave is not None:
                entry = (f"[{markup_style(MAP_STYLES[cave[1]])}]{escape(glyphs.get(kind.name, cave[0]).strip()[0])}[/] "
                         f"{escape(kind.name)}" + (" (g digs)" if kind.rules.rubble else ""))
                if entry not in extra:
                    extra.append(entry)
    lines = [". clear   ^ difficult", "███ wall  ◆ VP zone"]
    for i, owner in zones:
        whom = owner if owner.startswith("P") else f"who starts in {owner}"
        lines.append(f"[{styles[f'zone{i}']}]◆{owner}[/] {whom} scores here")
    while extra:  # two to a line when they fit the side panel
        if len(extra) > 1 and len(extra[0]) + len(extra[1]) + 2 <= 22:
            lines.append(f"{extra.pop(0)}  {extra.pop(0)}")
        else:
            lines.append(extra.pop(0))
    hp = "  [ansi_bright_green]▀▀[/][ansi_bright_red]▀[/] HP" if hp_bars else ""  # green, red once bloodied (HP-2)
    # ":" where the active creature can move (s22 newcomer: ": reach" read as an enemy's reach)
    lines += [": move  s shift  o path", "x charge  ░ area" + hp, ":◆: [u]◆P1[/u] zone+mark",
              f"[u]lbl[/u] condition [{styles['aura']}]~[/] aura",
              # the threat view's levels (the toast and the help say † too)
              f"[{styles['threat']}]![/] now [{styles['threat_far']}]?[/] move "
              f"[{styles['threat_charge']}]'[/] charge ({escape(threat_key)})"]
    if players > 2:
        cases = ("[b]AB[/b] P1", "[b]ab[/b] P2", "[b]Ab[/b] P3", "[b]aB[/b] P4")[:players]
        lines += ["  ".join(cases), "? help"]
    else:
        lines.append("[b]UPPER[/b] P1 [b]lower[/b] P2 ? help")
    return "\n".join(lines)


def terrain_note(st: Any, square: Square) -> str:
    """What the terrain of ``square`` does, for the card's note when no creature is under the cursor:
    "Low Passage: Medium ones stoop (moves ×1.5)" (``preview.terrain_words``: a cave's ceiling, gap,
    depth, slope, darkness and ice, UG-LOW … UG-SLIP; a rubble kind, UG-RUBBLE, and the feet dug
    out of it so far; a cost, cover);
    "" on clear ground or before the map is chosen (nm-underground F4)."""
    from ..preview import terrain_words  # not at start-up: the map preview's module
    if st.map is None:
        return ""
    kind = st.battle_map.terrain_at(square)
    if kind is Terrain.CLEAR:
        return ""
    name = str(getattr(kind, "value", getattr(kind, "name", kind)))
    feet = rubble_dug(st, square) if st.notes else 0
    dug = f" {feet} of the 5 feet that clear it are dug (UG-RUBBLE)." if feet else ""
    return f"{name[:1].upper() + name[1:]}: {terrain_words(st.battle_map.rules_at(square))}.{dug}"


def toast_widths() -> str:
    """CSS for the battle screen: a toast as wide as a narrowed side panel (``-side24`` … ``-side27``,
    set by ``BattleLayout.fit``), so it covers the stat card and not the map."""
    return "".join(f"BattleScreen.-side{w} Toast {{ width: {w}; max-width: {w}; }}\n"
                   for w in range(SIDE_NARROWEST, SIDE))


def passing_note(st: Any, who: Any, square: Square) -> str:
    """The side panel's note when creature ``who`` shares ``square`` with another for now: a move or
    a charge passing an ally's square, stopped by a champion-power question (MOV-2, CHG-4): "Passing
    through br3's square (MOV-2, CHG-4: a move or a charge may pass an ally, not stop there)." ""
    otherwise."""
    if who is None:
        return ""
    others = [c.label for c in st.creatures
              if c.alive and c.pos is not None and c.uid != who.uid and square in c.squares]
    if not others:
        return ""
    names = ", ".join(others)
    return (f"{who.label} is passing through {names}'s square (MOV-2, CHG-4: a move or a charge may pass "
            "an ally, not stop there).")


class LayoutHost(Protocol):
    """What ``BattleLayout`` asks of the battle screen."""

    session: GameSession
    ctrl: Controller

    def key_of(self, name: str) -> str: ...
    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Any: ...

    @property
    def app(self) -> App[Any]: ...
    @property
    def body(self) -> Widget: ...
    @property
    def map_view(self) -> MapView: ...
    @property
    def status_line(self) -> StatusLine: ...
    @property
    def battle_log(self) -> BattleLog: ...
    @property
    def legend_panel(self) -> Static: ...
    @property
    def side_panel(self) -> Widget: ...
    @property
    def card_box(self) -> VerticalScroll: ...
    @property
    def stat_card(self) -> StatCard: ...
    @property
    def cursor_line(self) -> Static: ...

    def toast_racks(self) -> Sequence[Widget]: ...


class BattleLayout:
    """The battle screen's rows and side panel as the terminal's size and the battle change.

    Args:
        screen: the battle screen that owns it (``LayoutHost``).
    """

    def __init__(self, screen: LayoutHost) -> None:
        self.screen = screen
        #: Rows of the map row now (0 before the first fit).
        self.body_rows = 0
        #: Columns of the side panel now, its border included (0 before the first fit).
        self.side_width = 0
        self._zones_shown: tuple[tuple[int, str], ...] = ()
        self._styles_shown: dict[str, str] | None = None  # the map's style table the legend shows
        self._bars_shown = False  # the legend names the HP bars (the map draws big squares)

    def fit(self) -> None:
        """Give the map row the rows ``body_rows`` says, and the side panel the columns ``side_width``
        says (a map a few columns too wide, or its rulers, takes them: the whole map shows); the log
        takes the rows left.  Called again when the terminal's size or the rulers change."""
        width, height = self.screen.app.size
        st = self.screen.session.state
        maps = (st.map,) if st.map is not None else st.maps
        size = max(((m.width, m.height) for m in maps), key=lambda s: s[1], default=(0, 0))
        gutter = self.screen.map_view.ruler_room()
        side = side_width(width, height, size, gutter)
        if side != self.side_width:
            self.side_width = side
            self.screen.side_panel.styles.width = side
            for w in range(SIDE_NARROWEST, SIDE):  # toasts as wide as the panel (CSS: ``toast_widths``)
                self.screen.set_class(side == w, f"-side{w}")
        rows = body_rows(width, height, size, side, status_rows(width), gutter)
        if rows != self.body_rows:
            self.body_rows = rows
            self.screen.body.styles.height = rows
            for rack in self.screen.toast_racks():  # a toast never reaches below the map row (the status line)
                rack.styles.max_height = rows

    def toasts_fit(self) -> bool:
        """True when a toast (a roll, a refusal, an opportunity-attack warning) may pop up now
        (``battle_sizes.toasts_fit``: the map row and the log both have the rows for it)."""
        width, height = self.screen.app.size
        return toasts_fit(width, height, self.body_rows)

    def status_room(self) -> int:
        """Characters the status line shows now, less what its acknowledgement takes
        (``battle_sizes.status_room``)."""
        return status_room(self.screen.app.size.width, self.screen.status_line.note)

    def show_zone_owners(self) -> None:
        """Name in the legend who scores in each VP zone, once the map is chosen (again once the
        start areas are: "◆A" becomes "◆P1"), and the HP bars while the map draws big squares."""
        st, mv = self.screen.session.state, self.screen.map_view
        zones = () if st.map is None else tuple(
            (p, mv.zone_owner(p)) for p in range(max(st.players, len(st.map.start_areas))) if mv.zone_squares(p))
        bars = mv.big_cells
        if zones != self._zones_shown or mv.style_table is not self._styles_shown or bars != self._bars_shown:
            self._zones_shown = zones
            self._styles_shown = mv.style_table
            self._bars_shown = bars
            self.screen.legend_panel.update(legend(st.maps, st.players, zones, mv.style_table,
                                                   key_display(self.screen.key_of("threats")), hp_bars=bars))

    def card_overflows(self) -> bool:
        """True when the stat card (with the legend under it) is taller than the side panel."""
        return self.screen.card_box.max_scroll_y > 0

    def card_scroll(self, step: int) -> None:
        """Scroll the stat card a page down (``step`` 1) or up (-1); past the end, down goes back to
        the top of the card."""
        box = self.screen.card_box
        page = max(1, box.scrollable_content_region.height - 1)
        # immediate: the next key press (sent fast) must page on from this one's position
        if step > 0 and box.scroll_y >= box.max_scroll_y:
            box.scroll_home(animate=False, immediate=True)
        else:
            box.scroll_to(y=box.scroll_y + step * page, animate=False, immediate=True)

    def show_card(self, square: Square) -> None:
        """Show on the stat card the creature on ``square``, else the active one (its top when it is
        another creature than the card showed), with the note on whose VP zone ``square`` is."""
        st = self.screen.session.state
        card = self.screen.stat_card
        drawn = self.screen.map_view.creature_drawn(square) if st.map is not None else None
        shown = drawn or st.active_creature
        card.state = st
        card.active_uid = st.active_uid
        card.actions_used = (st.move_used, st.attack_used)
        notes = (passing_note(st, drawn, square), terrain_note(st, square),
                 zone_note(st, square))
        card.square_note = "\n\n".join(n for n in notes if n)
        line = self.screen.cursor_line
        # the content's width (its padding left out); before the first layout (a resumed battle's first
        # frame) the width it will have, the side panel's less its border and padding: one form of the
        # square's words from the first frame on (nm s17 F7a: "column 2, row 2", then "col 3 row 2")
        width = line.size.width or max(1, (self.side_width or side_width(*self.screen.app.size)) - 3)
        threats = self._threat_lines(square, width)
        line.styles.height = 1 + THREAT_LINES if threats else 1  # the same height on every square: no jump
        # the map's names are not markup
        line.update(Text("\n".join([square_words(st, square, width), *threats])))
        if card.creature is not shown and (card.creature is None or shown is None
                                           or card.creature.uid != shown.uid):
            self.screen.card_box.scroll_home(animate=False)  # a new card: its top
        card.creature = shown

    def _threat_lines(self, square: Square, width: int | None) -> list[str]:
        """With the threat view on, the lines under the cursor's square (issue 20 item 4,
        ``threat_words.threat_lines``): who could attack ``square`` next turn and how, the nearest first
        (in the "now" mode only without moving); on a creature's square, its own enemies, whoever's it
        is, and on the viewer's own creature first the enemies it could attack (now, or next turn:
        ``threat_words.targets_line``).  [] with the view off, before the map is chosen or on a wall."""
        screen = self.screen
        view = screen.ctrl.threat_view
        st = screen.session.state
        if not view.on or st.map is None:
            return []
        there = st.creature_at(square)
        if there is None and terrain_rules(st.map.terrain_at(square)).blocks_movement:
            return []  # a wall: no creature stands there, so nothing is safe or threatened (s22 newcomer)
        ways = view.threateners_of(st, there.uid) if there is not None else view.threateners(st, square)
        own = view.viewers_own(st, square)
        targets = view.own_targets(st, square) if own else None
        return threat_lines(st, ways, nearest_only=view.nearest_only, creature=there is not None, width=width,
                            targets=targets, enemy=there is not None and not own)

    def page_log(self, step: int) -> None:
        """Page Up / Page Down: read the battle log a page back (``step`` -1) or on (1).  While the
        player reads back, new lines do not move it (its border counts them); at the bottom it
        follows them again.  Where the log is a few rows (80×24: a page would be three lines), Page
        Up opens the whole log on the whole screen instead (``LogReader``; Esc comes back)."""
        if step < 0 and self._read_log_full(1):
            return
        self.screen.battle_log.page(step)

    def log_edge(self, step: int) -> None:
        """Home / End: the log's oldest line (``step`` -1), or its newest (1: where it follows new
        lines again).  Where the log is a few rows, Home opens the whole log at its oldest line."""
        if step < 0 and self._read_log_full(-1):
            return
        self.screen.battle_log.to_edge(step)

    def _read_log_full(self, start: int) -> bool:
        """Open the whole log on the whole screen when the log pane is too small to read back in
        (no toast fits over it: ``toasts_fit``); ``start`` as ``LogReader``'s.  True when opened."""
        if self.toasts_fit():
            return False
        from .log_reader import LogReader
        self.screen.app.push_screen(LogReader(self.screen.battle_log.entries, start, back="the battle"))
        return True
