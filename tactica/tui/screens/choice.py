"""A small modal question with numbered answers (map, start area, who goes first).

``ChoiceModal`` is a ``ModalScreen[int]``: it is dismissed with the index of
the chosen option.  Arrows and Enter choose; number keys pick directly; ? opens the help, r the rules reference on the
rules the question names.
The first option given as ``default`` is highlighted.  A ``docked`` question
(the battle screen's: who goes first, start area, special power, champion power) sits along
the bottom of the screen, over the status line and the log, without dimming
the map above it: the board it asks about stays in full view.  When that map
is bigger than its view (80×24), shift+arrows and the mouse wheel scroll it
while the question waits, and the title says so.  A docked question that lets
the player ``browse`` (who goes first) also moves the map's cursor: Tab and
Shift+Tab go from creature to creature, h j k l (y u b n) move it a square,
the mouse points at a square; the battle screen shows the card under it.
A question over the battle log (which it hides) opens the log on the whole screen with Page Up
(Home: at its oldest line), so the end of the AI's turn can be read before answering
(``LogReader``); its top border says so.  The rules key (r unless rebound) opens the rules reference
on the rules the question names (its ``rules`` and the IDs in its text: who goes first, RND-1; a
champion power, CHP-2 and CHP-3), and closing it comes back to the question, still unanswered.
A question given a ``key_note`` (the tutorial's who-goes-first question) shows it every other key
pressed: the note it returns replaces the question's note (the step skipped, a wrong key's hint).
q leaves (``app.quit``); a question given ``leave`` (a battle's and the tutorial's) asks first, as
the battle screen's own q does, and is dismissed with ``LEAVE`` on the second q or y.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static

from tactica.client.battle_words import LEAVE_KEY
from tactica.client.settings import Settings, key_display

from ..widgets.battle_log import BattleLog
from ..widgets.map_view import MapView
from .help import HelpScreen
from .log_reader import LogReader


class ChoiceModal(ModalScreen[int]):
    """Ask one question; returns the chosen option's index.

    Args:
        title: the question, e.g. "Player 1 won the initiative".
        body: a longer explanation (may be empty).
        options: the answers, in order; number keys 1..9 choose them.
        default: the index highlighted at first.
        docked: along the bottom of the screen, the screen above not dimmed (see the module doc).
        escape: the index Esc chooses (its option says "Esc"), or None: Esc does nothing.
        note: Textual markup shown above the title in a panel of its own ("": none), e.g. the
            tutorial's step that teaches this question (the question covers the lesson's panel).
        rules: the IDs of the rules the question is about ("RND-1"), which the rules key opens, before
            those its title and body name.
    """

    DEFAULT_CSS = """
    ChoiceModal {
        align: center middle;
    }
    ChoiceModal > Vertical {
        width: 70;
        max-width: 95%;
        height: auto;
        border: thick $accent;
        background: $panel;
        padding: 1 2;
    }
    ChoiceModal #title {
        text-style: bold;
        width: 100%;
    }
    ChoiceModal #body {
        margin: 1 0;
    }
    ChoiceModal OptionList {
        height: auto;
        max-height: 12;
    }
    ChoiceModal #note {
        background: $boost;
        border-bottom: solid $accent;
        margin-bottom: 1;
    }
    ChoiceModal.-docked #note {
        margin-bottom: 0;
    }
    ChoiceModal #refusal {
        display: none;
        width: 100%;
        color: $text-warning;
        text-style: bold;
    }
    ChoiceModal #refusal.-shown {
        display: block;
    }
    ChoiceModal.-docked {
        align: center bottom;
        background: transparent;
    }
    ChoiceModal.-docked > Vertical {
        width: 100%;
        max-width: 100%;
        border: none;
        border-top: thick $accent;
        padding: 0 1;
    }
    ChoiceModal.-docked #body {
        margin: 0;
    }
    ChoiceModal.-docked OptionList {
        border: none;
        max-height: 4;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(n), f"choose({n - 1})", show=False) for n in range(1, 10)],
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        Binding("escape", "escape", "Cancel", show=False),
        *[Binding(f"shift+{key}", f"scroll_map({dx},{dy})", show=False, priority=True)
          for key, dx, dy in (("up", 0, -1), ("down", 0, 1), ("left", -1, 0), ("right", 1, 0))],
        # the OptionList's own Page Up / Home would only move its highlight: the log goes first
        Binding("pageup", "read_log(1)", "Read the log", show=False, priority=True),
        Binding("home", "read_log(-1)", "Read the log from its start", show=False, priority=True),
        Binding("tab", "browse(1)", "Next creature", show=False),
        Binding("shift+tab", "browse(-1)", "Previous creature", show=False),
        *[Binding(key, f"look({dx},{dy})", show=False)
          for key, dx, dy in (("h", -1, 0), ("j", 0, 1), ("k", 0, -1), ("l", 1, 0),
                              ("y", -1, -1), ("u", 1, -1), ("b", -1, 1), ("n", 1, 1))],
    ]

    LEAVE = -1
    """What a question given ``leave`` is dismissed with when q is pressed twice: leave the battle."""

    SCROLL_NOTE = "  (shift+arrows scroll the map)"
    """Added to a docked question's title when the map under it does not fit its view."""

    BROWSE_NOTE = "  (Tab, h j k l, mouse: see the creatures)"
    """Added to the title of a question that lets the player browse the map (it scrolls the map too)."""

    LOG_NOTE = " PgUp: read the log "
    """In the top border of a question over the battle log (``read_log``)."""

    def __init__(self, title: str, body: str, options: Sequence[str], default: int = 0,
                 docked: bool = False, browse: bool = False, escape: int | None = None,
                 note: str = "", rules: Sequence[str] = (),
                 key_note: Callable[[str, bool], str | None] | None = None,
                 leave: Callable[[], str] | None = None) -> None:
        super().__init__(classes="-docked" if docked else None)
        #: The question a first q asks ("Leave the battle? … q again or y leaves, any other key stays"),
        #: or None: q leaves at once.  Asked, a second q (or y) dismisses with ``LEAVE``.
        self.leave = leave
        #: True while the question a first q asked is shown.
        self.leaving = False
        #: What a key the question does not use says above the answers ("" nothing; ``PowerPrompt``'s
        #: names its keys: nm s17 F5, a wrong key there said nothing).
        self.wrong_key = ""
        self.note = note
        #: Told every key but the rules key: (key, whether the question itself uses it) -> the note
        #: to show instead ("" hides it, None leaves it as it is).
        self.key_note = key_note
        self.rules = tuple(rules)
        self.escape = escape
        self.title_text = title
        self.body_text = body
        self.options = list(options)
        self.default = default
        #: Docked only: the map's cursor can be moved under the question (module doc).
        self.browse = browse and docked

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.note:
                yield Static(self.note, id="note")
            yield Label(self.title_text, id="title")
            if self.body_text:
                yield Static(self.body_text, id="body")
            yield Label("", id="refusal")  # a number key with no such answer says so here
            yield OptionList(*[f"{i}. {o}" + (" — Esc" if i - 1 == self.escape else "")
                               for i, o in enumerate(self.options, 1)], id="options")

    shown_at = float("inf")
    """When the question was put up (mounted; the clock of ``events.Key.time``); a key that arrived
    before it (``typed_before``) was meant for the screen under it."""

    def typed_before(self) -> bool:
        """True when the key being handled now arrived before the question was put up (the app's
        ``key_time``): a Page Up pressed while the AI played, handled once this question had come
        (nm s15 B3: it opened the log reader over a champion question, and took the next key)."""
        key_time = getattr(self.app, "key_time", None)
        return isinstance(key_time, float) and key_time < self.shown_at

    def on_mount(self) -> None:
        from textual._time import get_time  # the clock of ``Message.time``
        self.shown_at = get_time()
        options = self.query_one(OptionList)
        options.highlighted = self.default
        options.focus()
        if self._log_behind() is not None:
            box = self.query_one(Vertical)
            box.border_title = self.LOG_NOTE
            box.styles.border_title_align = "right"
        view = self._map_behind()
        if view is not None and self.browse:
            self.query_one("#title", Label).update(self.title_text + self.BROWSE_NOTE)
        elif view is not None and (view.max_scroll_x or view.max_scroll_y):
            self.query_one("#title", Label).update(self.title_text + self.SCROLL_NOTE)

    def _map_behind(self):
        """The battle map under a docked question (None when not docked or there is none)."""
        if not self.has_class("-docked") or len(self.app.screen_stack) < 2:
            return None
        found = self.app.screen_stack[-2].query(MapView)
        return found.first() if found else None

    def _log_behind(self):
        """The battle log on the screen under the question, when it has lines (else None)."""
        if len(self.app.screen_stack) < 2:
            return None
        found = self.app.screen_stack[-2].query(BattleLog)
        log = found.first() if found else None
        return log if log is not None and log.entries else None

    def action_read_log(self, start: int) -> None:
        """Page Up (``start`` 1: the newest page) or Home (-1: the oldest line): the battle log on the
        whole screen; closing it comes back to this question, still unanswered.  Not for a key that
        arrived before the question was drawn (``typed_before``)."""
        log = self._log_behind()
        if log is not None and not self.typed_before():
            self.app.push_screen(LogReader(log.entries, start))

    def action_scroll_map(self, dx: int, dy: int) -> None:
        """shift+arrows (docked only): scroll the map under the question by a few squares."""
        view = self._map_behind()
        if view is not None:
            view.action_scroll_squares(dx, dy)  # as on the battle screen, where they scroll it too

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The map keys work only under a question that lets the player browse the map."""
        if action in ("browse", "look"):
            return self.browse and self._map_behind() is not None
        if action == "escape":
            return self.escape is not None
        if action == "read_log":
            return self._log_behind() is not None
        return True

    def action_browse(self, step: int) -> None:
        """Tab / Shift+Tab (browsing): the map's cursor to the next or previous creature, in reading
        order (every creature on the map, both sides), so its card shows beside the map."""
        view = self._map_behind()
        st = view.state if view is not None else None
        if st is None:
            return
        squares = sorted({c.pos for c in st.creatures if c.alive and c.pos is not None},
                         key=lambda q: (q[1], q[0]))
        if not squares:
            return
        here = st.creature_at(view.square)
        at = (here.pos[1], here.pos[0]) if here is not None else (view.square[1], view.square[0])
        if step > 0:
            after = [q for q in squares if (q[1], q[0]) > at]
            view.move_cursor(after[0] if after else squares[0])
        else:
            before = [q for q in squares if (q[1], q[0]) < at]
            view.move_cursor(before[-1] if before else squares[-1])

    def action_look(self, dx: int, dy: int) -> None:
        """h j k l, y u b n (browsing): move the map's cursor one square."""
        view = self._map_behind()
        if view is not None:
            view.action_cursor(dx, dy)

    def _point(self, event) -> None:
        """The mouse over the map under a browsing question: the map's cursor goes to that square."""
        view = self._map_behind() if self.browse else None
        square = view.square_on_screen(event.screen_x, event.screen_y) if view is not None else None
        if view is not None and square is not None and square != view.square:
            view.move_cursor(square)

    def on_mouse_move(self, event) -> None:
        """Pointing at the map (browsing) shows that square's creature; see ``_point``."""
        self._point(event)

    def on_click(self, event) -> None:
        """A click on the map (browsing) moves its cursor there, as pointing does; it answers nothing."""
        self._point(event)

    def on_mouse_scroll_down(self, event) -> None:
        """The wheel over a docked question's screen scrolls the map under it (shift: sideways)."""
        self.action_scroll_map(*((1, 0) if event.shift else (0, 1)))

    def on_mouse_scroll_up(self, event) -> None:
        """See ``on_mouse_scroll_down``."""
        self.action_scroll_map(*((-1, 0) if event.shift else (0, -1)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option_index)

    def action_help(self) -> None:
        """?: the help screen over the question (Esc goes back to it, still unanswered)."""
        self.app.push_screen(HelpScreen())

    def _rules_keys(self) -> list[str]:
        """The keys bound to the rules reference now (the settings' ``[keys] rules``, else r)."""
        settings = getattr(self.app, "settings", None)
        return (settings if isinstance(settings, Settings) else Settings()).bound_keys()["rules"].split(",")

    def on_key(self, event: events.Key) -> None:
        """The rules key opens the rules the question is about (``action_rules``); any other key is
        told to ``key_note`` (with whether the question uses it), whose note replaces the shown one."""
        if self.leaving and event.key == LEAVE_KEY:  # y answers the leave question as q again does
            event.stop()
            event.prevent_default()
            self.dismiss(self.LEAVE)
            return
        if self.leaving and event.key != "q":  # the leave question is withdrawn: the question stays
            self.leaving = False
            self.query_one("#refusal", Label).remove_class("-shown")
        if event.key in self._rules_keys() and self.is_current:
            event.stop()
            event.prevent_default()
            self.action_rules()
            return
        if self.key_note is not None and self.is_current:
            note = self.key_note(event.key, event.key in self._own_keys())
            if note is not None and self.query("#note"):
                shown = self.query_one("#note", Static)
                shown.update(note)
                shown.display = bool(note)
        if self.wrong_key and self.is_current and not self.leaving and self.query("#refusal"):
            refusal = self.query_one("#refusal", Label)
            if self._unused(event.key):
                refusal.update(self.wrong_key)
                refusal.add_class("-shown")
            elif event.key != "q":
                refusal.remove_class("-shown")

    def _unused(self, key: str) -> bool:
        """True for a key the question does nothing with: none of its own keys (``_own_keys``), q, the
        rules key, a Ctrl key (the app's: Ctrl+C, the palette) or a modifier alone."""
        if key in self._own_keys() or key == "q" or key in self._rules_keys() or key.startswith("ctrl+"):
            return False
        return key.rsplit("+", 1)[-1] not in ("shift", "ctrl", "control", "alt", "meta", "super")

    def _own_keys(self) -> set[str]:
        """The keys the question answers itself: its bindings' and its answer list's."""
        own: set[str] = set()
        for binding in [*self.BINDINGS, *OptionList.BINDINGS]:
            if isinstance(binding, Binding):
                own.update(binding.key.split(","))
        return own

    def action_rules(self) -> None:
        """The rules reference on the rules this question is about: its ``rules``, then the IDs its
        title and body name; none: the player's introduction.  Esc goes back to the question."""
        from tactica.client.rules_reference import load_reference

        from .rules import RulesScreen
        reference = load_reference()
        named = [e for e in (reference.find(r) for r in self.rules) if e is not None]
        context = named + [e for e in reference.context([self.title_text, self.body_text]) if e not in named]
        self.app.push_screen(RulesScreen(context, rules_key=key_display(self._rules_keys()[0])))

    async def action_quit(self) -> None:
        """q: leave, as q does on the battle screen: at once, or, for a question given ``leave`` (the
        tutorial's), the first q asks (its text above the answers) and a second dismisses with ``LEAVE``."""
        if self.leave is None:
            await self.app.action_quit()
        elif self.leaving:
            self.dismiss(self.LEAVE)
        elif self.is_current:
            self.leaving = True
            refusal = self.query_one("#refusal", Label)
            refusal.update(self.leave())
            refusal.add_class("-shown")

    def action_escape(self) -> None:
        """Esc: the answer the question gave it (``escape``), the safe one."""
        if self.escape is not None:
            self.action_choose(self.escape)

    def action_choose(self, index: int) -> None:
        """Choose option ``index`` directly (number keys); keys after the first answer are ignored.
        A number with no answer says so above the answers (the question covers the status line)."""
        if self.is_current and 0 <= index < len(self.options):
            self.dismiss(index)
        elif self.is_current:
            refusal = self.query_one("#refusal", Label)
            keys = "1" if len(self.options) == 1 else f"1–{len(self.options)}"
            refusal.update(f"There is no answer {index + 1}: press {keys} (or the arrows and Enter).")
            refusal.add_class("-shown")
