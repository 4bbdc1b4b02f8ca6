"""Decision time of an AI level on the largest shipped map, ten creatures a side.

Usage: python bench/ai_speed.py LEVEL [GAMES] [SEED]

Plays LEVEL against ``normal`` on the largest shipped map with two 10-creature
shipped warbands and times every battle decision (Activate and acting
choices) LEVEL makes.  Prints the decision count, mean, p50, p95 and max in
milliseconds of wall-clock time, the same for Activate decisions alone (the
ones that pick a creature and plan its activation), and the p95 and max of
the process's CPU time per decision (``cpu_*``: what the decision costs
when the shared machine is busy with other work; hard's search is fixed, not
timed, so the two differ only by the load), and the CPU p95 of the Activate
decisions alone (``cpu_activate_p95_ms``).
"""
from __future__ import annotations

import json
import statistics
import sys
import time

from tactica import content
from tactica.ai import make_bot
from tactica.ai.sim import game_seed
from tactica.engine import Phase, apply, new_game


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of xs, nearest rank."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str]) -> None:
    level = argv[0]
    games = int(argv[1]) if len(argv) > 1 else 2
    seed = int(argv[2]) if len(argv) > 2 else 1
    maps = [content.load_map(p) for p in content.shipped_maps()]
    big = max(maps, key=lambda m: (m.width * m.height, m.id))
    bands = [content.load_warband(p) for p in content.shipped_warbands()]
    bands = sorted((w for w in bands if len(w.cards) == 10), key=lambda w: w.name)
    times, activate, cpu, cpu_activate = [], [], [], []
    for g in range(games):
        s = game_seed(seed, g)
        wb = (bands[g % len(bands)], bands[(g + 1) % len(bands)])
        bots = [make_bot(level, s), make_bot("normal", s + 1)]
        state, _ = new_game(wb, (big,), seed=s)
        while not state.is_over:
            bot = bots[state.decider]
            timed = state.decider == 0 and state.phase in (Phase.ACTIVATE, Phase.ACTING)
            t, c = time.perf_counter(), time.process_time()
            action = bot.choose(state)
            dt = (time.perf_counter() - t) * 1000
            dc = (time.process_time() - c) * 1000
            if timed:
                times.append(dt)
                cpu.append(dc)
                if state.phase is Phase.ACTIVATE:
                    activate.append(dt)
                    cpu_activate.append(dc)
            state, _ = apply(state, action)
    out = {"level": level, "map": big.id, "size": f"{big.width}x{big.height}", "games": games,
           "decisions": len(times), "mean_ms": round(statistics.mean(times), 1),
           "p50_ms": round(pct(times, 0.5), 1), "p95_ms": round(pct(times, 0.95), 1),
           "max_ms": round(max(times), 1), "activate_p95_ms": round(pct(activate, 0.95), 1),
           "cpu_p50_ms": round(pct(cpu, 0.5), 1), "cpu_p95_ms": round(pct(cpu, 0.95), 1),
           "cpu_max_ms": round(max(cpu), 1), "cpu_activate_p95_ms": round(pct(cpu_activate, 0.95), 1)}
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
