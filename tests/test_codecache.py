"""The dataclass methods' compiled code kept between runs (issue 21: a faster start; ``tactica.codecache``).

A kept text gives the very code the builtin ``exec`` would compile; a damaged, foreign or stale file
is never used; nothing is written where Python writes no bytecode.
"""
from __future__ import annotations

import dataclasses
import json
import marshal
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tactica import codecache
from tactica.codecache import CodeCache

ROOT = Path(__file__).resolve().parents[1]
SOURCE = "def __create_fn__(MISSING):\n def __init__(self, a, b=MISSING):\n  self.a = a\n return __init__"


@pytest.fixture
def writing(monkeypatch):
    """Python may write bytecode (this suite may run with PYTHONDONTWRITEBYTECODE set)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _point_class():
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()
    return Point


def test_tacticas_classes_are_made_through_the_cache_and_make_the_same_code_as_without():
    assert codecache.install() is True  # installed by ``import tactica``; once
    assert getattr(dataclasses, "exec", None) is codecache._exec
    cached = _point_class()
    held = [inner for outer in codecache._cache.codes.values() for maker in outer.co_consts
            if isinstance(maker, types.CodeType) for inner in maker.co_consts if isinstance(inner, types.CodeType)]
    assert any(cached.__eq__.__code__ is code for code in held)  # its methods' code is the code the cache holds
    p = cached(1, 2)
    assert (p, hash(p)) == (cached(1, 2), hash(cached(1, 2))) and repr(p).endswith("Point(x=1, y=2, tags=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    try:  # the same class made by the builtin exec: every method's code is the same code
        del dataclasses.exec  # type: ignore[attr-defined]
        plain = _point_class()
    finally:
        dataclasses.exec = codecache._exec  # type: ignore[attr-defined]
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(cached, name).__code__ == getattr(plain, name).__code__, name
        assert getattr(cached, name).__annotations__ == getattr(plain, name).__annotations__, name


def test_a_text_is_compiled_once_and_read_back_from_the_file(tmp_path, writing):
    path = tmp_path / "pycache" / "codes.marshal"
    first = CodeCache(path)
    code = first.code(SOURCE)
    assert first.code(SOURCE) is code and first.compiled == 1
    assert code == compile(SOURCE, "<string>", "exec", dont_inherit=True)
    assert first.save() is True and path.exists()
    assert first.save() is False  # nothing new since
    second = CodeCache(path)
    assert second.code(SOURCE) == code and second.compiled == 0
    assert second.code(SOURCE + "\n") is not None and second.compiled == 1  # another text: compiled afresh
    namespace: dict[str, object] = {}
    exec(second.code(SOURCE), {}, namespace)
    init = namespace["__create_fn__"](MISSING=None)  # type: ignore[operator]
    assert init.__name__ == "__init__"


@pytest.mark.parametrize("damage", ["truncated", "garbage", "foreign python", "not code", "not a pair", "empty"])
def test_a_damaged_or_foreign_file_is_never_used_and_is_replaced(tmp_path, writing, damage):
    path = tmp_path / "codes.marshal"
    good = CodeCache(path)
    good.code(SOURCE)
    good.save()
    whole = marshal.loads(path.read_bytes())
    header = (codecache._header(), {})
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    elif damage == "garbage":
        path.write_bytes(os.urandom(64))
    elif damage == "foreign python":
        path.write_bytes(marshal.dumps(((b"\x00\x00\r\n", 0), {SOURCE: compile("1", "<string>", "exec")})))
    elif damage == "not code":
        path.write_bytes(marshal.dumps((header[0], {SOURCE: b"not code"})))
    elif damage == "not a pair":
        path.write_bytes(marshal.dumps([1, 2, 3]))
    else:
        path.write_bytes(b"")
    cache = CodeCache(path)
    code = cache.code(SOURCE)
    assert cache.compiled == 1 and code == compile(SOURCE, "<string>", "exec", dont_inherit=True)
    assert cache.save() is True and marshal.loads(path.read_bytes()) == whole


def test_nothing_is_written_where_python_writes_no_bytecode(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cache = CodeCache(tmp_path / "codes.marshal")
    cache.code(SOURCE)
    assert cache.save() is False and not (tmp_path / "codes.marshal").exists()


def test_an_unwritable_folder_costs_only_the_speed(tmp_path, writing):
    blocker = tmp_path / "file"
    blocker.write_text("")
    cache = CodeCache(blocker / "pycache" / "codes.marshal")  # its folder cannot be made
    assert cache.code(SOURCE) is not None and cache.save() is False


def test_a_full_cache_keeps_only_the_texts_this_run_used(tmp_path, monkeypatch, writing):
    monkeypatch.setattr(codecache, "MAX_ENTRIES", 3)
    path = tmp_path / "codes.marshal"
    old = CodeCache(path)
    for i in range(3):
        old.code(f"x = {i}")
    old.save()
    new = CodeCache(path)
    new.code("x = 0")
    new.code("y = 1")
    assert new.save() is True
    assert set(marshal.loads(path.read_bytes())[1]) == {"x = 0", "y = 1"}


def test_the_cache_can_be_turned_off():
    code = ("import dataclasses, json, tactica, tactica.codecache as c\n"
            "print(json.dumps([hasattr(dataclasses, 'exec'), c.install()]))")
    env = {**os.environ, codecache.CACHE_ENV: "off", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                          timeout=120)
    assert done.stdout.strip() == "[false, false]"


def test_the_file_lives_in_the_cache_folder_never_inside_the_installed_package(tmp_path, monkeypatch):
    """A file inside the package is not one pip installed: uninstalling left a ``tactica`` folder in
    site-packages that then shadowed an editable install as an empty namespace package."""
    monkeypatch.setenv(codecache.CACHE_ENV, str(tmp_path))
    path = codecache.cache_file()
    assert path is not None and path.parent == tmp_path
    monkeypatch.setenv(codecache.CACHE_ENV, "off")
    assert codecache.cache_file() is None
    monkeypatch.delenv(codecache.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    default = codecache.cache_file()
    assert default is not None and default.parent.name == "code" and default.parent.parent.name == "tactica"
    package = Path(codecache.__file__).resolve().parent
    assert package not in default.resolve().parents and package not in path.resolve().parents


def test_a_start_writes_the_file_into_the_named_folder_and_the_next_reads_it(tmp_path):
    code = ("import json, tactica.engine, tactica.codecache as c\n"
            "c.save(); print(json.dumps(c.stats()))")
    env = {**os.environ, codecache.CACHE_ENV: str(tmp_path / "code"), "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                           timeout=120)
    files = list((tmp_path / "code").glob("dataclass-code.*.marshal"))
    assert len(files) == 1 and json.loads(first.stdout)["compiled"] > 100
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                           timeout=120)
    assert json.loads(again.stdout)["compiled"] == 0 and json.loads(again.stdout)["used"] > 100
