"""``tactica.ai`` is a client of the engine's one door: it imports only the ``tactica.engine`` package, never
changes a state or a creature (what-ifs are the engine's ``with_creature_at``, ``as_active``, ``as_turn_of``,
``with_dice``), imports nothing inside a function and has no import cycle among its modules."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tactica.ai

AI = Path(tactica.ai.__file__).parent
MODULES = sorted(AI.glob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _engine_imports(tree: ast.Module) -> list[str]:
    """Every module named by an import of ``tree`` that is the engine or inside it."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
    return [m for m in out if m == "tactica.engine" or m.startswith("tactica.engine.")]


def _edits(tree: ast.Module) -> list[str]:
    """Assignments to an attribute of anything but ``self`` (a state's or creature's field), and setattr calls."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for t in ast.walk(target) if isinstance(target, (ast.Tuple, ast.List)) else [target]:
                while isinstance(t, ast.Subscript):  # ``x.field[k] = v`` changes what x.field holds
                    t = t.value
                if isinstance(t, ast.Attribute) and not (isinstance(t.value, ast.Name) and t.value.id == "self"):
                    found.append(f"line {t.lineno}: {ast.unparse(t)} = …")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr"):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "own", "freeze", "__setattr__"):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _imports_in_functions(tree: ast.Module) -> list[str]:
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    found.append(f"line {node.lineno} in {fn.name}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_an_ai_module_imports_only_the_engine_package(path):
    assert [m for m in _engine_imports(_tree(path)) if m != "tactica.engine"] == []


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_an_ai_module_never_changes_a_state_or_a_creature(path):
    assert _edits(_tree(path)) == []


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_an_ai_module_imports_nothing_inside_a_function(path):
    assert _imports_in_functions(_tree(path)) == []


def test_the_ai_modules_import_one_another_without_a_cycle():
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        deps = set()
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1 and node.module:
                    deps.add(node.module.split(".")[0])
                elif node.level == 0 and node.module and node.module.startswith("tactica.ai."):
                    deps.add(node.module.split(".")[2])
        graph[path.stem] = deps
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, "import cycle: " + " -> ".join(trail + (name,))
        if name in done:
            return
        for dep in sorted(graph.get(name, ())):
            visit(dep, trail + (name,))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def test_the_checks_see_what_they_forbid():
    """The checks above can fail: each finds the fault it looks for in a small sample."""
    sample = ast.parse(
        "from tactica.engine.state import GameState\n"
        "def f(st, c):\n"
        "    import os\n"
        "    st.dice = 1\n"
        "    c.pos = (0, 0)\n"
        "    st.vp[0] += 1\n"
        "    seen[c.uid] = 1\n"
        "    setattr(st, 'phase', 2)\n"
        "    st.own('a')\n"
        "    self.x = 1\n")
    assert _engine_imports(sample) == ["tactica.engine.state"]
    assert len(_edits(sample)) == 5
    assert _imports_in_functions(sample) == ["line 3 in f"]
