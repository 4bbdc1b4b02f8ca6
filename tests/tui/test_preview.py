"""``tactica preview``: a map file drawn with Rich, coordinates on the edges, a legend, an SVG."""
from __future__ import annotations

import argparse
import io
from pathlib import Path

from rich.console import Console

from tactica.cli import main
from tactica.content import load_map, shipped_maps
from tactica.tui.preview import cell, run_preview

BAD = Path(__file__).parents[1] / "content" / "fixtures" / "bad"
WARN = Path(__file__).parents[1] / "content" / "fixtures" / "warn"
HILL = next(p for p in shipped_maps() if p.stem == "watchtower-hill")


def _draw(path: Path, color: bool = False) -> tuple[int, str]:
    console = Console(record=True, width=120, color_system="truecolor" if color else None,
                      force_terminal=color, file=io.StringIO())
    status = run_preview(argparse.Namespace(file=str(path), svg=None), console)
    return status, console.export_text()


def test_preview_draws_rows_with_coordinates_and_a_legend():
    status, text = _draw(HILL)
    assert status == 0
    lines = text.splitlines()
    assert lines[0].startswith("Watchtower Hill  22×15 squares · start areas A: 8, B: 8 squares")
    assert lines[2].split() == [str(n) for n in range(1, 23)]  # column numbers along the top
    assert lines[3 + 15].split() == [str(n) for n in range(1, 23)]  # and along the bottom
    row7 = lines[3 + 6]
    assert row7.split()[0] == "7" and row7.split()[-1] == "7"  # row numbers on both sides
    assert " A A^  ^ " in row7 and " B  B " in row7  # zone letters without colours (A^: on difficult ground)
    assert "start area A (picked at setup)" in text and "player 1" not in text
    assert "VP zone: who starts in B scores here" in text
    assert "difficult (costs 2 to enter)" in text and "teleporter" not in text  # only the kinds it has


def test_preview_legend_lists_only_what_the_map_has():
    """A map without forest, pits or teleporters gets no legend entry for them; its VP zones are
    named as the battle screen's legend names them before the areas are chosen (issue 20)."""
    path = next(p for p in shipped_maps() if p.stem == "crossroads-ruin")
    m = load_map(path)
    kinds = {t.value for row in m.terrain for t in row}
    status, text = _draw(path)
    assert status == 0
    for kind, words in (("forest", "forest (costs 2, cover)"), ("pit", "pit (fliers only)"),
                        ("teleporter", "teleporter"), ("low-obstacle", "low obstacle")):
        assert (words in text) == (kind in kinds), kind
    assert "who starts in A scores here" in text and "scores for A" not in text


def test_preview_squares_match_the_battle_map_look():
    m = load_map(HILL)
    assert cell(m, (2, 1))[0] == "███"  # wall
    assert cell(m, (17, 1))[0] == " ^ "  # difficult
    assert cell(m, (7, 3))[0] == "◆^ " and cell(m, (13, 10))[0] == " ◆ "  # VP zones (on difficult ground: both)
    assert cell(m, (0, 6))[0] == " . " and cell(m, (0, 6), plain=True)[0] == " A "


def test_preview_writes_an_svg(tmp_path, capsys):
    out = tmp_path / "hill.svg"
    assert main(["preview", str(HILL), "--svg", str(out)]) == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and "Watchtower" in svg
    assert f"wrote {out}" in capsys.readouterr().err


def test_preview_of_a_broken_map_prints_the_validator_lines(capsys):
    path = BAD / "map_ragged_row.yaml"
    assert main(["preview", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == f"{path}:6:12: error: row 3 of the terrain is 9 squares wide; expected 10 like row 1\n"
    assert "Traceback" not in out + err


def test_preview_of_a_warband_file_is_an_error(capsys):
    path = BAD.parent / "good" / "warband.yaml"
    assert main(["preview", str(path)]) == 1
    assert "expected a map file" in capsys.readouterr().out


def test_preview_shows_warnings_under_the_map():
    status, text = _draw(WARN / "map_favours_one_side.yaml")
    assert status == 0 and "warning: the map may favour one side" in " ".join(text.split())


CROSSROADS = next(p for p in shipped_maps() if p.stem == "crossroads-ruin")


def test_preview_piped_prints_every_column_of_a_wide_map(capsys):
    assert main(["preview", str(CROSSROADS)]) == 0  # capsys: standard output is not a terminal
    lines = capsys.readouterr().out.splitlines()
    assert load_map(CROSSROADS).width == 30
    assert lines[2].split() == [str(n) for n in range(1, 31)]  # all 30 columns, not 25
    assert lines[3].split()[0] == "1" and lines[3].split()[-1] == "1"  # the right row numbers too
    assert "not shown" not in "\n".join(lines)


def test_preview_in_a_narrow_terminal_says_which_columns_are_hidden():
    import io
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    assert run_preview(argparse.Namespace(file=str(CROSSROADS), svg=None), console) == 0
    text = out.getvalue()
    assert text.splitlines()[2].split()[:25] == [str(n) for n in range(1, 26)]
    shown = " ".join(text.split())
    assert "columns 26–30 of 30 not shown: the terminal is 80 columns wide and the map needs 98" in shown


def test_preview_in_plain_text_shows_a_start_areas_ground_beside_its_letter(tmp_path):
    """s22 newcomer: in plain text a forest square inside start area A showed as "A" alone."""
    import yaml
    data = yaml.safe_load(HILL.read_text(encoding="utf-8"))
    rows = data["terrain"].splitlines()
    rows[6] = "^" + rows[6][1:]  # (0, 6), a square of start area A, made difficult
    data["terrain"] = "\n".join(rows) + "\n"
    path = tmp_path / "hill.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    m = load_map(path)
    assert cell(m, (0, 6), plain=True)[0] == "A^ " and cell(m, (0, 6))[0] == " ^ "
    assert cell(m, (0, 7), plain=True)[0] == " A "  # clear ground: the letter alone, as before


def test_preview_and_validate_take_a_shipped_maps_name_as_play_does(capsys):
    """s22 newcomer: ``tactica preview watchtower-hill`` said "cannot read file" though ``play --map``
    takes the same name."""
    assert main(["preview", "watchtower-hill"]) == 0
    out = capsys.readouterr().out
    assert "Watchtower Hill" in out
    assert str(HILL) in out.splitlines()  # piped: the path whole (s22 newcomer: cut at 80 columns)
    assert main(["validate", "watchtower-hill"]) == 0
    try:
        main(["preview", "watchtower-hil"])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("a name that is no shipped map is a usage error")
    assert "the shipped maps: " in capsys.readouterr().err


def test_piped_preview_prints_a_long_path_whole(tmp_path, capsys):
    """s22 newcomer: piped, the map's path line was cut to the map's width (an installed copy's long path)."""
    deep = tmp_path / ("folder-" * 12) / "hill.yaml"
    deep.parent.mkdir(parents=True)
    deep.write_text(HILL.read_text(encoding="utf-8"), encoding="utf-8")
    assert len(str(deep)) > 100
    assert main(["preview", str(deep)]) == 0
    assert str(deep) in capsys.readouterr().out.splitlines()
