"""The limits every file reader of tactica applies, defined once: content files and saves.

A file from disk is hostile until read: it may be huge, deeply nested, full of
values, name a FIFO or a device, or carry names that move the terminal's
cursor.  The content readers (``yamlsafe``, ``loader``) and the save readers
(``tactica.saves.codec`` and ``store``) share the numbers below and the two
helpers that open a file (``read_regular``) and tidy a name for the screen
(``clean_text``).  The numbers are sized so that every legitimate file passes
(a card file of 200 cards, a 100×100 map, a save of a 1,000-round battle) and
a hostile one is refused quickly with one clear line.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

#: Largest content file (YAML) read, in bytes.  A card of the shipped files takes about 600 bytes
#: (200 cards: about 120 KB); a 100×100 map about 21 KB.  The pure-Python YAML reader scans about
#: 1 MB a second, so refusing an oversized file stays far under a second.
MAX_CONTENT_BYTES = 262_144
#: Largest save file read, in bytes.  An action takes about 75 bytes and a round of a four-player
#: battle about 60 actions, so a 1,000-round battle is about 5 MB; a 25 MB save is refused at once.
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: Deepest nesting of lists and mappings in any file (a save's deepest is about 7 levels, a card's 5).
MAX_DEPTH = 24
#: Most values (YAML events: scalars, starts and ends of lists and mappings) in one content file.
#: A shipped card takes about 70 (200 cards: about 14,000); parsing costs about 45 µs a value, so
#: refusing a flood of values takes about a second at most.
MAX_CONTENT_VALUES = 25_000
#: Most values (numbers, texts, lists, mappings) in one save: a 1,000-round battle holds about
#: 400,000.
MAX_SAVE_VALUES = 2_000_000
#: Most entries in one list of a save other than its actions (cards of a warband, squares of a zone,
#: checkpoints, notes…).
MAX_LIST = 20_000
#: Most actions in one save (a 1,000-round battle of four players holds about 60,000).
MAX_ACTIONS = 250_000
#: Widest and tallest map, in squares (content files and saves alike).
MAX_MAP_SIDE = 100
#: Most squares of a map (width × height).
MAX_MAP_SQUARES = MAX_MAP_SIDE * MAX_MAP_SIDE
#: Longest name shown on screen (card, attack, power, warband, map, terrain type): longer ones are
#: refused in content files and cut in saves.
MAX_NAME = 80
#: Longest other text (a card's rules text and flavour, a note of the battle log, an id).
MAX_TEXT = 2_000
#: Largest whole number in a save's fields (the seed excepted): far beyond any game value, small
#: enough that no rule loops over it.
MAX_INT = 10**9

#: Characters never shown: C0 and C1 controls and DEL, and the bidirectional embeddings, overrides
#: and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what the terminal shows.
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: The same but keeping line breaks and tabs (rules text and flavour may hold several lines).
_UNSHOWN_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: str, *, lines: bool = False) -> str:
    """``text`` without control and bidirectional-override characters.

    Args:
        text: a name or a text read from a file.
        lines: keep line breaks and tabs (rules text, flavour); a name keeps none.
    Returns the text with C0/C1 controls, DEL and U+202A–U+202E, U+2066–U+2069 removed.
    """
    return (_UNSHOWN_IN_TEXT if lines else _UNSHOWN).sub("", text)


def has_unshown(text: str, *, lines: bool = False) -> bool:
    """Whether ``text`` holds a character ``clean_text`` would remove (``lines``: as there)."""
    return (_UNSHOWN_IN_TEXT if lines else _UNSHOWN).search(text) is not None


class FileRefused(Exception):
    """A file that is not read at all: not a regular file, or too large.

    ``str(err)`` says why and what was expected, without the path (the caller
    names the file as the user did).  ``kind`` says what the path is when it
    is not a regular file ("a folder", "a FIFO (named pipe)", "a device", "a
    socket"), and is "" for a regular file too large (``too_large`` True).
    """

    def __init__(self, message: str, kind: str = ""):
        super().__init__(message)
        self.kind = kind
        self.too_large = not kind


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words ("a folder", "a FIFO (named pipe)", "a
    device", "a socket"), from its ``st_mode``; "not a plain file" for anything else."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _check(st: os.stat_result, max_bytes: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        kind = file_kind(st.st_mode)
        raise FileRefused(f"{kind}, not a regular file; refused", kind)
    if st.st_size > max_bytes:
        raise FileRefused(f"file too large: {st.st_size} bytes; at most {max_bytes}")


def read_regular(path: Path | str, max_bytes: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes``.

    A symbolic link is followed only to a regular file.  The file is checked
    with ``os.stat`` before it is opened, opened without blocking (a FIFO put
    in place meanwhile never hangs) and checked again on the open descriptor;
    at most ``max_bytes + 1`` bytes are ever read.

    Raises FileRefused (a folder, FIFO, device or socket; too large) or
    OSError (missing, unreadable).
    """
    _check(os.stat(path), max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        _check(os.fstat(fd), max_bytes)
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise FileRefused(f"file too large: more than {max_bytes} bytes; at most {max_bytes}")
    return data


__all__ = ["file_kind", "MAX_ACTIONS", "MAX_CONTENT_BYTES", "MAX_CONTENT_VALUES", "MAX_DEPTH", "MAX_INT", "MAX_LIST",
           "MAX_MAP_SIDE", "MAX_MAP_SQUARES", "MAX_NAME", "MAX_SAVE_BYTES", "MAX_SAVE_VALUES", "MAX_TEXT",
           "FileRefused", "clean_text", "has_unshown", "read_regular"]
