"""The battle log on the whole screen, over a question that hides it (who goes first, a start area,
a champion-power prompt): Page Up in the question opens it, so the end of the AI's turn can be read
before answering; and over the result at the end of the battle, to read how it ended.

``LogReader`` is a ``ModalScreen`` showing every line of the battle log with the look it has in the
battle screen (``BattleLog``), newest at the bottom.  Page Up / Page Down, Home / End and the arrows
scroll it; Esc or Enter closes it and the question is back, still unanswered.
"""
from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from tactica.client.describe import LogLine

from ..widgets.battle_log import BattleLog


class LogReader(ModalScreen[None]):
    """Read the battle log back over a question.

    Args:
        lines: the log's lines (``BattleLog.entries``), oldest first.
        start: -1 opens at the oldest line (Home), 1 at the newest (Page Up: the last page).
        back: what Esc goes back to, for the reader's top line ("the question", "the result").
    """

    DEFAULT_CSS = """
    LogReader { align: center middle; }
    LogReader > Vertical { width: 100%; height: 100%; background: $panel; }
    LogReader #reader-title { width: 100%; text-style: bold; background: $accent 30%; padding: 0 1; }
    LogReader BattleLog { height: 1fr; border-top: none; }
    """

    BINDINGS = [
        Binding("pageup", "page(-1)", "Page back", key_display="PgUp", priority=True),
        Binding("pagedown", "page(1)", "Page on", key_display="PgDn", priority=True),
        Binding("home", "edge(-1)", "Oldest", show=False, priority=True),
        Binding("end", "edge(1)", "Newest", show=False, priority=True),
        Binding("up", "line(-1)", "Line back", show=False, priority=True),
        Binding("down", "line(1)", "Line on", show=False, priority=True),
        Binding("escape,enter", "close", "Back", priority=True),
    ]

    HEADING = "Battle log — PgUp/PgDn, Home/End, ↑↓ scroll · Esc: back to {back}"
    """The reader's top line: what it is and how to leave it."""

    def __init__(self, lines: Sequence[LogLine], start: int = 1, back: str = "the question") -> None:
        super().__init__()
        self.lines = list(lines)
        self.start = start
        self.back = back

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.HEADING.format(back=self.back), id="reader-title")
            yield BattleLog()

    def on_mount(self) -> None:
        """Show the log at its newest lines at once (Page Up) or at its oldest (Home).  A long log
        opened at its end first gets only its last ``FIRST_ROWS`` lines, drawn at once at the
        bottom; then every line, in one go, the view kept at the end (no blank screen while a
        long log is wrapped, no glimpse of its top).  The log is hidden until its lines are wrapped
        and its view is at that end (``_reveal``; its text transparent until then): never a blank
        page under the heading, nor a glimpse of the wrong end (nm s15 B3)."""
        log = self.query_one(BattleLog)
        log.styles.text_opacity = 0.0  # laid out and wrapped, not yet seen
        if self.start < 0:  # written without following the end: no scroll to the end after the view
            log.following = False  # is put at the top (nm s17 F18: the first Home opened mid-log)
            log.add(self.lines)
            log.unread = 0  # none of them is news
            self.call_after_refresh(self._reveal)
            return
        if len(self.lines) <= self.FIRST_ROWS:
            log.add(self.lines, follow=True)
            self.call_after_refresh(self._reveal)
            return
        log.add(self.lines[-self.FIRST_ROWS:], follow=True)
        self.call_after_refresh(self._fill_when_drawn)

    RETRY = 0.02
    """Seconds before the reader looks again whether its log's lines are wrapped (``_reveal``)."""

    def _reveal(self) -> None:
        """``_shown``, or try again a moment later (a frame later: the log is laid out meanwhile)."""
        if not self._shown():
            self.set_timer(self.RETRY, self._reveal)

    def _shown(self) -> bool:
        """Show the log once its lines are wrapped at its size, its view put at the end it opens on
        (the newest lines, or the oldest for Home) first.  True when shown (now or before), False
        while its lines are not wrapped yet."""
        log = self.query_one(BattleLog)
        if not log.lines or log.scrollable_content_region.height <= 0:
            return False
        if log.styles.text_opacity > 0:
            return True
        log.to_edge(-1 if self.start < 0 else 1)
        log.scroll_to(y=0 if self.start < 0 else log.max_scroll_y, animate=False, immediate=True, force=True)
        log.styles.text_opacity = 1.0
        return True

    FIRST_ROWS = 60
    """Lines a log opened at its end shows first: more than the tallest screen's page."""

    FILL_AFTER = 0.3
    """Seconds between the last lines drawn and the whole log written (``_fill``): time for a
    loaded machine to show them first."""

    def _fill_when_drawn(self) -> None:
        """``_fill`` once the last lines are wrapped and shown (``_shown``)."""
        if not self._shown():
            self.set_timer(self.RETRY, self._fill_when_drawn)
            return
        self.set_timer(self.FILL_AFTER, self._fill)  # after the frame that shows them

    def _fill(self) -> None:
        """Write every line of the log (the reader showed the last ones), the view at its end, or
        as far back from it as the player has already paged or scrolled (nm-tut 19: a Page Up
        pressed before the whole log was written was undone, so the first one seemed to do
        nothing)."""
        log = self.query_one(BattleLog)
        back = max(0, round(log.max_scroll_y - log.scroll_y))
        log.clear()
        log.lines_written = []
        if back:  # written without following the end, then the view put back
            log.following = False
            log.add(self.lines)
            log.unread = 0
            self._filled_back = back
            self.call_after_refresh(self._keep_back)
            return
        log.add(self.lines, follow=True)
        log.scroll_end(animate=False, immediate=True)

    _filled_back = 0
    """Rows back from the end the player had read when the whole log was written (``_fill``)."""

    def _keep_back(self) -> None:
        """Put the view back as many rows from the end as the player had read (``_fill``), once the
        whole log is laid out."""
        log = self.query_one(BattleLog)
        log.scroll_to(y=max(0, log.max_scroll_y - self._filled_back), animate=False, immediate=True)

    def action_page(self, step: int) -> None:
        """Page Up / Page Down: a page back or on (one line of the last page stays in view)."""
        self.query_one(BattleLog).page(step)

    def action_edge(self, step: int) -> None:
        """Home / End: the oldest line, or the newest."""
        self.query_one(BattleLog).to_edge(step)

    def action_line(self, step: int) -> None:
        """↑ / ↓: one line back or on."""
        log = self.query_one(BattleLog)
        log.scroll_to(y=log.scroll_y + step, animate=False, force=True)

    def action_close(self) -> None:
        """Esc / Enter: back to the question (or the result) under the reader."""
        self.dismiss(None)
