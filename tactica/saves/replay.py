"""Rebuild a battle from a save and check it (``tactica replay FILE --verify``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from tactica.engine import Action, Event, GameState, IllegalAction, MapSwapError, apply, new_game, with_map

from .codec import CHECKPOINT_EVERY, SaveError, SaveFile, state_digest


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
        autosave: a callable taking the SaveFile and writing it (or None).
    """

    def __init__(self, save: SaveFile, autosave=None):
        self.save = save
        self.autosave = autosave

    def record(self, action: Action, state_after: GameState) -> None:
        """Append ``action`` (already applied) and write the save if autosaving."""
        self.save.actions.append(action)
        n = len(self.save.actions)
        digest = state_digest(state_after)
        if n % CHECKPOINT_EVERY == 0:
            self.save.checkpoints.append((n, digest))
        self.sync(state_after, digest)

    def record_many(self, steps: list[tuple[Action, GameState]]) -> None:
        """Append several (action, state after it) pairs and write the save once."""
        for action, state_after in steps:
            self.save.actions.append(action)
            n = len(self.save.actions)
            if n % CHECKPOINT_EVERY == 0:
                self.save.checkpoints.append((n, state_digest(state_after)))
        if steps:
            self.sync(steps[-1][1])

    def truncate(self, n_actions: int, state: GameState) -> None:
        """Drop actions after the first ``n_actions`` (undo) and write the save."""
        del self.save.actions[n_actions:]
        self.save.notes = [n for n in self.save.notes if n[0] <= n_actions]
        self.save.checkpoints = [(s, d) for s, d in self.save.checkpoints if s <= n_actions]
        self.save.map_changes = [(s, m) for s, m in self.save.map_changes if s <= n_actions]
        self.sync(state, state_digest(state))

    def note(self, player: int | None, text: str) -> None:
        """Keep ``text``, a log line that is no event (the AI's intent), before the next action in the
        save (``SaveFile.notes``; written with that action), in ``player``'s colour (None: none)."""
        self.save.notes.append((len(self.save.actions) + 1, player, text))

    def change_map(self, state: GameState) -> None:
        """Record that the battle map became ``state.map`` after the actions so far, and write the save."""
        self.save.map_changes.append((len(self.save.actions), state.battle_map))
        self.sync(state)

    def sync(self, state: GameState, digest: str | None = None) -> None:
        """Refresh the summary from ``state`` and write the save."""
        self.save.summary = {"round": state.round, "vp": list(state.vp), "over": state.is_over,
                             "winner": state.winner, "map": state.map.name if state.map else "",
                             "digest": digest or state_digest(state), "actions": len(self.save.actions)}
        self.save.saved_at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        if self.autosave is not None:
            self.autosave(self.save)
