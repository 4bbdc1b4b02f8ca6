"""The battle screen: map, stat card, header, status line, log and footer.

It owns a ``Controller`` (what keys mean now) over a ``GameSession`` (the
game); it sets its widgets' attributes after every change and listens to the
map's messages.  Decisions that are not about the map (map choice, start
area, who goes first) are asked in a ``ChoiceModal``.  The footer shows only
the keys the engine's legal actions allow now (``check_action``).
"""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tactica.client.controller import Controller, Mode
from tactica.client.describe import LogLine, action_lines, creature_name, describe_events, player_name
from tactica.client.session import GameSession
from tactica.engine import (
    Action,
    Charge,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    DeclinePower,
    EndActivation,
    Move,
    Phase,
    Squeeze,
    UsePower,
)

from ..widgets.battle_footer import NARROW, BattleFooter
from ..widgets.battle_header import BattleHeader
from ..widgets.battle_log import BattleLog
from ..widgets.map_view import _STYLES as MAP_STYLES
from ..widgets.map_view import BIG_CELL, CELL, MapView
from ..widgets.stat_card import StatCard
from ..widgets.status_line import StatusLine, fit_status
from .battle_ai import AI_ACTIONS, AiTurns
from .battle_saves import UNDO_ACTIONS, SaveKeys
from .champion_prompt import PowerPrompt, prompt_options, window_triggers
from .choice import ChoiceModal
from .help import HelpScreen
from .winner import WinnerScreen

LEGEND_TERRAIN = {"forest": "T forest", "pit": "O pit", "smoke": "* smoke", "statue": "S statue",
                  "blood-rock": "% blood rock", "sacred-circle": "+ sacred circle",
                  "teleporter": "@ teleporter"}
"""Legend words for special terrain, shown only when a map of the battle has it."""


def legend(maps, players: int = 2, zones: tuple[tuple[int, str], ...] = ()) -> str:
    """The side-panel legend: the basic marks plus the special terrain these maps use;
    with three or four players the letter case of each (SCN-MULTI: OG1 og1 Og1 oG1).

    ``zones`` names who scores in each VP zone as (zone number, owner) pairs, the owner "P1".."P4"
    (or the start area's letter, "A", before areas are chosen): one line each, its mark in the
    zone's colours (SCN-ASSAULT).  Without it the legend says only "◆ VP zone"."""
    kinds = {t.value for m in maps for row in m.terrain for t in row}
    extra = [words for kind, words in LEGEND_TERRAIN.items() if kind in kinds]
    lines = [". clear   ^ difficult", "███ wall  ◆ VP zone"]
    for i, owner in zones:
        whom = owner if owner.startswith("P") else f"who starts in {owner}"
        lines.append(f"[{MAP_STYLES[f'zone{i}']}]◆{owner}[/] {whom} scores here")
    while extra:  # two to a line when they fit the side panel
        if len(extra) > 1 and len(extra[0]) + len(extra[1]) + 2 <= 22:
            lines.append(f"{extra.pop(0)}  {extra.pop(0)}")
        else:
            lines.append(extra.pop(0))
    lines += [": reach  s shift  o path", "x charge  ░ area", "[u]lbl[/u] condition [#e0c8ff on #3b2460] [/]aura"]
    if players > 2:
        cases = ("[b]AB[/b] P1", "[b]ab[/b] P2", "[b]Ab[/b] P3", "[b]aB[/b] P4")[:players]
        lines += ["  ".join(cases), "? help"]
    else:
        lines.append("[b]UPPER[/b] P1 [b]lower[/b] P2 ? help")
    return "\n".join(lines)


CONFIRM_TITLES = ("Opportunity attack", "Pit", "End activation?")
"""Titles of the warning toasts of actions that wait for their key again (``BattleScreen._asks_first``)."""


TOAST_BODY = 12
"""Rows the map row must have for a toast to pop up over its right end (the stat card): a toast as
narrow as the side panel is up to ten rows tall, and it must end above the status line."""


LOG_MIN = 5
"""Fewest rows of the battle log, its top border included (four lines of text)."""


LOG_BESIDE_BIG = 12
"""Rows the log must keep for the map to be drawn big (``BIG_CELL``): a big terminal shows a big board."""


ROLL_TOAST_LOG = 10
"""Rows the log must have for a toast to pop up over it: a toast is four or five rows tall and covers
the log's right half, so on a smaller log (80×24: four lines) a roll (setup, initiative, confusion)
is said in the log only, where it stays readable (bold, reverse video), and a refusal or an
opportunity-attack warning in the status line only."""


NOTE_SECONDS = 4.0
"""How long an acknowledgement (f: fast mode, i: the AI's intent) stays at the head of the status line
where no toast fits over the log (``BattleScreen.acknowledge``)."""


SIDE_MIN = 20
"""Rows the side panel (stat card, legend) gets on a small map, when the terminal has them."""


def body_rows(width: int, height: int, map_size: tuple[int, int], side: int, status: int) -> int:
    """Rows for the map and the side panel on a ``width``×``height`` terminal; the log gets the rest.

    Args:
        width, height: the terminal in columns and rows.
        map_size: the battle map's (columns, rows) in squares.
        side: columns of the side panel (its border included).
        status: rows of the status line.
    Returns the height of the map row: the map's whole height when the log
    keeps at least ``LOG_MIN`` rows; on a small map still ``SIDE_MIN`` rows
    (at most half of the space) for the stat card; never so many that the
    log gets fewer than ``LOG_MIN``.
    The map is drawn big (``BIG_CELL``) only when it fits across and the log
    still keeps ``LOG_BESIDE_BIG`` rows; otherwise the log gets the extra rows.
    """
    space = height - 2 - status  # the header and the footer take one row each
    cols, rows = map_size
    view = width - side
    need = rows + (1 if cols * CELL > view else 0)  # a horizontal scroll bar
    big_w, big_h = BIG_CELL
    if cols and cols * big_w <= view and rows * big_h <= space - LOG_BESIDE_BIG:
        need = rows * big_h
    return max(1, min(max(need, min(SIDE_MIN, space // 2)), space - LOG_MIN))


def zone_note(st, square) -> str:
    """Whose VP zone ``square`` is, in words ("" when it is none's or start areas are not chosen yet)."""
    if not st.areas:
        return ""
    for p in range(st.players):
        if square in st.vp_zone(p):
            when = ("when only its creatures stand in it" if st.rules.uncontested  # SCN-UNCONTESTED
                    else "for holding it")
            return (f"◆ {player_name(p)}'s VP zone: {player_name(p)} scores {st.rules.held_zone_vp} VP "
                    f"{when} at the end of each round (it lies toward the other side).")
    return ""


def sealed_lines(st) -> list[LogLine]:
    """Log lines naming each Sealed warband (SCN-SEALED): built from two packs drawn with the seed."""
    if not st.rules.sealed:
        return []
    out = [LogLine("Sealed: each warband was built from two random packs of creatures drawn with this "
                   "battle's seed (any faction or alignment, Unique waived); Assault victory.", "info")]
    for p, wb in enumerate(st.warbands):
        names = ", ".join(c.name for c in wb.cards)
        out.append(LogLine(f"{player_name(p)}'s warband ({wb.cost} points): {names}", "setup", p))
    return out


class BattleScreen(AiTurns, SaveKeys, Screen[str]):
    """Play one battle; dismissed with "new" or "quit" from the winner screen.

    Against the AI (``session.opponent``) the AI's decisions are made in a
    worker and played at a readable pace (``battle_ai.AiTurns``).

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
    BattleScreen #legend { height: auto; color: $text-muted; padding: 0 1; margin-top: 1; }
    BattleScreen BattleLog { height: 1fr; min-height: 4; }
    /* toasts at the top right, over the stat card, under the header: never over
       the newest log lines at the bottom nor the status line (a refusal, a warning, a roll) */
    BattleScreen > ToastRack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; }
    /* as wide as the side panel: over the stat card, not the map where the cursor is */
    BattleScreen Toast { width: 28; max-width: 28; }
    BattleScreen.-wide Toast { width: 40; max-width: 40; }
    """

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-normal"), (160, "-wide")]

    BINDINGS = [
        Binding("enter", "select", "Select"),
        Binding("tab", "next(1)", "Next"),
        Binding("shift+tab", "next(-1)", "Previous", show=False),
        Binding("m", "move", "Move"),
        Binding("s", "shift", "Shift"),
        Binding("a", "attack", "Attack"),
        Binding("c", "charge", "Charge"),
        # a or c that can do nothing now says why in the status line (``Controller.refusal``)
        Binding("a", "says_why('attack')", "Attack", show=False),
        Binding("c", "says_why('charge')", "Charge", show=False),
        # m, s, w or e while a creature is to be picked says to activate one first
        Binding("m", "says_why('move')", "Move", show=False),
        Binding("s", "says_why('shift')", "Shift", show=False),
        Binding("w", "says_why('power')", "Power", show=False),
        Binding("e", "says_why('end')", "End activation", show=False),
        Binding("e", "end", "End activation"),
        Binding("w", "power", "Power"),
        Binding("space", "pick", "Add target"),
        Binding("p", "auto_place", "Auto-place"),
        Binding("escape", "cancel", "Cancel"),
        Binding("z", "undo", "Undo"),  # u is the map's up-right key (y u b n)
        Binding("z", "undo_refused", "Undo", show=False),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("ctrl+z", "undo_refused", "Undo", show=False),
        Binding("ctrl+r", "reload_map", "Reload map"),
        *[Binding(str(n), f"choose_attack({n})", f"Attack {n}", show=False) for n in range(1, 10)],
        Binding("f", "ai_fast", "Fast AI"),
        Binding("i", "ai_intent", "AI intent"),
        Binding("o", "champion_prompts", "Ask champion powers again", show=False),
        Binding("right_square_bracket", "card_scroll(1)", "More card", key_display="]"),
        Binding("left_square_bracket", "card_scroll(-1)", "Card back", show=False),
        # The log is read back with Page Up / Page Down, Home / End (before the map view's own scrolling).
        Binding("pageup", "log_scroll(-1)", "Read log", key_display="PgUp", priority=True),
        Binding("pagedown", "log_scroll(1)", "Log on", show=False, priority=True),
        Binding("home", "log_edge(-1)", "Oldest log line", show=False, priority=True),
        Binding("end", "log_edge(1)", "Newest log line", show=False, priority=True),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.ctrl = Controller(session)
        self._asking = False
        self._keys_shown: tuple = ()
        self._body_rows = 0
        #: A move that provokes opportunity attacks, waiting for its key again: (key, move action).
        self._confirm: tuple[str, Action] | None = None
        #: Champion-power triggers each player asked not to be prompted about (declined by themselves).
        self.muted_triggers: dict[int, set[str]] = {}
        #: A question waits for the screen over the battle (the help) to close before it is asked.
        self._ask_on_resume = False
        #: Roll lines the next docked question says in its text instead of a toast over it.
        self._banners: list[str] = []
        #: The timer that takes the status line's acknowledgement away (``acknowledge``).
        self._note_timer = None
        self.ai_init()

    _KEY_ACTIONS = ("select", "next", "move", "shift", "attack", "charge", "end", "pick", "auto_place",
                    "cancel", "choose_attack", "undo", "power", "card_scroll", "log_scroll")

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield BattleHeader()
        with Horizontal(id="body"):
            yield MapView(self.session.state)
            with Vertical(id="side"):
                with VerticalScroll(id="card-scroll"):
                    yield StatCard()
                    yield Static(legend(self.session.state.maps, self.session.state.players), id="legend")
        yield StatusLine()
        yield BattleLog()
        yield BattleFooter()

    def on_resize(self, event) -> None:
        self._fit_layout()
        self._card_resized()

    def _fit_layout(self) -> None:
        """Give the map row the rows ``body_rows`` says; the log takes what is left."""
        width, height = self.app.size
        st = self.session.state
        maps = (st.map,) if st.map is not None else st.maps
        size = max(((m.width, m.height) for m in maps), key=lambda s: s[1], default=(0, 0))
        side = 40 if width >= 160 else 28  # the side panel's width at the breakpoints below
        status = 3 if width < NARROW else 2
        rows = body_rows(width, height, size, side, status)
        if rows != self._body_rows:
            self._body_rows = rows
            self.query_one("#body").styles.height = rows
            for rack in self.query("ToastRack"):  # a toast never reaches below the map row (the status line)
                rack.styles.max_height = rows

    @property
    def map_view(self) -> MapView:
        """The map widget."""
        return self.query_one(MapView)

    def on_mount(self) -> None:
        log = self.query_one(BattleLog)
        s = self.session
        if s.resumed:
            log.add([LogLine(f"Resumed battle {s.save_id or ''}, seed {s.seed}: the log so far", "info")])
        else:
            log.add([LogLine(f"New battle, seed {s.seed} (tactica play --seed {s.seed} replays these dice)"
                             + (f"; autosaved as {s.save_id}" if s.save_id else ""), "info")])
        log.add(self.ai_intro())
        log.add(sealed_lines(s.state))
        lines = (s.history_log if s.history_log is not None  # resumed: CHP-2 lines and the AI's intent too
                 else describe_events(s.events, s.state, quick=s.quick_setup))
        log.add(lines)
        self.query_one(BattleHeader).seed = self.session.seed
        self.query_one(BattleHeader).mode = self.ai_mode_text
        self.query_one(BattleHeader).ai_label = self.ai.opponent.label if self.ai is not None else ""
        self.map_view.focus()
        self.watch(self.map_view, "cursor", self._cursor_changed, init=False)  # synchronous: see _cursor_changed
        scroll = self.query_one("#card-scroll", VerticalScroll)
        self.watch(scroll, "virtual_size", self._card_resized, init=False)
        self.watch(log, "virtual_size", self._card_resized, init=False)  # the log overflows: PgUp shows
        self._state_changed()
        if s.resumed:
            # the map is laid out after this: then its view goes to the cursor's creature (the active
            # one, or the one to pick), not the map's top-left corner
            self.call_after_refresh(self._cursor_into_view)
            where = f"Round {s.state.round}, VP {'–'.join(map(str, s.state.vp))}: carry on where you left off."
            if self._toasts_fit():
                self.notify(where, title="Battle resumed", timeout=5)
            else:  # a small log: said as its newest line, not in a toast over it
                log.add([LogLine(f"Battle resumed. {where}", "banner", prominent=True)])
            return
        if self._docked_question_next():  # the setup roll and initiative said in the question, no toast over it
            self._banners = [line.text for line in lines if line.prominent and line.kind == "banner"]
            return
        for line in lines:
            if line.prominent and "Setup roll" in line.text and self._toasts_fit():
                self.notify(line.text, title="Setup roll", timeout=5)

    # -- keys ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only when the engine's legal actions make it useful now."""
        if action in ("help", "quit", "champion_prompts"):
            return True
        if action == "card_scroll":  # the card is longer than its panel (also while the AI plays)
            return self._card_overflows()
        if action in ("log_scroll", "log_edge"):  # the log is longer than its pane (also while the AI plays)
            return self.query_one(BattleLog).max_scroll_y > 0
        if action in AI_ACTIONS:
            return self.ai_key_allowed(action)
        if self.ai_decides():
            return False  # the AI is playing: no action keys, no undo
        if action in UNDO_ACTIONS:
            return self.save_key_allowed(action)
        if self._asking:
            return False
        if action == "says_why":
            return self.ctrl.says_why(str(parameters[0])) if parameters else False
        if action == "auto_place":
            return self.ctrl.mode is Mode.DEPLOY
        return self.ctrl.allowed(action)

    def action_champion_prompts(self) -> None:
        """o: ask about every champion-power trigger again (undo every "No, and stop asking")."""
        if any(self.muted_triggers.values()):
            self.muted_triggers.clear()
            self.notify("Champion powers will be offered again on every trigger.", title="Champion prompts")
        else:
            self.notify("No champion prompt is muted. In a prompt, x declines and stops asking about "
                        "that trigger.", title="Champion prompts")

    def on_key(self, event) -> None:
        """Any key but the one that asked for it cancels a pending confirmation (a provoking move, a
        move, charge or end of activation over a pit, an end of an idle activation); the screen sees
        each key before its binding runs."""
        if self._confirm is not None and event.key != self._confirm[0]:
            action = self._confirm[1]
            self._confirm = None
            self._drop_confirm_toast()
            self._refresh_view()
            if self.ctrl.mode is Mode.ACT or self.ctrl.mode is Mode.CHARGE_END:
                # not the square's "Provokes…" hint again: say it was called off
                self.query_one(StatusLine).message = self._cancelled_text(action)

    def _cancelled_text(self, action: Action) -> str:
        """What the status line says when a key other than the confirming one called ``action`` off."""
        if isinstance(action, EndActivation):
            return "The activation goes on: choose what it does (e ends it, and asks again)."
        if isinstance(action, Charge):
            return "Charge cancelled. Move the cursor to another end square, or Esc."
        if self.session.provokers(tuple(action.path)):
            return ("Move cancelled: nobody gets an opportunity attack. Move the cursor to choose again "
                    "(a provoking move always asks twice).")
        return "Move cancelled. Move the cursor to choose again."

    def _drop_confirm_toast(self) -> None:
        """Take the confirmation's warning toast off the screen (its action was cancelled or confirmed)."""
        notes, unnotify = getattr(self.app, "_notifications", None), getattr(self.app, "_unnotify", None)
        if notes is None or unnotify is None:  # Textual's private API moved: drop every toast instead
            self.app.clear_notifications()
            return
        for note in list(notes):
            if note.title in CONFIRM_TITLES:
                unnotify(note)

    def action_select(self) -> None:
        """Enter: activate, move, pick a target or confirm."""
        self._confirmed("enter", self.ctrl.select(self.map_view.square))

    def _confirmed(self, key: str, result: Action | str | None) -> None:
        """Apply ``result`` of ``key``, except an action that asks first (``_asks_first``): its first
        press only warns; the same key again applies it (a human's actions only)."""
        if isinstance(result, Action) and self._confirm != (key, result):
            title = self._asks_first(result)
            if title:
                self._confirm = (key, result)
                self._refresh_view()
                if self._toasts_fit():  # else the status line alone says it: the log stays in view
                    self.notify(self.confirm_text(), title=title, severity="warning", timeout=4)
                return
        if self._confirm is not None:  # answered: its warning is no longer news
            self._drop_confirm_toast()
        self._confirm = None
        self._result(result)

    def _asks_first(self, action: Action) -> str:
        """The title of the warning ``action`` needs before it is made, "" when none: a move that
        provokes opportunity attacks (OA-1); a move, charge or end of activation after which a pit
        destroys the active creature (TER-PIT, the engine's answer ``GameSession.pit_ending``); an end
        of an activation that used neither its move nor its attack action (ACT-1)."""
        s = self.session
        if isinstance(action, (Move, Squeeze)) and s.provokers(tuple(action.path)):
            return "Opportunity attack"
        if isinstance(action, (Move, Squeeze, Charge, EndActivation)) and s.pit_ending(action):
            return "Pit"
        if isinstance(action, EndActivation) and not (s.state.move_used or s.state.attack_used):
            return "End activation?"
        return ""

    def confirm_text(self, room: int | None = None) -> str:
        """The warning shown while an action waits for its key again ("" when none does); longer
        than ``room`` characters, it names creatures by label alone ("OG1")."""
        text = self._confirm_text(False)
        if room is not None and len(text) > room:
            text = self._confirm_text(True)
        return text

    def _card_names(self) -> tuple[str, ...]:
        """The card names of the battle's creatures (``fit_status`` cuts the long ones short)."""
        return tuple({c.card.name for c in self.session.state.creatures})

    def _confirm_text(self, short: bool) -> str:
        """``confirm_text``, creatures by label when ``short``."""
        if self._confirm is None:
            return ""
        key, action = self._confirm
        st, s = self.session.state, self.session
        press = "Enter" if key == "enter" else key
        me = st.active_creature
        name = me.label if short or me is None else creature_name(st, me.uid)
        pit = s.pit_ending(action)
        if isinstance(action, EndActivation):
            if pit:
                return (f"{name} ends its turn over a pit: it is destroyed (TER-PIT)! Press e again to end "
                        f"anyway; any other key cancels.")
            return (f"{name} has used neither its move nor its attack action. Press e again to end its "
                    f"activation anyway; any other key cancels.")
        if isinstance(action, Charge):
            return (f"This charge ends {name}'s activation over a pit: it is destroyed (TER-PIT)! Press "
                    f"{press} again to charge anyway; any other key cancels.")
        names = [st.creature(u).label if short else creature_name(st, u)
                 for u in s.provokers(tuple(action.path))]
        if not names:
            return (f"This move ends {name}'s activation over a pit: it is destroyed (TER-PIT)! Press "
                    f"{press} again to move anyway; any other key cancels.")
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        attacks = "an opportunity attack" if len(names) == 1 else "opportunity attacks"
        also = " and ends its activation over a pit: it is destroyed (TER-PIT)" if pit else ""
        return (f"This move gives {who} {attacks}{also}! Press {press} again to move anyway; any other key "
                f"cancels (s shifts one square without provoking).")

    def action_next(self, step: int = 1) -> None:
        """Tab: put the cursor on the next thing that can be chosen."""
        square = self.ctrl.next_square(self.map_view.square, step)
        if square is not None:
            self.map_view.move_cursor(square)

    def action_move(self) -> None:
        """m: move the active creature to the cursor square (a provoking move asks for m again)."""
        self._confirmed("m", self.ctrl.move(self.map_view.square))

    def action_shift(self) -> None:
        """s: shift to the cursor square."""
        self._result(self.ctrl.shift(self.map_view.square))

    def action_attack(self) -> None:
        """a: choose an attack target."""
        self._result(self.ctrl.begin_attack(self.map_view.square))
        if self.ctrl.mode in (Mode.ATTACK, Mode.AREA):
            self._cursor_to_target()

    def action_charge(self) -> None:
        """c: choose a charge target."""
        self._result(self.ctrl.begin_charge())
        if self.ctrl.mode is Mode.CHARGE:
            self._cursor_to_target()

    def action_choose_attack(self, number: int) -> None:
        """1–9 in attack mode: switch to that attack; while acting: start it (or say why it cannot be)."""
        result = self.ctrl.choose_attack(number)
        self._result(result)
        if result is None and self.ctrl.mode in (Mode.ATTACK, Mode.AREA):  # a refusal stays in view
            self._cursor_to_target()

    def action_says_why(self, name: str) -> None:
        """a or c that can do nothing now, or m, s, w, e before a creature is activated: say why in the
        status line, and in a toast when one fits (``Controller.refusal``, said short when it would
        not fit the status line)."""
        self._drop_note()
        self._refuse(self.ctrl.refusal(name, self._status_room()))

    def action_pick(self) -> None:
        """Space in attack mode: add or remove a target."""
        self._result(self.ctrl.toggle_pick(self.map_view.square))

    def action_end(self) -> None:
        """e: end the active creature's activation."""
        self._confirmed("e", EndActivation())

    def action_power(self) -> None:
        """w: use a special power of the active creature (SPW-1); several uses are offered in a list."""
        options = self.session.of_type(UsePower)
        if len(options) == 1:
            self._apply(options[0])
        elif options:
            st = self.session.state
            me = st.active_creature
            labels = [f"{me.card.special_powers[a.power]} — on {creature_name(st, a.target)}" for a in options]
            self._ask(ChoiceModal(f"{creature_name(st, me.uid)}: use a special power", "", labels, docked=True),
                      lambda i: options[i])

    def action_cancel(self) -> None:
        """Esc: leave attack, charge or area targeting, the cursor back on the active creature (so
        relative cursor moves start from it again); in forced movement, leave the creature where it is."""
        aiming = self.ctrl.mode in (Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END)
        result = self.ctrl.cancel()
        if isinstance(result, Action):
            self._apply(result)
            return
        me = self.session.state.active_creature
        if aiming and me is not None and me.pos is not None:
            self.map_view.move_cursor(me.pos)
        self._refresh_view()

    def action_auto_place(self) -> None:
        """p while deploying: place the deciding player's remaining creatures automatically."""
        from tactica.ai.setup import choose_deploy_square
        player = self.session.state.decider
        events: list = []
        while self.session.phase is Phase.DEPLOY and self.session.state.decider == player:
            options = list(self.session.placements().values())
            if not options:
                break
            outcome = self.session.apply(choose_deploy_square(self.session.state, options))
            if not outcome.ok:
                self._refuse(outcome.reason)
                break
            events.extend(outcome.events)
        self._show_events(events)

    def _card_overflows(self) -> bool:
        """True when the stat card (with the legend under it) is taller than the side panel."""
        return self.query_one("#card-scroll", VerticalScroll).max_scroll_y > 0

    def action_card_scroll(self, step: int) -> None:
        """] / [: scroll the stat card a page down or up; past the end, ] goes back to the top of the card."""
        box = self.query_one("#card-scroll", VerticalScroll)
        page = max(1, box.scrollable_content_region.height - 1)
        # immediate: the next key press (sent fast) must page on from this one's position
        if step > 0 and box.scroll_y >= box.max_scroll_y:
            box.scroll_home(animate=False, immediate=True)
        else:
            box.scroll_to(y=box.scroll_y + step * page, animate=False, immediate=True)

    def action_log_scroll(self, step: int) -> None:
        """Page Up / Page Down: read the battle log a page back or on.  While the player reads back,
        new lines do not move it (its border counts them); at the bottom it follows them again.
        Where the log is a few rows (80×24: a page would be three lines), Page Up opens the whole
        log on the whole screen instead (``LogReader``; Esc comes back to the battle)."""
        if step < 0 and self._read_log_full(1):
            return
        self.query_one(BattleLog).page(step)

    def action_log_edge(self, step: int) -> None:
        """Home / End: the log's oldest line, or its newest (where it follows new lines again).
        Where the log is a few rows, Home opens the whole log at its oldest line (``LogReader``)."""
        if step < 0 and self._read_log_full(-1):
            return
        self.query_one(BattleLog).to_edge(step)

    def _read_log_full(self, start: int) -> bool:
        """Open the whole log on the whole screen when the log pane is too small to read back in
        (fewer than ``ROLL_TOAST_LOG`` rows); ``start`` as ``LogReader``'s.  True when opened."""
        if self._toasts_fit():
            return False
        from .log_reader import LogReader
        self.app.push_screen(LogReader(self.query_one(BattleLog).entries, start, back="the battle"))
        return True

    def _card_resized(self, _=None) -> None:
        """The card's length or its panel changed: show or hide the ] key."""
        self.call_after_refresh(self._sync_keys)

    def action_help(self) -> None:
        """?: keys and rules."""
        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        """q: leave tactica."""
        self.app.exit()

    def _cursor_changed(self) -> None:
        """The map's cursor moved (a key, Tab, the mouse, the screen itself): the stat card, the
        overlay and the status line follow at once, in the same handler as the move.  Waiting for the
        map's ``CursorMoved`` message instead left a key queued behind the move (Enter after a quick
        Tab) acting on the new square while the card still showed the old one."""
        self._confirm = None  # a move waiting for confirmation was to the old square
        self._refresh_view()

    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        if not self._asking and not self.ai_decides():
            self.action_select()

    # -- applying ---------------------------------------------------------------
    def _result(self, result: Action | str | None) -> None:
        if isinstance(result, Action):
            self._apply(result)
        elif isinstance(result, str):
            self._refuse(result)
        else:
            if self.ctrl.mode is Mode.CHARGE_END and self.map_view.square not in self.ctrl.cycle_squares():
                self.action_next(1)
            self._refresh_view()

    def _refuse(self, reason: str) -> None:
        self._drop_note()  # one message at a time: the refusal is the news now
        status = self.query_one(StatusLine)
        status.message = fit_status(reason, self._status_room(), self._card_names())
        status.refused, status.warning = True, False
        self.app.clear_notifications()  # one refusal at a time, never a pile of them
        if self._toasts_fit():  # else the status line alone says it: the log stays in view
            self.notify(reason, title="Not allowed", severity="warning", timeout=4)

    def _apply(self, action: Action) -> bool:
        by_ai = self.ai_decides()
        outcome = self.session.apply(action)
        if not outcome.ok:
            self._refuse(outcome.reason)
            return False
        self._show_events(outcome.events, follow=not by_ai)
        if not by_ai and self.ai is not None:
            self.ai_last = None  # the AI's intent from before the player's move is stale news
        if by_ai:  # the AI acted: bring it into view, however the human has scrolled
            self._follow(outcome.events)
        if ((by_ai or isinstance(action, ChooseFirstPlayer)) and not self.ai_decides()
                and self.ctrl.mode is Mode.PICK):
            self._cursor_into_view()  # the player's turn starts: the creature on the card is on screen
        self.check_autosave()
        return True

    def _cursor_into_view(self) -> None:
        """Scroll the map as little as needed to show the cursor's creature (every square of it) or its
        square, with the margin the map keeps round the cursor (``MapView.keep_in_view``)."""
        mv = self.map_view
        here = self.session.state.creature_at(mv.square) if self.session.state.map is not None else None
        mv.keep_in_view(list(here.squares) if here is not None and here.squares else [mv.square])

    def _follow(self, events) -> None:
        """Scroll the map (never the cursor) to the creature that acted in ``events``, then the
        squares its action touched; on the human's turn the cursor stays in view too."""
        st = self.session.state
        groups: list[list] = []

        def creature(uid: str | None) -> None:
            found = st.find(uid) if uid else None
            if found is not None and found.squares:
                groups.append(list(found.squares))

        for event in events:
            path = getattr(event, "path", None)
            if path:  # a move or forced move: where it ended (the creature's squares there)
                creature(event.uid)
            elif hasattr(event, "squares") and getattr(event, "attacker", None):  # a close or area attack
                creature(event.attacker)
                groups.append(list(event.squares))
            elif hasattr(event, "target") and hasattr(event, "attacker"):
                creature(event.attacker)
                creature(event.target)
            elif type(event).__name__ in ("CreatureActivated", "CreaturePlaced"):
                creature(event.uid)
        if not groups:  # nothing on the map (an end of activation, a roll): the view stays
            return
        if not self.ai_decides():  # the human chooses next: the cursor too, when it fits
            groups.insert(1, [self.map_view.square])
        self.map_view.show_squares(groups)

    def _show_events(self, events, follow: bool = True) -> None:
        """Log ``events`` (rolls also as a notification) and redraw for the new state; ``follow`` (the
        player's own action) brings the log to its newest lines even while the player reads back."""
        lines = action_lines(self.session.state, events)  # with CHP-2's why no champion prompt came
        self.query_one(BattleLog).add(lines, follow=follow)
        over = self.session.phase is Phase.OVER
        folded = self._docked_question_next()
        for line in lines:
            if line.prominent and not over:  # the winner screen says how it ended: no toast over it
                if folded and line.kind == "banner":  # the question says it: no toast over its right half
                    self._banners.append(line.text)
                elif line.kind == "banner" and not self._toasts_fit():
                    continue  # a small log: the roll is read there, not under a toast for five seconds
                else:
                    self.notify(line.text, title="Roll" if line.kind == "banner" else "Battle over", timeout=5)
        self.ctrl.sync()
        self._state_changed()

    def _toasts_fit(self) -> bool:
        """True when a toast (a roll, a refusal, an opportunity-attack warning) may pop up: toasts
        stand at the top right over the stat card (the screen's CSS), so the map row must have
        ``TOAST_BODY`` rows (a toast never reaches the status line or the log); and on a small
        terminal, where the log has fewer than ``ROLL_TOAST_LOG`` rows (its rows are the terminal's
        less the header, footer, status line and map row), the roll is said in the log and a
        refusal or warning in the status line only, as before."""
        width, height = self.app.size
        status = 3 if width < NARROW else 2
        return (height - 2 - status - self._body_rows >= ROLL_TOAST_LOG
                and self._body_rows >= TOAST_BODY)

    def acknowledge(self, text: str) -> None:
        """Say that a key changed a setting (f: the AI's pace, i: its intent): in a toast for three
        seconds on a wide terminal where one fits over the log (``_toasts_fit``), else at the head of
        the status line for ``NOTE_SECONDS`` seconds, so no log line is hidden: below ``NARROW``
        columns (80×24) a toast covers the end of the log's lines however many rows the log has."""
        if self.app.size.width >= NARROW and self._toasts_fit():
            self.notify(text, timeout=3)
            return
        if self._note_timer is not None:
            self._note_timer.stop()
        self.query_one(StatusLine).note = text
        self._note_timer = self.set_timer(NOTE_SECONDS, self._note_expired)
        self._refresh_view()  # the hint is said again in the room the note leaves

    def _note_expired(self) -> None:
        """The acknowledgement's time is up: the status line says its hint alone again."""
        self._drop_note()
        self._refresh_view()

    def _drop_note(self) -> None:
        """Take the acknowledgement off the status line (its timer too)."""
        if self._note_timer is not None:
            self._note_timer.stop()
            self._note_timer = None
        self.query_one(StatusLine).note = ""

    def _status_room(self) -> int:
        """Characters the status line shows: its rows (3 below ``NARROW`` columns, else 2) of the
        terminal's width less its padding, less a word's slack a row for the wrapping, less what
        an acknowledgement before the message takes (``acknowledge``)."""
        width = self.app.size.width
        rows = 3 if width < NARROW else 2
        note = self.query_one(StatusLine).note
        return rows * (width - 2 - 12) - (len(note) + 3 if note else 0)

    def _state_changed(self) -> None:
        st = self.session.state
        self._fit_layout()  # the map is known once it is chosen
        self.map_view.state = st
        self._show_zone_owners()
        self.query_one(BattleHeader).state = st
        self._place_cursor()
        self._refresh_view()
        self.call_after_refresh(self._next_decision)

    def _show_zone_owners(self) -> None:
        """Name in the legend who scores in each VP zone, once the map is chosen (again once the
        start areas are: "◆A" becomes "◆P1")."""
        st, mv = self.session.state, self.map_view
        zones = () if st.map is None else tuple(
            (p, mv.zone_owner(p)) for p in range(max(st.players, len(st.map.start_areas))) if mv._zone(p))
        if zones != getattr(self, "_zones_shown", ()):
            self._zones_shown = zones
            self.query_one("#legend", Static).update(legend(st.maps, st.players, zones))

    def _place_cursor(self) -> None:
        st, mv = self.session.state, self.map_view
        me = st.active_creature
        if self.ctrl.mode is Mode.ACT and me is not None:
            if st.creature_at(mv.square) is None or mv.square == me.pos:
                mv.move_cursor(me.pos)
        elif self.ai_decides():
            return  # leave the cursor where the player is looking
        elif self.ctrl.mode is Mode.PICK:
            here = st.creature_at(mv.square)
            if here is None or here.uid not in self.session.activatable():
                self.action_next(1)
        elif self.ctrl.mode is Mode.DEPLOY:
            squares = sorted(self.session.placements(), key=lambda q: (q[1], q[0]))
            if squares and mv.square not in squares:
                mv.move_cursor(squares[0])
        elif self.ctrl.mode is Mode.FORCE:  # MOV-14: start on a square the creature may go to
            squares = self.ctrl.cycle_squares()
            if squares and mv.square not in squares:
                mv.move_cursor(squares[0])

    def _cursor_to_target(self) -> None:
        st, mv = self.session.state, self.map_view
        here = st.creature_at(mv.square)
        me = st.active_creature
        if self.ctrl.mode is Mode.AREA:  # aim at an enemy unless the aim already strikes one
            struck = self.ctrl.overlay(mv.square).targets
            if me is None or not any(st.creature(u).player != me.player for u in struck):
                self.action_next(1)
        elif here is None or here.uid not in self.ctrl.overlay(mv.square).targets:
            self.action_next(1)
        self._refresh_view()

    def _refresh_view(self) -> None:
        st, mv = self.session.state, self.map_view
        mv.overlay = self.ctrl.overlay(mv.square)
        status = self.query_one(StatusLine)
        room = self._status_room()
        warning = bool(self._confirm) and not self.ai_decides()
        if warning:
            message = self.confirm_text(room)
        elif self.ai_decides():
            message = self.ai_status(room)
        else:
            message = self.ctrl.hint(mv.square, room)
        status.message = fit_status(message, room, self._card_names())  # never past its rows
        status.refused, status.warning = False, warning
        card = self.query_one(StatCard)
        shown = st.creature_at(mv.square) or st.active_creature
        card.state = st
        card.active_uid = st.active_uid
        card.actions_used = (st.move_used, st.attack_used)
        card.square_note = zone_note(st, mv.square)
        if card.creature is not shown and (card.creature is None or shown is None
                                           or card.creature.uid != shown.uid):
            self.query_one("#card-scroll", VerticalScroll).scroll_home(animate=False)  # a new card: its top
        card.creature = shown
        self._sync_keys()

    def _sync_keys(self) -> None:
        """Refresh the footer when the set of usable keys changed."""
        keys = tuple(self.check_action(name, ()) for name in self._KEY_ACTIONS)
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    # -- decisions outside the map ---------------------------------------------------
    def _next_decision(self) -> None:
        if self._asking or not self.is_attached:
            return
        if self.ai_decides():
            self.ai_start()
            return
        if not self.is_active:  # the help opened before the question: ask once it is closed
            self._ask_on_resume = True
            return
        st = self.session.state
        last = next((e for e in reversed(describe_events(self.session.events[-8:], st))
                     if e.kind == "banner"), None)
        rolls = "".join(line + "\n" for line in self._banners or ([last.text] if last else []))
        self._banners = []
        if st.phase is Phase.CHOOSE_FIRST:
            me = st.decider
            order = [me] + [p for p in range(st.players) if p != me]  # the winner first, then by seat
            self._ask(ChoiceModal(f"Round {st.round}: {player_name(me)} won the initiative",
                                  rolls + f"{player_name(me)}, who goes first this round?",
                                  [f"{player_name(p)} goes first" for p in order],
                                  docked=True, browse=True),  # the cards can be looked at meanwhile
                      lambda i: ChooseFirstPlayer(order[i]))
        elif st.phase is Phase.CHOOSE_MAP:
            options = [f"{m.name} ({m.width}×{m.height}), brought by {player_name(i)}"
                       for i, m in enumerate(st.maps)]
            self._ask(ChoiceModal(f"{player_name(st.decider)} won the setup roll",
                                  (last.text if last else "") + "\n\nChoose the battle map.", options),
                      lambda i: ChooseMap(i))
        elif st.phase is Phase.CHOOSE_AREA:
            areas = [a.area for a in self.session.legal()]
            if st.free_for_all:  # SCN-MULTI: corners in initiative order
                text = (f"Free-for-all: each player takes a corner in turn; {player_name(st.setup_winner)} "
                        "chose first and deploys first.")
            else:
                text = (f"{player_name(st.setup_winner)} deploys first, in the other area. "
                        "Area A is tinted blue on the map, B red.")
            self._ask(ChoiceModal(f"{player_name(st.decider)}: choose your start area", rolls + text,
                                  [f"Start area {a}" for a in areas], docked=True),
                      lambda i: ChooseStartArea(areas[i]))
        elif st.phase is Phase.CHAMPION:  # CHP-2: the owner says yes or no
            options = prompt_options(st, self.session.legal())
            triggers = window_triggers(st, st.decider)
            muted = self.muted_triggers.setdefault(st.decider, set())
            if triggers and muted.issuperset(triggers):  # the player asked not to be asked about these
                self._apply(DeclinePower())
                return

            def answer(i: int) -> Action:
                if i >= len(options):  # "No, and stop asking"
                    muted.update(triggers)
                    self.notify(f"{player_name(st.decider)} will not be asked about champion powers when: "
                                f"{', '.join(triggers)}. Press o to be asked again.", title="Champion prompts",
                                timeout=6)
                    return DeclinePower()
                return options[i]
            self._ask(PowerPrompt(st, options, mutable=True), answer)
        elif st.phase is Phase.OVER:
            self._asking = True
            self.refresh_bindings()
            self.app.clear_notifications()  # no earlier roll toast drawn over the game-over box
            self.app.push_screen(WinnerScreen(self.session, self.query_one(BattleLog).entries), self._finished)

    def _docked_question_next(self) -> bool:
        """True when the next decision is a player's docked question (who goes first, start area):
        the rolls just made are then said in it (``_banners``), since a toast would cover half of it."""
        return (self.session.state.phase in (Phase.CHOOSE_FIRST, Phase.CHOOSE_AREA)
                and not self.ai_decides())

    def on_screen_resume(self) -> None:
        """Back on top (the help closed): ask the question that waited for it."""
        if self._ask_on_resume:
            self._ask_on_resume = False
            self.call_after_refresh(self._next_decision)

    def _ask(self, modal: ChoiceModal, to_action) -> None:
        self._asking = True
        self.refresh_bindings()

        def answered(index: int | None) -> None:
            self._asking = False
            if index is not None:
                self._apply(to_action(index))
            else:
                self._refresh_view()

        self.app.push_screen(modal, answered)

    def _finished(self, choice: str | None) -> None:
        self.dismiss(choice or "quit")
