"""Save files: where the data folder is, and how a single save file is written and read.

Battles live in the battle store (``db``: ``data_dir()/battles.sqlite3``); a save *file* is the
shareable form of one battle (``tactica export ID --save FILE``, ``resume FILE``, ``replay
FILE``), and the old saves folder ``data_dir()/saves`` holds the files of tacticas before the
store, imported once (``db.BattleStore.import_folder``).  The data folder is
``platformdirs.user_data_dir("tactica")`` (on Linux ``~/.local/share/tactica``); the environment
variable ``TACTICA_DATA_DIR`` replaces it (tests use it).  A write goes to a temporary file in the
same folder, is flushed to disk, then renamed over the old file: a kill at any instant leaves the
old file or the new one, never a broken one.
"""
from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

import platformdirs

from tactica.content.limits import MAX_SAVE_BYTES, FileRefused, clean_text, read_regular

from .codec import SaveError, SaveFile
from .journal import fold

#: A temporary file of ``write_save`` older than this (seconds) belongs to a write that was killed:
#: a live write renames its file within milliseconds, so a minute-old one is never in use.
STALE_TEMP_SECONDS = 60.0
#: The name ``write_save`` gives its temporary files (``.ID.xxxxxxxx.tmp``).
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]+\.tmp$")


def data_dir() -> Path:
    """The user's tactica data folder (created on demand by writers)."""
    override = os.environ.get("TACTICA_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("tactica", appauthor=False))


def saves_dir() -> Path:
    """The old saves folder (save files of tacticas before the battle store; imported once)."""
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
    """Read a save file as hostile input (``limits.read_regular``, ``SaveFile.from_json``).

    Only a regular file is opened (a symbolic link only to one): a folder,
    FIFO, device or socket is refused at once, as is a file over
    ``limits.MAX_SAVE_BYTES``, without reading it.  Raises SaveError with
    one clear line naming ``path`` (missing, not a regular file, too large,
    damaged — with the field —, too new).  The action journal beside the save
    (``journal.fold``), if any, is folded into the SaveFile returned; the files
    are only read.
    """
    path = Path(path)
    shown = clean_text(str(path))  # a file's name may hold control characters too
    try:
        data = read_regular(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"{shown}: no such save file") from None
    except FileRefused as exc:
        raise SaveError(f"{shown}: {exc.kind}, not a save file" if exc.kind else f"{shown}: {exc}") from None
    except OSError as exc:
        raise SaveError(f"{shown}: cannot read the save ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{shown}: not a tactica save (not UTF-8 text)") from None
    save = SaveFile.from_json(text, source=shown)
    fold(save, path)  # the actions journaled after the last full write (issue 22)
    return save


def remove_stale_temps(folder: Path | None = None, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files of killed writes (``.ID.xxxx.tmp``) in ``folder`` (default: the
    saves folder) last modified more than ``older_than`` seconds ago; returns those removed.

    Age, not a lock, tells a leftover from a write in progress: another tactica may be writing its
    own save in the same folder right now, and its file lives for milliseconds.  Only regular files
    with the temporary name are touched (never a link's target); a file that cannot be removed is
    left as it is.
    """
    folder = folder or saves_dir()
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not _TEMP_NAME.match(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
