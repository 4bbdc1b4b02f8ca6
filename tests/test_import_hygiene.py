"""The rules engine and the AI are reachable without the TUI or YAML (STYLE.md)."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("textual", "rich", "yaml")
#: Bridges to optional libraries, loaded only when asked for (``--cluster``): Dask reads its own
#: YAML configuration, which is Dask's business, not tactica's.
OPTIONAL_BRIDGES = ("tactica.ai.cluster",)
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("package", ["tactica.engine", "tactica.ai"])
def test_headless_packages_load_no_ui_or_yaml(package):
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        f"    if info.name not in {OPTIONAL_BRIDGES!r}:\n"
        "        importlib.import_module(info.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert bad == [], f"importing {package} loaded {bad}"


def test_sim_and_balance_load_dask_only_for_a_cluster():
    code = ("import json, sys, tactica.sim_command, tactica.balance.command, tactica.ai.sim\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert [m for m in loaded if m.split(".")[0] in ("dask", "distributed", "plotly")] == []


def test_the_sim_command_loads_no_interface():
    """``tactica sim``'s command reads content files (YAML: ``tactica.sim_command``) but loads no interface."""
    code = "import json, sys, tactica.sim_command\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert [m for m in loaded if m.split(".")[0] in ("textual", "rich")] == []


def test_engine_source_never_imports_ui_yaml_or_randomness():
    offenders = []
    for path in sorted((ROOT / "tactica" / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in FORBIDDEN + ("random", "time") or name.startswith("tactica.tui"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert offenders == []
