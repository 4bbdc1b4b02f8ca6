"""The game's commands as the command palette (ctrl+p) lists them (issue 20 item 5).

A command is a name, a line of help and the action it runs: ``app.NAME`` runs the app's
``action_NAME`` (new battle, resume, quit…), ``battle.NAME`` the battle screen's (the same action
as its key, so it is offered only when that key is usable now: f and i only against the AI, undo
only when there is something to take back).  The interface turns this table into Textual's command
providers (``tactica.tui.commands``); it holds no Textual itself.

To add a command (the threat view, the rules lookup, a theme…): give the screen or the app its
``action_…`` method and add a ``PaletteCommand`` to ``PALETTE_COMMANDS`` below; nothing else is
needed.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PALETTE_COMMANDS", "PaletteCommand"]


@dataclass(frozen=True)
class PaletteCommand:
    """One command of the palette.

    Attributes:
        name: what the palette lists and matches the typed words against, e.g. "New battle".
        help: one line under the name saying what it does.
        action: "app.NAME" (the app's ``action_NAME``) or "battle.NAME" (the battle screen's
            ``action_NAME``, offered only on the battle screen and only when its key is usable).
    """

    name: str
    help: str
    action: str

    @property
    def target(self) -> str:
        """Who runs the action: "app" or "battle"."""
        return self.action.split(".", 1)[0]

    @property
    def method(self) -> str:
        """The name of the method that runs it, e.g. "action_ai_fast"."""
        return "action_" + self.action.split(".", 1)[1]


PALETTE_COMMANDS: tuple[PaletteCommand, ...] = (
    PaletteCommand("New battle", "Leave this battle (it stays saved: tactica resume) and start a new one",
                   "app.new_battle"),
    PaletteCommand("Tutorial", "A short battle that teaches the game one step at a time (tactica tutorial)",
                   "app.tutorial"),
    PaletteCommand("Tutorial from the start", "The tutorial again from its first step, in a new battle "
                   "(tactica tutorial --restart)", "app.tutorial_restart"),
    PaletteCommand("Resume the last unfinished battle", "Continue the newest saved battle that is not over",
                   "app.resume_battle"),
    PaletteCommand("Toggle the AI's fast mode (f)", "The AI plays without pausing between its steps, or at "
                   "a readable pace again", "battle.ai_fast"),
    PaletteCommand("Toggle the AI's intent (i)", "Show or hide why the AI chooses each action", "battle.ai_intent"),
    PaletteCommand("Undo (z)", "Take back the last move or activation", "battle.undo"),
    PaletteCommand("Help (?)", "The keys and the rules in short", "battle.help"),
    PaletteCommand("Export the battle log", "Write this battle's log as Markdown to a file beside the saves",
                   "app.export_log"),
    PaletteCommand("Settings", "The AI's level and pace, intent, theme, hand-off, champion prompts, bell; the keys",
                   "app.settings"),
    PaletteCommand("Rules reference", "Every rule of docs/rules.md, searched by ID or word", "app.rules"),
    PaletteCommand("Quit", "Leave tactica (an unfinished battle stays saved: tactica resume)", "app.quit_game"),
)
