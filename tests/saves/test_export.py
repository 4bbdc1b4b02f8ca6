"""Battle log export (issue 6) and the save commands of the CLI."""
from __future__ import annotations

import pytest

from tactica.cli import main
from tactica.saves import write_save

from .helpers import play


def test_export_markdown_has_header_rounds_and_rolls(tmp_path, capsys):
    state, save = play(seed=8)
    path = write_save(save, tmp_path / "b.json")
    assert main(["export", str(path), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Band vs Band")
    assert "## Round 1" in out
    assert "- **Seed:** 8" in out
    assert f"Player {state.winner + 1} won" in out
    assert " vs AC " in out  # every attack roll is written with its target number


def test_export_text_to_file(tmp_path, capsys):
    _, save = play(seed=9, steps=60)
    path = write_save(save, tmp_path / "b.json")
    out_file = tmp_path / "log.txt"
    assert main(["export", str(path), "--format", "text", "-o", str(out_file)]) == 0
    text = out_file.read_text()
    assert text.startswith("Band vs Band\n============")
    assert "-- Round 1 --" in text and "in progress" in text


def test_verify_command_passes_and_detects_tampering(tmp_path, capsys):
    _, save = play(seed=10)
    path = write_save(save, tmp_path / "b.json")
    assert main(["replay", str(path), "--verify"]) == 0
    assert "every checkpoint matches" in capsys.readouterr().out
    text = path.read_text().replace('"hp": 30', '"hp": 35', 1)
    path.write_text(text)
    assert main(["replay", str(path), "--verify"]) == 1
    assert "error:" in capsys.readouterr().err


def test_saves_lists_battles(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    assert main(["saves"]) == 0
    assert "No saved battles" in capsys.readouterr().out
    _, save = play(seed=12, steps=30)
    write_save(save)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "test-12" in out and "in progress" in out


@pytest.mark.parametrize("scenario", ["assault", "bounty", "uncontested", "combined"])
def test_recorded_battles_of_every_scenario_verify(tmp_path, capsys, scenario):
    for seed in (21, 22):
        state, save = play(seed=seed, scenario=scenario)
        assert state.is_over and save.rules.scenario == scenario
        path = write_save(save, tmp_path / f"{scenario}-{seed}.json")
        assert main(["replay", str(path), "--verify"]) == 0
    assert "every checkpoint matches" in capsys.readouterr().out
    # and a tampered one is caught: other dice than the ones recorded
    text = path.read_text()
    assert '"seed": 22' in text
    path.write_text(text.replace('"seed": 22', '"seed": 23', 1))
    assert main(["replay", str(path), "--verify"]) == 1


def test_an_unknown_save_id_names_the_folder_it_was_looked_for_in(tmp_path, monkeypatch, capsys):
    """``tactica export ID`` from a shell whose TACTICA_DATA_DIR differs from the game's found nothing
    and said only "no such save": the message now names the saves folder it looked in."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    assert main(["export", "20261130-000000-1"]) == 1
    err = capsys.readouterr().err
    assert "20261130-000000-1" in err and str(tmp_path) in err and "tactica saves" in err
    assert "Traceback" not in err


def test_saves_offers_resume_only_for_an_unfinished_battle(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    state, save = play(seed=8)                                   # played to the end
    assert state.is_over
    write_save(save)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "finished" in out and "tactica resume" not in out and "tactica replay ID" in out
    _, save = play(seed=12, steps=30)                            # one still in progress
    write_save(save)
    assert main(["saves"]) == 0
    assert "Resume the newest unfinished battle with: tactica resume" in capsys.readouterr().out
