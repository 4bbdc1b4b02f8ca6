"""SIGKILL autosaving battles at random moments; each save must hold the last completed action (issue 6).

Usage: python -m bench.kill_saves [--kills N]   (from the repository's root)

The long series of ``tests/saves/test_kill_resume.py`` (which kills 32 battles to keep the suite
fast): each kill's save must load, replay to its digest, hold every action reported saved and be a
prefix of its battle.  Prints the kills, the saves checked and the number of different lengths.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from tests.saves.test_kill_resume import kill_saves


def main(argv: list[str] | None = None) -> int:
    """Run the kills; returns 0 when every save checked was whole (an assertion stops the run otherwise)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=240)
    args = parser.parse_args(argv)
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        checked, lengths = kill_saves(Path(folder), args.kills)
    print(f"kills {args.kills}, saves checked {checked}, {len(set(lengths))} different lengths; "
          f"{time.monotonic() - began:.1f} s")
    return 0 if checked > args.kills // 2 else 1


if __name__ == "__main__":
    sys.exit(main())
