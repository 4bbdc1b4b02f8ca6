"""Command-line clients for saves: ``tactica saves`` and ``tactica replay FILE --verify``."""
from __future__ import annotations

import sys
from pathlib import Path

from tactica.content.limits import clean_text

from .codec import SaveError
from .replay import rebuild
from .store import list_saves, load_save, saves_dir


def run_saves(args) -> int:
    """Print every saved battle, newest first; exit 0 (1 if the folder holds damaged saves)."""
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
