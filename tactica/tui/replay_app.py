"""``tactica replay FILE_OR_ID``: a thin App that shows one saved battle on the replay screen."""
from __future__ import annotations

from textual import events
from textual.app import App

from tactica.client.replay_track import ReplayTrack
from tactica.client.saving import OpenedSave, describe_save

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

    def __init__(self, opened: OpenedSave, start: int | None = None) -> None:
        super().__init__()
        self.opened = opened
        self.track = ReplayTrack(opened.save.actions, opened.rebuilt)
        self.start = start

    def on_mount(self) -> None:
        title = f"Replay of {self.opened.save.id}: {describe_save(self.opened)} (seed {self.opened.save.seed})"
        self.push_screen(ReplayScreen(self.track, title, self.start))
        cover_when_small(self, self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        cover_when_small(self, event.size.width, event.size.height)
