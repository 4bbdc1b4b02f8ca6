"""The player's settings: a TOML file in the user's config folder, read as hostile input (issue 20 part 7).

The file is ``platformdirs.user_config_dir("tactica")/settings.toml`` (on Linux
``~/.config/tactica/settings.toml``); ``TACTICA_CONFIG_DIR`` names another folder, and without it
``TACTICA_DATA_DIR`` (the tests' data folder) holds it too.  It sets what ``tactica play`` and
``resume`` start with: the AI's level, its pace and shown intent, the theme, the hot-seat hand-off
screen, the champion-power prompts, the bell, and a ``[keys]`` table that rebinds any battle key
(``KEY_BINDINGS`` lists them).  The command line beats the file, the file beats the defaults
(``resolve`` says where each value came from; ``tactica config`` prints it).

The file is read like every file of tactica (``tactica.content.limits``): a regular file of at
most ``MAX_SETTINGS_BYTES``; every field is type-checked.  A problem is reported as
``path:line:col: error: …`` naming the field and what was expected (``SettingsProblem``); a field
with a problem keeps its default and the others still count; a file that cannot be parsed at all
gives the defaults.  Nothing here raises on a bad file and nothing imports Textual.
"""
from __future__ import annotations

import os
import re
import tempfile
import textwrap
import tomllib
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from tactica.content.limits import FileRefused, clean_text, read_regular
from tactica.engine import ChampionTrigger

__all__ = ["CHAMPION_TRIGGERS", "CONFIG_DIR_ENV", "DEFAULT_THEME", "EDITED", "FIELDS", "KEY_BINDINGS", "KeyBinding",
           "LoadedSettings", "MAX_SETTINGS_BYTES", "PACE_STEPS", "RESERVED_KEYS", "Settings", "SettingsProblem",
           "default_text", "given_options", "key_display", "load_settings", "normalize_key", "remember", "resolve",
           "run_config", "setting_about", "setting_words", "settings_path", "stepped", "with_trigger_asked"]

#: The environment variable naming the folder of ``settings.toml`` (tests use it).
CONFIG_DIR_ENV = "TACTICA_CONFIG_DIR"
#: The file's name in that folder.
SETTINGS_NAME = "settings.toml"
#: Largest settings file read, in bytes: a file with every field and every key rebound is about 4 KB.
MAX_SETTINGS_BYTES = 65_536
#: The theme the game starts with (one of Textual's built-in themes).
DEFAULT_THEME = "textual-dark"
#: The champion-power triggers (``tactica.engine.ChampionTrigger`` values) a prompt can be muted for (CHP-2).
CHAMPION_TRIGGERS = tuple(t.value for t in ChampionTrigger)
#: The AI levels (``tactica.ai.bots.LEVELS``), written out so that reading the settings imports no bot.
AI_LEVELS = ("random", "greedy", "normal", "hard")


@dataclass(frozen=True)
class KeyBinding:
    """One battle key the ``[keys]`` table may rebind.

    Attributes:
        name: its name in ``[keys]``, e.g. "move".
        binding_id: the Textual binding id the interface gives it, e.g. "battle.move".
        default: its default keys, comma-separated Textual key names, e.g. "z,ctrl+z".
        what: what the key does, in a few words (the commented default file and the help say it).
    """

    name: str
    binding_id: str
    default: str
    what: str


def _battle(name: str, default: str, what: str) -> KeyBinding:
    return KeyBinding(name, f"battle.{name}", default, what)


def _map(name: str, default: str, what: str) -> KeyBinding:
    return KeyBinding(name, f"map.{name}", default, what)


#: Every battle key ``[keys]`` may rebind, in the help's order.  The battle screen's bindings and the
#: map's carry these ids (``tactica.tui``: a test checks that each default is the binding's key).
KEY_BINDINGS: tuple[KeyBinding, ...] = (
    _map("cursor_up", "up,k", "cursor up"),
    _map("cursor_down", "down,j", "cursor down"),
    _map("cursor_left", "left,h", "cursor left"),
    _map("cursor_right", "right,l", "cursor right"),
    _map("cursor_up_left", "y", "cursor up-left"),
    _map("cursor_up_right", "u", "cursor up-right"),
    _map("cursor_down_left", "b", "cursor down-left"),
    _map("cursor_down_right", "n", "cursor down-right"),
    _map("scroll_up", "shift+up", "scroll the map up"),
    _map("scroll_down", "shift+down", "scroll the map down"),
    _map("scroll_left", "shift+left", "scroll the map left"),
    _map("scroll_right", "shift+right", "scroll the map right"),
    _battle("select", "enter", "select: activate, move, pick a target, confirm"),
    _battle("next", "tab", "next thing that can be chosen"),
    _battle("previous", "shift+tab", "previous thing that can be chosen"),
    _battle("move", "m", "move to the cursor square"),
    _battle("shift", "s", "shift one square"),
    _battle("attack", "a", "attack"),
    _battle("charge", "c", "charge"),
    _battle("end", "e", "end the activation"),
    _battle("power", "w", "use a special power"),
    _battle("prone", "d", "drop prone / stand up (grid5e)"),
    _battle("dig", "g", "dig through rubble (underground)"),
    _battle("add_target", "space", "add a target to a multi-target attack"),
    _battle("auto_place", "p", "place the rest of your creatures (deployment)"),
    _battle("cancel", "escape", "cancel"),
    _battle("undo", "z,ctrl+z", "undo"),
    _battle("reload_map", "ctrl+r", "reload the map file"),
    *[_battle(f"attack_{n}", str(n), f"choose attack {n}") for n in range(1, 10)],
    _battle("ai_fast", "f", "the AI's fast mode"),
    _battle("ai_intent", "i", "show the AI's intent"),
    _battle("threats", "t", "threat view"),
    _battle("rulers", "number_sign", "rulers: column and row numbers on the map's edges"),
    _battle("overview", "v", "the whole map at once; Enter there moves the cursor (and the view)"),
    _battle("rules", "r", "the rules reference, on the rule the screen names"),
    _battle("champion_prompts", "o", "ask about every champion-power trigger again"),
    _battle("card_more", "right_square_bracket", "scroll the stat card on"),
    _battle("card_back", "left_square_bracket", "scroll the stat card back"),
    _battle("log_back", "pageup", "read the log back a page"),
    _battle("log_on", "pagedown", "read the log on a page"),
    _battle("log_oldest", "home", "the log's oldest line"),
    _battle("log_newest", "end", "the log's newest line"),
    _battle("help", "question_mark", "help"),
    _battle("quit", "q", "quit"),
)
_BY_NAME = {k.name: k for k in KEY_BINDINGS}

#: Keys no battle key may take: Ctrl+C saves and quits, Ctrl+P opens the command palette, Ctrl+Q quits.
RESERVED_KEYS = frozenset({"ctrl+c", "ctrl+p", "ctrl+q"})
_NAMED_KEYS = frozenset({
    "enter", "escape", "tab", "space", "backspace", "delete", "insert", "home", "end", "pageup",
    "pagedown", "up", "down", "left", "right", *[f"f{n}" for n in range(1, 13)]})
_MODIFIERS = ("ctrl", "shift", "alt", "meta", "super")


@dataclass(frozen=True)
class Settings:
    """The values a battle starts with (the defaults unless the file or the command line say otherwise).

    Attributes:
        ai_level: the AI's level against a human: "random", "greedy", "normal" or "hard".
        pace: seconds between the AI's steps, 0 to 10.
        intent: show why the AI chooses each action.
        theme: the Textual theme's name (``tactica.tui.themes`` lists them).
        handoff: hide the board between two human players' turns in hot-seat.
        champion_prompts: "always", "never", or the triggers (``CHAMPION_TRIGGERS``) never asked about.
        bell: ring the terminal's bell when the AI's turn ends and a human's begins.
        keys: rebound battle keys, by ``KeyBinding.name``: comma-separated Textual key names.
    """

    ai_level: str = "normal"
    pace: float = 0.4
    intent: bool = False
    theme: str = DEFAULT_THEME
    handoff: bool = True
    champion_prompts: str | tuple[str, ...] = "always"
    bell: bool = False
    keys: Mapping[str, str] = field(default_factory=dict)

    def muted_triggers(self) -> frozenset[str]:
        """The champion-power triggers never asked about: all of them for "never", none for "always"."""
        if self.champion_prompts == "never":
            return frozenset(CHAMPION_TRIGGERS)
        if isinstance(self.champion_prompts, tuple):
            return frozenset(self.champion_prompts)
        return frozenset()

    def keymap(self) -> dict[str, str]:
        """The rebound keys as Textual's keymap: binding id → comma-separated key names."""
        return {_BY_NAME[name].binding_id: keys for name, keys in self.keys.items()}

    def bound_keys(self) -> dict[str, str]:
        """Every battle key's keys in force, by ``KeyBinding.name`` (the rebound ones, else the defaults)."""
        return {k.name: self.keys.get(k.name, k.default) for k in KEY_BINDINGS}


#: The fields of the file's top level, in the default file's order (``keys`` is the ``[keys]`` table).
FIELDS = tuple(f.name for f in fields(Settings))

_COMMENTS = {
    "ai_level": 'The AI\'s level when you play against it: "random", "greedy", "normal" or "hard" '
                "(tactica play --ai).",
    "pace": "Seconds between the AI's steps, 0 to 10 (tactica play --pace; f in a battle: fast mode).",
    "intent": "Show why the AI chooses each action in the log (tactica play --intent; i in a battle).",
    "theme": 'The look: a Textual theme ("textual-dark", "nord", "gruvbox", ...), "tactica-terminal" '
             '(your terminal\'s own colours) or "tactica-high-contrast". ctrl+p, "theme" in a battle '
             "changes it and remembers it here.",
    "handoff": "Hot-seat: hide the board between two players' turns (tactica play --handoff / --no-handoff).",
    "champion_prompts": 'Champion-power prompts: "always", "never" (always declined), or a list of '
                        'triggers never asked about, from ' + ", ".join(f'"{t.value}"' for t in ChampionTrigger)
                        + ".",
    "bell": "Ring the terminal's bell when the AI's turn ends and yours begins (tactica play --bell / --no-bell).",
}


@dataclass(frozen=True)
class SettingsProblem:
    """One problem of the settings file.

    Attributes:
        path: the file as named to the user.
        line, col: 1-based position of the value (or of the parse error); 0 when unknown.
        field: the setting ("pace", "keys.move"), or "" for the file as a whole.
        message: what is wrong and what was expected.
        severity: "error" (the default is used instead) or "warning" (the value is used, but may
            surprise: a rebound key that a question's own key shadows, ``PROMPT_KEYS``).
    """

    path: str
    line: int
    col: int
    field: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}" if self.line else self.path
        what = f"{self.field}: " if self.field else ""
        return f"{where}: {self.severity}: {what}{self.message}"


@dataclass(frozen=True)
class LoadedSettings:
    """What ``load_settings`` read.

    Attributes:
        settings: the values from the file, the defaults where it says nothing or is wrong.
        path: the settings file.
        found: whether the file exists.
        problems: every problem found (empty for a good or missing file).
        from_file: the fields the file set well (``keys.NAME`` for a rebound key).
        warnings: values used as given that may surprise (severity "warning": a rebound battle key
            that is also a question's key, ``prompt_key_warnings``).
    """

    settings: Settings
    path: Path
    found: bool
    problems: tuple[SettingsProblem, ...] = ()
    from_file: frozenset[str] = frozenset()
    warnings: tuple[SettingsProblem, ...] = ()

    def warning(self) -> str | None:
        """One line for the player when the file has problems (None when it has none)."""
        if not self.problems:
            return None
        n = len(self.problems)
        return (f"The settings file {self.path} has {n} problem{'s' if n > 1 else ''}: the defaults are used "
                f"for {'them' if n > 1 else 'it'} ({self.problems[0]}; tactica config lists them all)")

    def short_warning(self) -> str | None:
        """``warning`` in a few words, for a toast (the battle log and the settings screen say the rest)."""
        if not self.problems:
            return None
        n = len(self.problems)
        return (f"The settings file has {n} problem{'s' if n > 1 else ''}: the defaults are used for "
                f"{'them' if n > 1 else 'it'}. The log, Settings and tactica config say more.")


def settings_path() -> Path:
    """The settings file: ``$TACTICA_CONFIG_DIR/settings.toml``, else ``$TACTICA_DATA_DIR/settings.toml``,
    else the user's config folder's (``platformdirs.user_config_dir("tactica")``)."""
    for env in (CONFIG_DIR_ENV, "TACTICA_DATA_DIR"):
        folder = os.environ.get(env)
        if folder:
            return Path(folder) / SETTINGS_NAME
    import platformdirs  # noqa: PLC0415 - only when no folder is given
    return Path(platformdirs.user_config_dir("tactica", appauthor=False)) / SETTINGS_NAME


# -- keys ---------------------------------------------------------------------------------------
def normalize_key(text: str) -> str | None:
    """One key as Textual names it ("?" → "question_mark", "Ctrl+X" → "ctrl+x"), or None when ``text``
    names no key.  A key is one printable character, a named key (enter, escape, tab, space, the
    arrows, pageup, f1–f12, …) or either after modifiers ("ctrl+", "shift+", "alt+")."""
    text = text.strip()
    if len(text) == 1:
        return _character_key(text)
    *mods, last = text.split("+") if "+" in text[:-1] else [text]
    mods = [m.strip().lower() for m in mods]
    if any(m not in _MODIFIERS for m in mods) or not last:
        return None
    if len(last) == 1:
        base = _character_key(last if not mods else last.lower())
        if base is None:
            return None
    else:
        base = last.strip().lower()
        if base not in _NAMED_KEYS and not _unicode_key(base):
            return None
    return "+".join([*mods, base])


def _character_key(ch: str) -> str | None:
    if not ch.isprintable() or ch.isspace():
        return "space" if ch == " " else None
    if ch.isalnum():
        return ch
    try:
        return unicodedata.name(ch).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return None


def _unicode_key(name: str) -> bool:
    """Whether ``name`` is an ASCII punctuation character's key name, e.g. "question_mark"."""
    try:
        ch = unicodedata.lookup(name.replace("_", " ").upper())
    except KeyError:
        return False
    return len(ch) == 1 and ch.isascii() and ch.isprintable() and not ch.isalnum() and not ch.isspace()


def key_display(keys: str) -> str:
    """How the keys ``keys`` (comma-separated Textual names) read on screen: "question_mark" → "?",
    "z,ctrl+z" → "z / ctrl+z", "pageup" → "PgUp"."""
    shown = []
    for key in keys.split(","):
        *mods, base = key.split("+")
        if len(base) > 1 and _unicode_key(base):
            base = unicodedata.lookup(base.replace("_", " ").upper())
        base = {"pageup": "PgUp", "pagedown": "PgDn", "escape": "Esc", "enter": "Enter", "tab": "Tab",
                "space": "Space", "home": "Home", "end": "End"}.get(base, base)
        shown.append("+".join([*mods, base]))
    return " / ".join(shown)


class KeyWords(dict):
    """Battle key name -> how its first bound key reads on screen ("select" -> "Enter", "move" -> "m");
    a name it does not hold reads as itself.  What the status line, the hints and the log's notes
    name the keys with (``key_words``)."""

    def __missing__(self, name: str) -> str:
        return name


def key_words(settings: Settings | None = None) -> KeyWords:
    """The keys ``settings`` bind (None: the defaults), one shown per battle key: its first key as it
    reads on screen (``key_display``): {"select": "Enter", "next": "Tab", "move": "m", …}."""
    bound = (settings if settings is not None else Settings()).bound_keys()
    return KeyWords({name: key_display(keys.split(",")[0]) for name, keys in bound.items()})


# -- reading ------------------------------------------------------------------------------------
_TABLE = re.compile(r'^\s*\[\s*"?([A-Za-z0-9_-]+)"?\s*\]')
_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)")


def _locate(text: str, table: str, key: str) -> tuple[int, int]:
    """1-based (line, column) of ``key``'s value in ``table`` ("" for the top level) of TOML ``text``
    ((line of the table, 1) when the key is not written on a line of its own; (0, 0) when absent)."""
    current = ""
    assign = re.compile(rf'^(\s*"?{re.escape(key)}"?\s*=\s*)')
    table_line = 0
    for number, row in enumerate(text.splitlines(), 1):
        head = _TABLE.match(row)
        if head and not row.lstrip().startswith("[["):
            current = head.group(1)
            if current == table:
                table_line = number
            continue
        if current == table:
            found = assign.match(row)
            if found:
                return number, len(found.group(1)) + 1
    if table:  # keys = { ... } inline, or the key inside it
        at = _locate(text, "", table)
        if at[0]:
            return at
    return (table_line, 1) if table_line else (0, 0)


def _did_you_mean(name: str, known: Collection[str]) -> str:
    """" (did you mean move?)" when ``name`` is close to one of ``known`` (a typing slip), else ""."""
    import difflib  # noqa: PLC0415 - only for a file with a problem
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def _name_column(text: str, line: int, name: str, col: int) -> int:
    """1-based column where ``name`` begins on line ``line`` of ``text`` (its value's column ``col`` when
    the line does not begin with it: an inline table, or no line)."""
    row = text.splitlines()[line - 1] if 0 < line <= len(text.splitlines()) else ""
    bare = row.lstrip()
    if bare.startswith(name) or bare.startswith(f'"{name}"'):
        return len(row) - len(bare) + 1
    return col


def _type_name(value: object) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "a text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _check_field(name: str, value: object, themes: Collection[str] | None) -> tuple[object, str | None]:
    """``value`` of top-level field ``name`` as the settings hold it, and None; or (None, what is wrong)."""
    if name in ("intent", "handoff", "bell"):
        if not isinstance(value, bool):
            return None, f"expected true or false, got {_type_name(value)}"
        return value, None
    if name == "pace":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None, f"expected a number of seconds from 0 to 10, got {_type_name(value)}"
        if not 0 <= value <= 10:
            return None, f"expected a number of seconds from 0 to 10, got {value}"
        return float(value), None
    if name == "ai_level":
        if not isinstance(value, str) or value not in AI_LEVELS:
            got = repr(clean_text(value)[:40]) if isinstance(value, str) else _type_name(value)
            return None, f"expected one of {', '.join(AI_LEVELS)}, got {got}"
        return value, None
    if name == "theme":
        if not isinstance(value, str) or not value.strip():
            return None, f"expected a theme's name, got {_type_name(value)}"
        if themes is not None and value not in themes:
            return None, f"unknown theme {clean_text(value)[:40]!r}; choose from {', '.join(sorted(themes))}"
        return value, None
    if name == "champion_prompts":
        if isinstance(value, str):
            if value in ("always", "never"):
                return value, None
            return None, f'expected "always", "never" or a list of triggers, got {clean_text(value)[:40]!r}'
        if isinstance(value, list):
            bad = [v for v in value if not isinstance(v, str) or v not in CHAMPION_TRIGGERS]
            if bad:
                shown = repr(clean_text(bad[0])[:40]) if isinstance(bad[0], str) else _type_name(bad[0])
                return None, f"unknown trigger {shown}; the triggers are {', '.join(CHAMPION_TRIGGERS)}"
            return tuple(dict.fromkeys(value)), None
        return None, f'expected "always", "never" or a list of triggers, got {_type_name(value)}'
    raise AssertionError(name)  # pragma: no cover - only the fields above are asked


def _check_keys(table: object, text: str, shown: str) -> tuple[dict[str, str], list[SettingsProblem]]:
    """The ``[keys]`` table: the rebound keys (normalised) and the problems (unknown names, bad keys,
    reserved keys, two actions on one key)."""
    problems: list[SettingsProblem] = []

    def problem(key: str, message: str) -> None:
        line, col = _locate(text, "keys", key) if key else _locate(text, "", "keys")
        problems.append(SettingsProblem(shown, line, col, f"keys.{key}" if key else "keys", message))

    if not isinstance(table, dict):
        problem("", f"expected a table of keys ([keys]), got {_type_name(table)}")
        return {}, problems
    keys: dict[str, str] = {}
    for name, value in table.items():
        safe = clean_text(name)[:40]
        if name not in _BY_NAME:
            line, col = _locate(text, "keys", name)
            problems.append(SettingsProblem(shown, line, _name_column(text, line, name, col), f"keys.{safe}",
                                            f"unknown battle key {safe!r}{_did_you_mean(name, _BY_NAME)}; the keys are "
                                            f"{', '.join(_BY_NAME)}"))
            continue
        if not isinstance(value, str) or not value.strip():
            problem(name, f'expected a key such as "x", "ctrl+x" or "f2" (several: "x,f2"), got '
                          f"{_type_name(value) if not isinstance(value, str) else 'an empty text'}")
            continue
        normal = [normalize_key(part) for part in value.split(",")]
        bad = [part for part, n in zip(value.split(","), normal) if n is None]
        if bad:
            problem(name, f"{clean_text(bad[0]).strip()[:20]!r} is not a key; expected a character, a named "
                          'key (enter, tab, space, escape, up, pageup, f1…) or either after "ctrl+", "shift+", '
                          '"alt+"')
            continue
        reserved = [n for n in normal if n in RESERVED_KEYS]
        if reserved:
            problem(name, f"{reserved[0]} is kept for the game (ctrl+c saves and quits, ctrl+p opens the "
                          "command palette, ctrl+q quits)")
            continue
        keys[name] = ",".join(dict.fromkeys(n for n in normal if n is not None))
    owner: dict[str, str] = {}
    for binding in KEY_BINDINGS:  # two actions on one key, once the rebound keys are in place
        for key in keys.get(binding.name, binding.default).split(","):
            other = owner.setdefault(key, binding.name)
            if other != binding.name:
                culprit = binding.name if binding.name in keys else other
                problem(culprit, f"{key_display(key)} is also the key of {binding.name if culprit == other else other}"
                                 f"; give each action its own key (rebind the other one too)")
                keys.pop(culprit, None)
    return keys, problems


#: The keys a question over the battle answers with itself (``tui.screens.choice`` and the champion
#: prompt), with what they do there: a battle key rebound to one of them does not work in a question.
PROMPT_KEYS = {"x": 'the champion prompt\'s "No, and stop asking"', "y": 'the champion prompt\'s "Yes"',
               "n": 'the champion prompt\'s "No"', "q": "every question's quit (it leaves the game)"}


def prompt_key_warnings(keys: Mapping[str, str], text: str, shown: str) -> list[SettingsProblem]:
    """A warning for every key of the rebound battle ``keys`` (by name, as ``_check_keys`` returns them)
    that a question over the battle takes for itself (``PROMPT_KEYS``) and that is not the key's
    default: "keys.move: x is also the champion prompt's "No, and stop asking" …", at its line in
    ``text`` (the file, named ``shown``)."""
    out = []
    for name, bound in keys.items():
        default = _BY_NAME[name].default.split(",")
        for key in bound.split(","):
            if key in PROMPT_KEYS and key not in default:
                line, col = _locate(text, "keys", name)
                out.append(SettingsProblem(shown, line, col, f"keys.{name}",
                                           f"{key_display(key)} is also {PROMPT_KEYS[key]} key: while a question "
                                           f"is up (a champion power, who goes first) {key_display(key)} answers "
                                           f"it, not {name.replace('_', ' ')}", "warning"))
    return out


def load_settings(path: Path | None = None, themes: Collection[str] | None = None) -> LoadedSettings:
    """Read the settings file.

    Args:
        path: the file (default: ``settings_path()``).
        themes: the theme names the interface knows; None skips checking ``theme``'s name.
    Returns the settings (defaults where the file is missing, says nothing or is wrong), the
    problems as ``path:line:col`` lines, and the fields the file set.  Never raises on a bad file.
    """
    path = Path(path) if path is not None else settings_path()
    shown = str(path)
    defaults = Settings()
    try:
        data = read_regular(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return LoadedSettings(defaults, path, False)
    except FileRefused as err:
        return LoadedSettings(defaults, path, True, (SettingsProblem(shown, 0, 0, "", str(err)),))
    except OSError as err:
        return LoadedSettings(defaults, path, True,
                              (SettingsProblem(shown, 0, 0, "", f"cannot be read: {err.strerror or err}"),))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        return LoadedSettings(defaults, path, True,
                              (SettingsProblem(shown, line, col, "", "not UTF-8 text; expected a TOML file"),))
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        where = _POSITION.search(message)
        line, col = (int(where.group(1)), int(where.group(2))) if where else (0, 0)
        message = _POSITION.sub("", message).replace(" (at end of document)", " at the end of the file")
        return LoadedSettings(defaults, path, True,
                              (SettingsProblem(shown, line, col, "", f"not valid TOML: {message}"),))
    problems: list[SettingsProblem] = []
    values: dict[str, object] = {}
    for name, value in table.items():
        safe = clean_text(name)[:40]
        if name == "keys":
            keys, key_problems = _check_keys(value, text, shown)
            problems.extend(key_problems)
            values["keys"] = keys
            continue
        line, col = _locate(text, "", name)
        if name not in FIELDS:  # the name is wrong: point at it, not at its value
            col = _name_column(text, line, name, col)
            problems.append(SettingsProblem(shown, line, col, safe,
                                            f"unknown setting{_did_you_mean(name, FIELDS)}; the settings are "
                                            f"{', '.join(FIELDS)}"))
            continue
        checked, why = _check_field(name, value, themes)
        if why is not None:
            problems.append(SettingsProblem(shown, line, col, name, why))
        else:
            values[name] = checked
    settings = replace(defaults, **values)  # type: ignore[arg-type]
    from_file = {n for n in values if n != "keys"} | {f"keys.{k}" for k in settings.keys}
    problems.sort(key=lambda p: (p.line, p.col))
    warnings = prompt_key_warnings(settings.keys, text, shown)
    return LoadedSettings(settings, path, True, tuple(problems), frozenset(from_file), tuple(warnings))


# -- in force -----------------------------------------------------------------------------------
def resolve(loaded: LoadedSettings, given: Mapping[str, object]) -> list[tuple[str, object, str]]:
    """Every setting in force with where it came from.

    Args:
        loaded: ``load_settings``'s result.
        given: the values the command line gave, by field (only the options actually given).
    Returns (name, value, source) for every field, then every battle key ("keys.NAME"), where
    source is "command line", "file" or "default".
    """
    out: list[tuple[str, object, str]] = []
    for name in FIELDS:
        if name == "keys":
            continue
        if name in given:
            out.append((name, given[name], "command line"))
        else:
            out.append((name, getattr(loaded.settings, name), "file" if name in loaded.from_file else "default"))
    bound = loaded.settings.bound_keys()
    for binding in KEY_BINDINGS:
        source = "file" if f"keys.{binding.name}" in loaded.from_file else "default"
        out.append((f"keys.{binding.name}", bound[binding.name], source))
    return out


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def default_text(settings: Settings | None = None, written: Collection[str] | None = None) -> str:
    """A commented settings file holding ``settings`` (default: the defaults), every key listed under
    ``[keys]`` as a comment with its default (``tactica config --init`` writes it).

    ``written``: the top-level fields given a line of their own (None: all of them); the others are
    written as comments (``# pace = 0.4``), so they stay defaults (``remember``'s new file)."""
    settings = settings or Settings()
    lines = ["# tactica settings (TOML). The command line beats this file; delete a line for its default.",
             "# tactica config shows the values in force and where each comes from.", ""]
    for name in FIELDS:
        if name == "keys":
            continue
        lines.extend(textwrap.wrap(_COMMENTS[name], 98, initial_indent="# ", subsequent_indent="# "))
        comment = "" if written is None or name in written else "# "
        lines.append(f"{comment}{name} = {_toml_value(getattr(settings, name))}")
        lines.append("")
    lines.append("# Battle keys: uncomment a line and give other keys (Textual's names: \"x\", \"ctrl+x\", \"f2\",")
    lines.append("# \"pageup\"; several: \"x,f2\"). Each action needs a key of its own; ctrl+c and ctrl+p are kept.")
    lines.append("[keys]")
    for binding in KEY_BINDINGS:
        value = settings.keys.get(binding.name)
        if value is not None:
            lines.append(f"{binding.name} = {_toml_value(value)}  # {binding.what}")
        else:
            lines.append(f"# {binding.name} = {_toml_value(binding.default)}  # {binding.what}")
    return "\n".join(lines) + "\n"


def remember(name: str, value: str | bool | float | tuple[str, ...], path: Path | None = None) -> str | None:
    """Write top-level setting ``name`` = ``value`` into the settings file, keeping every other line:
    the comments, the ``[keys]`` table, lines this version does not know, and the comment after the
    value on its own line; a value written over several lines is replaced whole.  A new file is the
    commented default file with that value.  The file is written atomically (a temporary file in the
    same folder, flushed to disk, then renamed over it, keeping the old file's permissions).

    Args:
        name: a top-level field of ``Settings`` ("theme", "pace"…; not "keys").
        value: its new value, as ``Settings`` holds it (a tuple of triggers for ``champion_prompts``).
        path: the file (default: ``settings_path()``).
    Returns None when written, else why not, in words: the file cannot be read or parsed as TOML
    (then it is left alone, so that nothing the user wrote is lost), or the disk refused.  A file
    whose other fields have problems is still written: those lines are kept as they are.  Never
    raises.  The settings screen and the theme chosen in the command palette remember so.
    """
    path = Path(path) if path is not None else settings_path()
    loaded = load_settings(path)
    unparsed = [p for p in loaded.problems if not p.field]
    if unparsed:
        return f"the settings file has problems ({unparsed[0]})"
    if not loaded.found:  # the commented default file, only this setting set (the others stay defaults)
        text = default_text(replace(loaded.settings, **{name: value}), written={name})  # type: ignore[arg-type]
    else:
        try:
            changed = _with_value(read_regular(path, MAX_SETTINGS_BYTES).decode("utf-8"), name, value)
        except (OSError, FileRefused, UnicodeDecodeError) as err:  # changed since it was read
            return f"cannot read {path}: {err}"
        if changed is None:
            return f"{name} is written in a way this screen cannot change; edit {path} by hand"
        text = changed
    return _write_atomically(path, text)


def _with_value(text: str, name: str, value: object) -> str | None:
    """TOML ``text`` with top-level ``name`` set to ``value`` and nothing else changed (every other
    value, comment and line kept), or None when no such text is found (the key is written in a form
    this function does not rewrite, e.g. inside an inline table)."""
    before = tomllib.loads(text)
    expected = {**before, name: value if not isinstance(value, tuple) else list(value)}
    new_line = f"{name} = {_toml_value(value)}"
    rows = text.splitlines()
    line, _ = _locate(text, "", name)
    candidates: list[list[str]] = []
    if line and name in before:
        first = rows[line - 1]
        for end in range(line, len(rows) + 1):  # the value may run over several lines
            head = "\n".join([first, *rows[line:end]])
            try:
                if tomllib.loads(head) != {name: before[name]}:
                    continue
            except tomllib.TOMLDecodeError:
                continue
            comment = _trailing_comment(rows[end - 1])
            kept = f"{new_line}  {comment}" if comment and end == line else new_line
            candidates.append([*rows[:line - 1], kept, *rows[end:]])
            if comment and end > line:
                candidates.append([*rows[:line - 1], new_line, *rows[end:]])
            break
    elif name not in before:
        first_table = next((i for i, t in enumerate(rows) if _TABLE.match(t)), len(rows))
        commented = re.compile(rf"^\s*#\s*{re.escape(name)}\s*=")  # the default file's "# pace = 0.4"
        at = next((i for i, t in enumerate(rows[:first_table]) if commented.match(t)), None)
        if at is not None:
            candidates.append([*rows[:at], new_line, *rows[at + 1:]])
        candidates.append([*rows[:first_table], new_line, *([""] if first_table < len(rows) else []),
                           *rows[first_table:]])
    for rows_out in candidates:
        out = "\n".join(rows_out) + "\n"
        try:
            if tomllib.loads(out) == expected:
                return out
        except tomllib.TOMLDecodeError:
            continue
    return None


def _trailing_comment(row: str) -> str:
    """The comment after the value on TOML line ``row`` ("# cold"), or "" when it has none."""
    at = row.find("#")
    while at != -1:
        try:
            tomllib.loads(row[:at])
            return row[at:].strip()
        except tomllib.TOMLDecodeError:
            at = row.find("#", at + 1)
    return ""


def _write_atomically(path: Path, text: str) -> str | None:
    """Write ``text`` to ``path`` through a temporary file renamed over it; None, or why not."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode & 0o777 if path.exists() else None
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError as err:
        return f"cannot write {path}: {err.strerror or err}"
    return None


# -- the settings screen's steps ---------------------------------------------------------------
#: The fields the settings screen changes, in its order (the ``[keys]`` table is edited in the file).
EDITED = ("ai_level", "pace", "intent", "theme", "handoff", "champion_prompts", "bell")
#: The paces the settings screen steps through, in seconds (the file may hold any from 0 to 10).
PACE_STEPS = (0.0, 0.1, 0.2, 0.4, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)


def stepped(name: str, value: object, step: int, themes: Collection[str] = ()) -> object:
    """The value after ``value`` of field ``name`` (``step`` 1) or before it (-1), as the settings
    screen's → and ← give: the next AI level, pace (``PACE_STEPS``; a pace between two steps goes to
    the nearer step that way), theme (``themes``, tactica's own first, then by name), the other state
    of a switch; champion prompts go "always" → "never" → the file's own list of triggers, if any.
    The list wraps round.  Raises KeyError for a field the screen does not edit."""
    if name in ("intent", "handoff", "bell"):
        return not value
    if name == "pace":
        pace = float(value)  # type: ignore[arg-type]
        if step > 0:
            return next((p for p in PACE_STEPS if p > pace + 1e-9), PACE_STEPS[0])
        return next((p for p in reversed(PACE_STEPS) if p < pace - 1e-9), PACE_STEPS[-1])
    if name == "ai_level":
        values: tuple[object, ...] = AI_LEVELS
    elif name == "theme":
        values = tuple(sorted(themes, key=lambda t: (not str(t).startswith("tactica-"), str(t)))) or (DEFAULT_THEME,)
    elif name == "champion_prompts":
        values = ("always", "never", *([value] if isinstance(value, tuple) else []))
    else:
        raise KeyError(name)
    at = values.index(value) if value in values else -1 if step > 0 else 0
    return values[(at + step) % len(values)]


def with_trigger_asked(prompts: str | tuple[str, ...], trigger: str, asked: bool) -> str | tuple[str, ...]:
    """``champion_prompts`` after the prompt for ``trigger`` (a ``CHAMPION_TRIGGERS`` value) is set to
    be asked (``asked``) or never asked: "always" when no trigger is left muted, "never" when all are,
    else the muted triggers in ``CHAMPION_TRIGGERS``' order (CHP-2)."""
    muted = set(Settings(champion_prompts=prompts).muted_triggers())
    (muted.discard if asked else muted.add)(trigger)
    if not muted:
        return "always"
    if muted >= set(CHAMPION_TRIGGERS):
        return "never"
    return tuple(t for t in CHAMPION_TRIGGERS if t in muted)


def setting_words(name: str, value: object) -> str:
    """How a setting's value reads on the settings screen: "on" / "off", "0.4 s", the triggers of a
    list joined by commas, a text as it is."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if name == "pace":
        return f"{float(value):g} s"  # type: ignore[arg-type]
    if isinstance(value, tuple):
        return "never for: " + ", ".join(value)
    return str(value)


def setting_about(name: str) -> str:
    """What field ``name`` does, in a sentence (the commented default file's words)."""
    return _COMMENTS[name]


# -- tactica config -----------------------------------------------------------------------------
def given_options(args: object) -> dict[str, object]:
    """The settings the command line gives (``play``, ``resume``, ``config``'s options), by field: only
    the options actually given (``--ai``, ``--pace``, ``--intent``, ``--handoff`` / ``--no-handoff``,
    ``--bell`` / ``--no-bell``)."""
    given: dict[str, object] = {}
    if getattr(args, "ai", None):
        given["ai_level"] = args.ai  # type: ignore[attr-defined]
    if getattr(args, "pace", None) is not None:
        given["pace"] = args.pace  # type: ignore[attr-defined]
    if getattr(args, "intent", False):
        given["intent"] = True
    for name in ("handoff", "bell"):  # --handoff / --no-handoff, --bell / --no-bell: True or False
        if isinstance(getattr(args, name, None), bool):
            given[name] = getattr(args, name)
    return given


def run_config(args: object, themes: Collection[str] | None = None, out=None, err=None) -> int:
    """``tactica config``: print the settings file's path and every value in force with where it came
    from; ``--init`` writes the commented default file (``--force``: over an existing one).

    Args:
        args: ``init`` and ``force`` (bools) and the play options ``given_options`` reads.
        themes: the theme names the interface knows (to check ``theme``).
        out, err: where to print (default: standard output and error).
    Returns 0, or 1 when the file has problems (listed on ``err``, the values shown are then the
    defaults for those fields) or ``--init`` cannot write.
    """
    import sys  # noqa: PLC0415
    out = out or sys.stdout
    err = err or sys.stderr
    path = settings_path()
    if getattr(args, "init", False):
        if path.exists() and not getattr(args, "force", False):
            print(f"tactica config: {path} exists; edit it, or write the defaults over it with "
                  "tactica config --init --force", file=err)
            return 1
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(default_text(), encoding="utf-8")
        except OSError as error:
            print(f"tactica config: cannot write {path}: {error.strerror or error}", file=err)
            return 1
        print(f"Wrote the default settings to {path}", file=out)
        return 0
    loaded = load_settings(path, themes)
    state = "" if loaded.found else "  (not there: the defaults are in force; tactica config --init writes one)"
    print(f"Settings file: {path}{state}", file=out)
    rows = resolve(loaded, given_options(args))
    width = max(len(name) for name, _, _ in rows)
    vwidth = max(len(_toml_value(v)) for _, v, _ in rows)
    for name, value, source in rows:
        print(f"  {name:<{width}}  {_toml_value(value):<{vwidth}}  {source}", file=out)
    for problem in (*loaded.problems, *loaded.warnings):
        print(problem, file=err)
    return 1 if loaded.problems else 0
