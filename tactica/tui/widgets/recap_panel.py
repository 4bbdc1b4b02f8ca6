"""The recap pinned where the battle log is when the AI's turn ends (issue 20).

At 80×24 the log shows four lines, and the AI's turn writes more than that: the player's own last
result had scrolled off before they could read it.  When the human's turn comes back and the log
cannot show everything since the human's last activation, the battle screen puts this panel where
the log is: the human's own last activation first ("You: LA1 hit br1 …"), then what the AI did, said
short (``tactica.client.handoff.TurnRecap``, ``recap_rows``), a round begun in it with who won the
initiative.  Where the log's place has rows to spare (120×40) the panel is only as tall as its rows
and the log's newest lines show below it (``fit``); at 80×24 it takes the whole place.  It stays until
the human acts; Page Up still opens the whole log.
"""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tactica.client.handoff import RECAP_YOU, recap_rows

RECAP_TITLE = "Since your last activation · until you act · PgUp: the whole log"
"""The panel's top border: what it is, how long it stays, where the rest is."""

LOG_BELOW = 4
"""Fewest rows the battle log must keep below the recap to show there (its top border and three lines):
with fewer the recap takes every row of the log's place (80×24)."""


class RecapPanel(Static):
    """The recap's rows, packed to the panel's size at each render (a resize packs them again).

    Attributes:
        lines: the summary's lines (``client.handoff.TurnRecap.take``), oldest first.
        own: how many of them are the human's own last activation's.
        ranks: each line's rank (``client.handoff.ranked_summary``): what is left out first when
            they do not fit.
    """

    DEFAULT_CSS = """
    RecapPanel {
        height: 1fr;
        border-top: solid $warning;
        border-title-align: left;
        border-title-color: $warning;
        padding: 0 1;
        display: none;
    }
    """

    def __init__(self, **kw) -> None:
        super().__init__("", **kw)
        self.lines: list[str] = []
        self.own = 0
        self.ranks: list[int] | None = None
        self.border_title = RECAP_TITLE

    @property
    def shown(self) -> bool:
        """True while the recap stands where the log is."""
        return bool(self.display)

    def show(self, lines: list[str], own: int, ranks: list[int] | None = None) -> None:
        """Show ``lines`` (the first ``own`` the human's own; ``ranks`` as ``recap_rows``') until ``hide``."""
        self.lines, self.own, self.ranks = list(lines), own, ranks
        self.display = True
        self.refresh(layout=True)

    def fit(self, area: int, width: int) -> bool:
        """Size the panel for the room of the log's place: ``area`` rows (the log's and the recap's
        together) by ``width`` columns.  When the recap's rows (``recap_rows``, nothing left out) leave
        ``LOG_BELOW`` rows or more, the panel is as tall as they are (and its border) and the log shows
        its newest lines below it: True (issue 20: at 120×40 the recap left a dozen empty rows where the
        log had been).  Else the panel takes the whole place: False (80×24)."""
        whole = recap_rows(self.lines, width - 2, 1 << 16, self.own, self.ranks)  # all of it (padding 0 1)
        need = len(whole) + 1  # and its border
        below = bool(whole) and area - need >= LOG_BELOW
        self.styles.height = need if below else "1fr"
        return below

    def hide(self) -> None:
        """Take the recap away (the log shows again where it stood)."""
        self.display = False

    def rows(self) -> list[str]:
        """The rows shown now: ``recap_rows`` at the panel's size (its content: borders and padding
        left out)."""
        width, height = self.content_region.size if self.is_mounted else (0, 0)
        return recap_rows(self.lines, width, height, self.own, self.ranks)

    def render(self) -> Text:
        text = Text("\n".join(self.rows()))
        text.highlight_words([RECAP_YOU.strip()], style="bold")
        text.highlight_words(["(critical)"], style="bold")
        text.highlight_regex(r" was destroyed\.", style="bold red")
        text.highlight_regex(r"… \d+ more in the log: PgUp", style="italic")
        return text
