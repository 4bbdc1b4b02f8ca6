"""The battle store: every saved battle in one SQLite database in the user's data folder (issue 22).

The store is ``data_dir()/battles.sqlite3`` (``store.data_dir``: ``TACTICA_DATA_DIR`` or the user
data folder).  It is opened in WAL mode with a busy timeout, so several tactica processes use it at
once (two battles, a ``tactica saves`` listing during a battle) without corrupting it: each write
is one transaction, and a reader never waits for a writer.

Tables (``SCHEMA_VERSION`` 1):

* ``schema_version(version)``: one row; a store of a newer version is refused (``StoreError``).
* ``battles``: one row a battle: its ``setup`` (the save's JSON without the actions: rules, seed,
  maps and warbands in full) and its index — ``players`` (the warbands' names, JSON), ``ai`` (the
  AI's description, "" for hot-seat), ``who`` (the save's ``players``: who plays, JSON), ``map``,
  ``modules`` (the optional rule modules, comma-separated), ``round``, ``vp`` (JSON), ``over``,
  ``winner``, ``actions`` (how many), ``summary`` (the save's summary, JSON), ``created_at``,
  ``updated_at`` (ISO time, UTC) and ``source`` (the file it was imported from, or "").  Listing,
  continuing, deleting and pruning read these columns only.
* ``actions(battle, n, action, checkpoint)``: action ``n`` (1-based) as the save's JSON, with the
  state digest after it when it is a checkpoint (``codec.CHECKPOINT_EVERY``).
* ``notes(battle, seq, step, player, text)`` and ``map_changes(battle, seq, step, map)``: the
  save's ``notes`` and ``map_changes`` in order.
* ``imports(file, size, mtime_ns, battle, problem, at)``: every file of the old saves folder seen
  (``import_folder``): imported (``battle``), or refused (``problem``, reported once).

A battle's writes go through a ``BattleWriter``: each change (an action, an undo, a note, a map
change) is committed — ``synchronous=FULL``, so it survives a power cut as the old fsynced journal
did — before the call returns, that is before its result is shown.  Everything read from the store
is decoded as hostile input (``codec.decode_save_doc``): a store file that is not a database, a
FIFO, a folder, a damaged database or rows of the wrong types give a ``StoreError`` (a
``SaveError``) with one clear line, never a traceback.
"""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tactica.content.limits import MAX_ACTIONS, MAX_LIST, MAX_SAVE_BYTES, clean_text, file_kind
from tactica.engine import MapDef

from . import checked
from .checked import Bad
from .codec import FORMAT, SaveError, SaveFile, decode_save_doc, encode_action, map_to
from .store import data_dir, load_save, remove_stale_temps, saves_dir

#: The store's schema version; a store with a higher one was made by a newer tactica and is refused.
SCHEMA_VERSION = 1
#: The store's file name in the data folder.
STORE_NAME = "battles.sqlite3"
#: How long (milliseconds) a write waits for another tactica's transaction before it gives up.
BUSY_TIMEOUT_MS = 10_000
#: ``PRAGMA synchronous`` of every connection: FULL makes each commit durable against a power cut.
#: (A test that only kills processes may set "OFF": a kill keeps what reached the kernel.)
SYNCHRONOUS = "FULL"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS battles (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    players TEXT NOT NULL,
    ai TEXT NOT NULL DEFAULT '',
    who TEXT NOT NULL DEFAULT '{}',
    map TEXT NOT NULL DEFAULT '',
    modules TEXT NOT NULL DEFAULT '',
    round INTEGER NOT NULL DEFAULT 0,
    vp TEXT NOT NULL DEFAULT '[]',
    over INTEGER NOT NULL DEFAULT 0,
    winner INTEGER,
    actions INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS battles_by_time ON battles (updated_at);
CREATE TABLE IF NOT EXISTS actions (
    battle TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, checkpoint TEXT,
    PRIMARY KEY (battle, n)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS notes (
    battle TEXT NOT NULL, seq INTEGER NOT NULL, step INTEGER NOT NULL, player INTEGER, text TEXT NOT NULL,
    PRIMARY KEY (battle, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS map_changes (
    battle TEXT NOT NULL, seq INTEGER NOT NULL, step INTEGER NOT NULL, map TEXT NOT NULL,
    PRIMARY KEY (battle, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS imports (
    file TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, battle TEXT, problem TEXT, at TEXT NOT NULL);
"""
_TABLES = {"schema_version", "battles", "actions", "notes", "map_changes", "imports"}
_SETUP_KEYS = ("format", "version", "tactica", "id", "rules", "seed", "maps", "warbands")


class StoreError(SaveError):
    """The battle store cannot be used (not a database, a FIFO, damaged, newer, locked, the disk
    refuses); the message is one line naming the store file and saying why."""


def store_path() -> Path:
    """The battle store's file: ``data_dir()/battles.sqlite3``."""
    return data_dir() / STORE_NAME


def now_text() -> str:
    """The current time as the store and saves write it (ISO 8601, UTC, microseconds, ``Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def modules_of(save: SaveFile) -> tuple[str, ...]:
    """The optional rule modules ``save``'s battle plays with: the battle's ``rules.modules``, then
    those of the map it is fought on (the last map change's map, else the map named in the
    summary; none before a map is chosen), each once.  The core ``skirmish`` is left out."""
    names = list(save.rules.modules)
    battle_map: MapDef | None = save.map_changes[-1][1] if save.map_changes else None
    if battle_map is None:
        chosen = save.summary.get("map")
        battle_map = next((m for m in save.maps if chosen and m.name == chosen), None)
    if battle_map is not None:
        names += list(battle_map.rules)
    return tuple(dict.fromkeys(names))


def rules_words(modules: tuple[str, ...] | list[str]) -> str:
    """How listings name a battle's rules: "skirmish" alone, or "skirmish + grid35"."""
    return " + ".join(("skirmish", *modules))


def ai_words(players: dict[str, Any]) -> str:
    """The AI seats of a save's ``players`` ("AI normal as player 2"), or "" for hot-seat."""
    level = players.get("ai")
    if not isinstance(level, str) or not level:
        return ""
    seats = players.get("ai_players") or [players.get("ai_player")]
    seats = [s for s in seats if isinstance(s, int)]
    who = f" as player {', '.join(map(str, seats))}" if seats else ""
    return f"AI {clean_text(level)}{who}"


@dataclass(frozen=True)
class BattleInfo:
    """One battle of the store's index (a line of ``tactica saves``), read without its actions.

    Attributes:
        id: the battle's id.
        saved_at: when it was last written (ISO 8601, UTC).
        round: the round it is in (0 during the setup).
        vp: the victory points by player.
        over: whether it is finished.
        title: "Reds vs Blues on Field".
        modules: its optional rule modules (names; empty: the skirmish rules alone).
        ai: who the AI plays ("AI normal as player 2"), "" for hot-seat.
        actions: how many actions it holds.
        problem: why the row cannot be used ("" when it can); such a row is never offered.
        path: None (a battle of the store has no file; kept so listings and files read alike).
    """

    id: str
    saved_at: str
    round: int
    vp: tuple[int, ...]
    over: bool
    title: str
    modules: tuple[str, ...] = ()
    ai: str = ""
    actions: int = 0
    problem: str = ""
    path: Path | None = None


@dataclass
class ImportReport:
    """What ``import_folder`` did: ids of the battles imported, and one line per file refused (the
    file named and why; each refused file is reported once, the first time it is seen)."""

    imported: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


class BattleStore:
    """An open battle store: one SQLite connection (WAL, busy timeout), safe to share between
    threads (one lock), opened by ``open_store``.

    Args:
        path: the database file (``store_path()``).
    Raises StoreError when ``path`` is not a regular file (a folder, FIFO, device), cannot be opened,
    is not a database, is a database of something else, is damaged, or has a newer schema.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.shown = clean_text(str(self.path))
        self._lock = threading.RLock()
        self._pid = os.getpid()
        self.last_import = ImportReport()
        """What ``open_store``'s import of the old saves folder did."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            raise StoreError(f"{self.shown}: cannot open the battle store ({exc.strerror or exc})") from None
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise StoreError(f"{self.shown}: {file_kind(st.st_mode)}, not a battle store (a database file); "
                             "move it away and tactica makes a new store")
        for suffix in ("-wal", "-shm"):  # SQLite's own files beside it: regular files or none
            side = Path(f"{self.path}{suffix}")
            try:
                mode = os.stat(side).st_mode
            except OSError:
                continue
            if not stat.S_ISREG(mode):
                raise StoreError(f"{clean_text(str(side))}: {file_kind(mode)}, not the battle store's "
                                 f"{'write-ahead log' if suffix == '-wal' else 'shared memory'} file; move it away")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                         check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.shown}: cannot open the battle store ({_reason(exc)})") from None
        try:
            self._setup()
        except StoreError:
            self._conn.close()
            raise
        except sqlite3.Error as exc:
            self._conn.close()
            raise self._damaged(exc) from None

    # -- opening -------------------------------------------------------------------
    def _setup(self) -> None:
        c = self._conn
        c.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
        c.execute("PRAGMA foreign_keys = OFF")
        tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "schema_version" not in tables:
            raise StoreError(f"{self.shown}: an SQLite database that is not a tactica battle store "
                             f"(it has no schema_version table); move it away and tactica makes a new store")
        mode = c.execute("PRAGMA journal_mode = WAL").fetchone()
        if not mode or str(mode[0]).lower() != "wal":
            raise StoreError(f"{self.shown}: the battle store cannot use write-ahead logging "
                             f"(journal mode {mode[0] if mode else '?'})")
        c.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        rows = c.execute("SELECT version FROM schema_version").fetchall() if tables else []
        if not rows:  # a new store (or one whose making was cut short): make its tables, once
            with self._write():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        c.execute(statement)
                rows = c.execute("SELECT version FROM schema_version").fetchall()
                if not rows:
                    c.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
                    rows = [(SCHEMA_VERSION,)]
        version = rows[0][0]
        if not isinstance(version, int) or version < 1:
            raise StoreError(f"{self.shown}: the battle store is damaged (schema version "
                             f"{checked.shown(version)}; expected a whole number)")
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.shown}: the battle store is schema version {version}, made by a newer "
                             f"tactica; this tactica reads up to version {SCHEMA_VERSION}. Upgrade tactica "
                             "(the store is left as it is)")
        missing = _TABLES - {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if missing:
            raise StoreError(f"{self.shown}: the battle store is damaged (missing the tables "
                             f"{', '.join(sorted(missing))})")

    def close(self) -> None:
        """Close the connection (later calls raise StoreError)."""
        with self._lock:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass

    def __enter__(self) -> BattleStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transactions --------------------------------------------------------------
    def _damaged(self, exc: BaseException) -> StoreError:
        text = _reason(exc)
        if isinstance(exc, sqlite3.DatabaseError) and ("not a database" in text or "malformed" in text
                                                         or "encrypted" in text):
            return StoreError(f"{self.shown}: not a usable battle store ({text}); move it away and tactica "
                              "makes a new store (your saved battles in it are lost unless you repair it)")
        if "locked" in text or "busy" in text:
            return StoreError(f"{self.shown}: the battle store is busy: another tactica held it for more than "
                              f"{BUSY_TIMEOUT_MS // 1000} seconds ({text})")
        return StoreError(f"{self.shown}: the battle store cannot be used ({text})")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE … COMMIT), rolled back on any error."""
        with self._lock:
            c = self._conn
            if os.getpid() != self._pid:
                raise StoreError(f"{self.shown}: a battle store connection cannot cross a fork; open it again")
            try:
                c.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._damaged(exc) from None
            try:
                yield c
                c.execute("COMMIT")
            except BaseException as exc:
                try:
                    c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(exc, sqlite3.Error):
                    raise self._damaged(exc) from None
                raise

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise self._damaged(exc) from None

    # -- the index -----------------------------------------------------------------
    def has(self, battle_id: str) -> bool:
        """Whether the store holds a battle ``battle_id``."""
        return bool(self._read("SELECT 1 FROM battles WHERE id = ?", (battle_id,)))

    def battles(self) -> list[BattleInfo]:
        """Every battle of the store, newest first, from the index alone; a row whose index columns
        are not what they should be is listed with its ``problem``."""
        rows = self._read("SELECT id, updated_at, round, vp, over, players, map, modules, ai, actions "
                          "FROM battles ORDER BY updated_at DESC, id DESC")
        return [_info(row) for row in rows]

    def info(self, battle_id: str) -> BattleInfo | None:
        """The index line of battle ``battle_id``, or None when there is none."""
        rows = self._read("SELECT id, updated_at, round, vp, over, players, map, modules, ai, actions "
                          "FROM battles WHERE id = ?", (battle_id,))
        return _info(rows[0]) if rows else None

    def latest_unfinished(self, exclude: str | None = None) -> BattleInfo | None:
        """The most recently written battle that is not over (other than ``exclude``), or None."""
        for info in self.battles():
            if not info.problem and not info.over and info.id != exclude:
                return info
        return None

    def delete(self, battle_id: str) -> bool:
        """Remove battle ``battle_id`` and its rows; True if there was one."""
        with self._write() as c:
            found = c.execute("DELETE FROM battles WHERE id = ?", (battle_id,)).rowcount
            for table in ("actions", "notes", "map_changes"):
                c.execute(f"DELETE FROM {table} WHERE battle = ?", (battle_id,))
        return bool(found)

    def prune(self, days: int, now: datetime | None = None) -> list[BattleInfo]:
        """Remove the finished battles last written more than ``days`` days before ``now`` (default:
        now, UTC); returns those removed.  Unfinished battles and rows with a problem stay."""
        cutoff = (now or datetime.now(UTC)) - timedelta(days=days)
        gone = []
        for info in self.battles():
            when = _when(info.saved_at)
            if info.problem or not info.over or when is None or when >= cutoff:
                continue
            if self.delete(info.id):
                gone.append(info)
        return gone

    def free_id(self, wanted: str) -> str:
        """``wanted``, or ``wanted-2``, ``wanted-3``… the first id no battle of the store has."""
        candidate, n = wanted, 1
        while self.has(candidate):
            n += 1
            candidate = f"{wanted}-{n}"
        return candidate

    # -- whole battles -------------------------------------------------------------
    def load(self, battle_id: str) -> SaveFile:
        """Battle ``battle_id`` as a SaveFile, decoded as hostile input (``codec.decode_save_doc``).

        Raises SaveError naming the store and the battle: no such battle, a row too large, or a
        field of the wrong type (its path and what was expected)."""
        source = f"{self.shown} (battle {clean_text(battle_id)})"
        rows = self._read("SELECT length(setup), updated_at FROM battles WHERE id = ?", (battle_id,))
        if not rows:
            raise SaveError(f"no saved battle with the id {clean_text(battle_id)} in {self.shown} "
                            "(list them with: tactica saves)")
        size, saved_at = rows[0]
        if not isinstance(size, int) or size > MAX_SAVE_BYTES:
            raise SaveError(f"{source}: the battle's setup is too large ({size} bytes; at most {MAX_SAVE_BYTES})")
        try:
            doc = self._doc(battle_id, saved_at)
        except Bad as exc:
            raise SaveError(f"{source}: the battle is damaged: {exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SaveError(f"{source}: the battle is damaged (broken JSON: {exc})") from None
        return decode_save_doc(doc, source)

    def _doc(self, battle_id: str, saved_at: Any) -> dict[str, Any]:
        (setup_text, summary_text, who), = self._read("SELECT setup, summary, who FROM battles WHERE id = ?",
                                                      (battle_id,))
        doc = checked.mapping(_parse(setup_text, "setup"), "setup")
        doc = {k: doc[k] for k in _SETUP_KEYS if k in doc}
        players = _parse(who, "players")
        if players:
            doc["players"] = players
        doc["saved_at"] = saved_at if isinstance(saved_at, str) else ""
        doc["summary"] = _parse(summary_text, "summary")
        rows = self._read("SELECT n, action, checkpoint FROM actions WHERE battle = ? ORDER BY n LIMIT ?",
                          (battle_id, MAX_ACTIONS + 1))
        if len(rows) > MAX_ACTIONS:
            raise Bad("actions", f"more than {MAX_ACTIONS} actions; refused")
        doc["actions"], doc["checkpoints"] = [], []
        for i, (n, action, digest) in enumerate(rows, start=1):
            if n != i:
                raise Bad(f"actions[{i - 1}]", f"expected action number {i}, got {checked.shown(n)}")
            doc["actions"].append(_parse(action, f"actions[{i - 1}]"))
            if digest is not None:
                doc["checkpoints"].append({"step": n, "digest": digest})
        notes = self._read("SELECT step, player, text FROM notes WHERE battle = ? ORDER BY seq LIMIT ?",
                           (battle_id, MAX_ACTIONS + 1))
        doc["notes"] = [{"step": s, "player": p, "text": t} for s, p, t in notes]
        changes = self._read("SELECT step, map FROM map_changes WHERE battle = ? ORDER BY seq LIMIT ?",
                             (battle_id, MAX_LIST + 1))
        doc["map_changes"] = [{"step": s, "map": _parse(m, f"map_changes[{i}].map")}
                              for i, (s, m) in enumerate(changes)]
        if doc["map_changes"] and isinstance(doc.get("version"), int) and doc["version"] < 2:
            doc["version"] = 2
        return doc

    def put(self, save: SaveFile, source: str = "") -> None:
        """Store ``save`` whole, replacing any battle of the same id (its rows included); one
        transaction.  ``source``: the file it comes from (an import), or ""."""
        with self._write() as c:
            _replace(c, save, source)

    def import_folder(self, folder: Path | None = None) -> ImportReport:
        """Import the save files (``*.json``, with their journals) of ``folder`` (default: the old saves
        folder, ``store.saves_dir()``) that this store has not seen.

        Each file is read as hostile input (``store.load_save``, which folds its journal); a file
        that cannot be read is recorded with its problem and reported in the ImportReport once —
        later calls skip it until it changes (size or time) — and is never changed.  A good file's
        battle is stored under its id unless the store already has that id (an import is
        idempotent: a file is imported once, whichever process gets there first).  Files are read
        only; leftover temporary files of killed writes (``store.remove_stale_temps``) are removed.
        Reads one folder listing and one table when nothing is new."""
        folder = Path(folder) if folder is not None else saves_dir()
        report = ImportReport()
        try:
            names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".json"))
        except OSError:
            return report
        remove_stale_temps(folder)
        seen = {r[0]: r[1:] for r in self._read("SELECT file, size, mtime_ns, problem FROM imports")}
        for name in names:
            path = folder / name
            try:
                st = os.stat(path)
                size, mtime = st.st_size, st.st_mtime_ns
            except OSError:
                size, mtime = -1, -1
            key = str(path)
            before = seen.get(key)
            if before is not None and (not before[2] or (before[0], before[1]) == (size, mtime)):
                continue  # imported, or refused and unchanged since
            try:
                save = load_save(path)
                problem = ""
            except SaveError as exc:
                save, problem = None, str(exc)
            with self._write() as c:
                row = c.execute("SELECT size, mtime_ns, problem FROM imports WHERE file = ?", (key,)).fetchone()
                if row is not None and (not row[2] or (row[0], row[1]) == (size, mtime)):
                    continue  # another tactica imported it meanwhile
                battle = None
                if save is not None:
                    battle = save.id or path.stem
                    if not c.execute("SELECT 1 FROM battles WHERE id = ?", (battle,)).fetchone():
                        save.id = battle
                        _replace(c, save, key)
                        report.imported.append(battle)
                else:
                    report.refused.append(problem)
                c.execute("INSERT OR REPLACE INTO imports (file, size, mtime_ns, battle, problem, at) "
                          "VALUES (?, ?, ?, ?, ?, ?)", (key, size, mtime, battle, problem or None, now_text()))
        return report


class BattleWriter:
    """Keeps one battle of the store up to date with its SaveFile, each change committed before
    the call returns (``Recorder`` calls it after every action, undo, note and map change).

    Args:
        store: the open BattleStore.
        save: the battle's SaveFile.
        existing: the store already holds exactly ``save`` (a battle continued from the store);
            otherwise the first ``write`` stores it whole under a free id (``save.id`` changed when
            another battle has it).
        report: called with a failure's one-line reason (None once a write succeeds again).

    A write that fails (disk full, store damaged or locked too long) never raises: ``problem``
    keeps the reason, ``report`` is told, and the next write writes everything not yet stored.
    """

    def __init__(self, store: BattleStore, save: SaveFile, *, existing: bool = False,
                 report: Callable[[str | None], None] | None = None) -> None:
        self.store = store
        self.problem: str | None = None
        self._report = report
        self._created = existing
        self._actions = len(save.actions) if existing else 0
        self._notes = len(save.notes) if existing else 0
        self._changes = len(save.map_changes) if existing else 0
        self.writes = 0
        """How many transactions were committed (for tests and measurements)."""

    def cut(self, n: int, save: SaveFile) -> None:
        """``save`` was cut to its first ``n`` actions (an undo; its notes and map changes kept as
        prefixes): the next write removes the rest from the store.  Then writes."""
        self._actions = min(self._actions, n)
        self._notes = min(self._notes, len(save.notes))
        self._changes = min(self._changes, len(save.map_changes))
        self.write(save)

    def write(self, save: SaveFile) -> bool:
        """Bring the store's copy of the battle up to ``save`` in one committed transaction: the
        actions, notes and map changes not yet stored, and the index.  Returns True when it is
        committed, False when it failed (``problem``)."""
        try:
            with self.store._write() as c:
                if not self._created:
                    free = save.id
                    n = 1
                    while c.execute("SELECT 1 FROM battles WHERE id = ?", (free,)).fetchone():
                        n += 1
                        free = f"{save.id}-{n}"
                    save.id = free
                    _replace(c, save, "")
                else:
                    _sync_rows(c, save, self._actions, self._notes, self._changes)
        except (StoreError, OSError) as exc:
            reason = str(exc)
            self.problem = f"Autosave failed: {reason}. The battle goes on, but it is not being saved."
            if self._report is not None:
                self._report(self.problem)
            return False
        self._created = True
        self._actions, self._notes, self._changes = len(save.actions), len(save.notes), len(save.map_changes)
        self.writes += 1
        if self.problem is not None:
            self.problem = None
            if self._report is not None:
                self._report(None)
        return True


# -- rows ----------------------------------------------------------------------------

def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _index(save: SaveFile) -> tuple[Any, ...]:
    s = save.summary
    vp = s.get("vp") or [0] * len(save.warbands)
    return (_dumps([w.name for w in save.warbands]), ai_words(save.players), _dumps(save.players),
            str(s.get("map") or ""),
            ",".join(modules_of(save)), int(s.get("round", 0) or 0), _dumps(list(vp)), int(bool(s.get("over"))),
            s.get("winner") if isinstance(s.get("winner"), int) else None, len(save.actions), _dumps(s),
            save.saved_at or now_text())


_INDEX_SET = ("players = ?, ai = ?, who = ?, map = ?, modules = ?, round = ?, vp = ?, over = ?, winner = ?, "
              "actions = ?, summary = ?, updated_at = ?")


def _replace(c: sqlite3.Connection, save: SaveFile, source: str) -> None:
    """Store ``save`` whole under ``save.id`` (inside the caller's transaction)."""
    for table in ("actions", "notes", "map_changes"):
        c.execute(f"DELETE FROM {table} WHERE battle = ?", (save.id,))
    c.execute("DELETE FROM battles WHERE id = ?", (save.id,))
    doc = save.to_doc()
    setup = _dumps({k: doc[k] for k in _SETUP_KEYS if k in doc})
    index = _index(save)
    c.execute("INSERT INTO battles (id, setup, players, ai, who, map, modules, round, vp, over, winner, actions, "
              "summary, updated_at, created_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
              (save.id, setup, *index, index[-1], source))
    _sync_rows(c, save, 0, 0, 0, index_too=False)


def _sync_rows(c: sqlite3.Connection, save: SaveFile, actions: int, notes: int, changes: int,
               index_too: bool = True) -> None:
    """Write ``save``'s actions after the first ``actions``, notes after the first ``notes`` and map
    changes after the first ``changes`` (the store's rows beyond them removed first), and the index."""
    bid = save.id
    c.execute("DELETE FROM actions WHERE battle = ? AND n > ?", (bid, actions))
    cps = dict(save.checkpoints)
    c.executemany("INSERT INTO actions (battle, n, action, checkpoint) VALUES (?, ?, ?, ?)",
                  [(bid, n, _dumps(encode_action(a)), cps.get(n))
                   for n, a in enumerate(save.actions[actions:], start=actions + 1)])
    c.execute("DELETE FROM notes WHERE battle = ? AND seq >= ?", (bid, notes))
    c.executemany("INSERT INTO notes (battle, seq, step, player, text) VALUES (?, ?, ?, ?, ?)",
                  [(bid, i, s, p, t) for i, (s, p, t) in enumerate(save.notes[notes:], start=notes)])
    c.execute("DELETE FROM map_changes WHERE battle = ? AND seq >= ?", (bid, changes))
    c.executemany("INSERT INTO map_changes (battle, seq, step, map) VALUES (?, ?, ?, ?)",
                  [(bid, i, s, _dumps(map_to(m)))
                   for i, (s, m) in enumerate(save.map_changes[changes:], start=changes)])
    if index_too:
        c.execute(f"UPDATE battles SET {_INDEX_SET} WHERE id = ?", (*_index(save), bid))


def _parse(text: Any, where: str) -> Any:
    """A JSON cell of the store decoded as hostile input; raises Bad naming ``where``."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Bad(where, "expected JSON text, got bytes that are not UTF-8") from None
    if not isinstance(text, str):
        raise checked.expected(where, "JSON text", text)
    if len(text) > MAX_SAVE_BYTES:
        raise Bad(where, f"{len(text)} characters; at most {MAX_SAVE_BYTES}")
    try:
        return checked.parse_json(text)
    except Bad as exc:
        raise Bad(where, exc.message) from None
    except json.JSONDecodeError as exc:
        raise Bad(where, f"broken JSON ({exc.msg} at character {exc.pos})") from None


def _info(row: tuple[Any, ...]) -> BattleInfo:
    bid, updated, rnd, vp_text, over, players_text, map_name, modules, ai, actions = row
    shown_id = clean_text(bid) if isinstance(bid, str) else str(bid)
    try:
        if not isinstance(bid, str):
            raise Bad("id", "expected text")
        for name, value in (("updated_at", updated), ("players", players_text), ("map", map_name),
                            ("modules", modules), ("ai", ai), ("vp", vp_text)):
            if not isinstance(value, str):
                raise checked.expected(name, "text", value)
        rnd = checked.integer(rnd, "round", 0)
        acts = checked.integer(actions, "actions", 0)
        vp = tuple(checked.integer(v, f"vp[{i}]") for i, v in
                   enumerate(checked.listing(_parse(vp_text, "vp"), "vp", 4)))
        names = [checked.name(n, f"players[{i}]") for i, n in
                 enumerate(checked.listing(_parse(players_text, "players"), "players", 4))]
    except Bad as exc:
        return BattleInfo(shown_id, "", 0, (), False, "", problem=f"battle {shown_id} in the store is damaged: {exc}")
    title = " vs ".join(names) + (f" on {clean_text(map_name)}" if map_name else "")
    mods = tuple(clean_text(m) for m in modules.split(",") if m)
    return BattleInfo(bid, updated, rnd, vp, bool(over), title, mods, clean_text(ai), acts)


def _when(saved_at: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(saved_at.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return clean_text(str(exc)) or type(exc).__name__


def open_store(path: Path | None = None, *, import_saves: bool = True) -> BattleStore:
    """Open the battle store (default ``store_path()``), making it on first use, and import the
    old saves folder's files it has not seen (``BattleStore.import_folder``; its report is kept in
    the store's ``last_import``).  Raises StoreError (one line) when the store cannot be used."""
    store = BattleStore(path or store_path())
    store.last_import = store.import_folder() if import_saves else ImportReport()
    return store


def list_saves() -> list[BattleInfo]:
    """Every battle of the user's store, newest first (``open_store``, so the old saves folder is
    imported first); raises StoreError."""
    with open_store() as store:
        return store.battles()


def load_battle(battle_id: str) -> SaveFile:
    """Battle ``battle_id`` of the user's store (``BattleStore.load``); raises SaveError."""
    with open_store(import_saves=False) as store:
        return store.load(battle_id)


def import_notes(report: ImportReport) -> list[str]:
    """The lines that tell the player about an import: how many battles came from the old saves
    folder, and each file refused (``note: …``)."""
    lines = []
    if report.imported:
        n = len(report.imported)
        lines.append(f"note: imported {n} saved battle{'s' if n != 1 else ''} from {clean_text(str(saves_dir()))} "
                     f"into the battle store {clean_text(str(store_path()))} (the files are left as they were)")
    for problem in report.refused:
        lines.append(f"note: not imported, left as it is: {problem}")
    return lines


__all__ = ["BUSY_TIMEOUT_MS", "FORMAT", "SCHEMA_VERSION", "STORE_NAME", "BattleInfo", "BattleStore",
           "BattleWriter", "ImportReport", "StoreError", "ai_words", "import_notes", "list_saves", "load_battle",
           "modules_of", "now_text", "open_store", "rules_words", "store_path"]
