"""The settings file (issue 20 part 7): read as hostile input, every problem at ``path:line:col``
naming the field, the defaults kept for a bad field, the keymap checked for clashes."""
from __future__ import annotations

import os
import tomllib

import pytest

from tactica.client.settings import (
    CHAMPION_TRIGGERS,
    KEY_BINDINGS,
    MAX_SETTINGS_BYTES,
    Settings,
    default_text,
    key_display,
    load_settings,
    normalize_key,
    remember,
    resolve,
    settings_path,
    stepped,
    with_trigger_asked,
)
from tactica.engine import ChampionTrigger


def write(tmp_path, text: str):
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(loaded) -> list[str]:
    return [str(p) for p in loaded.problems]


def test_a_missing_file_gives_the_defaults_and_no_problem(tmp_path):
    loaded = load_settings(tmp_path / "settings.toml")
    assert loaded.settings == Settings() and not loaded.found and loaded.problems == ()
    assert loaded.warning() is None


def test_every_field_is_read(tmp_path):
    path = write(tmp_path, 'ai_level = "hard"\npace = 0\nintent = true\ntheme = "nord"\nhandoff = false\n'
                           'champion_prompts = ["ally misses", "ally starts turn"]\nbell = true\n'
                           '[keys]\nmove = "x"\nhelp = "?,f1"\n')
    loaded = load_settings(path, themes={"nord", "textual-dark"})
    s = loaded.settings
    assert loaded.problems == ()
    assert (s.ai_level, s.pace, s.intent, s.theme, s.handoff, s.bell) == ("hard", 0.0, True, "nord", False, True)
    assert s.muted_triggers() == {"ally misses", "ally starts turn"}
    assert dict(s.keys) == {"move": "x", "help": "question_mark,f1"}
    assert s.keymap() == {"battle.move": "x", "battle.help": "question_mark,f1"}
    assert loaded.from_file == {"ai_level", "pace", "intent", "theme", "handoff", "champion_prompts", "bell",
                                "keys.move", "keys.help"}


@pytest.mark.parametrize("line, field, expected", [
    ("pace = \"fast\"", "pace", "expected a number of seconds from 0 to 10, got a text"),
    ("pace = 11", "pace", "expected a number of seconds from 0 to 10, got 11"),
    ("pace = true", "pace", "got true or false"),
    ("intent = 1", "intent", "expected true or false, got a whole number"),
    ("bell = \"yes\"", "bell", "expected true or false, got a text"),
    ("handoff = [true]", "handoff", "expected true or false, got a list"),
    ("ai_level = \"expert\"", "ai_level", "expected one of random, greedy, normal, hard, got 'expert'"),
    ("theme = \"neon\"", "theme", "unknown theme 'neon'; choose from nord, textual-dark"),
    ("champion_prompts = \"sometimes\"", "champion_prompts", 'expected "always", "never" or a list'),
    ("champion_prompts = [\"ally sneezes\"]", "champion_prompts", "unknown trigger 'ally sneezes'"),
    ("colour = 3", "colour", "unknown setting; the settings are ai_level, pace"),
])
def test_a_bad_field_is_named_at_its_line_and_column_and_keeps_its_default(tmp_path, line, field, expected):
    path = write(tmp_path, f"# my settings\n\n{line}\n[keys]\nmove = \"x\"\n")
    loaded = load_settings(path, themes={"nord", "textual-dark"})
    (problem,) = problems(loaded)
    col = 1 if field == "colour" else line.index("=") + 3  # an unknown name: at the name
    assert problem.startswith(f"{path}:3:{col}: error: {field}: ")
    assert expected in problem
    assert loaded.settings.keys == {"move": "x"}  # the good field still counts
    assert getattr(loaded.settings, field, None) == getattr(Settings(), field, None)
    assert "defaults are used" in loaded.warning()


def test_a_file_that_is_not_toml_gives_the_defaults_and_its_line_and_column(tmp_path):
    path = write(tmp_path, 'bell = true\npace = = 3\n')
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    (problem,) = problems(loaded)
    assert problem.startswith(f"{path}:2:8: error: not valid TOML: ")
    assert "(at line" not in problem


def test_a_file_that_is_not_utf8_is_refused_at_the_bad_byte(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"bell = true\ntheme = \"\xff\"\n")
    (problem,) = problems(load_settings(path))
    assert problem == f"{path}:2:10: error: not UTF-8 text; expected a TOML file"


def test_a_folder_or_a_huge_file_is_refused_without_reading_it(tmp_path):
    folder = tmp_path / "settings.toml"
    folder.mkdir()
    loaded = load_settings(folder)
    assert loaded.settings == Settings() and "a folder, not a regular file" in problems(loaded)[0]
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_SETTINGS_BYTES + "\n")
    assert "file too large" in problems(load_settings(big))[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "settings.toml"
    os.mkfifo(fifo)
    assert "FIFO" in problems(load_settings(fifo))[0]


def test_keys_are_normalised_and_checked(tmp_path):
    assert normalize_key("?") == "question_mark" and normalize_key("Ctrl+X") == "ctrl+x"
    assert normalize_key("f2") == "f2" and normalize_key("shift+tab") == "shift+tab" and normalize_key("]") == (
        "right_square_bracket")
    assert normalize_key("banana") is None and normalize_key("hyper+x") is None and normalize_key("") is None
    assert key_display("question_mark") == "?" and key_display("z,ctrl+z") == "z / ctrl+z"
    path = write(tmp_path, '[keys]\nmove = "banana"\nattack = "ctrl+c"\nfly = "v"\nquit = 5\nshift = "a"\n'
                           'end = "x"\n')
    loaded = load_settings(path)
    found = problems(loaded)
    assert found[0] == (f"{path}:2:8: error: keys.move: 'banana' is not a key; expected a character, a named "
                        'key (enter, tab, space, escape, up, pageup, f1…) or either after "ctrl+", "shift+", "alt+"')
    assert found[1].startswith(f"{path}:3:10: error: keys.attack: ctrl+c is kept for the game")
    assert found[2].startswith(f"{path}:4:1: error: keys.fly: unknown battle key 'fly'")
    mistyped = load_settings(write(tmp_path, 'paec = 1\n[keys]\nmvoe = "x"\n'))
    assert [str(p).split(": error: ")[1].split(";")[0] for p in mistyped.problems] == [
        "paec: unknown setting (did you mean pace?)", "keys.mvoe: unknown battle key 'mvoe' (did you mean move?)"]
    assert found[3].startswith(f"{path}:5:8: error: keys.quit: expected a key")
    assert found[4] == (f"{path}:6:9: error: keys.shift: a is also the key of attack; give each action its own "
                        "key (rebind the other one too)")
    assert dict(loaded.settings.keys) == {"end": "x"}  # only the good one is used


def test_two_keys_may_swap(tmp_path):
    loaded = load_settings(write(tmp_path, '[keys]\nmove = "s"\nshift = "m"\n'))
    assert loaded.problems == () and loaded.settings.bound_keys()["move"] == "s"


def test_a_keys_value_that_is_no_table_is_named(tmp_path):
    path = write(tmp_path, 'keys = "wasd"\n')
    assert problems(load_settings(path)) == [f"{path}:1:8: error: keys: expected a table of keys ([keys]), "
                                             "got a text"]


def test_champion_prompts_never_mutes_every_trigger():
    assert Settings(champion_prompts="never").muted_triggers() == set(CHAMPION_TRIGGERS)
    assert Settings().muted_triggers() == frozenset()
    assert set(CHAMPION_TRIGGERS) == {t.value for t in ChampionTrigger}


def test_the_default_file_holds_the_defaults_and_lists_every_key(tmp_path):
    text = default_text()
    assert tomllib.loads(text) == {"ai_level": "normal", "pace": 0.4, "intent": False, "theme": "textual-dark",
                                   "handoff": True, "champion_prompts": "always", "bell": False, "keys": {}}
    for binding in KEY_BINDINGS:
        assert f"# {binding.name} = " in text
    assert all(len(line) <= 100 for line in text.splitlines())
    loaded = load_settings(write(tmp_path, text))
    assert loaded.settings == Settings() and loaded.problems == ()


def test_resolve_says_where_each_value_came_from(tmp_path):
    loaded = load_settings(write(tmp_path, 'pace = 1.5\nintent = true\n[keys]\nmove = "x"\n'))
    rows = {name: (value, source) for name, value, source in resolve(loaded, {"intent": False, "bell": True})}
    assert rows["pace"] == (1.5, "file")
    assert rows["intent"] == (False, "command line") and rows["bell"] == (True, "command line")
    assert rows["ai_level"] == ("normal", "default")
    assert rows["keys.move"] == ("x", "file") and rows["keys.attack"] == ("a", "default")


def test_invisible_keys_are_named():
    """Space, Tab, Enter, Esc read as words wherever a bound key is shown (never a blank)."""
    assert key_display("space") == "Space" and key_display("tab") == "Tab" and key_display("enter") == "Enter"
    assert key_display("escape") == "Esc" and key_display("shift+space") == "shift+Space"
    assert key_display("x,space") == "x / Space"


def test_remember_changes_one_line_and_keeps_the_comments(tmp_path):
    path = write(tmp_path, '# mine\ntheme = "nord"  # cold\nbell = true\n[keys]\nmove = "x"\n')
    assert remember("theme", "gruvbox", path) is None
    assert path.read_text() == '# mine\ntheme = "gruvbox"  # cold\nbell = true\n[keys]\nmove = "x"\n'
    path2 = write(tmp_path, '[keys]\nmove = "x"\n')
    assert remember("theme", "nord", path2) is None
    assert path2.read_text() == 'theme = "nord"\n\n[keys]\nmove = "x"\n'
    fresh = tmp_path / "new" / "settings.toml"
    assert remember("theme", "nord", fresh) is None
    assert load_settings(fresh).settings == Settings(theme="nord")
    # a new file sets only that one: the others stay defaults, written as comments (nm-tut 25)
    assert load_settings(fresh).from_file == {"theme"} and "# pace = 0.4" in fresh.read_text()
    assert remember("pace", 1.0, fresh) is None  # then its commented line becomes the setting
    assert "# pace = 0.4" not in fresh.read_text() and load_settings(fresh).from_file == {"theme", "pace"}
    assert fresh.read_text().count("pace = 1.0") == 1


def test_remember_replaces_a_value_written_over_several_lines_and_keeps_unknown_lines(tmp_path):
    text = ('colour = "red"  # not ours\nchampion_prompts = [\n  "ally hits",  # this one\n  "ally misses",\n]\n'
            'pace = 2\n[keys]\nmove = "x"\n[extra]\nwho = "me"\n')
    path = write(tmp_path, text)
    assert remember("champion_prompts", ("enemy comes near",), path) is None
    assert path.read_text() == ('colour = "red"  # not ours\nchampion_prompts = ["enemy comes near"]\npace = 2\n'
                                '[keys]\nmove = "x"\n[extra]\nwho = "me"\n')
    assert remember("champion_prompts", "never", path) is None and remember("bell", True, path) is None
    assert tomllib.loads(path.read_text()) == {"colour": "red", "champion_prompts": "never", "pace": 2, "bell": True,
                                               "keys": {"move": "x"}, "extra": {"who": "me"}}


def test_remember_writes_over_a_bad_value_and_keeps_the_other_bad_lines(tmp_path):
    path = write(tmp_path, 'pace = "fast"\nbell = 3\n')
    os.chmod(path, 0o640)
    assert remember("pace", 0.2, path) is None
    assert path.read_text() == 'pace = 0.2\nbell = 3\n'  # bell's bad value is still the user's to fix
    assert os.stat(path).st_mode & 0o777 == 0o640  # the old file's permissions kept
    assert [f.name for f in tmp_path.iterdir()] == ["settings.toml"]  # no temporary file left


def test_remember_leaves_an_inline_table_alone(tmp_path):
    path = write(tmp_path, 'keys = { move = "x" }\n')
    assert remember("theme", "nord", path) is None  # a new top-level line before nothing: fine
    assert tomllib.loads(path.read_text()) == {"keys": {"move": "x"}, "theme": "nord"}


def test_stepped_goes_round_each_setting_both_ways():
    assert stepped("ai_level", "normal", 1) == "hard" and stepped("ai_level", "random", -1) == "hard"
    assert stepped("pace", 0.4, 1) == 0.7 and stepped("pace", 0.4, -1) == 0.2
    assert stepped("pace", 0.5, 1) == 0.7 and stepped("pace", 0.5, -1) == 0.4  # between two steps
    assert stepped("pace", 10.0, 1) == 0.0 and stepped("pace", 0.0, -1) == 10.0
    assert stepped("intent", False, 1) is True and stepped("bell", True, -1) is False
    themes = {"nord", "textual-dark", "tactica-terminal", "tactica-high-contrast"}
    assert stepped("theme", "textual-dark", 1, themes) == "tactica-high-contrast"  # tactica's own first
    assert stepped("theme", "tactica-high-contrast", 1, themes) == "tactica-terminal"
    assert stepped("theme", "nord", -1, themes) == "tactica-terminal"
    assert stepped("theme", "gone", 1, themes) == "tactica-high-contrast"
    assert stepped("champion_prompts", "always", 1) == "never" and stepped("champion_prompts", "never", 1) == "always"
    assert stepped("champion_prompts", ("ally hits",), 1) == "always"
    assert stepped("champion_prompts", "never", 1) == "always"
    with pytest.raises(KeyError):
        stepped("keys", {}, 1)


def test_CHP_2_a_trigger_asked_or_not_gives_always_never_or_the_muted_list():
    assert with_trigger_asked("always", "ally hits", False) == ("ally hits",)
    assert with_trigger_asked(("ally hits",), "ally hits", True) == "always"
    never_but_one = with_trigger_asked("never", "ally misses", True)
    assert never_but_one == tuple(t for t in CHAMPION_TRIGGERS if t != "ally misses")
    assert with_trigger_asked(never_but_one, "ally misses", False) == "never"
    assert with_trigger_asked(("enemy comes near",), "ally hits", False) == ("ally hits", "enemy comes near")


def test_remember_leaves_a_bad_file_alone(tmp_path):
    path = write(tmp_path, "pace = = 3\n")
    assert "problems" in remember("theme", "nord", path)
    assert path.read_text() == "pace = = 3\n"


def test_the_file_is_found_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TACTICA_CONFIG_DIR", raising=False)
    assert settings_path() == tmp_path / "data" / "settings.toml"
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path / "cfg"))
    assert settings_path() == tmp_path / "cfg" / "settings.toml"
