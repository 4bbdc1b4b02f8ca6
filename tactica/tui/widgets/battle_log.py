"""The battle log: every event as words (see ``tactica.tui.describe``)."""
from __future__ import annotations

from typing import Iterable

from rich.text import Text
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
    """A scrolling log of LogLines; a side mark shows whose line it is."""

    DEFAULT_CSS = """
    BattleLog {
        border-top: solid $primary-darken-2;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, **kw) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, **kw)
        self.lines_written: list[str] = []

    def add(self, lines: Iterable[LogLine]) -> None:
        """Append ``lines`` at the bottom."""
        for line in lines:
            text = Text()
            if line.player is not None:
                mark, style = SIDE_MARK[line.player]
                text.append(mark, style=style)
            else:
                text.append(" ")
            text.append(line.text, style=KIND_STYLE.get(line.kind, ""))
            if line.kind == "hit" and "HIT" in line.text:
                text.highlight_words(["CRITICAL HIT", "HIT"], style="bold green")
            if "MISS" in line.text:
                text.highlight_words(["MISS"], style="bold yellow")
            self.lines_written.append(line.text)
            self.write(text)
