"""The themes the game offers: Textual's built-in ones and two of tactica's own (issue 20 part 6).

* ``tactica-terminal``: the terminal's own 16-colour palette (ANSI colours, the terminal's own
  background and text), for a terminal whose colours the player has chosen.
* ``tactica-high-contrast``: black ground, white text, pure saturated colours, for poor eyesight or
  a washed-out screen.

Every theme (these and Textual's) is chosen from the command palette (ctrl+p, "theme") or the
settings file's ``theme``; the choice is remembered in the settings.
"""
from __future__ import annotations

from textual.theme import BUILTIN_THEMES, Theme

TERMINAL = Theme(
    name="tactica-terminal",
    ansi=True,
    primary="ansi_blue",
    secondary="ansi_cyan",
    warning="ansi_yellow",
    error="ansi_red",
    success="ansi_green",
    accent="ansi_magenta",
    foreground="ansi_default",
    background="ansi_default",
    surface="ansi_default",
    panel="ansi_default",
    boost="ansi_default",
    dark=True,
    variables={
        "ansi-background": "ansi_black",
        "ansi-foreground": "ansi_white",
        "border-blurred": "ansi_black",
        "block-cursor-foreground": "ansi_black",
        "block-cursor-background": "ansi_white",
        "input-cursor-background": "ansi_black",
        "input-cursor-foreground": "ansi_bright_white",
        "input-cursor-text-style": "none",
        "input-selection-background": "ansi_bright_blue",
        "input-selection-foreground": "ansi_black",
        "screen-selection-background": "ansi_bright_blue",
        "screen-selection-foreground": "ansi_black",
        "footer-key-foreground": "ansi_bright_yellow",
    },
)
"""The terminal's own palette: every colour is one of the 16 ANSI colours the terminal defines."""

HIGH_CONTRAST = Theme(
    name="tactica-high-contrast",
    primary="#00A0FF",
    secondary="#00FFFF",
    warning="#FFFF00",
    error="#FF3030",
    success="#00FF00",
    accent="#FFFF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#101010",
    boost="#FFFFFF",
    dark=True,
    luminosity_spread=0.3,
    text_alpha=1.0,
    variables={
        "border": "#FFFFFF",
        "border-blurred": "#C0C0C0",
        "text-muted": "#E0E0E0",
        "footer-key-foreground": "#FFFF00",
        "footer-description-foreground": "#FFFFFF",
        "block-cursor-background": "#FFFF00",
        "block-cursor-foreground": "#000000",
    },
)
"""White on black and pure colours."""

OWN_THEMES: tuple[Theme, ...] = (TERMINAL, HIGH_CONTRAST)
"""tactica's own themes, registered by the app."""


def theme_names() -> frozenset[str]:
    """Every theme the game can show: Textual's built-in themes and ``OWN_THEMES``."""
    return frozenset(BUILTIN_THEMES) | {t.name for t in OWN_THEMES}


__all__ = ["HIGH_CONTRAST", "OWN_THEMES", "TERMINAL", "theme_names"]
