"""``tactica balance``: its command line, its exit statuses and its outputs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactica.cli import main

ROOT = Path(__file__).resolve().parents[2]
BAND = str(ROOT / "tactica" / "data" / "warbands" / "silverhelm-vanguard.yaml")


def _run(capsys, *argv):
    code = main(["balance", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_balance_map_prints_figures_as_json_and_writes_the_html(capsys, tmp_path):
    page = tmp_path / "r.html"
    code, out, err = _run(capsys, "map", "--warband", BAND, "--ai", "random", "--games", "1", "--jobs", "1",
                          "--json", "--html", str(page))
    assert code == 0, err
    figures = json.loads(out)
    assert figures["battles"] == 1 and set(figures["areas"]) == {"A", "B"}
    assert figures["pairings"][0]["warbands"] == ["Silverhelm Vanguard", "Silverhelm Vanguard"]
    assert page.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert f"HTML report written to {page}" in err


@pytest.mark.parametrize(("argv", "said"), [
    (["warbands", "--warband", BAND], "at least two warbands"),
    (["cards", "--warband", BAND], "give --warband twice or more, or none"),
])
def test_balance_refuses_a_bad_command_line_with_status_2(capsys, argv, said):
    code, _, err = _run(capsys, *argv)
    assert code == 2 and said in err and "Traceback" not in err


@pytest.mark.parametrize(("argv", "said"), [
    (["--ai", "grandmaster"], "argument --ai: unknown AI level 'grandmaster'; choose one of "),
    (["--games", "0"], "argument --games: '0': --games is a whole number of battles, at least 1"),
])
def test_balance_bad_level_or_count_is_a_usage_error_in_the_words_of_play_and_sim(capsys, argv, said):
    with pytest.raises(SystemExit) as stopped:
        main(["balance", "map", *argv])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.startswith("usage: tactica balance map")
    assert f"tactica balance map: error: {said}" in err


def test_balance_html_into_a_folder_is_refused(capsys, tmp_path):
    code, _, err = _run(capsys, "map", "--html", str(tmp_path))
    assert code == 2 and "a folder" in err


def test_balance_a_bad_map_file_is_reported_with_its_position(capsys, tmp_path):
    bad = tmp_path / "m.yaml"
    bad.write_text("id: m\nname: M\nterrain: 5\n")
    code, _, err = _run(capsys, "map", "--map", str(bad))
    assert code == 1 and f"{bad}:3:" in err


def test_balance_needs_a_report_kind(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["balance"])
    assert stopped.value.code == 2


def test_balance_html_into_a_missing_folder_is_refused_before_any_battle(capsys, tmp_path, monkeypatch):
    from tactica.balance import arena

    def no_battles(*_a, **_k):
        raise AssertionError("battles were played before the --html check")
    monkeypatch.setattr(arena, "map_balance", no_battles)
    code, _, err = _run(capsys, "map", "--html", str(tmp_path / "nowhere" / "r.html"))
    assert code == 2 and "does not exist" in err and "nowhere" in err


def test_balance_off_a_terminal_says_its_progress_in_plain_lines_and_never_cuts_names(capsys):
    code, out, err = _run(capsys, "map", "--warband", BAND, "--ai", "random", "--games", "1", "--jobs", "1")
    assert code == 0, err
    assert "tactica balance: 1 of 1 battles played" in err
    assert "start area A" in out and "…" not in out


def test_balance_after_ctrl_c_prints_the_partial_report_and_exits_130(capsys, monkeypatch):
    from tactica.balance import arena
    from tactica.balance.arena import Battle, MapBalance
    from tactica.balance.stats import Rate
    partial = MapBalance("Field", "random", [Battle(("W", "W"), 0, 0, ("A", "B"), (9, 3), ((), ()), (200, 200))],
                         areas={"A": Rate(1, 1), "B": Rate(0, 1)}, first=Rate(1, 1), planned=40)
    monkeypatch.setattr(arena, "map_balance", lambda *a, **k: partial)
    code, out, err = _run(capsys, "map", "--warband", BAND, "--ai", "random", "--jobs", "1")
    assert code == 130
    assert "interrupted after 1 of 40 battles; the report below counts those alone" in err
    assert "(partial)" in out and "Interrupted: 1 of 40 battles were played" in out
    monkeypatch.setattr(arena, "map_balance", lambda *a, **k: MapBalance("Field", "random", [], planned=40))
    code, out, err = _run(capsys, "map", "--warband", BAND, "--ai", "random", "--jobs", "1")
    assert (code, out) == (130, "") and "interrupted before any battle finished; no report" in err


def test_balance_names_a_mismatched_pair_of_warbands_once(capsys):
    big = str(ROOT / "tactica" / "data" / "warbands" / "cinderscale-horde.yaml")
    code, _, err = _run(capsys, "map", "--warband", big, "--warband", BAND, "--games", "1")
    assert code == 1 and err.count("built for different battle sizes") == 1, err


def test_the_run_says_first_how_many_battles_it_plays_and_what_games_counts(capsys):
    """s22 newcomer: --games 4 played 16 battles, said only after the fact.  The first line says so."""
    from tactica.balance.command import plan_words
    assert plan_words(16, 4) == ("16 battles: 4 for each of 4 ordered warband pairings "
                                 "(--games counts the battles of one pairing)")
    assert plan_words(100, 100) == "100 battles" and plan_words(1, 1) == "1 battle"  # Sealed pools: one count
    other = BAND.replace("silverhelm-vanguard", "broken-tusk-raiders")
    code, _, err = _run(capsys, "map", "--warband", BAND, "--warband", other, "--ai", "random", "--games", "1",
                        "--jobs", "1", "--json")
    assert code == 0, err
    assert err.splitlines()[0] == ("tactica balance: 4 battles: 1 for each of 4 ordered warband pairings "
                                   "(--games counts the battles of one pairing)")
