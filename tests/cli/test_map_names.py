"""``--map NAME``: a shipped map named by its name, not only by its file (s19 newcomer: ``--map echoing-deep``
said "cannot read file" from another folder)."""
from __future__ import annotations

from pathlib import Path

from tactica.cli import build_parser
from tactica.map_names import SHIPPED_MAPS, map_file


def test_a_shipped_map_name_means_its_file_and_a_file_stays_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert Path(map_file("echoing-deep")) == SHIPPED_MAPS / "echoing-deep.yaml"
    own = tmp_path / "echoing-deep"
    own.write_text("")  # a file of that name in the folder wins
    assert map_file("echoing-deep") == "echoing-deep"
    assert map_file("maps/x.yaml") == "maps/x.yaml"
    assert map_file("mine.yaml") == "mine.yaml"


def test_play_sim_and_balance_take_a_map_by_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parser = build_parser()
    for argv in (["play", "--map", "wrecked-palisade"], ["sim", "--map", "wrecked-palisade"],
                 ["balance", "map", "--map", "wrecked-palisade"]):
        args = parser.parse_args(argv)
        assert [Path(m) for m in args.map] == [SHIPPED_MAPS / "wrecked-palisade.yaml"], argv


def test_an_unknown_bare_map_name_is_refused_naming_the_shipped_maps(tmp_path, monkeypatch, capsys):
    # s20 newcomer: "--map nowhere" said only "cannot read file", with no hint of the shipped names
    monkeypatch.chdir(tmp_path)
    parser = build_parser()
    try:
        parser.parse_args(["play", "--map", "nowhere"])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("--map nowhere was accepted")
    err = capsys.readouterr().err
    assert "argument --map: no file and no shipped map named 'nowhere'" in err
    assert "echoing-deep" in err and "Traceback" not in err
