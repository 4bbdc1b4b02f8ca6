"""Games per second of random-vs-random battles, and how time per battle scales.

Usage: python bench/sim_scaling.py [GAMES] [SEED]

1. Throughput: ``random`` against ``random`` on the shipped default battle
   (two 200-point warbands), as ``tactica sim`` plays it, one core.
2. Scaling: time per battle on synthetic maps from 15×15 to 60×44 (ten
   creatures a side), and with 5 to 20 creatures a side (30×22 map), for
   ``random`` and ``normal`` against ``greedy``-free random play.
Prints JSON lines; wall and CPU (``time.process_time``) figures -- on a shared
machine only the CPU ones compare.
"""
from __future__ import annotations

import json
import sys
import time

from tactica import content
from tactica.ai import make_bot, scenarios
from tactica.ai.sim import game_seed, play_battle


def timed(levels, warbands, maps, games, seed):
    """Mean seconds (wall and CPU), rounds and steps per battle of ``games`` battles."""
    t, cpu, rounds, steps = time.perf_counter(), time.process_time(), 0, 0
    for i in range(games):
        s = game_seed(seed, i)
        r = play_battle([make_bot(levels[0], 2 * s), make_bot(levels[1], 2 * s + 1)], warbands, maps, s)
        rounds, steps = rounds + r.rounds, steps + r.steps
    dt, dc = time.perf_counter() - t, time.process_time() - cpu
    return {"games": games, "s_per_game": round(dt / games, 3), "games_per_s": round(games / dt, 2),
            "cpu_s_per_game": round(dc / games, 3), "games_per_s_cpu": round(games / dc, 2),
            "avg_rounds": round(rounds / games, 1), "avg_steps": round(steps / games),
            "ms_per_step": round(1000 * dt / max(1, steps), 3), "cpu_ms_per_step": round(1000 * dc / max(1, steps), 3)}


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 10
    seed = int(argv[1]) if len(argv) > 1 else 1
    (w1, w2), m = content.default_battle()
    print(json.dumps({"test": "throughput", "levels": "random-random", "map": m.id,
                      **timed(("random", "random"), (w1, w2), (m,), games, seed)}))
    for levels in (("random", "random"), ("normal", "random")):
        for w, h in ((15, 15), (30, 22), (45, 33), (60, 44)):
            wb = (scenarios.warband(10, name="Blue"), scenarios.warband(10, offset=3, name="Red"))
            mp = (scenarios.battle_map(w, h, seed=1),)
            print(json.dumps({"test": "map size", "levels": "-".join(levels), "size": f"{w}x{h}",
                              "per_side": 10, **timed(levels, wb, mp, max(2, games // 4), seed)}))
        for n in (5, 10, 15, 20):
            wb = (scenarios.warband(n, name="Blue"), scenarios.warband(n, offset=3, name="Red"))
            mp = (scenarios.battle_map(30, 22, seed=1, depth=4),)
            print(json.dumps({"test": "creatures", "levels": "-".join(levels), "size": "30x22",
                              "per_side": n, **timed(levels, wb, mp, max(2, games // 4), seed)}))


if __name__ == "__main__":
    main(sys.argv[1:])
