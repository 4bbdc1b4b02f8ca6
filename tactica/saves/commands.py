"""Command-line clients for saves: ``tactica saves``, ``tactica replay FILE --verify``, and finding the
battle a command names (a save file, or a battle of the store by id)."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tactica.content.limits import clean_text

from .codec import SaveError, SaveFile
from .db import BattleInfo, BattleStore, StoreError, _when, import_notes, open_store, rules_words, store_path
from .replay import rebuild
from .store import load_save, saves_dir


def opened_store() -> BattleStore:
    """The battle store for a command (``db.open_store``), the lines of its import of the old saves
    folder printed on standard error (``db.import_notes``).  Raises StoreError (one line)."""
    store = open_store()
    for line in import_notes(store.last_import):
        print(line, file=sys.stderr)
    return store


def info_line(info: BattleInfo) -> str:
    """One battle of ``tactica saves``, as two lines so that an 80-column terminal does not wrap them:
    id, when, round, VP and finished or not; then, indented, the title, who plays (the AI's seats, or
    "hot-seat") and the rule modules.  A damaged row is one line naming its problem."""
    if info.problem:
        return f"  {clean_text(info.id)}: damaged — {info.problem}"
    state = "finished" if info.over else "in progress"
    when = info.saved_at[:16].replace("T", " ")
    who = info.ai or "hot-seat"
    return (f"  {info.id}  {when}  round {info.round}  VP {'–'.join(map(str, info.vp))}  {state}\n"
            f"      {info.title} · {who} · rules: {rules_words(info.modules)}")


def run_saves(args) -> int:
    """``tactica saves``: print every battle of the store, newest first, from its index; exit 0 (1
    if the store holds damaged rows, the import refused files this time, or the store cannot be
    used: one ``error:`` line).  With ``args.delete``
    (a battle id) remove that battle instead, with ``args.prune`` (days) remove the finished
    battles last saved longer ago (``delete_save``, ``prune_saves``).  Opening the store first
    imports the old saves folder's files (``db.BattleStore.import_folder``), each refused file
    named once on standard error."""
    try:
        store = opened_store()
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    try:
        with store:
            if getattr(args, "delete", None) is not None:
                return delete_save(args.delete, store)
            if getattr(args, "prune", None) is not None:
                return prune_saves(args.prune, store)
            status = _list(store)
            return 1 if store.last_import.refused else status
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _list(store: BattleStore) -> int:
    infos = store.battles()
    if not infos:
        print(f"No saved battles in {store.path}.")
        return 0
    print(f"Saved battles in {store.path} (newest first):")
    for info in infos:
        print(info_line(info))
    if any(not info.problem and not info.over for info in infos):
        print("Resume the newest unfinished battle with: tactica resume   (or: tactica resume ID)")
    else:
        print("Every battle here is finished: watch one with tactica replay ID, or start one with tactica play.")
    return 1 if any(info.problem for info in infos) else 0


def delete_save(save_id: str, store: BattleStore) -> int:
    """Remove the battle ``save_id`` (an id of ``tactica saves``) from ``store``; says what it
    removed.  Returns 0, or 1 (the reason on standard error) when there is no such battle."""
    info = store.info(save_id)
    if info is None or not store.delete(save_id):
        print(f"error: no saved battle with the id {clean_text(save_id)} in {store.path} "
              "(list them with: tactica saves)", file=sys.stderr)
        return 1
    print(f"Removed {clean_text(save_id)} ({clean_text(info.title)}, round {info.round}).")
    return 0


def saved_when(info: BattleInfo) -> datetime | None:
    """When ``info``'s battle was last saved (UTC), from its ``saved_at``; None when it says no time."""
    return _when(info.saved_at)


def prune_saves(days: int, store: BattleStore, now: datetime | None = None) -> int:
    """Remove the finished battles of ``store`` last saved more than ``days`` days before ``now``
    (default: now, UTC).  Asks nothing; prints a line per removed battle and how many there were.
    Unfinished battles and damaged rows are never removed.  Returns 0."""
    gone = store.prune(days, now or datetime.now(UTC))
    for info in gone:
        print(f"Removed {info.id}  {info.saved_at[:16].replace('T', ' ')}  {clean_text(info.title)}")
    word = "battle" if len(gone) == 1 else "battles"
    print(f"Pruned {len(gone)} finished {word} saved more than {days} days ago from {store.path}.")
    return 0


@dataclass
class Found:
    """A battle a command named: its SaveFile, and the file it was read from (None: the store)."""

    save: SaveFile
    path: Path | None


def find_battle(ref: str) -> Found:
    """The battle ``ref`` names: a save file (read as hostile input, ``store.load_save``) when a file
    of that name exists, else the battle of the store with that id, else the old saves folder's
    ``ref.json`` (a file the import refused: reading it says why).  Raises SaveError (a StoreError
    when the store cannot be used) naming what it looked in."""
    path = Path(ref)
    if path.exists() or path.is_symlink():
        return Found(load_save(path), path)
    with opened_store() as store:
        if store.has(ref):
            return Found(store.load(ref), None)
    old = saves_dir() / f"{ref}.json"
    if Path(ref).name == ref and (old.exists() or old.is_symlink()):
        return Found(load_save(old), old)
    raise SaveError(f"{clean_text(ref)}: no such save file, and no saved battle with that id in {store_path()} "
                    "(the store is in TACTICA_DATA_DIR or the user data folder; list it with: tactica saves)")


def run_verify(ref: str) -> int:
    """Rebuild a saved battle (a file or a store id) headlessly and check it ends in exactly the
    recorded state (exit 0/1)."""
    try:
        save = find_battle(ref).save
        rebuilt = rebuild(save)
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    final = rebuilt.final
    status = "finished" if final.is_over else "in progress"
    print(f"ok: {len(save.actions)} actions replayed; round {final.round}, "
          f"VP {'–'.join(map(str, final.vp))}, {status}; every checkpoint matches.")
    return 0
