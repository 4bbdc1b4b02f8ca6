"""GameSession: the one object the battle screen talks to (no Textual here).

It holds the current engine state, every action applied and every event
seen, and answers the questions the screen asks ("where can the active
creature move?", "what would this attack do?") by asking the engine.  It
never decides a rule itself.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field

from tactica.ai.setup import auto_setup
from tactica.engine import (
    TEMPLATE_CORNERS,
    Action,
    Activate,
    ActivationEnded,
    AreaAttack,
    Attack,
    AttackPreview,
    Charge,
    CreatureActivated,
    EndActivation,
    Event,
    GameState,
    IllegalAction,
    MapDef,
    MapSwapError,
    Move,
    MovePrice,
    Phase,
    Place,
    RoundStarted,
    Ruleset,
    Shift,
    Square,
    Squeeze,
    Teleport,
    TeleportWay,
    Template,
    WarbandDef,
    apply,
    area_aims,
    area_template,
    charge_preview,
    check,
    ends_activation_in_pit,
    ends_in_pit,
    legal_actions,
    move_checks,
    move_price,
    move_refusal,
    new_game,
    preview,
    provokers_of_path,
    provokers_of_squeeze,
    struck_by_area,
    teleport_ways,
    walk_to,
    with_map,
)
from tactica.saves.autosave import AutoSaver
from tactica.saves.replay import Recorder

from .content import BattleContentError, load_map_file
from .opponent import Opponent
from .undo import NOTHING, UndoStep, undo_refusal


@dataclass(frozen=True)
class Outcome:
    """The result of ``GameSession.apply``.

    Attributes:
        ok: True when the action was applied.
        events: the events it produced (empty when refused).
        reason: the engine's refusal sentence, or an error message.
        code: the engine's reason code; "error" for an unexpected exception.
    """

    ok: bool
    events: tuple[Event, ...] = ()
    reason: str = ""
    code: str = ""


@dataclass(frozen=True)
class SavedView:
    """What a player's view of a battle was when it was left, kept in its save's ``players`` field
    (``saving.keep_view``; a client's fact, not the engine's) and brought back by ``tactica resume``.

    Attributes:
        cursor: the map cursor's square (column, row; 0-based), or None when none was kept.
        threats: the threat view's mode ("off", "now", "all"; ``overlay.THREAT_MODES``).
    """

    cursor: Square | None = None
    threats: str = "off"


@dataclass
class GameSession:
    """A battle in progress: the state, the applied actions and all events.

    Attributes:
        state: the current engine state (replaced, never changed, by ``apply``).
        actions: every action applied since ``new_game``, in order.
        events: every event since ``new_game`` (setup rolls included).
        seed: the dice seed, shown in the log.
        names: "Player 1" / "Player 2" display names.
        recorder: keeps the battle's save up to date (autosave), or None.
        saver: the background writer the recorder writes through, or None.
        resumed: True when the battle was reopened from a save.
        map_files: map id -> the file it was loaded from (for live reload).
        opponent: the AI of a solo battle (level and side), or None for hot-seat.
        quick_setup: True when ``start`` made the set-up choices automatically (the log says so).
        history_log: a resumed battle's log so far, rebuilt from its save as the live battle showed it
            (``describe.saved_log``); None for a battle begun in this run (its log comes from ``events``).
        resume_note: what the log's first line adds about where a resumed battle is stored ("" nothing:
            a file whose battle the store holds further on goes on as a new battle, and says so).
        saved_view: a resumed battle's view when it was left (``saving.SavedView``: the cursor's square
            and the threat view's mode), None for a new battle or a save that kept none.
        recent_steps: a resumed battle against the AI: each action since the human's last activation
            began, as (its events, the state after it, whether a human took it), oldest first, so the
            recap after the AI's turn (``handoff.TurnRecap``) is there again; empty otherwise.
        ended_itself: player (0-based) -> the uid of that player's creature whose activation ended by
            itself (its actions used, ACT-1: no EndActivation) while no other activation of that player
            began since, in this round (``hints.ended_by_itself``: a habitual e then is told so calmly,
            even after the AI's turn in between; nm s17 F13).
    """

    state: GameState
    events: list[Event] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    seed: int | None = None
    names: tuple[str, ...] = ("Player 1", "Player 2")
    recorder: Recorder | None = None
    saver: AutoSaver | None = None
    resumed: bool = False
    map_files: dict[str, str] = field(default_factory=dict)
    opponent: Opponent | None = None
    history_log: list | None = None
    quick_setup: bool = False
    resume_note: str = ""
    saved_view: SavedView | None = None
    ended_itself: dict[int, str] = field(default_factory=dict)
    recent_steps: list[tuple[list[Event], GameState, bool]] = field(default_factory=list)
    _legal_for: object = field(default=None, repr=False)
    _legal: list[Action] = field(default_factory=list, repr=False)
    _undo: list[UndoStep] = field(default_factory=list, repr=False)
    _no_undo: str = field(default=NOTHING, repr=False)
    _pit_for: object = field(default=None, repr=False)
    _pit: dict = field(default_factory=dict, repr=False)
    _ways_for: object = field(default=None, repr=False)
    _priced_for: object = field(default=None, repr=False)
    _priced: dict = field(default_factory=dict, repr=False)
    _ways: dict = field(default_factory=dict, repr=False)

    # -- creating -----------------------------------------------------------
    @classmethod
    def start(cls, warbands: tuple[WarbandDef, ...], maps: tuple[MapDef, ...], seed: int,
              *, quick: bool = True, scenario: str = "assault", teams: tuple[int, ...] = (),
              vp_target: int | None = None, modules: tuple[str, ...] = ()) -> GameSession:
        """Begin a battle with ``new_game`` (the setup roll, SET-1).

        With ``quick`` the set-up choices (map, start area, deployment) are
        made by ``tactica.ai.setup.auto_setup`` and the session waits for the
        first initiative choice (RND-1); otherwise it waits at the first
        set-up decision.  ``scenario`` picks the victory rules (SCN-*).
        ``warbands`` has one warband per player (two to four, SCN-MULTI);
        ``teams`` the team of each (empty: each on its own, free-for-all
        with three or four) and ``vp_target`` a team battle's target;
        ``modules`` the optional rule modules (``--rules``, e.g. ("grid35",)).
        All events are kept.
        """
        # WB-8: the warbands' size; SCN-*: Combined is 250 points; SCN-MULTI: teams share a VP total
        rules = Ruleset.for_battle((wb.point_limit for wb in warbands), scenario, teams or (), vp_target, modules)
        state, events = new_game(warbands, maps, seed=seed, rules=rules)
        session = cls(state=state, events=list(events), seed=seed)
        if quick:
            session.quick_setup = True
            session.state, more = auto_setup(state, actions=session.actions)
            session.events.extend(more)
        return session

    @property
    def save_id(self) -> str | None:
        """The id of the battle's save, or None when it is not being saved."""
        return self.recorder.save.id if self.recorder else None

    # -- applying -----------------------------------------------------------
    def legal(self) -> list[Action]:
        """The engine's legal actions for the current state (cached per state)."""
        if self._legal_for is not self.state:
            self._legal = legal_actions(self.state)
            self._legal_for = self.state
        return self._legal

    def check(self, action: Action) -> str | None:
        """The engine's refusal sentence for ``action`` now, or None if legal."""
        try:
            refusal = check(self.state, action)
        except Exception as error:  # an engine bug must not end the game
            return f"Internal error while checking: {error}"
        return None if refusal is None else refusal.reason

    def refusal(self, action: Action) -> tuple[str, str] | None:
        """The engine's refusal of ``action`` now as (code, sentence), e.g. ("no-sight", "…"); None
        if legal.  The code lets a client word several refusals briefly (``check`` gives the sentence)."""
        try:
            refusal = check(self.state, action)
        except Exception as error:  # an engine bug must not end the game
            return ("internal", f"Internal error while checking: {error}")
        return None if refusal is None else (refusal.code, refusal.reason)

    def apply(self, action: Action) -> Outcome:
        """Apply ``action`` through the engine.

        Returns an Outcome: applied (with its events), refused (with the
        engine's reason), or failed with an unexpected error — in the last
        two cases the state stays as it was.
        """
        try:
            state, events = apply(self.state, action)
        except IllegalAction as refusal:
            return Outcome(False, reason=refusal.reason, code=refusal.code)
        except Exception as error:  # keep the game alive; report it
            detail = traceback.format_exception_only(type(error), error)[-1].strip()
            return Outcome(False, reason=f"Internal error, action not applied: {detail}", code="error")
        before, n_events = self.state, len(self.events)
        self.state = state
        self.actions.append(action)
        self.events.extend(events)
        self._note_ended(action, events)
        no_undo = undo_refusal(action, events, before, state)
        if no_undo is None:
            self._undo.append(UndoStep(before, n_events, action, tuple(events)))
        else:
            self._undo.clear()
            self._no_undo = no_undo
        if self.recorder is not None:
            self.recorder.record(action, state)
        return Outcome(True, tuple(events))

    def _note_ended(self, action: Action, events: list[Event] | tuple[Event, ...]) -> None:
        """Keep ``ended_itself`` up to date after ``action`` made ``events``."""
        for event in events:
            if isinstance(event, RoundStarted):
                self.ended_itself.clear()
            elif isinstance(event, CreatureActivated):
                who = self.state.find(event.uid)
                if who is not None:
                    self.ended_itself.pop(who.player, None)
            elif isinstance(event, ActivationEnded):
                who = self.state.find(event.uid)
                if who is None:
                    continue
                if isinstance(action, EndActivation):
                    self.ended_itself.pop(who.player, None)
                else:
                    self.ended_itself[who.player] = event.uid

    def note(self, player: int | None, text: str) -> None:
        """Keep ``text``, a log line that is no event (the AI's intent, its warning), in the save beside
        the next action, so the log of the battle resumed from it shows the line again (``Recorder.note``);
        nothing without a save.  ``player``: whose colour (None: none)."""
        if self.recorder is not None:
            self.recorder.note(player, text)

    def autosave_warning(self) -> str | None:
        """A failed autosave to tell the player about (once per run of failures), or None."""
        return self.saver.take_warning() if self.saver is not None else None

    # -- live map reload -------------------------------------------------------------
    def reload_map(self) -> tuple[bool, list[str]]:
        """Reload the battle map from its ``--map`` file and swap it in (``engine.mapswap``).

        Returns (True, [what happened]) or (False, [the problem lines]); on
        failure nothing changes.  A swap is recorded in the save (it replays)
        and makes the actions before it final (no undo across it).
        """
        old = self.state.map
        path = self.map_files.get(old.id) if old is not None else None
        if path is None:
            return False, ["Only a map given with --map can be reloaded (this battle's map has no file)."]
        try:
            new_map = load_map_file(path)
            if new_map == old:
                return True, [f"{path}: unchanged."]
            state = with_map(self.state, new_map)
        except BattleContentError as error:
            return False, error.lines
        except MapSwapError as error:
            return False, [f"{path}: {error}"]
        self.state = state
        self.forget_undo("Cannot undo: the map was reloaded since.")
        if self.recorder is not None:
            self.recorder.change_map(state)
        return True, [f"Reloaded the map from {path}."]

    # -- undo ---------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True when the last action can be taken back (see ``tactica.client.undo``)."""
        return bool(self._undo)

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or None when it is."""
        return None if self._undo else self._no_undo

    def undo(self) -> Outcome:
        """Take back the last action: restore the state before it (dice included) and cut the save.

        Returns an Outcome whose events are those of the action taken back.
        """
        if not self._undo:
            return Outcome(False, reason=self._no_undo, code="undo")
        step = self._undo.pop()
        self.state = step.before
        self.ended_itself.clear()  # taken back: no activation is known to have ended by itself
        del self.actions[-1]
        del self.events[step.n_events:]
        if not self._undo:
            self._no_undo = NOTHING
        if self.recorder is not None:
            self.recorder.truncate(len(self.actions), self.state)
        return Outcome(True, step.events)

    def restore_undo(self, steps: list[UndoStep]) -> None:
        """Set what can be taken back, oldest first (a resumed battle keeps its undo)."""
        self._undo = list(steps)
        self._no_undo = NOTHING

    def forget_undo(self, reason: str = NOTHING) -> None:
        """Make the actions so far final (e.g. after the map changed under them)."""
        self._undo.clear()
        self._no_undo = reason

    # -- questions for the screen --------------------------------------------
    @property
    def phase(self) -> Phase:
        """The phase of the current state."""
        return self.state.phase

    def of_type(self, kind: type) -> list:
        """The legal actions of one class, e.g. ``of_type(Move)``."""
        return [a for a in self.legal() if isinstance(a, kind)]

    def moves(self) -> dict[Square, Move | Squeeze | Teleport]:
        """Legal moves of the active creature by destination (MOV-1..8, MOV-13).

        A Huge creature also lists the squeezes (docs/rules.md) that end where no
        plain move does: the player picks the square, the engine's action says
        how it gets there.  A creature that may jump from the teleporter it
        stands on lists each other teleporter it may jump to (TER-TELEPORT: no
        action spent), in place of a move ending there.
        """
        found: dict[Square, Move | Squeeze | Teleport] = {m.destination: m for m in self.of_type(Move)}
        for squeeze in self.of_type(Squeeze):
            found.setdefault(squeeze.destination, squeeze)
        for jump in self.of_type(Teleport):
            found[jump.square] = jump
        return found

    def teleport_ways(self) -> dict[Square, TeleportWay]:
        """Squares the active creature reaches this activation only through a teleporter: stop on
        it, jump, carry on (TER-TELEPORT; the engine's ``teleport_ways``), cached per state; {}
        after an engine error."""
        if self._ways_for is not self.state:
            try:
                self._ways = teleport_ways(self.state)
            except Exception:  # an engine bug must not end the game: no way is offered
                self._ways = {}
            self._ways_for = self.state
        return self._ways

    def shifts(self) -> dict[Square, Shift]:
        """Legal shifts of the active creature by square (MOV-12)."""
        return {s.square: s for s in self.of_type(Shift)}

    def placements(self) -> dict[Square, Place]:
        """Legal placements of the next creature to deploy (SET-3)."""
        return {p.square: p for p in self.of_type(Place)}

    def activatable(self) -> list[str]:
        """Uids of the creatures the turn player may activate now (RND-2)."""
        return [a.uid for a in self.of_type(Activate)]

    def attack_targets(self, index: int) -> list[str]:
        """Uids that attack ``index`` of the active creature may target alone (ATK-1)."""
        out: list[str] = []
        for a in self.of_type(Attack):
            if a.attack == index and len(a.targets) == 1:
                out.append(a.targets[0])
        return out

    def usable_attacks(self) -> list[int]:
        """Indexes of the active creature's attacks that have a legal target now (area ones too)."""
        return sorted({a.attack for a in self.of_type(Attack)} | {a.attack for a in self.of_type(AreaAttack)})

    def area_aim(self, index: int, cursor: Square) -> tuple[AreaAttack, Template] | None:
        """Where close or area attack ``index`` lands when aimed at ``cursor`` (RNG-3, RNG-4).

        A burst has one aim; a cone points at the cursor's quadrant from the
        attacker (the corner on that side); a line ends on the cursor square
        and a radius area is centred on it.  Returns the AreaAttack (targets:
        every creature inside, ATK-2) and its template, or None when the
        attack cannot be aimed there.  The engine's ``check`` still decides
        whether the action is legal (e.g. no enemy inside).
        """
        st = self.state
        me = st.active_creature
        if me is None or not 0 <= index < len(me.card.attacks) or not me.card.attacks[index].is_area:
            return None
        attack = me.card.attacks[index]
        options = area_aims(st, me, attack)
        here = me.square
        dx, dy = cursor[0] - here[0], cursor[1] - here[1]
        toward = (0 if dy < 0 else 2) + (0 if dx < 0 else 1)        # the corner facing the cursor
        corners = (toward,) + tuple(c for c in TEMPLATE_CORNERS if c != toward)
        if len(options) == 1:
            picks = options
        elif all(o == here for o, _ in options):                    # cones: the attacker's square
            picks = [(here, c) for c in corners if (here, c) in options]
        else:                                                       # lines, radius areas
            picks = [(cursor, c) for c in corners if (cursor, c) in options]
        for origin, corner in picks:
            found = area_template(st, me, attack, origin, corner)
            if found is not None:
                targets = tuple(c.uid for c in struck_by_area(st, me, found, attack))  # CL-2: whom it strikes
                return AreaAttack(index, origin, targets, corner), found
        return None

    def area_preview(self, aim: tuple[AreaAttack, Template], target: str) -> AttackPreview | None:
        """Chance to hit and expected damage of an aimed area attack on ``target`` (cover from its template)."""
        me = self.state.active_creature
        t = self.state.find(target)
        action, found = aim
        if me is None or t is None:
            return None
        return preview(self.state, me, t, me.card.attacks[action.attack], origin=found)

    def charges(self) -> dict[str, list[Charge]]:
        """Legal charges of the active creature by target uid (CHG-1..4)."""
        out: dict[str, list[Charge]] = {}
        for c in self.of_type(Charge):
            out.setdefault(c.target, []).append(c)
        return out

    def can_end(self) -> bool:
        """True when the active creature may end its activation."""
        return any(isinstance(a, EndActivation) for a in self.legal())

    def provokers(self, path: tuple[Square, ...]) -> tuple[str, ...]:
        """Enemies whose opportunity attacks moving along ``path`` provokes (OA-1).

        For a Huge creature's squeeze along ``path`` only the start provokes (docs/rules.md).
        """
        me = self.state.active_creature
        if me is None or not path:
            return ()
        if me.card.size >= 3:
            moves = self.moves()
            plain = moves.get(path[-1])
            if not (isinstance(plain, Move) and tuple(plain.path) == tuple(path)) and any(
                    isinstance(m, Squeeze) and tuple(m.path) == tuple(path) for m in moves.values()):
                return provokers_of_squeeze(self.state, path)  # it may expand elsewhere than path[-1]
        return provokers_of_path(self.state, me, path)

    def move_refusal(self, square: Square) -> tuple[str, str] | None:
        """Why no move of the active creature ends on ``square`` now, as the engine's (code, sentence)
        (``queries.move_refusal``: a wall, a statue, a pit, a creature there, too far, no way); None
        when one does."""
        try:
            return move_refusal(self.state, square)
        except Exception as error:  # an engine bug must not end the game
            return ("internal", f"Internal error while checking: {error}")

    def over_pit(self, anchor: Square | None = None) -> bool:
        """True when the active creature ending its turn with its anchor on ``anchor`` (default: where
        it stands) would be destroyed by a pit (TER-PIT, the engine's ``effects.ends_in_pit``)."""
        me = self.state.active_creature
        if me is None or self.state.map is None:
            return False
        return ends_in_pit(self.state, me, anchor)

    def pit_ending(self, action: Action) -> bool:
        """True when applying ``action`` now (a move, a charge, an end of activation) ends the active
        creature's activation over a pit, so that the pit destroys it (TER-PIT): the engine's
        ``ends_activation_in_pit``, whose answer is the same whatever the coming rolls are.  Answers
        are kept per state; False for an action the engine refuses (or an engine error)."""
        if self.state.active_creature is None:
            return False
        if self._pit_for is not self.state:
            self._pit_for, self._pit = self.state, {}
        if action not in self._pit:
            try:
                self._pit[action] = ends_activation_in_pit(self.state, action)
            except Exception:  # an engine bug: nothing to warn about, and the game goes on
                self._pit[action] = False
        return self._pit[action]

    def _kept(self, key: tuple, ask):
        """``ask()``, kept per state under ``key``; None after an engine error (the game goes on)."""
        if self._priced_for is not self.state:
            self._priced_for, self._priced = self.state, {}
        if key not in self._priced:
            try:
                self._priced[key] = ask()
            except Exception:  # an engine bug must not end the game: nothing is said
                self._priced[key] = None
        return self._priced[key]

    def move_price(self, path: tuple[Square, ...]) -> MovePrice | None:
        """What the active creature's move along ``path`` costs and which actions it takes, counted
        by the battle's rule modules (the engine's ``move_price``: G35-DIAG, G35-HAMPER, G35-RUN,
        G5E-DIFF, G5E-SPLIT, UG-LOW), kept per state; None without an active creature."""
        return self._kept(("price", tuple(path)), lambda: move_price(self.state, tuple(path)))

    def move_checks(self, action: Action) -> tuple[tuple[str, str], ...]:
        """The (rule ID, what) checks and risks ``action`` (a move or a charge) would meet in the dark,
        on ice or on a slope (the engine's ``move_checks``: UG-DARK, UG-SLIP, UG-SLIDE), kept per
        state; () when none."""
        return self._kept(("checks", action), lambda: move_checks(self.state, action)) or ()

    def walk_to(self, uid: str, target: str) -> int | None:
        """Squares of movement creature ``uid`` spends on its cheapest walk to stand next to ``target``
        (the engine's ``walk_to``: MOV-1, MOV-8, G35-DIAG…), kept per state; None when no walk gets there."""
        return self._kept(("walk", uid, target), lambda: walk_to(self.state, uid, target))

    def attack_preview(self, index: int, target: str) -> AttackPreview | None:
        """Chance to hit and expected damage of attack ``index`` on ``target`` (combat.preview)."""
        me = self.state.active_creature
        t = self.state.find(target)
        if me is None or t is None or not 0 <= index < len(me.card.attacks):
            return None
        return preview(self.state, me, t, me.card.attacks[index])

    def charge_preview(self, charge: Charge) -> AttackPreview | None:
        """What ``charge``'s attack would do from its end square (engine.queries)."""
        return charge_preview(self.state, charge)

    def destroyed(self, player: int) -> list[str]:
        """Names of ``player``'s creatures destroyed so far."""
        return [c.card.name for c in self.state.creatures if c.player == player and c.destroyed]
