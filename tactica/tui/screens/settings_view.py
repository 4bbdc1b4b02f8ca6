"""The settings screen (the title screen's Settings, the palette's "Settings"): every setting, changed here.

One row per setting of the file: the AI's level, its pace, its shown intent, the theme, the hot-seat
hand-off, the champion-power prompts (with a row per trigger: asked or not, CHP-2) and the bell,
then every battle key as bound.  ↑ ↓ choose a row; → or Enter (or a click) gives the next value,
← the one before; Esc (or q) closes.  A change takes effect at once where it can (the theme, the
AI's pace and intent, the champion prompts, the hand-off, the bell: ``TacticaApp.change_setting``)
and is written to the settings file, keeping everything else in it (``client.settings.remember``).
The keys are shown with how to rebind them: in the file's ``[keys]`` table, read at the next start.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tactica.client.settings import (
    CHAMPION_TRIGGERS,
    EDITED,
    KEY_BINDINGS,
    LoadedSettings,
    Settings,
    key_display,
    resolve,
    setting_about,
    setting_words,
    settings_path,
    stepped,
    with_trigger_asked,
)

__all__ = ["SettingsScreen", "settings_rows", "settings_table"]

_WHAT = {k.name: k.what for k in KEY_BINDINGS}
#: The line over the keys' rows.
_KEYS_HEADING = "Battle keys: rebound in the file's [keys] table, read at the next start"
#: The first column's width: the longest row name ("  ask on enemy comes near").
_NAME_WIDTH = 25


def settings_rows(loaded: LoadedSettings) -> list[tuple[str, str, str]]:
    """The screen's rows: (row id, value in words, where it came from), in order.

    Row ids are a field's name ("pace"), "trigger.TRIGGER" (is the champion-power prompt of that
    trigger asked: "asked" / "never"), or "keys.NAME" (a battle key as it reads on screen, "Space"
    for space, and what it does).  Where: "file", "default", or "default (bad in file)" for a field
    whose line in the file has a problem.
    """
    bad = {p.field for p in loaded.problems}
    rows: list[tuple[str, str, str]] = []
    for name, value, source in resolve(loaded, {}):
        if source == "default" and name in bad:
            source = "default (bad in file)"
        if name.startswith("keys."):
            key = name.removeprefix("keys.")
            rows.append((name, f"{key_display(str(value))}  ({_WHAT.get(key, key)})", source))
            continue
        rows.append((name, setting_words(name, value), source))
        if name == "champion_prompts":
            muted = Settings(champion_prompts=value).muted_triggers()  # type: ignore[arg-type]
            rows.extend((f"trigger.{t}", "never" if t in muted else "asked", source) for t in CHAMPION_TRIGGERS)
    return rows


def settings_table(loaded: LoadedSettings) -> Table:
    """The rows (``settings_rows``) as one table: setting, value, where it came from."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    table.add_column("setting", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("from", no_wrap=True)
    for row in settings_rows(loaded):
        table.add_row(*row)
    return table


def _label(row: str) -> str:
    if row.startswith("trigger."):
        return f"  ask on {row.removeprefix('trigger.')}"
    return row


def _prompt(row: str, value: str, source: str) -> Table:
    """One row of the list: its name, its value (between ‹ › when the screen changes it), where from."""
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(width=_NAME_WIDTH, no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    grid.add_column(width=9, no_wrap=True, overflow="ellipsis")
    editable = not row.startswith("keys.")
    shown = Text.assemble(("‹ ", "dim"), (value, "bold"), (" ›", "dim")) if editable else Text(value)
    grid.add_row(_label(row), shown, Text(source.replace(" (bad in file)", " ✗"), style="dim"))
    return grid


class SettingsScreen(ModalScreen[None]):
    """Every setting, changed with the keys or the mouse and written to the settings file.

    Args:
        loaded: the settings read (``client.settings.load_settings``).
        themes: the theme names to step through (``tui.themes.theme_names``).
    The app's ``change_setting(name, value)`` (``TacticaApp``) makes each change and returns None or
    why the file was not written; without it (another app) the screen only shows the change.
    """

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; background: $background; }
    SettingsScreen > Vertical { width: 100%; max-width: 110; height: 100%; border: thick $accent;
                                background: $panel; border-title-align: left; }
    SettingsScreen #settings-path { padding: 0 1; }
    SettingsScreen #settings-list { height: 1fr; border: none; padding: 0 1; background: $panel; }
    SettingsScreen #settings-about { height: 4; padding: 0 1; color: $text; border-top: solid $primary; }
    SettingsScreen #settings-keys { height: 1; color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close"),
        Binding("right,space", "change(1)", "Next value", show=False),
        Binding("left", "change(-1)", "Previous value", show=False),
    ]

    def __init__(self, loaded: LoadedSettings, themes: Collection[str] = ()) -> None:
        super().__init__()
        self.loaded = loaded
        self.themes = tuple(themes)
        #: The settings as the screen shows them (the app's, once it changes them).
        self.settings: Settings = loaded.settings
        #: The rows shown, in order (``settings_rows``).
        self.rows = settings_rows(loaded)
        #: The last change's word: what changed, or why the file was not written.
        self.note = ""

    @property
    def table(self) -> Table:
        """The rows shown, as one table (``settings_table``)."""
        return settings_table(self.loaded)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Settings"
            yield Static(self._head(), id="settings-path")
            yield OptionList(*self._options(), id="settings-list")
            yield Static(id="settings-about")
            yield Static("↑ ↓ choose · → Enter or a click: next value · ← back · Esc close",
                         id="settings-keys")

    def _options(self) -> list[Option]:
        """The list's options: a row each, the keys under a heading that cannot be chosen."""
        options = []
        for row in self.rows:
            if row[0] == f"keys.{KEY_BINDINGS[0].name}":
                options.append(Option(Text(_KEYS_HEADING, style="bold"), disabled=True))
            options.append(Option(_prompt(*row), id=row[0]))
        return options

    def _head(self) -> Text:
        loaded = self.loaded
        path = loaded.path if loaded.path is not None else settings_path()
        head = Text.assemble(("Settings file: ", "bold"), str(path))
        if not loaded.found:
            head.append("\nNot there yet: the first change here writes it (every setting, commented).")
        else:
            head.append("\nA change here is saved to it at once; the command line's options beat it.")
        for problem in loaded.problems:
            head.append(f"\n{problem}", style="bold red")
        return head

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()
        self._about()

    def _row(self) -> str | None:
        option = self.query_one(OptionList).highlighted_option
        return option.id if option is not None else None

    def _about(self) -> None:
        row = self._row()
        about = self.query_one("#settings-about", Static)
        if row is None:
            about.update("")
            return
        if row.startswith("keys."):
            name = row.removeprefix("keys.")
            text = (f"Keys are rebound in the file's [keys] table, e.g. {name} = \"x\" (several: \"x,f2\"); "
                    "'tactica config --init' writes every key as a comment. Read at the next start.")
        elif row.startswith("trigger."):
            trigger = row.removeprefix("trigger.")
            text = (f"Whether you are asked to use a champion power when its trigger \"{trigger}\" happens "
                    "(CHP-2); never: always declined.")
        else:
            text = setting_about(row)
        if self.note:
            text = f"{self.note}\n{text}"
        about.update(Text(text))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.note = ""
        self._about()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a row: its next value."""
        event.stop()
        self.action_change(1)

    def action_change(self, step: int) -> None:
        """→ (``step`` 1) or ← (-1): the highlighted setting's next or previous value, made and written
        (``TacticaApp.change_setting``); a key's row says how to rebind it."""
        row = self._row()
        if row is None or not self.is_current:
            return
        if row.startswith("keys."):
            self.note = "This screen does not rebind keys: the settings file does."
            self._about()
            return
        settings = getattr(self.app, "settings", None)
        current = settings if isinstance(settings, Settings) else self.settings
        if row.startswith("trigger."):
            trigger = row.removeprefix("trigger.")
            name = "champion_prompts"
            value: object = with_trigger_asked(current.champion_prompts, trigger,
                                               trigger in current.muted_triggers())
        else:
            name = row
            value = stepped(name, getattr(current, name), step, self.themes)
        assert name in EDITED, name
        change = getattr(self.app, "change_setting", None)
        problem = change(name, value) if change is not None else None
        loaded = getattr(self.app, "settings_file", None)
        if isinstance(loaded, LoadedSettings):
            self.loaded = loaded
        settings = getattr(self.app, "settings", None)
        self.settings = settings if isinstance(settings, Settings) else self.settings
        if change is None or problem is not None:  # shown as in force, though the file says otherwise
            self.loaded = LoadedSettings(self.settings, self.loaded.path, self.loaded.found, self.loaded.problems,
                                         self.loaded.from_file | {name})
        self.note = (f"{name} = {setting_words(name, value)}: not saved, {problem}" if problem is not None
                     else f"{name} = {setting_words(name, value)}, saved.")
        self._refresh_rows()

    def _refresh_rows(self) -> None:
        self.rows = settings_rows(self.loaded)
        menu = self.query_one(OptionList)
        for row in self.rows:
            menu.replace_option_prompt(row[0], _prompt(*row))
        self.query_one("#settings-path", Static).update(self._head())
        self._about()

    def action_close(self) -> None:
        """Esc: back to the screen under it."""
        if self.is_current:
            self.dismiss(None)
