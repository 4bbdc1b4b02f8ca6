"""A hostile old saves folder never stops a command: the import into the battle store names each bad
file once in one line, leaves it as it is, never a traceback, never a hang; leftover temporary files
of killed writes are removed (issue 22)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tactica import cli
from tactica.saves.db import list_saves, open_store
from tactica.saves.store import STALE_TEMP_SECONDS, remove_stale_temps

from .hostile import BAD, FRESH_TEMP, STALE_TEMP, hostile_folder

ROOT = Path(__file__).resolve().parents[2]
BAD_FILES = [stem for stem, why in BAD.items() if why]


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    hostile_folder(tmp_path / "saves")
    return tmp_path


def _refused(data: Path) -> dict[str, str]:
    """The problems of the files the store's import refused, by file stem."""
    with open_store() as store:
        refused = store.last_import.refused
    out = {}
    for problem in refused:
        name = next(n for n in os.listdir(data / "saves") if problem.startswith(f"{data / 'saves' / n}: "))
        out[Path(name).stem] = problem
    return out


def _files(saves: Path) -> dict[str, tuple]:
    return {e.name: (e.stat(follow_symlinks=False).st_mtime_ns, e.stat(follow_symlinks=False).st_size)
            for e in os.scandir(saves)}


def test_the_import_names_every_bad_file_once_and_stores_the_good_ones(data):
    before = _files(data / "saves")
    problems = _refused(data)
    assert set(problems) == set(BAD_FILES)
    for problem in problems.values():
        assert "\n" not in problem
    assert {i.id for i in list_saves() if not i.problem} == {"good", "bidi-long-name"}
    assert _refused(data) == {}  # reported once
    after = _files(data / "saves")
    del before[STALE_TEMP]  # the only file that goes: a killed write's leftover
    assert after == before  # every other file left as it was


#: What the one line of each bad file says (the field, what was expected, what was found).
WORDS = {
    "deep": "nested too deeply: more than 24 levels",
    "round-as-text": "summary.round: expected a whole number, got the text \"3\" (a number written as text)",
    "speed-fast": "warbands[0].cards[0].speed: expected a whole number, got the text \"fast\"",
    "area-as-list": "actions[0].area: expected text, got a list of 1",
    "note-player-9": "notes[0].player: expected a whole number from 0 to 1, got the number 9",
    "huge-map": "file too large: ",
    "wide-map": "maps[0].terrain: a map 300 squares tall; at most 100×100",
    "version-text": "the save's version is the text \"1\"; expected a whole number",
    "terrain-z": "maps[0].terrain[1]: unknown terrain symbol \"Z\" at square [0, 1]",
    "a-list": "not a tactica save file",
    "fifo": "a FIFO (named pipe), not a save file",
    "link-to-fifo": "a FIFO (named pipe), not a save file",
    "folder": "a folder, not a save file",
}


def test_each_bad_file_is_one_clear_line_naming_the_field_and_what_was_expected(data):
    problems = _refused(data)
    assert set(WORDS) == set(problems)
    for stem, words in WORDS.items():
        assert words in problems[stem], stem


@pytest.mark.parametrize("command", [["replay", "--verify"], ["export"], ["resume"], ["replay"]])
def test_every_command_refuses_every_bad_file_with_one_error_line(data, capsys, command):
    _refused(data)  # the import's notes are said once, by the first command
    for stem in BAD_FILES:
        for ref in (stem, str(data / "saves" / f"{stem}.json")):
            assert cli.main([*command, ref]) == 1, (command, ref)
            err = capsys.readouterr().err
            assert err.startswith(f"error: {data / 'saves' / stem}.json: ") and err.count("\n") == 1, err


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(data):
    saves = data / "saves"
    list_saves()
    assert not (saves / STALE_TEMP).exists() and (saves / FRESH_TEMP).exists()
    os.symlink(saves / "good.json", saves / ".link.abcd.tmp")  # a link named like one: never followed
    old = os.stat(saves / "good.json").st_mtime - 2 * STALE_TEMP_SECONDS
    os.utime(saves / ".link.abcd.tmp", (old, old), follow_symlinks=False)
    assert remove_stale_temps(saves, older_than=0) == [saves / FRESH_TEMP]
    assert (saves / "good.json").exists() and (saves / ".link.abcd.tmp").is_symlink()


def _run(args: list[str], data: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TACTICA_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "tactica", *args], env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


def test_the_commands_in_a_process_of_their_own_print_no_traceback(tmp_path):
    """The real entry point: ``saves`` lists, ``resume`` finds nothing to resume (every save is bad),
    ``replay --verify`` and ``export`` refuse, each with exit 1 and no traceback."""
    hostile_folder(tmp_path / "saves", with_good=False)
    (tmp_path / "saves" / "bidi-long-name.json").unlink()
    runs = {"saves": _run(["saves"], tmp_path), "resume": _run(["resume"], tmp_path),
            "verify": _run(["replay", "--verify", "deep"], tmp_path),
            "export": _run(["export", str(tmp_path / "saves" / "link-to-fifo.json")], tmp_path)}
    for name, run in runs.items():
        assert run.returncode == 1, (name, run.stdout, run.stderr)
        assert "Traceback" not in run.stdout + run.stderr, name
    assert all(f"{stem}.json: " in runs["saves"].stderr for stem in BAD_FILES)
    assert runs["saves"].stderr.count("note: not imported, left as it is: ") == len(BAD_FILES)
    assert "not imported" not in runs["resume"].stderr  # said once
    assert "No unfinished battle to resume" in runs["resume"].stdout
    assert runs["verify"].stderr.startswith("error: ") and "nested too deeply" in runs["verify"].stderr
    assert "a FIFO (named pipe), not a save file" in runs["export"].stderr


def test_a_file_name_with_control_characters_is_shown_without_them(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "\x1b[2J\u202eevil.json").write_text("[")
    assert cli.main(["saves"]) == 1
    err = capsys.readouterr().err
    assert "[2Jevil.json:1:2: " in err and "\x1b" not in err and "\u202e" not in err
