"""The command palette's provider of the game's commands (``tactica.client.commands``).

Textual asks ``discover`` for the list shown when nothing is typed yet and ``search`` for the
commands matching the words typed.  A command is offered when its target can run it now: an app
command always (as far as the app says: ``TacticaApp.palette_allows``), a battle command only from
the battle screen and only when its key is usable (the screen's ``check_action``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tactica.client.commands import PALETTE_COMMANDS, PaletteCommand

from .screens.battle import BattleScreen


class GameCommands(Provider):
    """tactica's commands for Textual's command palette (ctrl+p)."""

    def _runnable(self) -> Iterator[tuple[PaletteCommand, Callable[[], Any]]]:
        """The commands that can run now, each with the callable that runs it."""
        screen, app = self.screen, self.app
        allows = getattr(app, "palette_allows", None)
        for command in PALETTE_COMMANDS:
            name = command.action.split(".", 1)[1]
            if command.target == "app":
                run = getattr(app, command.method, None)
                if run is None or (allows is not None and not allows(name, screen)):
                    continue
            else:
                run = getattr(screen, command.method, None)
                if run is None or not isinstance(screen, BattleScreen) or not screen.check_action(name, ()):
                    continue
            yield command, run

    async def discover(self) -> Hits:
        """Every command that can run now, in the table's order."""
        for command, run in self._runnable():
            yield DiscoveryHit(command.name, run, help=command.help)

    async def search(self, query: str) -> Hits:
        """The commands that can run now whose name matches ``query`` (Textual's fuzzy matcher)."""
        matcher = self.matcher(query)
        for command, run in self._runnable():
            score = matcher.match(command.name)
            if score > 0:
                yield Hit(score, matcher.highlight(command.name), run, text=command.name, help=command.help)


class MarkedThemes(Provider):
    """Textual's theme list (ctrl+p → "Theme") with the theme in force marked "(in force)" and listed
    first, so a player sees which one they have before choosing (nm-tut 25)."""

    def _themes(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """(the name matched, the line shown, what choosing it does) for every theme, the one in force first."""
        app = self.app

        def choose(name: str) -> Callable[[], None]:
            def run() -> None:
                app.theme = name
            return run

        names = sorted(app.available_themes, key=lambda n: (n != app.theme, n))
        return [(n, f"{n}  (in force)" if n == app.theme else n, choose(n)) for n in names]

    async def discover(self) -> Hits:
        """Every theme, the one in force first and marked."""
        for _, shown, run in self._themes():
            yield DiscoveryHit(shown, run)

    async def search(self, query: str) -> Hits:
        """The themes whose name matches ``query``."""
        matcher = self.matcher(query)
        for name, shown, run in self._themes():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(shown), run, text=shown)
