"""Autosave off the caller's thread: one writer thread, newest save wins, order kept.

Serialising and writing a save late in a battle takes 15–90 ms (the JSON
encoder with indentation is pure Python, and ``fsync`` waits for the disk),
too long for the battle screen's thread.  ``AutoSaver.submit`` takes a cheap
snapshot of the SaveFile (the action list is copied; maps, warbands and
actions are immutable values) and hands it to a writer thread.  If several
snapshots of the same file queue up, only the newest is written: each one
holds every earlier action, and they are written in the order submitted, so
the file on disk only ever moves forward (or back, after an undo, exactly as
asked).

The background write alone could lose the actions still pending at a kill,
so each battle also has an action journal (``journal.Journal``, from
``AutoSaver.journal``): every change is appended and fsynced on the caller's
thread before its result is shown.  ``close`` empties the journals once every
save is written (their lines are then all in the saves).

A write that fails (disk full, read-only folder) never raises into the game:
the problem is kept, and ``take_warning`` returns it once so the screen can
say so; later writes keep being tried and a success clears the problem.
"""
from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from .codec import SaveFile
from .journal import Journal, journal_path
from .store import autosave_path, write_save


def new_save_id(seed: int, now: datetime | None = None) -> str:
    """A fresh save id ``YYYYMMDD-HHMMSS-<seed>``, made unique in the saves folder."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{seed}"
    candidate, n = base, 1
    while autosave_path(candidate).exists() or journal_path(autosave_path(candidate)).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def snapshot(save: SaveFile) -> SaveFile:
    """A copy of ``save`` that later changes to the original do not touch."""
    return dataclasses.replace(save, actions=list(save.actions), checkpoints=list(save.checkpoints),
                               summary=dict(save.summary))


class AutoSaver:
    """Writes SaveFiles on a background thread; thread-safe; never raises on a write error.

    Args:
        write: the function that writes a SaveFile to a path (default
            ``store.write_save``, atomic); tests pass a failing one.
    """

    def __init__(self, write: Callable[[SaveFile, Path], object] = write_save,
                 sync: Callable[[int], None] | None = None) -> None:
        self._write = write
        self._sync = sync
        self._journals: dict[Path, Journal] = {}
        self._cond = threading.Condition()
        self._pending: dict[Path, SaveFile] = {}   # path -> newest snapshot not yet written
        self._busy = False
        self._closed = False
        self._problem: str | None = None
        self._warned = False
        self.writes = 0
        """How many saves were written (for tests and measurements)."""
        self.last_write_ms = 0.0
        """How long the last write took, in milliseconds."""
        self._thread = threading.Thread(target=self._run, name="tactica-autosave", daemon=True)
        self._thread.start()

    def submit(self, save: SaveFile, path: Path | None = None) -> None:
        """Queue a snapshot of ``save`` for writing to ``path`` (default: its autosave path)."""
        target = Path(path) if path is not None else autosave_path(save.id)
        copy = snapshot(save)
        with self._cond:
            if self._closed:
                self._write_now(copy, target)
                return
            self._pending.pop(target, None)   # re-insert: dict order is submission order
            self._pending[target] = copy
            self._cond.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; False if ``timeout`` seconds passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def settle(self, timeout: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; True only if it all was written (no write
        failed and ``timeout`` seconds did not pass first)."""
        return self.flush(timeout) and self._problem is None

    def journal(self, save_path: Path) -> Journal:
        """The action journal of the save at ``save_path`` (``journal.journal_path``), kept by this
        saver so that ``close`` empties it once the save holds all of it."""
        save_path = Path(save_path)
        if save_path not in self._journals:
            kwargs = {"sync": self._sync} if self._sync is not None else {}
            self._journals[save_path] = Journal(journal_path(save_path), **kwargs)
        return self._journals[save_path]

    def close(self, timeout: float = 5.0) -> bool:
        """Write what is pending, empty the journals if every save was written, and stop the thread
        (later submits write at once); True if everything pending was written in time."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        for journal in self._journals.values():
            if done and self._problem is None:
                journal.clear()
            else:
                journal.close()  # the save misses some of it: the journal keeps it for the next load
        return done

    @property
    def problem(self) -> str | None:
        """The last write failure, or None once a write succeeded again."""
        return self._problem

    def take_warning(self) -> str | None:
        """The write failure to show the player — once per run of failures — or None."""
        with self._cond:
            if self._problem and not self._warned:
                self._warned = True
                return self._problem
            return None

    # -- the writer thread ---------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if not self._pending:
                    return  # closed and nothing left
                target = next(iter(self._pending))
                save = self._pending.pop(target)
                self._busy = True
            try:
                self._write_now(save, target)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _write_now(self, save: SaveFile, target: Path) -> None:
        began = time.perf_counter()
        try:
            self._write(save, target)
        except Exception as exc:  # OSError above all; never let a save end the game
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._problem = (f"Autosave failed ({reason}) writing {target}. The battle goes on, "
                             "but it is not being saved.")
            return
        self.last_write_ms = (time.perf_counter() - began) * 1000
        self.writes += 1
        if self._problem:
            self._problem, self._warned = None, False

