"""The status line under the map: a hint, a preview, or why an action was refused."""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class StatusLine(Static):
    """Shows ``message``; ``refused`` messages are drawn as refusals, ``warning`` ones as warnings."""

    DEFAULT_CSS = """
    StatusLine {
        height: 2;
        padding: 0 1;
        background: $boost;
    }
    """

    message: reactive[str] = reactive("")
    """The text shown."""

    refused: reactive[bool] = reactive(False)
    """True when ``message`` is the engine's refusal of an action."""

    warning: reactive[bool] = reactive(False)
    """True when ``message`` asks to confirm a risky choice (a move that provokes opportunity attacks)."""

    def render(self) -> Text:
        if self.warning:
            return Text("⚠ " + self.message, style="bold bright_magenta")
        if self.refused:
            return Text("✗ " + self.message, style="bold yellow")
        return Text(self.message)
