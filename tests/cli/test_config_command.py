"""``tactica config`` and the settings file's part in ``tactica play`` (issue 20 part 7): the path and
the values in force with where each came from; ``--init``; a bad file never stops the game."""
from __future__ import annotations

import pytest

from tactica import cli
from tactica.client.settings import default_text


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path))
    return tmp_path


def _run(argv, capsys):
    try:
        status = cli.main(argv)
    except SystemExit as stop:
        status = stop.code
    out = capsys.readouterr()
    return status, out.out, out.err


def test_config_prints_the_path_and_the_defaults_without_a_file(config_dir, capsys):
    status, out, err = _run(["config"], capsys)
    assert status == 0 and err == ""
    assert f"Settings file: {config_dir / 'settings.toml'}  (not there" in out
    assert "tactica config --init writes one" in out
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert lines["ai_level"] == ['"normal"', "default"] and lines["keys.move"] == ['"m"', "default"]


def test_config_says_file_and_command_line(config_dir, capsys):
    (config_dir / "settings.toml").write_text('pace = 1\nbell = true\n[keys]\nmove = "x"\n')
    status, out, _ = _run(["config", "--ai", "hard", "--pace", "2"], capsys)
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert status == 0
    assert lines["ai_level"] == ['"hard"', "command", "line"]
    assert lines["pace"] == ["2.0", "command", "line"]
    assert lines["bell"] == ["true", "file"] and lines["keys.move"] == ['"x"', "file"]
    assert lines["theme"] == ['"textual-dark"', "default"]


def test_config_lists_a_bad_files_problems_and_fails(config_dir, capsys):
    path = config_dir / "settings.toml"
    path.write_text('theme = "neon"\npace = "fast"\n')
    status, out, err = _run(["config"], capsys)
    assert status == 1
    assert err.splitlines()[0].startswith(f"{path}:1:9: error: theme: unknown theme 'neon'; choose from ")
    assert "tactica-high-contrast" in err.splitlines()[0] and "nord" in err.splitlines()[0]
    assert err.splitlines()[1] == f"{path}:2:8: error: pace: expected a number of seconds from 0 to 10, got a text"
    assert "Traceback" not in err and '"textual-dark"' in out


def test_config_init_writes_the_default_file_once(config_dir, capsys):
    status, out, _ = _run(["config", "--init"], capsys)
    path = config_dir / "settings.toml"
    assert status == 0 and out == f"Wrote the default settings to {path}\n"
    assert path.read_text() == default_text()
    path.write_text("bell = true\n")
    status, _, err = _run(["config", "--init"], capsys)
    assert status == 1 and "exists" in err and path.read_text() == "bell = true\n"
    status, _, _ = _run(["config", "--init", "--force"], capsys)
    assert status == 0 and path.read_text() == default_text()


@pytest.fixture
def started(monkeypatch):
    """``tactica play`` gets past its checks and hands its app over here instead of running it."""
    from textual.app import App
    apps = []

    def run(self, **kw):
        apps.append(self)
        return 0
    monkeypatch.setattr(App, "run", run)
    return apps


def test_play_starts_with_the_files_settings_and_the_command_line_beats_them(config_dir, started, capsys,
                                                                              monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(config_dir / "data"))
    (config_dir / "settings.toml").write_text('ai_level = "hard"\npace = 1.5\nintent = true\nbell = true\n'
                                              'handoff = false\ntheme = "nord"\n[keys]\nmove = "x"\n')
    assert cli.main(["play", "--new"]) == 0
    app = started[-1]
    opponent = app.factory.opponent
    assert (opponent.level, opponent.pace, opponent.intent) == ("hard", 1.5, True)
    assert app.ring_bell is True and app.handoff is False
    assert app.theme == "nord" and app.settings.keys == {"move": "x"}
    assert cli.main(["play", "--new", "--ai", "greedy", "--pace", "0"]) == 0
    opponent = started[-1].factory.opponent
    assert (opponent.level, opponent.pace) == ("greedy", 0.0)
    assert cli.main(["play", "--new", "--hotseat"]) == 0  # the file's AI level is no --ai: no contradiction
    assert started[-1].factory.opponent is None


def test_play_with_a_bad_file_starts_with_the_defaults_and_a_warning(config_dir, started, capsys, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(config_dir / "data"))
    path = config_dir / "settings.toml"
    path.write_text('ai_level = "hard"\npace = = 3\n')
    status, _, err = _run(["play", "--new"], capsys)
    assert status == 0
    assert err.startswith(f"tactica: settings: {path}:2:8: error: not valid TOML")
    app = started[-1]
    assert app.factory.opponent.level == "normal"  # the whole file is unreadable: every default
    assert "problem" in app.settings_file.warning()


def test_config_says_handoff_and_bell_come_from_the_command_line_over_the_file(config_dir, capsys):
    (config_dir / "settings.toml").write_text("handoff = false\nbell = true\n")
    status, out, _ = _run(["config", "--handoff", "--no-bell"], capsys)
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert status == 0
    assert lines["handoff"] == ["true", "command", "line"] and lines["bell"] == ["false", "command", "line"]
    status, out, _ = _run(["config"], capsys)
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert lines["handoff"] == ["false", "file"] and lines["bell"] == ["true", "file"]
