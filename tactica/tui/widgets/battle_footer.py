"""The battle screen's footer: Textual's key footer with "? Help" always in sight.

``? Help`` is pinned to the right edge, so the keys that do not fit a narrow
terminal are cut off before it is; it covers the last column too, so no letter
of a key cut under it shows after it ("? Helpt").  Below ``NARROW`` columns the footer is
compact and uses the short labels of ``SHORT``.
"""
from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW = 110
"""Terminal columns below which the footer is compact with short labels (the screen's -narrow)."""

SHORT = {"End activation": "End", "Fast AI": "Fast", "AI intent": "Intent", "More card": "Card",
         "Auto-place": "Auto", "Reload map": "Reload", "Add target": "Add", "Read log": "Log"}
"""Short labels for a narrow terminal, by full label."""


class BattleFooter(Footer):
    """A ``Footer`` whose Help key stays visible at any width."""

    DEFAULT_CSS = """
    BattleFooter FooterKey.-pinned {
        dock: right;
        margin: 0;  /* a compact footer's keys keep a column after them: the pinned one covers the last */
        padding-left: 1;
        border-left: vkey $foreground 20%;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._narrow: bool | None = None

    def compose(self) -> ComposeResult:
        narrow = self.app.size.width < NARROW
        self._narrow = narrow
        self.compact = narrow
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.action == "help":
                    widget.add_class("-pinned")
                if narrow:
                    widget.description = SHORT.get(widget.description, widget.description)
            yield widget

    def on_resize(self, event: events.Resize) -> None:
        if self._narrow is not None and (self.app.size.width < NARROW) != self._narrow:
            self.call_after_refresh(self.recompose)


__all__ = ["BattleFooter", "NARROW", "SHORT"]
