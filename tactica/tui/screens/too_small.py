"""Shown instead of the game while the terminal is smaller than the minimum."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal the battle screen is drawn in."""


def too_small_message(width: int, height: int) -> str:
    """ "tactica needs at least 80×24; this terminal is 70×20" """
    return f"tactica needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this terminal is {width}×{height}"


class TooSmallScreen(Screen[None]):
    """A centred message naming the size needed; the app removes it when the terminal grows."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
    }
    TooSmallScreen Static {
        width: auto;
        max-width: 100%;
        text-align: center;
        text-style: bold;
    }
    """

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self._size_text = too_small_message(width, height)

    def compose(self) -> ComposeResult:
        yield Static(self._size_text + "\n(enlarge the window, or press q to quit)")

    def show_size(self, width: int, height: int) -> None:
        """Update the message for a new terminal size."""
        self._size_text = too_small_message(width, height)
        self.query_one(Static).update(self._size_text + "\n(enlarge the window, or press q to quit)")


def cover_when_small(app: App, width: int, height: int) -> None:
    """Push, update or pop the TooSmallScreen for a terminal of ``width``×``height``."""
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    top = app.screen_stack[-1] if app.screen_stack else None
    if small and isinstance(top, TooSmallScreen):
        top.show_size(width, height)
    elif small:
        app.push_screen(TooSmallScreen(width, height))
    elif isinstance(top, TooSmallScreen):
        app.pop_screen()
