"""The save commands' bad paths: one plain ``error:`` line each, exit 1, never a traceback."""
from __future__ import annotations

import pytest

from tactica import cli
from tactica.saves.store import write_save

from .helpers import play


@pytest.mark.parametrize("argv", [["replay", "--verify"], ["export"], ["resume"], ["replay"]])
def test_a_folder_given_as_a_save(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    assert cli.main([*argv, str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path}: a folder, not a save file\n"


def test_a_save_that_is_not_text(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    bad = tmp_path / "b.json"
    bad.write_bytes(b"\xff\xfe{")
    assert cli.main(["export", str(bad)]) == 1
    assert capsys.readouterr().err == f"error: {bad}: not a tactica save (not UTF-8 text)\n"


def test_export_to_a_missing_folder_names_the_reason_once(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    _, save = play(3, steps=10)
    path = write_save(save, tmp_path / "s.json")
    out = tmp_path / "no" / "log.md"
    assert cli.main(["export", str(path), "-o", str(out)]) == 1
    assert capsys.readouterr().err == f"error: cannot write {out}: No such file or directory\n"
