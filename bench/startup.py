"""How long ``tactica play`` takes to show its battle screen, against a bare Textual app (issue 21, item 1).

Usage: PYTHONPATH=. python bench/startup.py [RUNS] [--cold] [--warm-store] [--against DIR] [--no-compile] [--floor]

Starts each program in its own pseudo-terminal (120×40, TERM=xterm-256color), alternating, RUNS
times each (default 5), and times from the start of the process to the first frame that shows the
battle: for ``tactica play --new`` (the shipped default battle against the AI) the log's "Round 1"
and the map (a frame may show the log before the map), for the bare app (a Header, a Static text and
a Footer, nothing else) its text. Then it ends the process. Every run gets fresh data and state
directories (no "continue your battle?" offer, no autosaves left behind): each start makes a new
battle store (SQLite), as only a player's very first start does; ``--warm-store`` keeps one store
per program across its runs instead (each run adds one battle to it; ``--new`` offers none), as a
player's second start finds it. The cache directory is shared between runs (the warm start a player
sees), or fresh for every run with ``--cold`` (which also keeps no store and turns the dataclass code
cache, ``tactica.codecache``, off). Without ``--cold``, each program is first started once untimed,
allowed to write bytecode (``PYTHONDONTWRITEBYTECODE`` unset) and, after its first frame, sent "q" and
given two seconds, so that its content cache and dataclass code cache are written as a player's first
start writes them.
``--against DIR`` adds a third program in the same alternation: ``tactica play --new`` from another
source tree (e.g. an older commit: ``git archive COMMIT | tar -x -C DIR``), for a before/after
measured side by side. ``--floor`` adds the floor: a Textual app as bare as the bare one that also
imports the engine and the content package, builds the default battle (the shipped warbands on the
shipped map, set up as ``tactica play`` does) before its first frame and shows "Round 1" and the
map's squares as plain text: what any battle screen costs before tactica's own interface (its ratio
to the bare app bounds the ratio ``play`` can reach). Before the runs, each source tree's
``tactica`` is compiled to bytecode (``compileall``, as ``pip install`` does), so that tactica
starts as an installed copy does, like the bare app's Textual from site-packages; ``--no-compile``
leaves that out (with ``PYTHONDONTWRITEBYTECODE`` set, every start then compiles every module it
imports). Prints a JSON line per run (wall seconds, and the CPU seconds the process had used when the
frame was seen: every thread's ``/proc/PID/task/*/schedstat``, steadier than the wall clock on a loaded
machine), then the medians of both, the ratios (play / bare, floor / bare, play / floor, play / before;
``_cpu``: the same in CPU seconds) and the load average before and after.
"""
from __future__ import annotations

import fcntl
import json
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE_TEXT = "bare textual app ready"
BARE_APP = f"""
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class Bare(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static({BARE_TEXT!r})
        yield Footer()


Bare().run()
"""
#: The floor (``--floor``): the bare app plus the engine's import and the default battle built before the
#: first frame, drawn as plain text ("." open ground, "#" anything else), with no tactica interface.
FLOOR_APP = """
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from tactica.ai.setup import auto_setup
from tactica.content import default_battle
from tactica.engine import Ruleset, new_game


def battle_text() -> str:
    (first, second), map_def = default_battle()
    rules = Ruleset.for_battle((first.point_limit, second.point_limit), "assault", (), None, ())
    state, _ = new_game((first, second), (map_def,), seed=3, rules=rules)
    state, _ = auto_setup(state, actions=[])
    rows = ("  ".join("." if getattr(kind, "value", None) == "clear" else "#" for kind in row)
            for row in map_def.terrain)
    return "Round 1\\n" + "\\n".join(rows)


class Floor(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(battle_text())
        yield Footer()


Floor().run()
"""
#: What the battle screen shows once it is drawn: the log's "Round 1" and a row of the map's open
#: ground (eight "." squares in a row) — the log can be drawn a frame before the map.
BATTLE_MARK = re.compile(r"Round 1(?s:.*)(?:\.\s+){8}|(?:\.\s+){8}(?s:.*)Round 1")
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[@-Z\\-_])")


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds used so far by every thread of process ``pid`` (Linux: each thread's ``schedstat``,
    nanoseconds on a CPU); None where that cannot be read."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            total += int((task / "schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total / 1e9


def first_frame(argv: list[str], mark: re.Pattern[str], env: dict[str, str], cwd: Path = ROOT,
                timeout: float = 60.0, linger: float = 0.0) -> tuple[float, float | None]:
    """Seconds from starting ``argv`` in a new pseudo-terminal to the first output showing ``mark``, and
    the CPU seconds the process had used by then (None off Linux): the process is stopped (SIGSTOP) as
    soon as the mark is read, so only the work it did between writing that frame and being stopped,
    while this process waited for a CPU, is counted beyond its first frame.

    With ``linger`` (a warm-up start), the program is then sent "q" and given that many seconds to
    finish what it writes after its first frame (its caches) before it is ended.
    Raises RuntimeError (with the screen's last text) when it never shows within ``timeout`` seconds.
    """
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    began = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                            start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        while time.perf_counter() - began < timeout:
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            seen += chunk
            if mark.search(ANSI.sub(b"", seen).decode("utf-8", "replace")):
                seconds = time.perf_counter() - began
                if not linger:  # stopped at once: what it does after its first frame is not counted
                    os.kill(proc.pid, signal.SIGSTOP)
                cpu = cpu_seconds(proc.pid)
                if linger:
                    os.write(master, b"q")
                    ended = time.perf_counter() + linger
                    while proc.poll() is None and time.perf_counter() < ended:
                        if select.select([master], [], [], 0.05)[0]:
                            try:
                                os.read(master, 65536)
                            except OSError:
                                break
                return seconds, cpu
        raise RuntimeError(f"{argv[-1]!r} never showed {mark.pattern!r}: "
                           f"{ANSI.sub(b' ', seen).decode('utf-8', 'replace')[-600:]!r}")
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        os.close(master)


def main(argv: list[str]) -> None:
    runs = int(next((a for a in argv if a.isdigit()), "5"))
    cold = "--cold" in argv
    warm_store = "--warm-store" in argv and not cold
    against = Path(argv[argv.index("--against") + 1]).resolve() if "--against" in argv else None
    load_before = os.getloadavg()
    base = Path(tempfile.mkdtemp(prefix="tactica-startup-"))
    bare_file = base / "bare_app.py"
    bare_file.write_text(BARE_APP)
    programs = {
        "play": ([sys.executable, "-m", "tactica", "play", "--new"], BATTLE_MARK),
        "bare": ([sys.executable, str(bare_file)], re.compile(re.escape(BARE_TEXT))),
    }
    if "--floor" in argv:
        floor_file = base / "floor_app.py"
        floor_file.write_text(FLOOR_APP)
        programs["floor"] = ([sys.executable, str(floor_file)], BATTLE_MARK)
    sources = {name: ROOT for name in programs}
    if against is not None:
        programs["before"] = programs["play"]
        sources["before"] = against
    compiled = "--no-compile" not in argv
    if compiled:
        for tree in {ROOT, *([against] if against is not None else [])}:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "tactica")], check=True)

    def environment(name: str, home: Path, store: Path, warm_up: bool = False) -> dict[str, str]:
        env = {**os.environ, "PYTHONPATH": str(sources[name]), "TERM": "xterm-256color", "COLUMNS": "120",
               "LINES": "40", "HOME": str(home), "XDG_DATA_HOME": str(store / "data"),
               "XDG_STATE_HOME": str(store / "state"), "XDG_CONFIG_HOME": str(home / "config"),
               "XDG_CACHE_HOME": str(home / "cache" if cold else base / "cache")}
        if cold:
            env["TACTICA_CODE_CACHE"] = "off"  # no dataclass code kept from an earlier start either
        if warm_up:
            env.pop("PYTHONDONTWRITEBYTECODE", None)  # the code cache is written as bytecode is
        return env

    if not cold:  # a player's second start: one untimed start of each program first
        for name, (argv_, mark) in programs.items():
            home = base / f"{name}-warm-up"
            store = base / f"{name}-store" if warm_store else home
            first_frame(argv_, mark, environment(name, home, store, warm_up=True), sources[name], linger=2.0)
    times: dict[str, list[float]] = {name: [] for name in programs}
    cpus: dict[str, list[float]] = {name: [] for name in programs}
    for run in range(runs):
        names = list(programs)
        for name in (names if run % 2 == 0 else names[::-1]):
            home = base / f"{name}-{run}"
            store = base / f"{name}-store" if warm_store else home  # --warm-store: the battle store kept
            argv_, mark = programs[name]
            seconds, cpu = first_frame(argv_, mark, environment(name, home, store), sources[name])
            times[name].append(seconds)
            if cpu is not None:
                cpus[name].append(cpu)
            print(json.dumps({"run": run + 1, "program": name, "seconds": round(seconds, 3),
                              "cpu_s": None if cpu is None else round(cpu, 3),
                              "load": round(os.getloadavg()[0], 2)}), flush=True)

    def median(of: dict[str, list[float]], name: str) -> float | None:
        return statistics.median(of[name]) if len(of.get(name, ())) == runs else None

    def ratio(a: float | None, b: float | None) -> float | None:
        return round(a / b, 2) if a is not None and b else None

    summary: dict[str, object] = {"runs": runs, "cache": "cold" if cold else "warm",
                                  "store": "kept" if warm_store else "fresh",
                                  "bytecode": "compiled" if compiled else "as found"}
    for unit, of in (("s", times), ("cpu_s", cpus)):
        play, bare, floor, before = (median(of, n) for n in ("play", "bare", "floor", "before"))
        if play is None or bare is None:
            continue
        suffix = "" if unit == "s" else "_cpu"
        summary |= {f"median_play_{unit}": round(play, 3), f"median_bare_{unit}": round(bare, 3),
                    f"ratio{suffix}": ratio(play, bare)}
        if floor is not None:
            summary |= {f"median_floor_{unit}": round(floor, 3), f"ratio_floor{suffix}": ratio(floor, bare),
                        f"ratio_play_floor{suffix}": ratio(play, floor)}
        if before is not None:
            summary |= {f"median_before_{unit}": round(before, 3), f"ratio_before{suffix}": ratio(before, bare),
                        f"ratio_play_before{suffix}": ratio(play, before)}
    summary |= {"cores": os.cpu_count(), "load_before": [round(x, 2) for x in load_before],
                "load_after": [round(x, 2) for x in os.getloadavg()]}
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1:])
