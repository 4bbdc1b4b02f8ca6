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

    aside: reactive[bool] = reactive(False)
    """True when ``note`` is a calm aside (a key that does nothing here: ``Toasts.aside``), drawn
    plainly in italics rather than as an acknowledgement's green tick."""

    def render(self) -> Text:
        if self.warning:
            text = Text("⚠ " + self.message, style="bold bright_magenta")
        elif self.refused:
            text = Text("✗ " + self.message, style="bold yellow")
        else:
            text = Text(self.message)
        if self.note and self.aside:  # a sentence of its own: ended before the hint's (nm s17 F18)
            end = "" if self.note.endswith((".", "!", "?", "…")) else "."
            return Text.assemble(("· " + self.note + end, "italic"), "  ", text)
        if self.note:
            return Text.assemble(("✓ " + self.note, "bold green"), " ", text)
        return text


def fit_status(text: str, room: int, names: tuple[str, ...] = ()) -> str:
    """``text`` in at most ``room`` characters, for a status line that shows no more.

    Args:
        text: the message (a hint, a refusal, the engine's sentence).
        room: the characters the status line shows (``BattleScreen._status_room``).
        names: creatures' card names the text may hold; when it is too long each such name of more
            than 16 characters is cut to its first words ("Sister of the…") first.
    Returns ``text`` itself when it fits; else with the long names cut; else cut at the last word
    that fits, ending in "…".  Never longer than ``room`` (taken as 1 when smaller).
    """
    room = max(1, room)
    if len(text) <= room:
        return text
    for name in sorted(set(names), key=len, reverse=True):
        if len(name) > 16 and name in text:
            head = name[:15]  # its first words within 14 characters (a word may end at the 15th)
            cut = head.rsplit(" ", 1)[0] if " " in head else name[:14]
            text = text.replace(name, cut + "…")
    if len(text) <= room:
        return text
    head = text[:room - 1]
    if " " in head[room // 2:]:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,;:") + "…"
