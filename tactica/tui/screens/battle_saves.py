"""The battle screen's save keys: undo, live map reload and autosave warnings (issue 6).

Live reload (ctrl+r, for map authors) swaps a map of the same size into the
battle; the save records the new map after the current action, so the
battle still replays exactly (see ``tactica.saves.codec``, version 2).

``BattleSaves`` is owned by ``BattleScreen``; the bindings live there.  The
session decides what may be undone (``tactica.client.undo``); this only shows
the result: the restored state, a log line, or the reason it cannot.
"""
from __future__ import annotations

from typing import Protocol

from textual.notifications import SeverityLevel

from tactica.client.controller import Controller
from tactica.client.describe import LogLine, describe_events
from tactica.client.handoff import HandOff, TurnRecap
from tactica.client.session import GameSession

from ..widgets.battle_log import BattleLog
from .battle_camera import Camera

UNDO_ACTIONS = ("undo", "undo_refused", "reload_map")
"""Key actions handled here; ``check_action`` asks ``BattleSaves.key_allowed``."""


class SavesHost(Protocol):
    """What ``BattleSaves`` asks of the battle screen."""

    session: GameSession
    ctrl: Controller
    handoff: HandOff
    recap: TurnRecap | None

    @property
    def asking(self) -> bool: ...
    @property
    def battle_log(self) -> BattleLog: ...

    def notify(self, message: str, *, title: str = ..., severity: SeverityLevel = ...,
               timeout: float | None = ...) -> None: ...
    def refuse(self, reason: str, rules: bool = True) -> None: ...
    def state_changed(self) -> None: ...


class BattleSaves:
    """Undo, map reload and the autosave's warning for one battle screen.

    Args:
        screen: the battle screen that owns it (``SavesHost``).
        camera: the screen's camera (the cursor goes back to what an undo took back).
    """

    def __init__(self, screen: SavesHost, camera: Camera) -> None:
        self.screen = screen
        self.camera = camera

    def key_allowed(self, action: str) -> bool:
        """Whether key action ``action`` (one of ``UNDO_ACTIONS``) shows now: ``z`` shows "Undo" when
        the session can undo; otherwise the hidden ``z`` says why not.

        ctrl+r (reload the map) shows when the battle's map came from a ``--map`` file.
        """
        session, asking = self.screen.session, self.screen.asking
        if action == "reload_map":
            return bool(session.map_files) and session.state.map is not None and not asking
        can = session.can_undo() and not asking
        return can if action == "undo" else not can

    def undo(self) -> None:
        """z / ctrl+z: take back the last move or activation (no dice were rolled)."""
        screen = self.screen
        outcome = screen.session.undo()
        if not outcome.ok:
            screen.refuse(outcome.reason, rules=False)
            return
        lines = describe_events(outcome.events, screen.session.state)
        text = "; ".join(line.text for line in lines) or "the last action"
        screen.battle_log.add([LogLine(f"↶ Undone: {text}", "info")], follow=True)
        screen.handoff.undone(screen.session.state)  # no hand-off summary tells of what was taken back
        if screen.recap is not None:
            screen.recap.undone(screen.session.state)  # nor the recap after the AI's turn
        screen.ctrl.sync()
        screen.state_changed()
        self.camera.back_to(outcome.events)
        self.check_autosave()

    def undo_refused(self) -> None:
        """z / ctrl+z when undo is not possible: say why."""
        if not self.screen.asking:
            self.screen.refuse(self.screen.session.undo_refusal() or "Nothing to undo.", rules=False)

    def reload_map(self) -> None:
        """ctrl+r: reload the map file from disk and show it at once, or show its problems."""
        screen = self.screen
        ok, lines = screen.session.reload_map()
        log = screen.battle_log
        if ok:
            log.add([LogLine(f"⟳ {line}", "info") for line in lines], follow=True)
            screen.notify("\n".join(lines), title="Map reloaded", timeout=4)
            screen.ctrl.sync()
            screen.state_changed()
            self.check_autosave()
        else:  # every problem in the log; the status line (and a refusal's small toast) the first
            log.add([LogLine(f"✗ {line}", "info") for line in lines], follow=True)
            first = lines[0] if lines else "the map file has problems"
            more = f" (and {len(lines) - 1} more, in the log)" if len(lines) > 1 else ""
            screen.refuse(f"Map not reloaded: {first}{more}", rules=False)

    def check_autosave(self) -> None:
        """Show a failed autosave once (the game carries on)."""
        warning = self.screen.session.autosave_warning()
        if warning:
            self.screen.battle_log.add([LogLine(f"⚠ {warning}", "info")])
            self.screen.notify(warning, title="Autosave failed", severity="error", timeout=10)
