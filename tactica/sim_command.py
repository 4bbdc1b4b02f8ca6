"""The ``tactica sim`` command: its files read, its command line checked, its battles played, its report printed.

The battles themselves are ``tactica.ai.sim``'s (``run_games``); this module
adds what a command needs and a headless package must not load: the content
files (YAML, ``tactica.content``), the checks of the command line with their
exit statuses, and the output on stdout and stderr.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tactica import content
from tactica.ai import sim  # called as sim.run_games and so on: tests may stand in for them
from tactica.content import ContentError
from tactica.content.problems import report_lines
from tactica.engine import MapDef, WarbandDef, check_battle, module_conflict


class UsageError(ValueError):
    """The command line of ``tactica sim`` is at fault (exit status 2, as argparse's errors)."""


def load_sim_files(args: argparse.Namespace, players: int = 2, teams: tuple[int, ...] = ()
                   ) -> tuple[tuple[WarbandDef, ...], tuple[MapDef, ...], dict]:
    """The warbands, maps and card catalogue of ``tactica sim``'s games.

    Raises UsageError for files named the wrong number of times,
    ContentError for bad files (every problem of every file), ValueError
    when the warbands and maps do not make a battle (WB-8).
    """
    paths = args.warband or []
    if len(paths) not in (0, 1, players):
        raise UsageError(f"give --warband once (every player brings it), {players} times (one per player, "
                         "in seat order) or not at all")
    if len(paths) == 1:
        paths = paths * players  # as in 'tactica play': one warband file means everyone brings it
    map_paths = args.map or []
    if len(map_paths) > 2:
        raise UsageError("give --map once or twice")
    loaded, given_maps, catalogue = content.load_battle_files(paths, map_paths, getattr(args, "cards", None) or ())
    maps = tuple(given_maps)
    bands = tuple(loaded) or content.default_warbands(
        players, maps[0].points if maps else 200)  # WB-8: shipped warbands of the map's battle size
    maps = maps or (content.default_map(players, teams, bands[0].point_limit),)
    lines = []
    for p in check_battle(bands, maps, teams):
        where = map_paths[p.index] if p.code == "map-size" and p.index is not None and p.index < len(map_paths) else ""
        lines.append(f"{where}: {p.message}" if where else p.message)
    modules = tuple(getattr(args, "rules", None) or ())
    for i, m in enumerate(maps):  # a map's rules: with --rules (G5E-SPLIT: grid35 and grid5e never together)
        clash = module_conflict(modules + m.rules)
        if clash:
            lines.append(f"{map_paths[i]}: {clash}" if i < len(map_paths) else clash)
    if lines:
        raise ValueError("\n".join(lines))
    return bands, maps, catalogue


class LineProgress:
    """One stderr line per finished game (``--progress``); ``on_game`` is ``run_games``' callback."""

    def __init__(self, games: int, teams: tuple[int, ...]) -> None:
        self.games, self.teams = games, teams

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def on_game(self, number: int, result: sim.BattleResult, seconds: float, seat_levels: list[str],
                order: Sequence[int]) -> None:
        """Print the game's line (``sim.progress_line``)."""
        print(sim.progress_line(number, self.games, result, seconds, seat_levels, order, self.teams),
              file=sys.stderr, flush=True)


class BarProgress(LineProgress):
    """A Rich progress bar on stderr (a terminal): games finished, rate and time left; gone when done."""

    def __init__(self, games: int, teams: tuple[int, ...]) -> None:
        super().__init__(games, teams)
        # Rich only when a bar is shown: off a terminal 'tactica sim' loads no interface library (a lazy start)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
        self.bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(file=sys.stderr), transient=True)
        self.task = self.bar.add_task("games", total=games)

    def __enter__(self) -> BarProgress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    def on_game(self, number: int, result: sim.BattleResult, seconds: float, seat_levels: list[str],
                order: Sequence[int]) -> None:
        """Move the bar on by one game."""
        self.bar.advance(self.task)


class NoProgress(LineProgress):
    """No progress at all (stderr is not a terminal and ``--progress`` was not given)."""

    def on_game(self, number: int, result: sim.BattleResult, seconds: float, seat_levels: list[str],
                order: Sequence[int]) -> None:
        """Say nothing."""


def progress_display(args: argparse.Namespace, teams: tuple[int, ...]) -> LineProgress:
    """How ``tactica sim`` shows its progress: lines with ``--progress``, a bar on a terminal, else nothing."""
    if getattr(args, "progress", False):
        return LineProgress(args.games, teams)
    if sys.stderr.isatty():
        return BarProgress(args.games, teams)
    return NoProgress(args.games, teams)


def run_sim(args: argparse.Namespace) -> int:
    """Back ``tactica sim``: play ``args.games`` battles and print the summary.

    Args: the parsed namespace (map, warband, ai, games, seed, json, progress, jobs).
    ``jobs`` worker processes play the games (None: one per core); the
    results do not depend on it.  Progress goes to stderr (never stdout, so
    ``--json`` output stays one object): one line per finished game with
    ``--progress``, else a progress bar when stderr is a terminal.
    Returns the exit status: 0; 130 after Ctrl+C (the summary of the games
    finished is printed first); 1 for a bad content file (or warbands and
    maps that do not make a battle) or when a battle broke (illegal action
    or invariant; the message goes to stderr); 2 for a bad command line
    (as argparse's errors), including ``--scenario sealed`` with
    ``--warband`` (Sealed builds every warband itself).
    """
    levels = list(args.ai or [])
    players = getattr(args, "players", None) or max(2, len(levels))
    if not getattr(args, "players", None) and len(levels) > 2:  # SCN-MULTI, never silently
        kind = "teams as --teams says" if getattr(args, "teams", None) else "free-for-all"
        print(f"tactica sim: note: --ai given {len(levels)} times: {len(levels)} players, {kind} "
              f"(--players {len(levels)} says so and hides this note; for 2-player games give --ai twice)",
              file=sys.stderr)
    if not 2 <= players <= 4:
        print("tactica sim: error: --players is 2, 3 or 4", file=sys.stderr)
        return 2
    if len(levels) == 1:
        levels = levels * players
    if not levels:
        levels = ["normal", "random"] if players == 2 else ["normal"] * players
    if len(levels) != players:
        print(f"tactica sim: error: give --ai once or {players} times (one per player)", file=sys.stderr)
        return 2
    try:
        teams = sim.parse_teams(getattr(args, "teams", None), players)
    except ValueError as err:
        print(f"tactica sim: error: {err}", file=sys.stderr)
        return 2
    scenario = getattr(args, "scenario", None) or "assault"
    if scenario == "sealed" and args.warband:  # SCN-SEALED builds every warband itself; never ignore a file
        print("tactica sim: error: --scenario sealed builds every warband from random packs drawn with the "
              "seed, so it takes no --warband (give --cards to add cards of your own to the packs)",
              file=sys.stderr)
        return 2
    try:
        warbands, maps, catalogue = load_sim_files(args, players, teams)
    except Exception as err:  # never a traceback for bad content
        if isinstance(err, ContentError):  # its lines already say "path:line:col: error: ..."
            for line in report_lines(err.problems):
                print(line, file=sys.stderr)
        else:
            for line in str(err).splitlines():
                print(f"tactica sim: error: {line}", file=sys.stderr)
        return 2 if isinstance(err, UsageError) else 1
    jobs = getattr(args, "jobs", None) or sim.default_jobs()
    runner = None
    if getattr(args, "cluster", None):
        try:
            from tactica.ai.cluster import on_cluster  # Dask is optional: loaded only for --cluster
        except ImportError:
            print("tactica sim: error: --cluster needs Dask distributed: pip install 'tactica[cluster]'",
                  file=sys.stderr)
            return 2
        runner = on_cluster(args.cluster)
    show = progress_display(args, teams)
    try:
        with show:
            summary = sim.run_games(levels, warbands, [maps], args.games, args.seed, scenario=scenario,
                                    teams=teams, catalogue=catalogue, on_game=show.on_game,
                                    modules=tuple(getattr(args, "rules", None) or ()), jobs=jobs,
                                    runner=runner)
    except sim.SimError as err:
        print(f"tactica sim: error: {err}", file=sys.stderr)
        return 1
    except sim.SimInterrupted as stop:  # Ctrl+C: the workers are stopped; report what was played
        print(f"tactica sim: interrupted after {stop.summary['games']} of {args.games} games", file=sys.stderr)
        print(json.dumps(stop.summary) if args.json else sim.format_summary(stop.summary))
        return 130
    if args.json:
        print(json.dumps(summary))
    else:
        print(sim.format_summary(summary))
    return 0


__all__ = ["BarProgress", "LineProgress", "NoProgress", "UsageError", "load_sim_files", "progress_display", "run_sim"]
