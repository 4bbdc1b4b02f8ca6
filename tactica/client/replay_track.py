"""A saved battle as a track of steps to move along (the replay screen's model; no Textual).

Step 0 is the battle as ``new_game`` left it (the setup roll); step ``i`` is
the state after action ``i``.  Each step knows its action, its events as log
lines (rolls with every number) and the squares to mark on the map.
"""
from __future__ import annotations

from dataclasses import dataclass

from tactica.engine import Action, AttackRolled, CreatureActivated, CreatureMoved, GameState, RoundStarted
from tactica.saves.replay import Rebuilt

from .describe import LogLine, describe_events
from .overlay import Overlay


@dataclass
class ReplayTrack:
    """The steps of a rebuilt battle.

    Args:
        actions: the save's actions (``len(actions) + 1`` steps).
        rebuilt: the states and events of every step.
    """

    actions: list[Action]
    rebuilt: Rebuilt

    def __post_init__(self) -> None:
        self._lines: dict[int, list[LogLine]] = {}
        self.round_starts: dict[int, int] = {}
        """Round number -> the step at which it began."""
        for i, events in enumerate(self.rebuilt.events):
            for e in events:
                if isinstance(e, RoundStarted):
                    self.round_starts.setdefault(e.round, i)

    @property
    def last(self) -> int:
        """The last step's index (the number of actions)."""
        return len(self.rebuilt.states) - 1

    def state(self, step: int) -> GameState:
        """The state after step ``step``."""
        return self.rebuilt.states[step]

    def lines(self, step: int) -> list[LogLine]:
        """The log lines of step ``step``'s events (cached)."""
        if step not in self._lines:
            self._lines[step] = describe_events(self.rebuilt.events[step], self.state(step))
        return self._lines[step]

    def history(self, step: int, limit: int = 80) -> tuple[list[LogLine], int]:
        """The last ``limit`` log lines up to and including ``step``, and how many of them are ``step``'s own."""
        own = self.lines(step)
        out: list[LogLine] = list(own)
        i = step - 1
        while i >= 0 and len(out) < limit:
            out[:0] = self.lines(i)
            i -= 1
        return out[-max(limit, len(own)):], len(own)

    def round_of(self, step: int) -> int:
        """The round in progress at ``step`` (0 during set-up)."""
        return self.state(step).round

    def round_start(self, step: int, direction: int) -> int | None:
        """The step where the previous (``direction`` -1) or next (+1) round began, or None."""
        starts = sorted(self.round_starts.values())
        if direction > 0:
            return next((s for s in starts if s > step), None)
        return next((s for s in reversed(starts) if s < step), None)

    def describe(self, step: int) -> str:
        """The status line for ``step``: where we are and what the action was."""
        st = self.state(step)
        where = f"round {st.round}" if st.round else "set-up"
        if step == 0:
            head = f"Start (setup roll) · {self.last} actions"
        else:
            head = f"Action {step} of {self.last} · {where}"
        own = [line for line in self.lines(step) if line.kind != "round"]
        key = next((line for line in own if line.kind in ("victory", "banner", "hit", "miss")),
                   own[0] if own else None)
        what = key.text if key else (type(self.actions[step - 1]).__name__ if step else "")
        if len(own) > 1:
            what += f" (+{len(own) - 1} more in the log)"
        return f"{head} · {what}" if what else head

    def overlay(self, step: int) -> Overlay:
        """What to mark on the map at ``step``: the mover's path, the creatures attacked, the actor."""
        path: tuple = ()
        targets: set[str] = set()
        actor: str | None = self.state(step).active_uid
        for e in self.rebuilt.events[step]:
            if isinstance(e, CreatureMoved):
                path += e.path
                actor = e.uid
            elif isinstance(e, AttackRolled):
                targets.add(e.target)
                actor = actor or e.attacker
            elif isinstance(e, CreatureActivated):
                actor = e.uid
        return Overlay(path=path, targets=frozenset(targets), active=actor)

    def actor(self, step: int) -> str | None:
        """The creature the step is about (for the stat card), or None."""
        return self.overlay(step).active
