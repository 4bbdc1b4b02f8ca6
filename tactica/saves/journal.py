"""The action journal beside a save file of tacticas before the battle store (issue 22).

Battles now live in the battle store (``db``), each action committed there before it is shown;
this journal is what older tacticas wrote beside ``ID.json``, read when the old saves folder is
imported (``store.load_save`` folds it).  What follows describes how they wrote it.

Rewriting a whole save takes 15–90 ms late in a battle, so the autosave writes
it on a background thread and only the newest pending copy is kept; a kill
lost the actions not yet written.  The journal closes that gap: ``ID.journal``
beside ``ID.json`` gets one line per change of the battle's record, written,
flushed and fsynced on the caller's thread *before* the action's result is
shown.  The save stays the shareable single file: the next full write holds
everything, and every ``COMPACT_AFTER`` lines (and when the run ends) the save
is written through and the journal emptied.

Each line is a JSON object with an ``op`` and absolute positions, so folding a
journal into a save that already holds some of its lines gives the same result:

* ``{"op": "act", "n": N, "action": {...}, "summary": {...}}``: action N (1-based)
  is ``action``; actions after N-1 are dropped first; ``summary`` is the save's
  summary after it (its ``digest`` gives the checkpoint when N is a multiple of
  ``codec.CHECKPOINT_EVERY``).
* ``{"op": "cut", "n": N, "summary": {...}}``: an undo kept the first N actions.
* ``{"op": "map", "n": N, "map": {...}}``: the battle map became ``map`` after N actions.
* ``{"op": "note", "note": {"step": S, "player": P, "text": T}}``: a log line that is no event.

``fold`` reads a journal as hostile input: a line cut short by a kill, a line
that does not decode, or one that does not follow on from the save stops the
fold there (the save and the lines before it stand).
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tactica.content.limits import MAX_SAVE_BYTES, FileRefused, read_regular
from tactica.engine import Action, GameState, MapDef

from . import checked
from .checked import Bad
from .codec import CHECKPOINT_EVERY, SaveFile, _note_from, _summary_from, decode_action, encode_action, map_from, map_to

#: After this many lines the journal is folded into a full write of the save and emptied.
COMPACT_AFTER = 256


def journal_path(save_path: Path) -> Path:
    """The journal of the save at ``save_path`` (``ID.json`` → ``ID.journal``, same folder)."""
    return Path(save_path).with_suffix(".journal")


class Journal:
    """Appends a battle's changes to its journal file, each durable (fsynced) before returning.

    Args:
        path: the journal file (``journal_path(save_path)``); created on the first line.
        sync: makes written bytes durable, given the file descriptor (default ``os.fsync``;
            tests that cannot cut the power pass a no-op).

    A write that fails (disk full, read-only folder) never raises: ``problem`` keeps the reason and
    later lines keep being tried (the background autosave still writes the whole save).
    """

    def __init__(self, path: Path, sync: Callable[[int], None] = os.fsync) -> None:
        self.path = Path(path)
        self._sync = sync
        self._fd: int | None = None
        self.lines = 0
        """Lines written since the journal was last emptied."""
        self.problem: str | None = None
        """The last write failure, or None."""

    # -- writing -------------------------------------------------------------------
    def act(self, n: int, action: Action, summary: dict[str, Any]) -> None:
        """Record that action ``n`` (1-based) is ``action``, with the save's ``summary`` after it."""
        self.write_lines([{"op": "act", "n": n, "action": encode_action(action), "summary": summary}])

    def acts(self, first: int, actions: list[Action], summary: dict[str, Any]) -> None:
        """Record ``actions`` as actions ``first``, ``first``+1, …, with one fsync; ``summary`` is
        the save's summary after the last (the earlier lines carry it too: only the last counts)."""
        self.write_lines([{"op": "act", "n": first + i, "action": encode_action(a), "summary": summary}
                          for i, a in enumerate(actions)])

    def cut(self, n: int, summary: dict[str, Any]) -> None:
        """Record that an undo kept only the first ``n`` actions."""
        self.write_lines([{"op": "cut", "n": n, "summary": summary}])

    def map_change(self, n: int, battle_map: MapDef) -> None:
        """Record that the battle map became ``battle_map`` after ``n`` actions."""
        self.write_lines([{"op": "map", "n": n, "map": map_to(battle_map)}])

    def note(self, note: tuple[int, int | None, str]) -> None:
        """Record a log note ``(step, player or None, text)``."""
        step, player, text = note
        self.write_lines([{"op": "note", "note": {"step": step, "player": player, "text": text}}])

    def write_lines(self, docs: list[dict[str, Any]]) -> None:
        """Append ``docs``, one JSON line each, then make them durable (one fsync)."""
        if not docs:
            return
        data = "".join(json.dumps(d, separators=(",", ":")) + "\n" for d in docs).encode("utf-8")
        try:
            if self._fd is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
            self._sync(self._fd)
        except OSError as exc:
            self.problem = f"cannot write the action journal {self.path} ({exc.strerror or exc})"
            return
        self.lines += len(docs)

    def clear(self) -> None:
        """Empty the journal (its lines are all in the save on disk): the file is removed."""
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.problem = f"cannot remove the action journal {self.path} ({exc.strerror or exc})"
            return
        self.lines = 0

    def close(self) -> None:
        """Close the file (a later line opens it again)."""
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None


def summary_of(state: GameState, digest: str, n_actions: int) -> dict[str, Any]:
    """The save's summary (``SaveFile.summary``) for ``state`` after ``n_actions`` actions."""
    return {"round": state.round, "vp": list(state.vp), "over": state.is_over, "winner": state.winner,
            "map": state.map.name if state.map else "", "digest": digest, "actions": n_actions}


def fold(save: SaveFile, save_path: Path) -> int:
    """Apply the journal beside ``save_path`` to ``save`` (changed in place); returns the number of
    lines applied (0 when there is no journal or it is unreadable).

    A damaged or hostile journal never raises: the fold stops at the first line that is cut short,
    does not decode, or does not follow on from the save so far.
    """
    path = journal_path(save_path)
    try:
        data = read_regular(path, MAX_SAVE_BYTES)
    except (OSError, FileRefused):  # missing, not a regular file, too large: the save stands alone
        return 0
    applied = 0
    for raw in data.split(b"\n")[:-1]:  # the last piece is empty, or a line cut short by a kill
        try:
            _apply(save, checked.parse_json(raw.decode("utf-8")), f"{path.name} line {applied + 1}")
        except (ValueError, UnicodeDecodeError, RecursionError):
            break
        applied += 1
    return applied


def _apply(save: SaveFile, doc: Any, where: str) -> None:
    d = checked.mapping(doc, where)
    op = d.get("op")
    players = len(save.warbands)
    if op == "note":
        note = _note_from(d.get("note"), f"{where}.note", players, len(save.actions))
        if note not in save.notes:  # already in the save written after it
            save.notes.append(note)
        return
    n = checked.integer(d.get("n"), f"{where}.n", 0, len(save.actions) + 1)
    if op == "act":
        if n < 1:
            raise Bad(f"{where}.n", "expected an action number from 1")
        action = decode_action(d.get("action"), f"{where}.action")
        summary = _summary_from(d.get("summary"), players)
        _keep(save, n - 1, notes_to=n)
        save.actions.append(action)
        if n % CHECKPOINT_EVERY == 0 and summary.get("digest"):
            save.checkpoints.append((n, summary["digest"]))
        save.summary = summary
    elif op == "cut":
        if n > len(save.actions):
            raise Bad(f"{where}.n", "an undo cannot keep more actions than there are")
        summary = _summary_from(d.get("summary"), players)
        _keep(save, n, notes_to=n)
        save.summary = summary
    elif op == "map":
        if n > len(save.actions):
            raise Bad(f"{where}.n", "a map change after actions not yet made")
        change = (n, map_from(d.get("map"), f"{where}.map"))
        if change not in save.map_changes:  # already in the save written after it
            save.map_changes.append(change)
    else:
        raise Bad(f"{where}.op", f"expected act, cut, map or note; got {checked.shown(op)}")


def _keep(save: SaveFile, n: int, notes_to: int) -> None:
    """Keep the first ``n`` actions of ``save``, the notes of steps up to ``notes_to`` and the
    checkpoints and map changes of those actions (as ``Recorder.truncate``)."""
    del save.actions[n:]
    save.notes = [note for note in save.notes if note[0] <= notes_to]
    save.checkpoints = [(s, dg) for s, dg in save.checkpoints if s <= n]
    save.map_changes = [(s, m) for s, m in save.map_changes if s <= n]
