"""The battle screen's AI turns (issue 4): think in a worker, play at a readable pace.

``AiTurns`` is mixed into ``BattleScreen`` (the bindings live there).
Whenever ``state.decider`` is the AI's player, ``ai_start`` asks the bot on
a thread worker about that exact state; when the answer comes back it is
applied only if the battle is still at that state (same object, same step
counter), no sooner than ``pace`` seconds after the question — so each move
and roll can be followed on the map and in the log — or at once in fast
mode.  The screen stays live meanwhile: the cursor, the stat cards, the log,
help and quit work; the player's action keys are hidden.  The AI's actions
can never be undone.
"""
from __future__ import annotations

import time
from dataclasses import replace
from functools import partial

from textual.worker import Worker, WorkerState

from tactica.client.describe import LogLine
from tactica.client.opponent import AiPlayer, Thought
from tactica.engine import Phase

from ..sides import SIDE_WORDS
from ..widgets.battle_header import BattleHeader
from ..widgets.battle_log import BattleLog

AI_ACTIONS = ("ai_fast", "ai_intent")
"""Key actions handled here (shown only in a battle against the AI)."""

AI_UNDO = "Cannot undo: the AI has played since (undo never takes back the AI's actions)."


class AiTurns:
    """AI-turn behaviour for ``BattleScreen`` (a mixin: it uses the screen's helpers)."""

    def ai_init(self) -> None:
        """Create the bot for the session's opponent (call from ``__init__``)."""
        opponent = self.session.opponent
        self.ai: AiPlayer | None = AiPlayer(opponent, self.session.seed or 0) if opponent else None
        try:  # f, kept by the app across its battles
            self.ai_fast = bool(getattr(self.app, "ai_fast", False))
        except Exception:  # made outside a running app (no active app): the default
            self.ai_fast = False
        self.ai_show_intent = bool(opponent and opponent.intent)
        self.ai_pending = None            # the state the bot is thinking about
        self.ai_last: Thought | None = None
        self._ai_ready_at = 0.0
        self._ai_waiting: tuple | None = None  # (timer, thought) held back for the pace

    @property
    def ai_mode_text(self) -> str:
        """Who plays whom, for the header: "you: P1 vs AI (normal)" or "hot-seat"."""
        if self.ai is None:
            return "hot-seat"
        ai = self.ai.opponent
        players = self.session.state.players
        if players > 2 or ai.others:  # SCN-MULTI: name the AI's seats
            return f"{ai.label}: " + ", ".join(f"P{p + 1}" for p in ai.seats)
        return f"you: P{2 - ai.player} vs {ai.label}"

    def ai_intro(self) -> list[LogLine]:
        """The log's opening line about who plays whom."""
        players = self.session.state.players
        if players > 2:  # SCN-MULTI hot-seat: one line per seat
            ai_seats = self.ai.opponent.seats if self.ai else ()
            return [LogLine(f"Player {p + 1} ({SIDE_WORDS[p]}): "
                            + (self.ai.opponent.label if p in ai_seats else "human at this keyboard"),
                            "info", p) for p in range(players)]
        if self.ai is None:
            return [LogLine("Hot-seat: both players at this keyboard (tactica play without --hotseat: "
                            "you against the AI).", "info")]
        ai = self.ai.opponent
        me = 1 - ai.player
        colour = SIDE_WORDS[me]
        return [LogLine(f"You are Player {me + 1} ({colour}) against {ai.label}; it plays by itself "
                        f"(f: fast, i: why it acts).", "info", me)]

    def ai_decides(self) -> bool:
        """True when the AI must choose the next action now."""
        return self.ai is not None and self.ai.decides(self.session.state)

    def ai_key_allowed(self, action: str) -> bool:
        """``f`` and ``i`` exist only in a battle against the AI."""
        return self.ai is not None

    def ai_doing(self) -> str:
        """What the AI does now, for the header and the status line alike: "is thinking…" while its
        worker chooses, "is playing" while its answer waits for the pace (or is being played)."""
        return "is playing" if self._ai_waiting is not None or self.ai_pending is None else "is thinking…"

    def ai_status(self, room: int | None = None) -> str:
        """The status line while the AI plays (the same words as the header's note).  Longer than
        ``room`` characters (a long intent at 80×24), it leaves out the keys' reminder (the footer
        shows f and i too)."""
        doing = self.ai_doing()
        text = f"{self.ai.opponent.label} {doing}" + ("" if doing.endswith("…") else ".")
        if self.ai_show_intent and self.ai_last is not None and self.ai_last.intent:
            text += f" Last: it {self.ai_last.intent}."
        fast = "f: normal pace" if self.ai_fast else "f: fast"
        keys = f"  ({fast} · i: intent · the cursor still inspects cards)"
        return text if room is not None and len(text + keys) > room else text + keys

    # -- the loop ---------------------------------------------------------------------
    def ai_start(self) -> None:
        """Ask the bot about the current state on a worker thread (once per state)."""
        st = self.session.state
        if self.ai_pending is st:
            return
        self.ai_pending = st
        quick = self.ai_fast or st.phase is Phase.CHAMPION  # a champion-power answer never holds play up
        self._ai_ready_at = time.monotonic() + (0.0 if quick else self.ai.opponent.pace)
        self._ai_note(True)
        self.run_worker(partial(self.ai.think, st), name=f"ai step {st.step}", group="ai",
                        thread=True, exclusive=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A bot answered (or, against all care, raised): play its answer after the pause."""
        worker = event.worker
        if worker.group != "ai":
            return
        if event.state is WorkerState.SUCCESS:
            thought = worker.result
        elif event.state is WorkerState.ERROR:
            st = self.ai_pending
            if st is None:
                return
            thought = Thought(st, self.ai._stand_in(st),
                              warning=f"The AI failed ({worker.error}); it plays a random legal action instead.")
        else:
            return
        if thought.state is not self.ai_pending:
            return  # an answer to a question no longer asked
        delay = 0.0 if self.ai_fast else self._ai_ready_at - time.monotonic()
        if delay > 0:  # held back for the pace: "is playing" in the header and the status line
            self._ai_waiting = (self.set_timer(delay, partial(self.ai_play, thought)), thought)
            self._ai_note(True)
        else:
            self.ai_play(thought)

    def ai_play(self, thought: Thought) -> bool:
        """Apply ``thought`` if the battle is still at its state; returns True when applied.

        A stale answer (the state moved on: undo, a new battle, a reload) is
        dropped and the bot is asked again if it still decides.
        """
        self._ai_waiting = None
        if not self.is_attached:
            return False
        st = self.session.state
        if self.ai_pending is thought.state:
            self.ai_pending = None
        if thought.state is not st or thought.step != st.step or not self.ai_decides():
            self._ai_note(False)
            self.call_after_refresh(self._next_decision)
            return False
        self.ai_last = thought
        log = self.query_one(BattleLog)
        notes: list[LogLine] = []  # lines that are no events: kept in the save for a resumed log
        if thought.warning:
            notes.append(LogLine(f"⚠ {thought.warning}", "info"))
            self.notify(thought.warning, title="AI problem", severity="warning", timeout=6)
        if self.ai_show_intent and thought.intent:
            notes.append(LogLine(f"{self.ai.opponent.label} {thought.intent}.", "info", thought.state.decider))
        if notes:
            log.add(notes)
        for line in notes:
            self.session.note(line.player, line.text)
        self._ai_note(False)
        if not self._apply(thought.action):  # cannot happen for a checked action; never stall
            self._apply(self.ai._stand_in(self.session.state))
        self.session.forget_undo(AI_UNDO)
        self._refresh_view()
        return True

    def _ai_note(self, on: bool) -> None:
        """Show (``on``) or clear what the AI does in the header; the status line follows."""
        self.query_one(BattleHeader).note = f"{self.ai.opponent.label} {self.ai_doing()}" if on else ""
        self._refresh_view()

    # -- keys --------------------------------------------------------------------------
    def action_ai_fast(self) -> None:
        """f: the AI plays without pausing between steps (again: back to a readable pace)."""
        self.ai_fast = not self.ai_fast
        if self.ai_fast and self._ai_waiting is not None:  # play the step held back at once
            timer, thought = self._ai_waiting
            timer.stop()
            self.ai_play(thought)
        self._ai_keep_options()
        self.acknowledge("Fast: the AI no longer pauses between steps." if self.ai_fast
                         else f"The AI pauses {self.ai.opponent.pace:g} s between steps.")
        self._refresh_view()
        self.refresh_bindings()  # the footer's f key says whether fast mode is on ("Fast ✓")

    def _ai_keep_options(self) -> None:
        """Tell the app the f and i settings, so a new battle (n) starts with them."""
        keep = getattr(self.app, "keep_ai_options", None)
        if keep is not None:
            keep(fast=self.ai_fast, intent=self.ai_show_intent)

    def action_ai_intent(self) -> None:
        """i: show or hide why the AI chooses each action."""
        self.ai_show_intent = not self.ai_show_intent
        opponent = self.session.opponent
        if opponent is not None and opponent.intent != self.ai_show_intent:  # kept in the save for resume
            self.session.opponent = replace(opponent, intent=self.ai_show_intent)
            self.ai.opponent = self.session.opponent
            recorder = self.session.recorder
            if recorder is not None:
                recorder.save.players = self.session.opponent.to_save()
                recorder.sync(self.session.state)
        self._ai_keep_options()
        self.acknowledge("The AI's intent is shown in the log." if self.ai_show_intent
                         else "The AI's intent is hidden.")
        self._refresh_view()
        self.refresh_bindings()  # the footer's i key says whether the intent is shown ("Intent ✓")
