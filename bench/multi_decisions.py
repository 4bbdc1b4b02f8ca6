"""CPU time of ``hard``'s activation choices in three-player free-for-alls, on fixed positions (issue 22).

Usage: PYTHONPATH=TREE python bench/multi_decisions.py [N]

Plays three-player battles of ``normal`` in every seat (the quick-start
warbands and map of ``tactica sim --players 3``, dice ``game_seed(99, g)``
for g = 0, 1, …) and, at every third activation choice, times a fresh
``hard`` (seeded with the position's number) choosing on that position,
until N positions (default 60).  The positions depend only on ``normal``
and the engine, so two trees whose ``normal`` plays alike time ``hard`` on
the same positions: run it once with each tree first on ``PYTHONPATH``
(side by side, not niced) and compare.  Prints one JSON line: the tree,
games played, positions, the median, 95th percentile and largest CPU
milliseconds (``time.process_time``: other processes' load counts little),
their total, and a checksum of the choices made (equal checksums: the same
choices).
"""
from __future__ import annotations

import json
import sys
import time
import zlib

import tactica
from tactica import content
from tactica.ai import make_bot
from tactica.ai.sim import game_seed
from tactica.engine import Phase, apply, new_game


def main(n: int) -> dict:
    """Time ``hard`` on ``n`` positions; return the summary printed (see the module doc)."""
    bands, battle_map = content.default_warbands(3, 200), content.default_map(3, (), 200)
    ms: list[float] = []
    choices: list[str] = []
    g = 0
    while len(ms) < n:
        s = game_seed(99, g)
        g += 1
        bots = [make_bot("normal", s * 2 + k) for k in range(3)]
        state, _ = new_game(bands, (battle_map,), seed=s)
        k = 0
        while not state.is_over and len(ms) < n:
            if state.phase is Phase.ACTIVATE:
                k += 1
                if k % 3 == 0:
                    bot = make_bot("hard", len(ms))
                    cpu = time.process_time()
                    choices.append(repr(bot.choose(state)))
                    ms.append(1000 * (time.process_time() - cpu))
            state, _ = apply(state, bots[state.decider].choose(state))
    ms.sort()

    def q(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p * len(ms)))], 1)

    return {"tree": tactica.__file__, "games": g, "positions": len(ms), "p50_ms": q(0.5), "p95_ms": q(0.95),
            "max_ms": round(ms[-1], 1), "total_s": round(sum(ms) / 1000, 1),
            "choices_crc32": zlib.crc32("|".join(choices).encode())}


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)))
