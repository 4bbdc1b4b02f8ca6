"""SIGKILL AI battles at random moments and count the shown actions lost (issue 22).

Usage: python -m bench.kill_battles [--kills N] [--fsync]   (from the repository's root)

Plays seeded battles between two ``random`` AIs at full speed through the client's autosave
(each action committed to the battle store before it is shown), each in a child process killed
after a random delay, and prints the figures: kills, battles checked, actions shown, actions lost
(must be 0), kills where the store was one action ahead of the screen.  ``--fsync`` keeps the
store's ``synchronous=FULL`` (slower; a kill does not need it, a power cut would).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from tests.saves.kill_battles import kill_battles


def main(argv: list[str] | None = None) -> int:
    """Run the kills; returns 0 when no shown action was lost, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=240)
    parser.add_argument("--fsync", action="store_true")
    args = parser.parse_args(argv)
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        f = kill_battles(args.kills, Path(folder), fsync=args.fsync)
    print(f"kills {f.kills}, saves checked {f.checked}, actions shown {f.shown}, lost {f.lost}; "
          f"store ahead of the screen at {f.ahead} kills; {len(f.lengths)} different lengths; "
          f"{time.monotonic() - began:.1f} s")
    for line in f.problems:
        print(line)
    return 0 if f.lost == 0 and not f.problems else 1


if __name__ == "__main__":
    sys.exit(main())
