"""``tactica saves --delete ID`` and ``--prune DAYS`` (issue 20 item 8) on the battle store (issue 22),
and ``tactica --version``."""
from __future__ import annotations

import pytest

from tactica import __version__
from tactica.cli import main
from tactica.saves.db import list_saves, open_store

from .helpers import play


def _saved(save_id: str, seed: int, *, over: bool, when: str) -> None:
    """Store a battle ``save_id`` played to its end (``over``) or for a few steps, saved at ``when``."""
    _, save = play(seed, steps=None if over else 6)
    save.id = save_id
    save.saved_at = when
    with open_store() as store:
        store.put(save)


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    return tmp_path


def test_delete_removes_the_named_save_and_says_so(data, capsys):
    _saved("keep", 1, over=False, when="2026-11-01T10:00:00Z")
    _saved("gone", 2, over=False, when="2026-11-01T10:00:00Z")
    assert main(["saves", "--delete", "gone"]) == 0
    assert "Removed gone" in capsys.readouterr().out
    assert [i.id for i in list_saves()] == ["keep"]
    with open_store() as store:  # its rows went with it
        assert store._read("SELECT count(*) FROM actions WHERE battle = 'gone'") == [(0,)]


@pytest.mark.parametrize("ref", ["missing", "../keep", "."])
def test_delete_of_an_unknown_id_removes_nothing(data, capsys, ref):
    _saved("keep", 1, over=False, when="2026-11-01T10:00:00Z")
    assert main(["saves", "--delete", ref]) == 1
    assert "no saved battle with the id" in capsys.readouterr().err
    assert [i.id for i in list_saves()] == ["keep"]


def test_prune_removes_only_finished_battles_older_than_the_days(data, capsys):
    _saved("old-done", 1, over=True, when="2020-01-01T10:00:00Z")
    _saved("old-open", 2, over=False, when="2020-01-01T10:00:00Z")
    _saved("new-done", 3, over=True, when="2999-01-01T10:00:00Z")
    assert main(["saves", "--prune", "30"]) == 0
    out = capsys.readouterr().out
    assert "Removed old-done" in out and "Pruned 1 finished battle " in out
    assert sorted(i.id for i in list_saves()) == ["new-done", "old-open"]
    assert main(["saves", "--prune", "30"]) == 0
    assert "Pruned 0 finished battles" in capsys.readouterr().out


def test_prune_and_delete_refuse_bad_arguments(data, capsys):
    for argv in (["saves", "--prune", "soon"], ["saves", "--prune", "3", "--delete", "x"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2


def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"tactica {__version__}"
