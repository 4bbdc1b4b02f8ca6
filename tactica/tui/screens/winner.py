"""The end of a battle: final VP, who won and why, and a short summary."""
from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tactica.client.describe import LogLine, win_reason
from tactica.client.session import GameSession

from ..sides import SIDE_BG, vp_text
from .log_reader import LogReader


def summary_text(session: GameSession) -> Text:
    """Winner, reason, final VP, rounds played and creatures destroyed per side."""
    st = session.state
    t = Text(justify="center")
    winners = [p for p in range(st.players) if st.winner is not None and not st.hostile(p, st.winner)]
    if len(winners) > 1:  # SCN-MULTI: a team wins together
        t.append("  Players " + " and ".join(str(p + 1) for p in winners) + " win!  \n",
                 style=SIDE_BG[st.victor])
    else:
        t.append(f"  Player {st.victor + 1} wins!  \n", style=SIDE_BG[st.victor])
    ai = session.opponent
    if ai is not None and st.winner is not None:
        humans = [p for p in range(st.players) if p not in ai.seats]
        if any(p in winners for p in humans):
            t.append("\nYou win!", style="bold")
        else:
            t.append(f"\n{ai.label} wins.", style="bold")
    t.append(f"\n{win_reason(st.win_reason, st.vp, st.rules.target).capitalize()}\n\n")
    t.append("VP ", style="bold")
    vp_text(st, t)
    t.append(f"   ·   {st.round} round{'s' if st.round != 1 else ''}\n\n")
    for p in range(st.players):
        lost = session.destroyed(p)
        name = st.warbands[p].name
        t.append(f"Player {p + 1} ({name}): ", style="bold")
        if lost:
            t.append(f"lost {len(lost)} — {', '.join(lost)}\n")
        else:
            t.append("lost no creatures\n")
    t.append(f"\nseed {session.seed}", style="bright_black")
    return t


class WinnerScreen(Screen[str]):
    """The result; dismissed with "new" (n) or "quit" (q).  Page Up (or Home: from its first line)
    reads the whole battle log over it (``LogReader``), to see how the battle ended.

    Args:
        session: the finished battle.
        log: the battle log's lines, oldest first (empty: no log to read).
        note: a line said under the summary ("" none: the tutorial says where its lesson stands).
    """

    DEFAULT_CSS = """
    WinnerScreen {
        align: center middle;
    }
    WinnerScreen > Vertical {
        width: 72;
        max-width: 100%;
        height: auto;
        border: double $success;
        padding: 1 2;
    }
    WinnerScreen #summary {
        text-align: center;
        width: 100%;
    }
    """

    BINDINGS = [
        Binding("n", "new", "New battle"),
        Binding("pageup", "read_log(1)", "Read the log", key_display="PgUp"),
        Binding("home", "read_log(-1)", "Log from the start", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session: GameSession, log: Sequence[LogLine] = (), note: str = "") -> None:
        super().__init__()
        self.session = session
        self.log_lines = list(log)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(summary_text(self.session), id="summary")
            if self.note:
                yield Static(Text(self.note, style="bold"), id="note")
        yield Footer()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Page Up is offered only when there is a log to read."""
        return bool(self.log_lines) if action == "read_log" else True

    def action_read_log(self, start: int) -> None:
        """Page Up (``start`` 1: the newest page) or Home (-1: the first line): the whole battle log."""
        if self.is_current and self.log_lines:
            self.app.push_screen(LogReader(self.log_lines, start, back="the result"))

    def action_new(self) -> None:
        """Start a new battle."""
        if self.is_current:
            self.dismiss("new")

    def action_quit(self) -> None:
        """Leave tactica."""
        if self.is_current:
            self.dismiss("quit")
