"""Autosave into the battle store: every change committed on the caller's thread (issue 22).

A battle's ``Recorder`` writes through a ``db.BattleWriter`` that ``AutoSaver.writer`` gives: each
action (an undo, a note, a map change) is one small SQLite transaction — the new rows and the
index — committed before ``GameSession.apply`` returns, that is before its result is shown.  There
is no background writer any more, and no whole-save rewrite: a transaction late in a battle
writes one action row and one index row, however long the battle.  A kill at any moment leaves
every action that was shown.

A write that fails (disk full, read-only folder, a store damaged or held by another process for
more than ``db.BUSY_TIMEOUT_MS``) never raises into the game: the problem is kept, and
``take_warning`` returns it once so the screen can say so; later writes keep being tried (each
writes everything not yet stored) and a success clears the problem.
"""
from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from .codec import SaveFile
from .db import BattleStore, BattleWriter, StoreError, open_store
from .store import write_save


def new_save_id(seed: int, now: datetime | None = None, store: BattleStore | None = None) -> str:
    """A fresh save id ``YYYYMMDD-HHMMSS-<seed>``, made unique in ``store`` (when given; the
    writer makes it unique again when it first stores the battle)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{seed}"
    return store.free_id(base) if store is not None else base


def snapshot(save: SaveFile) -> SaveFile:
    """A copy of ``save`` that later changes to the original do not touch."""
    return dataclasses.replace(save, actions=list(save.actions), checkpoints=list(save.checkpoints),
                               summary=dict(save.summary), notes=list(save.notes),
                               map_changes=list(save.map_changes), players=dict(save.players))


class AutoSaver:
    """The battle store of one run of tactica and the writers of its battles; never raises on a
    write error.

    Args:
        store: the open BattleStore to write to; None opens the user's store (``db.open_store``)
            on first use — a store that cannot be opened is then a write failure like any other.
        opener: how the store is opened when ``store`` is None (tests pass one that fails).
    """

    def __init__(self, store: BattleStore | None = None,
                 opener: Callable[[], BattleStore] = lambda: open_store(import_saves=False)) -> None:
        self._store = store
        self._own = store is None
        self._opener = opener
        self._lock = threading.Lock()
        self._problem: str | None = None
        self._warned = False
        self._writers: list[BattleWriter] = []

    @property
    def store(self) -> BattleStore:
        """The open store (opened now if it was not); raises StoreError when it cannot be."""
        with self._lock:
            if self._store is None:
                self._store = self._opener()
            return self._store

    def writer(self, save: SaveFile, existing: bool = False) -> BattleWriter | None:
        """A writer keeping ``save``'s battle up to date in the store (``db.BattleWriter``;
        ``existing``: the store holds exactly ``save`` already).  None when the store cannot be
        opened (the problem is kept and warned about once)."""
        try:
            store = self.store
        except StoreError as exc:
            self._report(f"Autosave failed: {exc}. The battle goes on, but it is not being saved.")
            return None
        writer = BattleWriter(store, save, existing=existing, report=self._report)
        self._writers.append(writer)
        return writer

    def submit(self, save: SaveFile, path: Path | None = None) -> None:
        """Write ``save`` whole: to the file ``path`` (``store.write_save``) or, without one, into
        the store (``BattleStore.put``, replacing a battle of its id).  Never raises."""
        try:
            if path is not None:
                write_save(save, Path(path))
            else:
                self.store.put(save)
        except (OSError, StoreError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._report(f"Autosave failed ({reason}). The battle goes on, but it is not being saved.")
            return
        self._report(None)

    def flush(self, timeout: float = 5.0) -> bool:
        """Everything is written when it is given (no writer thread): True.  Kept for callers that
        wait for the saves before they leave (``timeout`` is not needed)."""
        return True

    def settle(self, timeout: float = 5.0) -> bool:
        """True when the last write succeeded (everything given is in the store)."""
        return self._problem is None

    def close(self, timeout: float = 5.0) -> bool:
        """Close the store if this saver opened it; True when no write is failing."""
        with self._lock:
            if self._own and self._store is not None:
                self._store.close()
                self._store = None
        return self._problem is None

    @property
    def writes(self) -> int:
        """How many transactions the writers committed (for tests and measurements)."""
        return sum(w.writes for w in self._writers)

    @property
    def problem(self) -> str | None:
        """The last write failure, or None once a write succeeded again."""
        return self._problem

    def take_warning(self) -> str | None:
        """The write failure to show the player — once per run of failures — or None."""
        with self._lock:
            if self._problem and not self._warned:
                self._warned = True
                return self._problem
            return None

    def _report(self, problem: str | None) -> None:
        with self._lock:
            if problem is None:
                self._problem, self._warned = None, False
            else:
                self._problem = problem
