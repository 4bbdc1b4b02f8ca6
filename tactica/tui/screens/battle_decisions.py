"""The battle screen's decisions outside the map: who goes first, the map, the start area, champion powers.

``Decisions`` is owned by ``BattleScreen``.  After every change the screen
asks it for the next decision: the AI's turn (``AiTurn.start``), or a
question in a ``ChoiceModal`` (docked at the bottom when the map must stay
in view), a champion-power prompt (CHP-2) or, once the battle is over, the
winner screen.  An answer becomes the engine's action, which the screen
applies.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import App
from textual.notifications import SeverityLevel

from tactica.ai.setup import choose_deploy_square
from tactica.client.describe import creature_name, describe_events, player_name
from tactica.client.session import GameSession
from tactica.engine import (
    Action,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    DeclinePower,
    Event,
    Phase,
    UsePower,
)

from ..widgets.battle_log import BattleLog
from .battle_ai import AiTurn

if TYPE_CHECKING:  # the questions' screens are imported when first asked, after the battle's first frame
    from .choice import ChoiceModal


class DecisionHost(Protocol):
    """What ``Decisions`` asks of the battle screen."""

    session: GameSession
    ai_turn: AiTurn

    @property
    def app(self) -> App[Any]: ...
    @property
    def is_attached(self) -> bool: ...
    @property
    def is_active(self) -> bool: ...
    @property
    def battle_log(self) -> BattleLog: ...

    def notify(self, message: str, *, title: str = ..., severity: SeverityLevel = ...,
               timeout: float | None = ...) -> None: ...
    def refresh_bindings(self) -> None: ...
    def refresh_view(self) -> None: ...
    def winner_note(self) -> str: ...
    def question_note(self) -> str: ...
    def champion_note(self) -> str: ...
    def question_key_note(self) -> Callable[[str, bool], str | None] | None: ...
    def question_leave(self) -> Callable[[], str] | None: ...
    def say_muted(self, player: str, triggers: Sequence[str]) -> None: ...
    def leave_battle(self) -> None: ...
    def apply_action(self, action: Action) -> bool: ...
    def dismiss(self, result: str | None = ...) -> Any: ...
    def refuse(self, reason: str, rules: bool = True) -> None: ...
    def acknowledge(self, text: str) -> None: ...
    def show_events(self, events: Sequence[Event], follow: bool = True) -> None: ...


class Decisions:
    """The questions of one battle that are not asked on the map, and who answers them.

    Args:
        screen: the battle screen that owns it (``DecisionHost``).
    """

    def __init__(self, screen: DecisionHost) -> None:
        self.screen = screen
        #: A question (or the winner screen) is up: the battle's keys wait.
        self.asking = False
        #: A question waits for the screen over the battle (the help) to close before it is asked.
        self.ask_on_resume = False
        #: Roll lines the next docked question says in its text instead of a toast over it.
        self.banners: list[str] = []
        #: Champion-power triggers each player asked not to be prompted about (declined by themselves).
        self.muted_triggers: dict[int, set[str]] = {}

    def next(self) -> None:
        """Ask the next decision, if one is due and none is up: the AI's (on its worker), or the
        player's in a question; once the battle is over, show the winner screen."""
        screen = self.screen
        if self.asking or not screen.is_attached:
            return
        if screen.ai_turn.decides():
            screen.ai_turn.start()
            return
        from .choice import ChoiceModal
        from .winner import WinnerScreen
        if not screen.is_active:  # the help opened before the question: ask once it is closed
            self.ask_on_resume = True
            return
        st = screen.session.state
        last = next((e for e in reversed(describe_events(screen.session.events[-8:], st))
                     if e.kind == "banner"), None)
        rolls = "".join(line + "\n" for line in self.banners or ([last.text] if last else []))
        self.banners = []
        if st.phase is Phase.CHOOSE_FIRST:
            me = st.decider
            order = [me] + [p for p in range(st.players) if p != me]  # the winner first, then by seat
            self.ask(ChoiceModal(f"Round {st.round}: {player_name(me)} won the initiative",
                                 rolls + f"{player_name(me)}, who goes first this round?",
                                 [f"{player_name(p)} goes first" for p in order],
                                 docked=True, browse=True,  # the cards can be looked at meanwhile
                                 note=screen.question_note(), rules=("RND-1",),
                                 key_note=screen.question_key_note()),
                     lambda i: ChooseFirstPlayer(order[i]))
        elif st.phase is Phase.CHOOSE_MAP:
            options = [f"{m.name} ({m.width}×{m.height}), brought by {player_name(i)}"
                       for i, m in enumerate(st.maps)]
            self.ask(ChoiceModal(f"{player_name(st.decider)} won the setup roll",
                                 (last.text if last else "") + "\n\nChoose the battle map.", options,
                                 rules=("SET-2",)),
                     lambda i: ChooseMap(i))
        elif st.phase is Phase.CHOOSE_AREA:
            areas = [a.area for a in screen.session.legal() if isinstance(a, ChooseStartArea)]
            if st.free_for_all:  # SCN-MULTI: corners in initiative order
                text = (f"Free-for-all: each player takes a corner in turn; {player_name(st.setup_winner)} "
                        "chose first and deploys first.")
            else:
                text = (f"{player_name(st.setup_winner)} deploys first, in the other area. "
                        "Area A is tinted blue on the map, B red.")
            self.ask(ChoiceModal(f"{player_name(st.decider)}: choose your start area", rolls + text,
                                 [f"Start area {a}" for a in areas], docked=True, rules=("SET-2",)),
                     lambda i: ChooseStartArea(areas[i]))
        elif st.phase is Phase.CHAMPION:  # CHP-2: the owner says yes or no
            self._ask_champion()
        elif st.phase is Phase.OVER:
            self.asking = True
            screen.refresh_bindings()
            screen.app.clear_notifications()  # no earlier roll toast drawn over the game-over box
            screen.app.push_screen(WinnerScreen(screen.session, screen.battle_log.entries, note=screen.winner_note()),
                                   self._finished)

    def _finished(self, choice: str | None) -> None:
        """The winner screen closed with ``choice`` ("new", "quit" or None): leave the battle."""
        self.screen.dismiss(choice or "quit")

    def _ask_champion(self) -> None:
        """CHP-2: ask the deciding player whether a champion power answers the trigger, unless the
        player asked not to be asked about these triggers (then decline at once)."""
        from .champion_prompt import PowerPrompt, prompt_options, window_triggers
        screen = self.screen
        st = screen.session.state
        options = prompt_options(st, screen.session.legal())
        triggers = window_triggers(st, st.decider)
        muted = self.muted_triggers.setdefault(st.decider, set())
        if triggers and muted.issuperset(triggers):  # the player asked not to be asked about these
            screen.apply_action(DeclinePower())
            return

        def answer(i: int) -> Action:
            if i >= len(options):  # "No, and stop asking"
                muted.update(triggers)
                screen.say_muted(player_name(st.decider), triggers)
                return DeclinePower()
            return options[i]
        prompt = PowerPrompt(st, options, mutable=True, note=screen.champion_note())
        handoff = getattr(screen, "handoff", None)
        holder = handoff.holder if handoff is not None and handoff.active else None
        if handoff is not None and holder is not None and st.decider in handoff.humans and st.decider != holder:
            # hot-seat: another player's question in the middle of a turn; the keys of the player at the
            # keyboard (y, n: cursor keys too) must not answer it (nm-g5e 8): its player comes first
            from .handoff import HandoffScreen
            reason = (f"A champion power could answer what just happened (CHP-2): {player_name(st.decider)} "
                      f"decides, then {player_name(holder)}'s turn goes on.")
            self.asking = True
            screen.app.push_screen(HandoffScreen(st.decider, [], reason=reason),
                                   lambda quit_: self._after_gate(quit_, prompt, answer))
            return
        self.ask(prompt, answer)

    def _after_gate(self, result: str | None, prompt: ChoiceModal, answer: Callable[[int], Action]) -> None:
        """The player asked about a champion power is at the keyboard (its hand-off gate closed): ask
        it; q on the gate leaves the battle as on a turn's hand-off."""
        self.asking = False
        if result == "quit":
            self.screen.leave_battle()
            return
        self.ask(prompt, answer)

    def docked_question_next(self) -> bool:
        """True when the next decision is a player's docked question (who goes first, start area):
        the rolls just made are then said in it (``banners``), since a toast would cover half of it."""
        return (self.screen.session.state.phase in (Phase.CHOOSE_FIRST, Phase.CHOOSE_AREA)
                and not self.screen.ai_turn.decides())

    def resumed(self) -> bool:
        """The battle screen is back on top (the help closed): True when a question waited for it
        (the screen then asks it after the next refresh)."""
        if self.ask_on_resume:
            self.ask_on_resume = False
            return True
        return False

    def ask(self, modal: ChoiceModal, to_action: Callable[[int], Action]) -> None:
        """Push ``modal`` (a question answered by an option's index, None when dismissed) and apply
        ``to_action`` of its answer; with the screen's ``question_leave``, q asks first and a second q
        leaves the battle (``leave_battle``)."""
        from .choice import ChoiceModal
        self.asking = True
        self.screen.refresh_bindings()
        if modal.leave is None:  # a battle's questions ask before q leaves, as its screen does
            modal.leave = self.screen.question_leave()

        def answered(index: int | None) -> None:
            self.asking = False
            if index == ChoiceModal.LEAVE:  # q twice under a question that asks first
                self.screen.leave_battle()
            elif index is not None:
                self.screen.apply_action(to_action(index))
            else:
                self.screen.refresh_view()

        self.screen.app.push_screen(modal, answered)

    def ask_power(self) -> None:
        """w: use a special power of the active creature (SPW-1); several uses are offered in a list."""
        screen = self.screen
        options: list[UsePower] = screen.session.of_type(UsePower)
        if len(options) == 1:
            screen.apply_action(options[0])
        elif options:
            from .choice import ChoiceModal
            st = screen.session.state
            me = st.actor  # a power is used only in an activation
            labels = [f"{me.card.special_powers[a.power]} — on {creature_name(st, a.target)}" for a in options]
            self.ask(ChoiceModal(f"{creature_name(st, me.uid)}: use a special power", "", labels, docked=True,
                                 rules=("SPW-1",)),
                     lambda i: options[i])

    def auto_place(self) -> None:
        """p while deploying: place the deciding player's remaining creatures where the AI's setup
        would (``choose_deploy_square``), then show what was placed."""
        session = self.screen.session
        player = session.state.decider
        placed: list[Event] = []
        while session.phase is Phase.DEPLOY and session.state.decider == player:
            options = list(session.placements().values())
            if not options:
                break
            outcome = session.apply(choose_deploy_square(session.state, options))
            if not outcome.ok:
                self.screen.refuse(outcome.reason)
                break
            placed.extend(outcome.events)
        self.screen.show_events(placed)

    def unmute_champion_prompts(self) -> None:
        """o: ask about every champion-power trigger again (undo every "No, and stop asking"), said as
        a key's setting is (``acknowledge``); with none muted, the status line says so at once as a
        refusal does (s17: it was a toast, late and over the log at 80×24)."""
        if any(self.muted_triggers.values()):
            self.muted_triggers.clear()
            self.screen.acknowledge("Champion powers will be offered again on every trigger.")
        else:
            self.screen.refuse("No champion prompt is muted: in a champion prompt, x declines and stops "
                               "asking about that trigger; o asks again after that.", rules=False)
