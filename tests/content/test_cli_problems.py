"""Content problems as the commands show them: every mistake of every file, capped, once, no traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from tactica import cli
from tactica.content import ContentError, Problem, load_map
from tactica.content.problems import SHOWN_PER_FILE, report_lines
from tactica.content.schema import MAX_PROBLEMS

BAD = Path(__file__).parent / "fixtures" / "bad"
MAP = str(BAD / "map_many_faults.yaml")
BAND = str(BAD / "warband_many_faults.yaml")


def _lines_of(path: str, loader) -> list[str]:
    with pytest.raises(ContentError) as caught:
        loader(path)
    return [str(p) for p in caught.value.problems]


@pytest.fixture
def expected() -> list[str]:
    from tactica.content import load_warband
    return _lines_of(BAND, load_warband) + _lines_of(MAP, load_map)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("command", ["sim", "play"])
def test_every_mistake_of_every_file_is_shown_once(capsys, monkeypatch, tmp_path, command, expected):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    assert len(expected) == 11  # 5 in the warband, 6 in the map
    code, out, err = _run(capsys, command, "--map", MAP, "--warband", BAND, "--warband", BAND)
    assert code == 1  # a bad file: 1 in every command
    assert err.splitlines() == expected  # warbands first, then the map; each file's in file order
    assert "Traceback" not in err and out == ""


def test_sim_missing_file_says_error_once(capsys):
    code, out, err = _run(capsys, "sim", "--map", "nope.yaml")
    assert code == 1 and out == ""
    assert err == "nope.yaml: error: cannot read file: No such file or directory\n"


def test_sim_bad_arguments_say_error_once(capsys):
    with pytest.raises(SystemExit) as stopped:
        _run(capsys, "sim", "--games", "0")
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.count("error") == 1
    assert err.endswith("tactica sim: error: argument --games: '0': --games is a whole number of battles, "
                        "at least 1\n")


def _unknown_cards(tmp_path: Path, n: int) -> str:
    path = tmp_path / "typos.yaml"
    path.write_text("name: Typos\nfaction: Civilization\ncreatures:\n"
                    + "".join(f"  - no-such-card-{i}\n" for i in range(n)))
    return str(path)


@pytest.mark.parametrize("command", ["sim", "play"])
def test_a_file_with_many_problems_shows_the_first_ten_and_how_many_more(capsys, monkeypatch, tmp_path,
                                                                           command):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    band = _unknown_cards(tmp_path, 14)
    code, _, err = _run(capsys, command, "--warband", band, "--warband", band)
    lines = err.splitlines()
    assert code != 0 and len(lines) == SHOWN_PER_FILE + 1
    assert lines[0] == (f"{band}:4:5: error: unknown card 'no-such-card-0': neither a shipped card nor in a "
                        "--cards file (a card of your own needs its file: --cards FILE)")
    assert lines[9].startswith(f"{band}:13:5: error: unknown card 'no-such-card-9'")
    assert lines[10] == f"{band}: note: 4 more problems in this file; 'tactica validate {band}' lists them all"
    code, out, _ = _run(capsys, "validate", band)
    assert code == 1 and len(out.splitlines()) == 14  # validate lists every one


def test_report_lines_caps_each_file_and_keeps_file_order():
    problems = [Problem("a.yaml", i, 1, f"a{i}") for i in range(1, 4)] + [Problem("b.yaml", 2, 3, "b")]
    assert report_lines(problems, limit=2) == [
        "a.yaml:1:1: error: a1", "a.yaml:2:1: error: a2",
        "a.yaml: note: 1 more problem in this file; 'tactica validate a.yaml' lists them all",
        "b.yaml:2:3: error: b"]
    assert report_lines(problems) == [str(p) for p in problems]


def test_a_file_past_the_problem_limit_ends_with_how_many_more(tmp_path):
    band = _unknown_cards(tmp_path, MAX_PROBLEMS + 7)
    with pytest.raises(ContentError) as caught:
        from tactica.content import load_warband
        load_warband(band)
    problems = caught.value.problems
    assert len(problems) == MAX_PROBLEMS + 1
    assert [p.line for p in problems[:MAX_PROBLEMS]] == list(range(4, 4 + MAX_PROBLEMS))  # file order
    last = problems[-1]
    assert last.more == 7 and last.message.startswith("7 more errors not shown")
    assert report_lines(problems)[-1].startswith(f"{band}: note: {MAX_PROBLEMS + 7 - SHOWN_PER_FILE} more problems")


def test_one_warband_for_three_players_says_once(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    code, _, err = _run(capsys, "play", "--players", "3", "--warband", BAND)
    assert code == 2  # the command line names the files the wrong number of times
    assert err == "error: --warband was given once; give it once per player (3) or not at all\n"


def test_a_warband_using_cards_of_a_broken_card_file_says_so(capsys, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text("cards:\n  - id: test-goblin\n    name: Test Goblin\n    cost: five\n    alignment: Evil\n"
                     "    factions: [Borderlands]\n    level: 1\n    ac: 14\n    def: 12\n    speed: 6\n"
                     "    hp: 10\n    attacks:\n      - {name: Blade, type: melee, bonus: 5, vs: AC, damage: 5}\n")
    band = tmp_path / "band.yaml"
    band.write_text("name: B\nfaction: Borderlands\ncreatures:\n  - test-goblin\n  - test-gobln\n")
    code, out, _ = _run(capsys, "validate", str(cards), str(band))
    assert code == 1
    assert out.splitlines() == [
        f"{cards}:4:11: error: expected a whole number for the cost of card 'test-goblin'; got text 'five'",
        f"{band}:4:5: error: card 'test-goblin' is defined in {cards}, which has problems; fix them first",
        f"{band}:5:5: error: unknown card 'test-gobln'; did you mean 'test-goblin'? (a card of your own needs "
        "its file: --cards FILE)"]


def test_spaces_after_a_row_are_ignored_and_a_space_inside_one_is_named(tmp_path):
    rows = "terrain: |\n  ..........  \n  ..........\nzones: |\n  AAAAA....b\t\n  a....BBBBB \n"
    trailing = tmp_path / "trailing.yaml"
    trailing.write_text("name: Trailing\npoints: 100\n" + rows)
    assert load_map(trailing).width == 10  # invisible spaces are not squares
    inside = tmp_path / "inside.yaml"
    inside.write_text("name: Inside\npoints: 100\n" + rows.replace("  ..........\n", "  ..... ....\n"))
    assert _lines_of(str(inside), load_map) == [
        f"{inside}:5:8: error: unknown terrain symbol ' ' (a space) (row 2, column 6); the legend has '#', '%', "
        "'*', '+', '.', '@', 'O', 'S', 'T', '^', '_', '◢', '◣', '◤', '◥'"]


def test_an_empty_creature_list_reads_as_english(tmp_path):
    band = tmp_path / "empty.yaml"
    band.write_text("name: Empty\nfaction: Wild\ncreatures: []\n")
    from tactica.content import load_warband
    assert _lines_of(str(band), load_warband) == [
        f"{band}:3:12: error: empty list for the creatures; expected at least one entry"]
