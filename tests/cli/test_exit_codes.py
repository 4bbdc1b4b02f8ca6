"""One exit-status convention for every command (``tactica.cli``): 2 for a wrong command line, 1 for a bad file.

Also: ``--scenario sealed`` builds every warband itself, so a ``--warband``
with it is refused (it used to be read and then silently ignored).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tactica import cli
from tactica.cli import EXIT_FAILED, EXIT_USAGE

BAD = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "bad"
BAD_MAP, BAD_BAND = str(BAD / "map_ragged_row.yaml"), str(BAD / "warband_unknown_card.yaml")


def _status(argv: list[str]) -> int:
    """The process exit status of ``tactica ARGV`` (argparse's errors raise SystemExit)."""
    try:
        return cli.main([str(a) for a in argv])
    except SystemExit as stop:
        return stop.code


@pytest.fixture(autouse=True)
def no_battle(monkeypatch):
    """A command that got past its checks starts no battle here: the app and the games return at once."""
    from textual.app import App

    from tactica.ai import sim
    monkeypatch.setattr(App, "run", lambda self, **kw: 0)
    monkeypatch.setattr(sim, "run_games", lambda *a, **k: {})
    monkeypatch.setattr(sim, "format_summary", lambda summary: "")


@pytest.fixture
def bad_save(tmp_path, monkeypatch) -> str:
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tactica-save", "version": 1, "seed": ')
    return str(path)


BAD_CONTENT = {  # a file that is wrong or missing: 1, whatever the command
    "play": ["play", "--new", "--warband", BAD_BAND],
    "play, missing file": ["play", "--new", "--map", "no/such/map.yaml"],
    "play, bad --cards": ["play", "--new", "--cards", BAD_MAP],
    "sim": ["sim", "--games", "1", "--warband", BAD_BAND],
    "sim, missing file": ["sim", "--games", "1", "--map", "no/such/map.yaml"],
    "sim, bad --cards": ["sim", "--games", "1", "--cards", BAD_MAP],
    "validate": ["validate", BAD_MAP],
    "validate, bad --cards": ["validate", "--cards", BAD_MAP, BAD_BAND],
    "preview": ["preview", BAD_MAP],
    "build": ["build", "--edit", BAD_BAND],
    "build, bad --cards": ["build", "--cards", BAD_MAP],
}


@pytest.mark.parametrize("case", sorted(BAD_CONTENT))
def test_a_bad_content_file_exits_1_in_every_command(capsys, tmp_path, monkeypatch, case):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    assert _status(BAD_CONTENT[case]) == EXIT_FAILED == 1
    err = capsys.readouterr()
    assert "Traceback" not in err.out + err.err and ": error: " in err.out + err.err


@pytest.mark.parametrize("command", ["resume", "replay", "replay --verify", "export"])
def test_a_bad_save_file_exits_1(capsys, bad_save, command):
    assert _status([*command.split(), bad_save]) == EXIT_FAILED
    assert "error: " in capsys.readouterr().err


USAGE = {  # the command line itself is wrong: 2, as argparse's own errors
    "play, unknown option": ["play", "--warbnad", "x.yaml"],
    "play, --warband three times": ["play", "--new", "--warband", BAD_BAND, "--warband", BAD_BAND,
                                    "--warband", BAD_BAND],
    "play, --warband once for 3 players": ["play", "--new", "--players", "3", "--warband", BAD_BAND],
    "play, sealed with --warband": ["play", "--new", "--scenario", "sealed", "--warband", BAD_BAND],
    "sim, unknown option": ["sim", "--gmaes", "1"],
    "sim, --warband three times": ["sim", "--warband", BAD_BAND, "--warband", BAD_BAND, "--warband", BAD_BAND],
    "sim, no games": ["sim", "--games", "0"],
    "sim, sealed with --warband": ["sim", "--scenario", "sealed", "--warband", BAD_BAND],
    "validate, no path": ["validate"],
    "preview, no map": ["preview"],
    "build, unknown faction": ["build", "--faction", "Civilisation"],
    "export, unknown format": ["export", "x", "--format", "pdf"],
}


@pytest.mark.parametrize("case", sorted(USAGE))
def test_a_wrong_command_line_exits_2_in_every_command(capsys, tmp_path, monkeypatch, case):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    assert _status(USAGE[case]) == EXIT_USAGE == 2
    assert "error: " in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "sim"])
def test_sealed_refuses_a_warband_instead_of_ignoring_it(capsys, tmp_path, monkeypatch, command):
    from tactica.content import shipped_warbands
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    good = str(shipped_warbands()[0])
    assert _status([command, "--scenario", "sealed", "--warband", good]) == 2
    err = capsys.readouterr().err
    assert err.endswith("error: --scenario sealed builds every warband from random packs drawn with the seed, "
                        "so it takes no --warband (give --cards to add cards of your own to the packs)\n")
    assert err.startswith(f"tactica {command}: error:") or f"tactica {command}: error:" in err


def test_rules_option_unknown_module_is_a_usage_error(capsys):
    assert _status(["sim", "--rules", "grid99", "--games", "1"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "unknown rule module 'grid99'" in err and "grid35" in err
    assert _status(["play", "--rules", "skirmish"]) == EXIT_USAGE
    assert "always on" in capsys.readouterr().err


def test_a_reader_that_stops_early_is_not_an_error(monkeypatch, capsys):
    """``tactica saves | head``: the pipe closes under the listing; no traceback, exit 0."""
    from tactica.saves import commands

    def listing(args) -> int:
        print("Saved battles (newest first):")
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(commands, "run_saves", listing)
    assert cli.main(["saves"]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_the_teams_example_has_one_team_per_player(capsys):
    assert cli.main(["sim", "--players", "3", "--teams", "1,2,1,2", "--games", "1"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "e.g. 1,2,2 for 3 players" in err and "got '1,2,1,2'" in err


def test_G5E_SPLIT_rules_option_refuses_grid35_with_grid5e(capsys):
    assert _status(["sim", "--rules", "grid5e,grid35", "--games", "1"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "rule modules grid5e and grid35 cannot be on together" in err


def _grid35_map(tmp_path):
    """A shipped map with ``rules: [grid35]`` added, as a file of its own."""
    import tactica
    from tactica.content import default_map
    shipped = Path(tactica.__file__).parent / "data" / "maps" / f"{default_map(2, (), 200).id}.yaml"
    text = shipped.read_text(encoding="utf-8")
    path = tmp_path / "ruled.yaml"
    path.write_text(text.replace("\nname: ", "\nrules: [grid35]\nname: ", 1), encoding="utf-8")
    return path


def test_G5E_SPLIT_a_grid35_map_with_rules_grid5e_is_refused_before_the_battle(tmp_path, capsys):
    ruled = str(_grid35_map(tmp_path))
    assert _status(["sim", "--rules", "grid5e", "--map", ruled, "--games", "1"]) == 1
    assert f"{ruled}: rule modules grid5e and grid35 cannot be on together" in capsys.readouterr().err
    assert _status(["play", "--rules", "grid5e", "--map", ruled]) == EXIT_USAGE
    assert f"{ruled}: rule modules grid5e and grid35 cannot be on together" in capsys.readouterr().err


def test_rules_naming_a_module_twice_is_a_usage_error(capsys):
    from tactica.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["sim", "--rules", "grid35,grid35", "--games", "1"])
    assert stopped.value.code == 2
    assert "--rules names grid35 twice" in capsys.readouterr().err


@pytest.mark.parametrize(("word", "said"), [
    ("plya", "unknown command 'plya'; did you mean 'play'? (commands: tutorial, play, sim,"),
    ("vaildate", "did you mean 'validate'?"),
    ("xyzzy", "unknown command 'xyzzy'; choose one of tutorial, play, sim,"),
])
def test_a_mistyped_command_is_a_usage_error_naming_the_likely_one(capsys, word, said):
    assert _status([word, "--new"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert said in err and "invalid choice" not in err


@pytest.mark.parametrize("argv", [["resume", "--bogus"], ["config", "--bogus"], ["balance", "map", "--bogus"]])
def test_an_unknown_option_is_refused_with_the_commands_own_usage(capsys, argv):
    """s22 newcomer: ``tactica resume --bogus`` printed the top level's usage and "tactica: error"."""
    assert _status(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    command = " ".join(argv[:-1])
    assert err.startswith(f"usage: tactica {command}")
    assert f"tactica {command}: error: unrecognized arguments: --bogus" in err


@pytest.mark.parametrize(("argv", "hint"), [(["sim", "--gmaes", "3"], "did you mean --games?"),
                                             (["tutorial", "--restrat"], "did you mean --restart?"),
                                             (["play", "--bogus"], None)])
def test_a_misspelt_option_is_refused_naming_the_option_it_most_likely_meant(capsys, argv, hint):
    """s22 newcomer: a misspelt command got "did you mean", a misspelt option (--gmaes) did not."""
    assert _status(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "unrecognized arguments: " + " ".join(argv[1:]) in err
    assert (hint in err) if hint else ("did you mean" not in err)
