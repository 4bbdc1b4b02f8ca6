"""The status line under the map: a hint, a preview, or why an action was refused."""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class StatusLine(Static):
    """Shows ``message``; ``refused`` messages are drawn as refusals, ``warning`` ones as warnings.

    A ``note`` (a key's setting just changed: "Fast: …") is drawn before the message, in its own style,
    where a toast would cover the log (80×24)."""

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

    note: reactive[str] = reactive("")
    """An acknowledgement said before ``message`` ("" for none), e.g. that the AI's fast mode is on."""

    def render(self) -> Text:
        if self.warning:
            text = Text("⚠ " + self.message, style="bold bright_magenta")
        elif self.refused:
            text = Text("✗ " + self.message, style="bold yellow")
        else:
            text = Text(self.message)
        if self.note:
            return Text.assemble(("✓ " + self.note, "bold green"), " ", text)
        return text
