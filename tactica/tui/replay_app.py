"""``tactica replay FILE_OR_ID``: a thin App that shows one saved battle on the replay screen."""
from __future__ import annotations

import signal

from textual import events
from textual.app import App
from textual.binding import Binding

from tactica.client.replay_track import ReplayTrack
from tactica.client.saving import OpenedSave, describe_save

from .exit_signals import EXIT_INTERRUPTED, unwatch, watch
from .screens.replay import ReplayScreen
from .screens.too_small import cover_when_small


class ReplayApp(App[int]):
    """Replays a save read by ``tactica.client.saving.open_save``.

    Args:
        opened: the save and its rebuilt states.
        start: the step shown first (default: the start of round 1).
    """

    TITLE = "tactica replay"
    ENABLE_COMMAND_PALETTE = False
    #: Ctrl+C quits with 130, as SIGTERM / SIGHUP end the app with 143 / 129 (``exit_signals``).
    BINDINGS = [Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True)]

    def __init__(self, opened: OpenedSave, start: int | None = None) -> None:
        super().__init__()
        self.opened = opened
        self.track = ReplayTrack(opened.save.actions, opened.rebuilt)
        self.start = start
        self._watched: list[signal.Signals] = []

    def on_mount(self) -> None:
        self._watched = watch(self.leave)
        title = f"Replay of {self.opened.save.id}: {describe_save(self.opened)} (seed {self.opened.save.seed})"
        self.push_screen(ReplayScreen(self.track, title, self.start))
        cover_when_small(self, self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        cover_when_small(self, event.size.width, event.size.height)

    def leave(self, status: int) -> None:
        """End the replay with exit status ``status`` (a signal's, or 130 after Ctrl+C)."""
        self.exit(status, return_code=status)

    def action_interrupt(self) -> None:
        """Ctrl+C: quit with exit status 130."""
        self.leave(EXIT_INTERRUPTED)

    def on_unmount(self) -> None:
        """The app is closing: stop watching SIGTERM and SIGHUP."""
        unwatch(self._watched)
