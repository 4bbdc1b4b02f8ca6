"""The replay screen: a saved battle, one action at a time, forward and back (read-only).

It reuses the battle screen's widgets — header, map, stat card, status
line, log — and sets them from a ``ReplayTrack`` step.  The log shows the
battle up to the current step, that step's lines marked with ``▶``; the
map marks the mover's path and the creatures attacked.  Nothing here
applies an action: every state was rebuilt from the save beforehand.
"""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, Static

from tactica.client.describe import LogLine
from tactica.client.replay_track import ReplayTrack

from ..widgets.battle_header import BattleHeader
from ..widgets.battle_log import BattleLog
from ..widgets.map_view import MapView
from ..widgets.stat_card import StatCard
from ..widgets.status_line import StatusLine

KEYS = ("→/n next · ←/p back\n"
        "PgDn/PgUp next/previous round\n"
        "1–9 or r N: go to round N\n"
        "Home/End first/last · q quit")


class RoundModal(ModalScreen[int | None]):
    """Ask for a round number; dismissed with it, or None (Esc)."""

    DEFAULT_CSS = """
    RoundModal { align: center middle; }
    RoundModal > Vertical { width: 40; height: auto; border: thick $accent; background: $panel; padding: 1 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, rounds: int) -> None:
        super().__init__()
        self.rounds = rounds

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Go to round (1–{self.rounds}):")
            yield Input(restrict=r"[0-9]*", max_length=4, id="round")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(int(event.value) if event.value else None)

    def action_cancel(self) -> None:
        """Esc: stay where you are."""
        self.dismiss(None)


class ReplayScreen(Screen[None]):
    """Step through a saved battle.

    Args:
        track: the rebuilt battle's steps.
        title: the line shown first in the log (warbands, id).
        start: the step shown at first (default: the start of round 1).
    """

    DEFAULT_CSS = """
    ReplayScreen #body { height: 1fr; }
    ReplayScreen MapView { width: 1fr; height: 1fr; }
    ReplayScreen #side { width: 28; border-left: solid $primary-darken-2; }
    ReplayScreen #card-scroll { height: 1fr; }
    ReplayScreen #keys { height: auto; color: $text-muted; padding: 0 1; }
    ReplayScreen BattleLog { height: 30%; min-height: 5; }
    """

    BINDINGS = [
        # priority: the log (a scrolling widget) must not take the arrows, pages, Home and End
        Binding("right,n", "step(1)", "Next", priority=True),
        Binding("left,p", "step(-1)", "Back", priority=True),
        Binding("pagedown", "round(1)", "Next round", priority=True),
        Binding("pageup", "round(-1)", "Prev round", priority=True),
        Binding("home", "go(0)", "Start", show=False, priority=True),
        Binding("end", "go(-1)", "End", show=False, priority=True),
        Binding("r", "ask_round", "Go to round"),
        *[Binding(str(n), f"to_round({n})", show=False) for n in range(1, 10)],
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, track: ReplayTrack, title: str = "", start: int | None = None) -> None:
        super().__init__()
        self.track = track
        self.title_line = title
        first = track.round_starts.get(1, 0)
        self.step = first if start is None else max(0, min(start, track.last))

    def compose(self) -> ComposeResult:
        yield BattleHeader()
        with Horizontal(id="body"):
            yield MapView(self.track.state(self.step))
            with Vertical(id="side"):
                with VerticalScroll(id="card-scroll"):
                    yield StatCard()
                yield Static(KEYS, id="keys")
        yield StatusLine()
        yield BattleLog()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MapView).can_focus = False  # arrows step through the battle, not the cursor
        self.show(self.step)

    # -- showing a step ---------------------------------------------------------
    def show(self, step: int) -> None:
        """Show the battle after ``step`` (clamped to the track)."""
        track = self.track
        self.step = step = max(0, min(step, track.last))
        st = track.state(step)
        self.query_one(BattleHeader).state = st
        mv = self.query_one(MapView)
        mv.state = st
        mv.overlay = track.overlay(step)
        actor = track.actor(step)
        creature = st.find(actor) if actor else None
        if creature is not None and creature.pos is not None:
            mv.move_cursor(creature.pos)
        self._card(creature)
        self.query_one(StatusLine).message = track.describe(step)
        log = self.query_one(BattleLog)
        log.clear()
        lines, own = track.history(step)
        head = [LogLine(self.title_line, "info")] if self.title_line and len(lines) < 80 else []
        marked = lines[:len(lines) - own] + [LogLine("▶ " + line.text, line.kind, line.player)
                                               for line in lines[len(lines) - own:]]
        log.add(head + marked)

    def _card(self, creature) -> None:
        st = self.track.state(self.step)
        card = self.query_one(StatCard)
        card.active_uid = st.active_uid
        card.actions_used = (st.move_used, st.attack_used)
        card.creature = creature

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        here = self.track.state(self.step).creature_at(message.square)
        if here is not None:
            self._card(here)

    # -- keys --------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        """→/n one action forward, ←/p one back."""
        self.show(self.step + delta)

    def action_go(self, step: int) -> None:
        """Home: the start; End: the last action."""
        self.show(self.track.last if step < 0 else step)

    def action_round(self, direction: int) -> None:
        """PageDown/PageUp: the start of the next or previous round."""
        target = self.track.round_start(self.step, direction)
        if target is None:
            self.notify("No later round." if direction > 0 else "No earlier round.", timeout=2)
            return
        self.show(target)

    def action_to_round(self, number: int) -> None:
        """1–9: the start of round ``number``."""
        target = self.track.round_starts.get(number)
        if target is None:
            rounds = max(self.track.round_starts, default=0)
            self.notify(f"There is no round {number}; this battle has {rounds} round{'s' if rounds != 1 else ''}.",
                        severity="warning", timeout=3)
            return
        self.show(target)

    def action_ask_round(self) -> None:
        """r: type a round number."""
        def chosen(number: int | None) -> None:
            if number is not None:
                self.action_to_round(number)

        self.app.push_screen(RoundModal(max(self.track.round_starts, default=0)), chosen)

    def action_quit(self) -> None:
        """q: leave the replay."""
        self.app.exit()
