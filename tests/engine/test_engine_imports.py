"""The engine's modules import each other without cycles, and never inside a function (issue 17 item 4)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "tactica" / "engine"


def test_no_import_inside_a_function():
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [f"{path.relative_to(ENGINE)}:{n.lineno}" for n in ast.walk(fn)
                          if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert found == []


def test_no_import_cycle_between_engine_modules():
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (the test extras)")
    graph = grimp.build_graph("tactica", cache_dir=None)
    modules = sorted(m for m in graph.modules if m.startswith("tactica.engine.") or m == "tactica.engine")
    cycles = [(m, d) for m in modules for d in graph.find_modules_directly_imported_by(m)
              if d.startswith("tactica.engine") and graph.chain_exists(importer=d, imported=m)]
    assert cycles == []


def test_no_private_name_imported_from_another_engine_module():
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                found += [f"{path.relative_to(ENGINE)}:{node.lineno} {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []
