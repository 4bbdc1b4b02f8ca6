"""A cache of parsed content files, keyed by each file's content hash (issue 21: a faster start).

Reading the shipped card files (YAML composed with positions, then checked
field by field) and the default map (its start areas and zones searched) is
most of what ``tactica play`` does before its first screen.  A file that was
read without a single problem is kept here as plain JSON data
(``tactica.content.plain``), under the SHA-256 of the file's bytes together
with the kind of file, tactica's version, the Python version and a hash of
the source of the code that reads it and defines what it holds (every module
of ``tactica.content`` and ``tactica.engine``).  So:

- a changed file has another hash and is read again (never served stale);
- a file with any problem (error or warning) is never stored, so its
  problems are reported, with their positions, every time it is read;
- a change to the reading code or to the definitions makes every entry miss;
- an entry is hostile input like any file: it must be a regular file of at
  most MAX_ENTRY_BYTES, say it is the entry of exactly this key, and carry
  the SHA-256 of its body; its body is JSON, decoded only into the classes
  the definitions' types allow (``plain.decode``).  An entry that fails any
  of this (truncated, corrupt, tampered with, from other code) is a miss,
  never an error: the file is read again and the entry written anew.

The folder is ``platformdirs.user_cache_dir("tactica")/content``, or the
folder named by the environment variable ``TACTICA_CACHE_DIR`` (empty or
"off": no cache).  Writes are atomic (a temporary file renamed into place);
a cache that cannot be written only costs the next start its speed.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from tactica import __version__

from .limits import FileRefused, read_regular

#: Environment variable naming the cache folder ("" or "off": no cache).
CACHE_ENV = "TACTICA_CACHE_DIR"
#: Bumped when what an entry holds changes shape.
ENTRY_VERSION = 2
#: The first word of every entry's header.
MAGIC = "tactica-content-cache"
#: Largest entry read, in bytes (the biggest card file's entry is far below).
MAX_ENTRY_BYTES = 4 * 1024 * 1024
#: The ending of an entry's file name.
SUFFIX = ".json"

T = TypeVar("T")


def cache_dir() -> Path | None:
    """The folder of cached content (see the module's text), or None when the cache is off."""
    named = os.environ.get(CACHE_ENV)
    if named is not None:
        return None if named.strip() in ("", "off") else Path(named)
    return Path(platformdirs.user_cache_dir("tactica")) / "content"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hex digest that changes whenever the code that reads content or defines its model changes.

    The SHA-256 of tactica's version, the Python version, ENTRY_VERSION and
    the path and bytes of every ``.py`` file under ``tactica/content`` and
    ``tactica/engine`` (about 1 MB, read in a few milliseconds).
    """
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256(f"{__version__}|{sys.version}|{ENTRY_VERSION}".encode())
    for folder in ("content", "engine"):
        for path in sorted((root / folder).rglob("*.py")):
            h.update(f"\n{path.relative_to(root).as_posix()}\n".encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def entry_key(kind: str, data: bytes) -> str:
    """The name of the entry for a file of ``kind`` (e.g. "cards", "map:crossroads-ruin") whose bytes are ``data``."""
    return hashlib.sha256(f"{kind}|{code_fingerprint()}|".encode() + data).hexdigest()


def _entry_path(folder: Path, key: str) -> Path:
    return folder / f"{key}{SUFFIX}"


def load(kind: str, data: bytes, decode: Callable[[Any], T]) -> T | None:
    """What ``store`` kept for a ``kind`` file with exactly these bytes, or None (a miss, never an error).

    Args:
        kind: the kind of file, as given to ``store``.
        data: the file's bytes.
        decode: turns the entry's plain data back into the value (``plain.decode``);
            any exception it raises makes the entry a miss.
    """
    folder = cache_dir()
    if folder is None:
        return None
    key = entry_key(kind, data)
    try:
        raw = read_regular(_entry_path(folder, key), MAX_ENTRY_BYTES)
        head, _, body = raw.partition(b"\n")
        magic, version, named, digest = head.decode("ascii").split(" ")
        if (magic, version, named) != (MAGIC, str(ENTRY_VERSION), key):
            return None
        if hashlib.sha256(body).hexdigest() != digest:
            return None  # truncated or changed since it was written
        return decode(json.loads(body))
    except (FileRefused, OSError, ValueError, TypeError, RecursionError):  # BadEntry is a ValueError
        return None


def store(kind: str, data: bytes, value: Any) -> None:
    """Keep ``value`` (plain JSON data: ``plain.encode``) as what a ``kind`` file with these bytes holds.

    A failure to write is ignored (the next start reads the file again).
    """
    folder = cache_dir()
    if folder is None:
        return
    key = entry_key(kind, data)
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    head = f"{MAGIC} {ENTRY_VERSION} {key} {hashlib.sha256(body).hexdigest()}\n".encode("ascii")
    if len(head) + len(body) > MAX_ENTRY_BYTES:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".entry-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(head + body)
            os.replace(temporary, _entry_path(folder, key))
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:  # a read-only or full disk only costs the next start its speed
        return


__all__ = ["CACHE_ENV", "ENTRY_VERSION", "MAGIC", "MAX_ENTRY_BYTES", "SUFFIX", "cache_dir", "code_fingerprint",
           "entry_key", "load", "store"]
