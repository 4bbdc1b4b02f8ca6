"""The battle screen's footer: Textual's key footer with "? Help" always in sight.

``? Help`` is pinned to the right edge.  The keys left of it are the ones that
fit whole: when the battle screen offers more than the terminal is wide, the
least important are left out (``KEEP``: the action keys of the moment first,
undo, the threat view, Tab, reading the log back, the card, the AI's settings, quit last — the
help lists them all), so no key is ever cut off under "? Help" ("PgU▏ ? Help").
Below ``NARROW`` columns the footer is compact and uses the short labels of ``SHORT``; wider, it
uses them too when the full labels do not all fit, before leaving any key out.  While the status line
shows a refusal, the rules key comes first ("r Rules": it opens the rule the refusal names; the
screen's ``rules_key_after_refusal``), ranked as ``KEEP``'s "rules_named", so that it never pushes
a more useful key (z Undo) out.  The keys a screen's ``footer_first`` names (the tutorial's step's)
rank before the others.  While the AI's
fast mode is on, its key reads "f Fast ✓" (``FAST_ON``); while its intent is shown, "i Intent ✓"
(``INTENT_ON``).
"""
from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tactica.client.battle_sizes import NARROW

SHORT = {"End activation": "End", "Fast AI": "Fast", "Fast AI ✓": "Fast ✓", "AI intent": "Intent",
         "AI intent ✓": "Intent ✓", "More card": "Card",
         "Auto-place": "Auto", "Back to active": "Back", "Reload map": "Reload", "Add target": "Add", "Read log": "Log"}
"""Short labels for a narrow terminal, by full label."""

FAST_ON = "Fast AI ✓"
"""The ``f`` key's label while the AI's fast mode is on (the screen's ``ai_fast``): f turns it off."""

INTENT_ON = "AI intent ✓"
"""The ``i`` key's label while the AI's intent is shown (the screen's ``ai_show_intent``): i hides it."""

KEEP = ("select", "move", "shift", "attack", "charge", "pick", "power", "end", "cancel", "back_to_active",
        "auto_place", "undo", "threats", "rules_named", "next", "log_scroll", "card_scroll", "ai_fast", "ai_intent",
        "reload_map", "quit")
"""Key actions by importance: when the footer cannot show every key, the last ones are left out
first (an action not named here before any of them).  "? Help" is always shown.  The threat view
ranks above Tab (s17: "t Threats" dropped out at 80 columns while a creature acts, when the player
looks for a safe square; Tab, which the player met picking a creature, is left out first there)."""

PINNED_EDGE = 2
"""Columns the pinned Help key takes besides its label: its padding and its left border."""


def key_width(key: FooterKey, compact: bool) -> int:
    """Columns ``key`` takes in the footer, its margin included: compact "k Label" and one blank after
    it; otherwise " k Label " (Textual's FooterKey padding)."""
    label = cell_len(key.key_display) + (cell_len(key.description) + 1 if key.description else 0)
    return label + 1 if compact else label + 2


def importance(key: FooterKey, first: frozenset[str] = frozenset()) -> int:
    """``key``'s rank in ``KEEP`` (0 the most important); an action not named there, or one of
    ``first`` (the keys a tutorial step teaches: the screen's ``footer_first``), ranks first."""
    name = key.action.split("(", 1)[0].removeprefix("screen.")
    if name in first:
        return -1
    return KEEP.index(name) if name in KEEP else -1


def fitting(keys: list[FooterKey], width: int, compact: bool, first: frozenset[str] = frozenset()) -> set[int]:
    """Indexes of ``keys`` (the pinned one excluded) to show in ``width`` columns: the most important
    first (``importance``, with ``first`` before the rest, then the footer's order), each one only when
    it fits whole."""
    room = width
    shown: set[int] = set()
    for i in sorted(range(len(keys)), key=lambda i: (importance(keys[i], first), i)):
        need = key_width(keys[i], compact)
        if need <= room:
            shown.add(i)
            room -= need
    return shown


def settled(key: FooterKey, compact: bool) -> FooterKey:
    """``key`` (not mounted yet) already in the footer's ``compact`` form, its ``-compact`` class set.

    A new FooterKey starts compact and is told the footer's form once mounted: two restylings of the
    key at every recompose of a wide footer (one of a narrow one), a sixth of the battle screen's
    time at 120×40.  Set before mounting, the form is unchanged when it is bound, so no restyling."""
    key.set_reactive(FooterKey.compact, compact)
    key.set_class(compact, "-compact", update=False)
    return key


class BattleFooter(Footer):
    """A ``Footer`` whose Help key stays visible at any width and whose other keys are never cut."""

    DEFAULT_CSS = """
    BattleFooter FooterKey.-pinned {
        dock: right;
        margin: 0;  /* a compact footer's keys keep a column after them: the pinned one covers the last */
        padding-left: 1;
        border-left: vkey $foreground 20%;
    }
    """

    def __init__(self) -> None:
        super().__init__(show_command_palette=False)  # ctrl+p is in the help: no room for it here
        self._width: int | None = None
        self._shown: tuple | None = None

    def compose(self) -> ComposeResult:
        width = self.app.size.width
        self._width = width
        if self._bindings_ready:
            self._shown = self.shown_now()
        narrow = width < NARROW
        self.compact = narrow
        keys: list[FooterKey] = []
        others = []
        pinned = None
        fast = bool(getattr(self.screen, "ai_fast", False))
        intent = bool(getattr(self.screen, "ai_show_intent", False))
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if fast and widget.action.removeprefix("screen.") == "ai_fast":
                    widget.description = FAST_ON
                if intent and widget.action.removeprefix("screen.") == "ai_intent":
                    widget.description = INTENT_ON
                if narrow:
                    widget.description = SHORT.get(widget.description, widget.description)
                if widget.action == "help":
                    widget.add_class("-pinned", update=False)  # not mounted yet: styled when it is
                    pinned = widget
                else:
                    keys.append(widget)
            else:
                others.append(widget)
        rules_key = getattr(self.screen, "rules_key_after_refusal", None)
        key = rules_key() if callable(rules_key) else None
        if isinstance(key, str) and key:  # a refusal is shown: r opens the rule it names (issue 20)
            # first in the footer, but ranked as KEEP's rules_named: it never pushes out z Undo (s16 keys 4)
            keys.insert(0, FooterKey(key, key, "Rules", "screen.rules_named").data_bind(compact=Footer.compact))
        first_keys = getattr(self.screen, "footer_first", None)
        first = first_keys() if callable(first_keys) else frozenset()
        first = first if isinstance(first, frozenset) else frozenset()
        room = width
        if pinned is not None:  # its label and edges; a compact key's blank after it may lie under them
            room -= key_width(pinned, narrow) + PINNED_EDGE - (2 if narrow else 0)
        shown = fitting(keys, room, narrow, first)
        if len(shown) < len(keys) and not narrow:  # short labels before leaving a key out
            for key in keys:
                key.description = SHORT.get(key.description, key.description)
            shown = fitting(keys, room, narrow, first)
        self.styles.grid_size_columns = len(shown) + (1 if pinned is not None else 0)
        yield from others
        yield from (settled(key, narrow) for i, key in enumerate(keys) if i in shown)
        if pinned is not None:
            yield settled(pinned, narrow)

    def shown_now(self) -> tuple:
        """What ``compose`` would show now: the width, the fast and intent marks, the rules key after a
        refusal and each shown binding (key, action, label…), whether it is enabled and its tooltip."""
        screen = self.screen
        rules_key = getattr(screen, "rules_key_after_refusal", None)
        bindings = tuple((b, enabled, tip) for (_, b, enabled, tip) in screen.active_bindings.values() if b.show)
        first_keys = getattr(screen, "footer_first", None)
        return (self.app.size.width, bool(getattr(screen, "ai_fast", False)),
                bool(getattr(screen, "ai_show_intent", False)), rules_key() if callable(rules_key) else None,
                first_keys() if callable(first_keys) else None, bindings)

    def bindings_changed(self, screen: Screen) -> None:
        """Recompose only when what the footer shows changed (Textual's Footer recomposes on every
        change of the screen's bindings, e.g. each focus change, remounting every key)."""
        self._bindings_ready = True
        if not screen.app.app_focus or not (self.is_attached and screen is self.screen):
            return
        self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if self.is_attached and self.shown_now() != self._shown:
            await self.recompose()  # compose notes what it shows

    def on_resize(self, event: events.Resize) -> None:
        if self._width is not None and self.app.size.width != self._width:
            self.call_after_refresh(self.recompose)


__all__ = ["BattleFooter", "FAST_ON", "INTENT_ON", "KEEP", "NARROW", "SHORT", "fitting", "importance", "key_width",
           "settled"]
