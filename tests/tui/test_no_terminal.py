"""``tactica play`` and ``resume`` refuse at once without a terminal instead of waiting for keys."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_play_without_a_terminal_is_refused_with_a_clear_line(tmp_path):
    env = {**os.environ, "TACTICA_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tactica", "play", "--new"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2
    assert "tactica play: error: standard input is not a terminal" in done.stderr
    assert "Traceback" not in done.stderr
