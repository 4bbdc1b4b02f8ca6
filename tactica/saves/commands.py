"""Command-line clients for saves: ``tactica saves`` and ``tactica replay FILE --verify``."""
from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tactica.content.limits import clean_text

from .codec import SaveError
from .replay import rebuild
from .store import SaveInfo, list_saves, load_save, saves_dir


def run_saves(args) -> int:
    """``tactica saves``: print every saved battle, newest first; exit 0 (1 if the folder holds
    damaged saves).  With ``args.delete`` (a save id) remove that save instead, with
    ``args.prune`` (days) remove the finished battles last saved longer ago (``delete_save``,
    ``prune_saves``)."""
    if getattr(args, "delete", None) is not None:
        return delete_save(args.delete)
    if getattr(args, "prune", None) is not None:
        return prune_saves(args.prune)
    infos = list_saves()
    if not infos:
        print(f"No saved battles in {saves_dir()}.")
        return 0
    print(f"Saved battles in {saves_dir()} (newest first):")
    bad = 0
    for info in infos:
        if info.problem:
            bad += 1
            print(f"  {clean_text(info.path.name)}: damaged — {info.problem}")
            continue
        state = "finished" if info.over else "in progress"
        when = info.saved_at[:16].replace("T", " ")
        print(f"  {info.id}  {when}  round {info.round}  VP {'–'.join(map(str, info.vp))}  {state}  {info.title}")
    if any(not info.problem and not info.over for info in infos):
        print("Resume the newest unfinished battle with: tactica resume   (or: tactica resume ID)")
    else:
        print("Every battle here is finished: watch one with tactica replay ID, or start one with tactica play.")
    return 1 if bad else 0


def delete_save(save_id: str, folder: Path | None = None) -> int:
    """Remove the save ``save_id`` (an id of ``tactica saves``, never a path) from ``folder`` (default:
    the saves folder); says what it removed.  Returns 0, or 1 (the reason on standard error) when
    there is no such save."""
    folder = folder or saves_dir()
    path = folder / f"{save_id}.json"
    if Path(save_id).name != save_id or not path.is_file():
        print(f"error: no saved battle with the id {clean_text(save_id)} in {folder} "
              "(list them with: tactica saves)", file=sys.stderr)
        return 1
    path.unlink()
    print(f"Removed {save_id} ({path}).")
    return 0


def saved_when(info: SaveInfo) -> datetime | None:
    """When ``info``'s battle was last saved (UTC), from its ``saved_at``; None when it says no time."""
    try:
        when = datetime.fromisoformat(info.saved_at.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def prune_saves(days: int, folder: Path | None = None, now: datetime | None = None) -> int:
    """Remove the finished battles of ``folder`` (default: the saves folder) last saved more than
    ``days`` days before ``now`` (default: now, UTC).  Asks nothing; prints a line per removed save
    and how many there were.  Unfinished and damaged saves are never removed.  Returns 0."""
    now = now or datetime.now(UTC)
    cutoff = now - timedelta(days=days)
    removed = 0
    for info in list_saves(folder):
        when = saved_when(info)
        if info.problem or not info.over or when is None or when >= cutoff:
            continue
        info.path.unlink()
        removed += 1
        print(f"Removed {info.id}  {info.saved_at[:16].replace('T', ' ')}  {clean_text(info.title)}")
    word = "battle" if removed == 1 else "battles"
    print(f"Pruned {removed} finished {word} saved more than {days} days ago from {folder or saves_dir()}.")
    return 0


def find_save(ref: str) -> Path:
    """Resolve a save given as a path or as an id in the saves folder; raises SaveError naming the
    folder it looked in (a shell without the game's TACTICA_DATA_DIR looks in another one)."""
    path = Path(ref)
    if path.exists():
        return path
    candidate = saves_dir() / f"{ref}.json"
    if candidate.exists():
        return candidate
    raise SaveError(f"{ref}: no such save file, and no saved battle with that id in {saves_dir()} "
                    "(the saves folder: TACTICA_DATA_DIR or the user data folder; list it with: tactica saves)")


def run_verify(path_text: str) -> int:
    """Rebuild a save headlessly and check it ends in exactly the recorded state (exit 0/1)."""
    try:
        save = load_save(find_save(path_text))
        rebuilt = rebuild(save)
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    final = rebuilt.final
    status = "finished" if final.is_over else "in progress"
    print(f"ok: {len(save.actions)} actions replayed; round {final.round}, "
          f"VP {'–'.join(map(str, final.vp))}, {status}; every checkpoint matches.")
    return 0
