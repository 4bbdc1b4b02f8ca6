"""The battle screen: map, stat card, header, status line, log and footer.

It owns a ``Controller`` (what keys mean now) over a ``GameSession`` (the
game); it sets its widgets' attributes after every change and listens to the
map's messages.  The footer shows only the keys the engine's legal actions
allow now (``check_action``).  Each of its other jobs is an object it owns and
calls, which talks back through a few of its methods:

* ``battle_layout`` (``BattleLayout``): the rows of the map row and the log, the legend, the card;
* ``toasts`` and ``confirms`` (``Toasts``, ``Confirmations``): refusals, acknowledgements, and the
  actions that wait for their key again;
* ``camera`` (``Camera``): where the cursor goes and which part of the map is in view;
* ``decisions`` (``Decisions``): the questions that are not asked on the map (map choice, start
  area, who goes first, champion powers) and the winner screen;
* ``ai_turn`` (``AiTurn``): the AI's turns, thought in a worker and played at a readable pace;
* ``saves`` (``BattleSaves``): undo, map reload and the autosave's warning;
* ``recap`` and ``recap_panel`` (``client.handoff.TurnRecap``, ``RecapPanel``): against the AI, what
  the human's last activation did and what happened since, where the log is when the AI's turn ends.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import events as keys
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker

from tactica.client.battle_sizes import LOG_MIN, NARROW, WIDE, body_rows, status_rows
from tactica.client.battle_words import (
    LEAVE_KEY,
    Pending,
    battle_kept,
    leave_words,
    opening_line,
    sealed_lines,
    zone_note,
)
from tactica.client.controller import Controller, Mode
from tactica.client.describe import LogLine, action_lines, creature_name, describe_events, player_name
from tactica.client.handoff import HandOff, TurnRecap, summary_lines
from tactica.client.hints import names_rule, with_rule
from tactica.client.opponent import AiPlayer, Thought
from tactica.client.session import GameSession
from tactica.client.settings import Settings, key_display, key_words
from tactica.client.threat_words import THREAT_TOASTS
from tactica.engine import (
    Action,
    ActivationEnded,
    AreaAttack,
    Attack,
    ChooseFirstPlayer,
    EndActivation,
    Event,
    GameState,
    Phase,
    Square,
    active_modules,
)

from ..widgets.battle_footer import BattleFooter
from ..widgets.battle_header import BattleHeader
from ..widgets.battle_log import BattleLog
from ..widgets.map_view import MapView
from ..widgets.recap_panel import RecapPanel
from ..widgets.stat_card import StatCard
from ..widgets.status_line import StatusLine, fit_status
from .battle_ai import AiTurn
from .battle_camera import Camera
from .battle_confirm import REFUSAL_TITLE, Confirmations, Toasts, card_names
from .battle_decisions import Decisions
from .battle_keys import BINDINGS, KEY_ACTIONS, ai_turn_key_hint, key_shown, silent_key_hint
from .battle_layout import BattleLayout, legend, toast_widths
from .battle_saves import BattleSaves

# The screens a key opens (help, rules, the whole map, the hand-off) and the rules' text are imported
# when first opened: not before the battle's first frame (issue 21, ``tests/test_startup_imports.py``).

__all__ = ["BattleScreen", "LOG_MIN", "NOTE_SECONDS", "body_rows", "legend", "zone_note"]

READ_TOASTS = (REFUSAL_TITLE, "Setup roll", "")
"""Titles of the toasts a key that moves the cursor or scrolls the map takes away (nm s17 F8: they stand
over the side panel's top rows, which the cursor's square is read in): a refusal, the setup roll (in the
log too), an acknowledgement (untitled; "f", "i"…).  Dice rolls, the end of the battle and a warning's
toast stay their time."""

READING_KEYS = ("rules", "log_back", "log_on", "log_oldest", "log_newest", "card_more", "card_back")
"""Battle keys that only read (the rules, the log, the card): a pending confirmation stays armed."""

NOTE_SECONDS = 4.0
"""How long an acknowledgement (f: fast mode, i: the AI's intent) stays at the head of the status line
where no toast fits over the log (``Toasts.acknowledge``; read at each one: ``BattleScreen.note_seconds``)."""



def breakpoint_class(width: int, breakpoints: Sequence[tuple[int, str]]) -> str:
    """The class of ``breakpoints`` (least columns, class) that a screen ``width`` columns wide takes: the
    one with the most columns not above ``width`` (Textual's rule for ``HORIZONTAL_BREAKPOINTS``).

    A battle screen takes it when made, so that the resize Textual sends before the first frame finds
    its class already set and does not style every widget a second time (~9 ms of the first frame)."""
    return max((least, name) for least, name in breakpoints if width >= least)[1]


class BattleScreen(Screen[str]):
    """Play one battle; dismissed with "new" or "quit" from the winner screen.

    Against the AI (``session.opponent``) the AI's decisions are made in a
    worker and played at a readable pace (``battle_ai.AiTurn``).

    Args:
        session: the battle to show and drive.
    """

    DEFAULT_CSS = """
    BattleScreen #body { height: 1fr; }
    BattleScreen MapView { width: 1fr; height: 1fr; }
    BattleScreen #side { width: 28; border-left: solid $primary-darken-2; }
    BattleScreen.-wide #side { width: 40; }
    BattleScreen.-narrow StatusLine { height: 3; }
    BattleScreen #card-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    BattleScreen #cursor-line { height: 1; padding: 0 1; color: $text-muted; }
    BattleScreen #legend { height: auto; color: $text-muted; padding: 0 1; margin-top: 1; }
    BattleScreen BattleLog { height: 1fr; min-height: 4; }
    /* toasts at the top right, over the stat card, under the header: never over
       the newest log lines at the bottom nor the status line (a refusal, a warning, a roll) */
    BattleScreen > ToastRack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; }
    /* as wide as the side panel: over the stat card, not the map where the cursor is */
    BattleScreen Toast { width: 28; max-width: 28; }
    BattleScreen.-wide Toast { width: 40; max-width: 40; }
    """ + toast_widths()
    # the widths above are battle_sizes.SIDE and SIDE_WIDE, its rows are battle_sizes.status_rows

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-normal"), (WIDE, "-wide")]

    BINDINGS = BINDINGS

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        try:  # the terminal's breakpoint class now: the first resize then changes no class (issue 21)
            self.add_class(breakpoint_class(self.app.size.width, self.HORIZONTAL_BREAKPOINTS), update=False)
        except Exception:  # made outside a running app (no active app): the first resize sets it
            pass
        self.session = session
        self.ctrl = Controller(session)
        self._keys_shown: tuple[bool | None, ...] = ()
        #: The widgets the screen and its objects set (``compose`` lays them out).
        self.header = BattleHeader()
        self.body = Horizontal(id="body")  # the map row: the map and the side panel
        self.map_view = MapView(session.state)
        self.side_panel = Vertical(id="side")  # the cursor's square, the stat card and the legend
        self.card_box = VerticalScroll(id="card-scroll")  # the side panel's card and legend, scrolling
        self.cursor_line = Static("", id="cursor-line")  # the cursor's column and row, and what lies there
        self.stat_card = StatCard()
        self.legend_panel = Static(legend(session.state.maps, session.state.players), id="legend")
        self.status_line = StatusLine()
        self.battle_log = BattleLog()
        self.recap_panel = RecapPanel()  # stands where the log is when the AI's turn ends (issue 20)
        self.battle_layout = BattleLayout(self)
        self.toasts = Toasts(self, self.battle_layout)
        self.confirms = Confirmations(self, self.toasts)
        self.camera = Camera(self)
        self.decisions = Decisions(self)
        self.saves = BattleSaves(self, self.camera)
        try:  # f, kept by the app across its battles; the hand-off, on unless --no-handoff
            fast = bool(getattr(self.app, "ai_fast", False)) or bool(session.opponent and session.opponent.fast)
            handoff = getattr(self.app, "handoff", False) is True
            settings = getattr(self.app, "settings", None)
        except Exception:  # made outside a running app (no active app): the default
            fast = handoff = False
            settings = None
        if isinstance(settings, Settings):  # the settings' champion prompts: triggers never asked about
            muted = settings.muted_triggers()
            self.decisions.muted_triggers = {p: set(muted) for p in range(session.state.players) if muted}
        # every sentence of the screen names the keys as the settings bind them (issue 20)
        self.ctrl.keys = key_words(settings if isinstance(settings, Settings) else None)
        self.ai_turn = AiTurn(self, fast)
        #: The square (and the state) a first click on a reachable square previewed: a second click
        #: there moves (``on_map_view_clicked``); None when no click waits.
        self._click_armed: tuple[Square, object] | None = None
        if fast and session.opponent is not None:
            self.ai_turn.save_options()  # the save says fast, so that tactica resume keeps it
        ai = session.opponent  # hot-seat hand-off (client.handoff), set by the app (--no-handoff)
        self.handoff = HandOff.for_battle(session.state, ai.seats if ai else (),
                                          enabled=handoff, events=session.events)
        #: Against the AI: the human's last activation and what happened since, for the recap shown
        #: when the AI's turn ends (None in hot-seat, where the hand-off screen tells it).
        self.recap: TurnRecap | None = (TurnRecap(frozenset(p for p in range(session.state.players)
                                                            if p not in ai.seats))
                                        if ai is not None and not self.handoff.active else None)
        self._recap_mark = 0  # the log's entries before the human's last activation began
        #: After a first q, the question the status line asks ("" none): q again or y leaves, any other
        #: key stays (``action_quit``).
        self._leaving = ""
        #: The screen's size at its last resize (None before the first): a change takes the last key's
        #: words away (``Toasts.forget``).
        self._size_seen: Size | None = None

    # -- the widgets ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield self.header
        with self.body:
            yield self.map_view
            with self.side_panel:
                yield self.cursor_line
                with self.card_box:
                    yield self.stat_card
                    yield self.legend_panel
        yield self.status_line
        yield self.recap_panel  # over the log: where the log's rows are left, its newest lines show below
        yield self.battle_log
        yield BattleFooter()

    def toast_racks(self) -> list[Widget]:
        """The racks the toasts stand in (Textual's ``ToastRack``)."""
        return list(self.query("ToastRack"))

    def on_resize(self, event: keys.Resize) -> None:
        if self._size_seen is not None and event.size != self._size_seen:
            self.call_after_refresh(self.toasts.forget)  # the last key's words were cut to the old room
        self._size_seen = event.size
        self.battle_layout.fit()
        self.fit_recap()
        self._card_resized()
        self.call_after_refresh(self.battle_layout.show_zone_owners)  # the map's squares may now show HP bars
        self.call_after_refresh(self.camera.after_resize)  # the cursor and the active creature in view

    def on_mount(self) -> None:
        log = self.battle_log
        s = self.session
        log.add(self.opening_lines())
        log.add(self.ai_turn.intro())
        log.add(sealed_lines(s.state))
        lines = (s.history_log if s.history_log is not None  # resumed: CHP-2 lines and the AI's intent too
                 else describe_events(s.events, s.state, quick=s.quick_setup))
        log.add(lines)
        self.header.seed = self.session.seed
        self.header.mode = self.ai_turn.mode_text
        self.header.ai_label = self.ai_turn.label
        self.map_view.focus()
        self.watch(self.map_view, "cursor", self._cursor_changed, init=False)  # synchronous: see _cursor_changed
        self.watch(self.card_box, "virtual_size", self._card_resized, init=False)
        self.watch(log, "virtual_size", self._card_resized, init=False)  # the log overflows: PgUp shows
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.state_changed()
        if s.resumed:  # the view as it was left; the map is laid out after this: then it goes to the cursor
            self.restore_view()
            self.call_after_refresh(self.camera.into_view)
        elif self.ctrl.mode not in (Mode.PICK, Mode.ACT, Mode.DEPLOY) or self.ai_decides():
            # a question first (who goes first), or the AI's turn: the player's own creatures in view
            self.call_after_refresh(self.camera.open_on, self.keyboard_seat())
        self.decisions.banners = self.toasts.opening(lines, self.decisions.docked_question_next())
        self._recap_mark = len(log.entries)  # the recap counts the log's lines from here
        if s.resumed and self.recap is not None and s.recent_steps:  # the recap the battle had when left
            for events, after, by_human in s.recent_steps:
                self.recap.after(events, after, by_human)
            self._recap_mark = 0  # the log holds more than the player's last activation and since
            if not self.ai_decides():
                self.call_after_refresh(self.show_recap)
        if s.resumed:
            self.hand_over_on_resume()

    def hand_over_on_resume(self) -> None:
        """A resumed hot-seat battle (two humans or more, the hand-off on) opens on the hand-off screen of
        the human who holds the keyboard, as it would have between two turns: whoever sits at the
        keyboard may not be that player (issue 20).  Nothing when the battle is over or the AI plays."""
        seat, st = self.handoff.holder, self.session.state
        if not self.handoff.active or seat is None or st.phase is Phase.OVER:
            return
        from .handoff import HandoffScreen
        lines = [f"The battle resumed in round {st.round}: {player_name(seat)} holds the keyboard.",
                 "The log (PgUp) holds what happened before."]
        self.app.push_screen(HandoffScreen(seat, lines, since="Resumed:"), self._handed_over)

    def restore_view(self) -> None:
        """A resumed battle: the cursor back on the square it was on and the threat view in the mode it
        was in when the battle was left (``GameSession.saved_view``; s17).  A save that kept none, or
        a cursor off this map, leaves them as a fresh look places them."""
        view = self.session.saved_view
        st = self.session.state
        if view is None:
            return
        if view.threats != "off":
            self.ctrl.threat_view.restore(view.threats, self.ai_turn.ai.opponent.seats if self.ai_turn.ai else ())
        if view.cursor is not None and st.map is not None and st.battle_map.in_bounds(view.cursor):
            self.map_view.move_cursor(view.cursor)
        self.refresh_view()

    def keep_view(self) -> None:
        """Keep the cursor's square and the threat view's mode in the battle's save
        (``saving.keep_view``), for ``tactica resume``: on leaving, and as the threat view changes."""
        from tactica.client.saving import keep_view
        square = self.map_view.square if self.session.state.map is not None else None
        keep_view(self.session, square, self.ctrl.threat_view.mode)  # the store's writer reports its own failures

    def keyboard_seat(self) -> int:
        """The seat (0-based) of the player at the keyboard as the battle opens: the one who decides now
        when it is a human, else the first seat the AI does not play."""
        st = self.session.state
        ai = self.ai_turn.ai.opponent.seats if self.ai_turn.ai is not None else ()
        if st.decider not in ai:
            return st.decider
        return next((p for p in range(st.players) if p not in ai), 0)

    def opening_lines(self) -> list[LogLine]:
        """The log's first lines: the battle's seed and save, or that a resumed battle's log follows
        (``battle_words.opening_line``)."""
        return [opening_line(self.session)]

    def _theme_changed(self, theme: object) -> None:
        """A theme was chosen: the map and the legend take its colours (``map_view.styles_for``)."""
        self.map_view.use_theme(theme)
        self.battle_layout.show_zone_owners()

    # -- keys ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only when the engine's legal actions make it useful now (``battle_keys.key_shown``)."""
        return key_shown(self, action, parameters)

    def winner_note(self) -> str:
        """A line for the winner screen under the summary ("": none; the tutorial's screen says where
        its lesson stands)."""
        return ""

    def question_note(self) -> str:
        """Textual markup shown at the top of the next docked question ("": none; the tutorial's screen
        puts the step that teaches the question there, since the question covers its panel)."""
        return ""

    def champion_note(self) -> str:
        """Textual markup shown over the next champion-power question ("": none; the tutorial's screen
        teaches champion powers there when the question comes before their step)."""
        return ""

    def question_key_note(self) -> Callable[[str, bool], str | None] | None:
        """What the next docked who-goes-first question tells its keys to (``ChoiceModal.key_note``):
        None here; the tutorial's screen skips its step there and hints at a wrong key."""
        return None

    def question_leave(self) -> Callable[[], str] | None:
        """What q under a question asks first (``ChoiceModal.leave``): the question the screen's own
        first q asks (``leave_question``), so that q never leaves at once (issue 20)."""
        return lambda: self.leave_question("q")

    def leave_question(self, quit_key: str | None = None) -> str:
        """What the first q asks (``battle_words.leave_words``): the battle is saved and how to go on
        with it, and the keys that answer (``quit_key`` again, the quit key bound unless given, or y)."""
        quit_key = quit_key or key_display(self.key_of("quit"))
        title_first = getattr(self.app, "title_first", False) is True
        return leave_words("battle", battle_kept(self.session, title_first), quit_key)

    @property
    def leaving(self) -> bool:
        """True while the status line asks whether to leave (after a first q)."""
        return bool(self._leaving)

    def leave_battle(self) -> None:
        """Leave tactica; a battle opened from the title screen (``tactica`` alone) goes back to it
        instead (the battle stays saved: its Continue reopens it)."""
        self._leaving = ""
        self.keep_view()
        if getattr(self.app, "title_first", False) is True and self.is_current:
            self.dismiss("quit")
        else:
            self.app.exit()

    def on_key(self, event: keys.Key) -> None:
        """Any key but the one that asked for it cancels a pending confirmation (a provoking move, a
        move, charge or end of activation over a pit, an end of an idle activation); the screen sees
        each key before its binding runs (the quit key too: s18 ux 3).  The rules key leaves it waiting
        (the warning names its rule, OA-1, TER-PIT, which the player may read before pressing the key
        again), and so do the keys that read the log or the card back (``READING_KEYS``: a newcomer
        read the log between two e).  A key no binding takes now gets a calm aside on the status line
        (``battle_keys.silent_key_hint``; while the AI plays, ``ai_turn_key_hint``: "The AI is playing —
        z (Undo) works on your turn").  While the leave question is asked (``action_quit``), the quit
        key or y leaves and any other key only withdraws the question: it does nothing else (an Enter
        meant as "yes" would act on the map)."""
        bound = self._bound()
        quit_keys = bound["quit"].split(",")
        if self._leaving:
            event.stop()
            event.prevent_default()
            if event.key == LEAVE_KEY or event.key in quit_keys:
                self.leave_battle()
            else:
                self._leaving = ""
                self.refresh_view()
                self.refresh_bindings()
            return
        if event.key in quit_keys:  # asked here, not by the binding: a y typed right after q sees it
            event.stop()
            event.prevent_default()
            self.confirms.key_pressed(event.key)  # q calls off a waiting action as any key does (s18 ux 3)
            self.action_quit()
            return
        if any(event.key in keys.split(",") for name, keys in bound.items() if name.startswith(("cursor_", "scroll_"))):
            self.toasts.drop(READ_TOASTS)  # the player reads the map and the side panel now (nm s17 F8)
        if any(event.key in bound[name].split(",") for name in READING_KEYS):
            return  # reading the rules, the log or the card leaves a pending confirmation waiting
        waiting = self.confirms.pending is not None
        self.confirms.key_pressed(self._first_key(event.key))
        # Esc that called off a pending confirmation does only that (its "Move cancelled" stays):
        # the cursor is not taken back to the active creature by the same key
        self._esc_cancelled = waiting and self.confirms.pending is None and event.key == "escape"
        if self.status_line.note:  # the last key's aside or acknowledgement: this key is the news now
            self.toasts.drop_note()  # (s22 newcomer: "✓ Threat view off." stood before an attack's preview)
        if not (waiting or self.asking):  # a key that does nothing says so (issue 20), during the AI's turn too
            handled = event.key in self.active_bindings
            said = ai_turn_key_hint if self.ai_decides() else silent_key_hint
            hint = said(event.key, handled, bound)
            if hint is not None:
                self.toasts.aside(hint)

    def _bound(self) -> dict[str, str]:
        """Every battle key's keys now (the settings' ``[keys]``, else the defaults), by name."""
        settings = getattr(self.app, "settings", None)
        return (settings if isinstance(settings, Settings) else Settings()).bound_keys()

    def rules_key_after_refusal(self) -> str | None:
        """The key that opens the rules reference (as bound), while the status line shows a refusal and
        no question is up: the footer then offers it first (``BattleFooter``); None otherwise."""
        if not self.status_line.refused or self.asking or not names_rule(self.toasts.last_refusal):
            return None  # a refusal that names no rule has none to open (nm s17 F6)
        return self.key_of("rules")

    def key_of(self, name: str) -> str:
        """The first key bound to battle key ``name`` ("move" → "m", or the key the settings give it):
        the key an action that asks first waits for again (``Confirmations``)."""
        return self._bound()[name].split(",")[0]

    def _first_key(self, key: str) -> str:
        """``key``, or the first key of the select, move or end binding it belongs to (a second key
        bound to move confirms a move as its first key does)."""
        for name, bound in self._bound().items():
            if name in ("select", "move", "end") and key in bound.split(","):
                return bound.split(",")[0]
        return key

    MUTED_SECONDS = 12.0
    """How long the status line says how to be asked again after x in a champion prompt."""

    def say_muted(self, player: str, triggers: Sequence[str]) -> None:
        """x in a champion prompt ("No, and stop asking"): say how to be asked again (s16 keys 5), on
        the status line for ``MUTED_SECONDS`` (no toast that lingers) and whole in the log."""
        o, when = self.ctrl.keys["champion_prompts"], ", ".join(triggers)
        self.battle_log.add([LogLine(f"{player} will not be asked about champion powers when: {when}. "
                                     f"{o} (or ctrl+p: \"Champion prompts: ask again\") asks again; the "
                                     "settings' champion_prompts stops asking in every battle.", "info")],
                            follow=True)
        self.toasts.aside(f"No champion prompts when: {when} — {o} (or ctrl+p \"ask again\") turns them "
                          "back on.", self.MUTED_SECONDS)

    def action_champion_prompts(self) -> None:
        """o: ask about every champion-power trigger again (undo every "No, and stop asking")."""
        self.decisions.unmute_champion_prompts()

    def action_select(self) -> None:
        """Enter: activate, move, pick a target or confirm."""
        self.confirms.press(self.key_of("select"), self.ctrl.select(self.map_view.square))

    def action_next(self, step: int = 1) -> None:
        """Tab: put the cursor on the next thing that can be chosen."""
        self.camera.next(step)

    def action_move(self) -> None:
        """m: move the active creature to the cursor square (a provoking move asks for m again).  On a
        square reached only through a teleporter (TER-TELEPORT) m takes the way's next step and the
        cursor stays on that square, so m again goes on (stop on it, jump, carry on)."""
        square = self.map_view.square
        way = self.session.teleport_ways().get(square)
        result = self.ctrl.move(square)
        before = self.session.state
        self.confirms.press(self.key_of("move"), result)
        if (way is not None and result == way.first and self.session.state is not before
                and (square in self.session.moves() or square in self.session.teleport_ways())):
            self.map_view.move_cursor(square)

    def action_shift(self) -> None:
        """s: shift to the cursor square."""
        self.apply_result(self.ctrl.shift(self.map_view.square))

    def action_attack(self) -> None:
        """a: choose an attack target."""
        self.apply_result(self.ctrl.begin_attack(self.map_view.square))
        if self.ctrl.mode in (Mode.ATTACK, Mode.AREA):
            self.camera.to_target()

    def action_charge(self) -> None:
        """c: choose a charge target."""
        self.apply_result(self.ctrl.begin_charge())
        if self.ctrl.mode is Mode.CHARGE:
            self.camera.to_target()

    def action_choose_attack(self, number: int) -> None:
        """1–9 in attack mode: switch to that attack; while acting: start it (or say why it cannot be)."""
        result = self.ctrl.choose_attack(number)
        self.apply_result(result)
        if result is None and self.ctrl.mode in (Mode.ATTACK, Mode.AREA):  # a refusal stays in view
            self.camera.to_target()

    def action_says_why(self, name: str) -> None:
        """a or c that can do nothing now, or m, s, w, e before a creature is activated: say why in the
        status line, and in a toast when one fits (``Controller.refusal``, said short when it would
        not fit the status line)."""
        self.toasts.drop_note()
        ended = self.ctrl.hints.ended_note() if name == "end" else ""
        if ended:  # e after an activation that ended by itself: said plainly, not refused (issue 20)
            self.toasts.acknowledge(ended)
            return
        self.refuse(self.ctrl.refusal(name, self.battle_layout.status_room()))

    def action_pick(self) -> None:
        """Space in attack mode: add or remove a target."""
        self.apply_result(self.ctrl.toggle_pick(self.map_view.square))

    def action_end(self) -> None:
        """e: end the active creature's activation."""
        self.confirms.press(self.key_of("end"), EndActivation())

    def action_prone(self) -> None:
        """d: drop prone, or stand up when prone (G5E-PRONE; a battle with the grid5e module)."""
        action = self.ctrl.prone_action()
        if action is not None:
            self.apply_action(action)

    def action_dig(self) -> None:
        """g: dig at the rubble under the cursor, or beside the active creature (UG-RUBBLE; a battle
        with the underground module); it takes the whole activation, so it asks for g again first
        (``battle_words.asks_first``)."""
        action = self.ctrl.dig_action(self.map_view.square)
        if action is not None:
            self.confirms.press(self.key_of("dig"), action)

    def action_power(self) -> None:
        """w: use a special power of the active creature (SPW-1); several uses are offered in a list."""
        self.decisions.ask_power()

    def action_cancel(self) -> None:
        """Esc: leave attack, charge or area targeting, the cursor back on the active creature (so
        relative cursor moves start from it again); in forced movement, leave the creature where it is."""
        aiming = self.ctrl.mode in (Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END)
        result = self.ctrl.cancel()
        if isinstance(result, Action):
            self.apply_action(result)
            return
        me = self.session.state.active_creature
        if aiming and me is not None and me.pos is not None:
            self.map_view.move_cursor(me.pos)
        self.refresh_view()

    def action_back_to_active(self) -> None:
        """Esc while a creature acts and the cursor is off it: the cursor back on it (``Camera.to_active``),
        unless this Esc called off a pending confirmation (then it does only that)."""
        if getattr(self, "_esc_cancelled", False):
            self._esc_cancelled = False
            return
        self.camera.to_active()

    def action_auto_place(self) -> None:
        """p while deploying: place the deciding player's remaining creatures automatically."""
        self.decisions.auto_place()

    def action_card_scroll(self, step: int) -> None:
        """] / [: scroll the stat card a page down or up; past the end, ] goes back to the top of the card."""
        self.battle_layout.card_scroll(step)

    def action_log_scroll(self, step: int) -> None:
        """Page Up / Page Down: read the battle log a page back or on (``BattleLayout.page_log``);
        where the log pages in place, the first one takes the recap away (``hide_recap``)."""
        if self.recap_panel.shown and self.battle_layout.toasts_fit():
            self.hide_recap()
            return
        self.battle_layout.page_log(step)

    def action_log_edge(self, step: int) -> None:
        """Home / End: the log's oldest line, or its newest (``BattleLayout.log_edge``); where the log
        pages in place, the first one takes the recap away (``hide_recap``)."""
        if self.recap_panel.shown and self.battle_layout.toasts_fit():
            self.hide_recap()
            return
        self.battle_layout.log_edge(step)

    def show_recap(self) -> None:
        """The human's turn came back after the AI's (issue 20): when the log's rows cannot show every
        line since the human's last activation began (80×24: four), the recap stands where the log
        is (``RecapPanel``: the human's own result first, then the AI's turn, said short; the log's newest
        lines below it where rows are left, ``fit_recap``) until the human acts; where they fit, the log
        shows them and no recap is needed."""
        recap, log = self.recap, self.battle_log
        if recap is None or not recap.due:
            return
        lines, own, ranks = recap.take(self.session.state)
        if not lines or log.rows_for(log.entries[self._recap_mark:]) <= log.scrollable_content_region.height:
            return
        self.recap_panel.show(lines, own, ranks)
        self.fit_recap()

    def fit_recap(self) -> None:
        """Share the log's place between the recap and the log (``RecapPanel.fit``): the recap as tall as
        its rows and the log's newest lines below it where they leave the log ``LOG_BELOW`` rows (120×40),
        else the recap alone (80×24).  Again at each resize."""
        if not self.recap_panel.shown:
            return
        width, height = self.app.size
        area = height - 2 - status_rows(width) - self.battle_layout.body_rows  # the header and the footer: 2
        below = self.recap_panel.fit(area, width)
        self.battle_log.display = below
        if below:
            self.call_after_refresh(self.battle_log.to_edge, 1)

    def hide_recap(self) -> None:
        """Take the recap away: the log stands there again, at its newest lines."""
        if self.recap_panel.shown:
            self.recap_panel.hide()
            self.battle_log.display = True
            self.battle_log.to_edge(1)

    def action_undo(self) -> None:
        """z / ctrl+z: take back the last move or activation (``BattleSaves.undo``)."""
        self.saves.undo()

    def action_undo_refused(self) -> None:
        """z / ctrl+z when undo is not possible: say why."""
        self.saves.undo_refused()

    def action_reload_map(self) -> None:
        """ctrl+r: reload the map file from disk and show it at once, or show its problems."""
        self.saves.reload_map()

    def action_ai_fast(self) -> None:
        """f: the AI plays without pausing between steps (again: back to a readable pace)."""
        self.ai_turn.toggle_fast()

    def action_ai_intent(self) -> None:
        """i: show or hide why the AI chooses each action."""
        self.ai_turn.toggle_intent()

    def action_threats(self) -> None:
        """t: the threat view's next mode, off → now → all → off (``Controller.toggle_threats``): the
        squares an enemy could attack without moving, then every square it could attack next turn by
        how far it must go first, with the reach of the creature under the cursor."""
        seats = self.ai_turn.ai.opponent.seats if self.ai_turn.ai else ()
        mode = self.ctrl.toggle_threats(seats)
        self.keep_view()  # tactica resume brings the mode back
        self.refresh_view()
        key = key_display(self.key_of("threats"))
        self.toasts.note(THREAT_TOASTS[mode].format(key=key))  # no toast over the threat lines (nm s17 F8)

    def action_rulers(self) -> None:
        """#: show or hide the map's rulers, the column and row numbers the log's squares are
        counted in ("column 23, row 9"; ``MapView.toggle_rulers``)."""
        shown = self.map_view.toggle_rulers()
        self.battle_layout.fit()  # the rulers take a row and three columns: the map still shows whole
        self.toasts.acknowledge("Rulers: column numbers along the top, row numbers down the left."
                                if shown else "Rulers off.")

    def action_overview(self) -> None:
        """v: the whole map at once (``MapOverview``, two columns a square), for a map bigger than its
        view; Enter there moves the map's cursor, and so the view, to the square chosen."""
        if self.session.state.map is None:
            return

        def went(square: Square | None) -> None:
            if square is not None:
                self.map_view.move_cursor(square)

        from .overview import MapOverview
        self.app.push_screen(MapOverview(self.map_view), went)

    def action_help(self) -> None:
        """?: keys and rules, with what the rule modules on change (``HelpScreen``'s ``modules``)."""
        from .help import HelpScreen
        self.app.push_screen(HelpScreen(active_modules(self.session.state)))

    def action_rules(self) -> None:
        """r: the rules reference, on the rules the screen names now (``RulesReference.context``): the
        refusal's rule IDs (while the status line says it), an attack preview's modifiers, the
        abilities on the stat card; a refusal that names no rule opens on the rules nearest its words
        (``RulesReference.nearest``; none near: ACT-1, what an activation may do), unless it is the
        client's own (nothing to undo: nm s17 F6, that opened MOV-14), which r treats as not said; with
        nothing named, on the player's introduction to the rules."""
        status = self.status_line
        own = status.refused and not self.toasts.refusal_rules  # no rule of the game is about it
        refusal = self.toasts.last_refusal if status.refused and not own else ""
        texts = [] if own else [refusal, status.message]
        shown = self.stat_card.creature
        abilities = [str(a) for a in shown.card.abilities] if shown is not None else []
        from tactica.client.rules_reference import load_reference

        from .rules import RulesScreen
        reference = load_reference()
        context = reference.context(texts, abilities)
        if refusal and not reference.ids_in(refusal):
            near = (reference.nearest(refusal, modules=self.session.state.rules.modules)
                    or [e for e in (reference.find("ACT-1"),) if e is not None])
            context = near + [e for e in context if e not in near]
        self.app.push_screen(RulesScreen(context, rules_key=key_display(self.key_of("rules")), refusal=refusal))

    def action_rules_named(self) -> None:
        """r while a refusal or a warning is said (the footer then shows "r Rules"): ``action_rules``."""
        self.action_rules()

    def action_quit(self) -> None:
        """q: the first asks in the status line whether to leave, saying that the battle is saved and
        how to go on with it (``leave_question``); q again or y leaves (``leave_battle``), any other
        key stays (``on_key``; issue 20: one q left a battle at once while the tutorial asked).  Ctrl+C
        still saves and leaves at once (the app's)."""
        if self._leaving or self.session.phase is Phase.OVER:
            self.leave_battle()
            return
        self.toasts.drop_note()
        self._leaving = self.leave_question()
        self.refresh_view()
        self.refresh_bindings()

    def _handed_over(self, answer: str | None) -> None:
        """The hand-off screen closed: show the board to the next player, or leave on its q (at once:
        the hand-off screen is the question, and the board stays hidden)."""
        if answer == "quit":
            self.leave_battle()
        else:
            self.camera.into_view()

    def _card_resized(self, _: object = None) -> None:
        """The card's length or its panel changed: show or hide the ] key."""
        self.call_after_refresh(self.sync_keys)

    def _cursor_changed(self) -> None:
        """The map's cursor moved (a key, Tab, the mouse, the screen itself): the stat card, the
        overlay and the status line follow at once, in the same handler as the move.  Waiting for the
        map's ``CursorMoved`` message instead left a key queued behind the move (Enter after a quick
        Tab) acting on the new square while the card still showed the old one."""
        self.confirms.forget()  # a move waiting for confirmation was to the old square
        self.toasts.drop((REFUSAL_TITLE,))  # a refusal was about the old square (nm-tut 5): the card shows
        if self.ai_decides():  # the player looks somewhere while the AI plays: the view comes back there
            self.camera.looked()
        self.refresh_view()

    def on_map_view_scrolled(self, message: MapView.Scrolled) -> None:
        """shift+arrows scrolled the map: while the AI plays, that is where the view comes back to
        when the human's turn begins (``Camera.looked``)."""
        if self.ai_decides():
            self.camera.looked(message.offset)

    CLICK_AGAIN = " Click again to move there."
    """Added to the status line after a first click on a square the active creature can move to."""

    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        """A click acts as Enter on its square, except on a square the active creature can move to:
        the first click shows the path there (as the keyboard's cursor does) and a second click on the
        same square moves (issue 20).  A click where it cannot move says why (Enter's refusal)."""
        if self.asking or self.ai_decides():
            return
        square, armed = message.square, self._click_armed
        self._click_armed = None
        if self.ctrl.mode is Mode.ACT and square in self.session.moves() \
                and armed != (square, self.session.state):
            self._click_armed = (square, self.session.state)
            self.refresh_view()
            self.status_line.message = self.status_line.message.rstrip() + self.CLICK_AGAIN
            return
        self.action_select()

    def on_screen_suspend(self) -> None:
        """Another screen covers the battle (the rules, the help, the palette, a question): the last key's
        words go (``Toasts.forget``), so none is left over when the battle shows again."""
        self.toasts.forget()

    def on_screen_resume(self) -> None:
        """Back on top (the help closed): ask the question that waited for it."""
        if self.decisions.resumed():
            self.decide_next()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker's state changed: the AI's answers go to ``AiTurn.answered``."""
        self.ai_turn.answered(event)

    # -- applying and redrawing (what the owned objects call back) ----------------------
    def apply_result(self, result: Action | str | None) -> None:
        """Apply what a key produced: an action, a refusal to say, or None (the controller changed
        mode: redraw, the cursor on an end square of a charge)."""
        if isinstance(result, Action):
            self.apply_action(result)
        elif isinstance(result, str):
            self.refuse(result)
        else:
            if self.ctrl.mode is Mode.CHARGE_END and self.map_view.square not in self.ctrl.cycle_squares():
                self.camera.next(1)
            self.refresh_view()

    def say_cursor_moved(self, looked: Square) -> None:
        """After the human's activation ended, the cursor goes to the nearest creature that can act
        (``Camera.place_cursor``): say so on the status line when it left ``looked``, the square it was
        on (nm s17 F10: unsaid, a relative h j k l and Enter after e activated the wrong creature), as an
        aside, which the next key that does something takes away (s18 nm: after Tab and Enter it still
        named the creature the cursor had left, and crowded out the new creature's hint)."""
        square = self.map_view.square
        st = self.session.state
        who = st.creature_at(square) if st.map is not None else None
        if square == looked or who is None or self.ai_decides() or self.ctrl.mode is not Mode.PICK:
            return
        tab = key_display(self.key_of("next"))
        self.toasts.aside(f"The cursor went to {creature_name(st, who.uid)}, the nearest creature that can act "
                          f"({tab}: the others).")

    def refuse(self, reason: str, rules: bool = True) -> None:
        """Say why an action or a key is refused (``Toasts.refuse``; ``rules``: False for the client's
        own refusals, which no rule of the game is about)."""
        self.toasts.refuse(reason, rules)

    def apply_action(self, action: Action) -> bool:
        """Apply ``action`` (the human's or the AI's), log its events and redraw; True when applied,
        False when refused (the refusal is said)."""
        by_ai = self.ai_decides()
        if by_ai and self.session.phase is not Phase.CHAMPION:  # the AI's turn (not its answer in a champion
            self.camera.leave()  # power's window in the human's): the camera keeps where the human left the view
        if not by_ai and self.session.phase in (Phase.ACTIVATE, Phase.ACTING):
            self.camera.acted()  # the view is the player's own from now on (``Camera.come_back``)
        looked = self.map_view.square
        outcome = self.session.apply(action)
        if not outcome.ok:
            self.refuse(with_rule(outcome.reason, outcome.code))  # a rule the r key opens (issue 20)
            return False
        if not by_ai:  # a refusal before this action that worked is no longer news (issue 20)
            self.toasts.drop((REFUSAL_TITLE,))
            self.hide_recap()  # the player acts: the log again
        if self.recap is not None:
            if self.recap.after(outcome.events, self.session.state, by_human=not by_ai):
                self._recap_mark = len(self.battle_log.entries)
        self.show_events(outcome.events, follow=not by_ai)
        if not by_ai and any(isinstance(e, ActivationEnded) for e in outcome.events):
            self.say_cursor_moved(looked)
        if not by_ai and isinstance(action, (Attack, AreaAttack)):
            self.camera.to_actor(outcome.events)  # a move after the attack starts from the attacker
        if not by_ai and self.ai_turn.ai is not None:
            self.ai_turn.last = None  # the AI's intent from before the player's move is stale news
        if by_ai:  # the AI acted: bring it into view, however the human has scrolled
            self.camera.follow(outcome.events)
        # (the camera's home is kept from the AI's first action on: the human's answer to a champion
        # power's window that ended the AI's turn hands the turn back too, nm s16 F2)
        if ((by_ai or isinstance(action, ChooseFirstPlayer) or self.camera.home is not None)
                and not self.ai_decides() and self.ctrl.mode is Mode.PICK):
            # the player's turn starts: the view back where they left it, the creature on the card on screen
            back = self.camera.come_back()
            if back:
                self.acknowledge(back)
            self.show_recap()
        if by_ai and not self.ai_decides() and getattr(self.app, "ring_bell", False) is True:
            self.app.bell()  # --bell: the AI is done, a human decides now
        seat = self.handoff.after(outcome.events, self.session.state)
        if seat is not None:  # hot-seat: hide the board until the next player is at the keyboard
            lines = summary_lines(self.handoff.take(seat), self.session.state)
            self.app.clear_notifications()  # no refusal nor roll of the last turn over the hidden board
            from .handoff import HandoffScreen
            self.app.push_screen(HandoffScreen(seat, lines), self._handed_over)
        self.saves.check_autosave()
        return True

    def show_events(self, events: Sequence[Event], follow: bool = True) -> None:
        """Log ``events`` (rolls also as a notification) and redraw for the new state; ``follow`` (the
        player's own action) brings the log to its newest lines even while the player reads back."""
        lines = action_lines(self.session.state, events)  # with CHP-2's why no champion prompt came
        self.battle_log.add(lines, follow=follow)
        over = self.session.phase is Phase.OVER
        folded = self.decisions.docked_question_next()
        for line in lines:
            if line.prominent and not over:  # the winner screen says how it ended: no toast over it
                if folded and line.kind == "banner":  # the question says it: no toast over its right half
                    self.decisions.banners.append(line.text)
                elif line.kind == "banner" and not self.toasts.fit():
                    continue  # a small log: the roll is read there, not under a toast for five seconds
                else:
                    self.notify(line.text, title="Roll" if line.kind == "banner" else "Battle over", timeout=5)
        self.ctrl.sync()
        self.state_changed()

    def state_changed(self) -> None:
        """The battle's state changed: fit the layout, show the new state everywhere, place the
        cursor, and ask the next decision after the refresh."""
        st = self.session.state
        self.battle_layout.fit()  # the map is known once it is chosen
        self.map_view.state = st
        self.battle_layout.show_zone_owners()
        self.header.state = st
        self.camera.place_cursor()
        self.refresh_view()
        self.decide_next()

    def decide_next(self) -> None:
        """Ask the next decision after the next refresh (``Decisions.next``)."""
        self.call_after_refresh(self.decisions.next)

    def refresh_view(self) -> None:
        """Redraw what follows the cursor and the state: the map's overlay, the status line (a
        confirmation's warning, the AI's doing, or the controller's hint), the stat card, the footer."""
        mv = self.map_view
        mv.overlay = self.ctrl.overlay(mv.square)
        status = self.status_line
        room = self.battle_layout.status_room()
        warning = bool(self.confirms.pending) and not self.ai_decides()
        if self._leaving:  # q asked whether to leave: the question stays until a key answers it
            message = self._leaving
        elif warning:
            message = self.confirms.text(room)
        elif self.ai_decides():
            message = self.ai_turn.status(room)
        else:
            message = self.ctrl.hint(mv.square, room)
        # a refusal stays readable till the player changes something (s19 ux 1): a key that only says
        # something (an aside, an acknowledgement) is said before it
        standing = status.refused and not warning and not self._leaving and self.toasts.stands(self.situation())
        if standing:
            message = self.toasts.last_refusal
        status.message = fit_status(message, room, card_names(self.session))  # never past its rows
        if status.refused and not standing:  # the refusal is gone: so is the footer's r Rules
            self.call_after_refresh(self.refresh_bindings)
        status.refused, status.warning = standing, warning or bool(self._leaving)
        self.battle_layout.show_card(mv.square)
        self.sync_keys()

    def situation(self) -> tuple[object, ...]:
        """What a refusal is about (``Toasts.stands``): the battle's state (first, compared by identity),
        the cursor's square, the controller's mode and choices, a waiting action, the leave question
        and whether the AI plays.  A key that changes none of them leaves a refusal on the status line."""
        ctrl = self.ctrl
        return (self.session.state, self.map_view.square, ctrl.mode, ctrl.attack_index, tuple(ctrl.picked),
                ctrl.charge_target, self.confirms.pending, self._leaving, self.ai_decides())

    def sync_keys(self) -> None:
        """Refresh the footer when the set of usable keys changed."""
        shown = tuple(self.check_action(name, ()) for name in KEY_ACTIONS)
        if shown != self._keys_shown:
            self._keys_shown = shown
            self.refresh_bindings()

    @property
    def note_seconds(self) -> float:
        """How long an acknowledgement stays in the status line: ``NOTE_SECONDS``."""
        return NOTE_SECONDS

    def acknowledge(self, text: str) -> None:
        """Say that a key changed a setting (``Toasts.acknowledge``)."""
        self.toasts.acknowledge(text)

    @property
    def asking(self) -> bool:
        """True while a question (or the winner screen) is up: the battle's keys wait."""
        return self.decisions.asking

    def ai_decides(self) -> bool:
        """True when the AI must choose the next action now (``AiTurn.decides``)."""
        return self.ai_turn.decides()

    def ai_play(self, thought: Thought) -> bool:
        """Play the AI's answer ``thought`` (``AiTurn.play``): every answer is played through here."""
        return self.ai_turn.play(thought)

    # -- the owned objects' state under the names the footer and the tests read ---------------
    @property
    def ai(self) -> AiPlayer | None:
        """The bot, None in a hot-seat battle (``AiTurn.ai``)."""
        return self.ai_turn.ai

    @property
    def ai_fast(self) -> bool:
        """Whether the AI's fast mode is on: the footer's "Fast ✓" (``AiTurn.fast``)."""
        return self.ai_turn.fast

    @property
    def ai_show_intent(self) -> bool:
        """Whether the log says why the AI acts: the footer's "Intent ✓" (``AiTurn.show_intent``)."""
        return self.ai_turn.show_intent

    @ai_show_intent.setter
    def ai_show_intent(self, shown: bool) -> None:
        self.ai_turn.show_intent = shown

    @property
    def ai_last(self) -> Thought | None:
        """The AI's last answer played (``AiTurn.last``)."""
        return self.ai_turn.last

    @ai_last.setter
    def ai_last(self, thought: Thought | None) -> None:
        self.ai_turn.last = thought

    @property
    def ai_pending(self) -> GameState | None:
        """The state the bot is thinking about (``AiTurn.pending``)."""
        return self.ai_turn.pending

    def ai_status(self, room: int | None = None) -> str:
        """The status line while the AI plays, in ``room`` characters (``AiTurn.status``)."""
        return self.ai_turn.status(room)

    @property
    def muted_triggers(self) -> dict[int, set[str]]:
        """Champion-power triggers each player asked not to be prompted about (``Decisions``)."""
        return self.decisions.muted_triggers

    @property
    def _ai_waiting(self) -> tuple[Timer, Thought] | None:
        return self.ai_turn.waiting

    @property
    def _confirm(self) -> Pending | None:
        return self.confirms.pending

    @property
    def _asking(self) -> bool:
        return self.decisions.asking

    def _toasts_fit(self) -> bool:
        return self.toasts.fit()

    def _status_room(self) -> int:
        return self.battle_layout.status_room()

    _show_events = show_events
