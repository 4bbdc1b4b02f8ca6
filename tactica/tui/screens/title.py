"""The title screen (``tactica`` with no command, issue 20): the game's name and what to do.

Entries: New battle (who plays the other side, then the setup screen), Continue (the newest
unfinished saved battle; shown only when there is one), Tutorial, Build a warband, Rules reference,
Settings (every setting, changed and saved to the settings file), Quit.  Keys: ↑ ↓ and Enter, or each
entry's letter (shown beside it); the mouse clicks an entry.  The screen only says which entry was
chosen (``TacticaApp.title_chosen`` does it); it stays under what it opened and comes back when
that closes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

__all__ = ["ENTRIES", "TitleEntry", "TitleScreen"]


@dataclass(frozen=True)
class TitleEntry:
    """One entry of the title screen.

    Attributes:
        id: what ``TacticaApp.title_chosen`` is told ("new", "continue", …).
        label: the entry's words.
        key: the letter that chooses it.
        about: one line on what it does (under the list while it is highlighted).
    """

    id: str
    label: str
    key: str
    about: str


ENTRIES: tuple[TitleEntry, ...] = (
    TitleEntry("new", "New battle", "n",
               "Choose who plays the other side (the AI or a second player), then the warbands, the maps "
               "and the scenario."),
    TitleEntry("continue", "Continue", "c", "Go on with your last unfinished battle."),
    TitleEntry("tutorial", "Tutorial", "t",
               "New to the game? A short battle that teaches it one step at a time; it goes on where you left."),
    TitleEntry("build", "Build a warband", "b",
               "Pick creatures from the card catalogue, save the warband, and battle with it."),
    TitleEntry("rules", "Rules reference", "r", "Every rule of the game, searched by ID or word."),
    TitleEntry("settings", "Settings", "s",
               "Change the AI's level and pace, the theme, the prompts, the bell…; see the keys."),
    TitleEntry("quit", "Quit", "q", "Leave tactica."),
)
"""Every entry, in the screen's order (Continue is left out when there is nothing to continue)."""

_BANNER = "T A C T I C A"
_SUBTITLE = "the D&D Miniatures skirmish game (2008 rules), in your terminal"


class TitleScreen(Screen[None]):
    """The title screen.

    Args:
        continue_text: the unfinished battle Continue reopens, in words ("Round 3, VP 40–20, …"),
            or None to leave Continue out.
    """

    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen > Vertical { width: 64; max-width: 100%; height: auto; }
    TitleScreen #banner { width: 100%; content-align: center middle; text-style: bold; color: $accent;
                          border: double $accent; height: 3; }
    TitleScreen #subtitle { width: 100%; content-align: center middle; color: $text-muted; margin-bottom: 1; }
    TitleScreen OptionList { height: auto; max-height: 9; border: round $primary; padding: 0 1; }
    TitleScreen #about { height: 3; padding: 0 1; }
    TitleScreen #title-keys { padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(e.key, f"choose('{e.id}')", e.label, show=False) for e in ENTRIES],
        Binding("escape", "choose('quit')", "Quit", show=False),
    ]

    def __init__(self, continue_text: str | None = None) -> None:
        super().__init__()
        self.continue_text = continue_text
        #: The entries shown, in order.
        self.entries = [e for e in ENTRIES if e.id != "continue" or continue_text is not None]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_BANNER, id="banner")
            yield Static(_SUBTITLE, id="subtitle")
            yield OptionList(*[Option(self._label(e), id=e.id) for e in self.entries], id="title-menu")
            yield Static(id="about")
            yield Static("↑ ↓ and Enter, an entry's letter, or a click", id="title-keys")
        yield Footer()

    def _label(self, entry: TitleEntry) -> str:
        return f"[b]{entry.key}[/b]  {entry.label}"

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()
        self._about(self.entries[0])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue's letter does nothing while Continue is not shown."""
        if action == "choose" and parameters == ("continue",):
            return self.continue_text is not None
        return True

    def show_continue(self, continue_text: str | None) -> None:
        """Show Continue for the unfinished battle ``continue_text`` (in words), or leave it out (None)."""
        if continue_text == self.continue_text:
            return
        self.continue_text = continue_text
        self.entries = [e for e in ENTRIES if e.id != "continue" or continue_text is not None]
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options([Option(self._label(e), id=e.id) for e in self.entries])
        menu.highlighted = 0
        self._about(self.entries[0])

    def _about(self, entry: TitleEntry) -> None:
        about = entry.about
        if entry.id == "continue" and self.continue_text:
            about = f"Go on with your last unfinished battle: {self.continue_text}."
        self.query_one("#about", Static).update(about)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._about(next(e for e in self.entries if e.id == event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on an entry chooses it."""
        self.action_choose(event.option.id or "")

    def action_choose(self, entry: str) -> None:
        """Do what entry ``entry`` ("new", "continue", …) says (``TacticaApp.title_chosen``)."""
        if self.is_current:
            chosen = getattr(self.app, "title_chosen", None)
            if chosen is not None:
                chosen(entry)
