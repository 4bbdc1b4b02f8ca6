"""Win rate of one AI level holding one seat of a three- or four-player free-for-all (issue 22 item 1).

Usage: python bench/multi_strength.py LEVEL OTHER [GAMES] [SEED] [--players N] [--first K] [--jobs J] [--progress]
       python bench/multi_strength.py --merge FILE...

The battles are ``tactica sim --players N --ai LEVEL --ai OTHER ...``'s: the
quick-start warbands and map of N players (each warband keeps its seat), the
game seeds of ``tactica.ai.sim.game_seed`` and the seats rotated as
``run_games`` rotates them (game i puts LEVEL in seat ``-i mod N``), so
LEVEL plays every seat in turn.  Prints one JSON line: LEVEL's wins, its win
rate with a 95% Wilson interval, the errors (a battle that raised counts as
played and not won, its message kept), the time and the load average at the
start and the end, LEVEL's wins by seat (seat 1 first: the warband it
played), and the CPU seconds a battle took on average.  ``--first K``
plays games K..K+GAMES-1 of the series (to split a long run over
processes); ``--jobs J`` plays J games at once.  ``--merge FILE...``
prints the JSON line of the series the given JSON lines make together
(games K..K+GAMES-1 each, e.g. 0..29 and 30..59).  Stopped by SIGTERM or
SIGINT (``kill PID`` of the main process), it prints the JSON line of the
games finished so far (games K..K+n-1: results come in game order), with
``"stopped": true``, so a long series can be stopped and resumed with
``--first K+n`` and the two JSON lines merged.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache

from tactica import content
from tactica.ai import make_bot
from tactica.ai.sim import game_seed, play_battle
from tactica.balance.stats import wilson as _wilson
from tactica.engine import MapDef, WarbandDef


@lru_cache(maxsize=4)
def fixtures(players: int) -> tuple[tuple[WarbandDef, ...], MapDef]:
    """The quick-start warbands and free-for-all map of ``players`` seats (as ``tactica sim`` loads them)."""
    return content.default_warbands(players, 200), content.default_map(players, (), 200)


def one(work: tuple[str, str, int, int, int]) -> tuple[bool, int, str, float]:
    """Play game ``i``: (LEVEL won, its seat, error message or "", CPU seconds of the battle)."""
    level, other, players, i, seed = work
    bands, battle_map = fixtures(players)
    levels = [level] + [other] * (players - 1)
    order = tuple((seat + i) % players for seat in range(players))  # as run_games rotates the seats
    seat = order.index(0)
    s = game_seed(seed, i)
    bots = [make_bot(levels[order[k]], s * 2 + k) for k in range(players)]
    cpu = time.process_time()
    try:
        result = play_battle(bots, bands, (battle_map,), s)
    except Exception as err:  # measured, not hidden: reported in the JSON line
        return False, seat, f"game {i + 1} (dice seed {s}): {type(err).__name__}: {err}", time.process_time() - cpu
    return result.winner == seat, seat, "", time.process_time() - cpu


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate ``wins``/``games`` (``tactica.balance.stats.wilson``),
    rounded to three places."""
    low, high = _wilson(wins, games)
    return (round(low, 3), round(high, 3))


def merge(paths: list[str]) -> dict:
    """The summary of the series the JSON lines in ``paths`` make together (their games, wins, errors,
    wins by seat and time added up; the interval recomputed)."""
    parts = [json.loads(open(p).read().strip().splitlines()[-1]) for p in paths]
    games = sum(p["games"] for p in parts)
    wins = sum(p["wins"] for p in parts)
    by_seat: dict[str, list[int]] = {}
    for p in parts:
        for seat, (w, n) in p.get("by_seat", {}).items():
            tally = by_seat.setdefault(seat, [0, 0])
            tally[0] += w
            tally[1] += n
    cpu = [p["cpu_per_battle"] * p["games"] for p in parts if "cpu_per_battle" in p]
    return {"level": parts[0]["level"], "other": parts[0]["other"], "players": parts[0]["players"],
            "games": games, "ranges": [[p["first"], p["first"] + p["games"] - 1] for p in parts],
            "seed": parts[0]["seed"], "wins": wins, "win_rate": round(wins / games, 3),
            "win_rate_95ci": wilson(wins, games), "errors": sum((p["errors"] for p in parts), []),
            "by_seat": dict(sorted(by_seat.items())),
            "cpu_per_battle": round(sum(cpu) / games, 1) if len(cpu) == len(parts) else None}


def _option(argv: list[str], name: str, default: int) -> tuple[int, list[str]]:
    if name not in argv:
        return default, argv
    k = argv.index(name)
    return int(argv[k + 1]), argv[:k] + argv[k + 2:]


def main(argv: list[str]) -> None:
    """Run the series the command line asks for and print its JSON line."""
    if argv and argv[0] == "--merge":
        print(json.dumps(merge(argv[1:])))
        return
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
    results: list[tuple[bool, int, str, float]] = []

    def note(r: tuple[bool, int, str, float]) -> None:
        results.append(r)
        if progress:
            won = sum(x[0] for x in results)
            print(f"game {len(results)}: {level} in seat {r[1] + 1} {'won' if r[0] else 'lost'}"
                  f"{' ERROR ' + r[2] if r[2] else ''}; {won}/{len(results)} "
                  f"({time.perf_counter() - start:.0f}s)", file=sys.stderr, flush=True)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    stopped = False
    try:
        if jobs > 1:
            pool = ProcessPoolExecutor(jobs, initializer=signal.signal, initargs=(signal.SIGTERM, signal.SIG_DFL))
            try:
                for r in pool.map(one, work, chunksize=1):
                    note(r)
            finally:
                for child in multiprocessing.active_children():  # a stop: the battles under way end too
                    child.terminate()
                pool.shutdown(wait=False, cancel_futures=True)
        else:
            for w in work:
                note(one(w))
    except KeyboardInterrupt:
        stopped = True
    games = len(results)
    wins = sum(r[0] for r in results)
    by_seat: dict[str, list[int]] = {}
    for r in results:
        tally = by_seat.setdefault(str(r[1] + 1), [0, 0])
        tally[0] += r[0]
        tally[1] += 1
    print(json.dumps({"level": level, "other": other, "players": players, "games": games, "first": first,
                      "seed": seed, "wins": wins, "win_rate": round(wins / max(1, games), 3),
                      "win_rate_95ci": wilson(wins, games), "errors": [r[2] for r in results if r[2]],
                      "by_seat": dict(sorted(by_seat.items())),
                      "cpu_per_battle": round(sum(r[3] for r in results) / max(1, games), 1),
                      "seconds": round(time.perf_counter() - start, 1),
                      "load_avg_start": [round(x, 2) for x in load_before],
                      "load_avg_end": [round(x, 2) for x in os.getloadavg()],
                      **({"stopped": True} if stopped else {})}))


if __name__ == "__main__":
    main(sys.argv[1:])
