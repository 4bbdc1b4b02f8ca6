"""The battle screen's save keys: undo, live map reload and autosave warnings (issue 6).

Live reload (ctrl+r, for map authors) swaps a map of the same size into the
battle; the save records the new map after the current action, so the
battle still replays exactly (see ``tactica.saves.codec``, version 2).

``SaveKeys`` is mixed into ``BattleScreen``; the bindings live there.  The
session decides what may be undone (``tactica.client.undo``); this only shows
the result: the restored state, a log line, or the reason it cannot.
"""
from __future__ import annotations

from tactica import engine as ev  # the package door: ev.X are its event classes
from tactica.client.describe import LogLine, describe_events

from ..widgets.battle_log import BattleLog

UNDO_ACTIONS = ("undo", "undo_refused", "reload_map")
"""Key actions handled here; ``check_action`` asks ``save_key_allowed``."""


class SaveKeys:
    """Undo and autosave-warning behaviour for ``BattleScreen`` (a mixin: it uses the screen's helpers)."""

    def save_key_allowed(self, action: str) -> bool:
        """``z`` shows "Undo" when the session can undo; otherwise the hidden ``z`` says why not.

        ctrl+r (reload the map) shows when the battle's map came from a ``--map`` file.
        """
        if action == "reload_map":
            return bool(self.session.map_files) and self.session.state.map is not None and not self._asking
        can = self.session.can_undo() and not self._asking
        return can if action == "undo" else not can

    def action_undo(self) -> None:
        """z / ctrl+z: take back the last move or activation (no dice were rolled)."""
        outcome = self.session.undo()
        if not outcome.ok:
            self._refuse(outcome.reason)
            return
        lines = describe_events(outcome.events, self.session.state)
        text = "; ".join(line.text for line in lines) or "the last action"
        self.query_one(BattleLog).add([LogLine(f"↶ Undone: {text}", "info")], follow=True)
        self.ctrl.sync()
        self._state_changed()
        self._cursor_to_undone(outcome.events)
        self.check_autosave()

    def _cursor_to_undone(self, events) -> None:
        """Put the cursor (and so the view) back on the creature whose move or activation was just
        taken back (the first creature ``events`` name), wherever the player had moved it since."""
        uid = next((e.uid for e in events if isinstance(e, (ev.CreatureMoved, ev.CreatureActivated))), None)
        found = self.session.state.peek(uid) if uid is not None else None
        if found is None or found.pos is None:
            return
        self.map_view.move_cursor(found.pos)
        self._cursor_into_view()

    def action_undo_refused(self) -> None:
        """z / ctrl+z when undo is not possible: say why."""
        if not self._asking:
            self._refuse(self.session.undo_refusal() or "Nothing to undo.")

    def action_reload_map(self) -> None:
        """ctrl+r: reload the map file from disk and show it at once, or show its problems."""
        ok, lines = self.session.reload_map()
        log = self.query_one(BattleLog)
        if ok:
            log.add([LogLine(f"⟳ {line}", "info") for line in lines], follow=True)
            self.notify("\n".join(lines), title="Map reloaded", timeout=4)
            self.ctrl.sync()
            self._state_changed()
            self.check_autosave()
        else:
            log.add([LogLine(f"✗ {line}", "info") for line in lines], follow=True)
            self.notify("\n".join(lines[:8]) + ("\n…" if len(lines) > 8 else ""), title="Map not reloaded",
                        severity="error", timeout=12)

    def check_autosave(self) -> None:
        """Show a failed autosave once (the game carries on)."""
        warning = self.session.autosave_warning()
        if warning:
            self.query_one(BattleLog).add([LogLine(f"⚠ {warning}", "info")])
            self.notify(warning, title="Autosave failed", severity="error", timeout=10)
