"""The battle log: every event as words (see ``tactica.client.describe``).

The player can read it back (Page Up, the mouse wheel): while they do, new
lines are added below without moving the view, and the log's top border says
how many came and that End goes back to the newest.  Scrolling back to the
bottom follows the newest lines again; so does the player's own action (its
result is what they want to see next).
"""
from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Iterable

from rich.table import Table
from rich.text import Text
from textual import events
from textual.strip import Strip

from tactica.client.describe import LogLine

from ..sides import SIDE_FG

# Textual's RichLog imports rich.pretty, which imports the attrs package whenever one is installed, only
# to pretty-print attrs instances (the log shows none): 10-15 ms of CPU before the battle's first frame
# (issue 21, ``tests/test_startup_imports.py``).  So attrs reads as missing while RichLog is imported
# (None in ``sys.modules`` makes its import fail at once); an import of attrs afterwards works as before.
_HIDE_ATTRS = "attr" not in sys.modules and "rich.pretty" not in sys.modules
if _HIDE_ATTRS:
    sys.modules["attr"] = None  # type: ignore[assignment]
try:
    from textual.widgets import RichLog
finally:
    if _HIDE_ATTRS:
        del sys.modules["attr"]

KIND_STYLE = {
    "banner": "bold reverse",
    "round": "bold",
    "turn": "bold",
    "hit": "",
    "miss": "bright_black",
    "move": "",
    "vp": "bold green",
    "setup": "italic",
    "info": "",
    "victory": "bold reverse green",
}
SIDE_MARK = tuple(("▌", colour) for colour in SIDE_FG)


class BattleLog(RichLog, can_focus=False):
    """A scrolling log of LogLines; a side mark shows whose line it is.

    Every line wraps at the log's width, its continuation indented past the side
    mark; a log that changes width (a resized terminal) wraps its lines again,
    so no line is ever cut at the right edge.  The scroll bar's column is always
    kept, so its coming does not cut lines wrapped before it.  It never takes the
    focus (a click on it would take the arrow keys from the map); the battle
    screen's keys and the mouse wheel scroll it.
    """

    DEFAULT_CSS = """
    BattleLog {
        border-top: solid $primary-darken-2;
        border-title-align: right;
        border-title-color: $warning;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
    }
    """

    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1, **kw)
        self.lines_written: list[str] = []
        #: Every line added, as given (a log reader over a question shows them again with the same look).
        self.entries: list[LogLine] = []
        self._rows: list[Table] = []     # every line as drawn, to wrap again at a new width
        self._wrapped_at = 0
        #: False while the player reads back: new lines then leave the view where it is.
        self.following = True
        #: Lines added below the view while the player read back.
        self.unread = 0
        #: The first row of every line written, in the order written (``write``): where each one begins.
        self._starts: list[int] = []

    def watch_scroll_y(self, old: float, new: float) -> None:
        """The view moved (a key, the wheel, the scroll bar): at the bottom the log follows the newest
        lines again; anywhere above it the player is reading back."""
        super().watch_scroll_y(old, new)
        self.following = round(new) >= self.max_scroll_y
        if self.following:
            self.unread = 0
        self._show_reading()

    def _show_reading(self) -> None:
        """Say in the top border that the player reads back, and how many lines came since."""
        if self.following:
            self.border_title = None
        else:
            new = f"{self.unread} new line{'s' if self.unread != 1 else ''} below · " if self.unread else ""
            self.border_title = f"▲ reading back · {new}End: newest"

    def rows_for(self, lines: Iterable[LogLine]) -> int:
        """Rows ``lines`` take in the log at its width now (each wrapped past its side mark)."""
        width = max(1, self.scrollable_content_region.width - 1)
        return sum(max(1, -(-len(line.text) // width)) for line in lines)

    def page(self, step: int) -> None:
        """Scroll a page back (``step`` -1) or on (+1); a page keeps one line of the last in view."""
        rows = max(1, self.scrollable_content_region.height - 1)
        self.scroll_to(y=self.scroll_y + step * rows, animate=False, force=True)

    def to_edge(self, step: int) -> None:
        """Go to the oldest line (``step`` -1) or the newest (+1), where the log follows again."""
        if step > 0:
            self.scroll_end(animate=False, force=True)
        else:
            self.scroll_home(animate=False, force=True)

    @staticmethod
    def _row(mark: Text, text: Text) -> Table:
        """One log line: the side mark, then its words wrapped in the columns left (a hanging indent)."""
        row = Table.grid(expand=True)
        row.add_column(width=1, no_wrap=True)
        row.add_column(ratio=1, overflow="fold")
        row.add_row(mark, text)
        return row

    def add(self, lines: Iterable[LogLine], follow: bool = False) -> None:
        """Append ``lines`` at the bottom.  The view follows them unless the player is reading back;
        ``follow`` (the player's own action) brings it to the newest lines in any case."""
        if follow:
            self.following = True
        for line in lines:
            mark = Text(*SIDE_MARK[line.player]) if line.player is not None else Text(" ")
            text = Text(line.text, style=KIND_STYLE.get(line.kind, ""))
            if line.kind == "hit" and "HIT" in line.text:
                text.highlight_words(["CRITICAL HIT", "HIT"], style="bold green")
            if "MISS" in line.text:
                text.highlight_words(["MISS"], style="bold yellow")
            self.lines_written.append(line.text)
            self.entries.append(line)
            row = self._row(mark, text)
            self._rows.append(row)
            # a log shown again this moment (the recap took its place) has no width until the next
            # layout: its lines are wrapped at the width it had
            hidden = self.scrollable_content_region.width <= 0 and self._wrapped_at > 0
            self.write(row, width=self._wrapped_at if hidden else None, scroll_end=self.following)
            if not self.following:
                self.unread += 1
        self._show_reading()

    def write(self, content, width=None, expand=False, shrink=True, scroll_end=None, animate=False):
        """``RichLog.write``, noting the row where the line begins (``_starts``); a write deferred until
        the log knows its size is noted when it is made."""
        start = len(self.lines)
        known = self._size_known
        written = super().write(content, width=width, expand=expand, shrink=shrink, scroll_end=scroll_end,
                                animate=animate)
        if known:
            self._starts.append(start)
        return written

    def render_line(self, y: int) -> Strip:
        """One row of the log.  While it follows the newest lines, the rows at its top that are the
        end of a line begun above the view are left blank: the view shows whole lines from their
        first row (nm s16 F8: at 80×24 the three rows began with " destroyed, +16 VP)")."""
        top = round(self.scroll_y)
        if self.following and top > 0:
            at = bisect_left(self._starts, top)  # the first line that begins in the view
            if at < len(self._starts) and top + y < self._starts[at]:  # (none: one line taller than the view)
                return Strip.blank(self.scrollable_content_region.width, self.rich_style)
        return super().render_line(y)

    def clear(self) -> BattleLog:
        """Remove every line (``lines_written`` keeps its record); the log follows the newest again."""
        self._starts.clear()
        self._rows.clear()
        self.entries.clear()
        self.following, self.unread = True, 0
        self._show_reading()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again when the log's width changed, and show the newest lines; when only its height
        changed, a log that follows shows its newest lines still (s17: below a recap sized after the log had
        scrolled, it sometimes stood a few lines short of its end)."""
        width = event.size.width - self.styles.scrollbar_size_vertical  # the scroll bar's column is kept
        if width <= 0 or width == self._wrapped_at:
            if width > 0 and self.following:  # only its height changed (the recap above it sized to its rows):
                self.scroll_end(animate=False)  # a log that follows keeps its newest lines in view
            return
        first = not self._wrapped_at
        self._wrapped_at = width
        if first:
            return  # the lines so far are wrapped at this width (RichLog waits for its size)
        rows = list(self._rows)
        super().clear()
        self._starts.clear()
        for row in rows:
            self.write(row, width=width, scroll_end=False)
        self.following, self.unread = True, 0
        self.scroll_end(animate=False)
