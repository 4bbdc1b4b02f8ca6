"""Rebuild a battle from a save and check it (``tactica replay FILE --verify``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from tactica.engine import Action, Event, GameState, IllegalAction, MapSwapError, apply, new_game, with_map

from .codec import CHECKPOINT_EVERY, SaveError, SaveFile, state_digest
from .journal import COMPACT_AFTER, Journal, summary_of

if TYPE_CHECKING:
    from .db import BattleWriter


@dataclass
class Rebuilt:
    """A battle rebuilt from its save.

    Attributes:
        states: the state before the first action, then after each action
            (``len(states) == len(actions) + 1``).
        events: per step, the events it produced (step 0: the setup roll).
    """

    states: list[GameState] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self.states[-1]


def rebuild(save: SaveFile, *, check: bool = True) -> Rebuilt:
    """Replay ``save``'s actions from its seed.

    With ``check``, every checkpoint digest and the summary digest must match.
    Map changes (live reload) are swapped in after their step.  Raises
    SaveError naming the first action that fails or the first checkpoint
    that differs.  A save is hostile input: its values are checked for
    type and bounds when decoded, and whatever else the engine cannot
    build a battle from (a warband or map that breaks a rule) is a
    SaveError too, never another exception.
    """
    try:
        return _rebuild(save, check)
    except (SaveError, RecursionError, MemoryError):
        raise
    except Exception as exc:  # the engine met values no battle can have (a hostile save)
        raise SaveError(f"the save cannot be replayed: its warbands, maps or actions break the rules engine "
                        f"({type(exc).__name__})") from None


def _rebuild(save: SaveFile, check: bool) -> Rebuilt:
    state, evs = new_game(save.warbands, save.maps, seed=save.seed, rules=save.rules)
    changes: dict[int, list] = {}
    for step, new_map in save.map_changes:
        changes.setdefault(step, []).append(new_map)
    state = _swap_maps(state, changes.get(0, ()), 0)
    out = Rebuilt([state], [evs])
    checkpoints = dict(save.checkpoints)
    for i, action in enumerate(save.actions, start=1):
        try:
            state, evs = apply(state, action)
        except IllegalAction as exc:
            raise SaveError(f"action {i} ({type(action).__name__}) is refused on replay: {exc.reason}") from None
        state = _swap_maps(state, changes.get(i, ()), i)
        out.states.append(state)
        out.events.append(evs)
        if check and i in checkpoints and checkpoints[i] != state_digest(state):
            raise SaveError(f"the replay differs from the record at action {i} (checkpoint mismatch)")
    if check and save.summary.get("digest") and save.summary["digest"] != state_digest(state):
        raise SaveError("the replay does not end in the recorded state (final digest mismatch)")
    return out


def _swap_maps(state: GameState, maps, step: int) -> GameState:
    for new_map in maps:
        try:
            state = with_map(state, new_map)
        except MapSwapError as exc:
            raise SaveError(f"the map change after action {step} does not fit: {exc}") from None
    return state


class Recorder:
    """Keeps a battle's SaveFile up to date as actions are applied.

    Args:
        save: the SaveFile (its actions list grows).
        autosave: a callable taking the SaveFile and writing it (or None); it may write later
            (``AutoSaver.submit``).
        journal: the battle's action journal (``journal.Journal``) or None: every change is
            appended to it, durable, before the method returns, so it is on disk before its
            result is shown even when ``autosave`` writes later (issue 22).
        settle: waits until everything given to ``autosave`` is written and says whether it all
            was (``AutoSaver.settle``); with a journal, every ``journal.COMPACT_AFTER`` lines
            the save is settled and the journal emptied.
        writer: the battle store's writer of this battle (``db.BattleWriter``) or None: every
            change is committed to the store before the method returns (issue 22); ``tactica
            play`` records through it alone.
    """

    def __init__(self, save: SaveFile, autosave: Callable[[SaveFile], object] | None = None,
                 journal: Journal | None = None, settle: Callable[[], bool] | None = None,
                 writer: BattleWriter | None = None) -> None:
        self.save = save
        self.autosave = autosave
        self.journal = journal
        self.settle = settle
        self.writer = writer

    def record(self, action: Action, state_after: GameState) -> None:
        """Append ``action`` (already applied), journal it and write the save if autosaving."""
        self.save.actions.append(action)
        n = len(self.save.actions)
        digest = state_digest(state_after)
        if n % CHECKPOINT_EVERY == 0:
            self.save.checkpoints.append((n, digest))
        self._summarise(state_after, digest)
        if self.journal is not None:
            self.journal.act(n, action, self.save.summary)
        self._write()

    def record_many(self, steps: list[tuple[Action, GameState]]) -> None:
        """Append several (action, state after it) pairs, journal them and write the save once."""
        first = len(self.save.actions) + 1
        for action, state_after in steps:
            self.save.actions.append(action)
            n = len(self.save.actions)
            if n % CHECKPOINT_EVERY == 0:
                self.save.checkpoints.append((n, state_digest(state_after)))
        if steps:
            self._summarise(steps[-1][1])
            if self.journal is not None:
                self.journal.acts(first, [a for a, _ in steps], self.save.summary)
            self._write()

    def truncate(self, n_actions: int, state: GameState) -> None:
        """Drop actions after the first ``n_actions`` (undo), journal it and write the save."""
        del self.save.actions[n_actions:]
        self.save.notes = [n for n in self.save.notes if n[0] <= n_actions]
        self.save.checkpoints = [(s, d) for s, d in self.save.checkpoints if s <= n_actions]
        self.save.map_changes = [(s, m) for s, m in self.save.map_changes if s <= n_actions]
        self._summarise(state, state_digest(state))
        if self.journal is not None:
            self.journal.cut(n_actions, self.save.summary)
        if self.writer is not None:
            self.writer.cut(n_actions, self.save)
        self._write(stored=True)

    def note(self, player: int | None, text: str) -> None:
        """Keep ``text``, a log line that is no event (the AI's intent), before the next action in the
        save (``SaveFile.notes``; journaled at once, written with that action), in ``player``'s
        colour (None: none)."""
        note = (len(self.save.actions) + 1, player, text)
        self.save.notes.append(note)
        if self.journal is not None:
            self.journal.note(note)
        if self.writer is not None:
            self.writer.write(self.save)

    def change_map(self, state: GameState) -> None:
        """Record that the battle map became ``state.map`` after the actions so far, and write the save."""
        self.save.map_changes.append((len(self.save.actions), state.battle_map))
        if self.journal is not None:
            self.journal.map_change(len(self.save.actions), state.battle_map)
        self.sync(state)

    def sync(self, state: GameState, digest: str | None = None) -> None:
        """Refresh the summary from ``state`` and write the save."""
        self._summarise(state, digest)
        self._write()

    def _summarise(self, state: GameState, digest: str | None = None) -> None:
        self.save.summary = summary_of(state, digest or state_digest(state), len(self.save.actions))
        self.save.saved_at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

    def _write(self, stored: bool = False) -> None:
        if self.writer is not None and not stored:
            self.writer.write(self.save)
        if self.autosave is not None:
            self.autosave(self.save)
        journal = self.journal
        if (journal is not None and journal.lines >= COMPACT_AFTER and self.settle is not None
                and self.settle()):
            journal.clear()  # every line is in the save now on disk
