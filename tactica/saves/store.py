"""Where saves live and how they are written: atomically, in the user's data folder.

The folder is ``platformdirs.user_data_dir("tactica")/saves`` (on Linux
``~/.local/share/tactica/saves``); the environment variable
``TACTICA_DATA_DIR`` replaces ``user_data_dir`` (tests use it).  A write goes
to a temporary file in the same folder, is flushed to disk, then renamed over
the old file: a kill at any instant leaves the old save or the new one, never
a broken one.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from .codec import SaveError, SaveFile


def data_dir() -> Path:
    """The user's tactica data folder (created on demand by writers)."""
    override = os.environ.get("TACTICA_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("tactica", appauthor=False))


def saves_dir() -> Path:
    """The folder holding saved battles."""
    return data_dir() / "saves"


def autosave_path(save_id: str) -> Path:
    """Path of the autosave of battle ``save_id``."""
    return saves_dir() / f"{save_id}.json"


def write_save(save: SaveFile, path: Path | None = None) -> Path:
    """Write ``save`` atomically (write, fsync, rename); returns the path.

    Raises OSError if the disk refuses; the previous file is then untouched.
    """
    path = Path(path) if path is not None else autosave_path(save.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = save.to_json()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
    return path


def load_save(path: Path | str) -> SaveFile:
    """Read a save file; raises SaveError with a clear reason (missing, damaged, too new)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the save ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a tactica save (not UTF-8 text)") from None
    return SaveFile.from_json(text, source=str(path))


@dataclass(frozen=True)
class SaveInfo:
    """One line of ``tactica saves``: path, id, when, round, VP, finished or not, or a problem."""

    path: Path
    id: str
    saved_at: str
    round: int
    vp: tuple[int, ...]
    over: bool
    title: str
    problem: str = ""


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in ``folder`` (default: the saves folder), newest first.

    Damaged files are listed with their problem rather than skipped.
    """
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob("*.json"):
        try:
            save = load_save(path)
        except SaveError as exc:
            out.append(SaveInfo(path, path.stem, "", 0, (0, 0), False, "", str(exc)))
            continue
        s = save.summary
        vp = tuple(int(v) for v in s.get("vp", (0, 0)))
        title = " vs ".join(w.name for w in save.warbands)
        if s.get("map"):
            title += f" on {s['map']}"
        out.append(SaveInfo(path, save.id, save.saved_at, int(s.get("round", 0)), vp,
                            bool(s.get("over", False)), title))
    out.sort(key=lambda i: (i.saved_at, i.path.name), reverse=True)
    return out


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The most recently saved battle that is not over, or None."""
    for info in list_saves(folder):
        if not info.problem and not info.over:
            return info
    return None
