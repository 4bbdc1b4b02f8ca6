"""Games per second of ``random`` against ``random``, in CPU time and wall time (issue 4).

Usage: python bench/sim_speed.py [GAMES] [SEED] [--profile | --by-kind | --against COMMIT [--rounds N]]

Plays what ``tactica sim --ai random --ai random --games GAMES --seed SEED``
plays (the shipped default battle: two 200-point warbands) on one core and
prints one JSON line: games, CPU seconds (``time.process_time``, steady on a
shared machine), wall seconds, games/s by each, mean actions per battle.
``--profile`` also prints the 25 costliest functions (cProfile, by own time).
``--by-kind`` also prints, on stderr, one line per kind of action: how many a
battle has, and the CPU microseconds each takes to choose (the bot), to apply
(the engine) and to check (the sim's invariants), with its share of the time
(the timers add about 1 µs a call).
``--against COMMIT`` measures this tree against another commit side by side
(issue 21, item 2): the commit is checked out into a temporary git worktree
(removed afterwards), and ``--rounds N`` (default 3, at least 3) runs of each
tree alternate, each in its own subprocess playing the same games with the
same seeds (this script's ``run``, importing the tree's ``tactica``).  It
prints a JSON line per run, then the median games per CPU-second of each tree,
their ratio (this tree / COMMIT) and the load average before and after.
The target is 20 games/s of CPU time.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

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


def child(tree: Path, games: int, seed: int) -> dict:
    """Run ``run(games, seed)`` in a subprocess importing ``tactica`` from ``tree``; return its summary."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), str(games), str(seed)],
                         env=env, cwd=tree, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def against(commit: str, games: int, seed: int, rounds: int) -> dict:
    """This tree against ``commit``, side by side: ``rounds`` alternating runs of each (see the module doc).

    Returns the summary: both medians (games per CPU-second), their ratio, the
    actions a battle of each (equal when both trees play the same battles) and
    the load average before and after.  Raises CalledProcessError when git or
    a run fails.
    """
    here = Path(__file__).resolve().parent.parent
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="sim-speed-") as tmp:
        other = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", "--quiet", str(other), commit],
                       check=True)
        try:
            rates: dict[str, list[float]] = {"this": [], "against": []}
            steps: dict[str, int] = {}
            for r in range(rounds):
                for name, tree in (("this", here), ("against", other)):
                    got = child(tree, games, seed)
                    rates[name].append(got["games_per_s_cpu"])
                    steps[name] = got["avg_steps"]
                    print(json.dumps({"round": r + 1, "tree": name, **got,
                                      "load": round(os.getloadavg()[0], 2)}), flush=True)
        finally:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force", str(other)], check=False)
    mine, theirs = statistics.median(rates["this"]), statistics.median(rates["against"])
    return {"against": commit, "games": games, "seed": seed, "rounds": rounds,
            "median_games_per_s_cpu": mine, "median_games_per_s_cpu_against": theirs,
            "ratio": round(mine / theirs, 2), "avg_steps": steps["this"], "avg_steps_against": steps["against"],
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str]) -> None:
    if "--against" in argv:
        i = argv.index("--against")
        commit = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
        rounds = 3
        if "--rounds" in argv:
            j = argv.index("--rounds")
            rounds = max(3, int(argv[j + 1]))
            argv = argv[:j] + argv[j + 2:]
        args = [a for a in argv if not a.startswith("--")]
        print(json.dumps(against(commit, int(args[0]) if args else 20, int(args[1]) if len(args) > 1 else 1,
                                 rounds)))
        return
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
