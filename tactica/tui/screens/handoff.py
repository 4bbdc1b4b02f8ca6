"""The hot-seat hand-off screen: hides the board between two human players' turns.

What it says is the client's (``tactica.client.handoff``): the title names the player to take the
keyboard, the lines say what happened since that player's last turn.  Enter (or space) dismisses it;
q leaves the battle as the battle screen's q does (the battle stays saved).
"""
from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tactica.client.handoff import handoff_rows, handoff_title

from ..sides import SIDE_BG


def _hanging(row: str) -> Text | Table:
    """One of ``handoff_rows``' rows as drawn: a bullet's words wrap under its words, not under the
    bullet (a hanging indent); a row without a bullet (a turn's or a round's line) in bold."""
    words = row.lstrip(" •")
    if words == row:  # a turn's or a round's line: a heading
        return Text(row, style="bold")
    grid = Table.grid(expand=True)
    grid.add_column(width=len(row) - len(words), no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(row[:len(row) - len(words)], words)
    return grid


class HandoffScreen(Screen[str | None]):
    """A screen over the whole board for seat ``player`` (0-based), with ``lines`` (what the other
    players did since its last turn, oldest first, shown as ``handoff_rows`` lays them out: each turn's
    line over its bullets; empty: nothing happened).  Dismissed with None
    by Enter or space, with ``"quit"`` by q (the battle screen then leaves as its own q does)."""

    DEFAULT_CSS = """
    HandoffScreen { align: center middle; }
    HandoffScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: double $primary; padding: 0 1;
    }
    HandoffScreen #handoff-title { text-align: center; text-style: bold; width: 100%; }
    HandoffScreen #handoff-note { color: $text-muted; text-align: center; width: 100%; }
    HandoffScreen #handoff-since { height: auto; max-height: 16; margin-top: 1; }
    """

    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        Binding("space", "ready", "Ready", show=False),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(self, player: int, lines: Sequence[str], since: str = "Since your last turn:",
                 reason: str = "") -> None:
        super().__init__()
        self.player = player
        self.lines = list(lines)
        #: The heading over ``lines`` (a resumed battle's hand-off says so instead).
        self.since = since
        #: Why the keyboard comes to this player outside its turn (a champion-power question), said
        #: instead of the summary; "" at a turn's hand-off.
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical():
            style = SIDE_BG[self.player % len(SIDE_BG)]  # the player's side colour, as on the map
            yield Static(Text(f"  {handoff_title(self.player)}  ", style=style), id="handoff-title")
            more = " ↓ or PgDn: more lines below." if len(self.lines) > 8 else ""  # a small terminal scrolls
            yield Static(f"The board is hidden until you are ready.{more}", id="handoff-note")
            since: str | Group = (Group(Text(self.since), *map(_hanging, handoff_rows(self.lines)))
                                  if self.lines else "Since your last turn no creature moved, attacked or was hurt.")
            if self.reason:
                since = self.reason
            with VerticalScroll(id="handoff-since"):
                yield Static(since)
        yield Footer()

    def action_ready(self) -> None:
        """The player is at the keyboard: show the board."""
        if self.is_current:
            self.dismiss(None)

    def action_leave(self) -> None:
        """q: leave the battle without showing the board (it stays saved; Continue or resume reopens it
        at this hand-off)."""
        if self.is_current:
            self.dismiss("quit")
