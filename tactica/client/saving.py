"""Saves for the battle client: autosave a new battle, reopen a saved one (no Textual here).

* ``record_new(session, saver)`` gives a freshly started battle a save id and
  a ``Recorder`` that commits every action to the battle store (the set-up
  actions made so far included, so the save replays);
* ``open_save(ref)`` finds, loads and rebuilds a battle: one of the store by
  id, or a save file (the newest unfinished battle of the store when ``ref``
  is None); every problem is a ``SaveError`` with a clear message, and a file
  is only read;
* ``resume_session(opened, saver)`` turns it back into a ``GameSession``
  that keeps writing to the store (a battle opened from a file goes on in
  the store's battle of its id when the file continues it — an exported
  battle brought back — else it is stored as a new battle, under its id or
  the next free one);
* ``keep_view(session, cursor, threats)`` keeps where the map's cursor is and the threat view's mode
  in the save (its ``players`` field, a client's fact), and ``resume_session`` hands them back as
  ``GameSession.saved_view``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from tactica.engine import Event, GameState, Square, apply, new_game
from tactica.saves.autosave import AutoSaver, new_save_id, snapshot
from tactica.saves.codec import SaveError, SaveFile
from tactica.saves.commands import find_battle, opened_store
from tactica.saves.db import StoreError
from tactica.saves.replay import Rebuilt, Recorder, rebuild

from .describe import saved_log
from .handoff import human_activation
from .opponent import Opponent
from .session import GameSession, SavedView
from .undo import UndoStep, undo_refusal

START_HINT = "Start a battle with: tactica play   (tactica saves lists the saved ones)"


@dataclass
class OpenedSave:
    """A saved battle read and replayed.

    Attributes:
        path: the save file it was read from, or None for a battle of the store.
        save: its contents.
        rebuilt: every state and the events of every step.
    """

    path: Path | None
    save: SaveFile
    rebuilt: Rebuilt


def _recorder(save: SaveFile, saver: AutoSaver, existing: bool) -> Recorder:
    """A Recorder committing every change of ``save`` to the store through ``saver`` (``existing``:
    the store holds ``save`` already)."""
    return Recorder(save, writer=saver.writer(save, existing=existing))


def record_new(session: GameSession, saver: AutoSaver) -> None:
    """Start autosaving ``session`` (a battle just begun by ``GameSession.start``) into the store.

    The save's seed is the session's seed; the set-up actions already
    applied (quick start) are recorded with their checkpoints, and the
    battle is in the store when this returns (under a fresh id, ``save_id``).
    """
    st = session.state
    seed = session.seed if session.seed is not None else 0
    save = SaveFile(id=new_save_id(seed), seed=seed, rules=st.rules, maps=st.maps, warbands=st.warbands,
                    players={**(session.opponent.to_save() if session.opponent else {}),
                             **({"quick_setup": True} if session.quick_setup else {})})
    session.recorder = _recorder(save, saver, existing=False)
    session.saver = saver
    state, _ = new_game(save.warbands, save.maps, seed=save.seed, rules=save.rules)
    steps = []
    for action in session.actions:
        state, _ = apply(state, action)
        steps.append((action, state))
    if steps:
        session.recorder.record_many(steps)
    else:
        session.recorder.sync(state)


def open_save(ref: str | None) -> OpenedSave:
    """Load and replay the battle ``ref`` (a save file, or an id of the store), or the newest
    unfinished battle of the store.

    Raises SaveError with a message for the player: no saves, no such save,
    a damaged file or row, a store that cannot be used (StoreError), or a
    replay that does not reach the recorded state.
    """
    if ref is None:
        with opened_store() as store:
            info = store.latest_unfinished()
            if info is None:
                raise SaveError("there is no unfinished battle to resume. " + START_HINT)
            save = store.load(info.id)
        return OpenedSave(None, save, rebuild(save))
    found = find_battle(ref)
    return OpenedSave(found.path, found.save, rebuild(found.save))


def recent_steps(rebuilt: Rebuilt, opponent: Opponent | None) -> list[tuple[list[Event], GameState, bool]]:
    """Against the AI: each action of ``rebuilt`` since the human's last activation began, as (its events,
    the state after it, whether a human took it), oldest first (``GameSession.recent_steps``); [] in
    hot-seat or before any human activation."""
    if opponent is None:
        return []
    humans = {p for p in range(rebuilt.final.players) if p not in opponent.seats}
    states, events = rebuilt.states, rebuilt.events  # state i is after action i; state 0 the setup's

    def by_human(i: int) -> bool:
        return states[i - 1].decider in humans

    start = next((i for i in range(len(states) - 1, 0, -1)
                  if by_human(i) and human_activation(events[i], states[i], humans)), None)
    if start is None:
        return []
    return [(list(events[i]), states[i], by_human(i)) for i in range(start, len(states))]


def resume_session(opened: OpenedSave, saver: AutoSaver | None, pace: float | None = None) -> GameSession:
    """A GameSession at the end of ``opened``'s battle, autosaving to the store (a battle of the
    store goes on in its row; one from a file becomes a new battle of the store); its
    ``history_log`` is the log so far as the live battle showed it (``describe.saved_log``).
    ``pace``: the seconds between the AI's steps, the settings file's (the save keeps no pace: s19 ux 4,
    a pace of 0 set in the settings came back as the default's 0.4 s after ``tactica resume``); None
    keeps the default."""
    rebuilt, save = opened.rebuilt, opened.save
    quick = save.players.get("quick_setup") is True  # the log says the quick setup chose, as live
    events = [e for step in rebuilt.events for e in step]
    opponent = Opponent.from_save(save.players)
    if opponent is not None and pace is not None:
        opponent = replace(opponent, pace=pace)
    session = GameSession(state=rebuilt.final, events=events, actions=list(save.actions),
                          seed=save.seed, resumed=True, opponent=opponent,
                          history_log=saved_log(rebuilt.events, rebuilt.states, save.notes, quick),
                          quick_setup=quick, saved_view=saved_view(save.players),
                          recent_steps=recent_steps(rebuilt, opponent))
    if saver is not None:
        if opened.path is None:
            session.recorder = _recorder(save, saver, existing=True)
        else:  # from a file, which is only read: its battle in the store goes on, else a new one
            save = snapshot(save)
            wanted = save.id
            stored = _stored_start_of(save, saver)
            if stored is not None:
                session.recorder = Recorder(save, writer=saver.writer(stored, existing=True))
            else:
                session.recorder = _recorder(save, saver, existing=False)
            session.recorder.sync(rebuilt.final)
            if stored is None and session.save_id != wanted:
                session.resume_note = (f"This file is not where saved battle {wanted} stands now (it went on "
                                       "after the file was written, or is another battle), so the file goes on "
                                       f"as a new battle; 'tactica resume {wanted}' continues the saved one.")
        session.saver = saver
    steps = undo_steps(opened, len(events))
    if session.opponent is not None and any(s.before.decider in session.opponent.seats for s in steps):
        steps = []  # the AI's actions are never taken back (nor, through them, the player's)
    session.restore_undo(steps)
    return session


def _stored_start_of(save: SaveFile, saver: AutoSaver) -> SaveFile | None:
    """The store's battle of ``save``'s id when ``save`` goes on from it (same seed, rules, maps and
    warbands; its actions, notes and map changes begin ``save``'s), else None — then the file is
    stored as a new battle, and a longer battle of the store is never cut short."""
    try:
        store = saver.store
        if not store.has(save.id):
            return None
        stored = store.load(save.id)
    except (SaveError, StoreError):
        return None
    n = len(stored.actions)
    same = (stored.seed, stored.rules, stored.maps, stored.warbands) == (save.seed, save.rules, save.maps,
                                                                         save.warbands)
    if not same or n > len(save.actions) or save.actions[:n] != stored.actions:
        return None
    if save.notes[:len(stored.notes)] != stored.notes or \
            save.map_changes[:len(stored.map_changes)] != stored.map_changes:
        return None
    return stored


VIEW_KEYS = ("cursor", "threats")
"""The keys of a save's ``players`` field that hold the player's view (``keep_view``)."""


def saved_view(players: dict) -> SavedView | None:
    """The view kept in a save's ``players`` field (``keep_view``), or None when it kept none (a save
    from before s17: the battle opens as it did then).  Takes the field as decoded (``codec``
    checked its types)."""
    cursor, threats = players.get("cursor"), players.get("threats")
    if cursor is None and threats is None:
        return None
    square = (int(cursor[0]), int(cursor[1])) if isinstance(cursor, list) and len(cursor) == 2 else None
    return SavedView(cursor=square, threats=threats if threats in ("now", "all") else "off")


def keep_view(session: GameSession, cursor: Square | None, threats: str) -> bool:
    """Keep the player's view in ``session``'s save: the map cursor's square (``cursor``, None: none)
    and the threat view's mode (``threats``: "off", "now" or "all"; off is kept as no key), written to
    the store at once when it changed (``Recorder.sync``).  Returns True when something was written;
    False when nothing changed or the battle keeps no save."""
    recorder = session.recorder
    if recorder is None:
        return False
    players = {k: v for k, v in recorder.save.players.items() if k not in VIEW_KEYS}
    if cursor is not None:
        players["cursor"] = [cursor[0], cursor[1]]
    if threats in ("now", "all"):
        players["threats"] = threats
    if players == recorder.save.players:
        return False
    recorder.save.players = players
    recorder.sync(session.state)
    return True


def undo_steps(opened: OpenedSave, n_events: int) -> list[UndoStep]:
    """The actions at the end of the save that could still be taken back, oldest first.

    Stops at the first that cannot (a roll, the end of an activation) and at a map change.
    """
    rebuilt, actions = opened.rebuilt, opened.save.actions
    last_change = max((s for s, _ in opened.save.map_changes), default=-1)
    steps: list[UndoStep] = []
    for i in range(len(actions), 0, -1):
        events = rebuilt.events[i]
        n_events -= len(events)
        if i <= last_change or undo_refusal(actions[i - 1], events, rebuilt.states[i - 1],
                                            rebuilt.states[i]) is not None:
            break
        steps.append(UndoStep(rebuilt.states[i - 1], n_events, actions[i - 1], tuple(events)))
    return steps[::-1]


def describe_save(opened: OpenedSave) -> str:
    """One line about a saved battle: "Reds vs Blues, round 3, VP 30–10, Player 1's turn"."""
    st, save = opened.rebuilt.final, opened.save
    text = " vs ".join(w.name for w in save.warbands)
    if st.round:
        text += f", round {st.round}"
    text += f", VP {'–'.join(map(str, st.vp))}"
    if st.is_over:
        text += f", won by Player {st.victor + 1}"
    opponent = Opponent.from_save(save.players)
    if opponent is not None:
        text += f", against {opponent.label}"
    return text
