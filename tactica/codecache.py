"""The compiled code of the methods ``dataclasses`` writes, kept between runs (issue 21: a faster start).

A ``@dataclass`` class gets its ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` (a frozen one
its ``__setattr__`` and ``__delattr__`` too) as Python source that ``dataclasses`` writes and compiles
with ``exec`` when the class is defined.  Python's bytecode cache keeps compiled modules, not these:
every start of tactica compiled some 900 such functions again (the engine's 150 value classes, the
client's, Textual's), a fifth of the CPU time of the engine's import and about a tenth of the battle
screen's way to its first frame.

``install()`` (run by ``tactica/__init__``, so before any of tactica's classes is defined) gives the
``dataclasses`` module an ``exec`` of its own: the builtin one, except that a source text compiled
before — in this run, or in an earlier one through the cache file — is not compiled again.  What
``compile`` makes of a text depends only on the text, the Python version and the optimisation level
(``dataclasses`` itself uses no ``__future__`` flags), so the text is the key: a changed class writes
another text, which is compiled afresh; nothing is ever served stale.

The file is ``dataclass-code.<cache tag>.marshal`` in the folder ``TACTICA_CODE_CACHE`` names, else in
``code`` of the user's cache folder (``platformdirs.user_cache_dir("tactica")``); ``off`` turns the
cache off (nothing read or written). Not beside tactica's own bytecode: a file there is not one pip
installed, so uninstalling tactica left its folder behind, and a ``tactica`` folder without
``__init__.py`` in site-packages then shadows an editable install as an empty namespace package. The
file says which Python and optimisation level wrote it, and a file that is not whole, not of this Python
or not a map of texts to code is ignored (then replaced); it is the user's own, as trusted as the rest
of their cache. It is read when the first class is defined and written (atomically: a temporary file
renamed into place) when the run compiled texts it did not hold: at the run's end, and at once by
``save()``, which the battle screen calls after its first frame (a terminal program is often ended by a
signal, which skips the end). It keeps at most ``MAX_ENTRIES`` texts (the rest of a run's: dropped
first). Nothing is written when Python writes no bytecode (``PYTHONDONTWRITEBYTECODE``, ``-B``) or the
folder cannot be written (then every start compiles, as before); ``TACTICA_CODE_CACHE=off`` turns the
cache off altogether (e.g. to count a cold start's work). It is not the content cache's folder
(``TACTICA_CACHE_DIR``): the test suite gives that a fresh folder every run, and keeps this one between
runs as it keeps its bytecode.
"""
from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import marshal
import os
import sys
import types
from pathlib import Path
from typing import Any

#: Environment variable that turns the cache off when set to "off", or names its folder.
CACHE_ENV = "TACTICA_CODE_CACHE"
#: Most texts the file keeps (a battle's start uses about 950).
MAX_ENTRIES = 4000
#: Largest file read, in bytes (4,000 entries take about 4 MB).
MAX_FILE_BYTES = 16 * 1024 * 1024


def cache_file() -> Path | None:
    """The cache file of this Python (see the module's text): in the folder ``TACTICA_CODE_CACHE``
    names, else in the user's cache folder's ``code``; None when ``TACTICA_CODE_CACHE`` is "off"."""
    named = os.environ.get(CACHE_ENV, "").strip()
    if named.lower() == "off":
        return None
    if named:
        folder = Path(named)
    else:
        import platformdirs  # noqa: PLC0415 - only when no folder is named

        folder = Path(platformdirs.user_cache_dir("tactica")) / "code"
    return folder / f"dataclass-code.{sys.implementation.cache_tag}.marshal"


def _header() -> tuple[bytes, int]:
    """What the file's first item must be: the bytecode's magic number and the optimisation level."""
    return importlib.util.MAGIC_NUMBER, sys.flags.optimize


class CodeCache:
    """The texts compiled, by text: those read from the file ``path`` and those this run compiled."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes: dict[str, types.CodeType] = {}
        self.used: set[str] = set()
        self.compiled = 0  # texts this run compiled
        self.unsaved = 0  # of those, compiled since the file was last written
        self.loaded = False

    def code(self, source: str) -> types.CodeType:
        """The code of ``source``, compiled as the builtin ``exec`` compiles it, once."""
        if not self.loaded:
            self.load()
        code = self.codes.get(source)
        if code is None:
            code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            self.compiled += 1
            self.unsaved += 1
        self.used.add(source)
        return code

    def load(self) -> None:
        """Read the file's texts; a missing, foreign or damaged file leaves the cache empty."""
        self.loaded = True
        path = self.path
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                return
            header, codes = marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            return
        if header != _header() or not isinstance(codes, dict):
            return
        if all(type(k) is str and type(v) is types.CodeType for k, v in codes.items()):
            self.codes.update(codes)

    def save(self) -> bool:
        """Write the file when this run compiled texts it did not hold; True when written."""
        if not self.unsaved or sys.dont_write_bytecode:
            return False
        import tempfile  # only when there is something to write
        codes = self.codes
        if len(codes) > MAX_ENTRIES:
            codes = {k: v for k, v in codes.items() if k in self.used}
            if len(codes) > MAX_ENTRIES:
                return False
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".dataclass-code-")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(marshal.dumps((_header(), codes)))
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            return False
        self.unsaved = 0
        return True


_cache: CodeCache | None = None


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: Any = None, /, **options: Any) -> None:
    """The builtin ``exec``, with ``source`` text compiled once (see the module's text)."""
    if globals is None:  # as the builtin: the caller's namespaces
        caller = sys._getframe(1)
        globals = caller.f_globals
        locals = caller.f_locals if locals is None else locals
    if type(source) is str and _cache is not None:
        source = _cache.code(source)
    builtins.exec(source, globals, locals, **options)


def install() -> bool:
    """Give ``dataclasses`` the caching ``exec`` (once per run); True when the cache is on.

    Off (False) when ``TACTICA_CODE_CACHE`` is "off"."""
    global _cache
    if _cache is not None:
        return True
    path = cache_file()
    if path is None:
        return False
    _cache = CodeCache(path)
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # a module global shadows the builtin there
    atexit.register(save)
    return True


def save() -> bool:
    """Write the cache file now if this run compiled texts it did not hold; True when written."""
    return _cache.save() if _cache is not None else False


def stats() -> dict[str, int]:
    """How many texts the cache holds, how many this run used and how many it compiled (tests, bench)."""
    if _cache is None:
        return {"held": 0, "used": 0, "compiled": 0}
    return {"held": len(_cache.codes), "used": len(_cache.used), "compiled": _cache.compiled}


__all__ = ["CACHE_ENV", "MAX_ENTRIES", "CodeCache", "cache_file", "install", "save", "stats"]
