"""Games per second of ``random`` against ``random``, in CPU time and wall time (issue 4).

Usage: python bench/sim_speed.py [GAMES] [SEED] [--profile | --by-kind]

Plays what ``tactica sim --ai random --ai random --games GAMES --seed SEED``
plays (the shipped default battle: two 200-point warbands) on one core and
prints one JSON line: games, CPU seconds (``time.process_time``, steady on a
shared machine), wall seconds, games/s by each, mean actions per battle.
``--profile`` also prints the 25 costliest functions (cProfile, by own time).
``--by-kind`` also prints, on stderr, one line per kind of action: how many a
battle has, and the CPU microseconds each takes to choose (the bot), to apply
(the engine) and to check (the sim's invariants), with its share of the time
(the timers add about 1 µs a call).
The target is 20 games/s of CPU time.
"""
from __future__ import annotations

import json
import sys
import time
from collections import defaultdict

from tactica import content
from tactica.ai import make_bot
from tactica.ai.sim import check_invariants, game_seed, play_battle
from tactica.engine import apply, new_game


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


def by_kind(games: int, seed: int) -> list[dict]:
    """Time every action of ``games`` random/random battles by its kind.

    Returns one dict per action kind, most frequent first: kind, per_battle
    (actions of that kind in an average battle), choose_us / apply_us /
    check_us (mean CPU microseconds per action), share (of all the time).
    """
    (w1, w2), m = content.default_battle()
    clock = time.process_time
    count: dict[str, int] = defaultdict(int)
    spent = defaultdict(lambda: [0.0, 0.0, 0.0])
    for i in range(games):
        s = game_seed(seed, i)
        bots = [make_bot("random", s * 2), make_bot("random", s * 2 + 1)]
        state, _ = new_game((w1, w2), (m,), seed=s)
        while not state.is_over:
            t0 = clock()
            action = bots[state.decider].choose(state)
            t1 = clock()
            after, _ = apply(state, action)
            t2 = clock()
            check_invariants(state, after)
            t3 = clock()
            kind = type(action).__name__
            count[kind] += 1
            row = spent[kind]
            row[0] += t1 - t0
            row[1] += t2 - t1
            row[2] += t3 - t2
            state = after
    total = sum(sum(row) for row in spent.values()) or 1.0
    return [{"kind": k, "per_battle": round(n / games, 1),
             "choose_us": round(1e6 * spent[k][0] / n, 1), "apply_us": round(1e6 * spent[k][1] / n, 1),
             "check_us": round(1e6 * spent[k][2] / n, 1), "share": round(sum(spent[k]) / total, 3)}
            for k, n in sorted(count.items(), key=lambda kv: -kv[1])]


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
    if "--by-kind" in argv:
        for row in by_kind(games, seed):
            print(f"{row['kind']:<18} {row['per_battle']:>7} a battle  choose {row['choose_us']:>6} µs  "
                  f"apply {row['apply_us']:>6} µs  check {row['check_us']:>5} µs  "
                  f"{100 * row['share']:>4.1f}% of the time", file=sys.stderr)
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1:])
