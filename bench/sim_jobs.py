"""Games per second of ``tactica sim --jobs N`` against ``--jobs 1`` (issue 21, item 4).

Usage: PYTHONPATH=. python bench/sim_jobs.py [GAMES] [JOBS] [ROUNDS] [SEED]

Plays GAMES (default 20) ``random``-against-``random`` battles of the shipped
default battle (two 200-point warbands) with one process and with JOBS
(default: every core) worker processes, alternating ROUNDS times (default 3),
as ``tactica sim`` plays them (``run_games``).  Checks that both give the same
summary, and prints JSON lines: each run's games per second (wall time), then
the median ratio, the cores and the machine's load average before and after
(the ratio means something only when the load is below the core count).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import time

from tactica import content
from tactica.ai import sim


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 20
    jobs = int(argv[1]) if len(argv) > 1 else sim.default_jobs()
    rounds = int(argv[2]) if len(argv) > 2 else 3
    seed = int(argv[3]) if len(argv) > 3 else 1
    bands, battle_map = content.default_battle()
    load_before = os.getloadavg()
    rates: dict[int, list[float]] = {1: [], jobs: []}
    summaries: dict[int, dict] = {}
    for r in range(rounds):
        for n in ((1, jobs) if r % 2 == 0 else (jobs, 1)):  # alternate which goes first
            began = time.perf_counter()
            summary = sim.run_games(["random", "random"], tuple(bands), [(battle_map,)], games, seed, jobs=n)
            rate = games / (time.perf_counter() - began)
            rates[n].append(rate)
            summaries[n] = {k: v for k, v in summary.items() if k != "games_per_second"}
            print(json.dumps({"round": r + 1, "jobs": n, "games": games, "games_per_s": round(rate, 3),
                              "load": round(os.getloadavg()[0], 2)}), flush=True)
    if summaries[1] != summaries[jobs]:
        raise SystemExit("the summaries differ between --jobs 1 and --jobs {jobs}: a bug")
    one, many = statistics.median(rates[1]), statistics.median(rates[jobs])
    print(json.dumps({"jobs": jobs, "cores": os.cpu_count(), "median_games_per_s_jobs_1": round(one, 3),
                      f"median_games_per_s_jobs_{jobs}": round(many, 3), "ratio": round(many / one, 2),
                      "same_summary": True, "load_before": [round(x, 2) for x in load_before],
                      "load_after": [round(x, 2) for x in os.getloadavg()]}))


if __name__ == "__main__":
    main(sys.argv[1:])
