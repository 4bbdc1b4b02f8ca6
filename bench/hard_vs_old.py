"""Today's ``hard`` against ``hard`` as it was at a pinned commit (issue 21 item 3).

Usage: python bench/hard_vs_old.py [GAMES] [SEED] [--jobs N] [--first K] [--against COMMIT]
                                   [--new-tree COMMIT] [--new LEVEL[:k=v,...]] [--old LEVEL[:k=v,...]]
                                   [--records FILE] [--progress] [--hybrid] [--fixtures COMMIT] [--actions]
                                   [--map NAME]
       python bench/hard_vs_old.py --summary RECORDS [RECORDS ...]

The old ``hard`` is the pinned commit's own code (default ``21ea540``, main
before this work), not a copy: the commit's tree is extracted once
(``git archive``) into a folder under the temporary directory, and each seat
of a battle runs in its own process (``bench/hard_seat.py``) with its tree
first on the path.  Each seat keeps its own copy of the battle with its own
engine; the referee (this script) asks the deciding seat for an action (the
engine's action codec, ``tactica.saves.codec``, as JSON), sends it to both
and checks after every action that both copies have the same digest (so a
changed engine that plays the battle differently stops the series instead of
counting it).  ``--against .`` pits two configurations of today's tree (a
quick A/B of the options ``--new`` and ``--old`` give, e.g.
``--old hard:budget=240``).  The new side runs from this tree as it is, or
from a commit's extracted tree with ``--new-tree COMMIT`` (so that a long
series is not changed by edits made while it runs).  ``--hybrid``: the old
side runs the new side's tree with only ``tactica/ai`` taken from the pinned
commit, so both seats play today's rules with today's engine and the series
measures the AI alone (without it, a rule changed since the pinned commit
makes the two engines disagree and stops the series).

The series: game ``i`` is played on shipped map ``i mod maps`` with the
ordered pair of different 200-point shipped warbands ``(i // maps) mod
pairs`` (the pinned commit's content files, so the series does not change
when content does), dice seeded ``game_seed(SEED, i)``; the new ``hard`` sits
in seat 1 on even games and seat 2 on odd ones (seats swapped).  Both bots
search by units of work, never by the clock (``HardBot.budget``; no
``deadline``), so a series is reproducible.

Prints one JSON line: games, new wins, old wins, draws, the new side's win
rate (a draw counting one half) with its 95% Wilson interval
(``tactica.balance.stats``), average VP, and for each side the p50 / p95 /
max CPU time of its battle decisions (each seat's own process time, so the
machine's load does not count) and of its Activate decisions (where ``hard``
searches), its units of work per Activate (p50 / p95) and the CPU
milliseconds a unit costs (total Activate CPU / total units): the mapping
from the budget in units to seconds; and apart from those, the p50 / p95 / max CPU time of its
choices of who goes first (``initiative_*``, RND-1: ``hard`` plays the round out for each).
``--progress`` prints a line per finished game on stderr; ``--records FILE`` writes each game's record (its
result and every battle decision's CPU seconds, Activate or not, units) as a
JSON line.  ``time_both`` pools both sides' decisions: the figure to read
when both seats run the same bot, e.g. the old ``hard`` on its own engine
(``--against 21ea540 --new-tree 21ea540``) timed beside today's
(``--against . --fixtures 21ea540``: the same maps and warbands, so the same
games as far as the rules agree).  ``--fixtures COMMIT`` takes the maps and
warbands from COMMIT's content (default: the ``--against`` commit's).
``--actions`` also keeps in each record the battle's seed, its map and warband files and every
action (side, encoded action), for ``bench/replay_record.py`` to tell the battle again.
``--map NAME`` plays only the series' games on map NAME (the file's stem, e.g. ``crossroads-ruin``) among
games FIRST .. FIRST+GAMES-1, with their numbers in the series, so a map where one side does badly can be
studied on the same battles as a whole series played.
``--summary RECORDS...`` prints the same line from records files (e.g. a
series resumed with ``--first K`` into a second file), each game counted once.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
SEAT = HERE / "hard_seat.py"
PINNED = "21ea540"


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` (the same mix as ``tactica.ai.sim.game_seed``)."""
    return (seed * 1_000_003 + index * 7_919 + 17) & 0xFFFFFFFF


def commit_tree(commit: str) -> Path:
    """The folder holding ``commit``'s tree (extracted with ``git archive`` on first use)."""
    if commit == ".":
        return TREE
    full = subprocess.run(["git", "-C", str(TREE), "rev-parse", "--verify", commit + "^{commit}"],
                          check=True, capture_output=True, text=True).stdout.strip()
    folder = Path(tempfile.gettempdir()) / f"tactica-hard-{full[:12]}"
    if not (folder / "tactica" / "ai" / "hard.py").exists():
        part = folder.with_name(folder.name + f".part{os.getpid()}")
        part.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(TREE), "archive", full], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(part)], input=archive, check=True)
        try:
            part.rename(folder)
        except OSError:  # another process extracted it meanwhile
            subprocess.run(["rm", "-rf", str(part)], check=True)
    return folder


def hybrid_tree(new_tree: Path, old_commit: str) -> Path:
    """A folder holding ``new_tree`` with its ``tactica/ai`` package replaced by ``old_commit``'s.

    The old AI's decisions then run on today's engine, content loaders and rules: the series measures
    the AI alone.  Needed since the rules changed after the pinned commit (e.g. champion powers used in
    the middle of an action), where two engines of different commits disagree and stop the series.
    """
    old = commit_tree(old_commit)
    folder = Path(tempfile.gettempdir()) / f"tactica-hybrid-{new_tree.name}-{old.name}"
    if new_tree == TREE:  # a work tree changes: build afresh
        subprocess.run(["rm", "-rf", str(folder)], check=True)
    if not (folder / "tactica" / "ai" / "hard.py").exists():
        part = folder.with_name(folder.name + f".part{os.getpid()}")
        subprocess.run(["rm", "-rf", str(part)], check=True)
        part.mkdir(parents=True)
        subprocess.run(["cp", "-r", str(new_tree / "tactica"), str(part / "tactica")], check=True)
        subprocess.run(["rm", "-rf", str(part / "tactica" / "ai")], check=True)
        subprocess.run(["cp", "-r", str(old / "tactica" / "ai"), str(part / "tactica" / "ai")], check=True)
        try:
            part.rename(folder)
        except OSError:  # another process built it meanwhile
            subprocess.run(["rm", "-rf", str(part)], check=True)
    return folder


def parse_level(text: str) -> tuple[str, dict]:
    """``"hard:budget=480,candidates=5"`` -> ("hard", {"budget": 480, "candidates": 5})."""
    level, _, rest = text.partition(":")
    options: dict = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    return level, options


class Seat:
    """A seat process running ``hard_seat.py`` with ``tree`` first on its path."""

    def __init__(self, tree: Path):
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen([sys.executable, str(SEAT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env, text=True, cwd=str(tree))

    def ask(self, **msg) -> dict:
        """Send one command; return its answer (RuntimeError when the seat reports an error)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the seat process ended (exit {self.proc.wait()})")
        out = json.loads(line)
        if "error" in out:
            raise RuntimeError(out["error"])
        return out

    def close(self) -> None:
        try:
            self.ask(cmd="quit")
        except Exception:
            pass
        self.proc.wait()


_local = threading.local()


def seats(new_tree: Path, old: Path) -> tuple[Seat, Seat]:
    """This worker thread's two seat processes (new, old), started once."""
    if not hasattr(_local, "seats"):
        _local.seats = (Seat(new_tree), Seat(old))
        _all.append(_local.seats)
    return _local.seats


_all: list[tuple[Seat, Seat]] = []


def play(i: int, seed: int, fixtures: dict, new: tuple[str, dict], old_level: tuple[str, dict], old: Path,
         new_tree: Path, keep_actions: bool = False) -> dict:
    """Play game ``i`` of the series; returns its record (winner side, VP, decision times)."""
    maps, bands = fixtures["maps"], fixtures["warbands"]
    pairs = [(a, b) for a in bands for b in bands if a != b]
    m = maps[i % len(maps)]
    wb = pairs[(i // len(maps)) % len(pairs)]
    s = game_seed(seed, i)
    seat_new = i % 2
    pair = seats(new_tree, old)
    by_seat = [None, None]
    by_seat[seat_new], by_seat[1 - seat_new] = pair[0], pair[1]
    levels = [None, None]
    levels[seat_new], levels[1 - seat_new] = new, old_level
    summaries = []
    for k, seat in enumerate(by_seat):
        summaries.append(seat.ask(cmd="new", warbands=list(wb), maps=[m], seed=s, level=levels[k][0],
                                  options=levels[k][1], bot_seed=2 * s + k))
    times: dict[str, list] = {"new": [], "old": []}
    first_times: dict[str, list] = {"new": [], "old": []}
    actions: list = []
    state = summaries[0]
    while not state["over"]:
        decider = state["decider"]
        choice = by_seat[decider].ask(cmd="choose")
        side = "new" if decider == seat_new else "old"
        if choice["battle"]:
            times[side].append((choice["cpu"], choice["activate"], choice["units"]))
        elif choice.get("first"):  # who goes first (RND-1): timed apart from the battle decisions
            first_times[side].append(choice["cpu"])
        if keep_actions:
            actions.append([side, choice["action"]])
        a, b = (seat.ask(cmd="apply", action=choice["action"]) for seat in by_seat)
        if a["digest"] != b["digest"]:
            raise RuntimeError(f"game {i}: the two engines disagree after step {a['step']}")
        state = a
    winner = state["winner"]
    result = "draw" if winner is None else "new" if winner == seat_new else "old"
    record = {"game": i, "result": result, "vp_new": state["vp"][seat_new], "vp_old": state["vp"][1 - seat_new],
              "rounds": state["round"], "map": Path(m).stem, "warbands": [Path(w).stem for w in wb],
              "times": times, "first_times": first_times}
    if keep_actions:
        record.update(seed=s, map_path=m, warband_paths=list(wb), actions=actions)
    return record


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of xs, nearest rank (0 when empty)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def side_times(records: list[dict], side: str) -> dict:
    """Decision-time figures of one side over ``records`` (CPU milliseconds; units of work)."""
    rows = [t for r in records for t in r["times"][side]]
    cpu = [c * 1000 for c, _, _ in rows]
    act = [c * 1000 for c, is_act, _ in rows if is_act]
    units = [u for _, is_act, u in rows if is_act and u is not None]
    spent = sum(c * 1000 for c, is_act, u in rows if is_act and u)
    first = [c * 1000 for r in records for c in r.get("first_times", {}).get(side, [])]
    return {"initiative_decisions": len(first), "initiative_p50_ms": round(pct(first, 0.5), 1),
            "initiative_p95_ms": round(pct(first, 0.95), 1), "initiative_max_ms": round(max(first, default=0), 1),
            "decisions": len(cpu), "cpu_p50_ms": round(pct(cpu, 0.5), 1), "cpu_p95_ms": round(pct(cpu, 0.95), 1),
            "cpu_max_ms": round(max(cpu, default=0), 1), "activate_p50_ms": round(pct(act, 0.5), 1),
            "activate_p95_ms": round(pct(act, 0.95), 1), "units_p50": pct(units, 0.5), "units_p95": pct(units, 0.95),
            "ms_per_unit": round(spent / max(1, sum(units)), 2)}


def summary(records: list[dict]) -> dict:
    """Wins, draws, the new side's rate with its 95% Wilson interval, VP and decision times of ``records``."""
    sys.path.insert(0, str(TREE))
    from tactica.balance.stats import wilson

    n = len(records)
    won = sum(r["result"] == "new" for r in records)
    lost = sum(r["result"] == "old" for r in records)
    draws = n - won - lost
    low, high = wilson(won + draws / 2, n)
    both = [dict(r, times={"new": r["times"]["new"] + r["times"]["old"], "old": []},
                 first_times={"new": [c for side in ("new", "old") for c in r.get("first_times", {}).get(side, [])]})
            for r in records]
    return {"games": n, "new_wins": won, "old_wins": lost, "draws": draws,
            "new_rate": round((won + draws / 2) / max(1, n), 3), "wilson95": [round(low, 3), round(high, 3)],
            "avg_vp_new": round(sum(r["vp_new"] for r in records) / max(1, n), 1),
            "avg_vp_old": round(sum(r["vp_old"] for r in records) / max(1, n), 1),
            "avg_rounds": round(sum(r["rounds"] for r in records) / max(1, n), 2),
            "time_new": side_times(records, "new"), "time_old": side_times(records, "old"),
            "time_both": side_times(both, "new")}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--summary"]:
        games: dict[int, dict] = {}
        for path in argv[1:]:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        r = json.loads(line)
                        games[r["game"]] = r
        print(json.dumps(dict(summary([games[i] for i in sorted(games)]), files=argv[1:])))
        return

    def option(name: str, default: str | None) -> str | None:
        nonlocal argv
        if name in argv:
            k = argv.index(name)
            value = argv[k + 1]
            argv = argv[:k] + argv[k + 2:]
            return value
        return default

    jobs = int(option("--jobs", "1") or 1)
    first = int(option("--first", "0") or 0)
    against = option("--against", PINNED) or PINNED
    new = parse_level(option("--new", "hard") or "hard")
    old_level = parse_level(option("--old", "hard") or "hard")
    new_commit = option("--new-tree", ".") or "."
    records_file = option("--records", None)
    fixtures_from = option("--fixtures", None) or against
    progress = "--progress" in argv
    hybrid = "--hybrid" in argv
    keep_actions = "--actions" in argv
    only_map = option("--map", None)
    argv = [a for a in argv if a not in ("--progress", "--hybrid", "--actions")]
    games = int(argv[0]) if argv else 200
    seed = int(argv[1]) if len(argv) > 1 else 2026
    pinned = commit_tree(against)
    new_tree = commit_tree(new_commit)
    old = hybrid_tree(new_tree, against) if hybrid else pinned
    probe = Seat(commit_tree(fixtures_from))
    fixtures = probe.ask(cmd="fixtures")
    probe.close()
    start = time.perf_counter()
    records: list[dict] = []

    def note(r: dict) -> None:
        records.append(r)
        if records_file:
            with open(records_file, "a", encoding="utf-8") as out:
                out.write(json.dumps(r) + "\n")
        if progress:
            won = sum(x["result"] == "new" for x in records)
            t = side_times([r], "new"), side_times([r], "old")
            print(f"game {r['game']}: {r['result']} wins {r['vp_new']}-{r['vp_old']} in {r['rounds']} rounds "
                  f"({r['map']}, {r['warbands'][0]} v {r['warbands'][1]}); new {won}/{len(records)}; "
                  f"activate p95 new {t[0]['activate_p95_ms']} ms, old {t[1]['activate_p95_ms']} ms",
                  file=sys.stderr, flush=True)

    work = [i for i in range(first, first + games)
            if only_map is None or Path(fixtures["maps"][i % len(fixtures["maps"])]).stem == only_map]
    if not work:
        raise SystemExit(f"no game of the series in {first}..{first + games - 1} is on map {only_map!r}")
    try:
        with ThreadPoolExecutor(jobs) as pool:
            for r in pool.map(lambda i: play(i, seed, fixtures, new, old_level, old, new_tree, keep_actions), work):
                note(r)
    finally:
        for pair in _all:
            for seat in pair:
                seat.close()
    out = {"first": first, "seed": seed, "against": against, "new_tree": str(new_tree), "hybrid": hybrid,
           "fixtures": fixtures_from, "new": new, "old": old_level, **summary(records),
           "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
