"""The client layers go through the engine's one door (issue 17): ``tactica.client`` loads no
Textual; client, tui, saves, content and the CLI import only the ``tactica.engine`` package and
only names of its ``__all__``; nothing but the CLI (and the interface itself) imports the
interface; nothing outside the interface imports Textual or rich."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import tactica.engine

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tactica"
CLIENTS = ("client", "tui", "saves", "content", "cli.py")


def sources(*parts: str) -> list[Path]:
    """The Python files of the named subpackages (or single modules) of ``tactica``."""
    found: list[Path] = []
    for part in parts:
        path = PACKAGE / part
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def imports(path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    """Every import of ``path`` as (line, absolute module, names imported from it); relative imports
    are resolved against the file's package."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name, ()) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            out.append((node.lineno, module, tuple(a.name for a in node.names)))
    return out


def test_the_client_layer_loads_no_textual():
    code = ("import importlib, json, pkgutil, sys\n"
            "import tactica.client as pkg\n"
            "for info in pkgutil.walk_packages(pkg.__path__, 'tactica.client.'):\n"
            "    importlib.import_module(info.name)\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert "tactica.client.session" in loaded and "tactica.client.controller" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("textual", "rich") or m.startswith("tactica.tui")] == []


def test_clients_import_only_the_engine_package_and_its_public_names():
    public = set(tactica.engine.__all__)
    offenders = []
    for path in sources(*CLIENTS):
        for line, module, names in imports(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if module.startswith("tactica.engine."):
                offenders.append(f"{where} imports the submodule {module}")
            elif module == "tactica.engine":
                offenders.extend(f"{where} imports {n}, not in tactica.engine.__all__" for n in names
                                 if n not in public)
    assert offenders == []


def test_only_the_cli_imports_the_interface_and_only_the_interface_imports_textual():
    offenders = []
    for path in sources("client", "saves", "content", "engine", "ai", "cli.py", "tools"):
        for line, module, _ in imports(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if module.split(".")[0] in ("textual", "rich"):
                offenders.append(f"{where} imports {module}")
            if module.startswith("tactica.tui") and path.name != "cli.py":
                offenders.append(f"{where} imports the interface ({module})")
    assert offenders == []


def test_no_client_changes_a_state_through_setattr_or_own():
    """A client asks the engine what-if questions (``ends_activation_in_pit``, ``provokers_of_squeeze``,
    …) instead of changing a state or creature; the ways around attribute syntax are not used either."""
    offenders = []
    for path in sources(*CLIENTS):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in ("setattr", "__setattr__", "own"):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} calls {name}")
    assert offenders == []


def test_no_name_of_the_door_hides_an_engine_submodule():
    """A name exported under a submodule's name (``footprint``) would rebind the package's attribute
    for that submodule, and the engine's own ``from . import footprint`` would then get the function."""
    import pkgutil
    submodules = {info.name for info in pkgutil.iter_modules(tactica.engine.__path__)}
    assert submodules & set(tactica.engine.__all__) == set()
