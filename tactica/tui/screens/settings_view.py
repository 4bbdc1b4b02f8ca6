"""The settings screen (the title screen's "Settings"): what ``tactica config`` prints, on screen.

The settings file's path (or that it is not there), every value in force with where it came from
(the file or the default; ``client.settings.resolve``), the bound battle keys, and the file's
problems.  Read-only: the file is edited in an editor (``tactica config --init`` writes a commented
one).  Esc or Enter closes it; ↑ ↓ PgUp PgDn scroll.
"""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tactica.client.settings import KEY_BINDINGS, LoadedSettings, key_display, resolve, settings_path

__all__ = ["SettingsScreen", "settings_table"]

_WHAT = {k.name: k.what for k in KEY_BINDINGS}


def settings_table(loaded: LoadedSettings) -> Table:
    """The values in force as a table: setting, value, where it came from ("file" / "default"); a
    battle key's value as it reads on screen ("?" for question_mark) and what the key does."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    table.add_column("setting", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("from", no_wrap=True)
    for name, value, source in resolve(loaded, {}):
        if name.startswith("keys."):
            key = name.removeprefix("keys.")
            shown = f"{key_display(str(value))}  ({_WHAT.get(key, key)})"
        elif isinstance(value, bool):
            shown = "on" if value else "off"
        elif isinstance(value, tuple):
            shown = ", ".join(value)
        else:
            shown = str(value)
        table.add_row(name, shown, source)
    return table


class SettingsScreen(ModalScreen[None]):
    """The settings in force and the file they are read from.

    Args:
        loaded: the settings read (``client.settings.load_settings``).
    """

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; background: $background; }
    SettingsScreen > Vertical { width: 100%; max-width: 110; height: 100%; border: thick $accent;
                                background: $panel; border-title-align: left; }
    SettingsScreen #settings-path { padding: 0 1; }
    SettingsScreen #settings-scroll { height: 1fr; padding: 0 1; }
    SettingsScreen #settings-keys { height: 1; color: $text-muted; padding: 0 1; }
    """

    BINDINGS = [
        Binding("escape,enter,q", "close", "Close"),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
    ]

    def __init__(self, loaded: LoadedSettings) -> None:
        super().__init__()
        self.loaded = loaded
        #: The values in force as shown (``settings_table``).
        self.table = settings_table(loaded)

    def compose(self) -> ComposeResult:
        loaded = self.loaded
        path = loaded.path if loaded.path is not None else settings_path()
        head = Text.assemble(("Settings file: ", "bold"), str(path))
        if not loaded.found:
            head.append("\nNot there: the defaults are in force. 'tactica config --init' writes a commented "
                        "file to edit.")
        else:
            head.append("\nEdit it in any text editor; the command line's options beat it for one battle.")
        for problem in loaded.problems:
            head.append(f"\n{problem}", style="bold red")
        with Vertical() as box:
            box.border_title = "Settings"
            yield Static(head, id="settings-path")
            with VerticalScroll(id="settings-scroll"):
                yield Static(self.table, id="settings-table")
            yield Static("↑ ↓ PgUp PgDn scroll · Esc close", id="settings-keys")

    def action_scroll(self, lines: int) -> None:
        """Scroll the table by ``lines`` (negative: back)."""
        scroll = self.query_one("#settings-scroll", VerticalScroll)
        scroll.scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        """Esc: back to the screen under it."""
        if self.is_current:
            self.dismiss(None)
