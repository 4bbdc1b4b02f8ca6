"""``tactica sim --jobs N``: games played in worker processes give the results of one process, in order;
Ctrl+C stops the workers and reports the games finished."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tactica import cli
from tactica.ai import sim
from tactica.ai.scenarios import battle_map, warband

ROOT = Path(__file__).resolve().parents[2]


def _small_battle() -> tuple[tuple, list]:
    return (warband(3, name="Blue"), warband(3, offset=3, name="Red")), [(battle_map(12, 12, seed=1),)]


def _without_speed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "games_per_second"}


def test_two_workers_give_the_results_and_summary_of_one_in_the_same_order():
    bands, maps = _small_battle()
    one = sim.run_games(["greedy", "random"], bands, maps, 7, 11, jobs=1)
    two = sim.run_games(["greedy", "random"], bands, maps, 7, 11, jobs=2)
    assert [r["game"] for r in two["results"]] == list(range(1, 8))
    assert _without_speed(two) == _without_speed(one)
    assert len({r["seed"] for r in one["results"]}) == 7  # seven different battles, not one seven times


def test_on_game_is_called_in_game_order_with_workers():
    bands, maps = _small_battle()
    seen: list[int] = []
    sim.run_games(["random", "random"], bands, maps, 5, 2, jobs=2, on_game=lambda n, *rest: seen.append(n))
    assert seen == [1, 2, 3, 4, 5]


def test_sealed_without_a_catalogue_is_refused_before_any_worker_starts():
    bands, maps = _small_battle()
    with pytest.raises(ValueError, match="Sealed"):  # refused before any worker starts
        sim.run_games(["random", "random"], bands, maps, 2, 0, scenario="sealed", jobs=2)


def test_a_stop_while_reporting_stops_the_run_with_the_games_finished():
    bands, maps = _small_battle()

    def stop(number: int, *rest: object) -> None:
        if number == 2:
            raise KeyboardInterrupt

    with pytest.raises(sim.SimInterrupted) as caught:
        sim.run_games(["random", "random"], bands, maps, 6, 4, jobs=2, on_game=stop)
    assert caught.value.summary["games"] == 2
    assert [r["game"] for r in caught.value.summary["results"]] == [1, 2]


def test_cli_jobs_two_prints_what_jobs_one_prints(capsys):
    out = []
    for jobs in ("1", "2"):
        assert cli.main(["sim", "--ai", "random", "--games", "3", "--seed", "5", "--jobs", jobs, "--json"]) == 0
        out.append(_without_speed(json.loads(capsys.readouterr().out)))
    assert out[0] == out[1]
    assert out[0]["games"] == 3


@pytest.mark.parametrize("bad", ["0", "-1", "two"])
def test_cli_jobs_must_be_a_positive_whole_number(bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["sim", "--jobs", bad])
    assert exit_.value.code == 2
    assert "--jobs" in capsys.readouterr().err


def test_progress_is_lines_with_the_option_and_nothing_off_a_terminal(capsys):
    from tactica.sim_command import LineProgress, NoProgress, progress_display
    args = cli.build_parser().parse_args(["sim", "--games", "4", "--progress"])
    assert type(progress_display(args, ())) is LineProgress
    args = cli.build_parser().parse_args(["sim", "--games", "4"])
    assert type(progress_display(args, ())) is NoProgress  # pytest's stderr is not a terminal


def _ctrl_c_as_in_a_terminal() -> None:
    """In the child before it runs Python: Ctrl+C's signal handled as a terminal's shell leaves it (a
    process started with SIGINT ignored keeps ignoring it, and a test process may have had it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_the_workers_and_prints_the_summary_of_the_games_finished():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tactica", "sim", "--ai", "random", "--games", "400",
                             "--jobs", "2", "--progress", "--json"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_in_a_terminal)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first game's line: the workers are playing
    assert first.startswith("game 1/400"), first
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 130, err
    summary = json.loads(out)
    assert 1 <= summary["games"] < 400
    numbers = [r["game"] for r in summary["results"]]
    assert numbers[0] == 1 and numbers == sorted(set(numbers))  # in game order (a later game may have ended first)
    assert f"interrupted after {summary['games']} of 400 games" in err
    assert "Traceback" not in err


def test_on_a_terminal_the_bar_counts_the_games_finished(monkeypatch):
    from tactica import sim_command
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    args = cli.build_parser().parse_args(["sim", "--games", "3"])
    bar = sim_command.progress_display(args, ())
    assert isinstance(bar, sim_command.BarProgress)
    with bar:
        bar.on_game(1, None, 0.1, [], ())  # type: ignore[arg-type]
        bar.on_game(2, None, 0.1, [], ())  # type: ignore[arg-type]
        assert bar.bar.tasks[0].completed == 2 and bar.bar.tasks[0].total == 3
