"""Win rates between AI levels across the shipped maps and 200-point warbands.

Usage: python bench/ai_strength.py LEVEL_A LEVEL_B [GAMES] [SEED] [--jobs N] [--first K] [--progress]

A level may name planner options of ``normal`` or ``hard`` (``board.PlannerOptions``) after a
colon, e.g. ``normal:shared_threats=false,offense=true`` (values as JSON): the level's own options
with those replaced, so two settings of one level can be played against each other.

Games cycle through every shipped map and every ordered pair of different
200-point shipped warbands; LEVEL_A sits in seat 1 on even games and seat 2
on odd ones.  Prints one JSON line with wins, win rates (and a 95% Wilson
interval for A's), average VP and rounds, and how many battles the tie-breaker
ended (SCN-TIE: ten rounds without combat); with --progress, one line per
finished game on stderr (so a long run can be watched).  ``--first K`` plays
games K..K+GAMES-1 of the same series (to split a long run over processes).
"""
from __future__ import annotations

import itertools
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import lru_cache

from tactica import content
from tactica.ai import LEVELS, make_bot
from tactica.ai.sim import game_seed, play_battle


@lru_cache(maxsize=1)
def fixtures():
    """(maps, warband pairs) used by the benchmark: shipped content, 200-point warbands."""
    maps = [content.load_map(p) for p in content.shipped_maps()]
    bands = [content.load_warband(p) for p in content.shipped_warbands()]
    bands = [w for w in bands if w.point_limit == 200 and len(w.cards) >= 8]
    pairs = [(a, b) for a, b in itertools.permutations(bands, 2)]
    return maps, pairs


def bot_for(spec: str, seed: int):
    """The bot of ``spec`` (``"normal"`` or ``"normal:shared_threats=false"``: a level, then planner
    options replaced, as JSON values) seeded ``seed``."""
    level, _, rest = spec.partition(":")
    if not rest:
        return make_bot(level, seed)
    cls = LEVELS[level]
    options = {}
    for item in rest.split(","):
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    return cls(seed, planner_options=replace(cls.planner_options, **options))


def one(args):
    """Play game ``i``; returns (winner is LEVEL_A, VP of A, VP of B, rounds, ended by the tie-breaker)."""
    a, b, i, seed = args
    maps, pairs = fixtures()
    m = maps[i % len(maps)]
    wb = pairs[(i // len(maps)) % len(pairs)]
    s = game_seed(seed, i)
    seat_a = i % 2
    bots = [None, None]
    bots[seat_a], bots[1 - seat_a] = bot_for(a, 2 * s), bot_for(b, 2 * s + 1)
    r = play_battle(bots, wb, (m,), s)
    return (r.winner == seat_a, r.vp[seat_a], r.vp[1 - seat_a], r.rounds, r.reason == "tie-breaker")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate ``wins``/``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(centre - half, 3), round(centre + half, 3))


def main(argv: list[str]) -> None:
    jobs = 1
    progress = "--progress" in argv
    first = 0
    if "--first" in argv:
        k = argv.index("--first")
        first = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2:]
    argv = [a for a in argv if a != "--progress"]
    if "--jobs" in argv:
        k = argv.index("--jobs")
        jobs = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2:]
    a, b = argv[0], argv[1]
    games = int(argv[2]) if len(argv) > 2 else 200
    seed = int(argv[3]) if len(argv) > 3 else 1
    start = time.perf_counter()
    work = [(a, b, i, seed) for i in range(first, first + games)]
    results = []

    def note(r):
        results.append(r)
        if progress:
            won = sum(x[0] for x in results)
            print(f"game {len(results)}: {'A' if r[0] else 'B'} wins {r[1]}-{r[2]} in {r[3]} rounds; "
                  f"A {won}/{len(results)}", file=sys.stderr, flush=True)

    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for r in pool.map(one, work, chunksize=1):
                note(r)
    else:
        for w in work:
            note(one(w))
    wins = sum(r[0] for r in results)
    print(json.dumps({"a": a, "b": b, "games": games, "first": first, "seed": seed, "a_wins": wins,
                      "a_win_rate": round(wins / games, 3), "a_win_rate_95ci": wilson(wins, games),
                      "a_avg_vp": round(sum(r[1] for r in results) / games, 1),
                      "b_avg_vp": round(sum(r[2] for r in results) / games, 1),
                      "avg_rounds": round(sum(r[3] for r in results) / games, 2),
                      "tie_breaker": sum(r[4] for r in results),
                      "seconds": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main(sys.argv[1:])
