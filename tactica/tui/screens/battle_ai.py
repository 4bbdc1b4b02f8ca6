"""The battle screen's AI turns (issue 4): think in a worker, play at a readable pace.

``AiTurn`` is owned by ``BattleScreen`` (the bindings live there).
Whenever ``state.decider`` is the AI's player, ``start`` asks the bot on
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
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

from textual.app import App
from textual.notifications import SeverityLevel
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from tactica.client.controller import Controller
from tactica.client.describe import LogLine
from tactica.client.opponent import AiPlayer, Thought, intent_said
from tactica.client.session import GameSession
from tactica.engine import Action, Activate, GameState, Phase

from ..sides import SIDE_WORDS
from ..widgets.battle_header import BattleHeader
from ..widgets.battle_log import BattleLog

AI_ACTIONS = ("ai_fast", "ai_intent")
"""Key actions handled here (shown only in a battle against the AI)."""

UNSHOWN_KEPT = 12
"""The most intent lines of the AI's last turn that i shows when it turns the intent on."""

AI_UNDO = "Cannot undo: the AI has played since (undo never takes back the AI's actions)."


class AiHost(Protocol):
    """What ``AiTurn`` asks of the battle screen."""

    session: GameSession
    ctrl: Controller  # its ``keys``: the battle keys as bound, for the notes that name f and i

    @property
    def app(self) -> App[Any]: ...
    @property
    def is_attached(self) -> bool: ...
    @property
    def header(self) -> BattleHeader: ...
    @property
    def battle_log(self) -> BattleLog: ...

    def run_worker(self, work: Callable[[], Thought], name: str | None = ..., group: str = ...,
                   description: str = ..., exit_on_error: bool = ..., start: bool = ...,
                   exclusive: bool = ..., thread: bool = ...) -> Worker[Thought]: ...
    def set_timer(self, delay: float, callback: Callable[[], object] | None = ...) -> Timer: ...
    def call_after_refresh(self, callback: Callable[..., object], *args: Any, **kwargs: Any) -> bool: ...
    def notify(self, message: str, *, title: str = ..., severity: SeverityLevel = ...,
               timeout: float | None = ...) -> None: ...
    def refresh_bindings(self) -> None: ...
    def apply_action(self, action: Action) -> bool: ...
    def ai_play(self, thought: Thought) -> bool: ...
    def decide_next(self) -> None: ...
    def refresh_view(self) -> None: ...
    def acknowledge(self, text: str) -> None: ...
    def hide_recap(self) -> None: ...


class AiTurn:
    """The AI's turns in one battle: its bot, its pace and fast mode, whether its intent is shown,
    the question it is thinking about and the answer held back for the pace.

    Args:
        screen: the battle screen that owns it (``AiHost``): it plays the answers (``AiHost.ai_play``
            calls ``play``) and redraws.
        fast: whether fast mode starts on (the app keeps f across its battles).
    """

    def __init__(self, screen: AiHost, fast: bool = False) -> None:
        self.screen = screen
        opponent = screen.session.opponent
        #: The bot that plays the AI's seats, or None in a hot-seat battle.
        self.ai: AiPlayer | None = AiPlayer(opponent, screen.session.seed or 0) if opponent else None
        #: f: the AI plays without pausing between steps.
        self.fast = fast
        #: i: the log says why the AI chooses each action.
        self.show_intent = bool(opponent and opponent.intent)
        #: The state the bot is thinking about (None when it is not).
        self.pending: GameState | None = None
        #: The AI's last answer played (its intent is shown in the status line), None once stale.
        self.last: Thought | None = None
        #: The last intent the log showed in the AI's current activation ("" when its activation starts).
        self.said = ""
        #: Every intent line the log showed in this battle, in order (the tutorial's intent step waits
        #: for one: ``TutorialScreen``).
        self.intent_lines: list[str] = []
        #: The intent lines of the AI's last turn the log did not show (its intent hidden): i shows them
        #: when it turns the intent on (s22 newcomer: i said nothing of the turn just watched).
        self.unshown: list[LogLine] = []
        self._ready_at = 0.0
        #: (timer, thought) held back for the pace.
        self.waiting: tuple[Timer, Thought] | None = None
        #: Whether the battle screen has been drawn since the AI's first question (issue 21: the bot's
        #: thread, which shares the interpreter, starts thinking only once the first frame is out).
        self._shown = False

    def _bot(self) -> AiPlayer:
        """The bot (only called in a battle against the AI)."""
        assert self.ai is not None, "no AI in a hot-seat battle"
        return self.ai

    @property
    def mode_text(self) -> str:
        """Who plays whom, for the header: "you: P1 vs AI (normal)" or "hot-seat"."""
        if self.ai is None:
            return "hot-seat"
        ai = self.ai.opponent
        players = self.screen.session.state.players
        if players > 2 or ai.others:  # SCN-MULTI: name the AI's seats
            return f"{ai.label}: " + ", ".join(f"P{p + 1}" for p in ai.seats)
        return f"you: P{2 - ai.player} vs {ai.label}"

    @property
    def label(self) -> str:
        """The AI's name for the header ("AI (normal)"), "" in a hot-seat battle."""
        return self.ai.opponent.label if self.ai is not None else ""

    def intro(self) -> list[LogLine]:
        """The log's opening line about who plays whom."""
        players = self.screen.session.state.players
        if players > 2:  # SCN-MULTI hot-seat: one line per seat
            ai_seats = self.ai.opponent.seats if self.ai else ()
            return [LogLine(f"Player {p + 1} ({SIDE_WORDS[p]}): "
                            + (self.ai.opponent.label if self.ai and p in ai_seats else "human at this keyboard"),
                            "info", p) for p in range(players)]
        if self.ai is None:
            return [LogLine("Hot-seat: both players at this keyboard (tactica play without --hotseat: "
                            "you against the AI).", "info")]
        ai = self.ai.opponent
        me = 1 - ai.player
        colour = SIDE_WORDS[me]
        k = self.screen.ctrl.keys
        return [LogLine(f"You are Player {me + 1} ({colour}) against {ai.label}; it plays by itself "
                        f"({k['ai_fast']}: fast, {k['ai_intent']}: why it acts).", "info", me)]

    def decides(self) -> bool:
        """True when the AI must choose the next action now."""
        return self.ai is not None and self.ai.decides(self.screen.session.state)

    def key_allowed(self, action: str) -> bool:
        """``f`` and ``i`` (``AI_ACTIONS``) exist only in a battle against the AI."""
        return self.ai is not None

    def doing(self) -> str:
        """What the AI does now, for the header and the status line alike: "is thinking…" while its
        worker chooses, "is playing" while its answer waits for the pace (or is being played)."""
        return "is playing" if self.waiting is not None or self.pending is None else "is thinking…"

    def status(self, room: int | None = None) -> str:
        """The status line while the AI plays (the same words as the header's note).  Longer than
        ``room`` characters (a long intent at 80×24), it leaves out the keys' reminder (the footer
        shows f and i too)."""
        doing = self.doing()
        text = f"{self._bot().opponent.label} {doing}" + ("" if doing.endswith("…") else ".")
        if self.show_intent and self.last is not None and self.last.intent:
            text += f" Last: it {self.last.intent}."
        k = self.screen.ctrl.keys
        fast = f"{k['ai_fast']}: normal pace" if self.fast else f"{k['ai_fast']}: fast"
        keys = f"  ({fast} · {k['ai_intent']}: intent · the cursor still inspects cards)"
        return text if room is not None and len(text + keys) > room else text + keys

    # -- the loop ---------------------------------------------------------------------
    def start(self) -> None:
        """Ask the bot about the current state on a worker thread (once per state)."""
        st = self.screen.session.state
        if self.pending is st:
            return
        bot = self._bot()
        self.pending = st
        quick = self.fast or st.phase is Phase.CHAMPION  # a champion-power answer never holds play up
        self._ready_at = time.monotonic() + (0.0 if quick else bot.opponent.pace)
        self._note(True)
        if self._shown:
            self._think(st)
        else:  # the battle's first question: the screen is drawn first, then the bot's thread takes its share
            self._shown = True
            self.screen.call_after_refresh(self._think, st)

    def _think(self, st: GameState) -> None:
        """Start the worker that asks the bot about ``st``, unless the question has changed since."""
        if self.pending is not st:
            return
        self.screen.run_worker(partial(self._bot().think, st), name=f"ai step {st.step}", group="ai",
                               thread=True, exclusive=True, exit_on_error=False)

    def answered(self, event: Worker.StateChanged) -> None:
        """A worker's state changed: when it is the bot's and it answered (or, against all care,
        raised), play its answer after the pause, through the screen's ``ai_play``."""
        worker = event.worker
        if worker.group != "ai":
            return
        if event.state is WorkerState.SUCCESS:
            thought = worker.result
        elif event.state is WorkerState.ERROR:
            st = self.pending
            if st is None:
                return
            thought = Thought(st, self._bot().stand_in(st),
                              warning=f"The AI failed ({worker.error}); it plays a random legal action instead.")
        else:
            return
        if not isinstance(thought, Thought) or thought.state is not self.pending:
            return  # an answer to a question no longer asked
        delay = 0.0 if self.fast else self._ready_at - time.monotonic()
        if delay > 0:  # held back for the pace: "is playing" in the header and the status line
            self.waiting = (self.screen.set_timer(delay, partial(self.screen.ai_play, thought)), thought)
            self._note(True)
        else:
            self.screen.ai_play(thought)

    def play(self, thought: Thought) -> bool:
        """Apply ``thought`` if the battle is still at its state; returns True when applied.

        A stale answer (the state moved on: undo, a new battle, a reload) is
        dropped and the bot is asked again if it still decides.
        """
        self.waiting = None
        screen = self.screen
        if not screen.is_attached:
            return False
        st = screen.session.state
        if self.pending is thought.state:
            self.pending = None
        if thought.state is not st or thought.step != st.step or not self.decides():
            self._note(False)
            screen.decide_next()
            return False
        bot = self._bot()
        if self.last is None:  # the AI's first step since the player acted: a new turn's reasons
            self.unshown.clear()
        self.last = thought
        notes: list[LogLine] = []  # lines that are no events: kept in the save for a resumed log
        if thought.warning:
            notes.append(LogLine(f"⚠ {thought.warning}", "info"))
            screen.notify(thought.warning, title="AI problem", severity="warning", timeout=6)
        if isinstance(thought.action, Activate):  # a new activation: its plan is news
            self.said = ""
        if thought.intent and not intent_said(self.said, thought.intent):
            line = LogLine(f"{bot.opponent.label} {thought.intent}.", "info", thought.state.decider)
            self.said = thought.intent
            if self.show_intent:
                notes.append(line)
                self.intent_lines.append(line.text)
            else:
                self.unshown.append(line)
        if notes:
            screen.battle_log.add(notes)
        for line in notes:
            screen.session.note(line.player, line.text)
        self._note(False)
        if not screen.apply_action(thought.action):  # cannot happen for a checked action; never stall
            screen.apply_action(bot.stand_in(screen.session.state))
        screen.session.forget_undo(AI_UNDO)
        screen.refresh_view()
        return True

    def _note(self, on: bool) -> None:
        """Show (``on``) or clear what the AI does in the header; the status line follows."""
        self.screen.header.note = f"{self._bot().opponent.label} {self.doing()}" if on else ""
        self.screen.refresh_view()

    # -- keys --------------------------------------------------------------------------
    def toggle_fast(self) -> None:
        """f: the AI plays without pausing between steps (again: back to a readable pace)."""
        self.fast = not self.fast
        if self.fast and self.waiting is not None:  # play the step held back at once
            timer, thought = self.waiting
            timer.stop()
            self.screen.ai_play(thought)
        self.save_options()
        self._keep_options()
        self.screen.acknowledge("Fast: the AI no longer pauses between steps." if self.fast
                                else f"The AI pauses {self._bot().opponent.pace:g} s between steps.")
        self.screen.refresh_view()
        self.screen.refresh_bindings()  # the footer's f key says whether fast mode is on ("Fast ✓")

    def save_options(self) -> None:
        """Keep f and i in the session's opponent and the save's ``players`` field, so that
        ``tactica resume`` plays on with them (the field's other keys, e.g. the quick setup's, kept)."""
        session = self.screen.session
        opponent = session.opponent
        if opponent is None or (opponent.intent, opponent.fast) == (self.show_intent, self.fast):
            return
        session.opponent = replace(opponent, intent=self.show_intent, fast=self.fast)
        self._bot().opponent = session.opponent
        recorder = session.recorder
        if recorder is not None:
            players = {k: v for k, v in recorder.save.players.items() if k not in ("intent", "fast")}
            recorder.save.players = {**players, **session.opponent.to_save()}
            recorder.sync(session.state)

    def _keep_options(self) -> None:
        """Tell the app the f and i settings, so a new battle (n) starts with them."""
        keep = getattr(self.screen.app, "keep_ai_options", None)
        if keep is not None:
            keep(fast=self.fast, intent=self.show_intent)

    def toggle_intent(self) -> None:
        """i: show or hide why the AI chooses each action; turned on, the log first says why it did what
        it did in its last turn (``unshown``, at most ``UNSHOWN_KEPT`` lines)."""
        self.show_intent = not self.show_intent
        self.save_options()
        self._keep_options()
        if self.show_intent and self.unshown:  # the turn just watched, said now
            screen = self.screen
            lines = [LogLine(f"Why {self._bot().opponent.label} did what it did in its last turn:", "info"),
                     *self.unshown[-UNSHOWN_KEPT:]]
            screen.battle_log.add(lines, follow=True)
            for line in lines:
                screen.session.note(line.player, line.text)
            self.intent_lines.extend(line.text for line in lines[1:])
            self.unshown.clear()
            screen.hide_recap()  # the answer is the log's newest lines: the recap (80×24) stood over them
        self.screen.acknowledge("The AI's intent is shown in the log." if self.show_intent
                                else "The AI's intent is hidden.")
        self.screen.refresh_view()
        self.screen.refresh_bindings()  # the footer's i key says whether the intent is shown ("Intent ✓")
