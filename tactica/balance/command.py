"""The ``tactica balance`` command: its arguments, its files, its battles, its report.

``tactica balance map``, ``balance warbands`` and ``balance cards`` (see
``arena`` for what each measures) print a table with 95% intervals and, with
``--html FILE``, write the self-contained HTML report with charts; with
``--json``, the figures as one JSON object.  Exit statuses as ``tactica sim``:
0; 1 for a bad content file or a broken battle; 2 for a bad command line;
130 after Ctrl+C (with the report of the battles finished before it, marked
partial, when there are any).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from tactica import content
from tactica.ai import sim
from tactica.content import ContentError
from tactica.content.problems import report_lines
from tactica.content.shipped import shipped_warbands
from tactica.engine import MapDef, WarbandDef, check_battle, module_conflict

from . import arena, report


class _Bar:
    """Progress on stderr while the battles are played: a Rich bar on a terminal, else a plain line
    at every tenth of the battles (so a log file or a CI job shows the run is alive)."""

    def __init__(self, on: bool, games: int = 0) -> None:
        self.bar: Any = None
        self.said = 0
        self.games = games  # --games: battles per ordered pairing, where there are pairings
        if on:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
            self.bar = Progress(TextColumn("battles"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                console=Console(file=sys.stderr), transient=True)
            self.task = self.bar.add_task("battles", total=None)
            self.bar.start()

    def __call__(self, done: int, total: int) -> None:
        if done == 0:  # the arena's call before the first battle: --games counts battles per pairing (s22)
            print(f"tactica balance: {plan_words(total, self.games)}", file=sys.stderr, flush=True)
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)
            return
        step = max(1, total // 10)
        if done == total or done - self.said >= step:
            self.said = done
            print(f"tactica balance: {done} of {total} battles played", file=sys.stderr, flush=True)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def plan_words(total: int, games: int) -> str:
    """What a run will play, said before its first battle: "16 battles: 4 for each of 4 ordered warband
    pairings (--games counts the battles of one pairing)", or "100 battles" where ``total`` is
    ``games`` itself (Sealed pools: one count)."""
    if games < 1 or total <= games or total % games:
        return "1 battle" if total == 1 else f"{total} battles"
    pairings = total // games
    return (f"{total} battles: {games} for each of {pairings} ordered warband pairings "
            "(--games counts the battles of one pairing)")


def _html_refusal(out: Path) -> str:
    """Why the HTML report cannot be written to ``out`` ("" when it can), checked before any battle."""
    if out.is_dir():
        return f"--html {out}: a folder; give a file name such as report.html"
    folder = out.parent
    if not folder.is_dir():
        return f"--html {out}: the folder {folder} does not exist; create it first or name another file"
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        return f"--html {out}: cannot write there (permission denied)"
    return ""


def _error(message: str) -> None:
    for line in message.splitlines():
        print(f"tactica balance: error: {line}", file=sys.stderr)


def cluster_runner(address: str | None, command: str = "balance") -> sim.Runner | None | int:
    """The runner of ``--cluster ADDRESS`` (None without it), or 2 after an error line when Dask
    distributed is not installed."""
    if not address:
        return None
    try:
        from tactica.ai.cluster import on_cluster  # Dask is optional: loaded only for --cluster
    except ImportError:
        print(f"tactica {command}: error: --cluster needs Dask distributed: pip install 'tactica[cluster]'",
              file=sys.stderr)
        return 2
    return on_cluster(address)


def _files(args: argparse.Namespace) -> tuple[list[WarbandDef], tuple[MapDef, ...], dict]:
    """The warbands, maps and catalogue the report is given, with the defaults of each report.

    Raises ContentError for a bad file, ValueError for files that make no battle.
    """
    paths = list(args.warband or [])
    if args.report == "warbands" and not paths:
        paths = [str(p) for p in shipped_warbands()]
    if args.report == "map" and len(args.map or []) > 1:
        raise ValueError("balance map measures one map: give --map once")
    if len(args.map or []) > 2:
        raise ValueError("give --map once or twice")
    bands, maps, catalogue = content.load_battle_files(paths, args.map or [], args.cards or [])
    if args.report == "warbands" and not args.warband:
        bands = [b for b in bands if b.point_limit == 200]
    if args.report == "map" and not bands:
        bands = list(content.default_warbands(2, maps[0].points if maps else 200))
    if args.report in ("warbands",) and len(bands) < 2:
        raise ValueError("balance warbands compares at least two warbands: give --warband twice or more")
    if args.report == "cards" and len(bands) == 1:
        raise ValueError("balance cards compares warbands: give --warband twice or more, or none (Sealed pools)")
    all_maps = tuple(maps) or (content.default_map(2, (), bands[0].point_limit if bands else 200),)
    pairs = [(a, b) for i, a in enumerate(bands) for b in bands[i:]]  # each pair once: a problem is said once
    problems = [p.message for a, b in pairs for p in check_battle((a, b), all_maps, ())]
    modules = tuple(args.rules or ())
    for m in all_maps:
        clash = module_conflict(modules + m.rules)
        if clash:
            problems.append(clash)
    if problems:
        raise ValueError("\n".join(dict.fromkeys(problems)))
    return bands, all_maps, catalogue


def run_balance(args: argparse.Namespace) -> int:
    """Back ``tactica balance REPORT``: play the battles, print the report, write ``--html``.

    Returns the exit status (see the module's doc).
    """
    # --ai and --games were checked by the command line (``cli._ai_level``, ``cli._games``)
    games = args.games if args.games is not None else (100 if args.report == "cards" and not args.warband else 10)
    if args.html:
        refusal = _html_refusal(Path(args.html))
        if refusal:
            _error(refusal)
            return 2
    try:
        bands, maps, catalogue = _files(args)
    except ContentError as err:
        for line in report_lines(err.problems):
            print(line, file=sys.stderr)
        return 1
    except ValueError as err:
        _error(str(err))
        return 2 if "give --" in str(err) else 1
    jobs = args.jobs or sim.default_jobs()
    runner = cluster_runner(args.cluster)
    if isinstance(runner, int):
        return runner
    modules = tuple(args.rules or ())
    bar = _Bar(sys.stderr.isatty(), games)
    found: report.Found
    try:
        if args.report == "map":
            found = arena.map_balance(maps[0], bands, args.ai, games, args.seed, jobs=jobs, modules=modules,
                                      on_game=bar, runner=runner)
        elif args.report == "warbands":
            found = arena.warband_matrix(bands, maps, args.ai, games, args.seed, jobs=jobs, modules=modules,
                                         on_game=bar, runner=runner)
        else:
            found = arena.card_balance(catalogue, maps, args.ai, games, args.seed, warbands=bands, jobs=jobs,
                                       modules=modules, on_game=bar, runner=runner)
    except sim.SimError as err:
        bar.stop()
        _error(str(err))
        return 1
    except KeyboardInterrupt:
        bar.stop()
        print("tactica balance: interrupted before any battle finished; no report", file=sys.stderr)
        return 130
    bar.stop()
    if found.planned:
        if not report.played(found):
            print("tactica balance: interrupted before any battle finished; no report", file=sys.stderr)
            return 130
        print(f"tactica balance: interrupted after {report.played(found)} of {found.planned} battles; "
              "the report below counts those alone", file=sys.stderr)
    if args.json:
        print(json.dumps(found.as_dict()))
    else:
        from rich.console import Console
        console = Console()
        shown = report.tables(found)
        if not console.is_terminal:  # a file or a pipe: as wide as the table needs, names never cut
            console = Console(width=max(80, console.measure(shown).maximum))
        console.print(shown)
    if args.html:
        try:
            Path(args.html).write_text(report.html(found), encoding="utf-8")
        except OSError as err:
            _error(f"cannot write --html {args.html}: {err.strerror or err}")
            return 1
        print(f"HTML report written to {args.html}", file=sys.stderr)
    return 130 if found.planned else 0
