"""``tactica validate``: one problem per line, exit 0 / 1, never a traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tactica.cli import main
from tactica.content import shipped_card_files, shipped_maps, shipped_warbands

HERE = Path(__file__).parent
BAD = HERE / "fixtures" / "bad"
DATA = shipped_maps()[0].parent.parent


def test_validate_shipped_content_exits_0(capsys):
    assert main(["validate", str(DATA)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    n = len(shipped_card_files()) + len(shipped_maps()) + len(shipped_warbands())
    n += len(list((DATA / "tutorial").glob("*.yaml")))  # the tutorial's map and warbands (tactica tutorial)
    assert f"{n} file(s) OK" in err


def test_validate_broken_file_prints_position_and_exits_1(capsys):
    path = BAD / "map_ragged_row.yaml"
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == f"{path}:6:12: error: row 3 of the terrain is 9 squares wide; expected 10 like row 1\n"
    assert "Traceback" not in out + err


def test_validate_every_broken_fixture_without_a_traceback(capsys):
    assert main(["validate", str(BAD)]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert "Traceback" not in out + err
    files = {line.split(":")[0] for line in lines}
    assert files == {str(p) for p in BAD.glob("*.yaml")}  # every broken file reports something
    assert all(": error: " in line for line in lines)


def test_validate_uses_card_files_given_with_the_warband(capsys):
    good = HERE / "fixtures" / "good"
    assert main(["validate", str(good / "cards.yaml"), str(good / "warband.yaml")]) == 0
    assert main(["validate", str(good / "warband.yaml")]) == 1  # without them the cards are unknown
    out, _ = capsys.readouterr()
    assert "unknown card 'test-soldier'" in out


def test_validate_missing_path(capsys):
    assert main(["validate", "no/such/file.yaml"]) == 1
    out, _ = capsys.readouterr()
    assert out == "no/such/file.yaml: error: no such file or folder\n"


def test_validate_in_a_subprocess():
    bad = BAD / "warband_unknown_card.yaml"
    run = subprocess.run([sys.executable, "-m", "tactica", "validate", str(bad)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stdout == (f"{bad}:5:5: error: unknown card 'gatehouse-crossbowmen'; "
                          "did you mean 'gatehouse-crossbowman'? (a card of your own needs its file: --cards FILE)\n")
    assert "Traceback" not in run.stderr
    ok = subprocess.run([sys.executable, "-m", "tactica", "validate", str(DATA)],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and ok.stdout == ""


WARN = HERE / "fixtures" / "warn"


def test_warnings_are_printed_but_exit_0(capsys):
    assert main(["validate", str(WARN)]) == 0
    out, err = capsys.readouterr()
    unfair, lopsided = WARN / "map_favours_one_side.yaml", WARN / "map_unfair.yaml"
    assert out.splitlines() == [
        f"{unfair}:12:11: warning: the map may favour one side: VP zone 'a' is 7 squares from start area "
        "'A', VP zone 'b' is 9 squares from 'B'",
        f"{lopsided}:12:5: warning: VP zone 'a' scores for the player who starts in 'A' but lies nearer "
        "start area 'A' (1 square) than 'B' (8); it usually lies on B's side [SCN-ASSAULT]",
        f"{lopsided}:12:12: warning: VP zone 'b' scores for the player who starts in 'B' but lies nearer "
        "start area 'B' (1 square) than 'A' (8); it usually lies on A's side [SCN-ASSAULT]"]
    assert "2 file(s) OK, 3 warning(s)" in err


def test_a_map_with_warnings_still_loads():
    from tactica.content import load_map
    assert load_map(WARN / "map_unfair.yaml").name == "Lopsided Field"


def test_errors_and_warnings_together_exit_1(capsys):
    assert main(["validate", str(WARN), str(BAD / "map_ragged_row.yaml")]) == 1
    _, err = capsys.readouterr()
    assert "1 error(s), 3 warning(s) in 1 path(s); 3 file(s) read" in err


def test_a_misspelt_kind_key_is_reported_as_a_misspelling(capsys):
    path = BAD / "warband_misspelt_key.yaml"
    assert main(["validate", str(path)]) == 1
    out, _ = capsys.readouterr()
    assert out == f"{path}:4:1: error: unknown key 'creaturs' in the warband; did you mean 'creatures'?\n"


def test_an_odd_first_row_is_blamed_alone_not_every_other_row(tmp_path, capsys):
    from tactica.cli import main

    path = tmp_path / "odd.yaml"
    path.write_text("id: odd\nname: Odd\nterrain: |\n  ...........\n  ..........\n  ..........\n  ..........\n"
                    "zones: |\n  A........B\n  A........B\n  a........b\n  ..........\n")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    lines = [line for line in (err.out + err.err).splitlines() if "squares wide" in line]
    assert lines == [f"{path}:4:13: error: row 1 of the terrain is 11 squares wide; expected 10 like row 2"]


def test_the_summary_names_the_one_file_checked_and_a_missing_path_reads_plainly(capsys):
    """s22 newcomer: "validate watchtower-hill" said "1 file(s) OK" without the file it found, and a
    missing path "1 error(s) in 1 file(s); 0 file(s) checked"."""
    hill = next(p for p in shipped_maps() if p.stem == "watchtower-hill")
    assert main(["validate", "watchtower-hill"]) == 0
    assert capsys.readouterr().err.strip().endswith(f"1 file(s) OK: {hill}")
    assert main(["validate", "no-such-file.yaml"]) == 1
    assert capsys.readouterr().err.strip() == "1 error(s) in 1 path(s); 0 file(s) read"
