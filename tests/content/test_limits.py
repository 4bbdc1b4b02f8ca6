"""Safe-loading limits: huge, deep and bomb-like files are refused fast and in bounded memory.

Each case is timed in CPU seconds of this process (so other work on a busy
machine does not count) and the bound asserted is generous (2 s); the
measured times are a small fraction of that (``pytest -s`` prints them,
with the wall-clock time too).
"""
from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from tactica.content import ContentError, load_catalogue, load_map
from tactica.content.validate import validate_paths
from tactica.content.yamlsafe import MAX_BYTES, MAX_EVENTS

LIMIT_S = 2.0


def _square_map(path: Path, n: int) -> Path:
    rows = "".join(f"  {'.' * n}\n" for _ in range(n))
    path.write_text(f"name: Huge\nterrain: |\n{rows}zones: |\n{rows}")
    return path


def _refused(load, path: Path, memory: bool = False) -> tuple[str, float, float]:
    """(first message, seconds, peak MB allocated or 0) of a load that must fail.

    Memory is traced only when asked: tracing slows Python down severalfold.
    """
    if memory:
        tracemalloc.start()
    start, cpu = time.perf_counter(), time.process_time()
    with pytest.raises(ContentError) as caught:
        load(path)
    wall, seconds = time.perf_counter() - start, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1] / 1e6 if memory else 0.0
    if memory:
        tracemalloc.stop()
    print(f"{path.name}: refused in {wall * 1000:.1f} ms ({seconds * 1000:.1f} ms CPU)"
          + (f", peak {peak:.1f} MB" if memory else ""))
    return caught.value.problems[0].message, seconds, peak


@pytest.fixture(scope="module")
def huge_map(tmp_path_factory) -> Path:
    """A 5,000×5,000 map file (about 50 MB), written once."""
    return _square_map(tmp_path_factory.mktemp("huge") / "huge.yaml", 5000)


def test_a_5000_by_5000_map_is_refused_fast_without_reading_it_all(huge_map):
    path = huge_map
    message, seconds, peak = _refused(load_map, path, memory=True)
    assert message.startswith("file too large") and f"at most {MAX_BYTES}" in message
    assert seconds < LIMIT_S and peak < 5 * MAX_BYTES / 1e6


def test_a_350_by_350_map_under_the_byte_limit_is_refused_fast(tmp_path):
    path = _square_map(tmp_path / "wide.yaml", 350)
    assert path.stat().st_size < MAX_BYTES
    message, seconds, _ = _refused(load_map, path)
    assert message == "the terrain is 350×350; at most 100×100"
    assert seconds < LIMIT_S


@pytest.mark.parametrize("style", ["flow", "block"])
def test_a_100_level_nested_document_is_refused_fast(tmp_path, style):
    path = tmp_path / f"deep_{style}.yaml"
    if style == "flow":
        path.write_text("cards: " + "[" * 100 + "]" * 100 + "\n")
    else:
        path.write_text("".join(f"{'  ' * i}k{i}:\n" for i in range(100)) + "  " * 100 + "v\n")
    message, seconds, _ = _refused(lambda p: load_catalogue([p]), path)
    assert message == "nested too deeply: more than 24 levels; refused"
    assert seconds < LIMIT_S


def test_a_flood_of_values_is_refused_fast(tmp_path):
    path = tmp_path / "flood.yaml"
    path.write_text("cards: [" + ",".join(["1"] * 100_000) + "]\n")
    message, seconds, _ = _refused(lambda p: load_catalogue([p]), path)
    assert message == f"too many values: more than {MAX_EVENTS}; refused"
    assert seconds < LIMIT_S


def test_an_alias_bomb_is_refused_fast(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    path = tmp_path / "bomb.yaml"
    path.write_text("cards:\n" + "".join(f"  - {line}\n" for line in lines))
    message, seconds, _ = _refused(lambda p: load_catalogue([p]), path)
    assert "alias bomb" in message
    assert seconds < LIMIT_S


def test_validate_reports_the_huge_map_as_one_line(huge_map):
    path = huge_map
    start = time.perf_counter()
    problems, count = validate_paths([str(path)])
    assert time.perf_counter() - start < 2 * LIMIT_S  # wall clock: no parsing happens at all
    assert count == 1 and len(problems) == 1 and problems[0].line == 1
