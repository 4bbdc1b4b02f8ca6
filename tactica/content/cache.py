"""A cache of parsed content files, keyed by each file's content hash (issue 21: a faster start).

Reading the shipped card files (YAML composed with positions, then checked
field by field) is most of what ``tactica play`` does before its first
screen.  A card file that was read without a single problem is kept here,
as its cards and each card's line, under the SHA-256 of the file's bytes
together with a fingerprint of the code that reads it (every module of
``tactica.content`` and ``tactica.engine``: their sizes and modification
times) and the Python version.  So:

- a changed file has another hash and is read again (never served stale);
- a file with any problem (error or warning) is never stored, so its
  problems are reported, with their positions, every time it is read;
- a change to the reading code or to the card model makes every entry miss;
- an entry that cannot be read back (truncated, corrupt, from another
  version) is a miss, never an error.

The folder is ``platformdirs.user_cache_dir("tactica")/content``, or the
folder named by the environment variable ``TACTICA_CACHE_DIR`` (empty or
"off": no cache).  Entries are pickles written by this user's own tactica
into this user's cache folder (a folder other users cannot write, as for any
user cache); writes are atomic (a temporary file renamed into place).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import platformdirs

#: Environment variable naming the cache folder ("" or "off": no cache).
CACHE_ENV = "TACTICA_CACHE_DIR"
#: Bumped when what an entry holds changes shape.
ENTRY_VERSION = 1


def cache_dir() -> Path | None:
    """The folder of cached content (see the module's text), or None when the cache is off."""
    named = os.environ.get(CACHE_ENV)
    if named is not None:
        return None if named.strip() in ("", "off") else Path(named)
    return Path(platformdirs.user_cache_dir("tactica")) / "content"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hex digest that changes whenever a module that reads content or defines its model may have changed.

    Made of the Python version, ENTRY_VERSION and the path, size and
    modification time (ns) of every ``.py`` file under ``tactica/content``
    and ``tactica/engine``.
    """
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256(f"{sys.version}|{ENTRY_VERSION}".encode())
    for folder in ("content", "engine"):
        for path in sorted((root / folder).rglob("*.py")):
            st = path.stat()
            h.update(f"{path.relative_to(root)}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def entry_key(kind: str, data: bytes) -> str:
    """The name of the entry for a file of ``kind`` (e.g. "cards") whose bytes are ``data``."""
    return hashlib.sha256(f"{kind}|{code_fingerprint()}|".encode() + data).hexdigest()


def load(kind: str, data: bytes) -> object | None:
    """What ``store`` kept for a ``kind`` file with exactly these bytes, or None (a miss, never an error)."""
    folder = cache_dir()
    if folder is None:
        return None
    key = entry_key(kind, data)
    try:
        with open(folder / f"{key}.pickle", "rb") as f:
            kept = pickle.load(f)
    except Exception:  # missing, unreadable, truncated or from other code: read the file again
        return None
    if not isinstance(kept, tuple) or len(kept) != 2 or kept[0] != key:
        return None
    return kept[1]


def store(kind: str, data: bytes, value: object) -> None:
    """Keep ``value`` as what a ``kind`` file with these bytes holds; a failure to write is ignored."""
    folder = cache_dir()
    if folder is None:
        return
    key = entry_key(kind, data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".entry-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump((key, value), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, folder / f"{key}.pickle")
        except BaseException:
            os.unlink(temporary)
            raise
    except Exception:  # a read-only or full disk only costs the next start its speed
        return


__all__ = ["CACHE_ENV", "ENTRY_VERSION", "cache_dir", "code_fingerprint", "entry_key", "load", "store"]
