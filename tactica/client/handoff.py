"""The hot-seat hand-off: when the keyboard passes from one human player to another, and what to tell
the player who takes it (issue 20 item 3).

Between two human players' turns the interface hides the board behind a hand-off screen
("Player 2 — press Enter when ready") with a summary of what happened since that player last held
the keyboard: moves, hits and misses, creatures destroyed, VP scored, rounds begun.  This module
decides when the screen is due (``HandOff``) and words its summary (``summary_lines``); the Textual
screen only shows them.  It is never due against a single human (a battle against the AI) and it is
switched off by the settings file's ``handoff = false`` or ``tactica play --no-handoff``
(``--handoff`` turns it back on over the file).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tactica.engine import (
    ActivationEnded,
    AttackRolled,
    CreatureDestroyed,
    CreatureMoved,
    DamageDealt,
    Event,
    GameState,
    OpportunityAttackProvoked,
    Phase,
    RoundEnded,
    RoundStarted,
    TurnStarted,
    VictoryPointsScored,
)

from .describe import creature_name, player_name

__all__ = ["HandOff", "handoff_title", "keyboard_seat", "summary_lines"]

#: The phases in which a player holds the keyboard for a turn (``GameState.turn_player``): the
#: questions of the setup and a champion power's window hand nothing over.
TURN_PHASES = frozenset({Phase.ACTIVATE, Phase.ACTING})
#: The phases in which a player holds the keyboard to answer a question of its own
#: (``GameState.decider``): who goes first this round (RND-1), asked of the initiative's winner.
CHOICE_PHASES = frozenset({Phase.CHOOSE_FIRST})


def keyboard_seat(state: GameState) -> int | None:
    """The seat that holds the keyboard in ``state``: the turn's player (``TURN_PHASES``), the player
    choosing who goes first (``CHOICE_PHASES``, issue 20: handed the keyboard before the question is
    asked), else None (set-up questions, a champion power's window)."""
    if state.phase in TURN_PHASES:
        return state.turn_player
    if state.phase in CHOICE_PHASES:
        return state.decider
    return None

_MOVED = {"move": "moved", "shift": "shifted", "charge": "charged", "squeeze": "squeezed",
          "teleport": "teleported"}


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def summary_lines(events: Sequence[Event], state: GameState) -> list[str]:
    """What ``events`` did, one plain line each, for the player taking the keyboard.

    Args:
        events: the battle's events since the player last held the keyboard, oldest first.
        state: the battle's state now (creatures' names; a destroyed creature keeps its name).
    Returns lines such as "Player 2's turn.", "Goblin (GB1) moved 4 squares.", "Goblin (GB1) hit
    Guard (GU1) with Spear: 10 damage, 20 HP left.", "Guard (GU1) was destroyed.", "Player 2 scored
    20 VP (destroyed); 40 in all."; an attack that hit and its damage make one line.  Events that
    change nothing a player looks for (activations starting or ending, dice) give none, and neither
    does a turn in which nothing of the rest happened (its "Player 2's turn." alone says nothing).
    A move or charge that opportunity attacks broke into pieces (OA-1) is one line, its squares added
    up ("Ogre (OG1) charged 4 squares."), before the attacks made on the way.
    """
    lines: list[str] = []
    turns: set[int] = set()  # the indexes of the "Player N's turn." lines
    hit: tuple[AttackRolled, int] | None = None  # an attack that hit, and the index of its line
    # a move or charge broken by opportunity attacks (OA-1) is one line: (uid, mode, its line, squares)
    moving: tuple[str, str, int, int] | None = None
    provoked = False  # an opportunity attack came since that move's last piece
    for event in events:
        if isinstance(event, RoundEnded):
            lines.append(f"Round {event.round} ended.")
        elif isinstance(event, RoundStarted):
            lines.append(f"Round {event.round} began.")
        elif isinstance(event, TurnStarted):
            turns.add(len(lines))
            lines.append(f"{player_name(event.player)}'s turn.")
        elif isinstance(event, CreatureMoved):
            if event.mode == "expand":  # the end of a squeeze (docs/rules.md): no square moved
                continue
            steps = 1 if event.mode == "teleport" else len(event.path)
            verb = _MOVED.get(event.mode, 'moved')
            if moving is not None and provoked and moving[:2] == (event.uid, event.mode):
                steps += moving[3]  # the rest of the same move after the opportunity attacks (issue 20)
                lines[moving[2]] = f"{creature_name(state, event.uid)} {verb} {_squares(steps)}."
                moving, provoked = (event.uid, event.mode, moving[2], steps), False
                continue
            moving, provoked = (event.uid, event.mode, len(lines), steps), False
            lines.append(f"{creature_name(state, event.uid)} {verb} {_squares(steps)}.")
        elif isinstance(event, OpportunityAttackProvoked):
            provoked = moving is not None and event.mover == moving[0]
        elif isinstance(event, AttackRolled):
            who, whom = creature_name(state, event.attacker), creature_name(state, event.target)
            verb = "hit" if event.hit else "missed"
            critical = " (critical)" if event.critical else ""
            lines.append(f"{who} {verb} {whom} with {event.attack}{critical}.")
            hit = (event, len(lines) - 1) if event.hit else None
        elif isinstance(event, DamageDealt):
            whom = creature_name(state, event.target)
            left = f"{event.amount} damage, {event.hp_left} HP left"
            if hit is not None and hit[0].target == event.target and event.cause == "attack":
                lines[hit[1]] = lines[hit[1]][:-1] + f": {left}."
            else:
                lines.append(f"{whom} took {left} ({event.cause}).")
            hit = None
        elif isinstance(event, CreatureDestroyed):
            lines.append(f"{creature_name(state, event.uid)} was destroyed.")
        elif isinstance(event, VictoryPointsScored):
            lines.append(f"{player_name(event.player)} scored {event.amount} VP ({event.reason}); "
                         f"{event.total} in all.")
    empty = {i for i in turns if i + 1 == len(lines) or i + 1 in turns or lines[i + 1].startswith("Round ")}
    return [line for i, line in enumerate(lines) if i not in empty]


def handoff_title(player: int) -> str:
    """The hand-off screen's title for seat ``player`` (0-based): "Player 2 — press Enter when ready"."""
    return f"{player_name(player)} — press Enter when ready"


@dataclass
class HandOff:
    """When the keyboard passes between human players, and the events each has not seen.

    Args:
        humans: the seats played at this keyboard (0-based).  With fewer than two, no hand-off is
            ever due.
        enabled: False turns the hand-off off (``--no-handoff``).
    Attributes:
        holder: the human seat holding the keyboard, or None before the first turn (a new or a
            resumed battle: whoever sits there has seen the board).
    """

    humans: frozenset[int]
    enabled: bool = True
    holder: int | None = None
    _unseen: dict[int, list[Event]] = field(default_factory=dict)

    @classmethod
    def for_battle(cls, state: GameState, ai_seats: Iterable[int], enabled: bool = True) -> HandOff:
        """The hand-off of the battle ``state`` (new or resumed), the AI playing ``ai_seats``: a
        human whose turn it is now holds the keyboard already."""
        ai = set(ai_seats)
        handoff = cls(frozenset(p for p in range(state.players) if p not in ai), enabled)
        seat = keyboard_seat(state)
        if seat in handoff.humans:
            handoff.holder = seat
        return handoff

    @property
    def active(self) -> bool:
        """True when a hand-off can ever be due: switched on, and two humans or more."""
        return self.enabled and len(self.humans) >= 2

    def after(self, events: Sequence[Event], state: GameState) -> int | None:
        """Note ``events`` (just applied, ``state`` the state after them); the human seat to hand
        the keyboard to now, or None.

        Every human but the holder has not seen ``events``, nor has the holder when they end its
        turn (the end of its last activation and the start of the next turn).  A hand-off is due when a turn
        (``TURN_PHASES``) or the choice of who goes first (``CHOICE_PHASES``: before that question is
        asked) belongs to a human seat other than the holder (``keyboard_seat``); that seat becomes the
        holder (its unseen events are then ``take``n by the screen).  None when not ``active``,
        before the first turn (the first holder is set without a hand-off), when the battle is over,
        or while the AI plays.
        """
        if not self.active:
            return None
        for other in self.humans:
            if other != self.holder:
                self._unseen.setdefault(other, []).extend(events)
        seat = keyboard_seat(state)
        if seat is None or seat not in self.humans or seat == self.holder:
            return None
        before, self.holder = self.holder, seat
        if before is None:
            self._unseen.pop(seat, None)
            return None
        # its turn ended before it looked: what came after its own action (the activation's end, a
        # round's end and its scoring, the next turn), not the action it made itself (issue 20)
        cut = next((i for i, e in enumerate(events) if isinstance(e, (ActivationEnded, RoundEnded, RoundStarted,
                                                                        TurnStarted))), len(events))
        self._unseen.setdefault(before, []).extend(events[cut:])
        return seat

    def undone(self, events: Sequence[Event]) -> None:
        """The action whose ``events`` were just taken back (undo): no player is told of it any more
        (each seat's unseen events lose those, the newest first, issue 20)."""
        for unseen in self._unseen.values():
            for event in reversed(events):
                if unseen and unseen[-1] == event:
                    unseen.pop()

    def take(self, seat: int) -> list[Event]:
        """The events ``seat`` has not seen, oldest first; forgotten once taken."""
        return self._unseen.pop(seat, [])
