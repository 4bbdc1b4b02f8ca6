"""Games per second of ``random`` against ``random``, in CPU time and wall time (issue 4).

Usage: python bench/sim_speed.py [GAMES] [SEED] [--profile]

Plays what ``tactica sim --ai random --ai random --games GAMES --seed SEED``
plays (the shipped default battle: two 200-point warbands) on one core and
prints one JSON line: games, CPU seconds (``time.process_time``, steady on a
shared machine), wall seconds, games/s by each, mean actions per battle.
``--profile`` also prints the 25 costliest functions (cProfile, by own time).
The target is 20 games/s of CPU time.
"""
from __future__ import annotations

import json
import sys
import time

from tactica import content
from tactica.ai import make_bot
from tactica.ai.sim import game_seed, play_battle


def run(games: int, seed: int) -> dict:
    """Play the battles and return the timing summary."""
    (w1, w2), m = content.default_battle()
    steps = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        s = game_seed(seed, i)
        result = play_battle([make_bot("random", s * 2), make_bot("random", s * 2 + 1)], (w1, w2), (m,), s)
        steps += result.steps
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"test": "sim speed", "levels": "random-random", "map": m.id, "games": games, "seed": seed,
            "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "games_per_s_cpu": round(games / cpu, 2), "games_per_s_wall": round(games / wall, 2),
            "avg_steps": round(steps / games), "us_per_step_cpu": round(1e6 * cpu / max(1, steps), 1)}


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("--")]
    games = int(args[0]) if args else 20
    seed = int(args[1]) if len(args) > 1 else 1
    if "--profile" in argv:
        import cProfile
        import pstats
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        summary = run(games, seed)
        prof.disable()
        pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(25)
    else:
        summary = run(games, seed)
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1:])
