"""The whole map at once (``v`` on the battle screen): two columns a square, for a map bigger than its
view (80×24 shows 17 of a 30×22 map's columns).

``MapOverview`` is a ``ModalScreen`` drawn from the battle's ``MapView`` (its styles, its terrain and
zone glyphs): every creature as its label's first letter and last digit in its side's case and
colours (``B1`` Player 1, ``b3`` Player 2), walls ``██``, other ground by its glyph; the squares the
battle map shows now are drawn bright, the rest dim, so the player sees where the view is.  Its own
cursor starts on the battle map's; the arrows (h j k l, y u b n) move it, Enter closes the overview with
the battle map's cursor (and so its view) moved there, Esc or ``v`` closes it where it was.  It acts on
nothing else: no key here moves a creature.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tactica.client.battle_words import square_words
from tactica.client.describe import creature_name
from tactica.engine import Square

from ..widgets.map_view import MapView

OVERVIEW_CELL = 2
"""Terminal columns per square in the overview (one where two do not fit across)."""


def short_labels(labels: list[str]) -> dict[str, str]:
    """Two characters for each creature label, told apart by a letter where they can be, not only by
    case: its first letter and last character ("BR1" -> "B1", case kept, so the sides differ too).
    Where codes would match but for case (``bt1`` beside ``BR1``, ``he1`` beside ``hi1``), a label
    whose first two letters are its own takes them ("BR", "he", "hi"); then, where codes still match
    (copies of a card on both sides of a mirror match: ``HO1``, ``hb1``), a card's copies on one side
    take their second letter and last character together if no other code is one of those ("O1", "O2"),
    so that the last card of such a clash keeps its code; the rest keep theirs.
    Takes the labels on the map; returns label -> code."""
    out = {label: label[0] + label[-1] for label in labels}
    count: dict[str, int] = {}
    for code in out.values():
        count[code.lower()] = count.get(code.lower(), 0) + 1
    pairs: dict[str, int] = {}
    for label in labels:
        pairs[label[:2].lower()] = pairs.get(label[:2].lower(), 0) + 1
    for label, code in out.items():
        two = label[:2]
        if count[code.lower()] > 1 and pairs[two.lower()] == 1 and two.lower() not in count:
            count[code.lower()] -= 1
            count[two.lower()] = 1
            out[label] = two
    copies: dict[str, list[str]] = {}  # a card's copies on one side share a stem: they switch together
    for label in labels:
        copies.setdefault(label.rstrip("0123456789"), []).append(label)
    for group in copies.values():
        others = [label[1:2] + label[-1] for label in group]
        if any(count[out[label].lower()] > 1 for label in group) and all(o[:1].isalpha() for o in others) \
                and not any(o.lower() in count for o in others) and len({o.lower() for o in others}) == len(group):
            for label, other in zip(group, others):
                count[out[label].lower()] -= 1
                count[other.lower()] = 1
                out[label] = other
    return out


def overview_cell(mv: MapView, sq: Square, width: int = OVERVIEW_CELL,
                  codes: dict[str, str] | None = None) -> tuple[str, Style]:
    """The ``width`` columns (1 or 2) and style the overview draws square ``sq`` of ``mv``'s map with:
    a creature's label in two characters (``codes``, from ``short_labels``; without them its first
    letter and last character, "B1", "b3"; one column: the letter) in its side's colours, a wall
    (and rubble) as blocks, other ground by the middle of its glyph (``.``, ``^``, ``◆``, ``▪``…)."""
    st = mv.state
    assert st is not None and st.map is not None
    who = st.creature_at(sq)
    styles = mv._styles
    if who is not None:
        label = who.label
        code = (codes or {}).get(label, label[0] + label[-1])
        text = code if width > 1 else label[0]
        if who.pos != sq:  # the rest of a Large or Huge creature: its letter, lower in tone
            text = label[0].ljust(width)
        return text, styles[f"p{who.player}{'done' if who.activated else ''}"]
    glyphs, style = mv._base(sq)
    if glyphs[0] == glyphs[1] == glyphs[2] != " ":  # a wall, rubble: blocks
        return glyphs[0] * width, style
    middle = glyphs[1] if glyphs[1] != " " else next((g for g in glyphs if g != " "), ".")
    if glyphs.startswith("◆"):
        middle = "◆"
    return middle.ljust(width), style


def overview_text(mv: MapView, cursor: Square, width: int = OVERVIEW_CELL) -> Text:
    """The whole map of ``mv`` as Rich text, ``width`` columns a square: the squares ``mv`` shows now
    at full strength, the others dimmed; ``cursor`` in reverse video; of creatures side by side in a row,
    every other one's code underlined, so that two codes read apart (s22 newcomer: "hiw1")."""
    st = mv.state
    assert st is not None and st.map is not None
    w, h = st.map.width, st.map.height
    shown = {(x, y) for x in range(w) for y in range(h) if mv.in_view((x, y))}
    codes = short_labels([c.label for c in st.creatures if c.pos is not None])
    out = Text()
    for y in range(h):
        left, run = None, 0  # the creature on the square to the left; its place in a row of side-by-side ones
        for x in range(w):
            text, style = overview_cell(mv, (x, y), width, codes)
            here = st.creature_at((x, y))
            if here is None:
                run = 0
            elif left is None or left.uid != here.uid:
                run += 1
            if here is not None and run % 2 == 0:  # every other code of a row underlined: "hi" "w̲1̲", not "hiw1"
                style = style + Style(underline=True)
            left = here
            if (x, y) not in shown:
                style = style + Style(dim=True)
            if (x, y) == cursor:
                style = style + Style(reverse=True, bold=True)
            out.append(text, style)
        if y < h - 1:
            out.append("\n")
    return out


class MapOverview(ModalScreen[Square | None]):
    """The whole battle map, a square two columns wide; dismissed with the square to move the battle
    map's cursor to (Enter), or None (Esc, ``v``).

    Args:
        map_view: the battle screen's map (its state, styles and the part it shows now).
    """

    DEFAULT_CSS = """
    MapOverview { align: center middle; background: $background; }  /* opaque: no battle screen at its edges */
    MapOverview > Vertical { width: auto; height: auto; max-height: 100%; max-width: 100%;
                             background: $panel; padding: 0 1; }
    MapOverview #overview-title { width: auto; text-style: bold; background: $accent 30%; }
    MapOverview VerticalScroll { width: auto; height: auto; max-height: 1fr; }
    MapOverview #overview-map { width: auto; }
    MapOverview #overview-where { width: auto; color: $text-muted; }
    """

    BINDINGS = [
        # the arrows move the cursor, never scroll the map's box first (a map taller than the screen)
        Binding("up,k", "cursor(0,-1)", show=False, priority=True),
        Binding("down,j", "cursor(0,1)", show=False, priority=True),
        Binding("left,h", "cursor(-1,0)", show=False, priority=True),
        Binding("right,l", "cursor(1,0)", show=False, priority=True),
        Binding("y", "cursor(-1,-1)", show=False), Binding("u", "cursor(1,-1)", show=False),
        Binding("b", "cursor(-1,1)", show=False), Binding("n", "cursor(1,1)", show=False),
        Binding("enter", "go", "Go there", priority=True),
        Binding("escape,v,q", "close", "Back", priority=True),
    ]

    TITLE = "Whole map — arrows move · Enter: the battle map goes there · Esc: back"
    """The overview's top line."""

    def __init__(self, map_view: MapView) -> None:
        super().__init__()
        self.map_view = map_view
        self.cursor: Square = map_view.square

    def _width(self) -> int:
        """Columns a square: two, or one where two do not fit across the terminal."""
        st = self.map_view.state
        w = st.map.width if st is not None and st.map is not None else 0
        return OVERVIEW_CELL if w * OVERVIEW_CELL + 4 <= self.app.size.width else 1

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.TITLE, id="overview-title")
            with VerticalScroll():
                yield Static(overview_text(self.map_view, self.cursor, self._width()), id="overview-map")
            yield Static(self._where(), id="overview-where")

    def _where(self) -> Text:
        """The line under the map: the cursor's square and the creature on it, in words."""
        st = self.map_view.state
        if st is None:
            return Text("")
        words = square_words(st, self.cursor)
        who = st.creature_at(self.cursor)
        if who is not None:
            words += f" · {creature_name(st, who.uid)}"
        return Text(words)

    def _redraw(self) -> None:
        self.query_one("#overview-map", Static).update(overview_text(self.map_view, self.cursor, self._width()))
        self.query_one("#overview-where", Static).update(self._where())

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the overview's cursor a square, staying on the map."""
        st = self.map_view.state
        if st is None or st.map is None:
            return
        x = min(st.map.width - 1, max(0, self.cursor[0] + dx))
        y = min(st.map.height - 1, max(0, self.cursor[1] + dy))
        self.cursor = (x, y)
        self._redraw()
        box = self.query_one(VerticalScroll)  # a map taller than the screen: its box follows the cursor
        rows = box.scrollable_content_region.height
        if rows > 0 and not box.scroll_y <= y < box.scroll_y + rows:
            box.scroll_to(y=y if y < box.scroll_y else y - rows + 1, animate=False, immediate=True)

    def action_go(self) -> None:
        """Enter: close, the battle map's cursor (and its view) on this square."""
        self.dismiss(self.cursor)

    def action_close(self) -> None:
        """Esc or v: close; the battle map stays as it was."""
        self.dismiss(None)
