"""The AI opponent of a solo battle (issue 4) — what the battle screen runs in a worker; no Textual here.

* ``Opponent``: who the AI is — its level and the player it plays — plus the
  screen's options (show its intent, the pause between its steps).  It is
  kept on the ``GameSession`` and in the save (``to_save``/``from_save``),
  so ``tactica resume`` plays on against the same AI.
* ``AiPlayer.think(state)`` asks the bot for an action and returns a
  ``Thought``.  It never raises: a bot that fails or answers with an
  illegal action is replaced, for that step, by a random legal action and a
  warning.  It runs on a worker thread; one call at a time per AiPlayer.
"""
from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass

from tactica.ai.bots import LEVELS, make_bot
from tactica.ai.hard import HardBot
from tactica.engine import Action, GameState, check, legal_actions

DEFAULT_PACE = 0.4
"""Seconds the screen waits between two AI steps, so each move and roll can be followed."""

def intent_said(said: str, intent: str) -> bool:
    """Whether ``intent`` (a ``Thought``'s words, e.g. "attacks Archer (AR1) with Axe: 90% to hit")
    adds nothing to ``said``, the last intent line the log showed in this activation ("activates
    Brute (br1) — it moves 1 square, then attacks Archer (AR1) with Axe: 90% to hit"): the log says
    each plan once, and the action's own line says what happened (issue 20)."""
    return bool(said) and bool(intent) and intent in said


INTERACTIVE_DEADLINE = 1.0
"""Seconds after which ``hard`` stops trying more candidates (its search is otherwise fixed)."""


@dataclass(frozen=True)
class Opponent:
    """A solo battle's AI.

    Attributes:
        level: the bot level (a key of ``tactica.ai.bots.LEVELS``).
        player: the engine player the AI plays (0 = Player 1, 1 = Player 2).
        intent: show why the AI chose each action (log and status line).
        pace: seconds between two AI steps (0: as fast as it thinks).
        others: more seats the same AI plays in a battle of three or four
            players (SCN-MULTI hot-seat with AI seats); empty in a duel.
        fast: the AI plays without pausing between steps (the ``f`` key), kept in the save so
            that ``tactica resume`` plays on in fast mode.
    """

    level: str = "normal"
    player: int = 1
    intent: bool = False
    pace: float = DEFAULT_PACE
    others: tuple[int, ...] = ()
    fast: bool = False

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown AI level {self.level!r}; choose one of {', '.join(LEVELS)}")
        if not all(0 <= p <= 3 for p in self.seats):
            raise ValueError("the AI plays players 0 to 3")

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat the AI plays (``player`` first, then ``others``)."""
        return (self.player,) + tuple(p for p in self.others if p != self.player)

    @property
    def label(self) -> str:
        """ "AI (normal)"."""
        return f"AI ({self.level})"

    def to_save(self) -> dict:
        """The save's ``players`` field: ``{"ai": "normal", "ai_player": 2}`` (1-based player),
        plus ``"ai_players": [2, 4]`` when the AI plays several seats (SCN-MULTI) and
        ``"intent": true`` while its intent is shown (the ``i`` key) and ``"fast": true`` in fast mode
        (the ``f`` key), so a resumed battle keeps them."""
        out = {"ai": self.level, "ai_player": self.player + 1}
        if self.others:
            out["ai_players"] = [p + 1 for p in self.seats]
        if self.intent:
            out["intent"] = True
        if self.fast:
            out["fast"] = True
        return out

    @classmethod
    def from_save(cls, players: dict | None) -> Opponent | None:
        """The Opponent stored in a save's ``players`` field; None for hot-seat or an unusable field."""
        if not isinstance(players, dict) or players.get("ai") not in LEVELS:
            return None
        side = players.get("ai_player", 2)
        more = players.get("ai_players") or []
        if not isinstance(more, list) or not all(p in (1, 2, 3, 4) for p in more):
            return None
        if side not in (1, 2, 3, 4):
            return None
        return cls(level=players["ai"], player=side - 1, others=tuple(p - 1 for p in more if p != side),
                   intent=players.get("intent") is True, fast=players.get("fast") is True)


@dataclass(frozen=True)
class Thought:
    """The AI's answer for one state.

    Attributes:
        state: the state it was asked about (the screen applies ``action``
            only if the battle is still at this state).
        action: a legal action for ``state``.
        intent: why the bot chose it, or None.
        warning: set when the bot failed and a random legal action stands in
            (the first time a failure happens: the same failure again stands in
            silently, so the log names it once).
        seconds: how long the bot thought.
    """

    state: GameState
    action: Action
    intent: str | None = None
    warning: str | None = None
    seconds: float = 0.0

    @property
    def step(self) -> int:
        """The step counter of the state it answers."""
        return self.state.step


class AiPlayer:
    """The live bot of one battle screen.

    Args:
        opponent: level and side.
        seed: seeds the bot (and the stand-in random bot).
    """

    def __init__(self, opponent: Opponent, seed: int = 0) -> None:
        self.opponent = opponent
        self.bot = make_bot(opponent.level, seed)
        if isinstance(self.bot, HardBot) and self.bot.deadline is None:
            self.bot.deadline = INTERACTIVE_DEADLINE  # hard: never freeze a player's turn
        self._fallback = make_bot("random", seed)
        self._lock = threading.Lock()
        self._reported: set[str] = set()  # failures already named in a warning (each is named once)

    def decides(self, state: GameState) -> bool:
        """True when the AI must choose the next action in ``state``."""
        return not state.is_over and state.decider in self.opponent.seats

    def think(self, state: GameState) -> Thought:
        """Choose an action for ``state`` (thread-safe; never raises; a failing bot's stand-in
        action carries a warning the first time that failure happens)."""
        with self._lock:
            began = time.perf_counter()
            warning = intent = None
            try:
                action = self.bot.choose(state)
                refusal = check(state, action)
                if refusal is not None:
                    raise ValueError(f"it chose an illegal action ({refusal.reason})")
            except Exception as error:  # a bot bug must not end the game
                detail = traceback.format_exception_only(type(error), error)[-1].strip()
                if detail not in self._reported:  # the log names a failure once, not at every action
                    self._reported.add(detail)
                    warning = (f"The {self.opponent.level} AI failed ({detail}); it plays a random legal "
                               "action instead.")
                action = self.stand_in(state)
            else:
                try:
                    intent = self.bot.explain() if hasattr(self.bot, "explain") else None
                except Exception:  # the explanation is a nicety
                    intent = None
            return Thought(state, action, intent, warning, time.perf_counter() - began)

    def stand_in(self, state: GameState) -> Action:
        """A legal action for the AI to play when its bot fails: the fallback bot's choice, or the first
        legal action should that fail too."""
        try:
            return self._fallback.choose(state)
        except Exception:
            return legal_actions(state)[0]


__all__ = ["AiPlayer", "DEFAULT_PACE", "Opponent", "Thought"]
