"""Win rate of one AI level holding one seat of a three- or four-player free-for-all (issue 22 item 1).

Usage: python bench/multi_strength.py LEVEL OTHER [GAMES] [SEED] [--players N] [--first K] [--jobs J] [--progress]

The battles are ``tactica sim --players N --ai LEVEL --ai OTHER ...``'s: the
quick-start warbands and map of N players (each warband keeps its seat), the
game seeds of ``tactica.ai.sim.game_seed`` and the seats rotated as
``run_games`` rotates them (game i puts LEVEL in seat ``-i mod N``), so
LEVEL plays every seat in turn.  Prints one JSON line: LEVEL's wins, its win
rate with a 95% Wilson interval, the errors (a battle that raised counts as
played and not won, its message kept), the time and the load average at the
start and the end.  ``--first K`` plays games K..K+GAMES-1 of the series (to
split a long run over processes); ``--jobs J`` plays J games at once.
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache

from tactica import content
from tactica.ai import make_bot
from tactica.ai.sim import game_seed, play_battle
from tactica.engine import MapDef, WarbandDef


@lru_cache(maxsize=4)
def fixtures(players: int) -> tuple[tuple[WarbandDef, ...], MapDef]:
    """The quick-start warbands and free-for-all map of ``players`` seats (as ``tactica sim`` loads them)."""
    return content.default_warbands(players, 200), content.default_map(players, (), 200)


def one(work: tuple[str, str, int, int, int]) -> tuple[bool, int, str]:
    """Play game ``i``: (LEVEL won, its seat, error message or "")."""
    level, other, players, i, seed = work
    bands, battle_map = fixtures(players)
    levels = [level] + [other] * (players - 1)
    order = tuple((seat + i) % players for seat in range(players))  # as run_games rotates the seats
    seat = order.index(0)
    s = game_seed(seed, i)
    bots = [make_bot(levels[order[k]], s * 2 + k) for k in range(players)]
    try:
        result = play_battle(bots, bands, (battle_map,), s)
    except Exception as err:  # measured, not hidden: reported in the JSON line
        return False, seat, f"game {i + 1} (dice seed {s}): {type(err).__name__}: {err}"
    return result.winner == seat, seat, ""


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate ``wins``/``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(centre - half, 3), round(centre + half, 3))


def _option(argv: list[str], name: str, default: int) -> tuple[int, list[str]]:
    if name not in argv:
        return default, argv
    k = argv.index(name)
    return int(argv[k + 1]), argv[:k] + argv[k + 2:]


def main(argv: list[str]) -> None:
    """Run the series the command line asks for and print its JSON line."""
    progress = "--progress" in argv
    argv = [a for a in argv if a != "--progress"]
    players, argv = _option(argv, "--players", 3)
    first, argv = _option(argv, "--first", 0)
    jobs, argv = _option(argv, "--jobs", 1)
    level, other = argv[0], argv[1]
    games = int(argv[2]) if len(argv) > 2 else 30
    seed = int(argv[3]) if len(argv) > 3 else 0
    load_before = os.getloadavg()
    start = time.perf_counter()
    work = [(level, other, players, i, seed) for i in range(first, first + games)]
    results: list[tuple[bool, int, str]] = []

    def note(r: tuple[bool, int, str]) -> None:
        results.append(r)
        if progress:
            won = sum(x[0] for x in results)
            print(f"game {len(results)}: {level} in seat {r[1] + 1} {'won' if r[0] else 'lost'}"
                  f"{' ERROR ' + r[2] if r[2] else ''}; {won}/{len(results)} "
                  f"({time.perf_counter() - start:.0f}s)", file=sys.stderr, flush=True)

    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for r in pool.map(one, work, chunksize=1):
                note(r)
    else:
        for w in work:
            note(one(w))
    wins = sum(r[0] for r in results)
    print(json.dumps({"level": level, "other": other, "players": players, "games": games, "first": first,
                      "seed": seed, "wins": wins, "win_rate": round(wins / games, 3),
                      "win_rate_95ci": wilson(wins, games), "errors": [r[2] for r in results if r[2]],
                      "seconds": round(time.perf_counter() - start, 1),
                      "load_avg_start": [round(x, 2) for x in load_before],
                      "load_avg_end": [round(x, 2) for x in os.getloadavg()]}))


if __name__ == "__main__":
    main(sys.argv[1:])
