"""The battle log: every event as words (see ``tactica.tui.describe``)."""
from __future__ import annotations

from typing import Iterable

from rich.table import Table
from rich.text import Text
from textual import events
from textual.widgets import RichLog

from ..describe import LogLine
from ..sides import SIDE_FG

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


class BattleLog(RichLog):
    """A scrolling log of LogLines; a side mark shows whose line it is.

    Every line wraps at the log's width, its continuation indented past the side
    mark; a log that changes width (a resized terminal) wraps its lines again,
    so no line is ever cut at the right edge.  The scroll bar's column is always
    kept, so its coming does not cut lines wrapped before it.
    """

    DEFAULT_CSS = """
    BattleLog {
        border-top: solid $primary-darken-2;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
    }
    """

    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1, **kw)
        self.lines_written: list[str] = []
        self._rows: list[Table] = []     # every line as drawn, to wrap again at a new width
        self._wrapped_at = 0

    @staticmethod
    def _row(mark: Text, text: Text) -> Table:
        """One log line: the side mark, then its words wrapped in the columns left (a hanging indent)."""
        row = Table.grid(expand=True)
        row.add_column(width=1, no_wrap=True)
        row.add_column(ratio=1, overflow="fold")
        row.add_row(mark, text)
        return row

    def add(self, lines: Iterable[LogLine]) -> None:
        """Append ``lines`` at the bottom."""
        for line in lines:
            mark = Text(*SIDE_MARK[line.player]) if line.player is not None else Text(" ")
            text = Text(line.text, style=KIND_STYLE.get(line.kind, ""))
            if line.kind == "hit" and "HIT" in line.text:
                text.highlight_words(["CRITICAL HIT", "HIT"], style="bold green")
            if "MISS" in line.text:
                text.highlight_words(["MISS"], style="bold yellow")
            self.lines_written.append(line.text)
            row = self._row(mark, text)
            self._rows.append(row)
            self.write(row)

    def clear(self) -> "BattleLog":
        """Remove every line (``lines_written`` keeps its record)."""
        self._rows.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again when the log's width changed, and show the newest lines."""
        width = event.size.width - self.styles.scrollbar_size_vertical  # the scroll bar's column is kept
        if width <= 0 or width == self._wrapped_at:
            return
        first = not self._wrapped_at
        self._wrapped_at = width
        if first:
            return  # the lines so far are wrapped at this width (RichLog waits for its size)
        rows = list(self._rows)
        super().clear()
        for row in rows:
            self.write(row, width=width, scroll_end=False)
        self.scroll_end(animate=False)
