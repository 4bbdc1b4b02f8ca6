"""Mangled content files never crash the loaders: they load or raise ContentError, and
``tactica validate`` reports them without an internal error.

Hypothesis mangles the shipped card, map and warband files with one to three edits (delete a
character, insert a noise character, duplicate, delete or re-indent a line), so a failure shrinks
to the fewest, simplest edits of one file.
"""
from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies

from tactica.content import (
    ContentError,
    load_catalogue,
    load_map,
    load_warband,
    shipped_card_files,
    shipped_maps,
    shipped_warbands,
)
from tactica.content.validate import validate_paths

NOISE = " :-[]{}#&*!|>'\"\n\t.^AaBb0123xyz,"
#: Edit kinds, simplest first (hypothesis shrinks toward the first).
DELETE_CHAR, INSERT_CHAR, DUPLICATE_LINE, DELETE_LINE, REINDENT_LINE = range(5)

#: One edit: (kind, where, a second position, a noise character).  Positions are taken modulo the
#: text's length or line count when the edit is made.
edits = strategies.lists(strategies.tuples(strategies.integers(DELETE_CHAR, REINDENT_LINE),
                                           strategies.integers(0, 2**16), strategies.integers(0, 2**16),
                                           strategies.sampled_from(NOISE)), min_size=1, max_size=3)


def mangle(text: str, changes: list[tuple[int, int, int, str]]) -> str:
    """``text`` with ``changes`` made in order (see ``edits``)."""
    for kind, at, other, noise in changes:
        lines = text.splitlines(True)
        k, j = at % max(1, len(text)), at % max(1, len(lines))
        if not text:
            text = noise
        elif kind == DELETE_CHAR:
            text = text[:k] + text[k + 1:]
        elif kind == INSERT_CHAR:
            text = text[:k] + noise + text[k:]
        elif kind == DUPLICATE_LINE:
            lines.insert(j, lines[other % len(lines)])
            text = "".join(lines)
        elif kind == DELETE_LINE:
            del lines[j]
            text = "".join(lines)
        else:
            lines[j] = lines[j].lstrip(" ") if other % 2 else "  " + lines[j]
            text = "".join(lines)
    return text


def fuzz(examples: int) -> settings:
    """Settings for ``examples`` mangled files (a load and a validation each)."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def loads_or_reports(source: Path, changes: list, load: Callable[[Path], object]) -> None:
    """Mangle ``source`` by ``changes`` into a temporary file; ``load`` it and validate it."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mangled.yaml"
        path.write_text(mangle(source.read_text(encoding="utf-8"), changes), encoding="utf-8")
        try:
            load(path)
        except ContentError as err:
            assert err.problems and all(p.message for p in err.problems)
        problems, _ = validate_paths([str(path)])
        assert not any("internal error" in p.message for p in problems)


@fuzz(40)
@given(source=strategies.sampled_from(sorted(shipped_card_files())), changes=edits)
def test_mangled_card_files_give_content_errors_only(source, changes):
    loads_or_reports(source, changes, lambda path: load_catalogue([path]))


@fuzz(40)
@given(source=strategies.sampled_from(sorted(shipped_maps())), changes=edits)
def test_mangled_map_files_give_content_errors_only(source, changes):
    loads_or_reports(source, changes, load_map)


@fuzz(40)
@given(source=strategies.sampled_from(sorted(shipped_warbands())), changes=edits)
def test_mangled_warband_files_give_content_errors_only(source, changes):
    loads_or_reports(source, changes, load_warband)
