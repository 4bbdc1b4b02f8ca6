"""The Textual App: thin — it pushes the first screen and swaps battles.

Everything about a battle lives in ``screens.battle.BattleScreen`` and the
``GameSession`` it drives; the App only knows how to get a new session
(``BattleFactory``), shows the setup screen first when asked, and covers the
game with ``TooSmallScreen`` while the terminal is below 80×24.

Leaving on a signal (issue 22): SIGTERM and SIGHUP, and Ctrl+C (a key, not
a signal, while Textual holds the terminal), save the battle — every action
is already in its journal; the background writer is given a moment to write
the whole save — and then end the app the ordinary way, so Textual restores
the terminal (alternate screen off, cursor shown, mouse tracking off); the
app's result, the process's exit status, is 143, 129 or 130.
"""
from __future__ import annotations

import signal
from dataclasses import replace

from textual import events
from textual.app import App
from textual.binding import Binding

from tactica.client.factory import BattleFactory
from tactica.client.saving import OpenedSave, describe_save, resume_session
from tactica.client.session import GameSession

from .exit_signals import EXIT_INTERRUPTED, unwatch, watch
from .screens.battle import BattleScreen
from .screens.choice import ChoiceModal
from .screens.setup import SetupScreen
from .screens.too_small import cover_when_small


class TacticaApp(App[int]):
    """tactica's battle client.

    Args:
        factory: makes the sessions (quick start or after the setup screen).
        setup: start with the full setup (choose maps and warbands) instead
            of a quick start.
        resume: a battle to show at once instead of starting one (``tactica resume``).
        offer: an unfinished saved battle to offer to continue before starting a new one.
    """

    TITLE = "tactica"
    ENABLE_COMMAND_PALETTE = False
    #: Ctrl+C saves and quits on every screen, before a screen's own Ctrl+C (copy) sees it.
    BINDINGS = [Binding("ctrl+c", "interrupt", "Save and quit", show=False, priority=True)]

    def __init__(self, factory: BattleFactory, *, setup: bool = False, resume: GameSession | None = None,
                 offer: OpenedSave | None = None) -> None:
        super().__init__()
        self.factory = factory
        self.setup = setup
        self.session: GameSession | None = None
        #: The AI's fast mode (``f``) for this run of the app: every new battle starts with it.
        self.ai_fast = False
        self._resume = resume
        self._offer = offer
        self._watched: list[signal.Signals] = []

    def on_mount(self) -> None:
        # SIGTERM / SIGHUP: save, then close the screen properly (where the loop cannot watch
        # them, ``client.resume.autosaving``'s handlers flush the save before the signal ends us)
        self._watched = watch(self.save_and_exit)
        if self._resume is not None:
            self.start_battle(self._resume)
        elif self._offer is not None:
            text = describe_save(self._offer)
            self.push_screen(ChoiceModal("An unfinished battle is saved",
                                         f"{text}\n(saved as {self._offer.save.id}; "
                                         "tactica play --new skips this question)",
                                         [f"Continue the last battle ({text.split(', ', 1)[-1]})",
                                          "Start a new battle"], escape=0), self._offer_done)
        else:
            self._begin()
        self._check_size(self.size.width, self.size.height)

    def _begin(self) -> None:
        if self.setup and len(self.factory.warbands) > 2:
            # SCN-MULTI: the warbands come from --warband (or the defaults); the roll, the
            # corners and the placing are made by hand on the battle screen
            self.start_battle(self.factory.custom(self.factory.warbands, self.factory.maps))
        elif self.setup:
            self.push_screen(SetupScreen(self.factory.choices(), self.factory.scenario), self._setup_done)
        else:
            self.start_battle(self.factory.quick())

    def _offer_done(self, index: int | None) -> None:
        """The answer to the offer to continue the saved battle: 0 continues it, else a new one."""
        if index == 0 and self._offer is not None:  # the question is asked only with an offer
            self.start_battle(resume_session(self._offer, self.factory.saver))
        else:
            self._begin()

    def start_battle(self, session: GameSession) -> None:
        """Show ``session`` on a new battle screen."""
        self.session = session
        self.push_screen(BattleScreen(session), self._battle_done)

    def _setup_done(self, picked) -> None:
        if picked is None:
            self.exit(0)
            return
        warbands, maps, scenario = picked
        self.start_battle(self.factory.custom(warbands, maps, scenario))

    def keep_ai_options(self, *, fast: bool, intent: bool) -> None:
        """Remember the AI's fast mode (``f``) and shown intent (``i``) for the battles this app
        starts next (``n`` on the winner screen): they last the app's whole session, as the
        intent lasts in a battle's save."""
        self.ai_fast = fast
        opponent = self.factory.opponent
        if opponent is not None and opponent.intent != intent:
            self.factory.opponent = replace(opponent, intent=intent)

    def _battle_done(self, choice: str | None) -> None:
        if choice == "new":
            self._begin()
        else:
            self.exit(0)

    # -- leaving on a signal or Ctrl+C ----------------------------------------------
    def on_unmount(self) -> None:
        """The app is closing: its loop stops watching SIGTERM and SIGHUP (``exit_signals.unwatch``)."""
        unwatch(self._watched)

    def save_and_exit(self, status: int) -> None:
        """Write the battle's save (waiting at most two seconds for the background writer; the
        journal holds every action anyway), then leave the app with exit status ``status``."""
        saver = self.factory.saver
        if saver is not None:
            saver.flush(2.0)
        self.exit(status, return_code=status)

    def action_interrupt(self) -> None:
        """Ctrl+C: save and quit with exit status 130."""
        self.save_and_exit(EXIT_INTERRUPTED)

    # -- terminal size ------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        cover_when_small(self, width, height)
