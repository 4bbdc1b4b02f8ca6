"""The battle screen's confirmations and toasts.

``Confirmations`` holds a human's action that waits for its key again (a
move that provokes opportunity attacks, a move, charge or end of activation
over a pit, the end of an idle activation): the first press only warns, the
same key again applies it, any other key calls it off.  ``Toasts`` says the
news that are not log lines: refusals, warnings and acknowledgements, in a
toast where one fits (``BattleLayout.toasts_fit``) and in the status line
always.  Both are owned by ``BattleScreen``; the words are Textual-free, in
``tactica.client.battle_words``.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from textual.app import App
from textual.notifications import SeverityLevel
from textual.timer import Timer

from tactica.client.battle_sizes import NARROW, side_width
from tactica.client.battle_words import CONFIRM_TITLES, Pending, asks_first, cancelled_text, confirm_text
from tactica.client.controller import Controller, Mode
from tactica.client.describe import LogLine
from tactica.client.session import GameSession
from tactica.engine import Action, Phase

from ..widgets.battle_log import BattleLog
from ..widgets.status_line import StatusLine, fit_status
from .battle_layout import BattleLayout


class ToastHost(Protocol):
    """What ``Toasts`` and ``Confirmations`` ask of the battle screen."""

    session: GameSession
    ctrl: Controller

    @property
    def app(self) -> App[Any]: ...
    @property
    def status_line(self) -> StatusLine: ...
    @property
    def note_seconds(self) -> float: ...
    @property
    def battle_log(self) -> BattleLog: ...

    def notify(self, message: str, *, title: str = ..., severity: SeverityLevel = ...,
               timeout: float | None = ..., markup: bool = ...) -> None: ...
    def set_timer(self, delay: float, callback: Any = ...) -> Timer: ...
    def refresh_view(self) -> None: ...
    def refresh_bindings(self) -> None: ...
    def situation(self) -> tuple[object, ...]: ...
    def apply_result(self, result: Action | str | None) -> None: ...


def card_names(session: GameSession) -> tuple[str, ...]:
    """The card names of the battle's creatures (``fit_status`` cuts the long ones short)."""
    return tuple({c.card.name for c in session.state.creatures})


TOAST_FRAME = 4
"""Columns of a toast that hold no text (its padding and its coloured edge)."""

REFUSAL_TITLE = "Not allowed"
"""The title of a refusal's toast (``Toasts.refuse``); an action that works takes it away."""


class Toasts:
    """Refusals, warnings and acknowledgements: a toast where one fits, the status line always.

    Args:
        screen: the battle screen that owns it (``ToastHost``).
        layout: the screen's layout (whether a toast fits, the status line's room).
    """

    def __init__(self, screen: ToastHost, layout: BattleLayout) -> None:
        self.screen = screen
        self.layout = layout
        #: The timer that takes the status line's acknowledgement away (``acknowledge``).
        self._note_timer: Timer | None = None
        #: The last refusal's whole text (the status line may show it cut): r opens the rules it names.
        self.last_refusal = ""
        #: Whether a rule of the game is about the last refusal (``refuse``'s ``rules``).
        self.refusal_rules = True
        #: The screen's situation when the last refusal was said (``BattleScreen.situation``): the
        #: refusal stands on the status line while it lasts (``stands``).
        self._refused_in: tuple[object, ...] | None = None

    def stands(self, situation: tuple[object, ...]) -> bool:
        """True when the last refusal is still news in ``situation`` (``BattleScreen.situation``): nothing
        the player did since changed the battle, the cursor's square, the mode, a waiting action or a
        question.  A key that only says something (an aside for a key that does nothing, f or i's
        acknowledgement, the threat view's words, a screen opened and closed) leaves it readable (s19 ux
        1: the next key's words took its place at once, and a newcomer never read why)."""
        was = self._refused_in
        if was is None or len(was) != len(situation):
            return False
        return was[0] is situation[0] and was[1:] == situation[1:]

    def fit(self) -> bool:
        """True when a toast may pop up now (``BattleLayout.toasts_fit``)."""
        return self.layout.toasts_fit()

    def acknowledge(self, text: str) -> None:
        """Say that a key changed a setting (f: the AI's pace, i: its intent): in a toast for three
        seconds on a wide terminal where one fits over the log (``fit``), else at the head of
        the status line for the screen's ``note_seconds``, so no log line is hidden: below ``NARROW``
        columns (80×24) a toast covers the end of the log's lines however many rows the log has."""
        screen = self.screen
        if screen.app.size.width >= NARROW and self.fit():
            screen.notify(text, timeout=3)
            return
        self.note(text)

    def note(self, text: str) -> None:
        """Say that a key changed what the screen shows at the head of the status line for the screen's
        ``note_seconds``, or until the next key that is not for reading (``BattleScreen.on_key``), at
        every width: never in a toast, which stands over the side panel's top rows (nm s17 F8: the
        threat view's words hid the threat lines under the cursor's square that they explain)."""
        screen = self.screen
        if self._note_timer is not None:
            self._note_timer.stop()
        screen.status_line.note = text
        screen.status_line.aside = False
        self._note_timer = screen.set_timer(screen.note_seconds, self._note_expired)
        screen.refresh_view()  # the hint is said again in the room the note leaves

    def aside(self, text: str, seconds: float | None = None) -> None:
        """Say a calm one-line aside (a key that does nothing here, ``battle_keys.silent_key_hint``) at
        the head of the status line for the screen's ``note_seconds``: never in a toast, and the
        next key that does something takes it away (``drop_note``)."""
        screen = self.screen
        if self._note_timer is not None:
            self._note_timer.stop()
        screen.status_line.note = text
        screen.status_line.aside = True
        self._note_timer = screen.set_timer(seconds or screen.note_seconds, self._note_expired)
        screen.refresh_view()  # the hint is said again in the room the aside leaves

    def _note_expired(self) -> None:
        """The acknowledgement's time is up: the status line says its hint alone again."""
        self.drop_note()
        self.screen.refresh_view()

    def drop_note(self) -> None:
        """Take the acknowledgement off the status line (its timer too)."""
        if self._note_timer is not None:
            self._note_timer.stop()
            self._note_timer = None
        self.screen.status_line.note = ""
        self.screen.status_line.aside = False

    def forget(self) -> None:
        """Take the last key's words off the status line (a note, an aside, a standing refusal: ``stands``)
        and say the hint again: another screen covered the battle or the terminal was resized, and those
        words were about a moment gone (s19 ux 2: "No champion prompt is muted" stayed after the rules
        screen was opened and closed, and after a resize).  A waiting action's warning stays: its action
        still waits."""
        self.drop_note()
        self._refused_in = None
        self.screen.refresh_view()

    def exported(self, path: Path) -> None:
        """Say where the battle log was exported (the palette's "Export the battle log"): a line in the
        log with the whole path (the home folder as "~"), and a toast too where one fits, the path cut
        only after a "/" (``client.export.shown_path``); else a short note at the head of the status
        line points at the log, so no toast covers the log's lines at 80×24."""
        from tactica.client.export import shown_path
        screen = self.screen
        screen.battle_log.add([LogLine(f"The battle log is exported to {shown_path(path)}", "info")], follow=True)
        if screen.app.size.width >= NARROW and self.fit():
            width = (self.layout.side_width or side_width(screen.app.size.width)) - TOAST_FRAME
            screen.notify("The battle log is in\n" + shown_path(path, width), title="Export", timeout=8,
                          markup=False)
        else:
            self.acknowledge("Log exported: its path is the log's last line")

    def refuse(self, reason: str, rules: bool = True) -> None:
        """Say why an action or a key is refused: in the status line (cut to its room), and in a
        toast too where one fits; one refusal at a time, never a pile of them.  ``rules``: False for a
        refusal of the client's own (nothing to undo, a map that did not reload), which no rule of the
        game is about: r then opens no rule guessed from its words (nm s17 F6)."""
        screen = self.screen
        self.drop_note()  # one message at a time: the refusal is the news now
        status = screen.status_line
        self.last_refusal = reason  # whole, for r (the rules it names), however the status line cuts it
        self.refusal_rules = rules
        self._refused_in = screen.situation()  # it stands till the player changes something (``stands``)
        status.message = fit_status(reason, self.layout.status_room(), card_names(screen.session))
        status.refused, status.warning = True, False
        screen.refresh_bindings()  # the footer offers the rules key while the refusal shows
        screen.app.clear_notifications()  # one refusal at a time, never a pile of them
        if self.fit():  # else the status line alone says it: the log stays in view
            screen.notify(reason, title=REFUSAL_TITLE, severity="warning", timeout=4)

    def opening(self, lines: Sequence[LogLine], docked: bool) -> list[str]:
        """The battle's first news, once the screen is up with the log so far (``lines``): a resumed
        battle says where it stands (as the log's newest line, never in a toast over the card); a new
        one shows its setup roll in a toast, unless the first decision is a docked question
        (``docked``), which says the rolls in its text, or the battle is under way already (the
        tutorial's battle rebuilt where it was left: nm-tut s15, a stray "Setup roll" over the card).
        Returns the roll lines for that question."""
        screen = self.screen
        st = screen.session.state
        if screen.session.resumed:
            where = f"Round {st.round}, VP {'–'.join(map(str, st.vp))}: carry on where you left off."
            # the log's newest line at every size: a toast stood over the stat card's top rows for five
            # seconds at 120×40, where a resumed battle's player reads first (s21 newcomer)
            screen.battle_log.add([LogLine(f"Battle resumed. {where}", "banner", prominent=True)])
            return []
        if docked:  # the setup roll and initiative said in the question, no toast over it
            return [line.text for line in lines if line.prominent and line.kind == "banner"]
        if st.phase not in (Phase.CHOOSE_MAP, Phase.CHOOSE_AREA, Phase.DEPLOY, Phase.CHOOSE_FIRST):
            return []  # a battle under way (the tutorial's, rebuilt where it was left): its setup roll is old news
        for line in lines:
            if line.prominent and "Setup roll" in line.text and self.fit():
                screen.notify(line.text, title="Setup roll", timeout=5)
        return []

    def drop(self, titles: tuple[str, ...]) -> None:
        """Take the toasts with one of these ``titles`` off the screen.  Textual offers no public way
        to take one toast away: should its private one move, every toast goes instead."""
        app = self.screen.app
        notes, unnotify = getattr(app, "_notifications", None), getattr(app, "_unnotify", None)
        if notes is None or unnotify is None:  # Textual's private API moved: drop every toast instead
            app.clear_notifications()
            return
        for note in list(notes):
            if note.title in titles:
                unnotify(note)


class Confirmations:
    """A human's action that waits for its key again, and its warning.

    Args:
        screen: the battle screen that owns it (``ToastHost``): it applies what is confirmed.
        toasts: the screen's toasts (the warning pops up there too where one fits).
    """

    def __init__(self, screen: ToastHost, toasts: Toasts) -> None:
        self.screen = screen
        self.toasts = toasts
        #: An action waiting for its key again: (key, action); None when none waits.
        self.pending: Pending | None = None

    def press(self, key: str, result: Action | str | None) -> None:
        """Apply ``result`` of ``key``, except an action that asks first (``battle_words.asks_first``):
        its first press only warns, in the status line's whole room (a note there, such as the threat
        view's words after t, is taken away: s18 ux 3, the warning showed as "⚠ …" after it); the same
        key again applies it (a human's actions only)."""
        screen = self.screen
        if isinstance(result, Action) and self.pending != (key, result):
            title = asks_first(screen.session, result)
            if title:
                self.pending = (key, result)
                self.toasts.drop_note()  # the warning is the news: no note of a key before it hides it
                screen.refresh_view()
                if self.toasts.fit():  # else the status line alone says it: the log stays in view
                    screen.notify(self.text(), title=title, severity="warning", timeout=4)
                return
        if self.pending is not None:  # answered: its warning is no longer news
            self.toasts.drop(CONFIRM_TITLES)
        self.pending = None
        screen.apply_result(result)

    def key_pressed(self, key: str) -> None:
        """Any key but the one that asked for it cancels a pending confirmation; the status line
        then says it was called off (not the square's "Provokes…" hint again)."""
        if self.pending is None or key == self.pending[0]:
            return
        screen = self.screen
        action = self.pending[1]
        self.pending = None
        self.toasts.drop(CONFIRM_TITLES)
        screen.refresh_view()
        if screen.ctrl.mode is Mode.ACT or screen.ctrl.mode is Mode.CHARGE_END:
            screen.status_line.message = cancelled_text(screen.session, action, screen.ctrl.keys)

    def forget(self) -> None:
        """Drop the waiting action without a word (the cursor moved: it was to the old square)."""
        self.pending = None

    def text(self, room: int | None = None) -> str:
        """The warning shown while an action waits for its key again ("" when none does); longer
        than ``room`` characters, it names creatures by label alone (``battle_words.confirm_text``)."""
        return confirm_text(self.screen.session, self.pending, room, self.screen.ctrl.keys)
