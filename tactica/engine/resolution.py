"""Resolution: carrying out a legal action on a state copy (the activation handlers).

``HANDLERS`` maps each kind of action to its handler ``(state, action,
out) -> None``, which changes the state copy ``game.apply`` made and appends
events to ``out``: activation (ACT-1..5, CARD-4 recharges, SPW-1), moves,
shifts and squeezes with their opportunity attacks (MOV-1..14, OA-1..6),
attacks (ATK-*, RNG-*), charges (CHG-1..4), teleporters (TER-TELEPORT),
forced movement (MOV-14, TER-PIT), special and champion powers (SPW-1,
CHP-1..3); the set-up handlers live in ``setup``, rounds and turns in
``flow``.  A champion-power window stops the flow; when it closes the flow
goes on at the ``Continuation`` it stopped at (``resume_flow``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import champions, interrupts, reactions, uses
from . import events as ev
from .abilities import FlybyAttack, has
from .actions import (
    Action,
    Activate,
    AreaAttack,
    Attack,
    Charge,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    DeclinePower,
    DropProne,
    EndActivation,
    ForceMove,
    Move,
    Place,
    Settle,
    Shift,
    Squeeze,
    StandUp,
    Teleport,
    UseChampionPower,
    UsePower,
    UseReaction,
)
from .areas import template
from .attacking import provoke, resolve_all
from .auras import speed as aura_speed
from .combat import touching
from .conditions import add_effect, end_effects
from .effects import start_of_activation
from .flow import battle_decided, end_activation, end_activation_tail
from .forced import advance, apply_forced
from .large import expansions, squeezed_size
from .legal import move_budget, move_rest, standing_cost
from .members import (
    ATTACK_KIND_AREA,
    ATTACK_KIND_RANGED,
    CHAMPION_TRIGGER_ALLY_STARTS_TURN,
    CONTINUATION_AFTER_ACTION,
    CONTINUATION_MID_ACTION,
    CONTINUATION_START_ACTIVATION,
    DURATION_BATTLE,
    DURATION_NEXT_TURN,
    PHASE_ACTING,
    PHASE_OVER,
)
from .model import Square
from .modules import MODULE_ACTIONS, MOMENT_ACTIVATION_STARTED, book_of
from .movement import legal_stop, mode_of, path_cost, taken_squares, threats
from .setup import on_choose_area, on_choose_first, on_choose_map, on_place
from .state import ActiveEffect, Continuation, Creature, GameState
from .teleporters import apply_teleport, teleport_squares

_NO_UIDS: frozenset[str] = frozenset()


def _h_activate(st: GameState, a: Activate, out: list[ev.Event]) -> None:
    st.active_uid = a.uid
    st.move_used = st.attack_used = False
    st.move_spent = None  # G5E-SPLIT: no move action open yet
    st.jump_spent = None  # TER-TELEPORT: no move stopped on a teleporter yet
    st.oa_used = _NO_UIDS
    st.phase = PHASE_ACTING
    out.append(ev.CreatureActivated(a.uid))
    book_of(st).at(MOMENT_ACTIVATION_STARTED, st, out)  # optional rule modules' triggers (engine.modules)
    st.activation_no += 1  # CHP-3: one champion power per creature's turn
    me = st.actor
    uses.start_of_turn(st, me, out)  # CARD-4 recharge rolls, SPW-1 start-of-turn powers
    if champions.open_window(st, champions.turn_occasion(CHAMPION_TRIGGER_ALLY_STARTS_TURN, me),
                             CONTINUATION_START_ACTIVATION, out):  # CHP-2
        return
    _activate_tail(st, out)


def _activate_tail(st: GameState, out: list[ev.Event]) -> None:
    """Ongoing damage and the confusion table (docs/rules.md; CON-6), after any start-of-turn champion power."""
    if not start_of_activation(st, st.actor, out):
        if not battle_decided(st, out):
            end_activation(st, out)


def _spend_move(st: GameState) -> None:
    """A move uses the move action, or the attack action when that is spent (ACT-2, ACT-3)."""
    if not st.move_used:
        st.move_used = True
    else:
        st.attack_used = True


def _spend_movement(st: GameState, cost: int) -> None:
    """Pay ``cost`` squares of movement (G5E-SPLIT, G5E-SPEEDS): from the open move action's rest
    when it covers them, else with a fresh move action (ACT-2, or the attack action, ACT-3) whose
    squares add to that rest, and with a module that splits moves the attack action's too when
    one action's squares are not enough (a double move at once); the pool then holds what is left.
    Without a module that splits moves: just ``_spend_move``."""
    if not splits_moves(st):
        _spend_move(st)
        return
    rest = move_rest(st)
    if st.move_spent is not None and cost <= rest:
        st.move_spent += cost
        return
    _spend_move(st)
    need = cost - rest
    budget = move_budget(st)
    if need > budget and book_of(st).keeps_move_rest and not st.attack_used:
        _spend_move(st)  # G5E-SPLIT: more than one action's squares: the attack action's join too (ACT-3)
        need -= budget
    st.move_spent = need


def splits_moves(st: GameState) -> bool:
    """True when the active creature's move action keeps its unspent squares across its attack: a
    rule module that splits moves (G5E-SPLIT), or its Flyby Attack (CL-11)."""
    if book_of(st).keeps_move_rest:
        return True
    me = st.active_creature
    return me is not None and bool(me.card.abilities) and has(me.card, FlybyAttack)


def _new_action(st: GameState) -> None:
    """The active creature starts an action other than a move or a jump: a move a teleporter
    interrupted cannot carry on after it (TER-TELEPORT), and without a module that splits moves
    (G5E-SPLIT) no move action stays open."""
    st.jump_spent = None
    if st.move_spent is not None and not splits_moves(st):
        st.move_spent = None


def pay_move(st: GameState, cost: int) -> str:
    """Spend what a Move of ``cost`` squares of movement takes (mutates ``st``); returns its mode,
    "move" or "run" (G35-RUN).

    With a module that splits moves: from the pool (G5E-SPLIT).  Else the
    rest of a move a teleporter jump interrupted when it covers ``cost``
    (TER-TELEPORT: no action), or a fresh move action (ACT-2, ACT-3).  The
    one-square minimum or a run takes both actions (G35-MIN, G35-RUN).
    """
    book = book_of(st)
    st.jump_spent = None
    if splits_moves(st):  # G5E-SPLIT, or Flyby Attack (CL-11)
        _spend_movement(st, cost)
    elif st.move_spent is not None and cost <= move_rest(st):
        st.move_spent += cost  # TER-TELEPORT: it carries on with the movement left after the jump
    else:
        st.move_spent = None
        _spend_move(st)
    if (book.min_step_takes_turn or book.run_factor) and cost > aura_speed(st, st.actor):
        st.move_used = st.attack_used = True  # G35-MIN, G35-RUN: the one-square minimum or a run takes both actions
        return "run" if book.run_factor else "move"
    return "move"


def keep_rest_for_jump(st: GameState, cost: int) -> None:
    """TER-TELEPORT: after a move of ``cost`` that ended on a teleporter the active creature may jump
    from, keep what that move action has left for after the jump (``GameState.jump_spent``; mutates
    ``st``).  Nothing with a module that splits moves (its pool carries over the jump anyway)."""
    if splits_moves(st) or st.phase is not PHASE_ACTING or not teleport_squares(st):
        return
    spent = cost if st.move_spent is None else st.move_spent
    if spent < move_budget(st):
        st.jump_spent = spent


def _h_move(st: GameState, a: Move, out: list[ev.Event]) -> None:
    """MOV-1..14: a move action (or the rest of one after a teleporter jump, TER-TELEPORT)."""
    path = tuple(a.path)
    cost = path_cost(st, path, st.actor)
    mode = pay_move(st, cost)
    if mode == "run" and len(path) <= 1:
        mode = "move"
    me = st.actor
    walk(st, me, path, mode, out)
    if mode == "move" and me.alive and me.square == path[-1]:
        keep_rest_for_jump(st, cost)
    _after_action(st, out)


def _h_drop_prone(st: GameState, a: DropProne, out: list[ev.Event]) -> None:
    """G5E-PRONE: free; the creature is prone until it stands up."""
    me = st.actor
    out.append(ev.CreatureDroppedProne(me.uid))
    add_effect(st, me, "prone", DURATION_BATTLE, None, out)


def _h_stand_up(st: GameState, a: StandUp, out: list[ev.Event]) -> None:
    """G5E-PRONE: half the speed (rounded up) of movement; every prone record ends."""
    me = st.actor
    cost = standing_cost(st)
    _spend_movement(st, cost)
    out.append(ev.CreatureStoodUp(me.uid, cost))
    end_effects(me, [e for e in me.effects if e.name == "prone"], "stood up", out)


def _h_squeeze(st: GameState, a: Squeeze, out: list[ev.Event]) -> None:
    """docs/rules.md Squeeze: a move action; only the start provokes; squeezing during that move
    only (combat advantage against it, -5 to its attacks); at the end it expands into the space
    ``a.destination`` (a CreatureMoved of mode "expand" when that is not the path's last anchor)
    and stops squeezing."""
    _new_action(st)
    _spend_move(st)
    me = st.actor
    squeezing = ActiveEffect("squeezing", DURATION_NEXT_TURN, until_turn=me.turns)
    me.effects = me.effects + (squeezing,)
    out.append(ev.ConditionApplied(me.uid, "squeezing", DURATION_NEXT_TURN._value_, None))
    start = me.square
    if walk(st, me, tuple(a.path), "squeeze", out, start_only=True, settle=False) and me.alive:
        last = me.square
        size = squeezed_size(st, me)
        end = a.destination if legal_stop(st, me, a.destination) else next(
            iter(expansions(st, me, last, size)), start)  # MOV-3: the space it chose was filled meanwhile
        if end != last:
            me.pos = end
            out.append(ev.CreatureMoved(me.uid, last, (end,), "expand"))
        end_effects(me, [e for e in me.effects if e is squeezing], "expanded", out)
    _after_action(st, out)


def _h_shift(st: GameState, a: Shift, out: list[ev.Event]) -> None:
    _new_action(st)
    _spend_move(st)
    me = st.actor
    start = me.square
    me.pos = a.square
    out.append(ev.CreatureMoved(me.uid, start, (a.square,), "shift"))
    book = book_of(st)
    if book.watches_moves:  # rule modules acting after a move (UG-SLIP, UG-DARK…)
        book.moved(st, me, start, (a.square,), "shift", out)
    _after_action(st, out)


def walk(st: GameState, me: Creature, path: tuple[Square, ...], mode: str, out: list[ev.Event], *,
          start_only: bool = False, settle: bool = True) -> bool:
    """Move ``me`` step by step, resolving opportunity attacks (OA-1, OA-3, OA-4, OA-6, MOV-9, MOV-10).

    ``start_only``: only leaving the start provokes (a squeeze, docs/rules.md).
    ``settle``: when the end is no legal stop, go back to the last square that was (OA-6, MOV-3);
    False for a squeeze, which expands where it chose (its caller settles it).
    Returns False when the mover was destroyed on the way.
    """
    start = origin = me.square
    walked: list[Square] = []
    trail: list[Square] = []  # every square entered, for the rule modules that watch moves
    last_legal = start
    # The mover's enemies: nothing but its square changes between opportunity attacks,
    # so the list is made again only after one (an attack may change sides, CON-6).
    enemies: list[Creature] | None = None
    taken: set[Square] = set()  # squares other creatures fill (one-square movers only)
    small = me.card.size == 1
    size = me.card.size
    stop = st.geometry.stop_squares(mode_of(me).flies)
    # ``threats`` refuses an enemy without Threatening Reach (or a module's reach) that stands farther
    # than both sizes together from the square left: each step asks it only about the others (the
    # same uids in the same order, at the cost of a comparison per enemy instead of a call).
    quick = not book_of(st).reach_asked
    tagged: list[tuple[Creature, int, int, int]] = []
    stop_ok = False
    one_square = small and not st.facts().large  # every creature fills one square: its position
    for step, nxt in enumerate(path):
        if enemies is None:
            team, uid = me.team, me.uid
            enemies, tagged = [], []
            if one_square:  # the enemies and the squares others fill, in one pass (taken_squares)
                taken = set()
                for c in st.creatures:
                    pos = c.pos
                    if pos is None or c.destroyed or c.uid == uid:
                        continue
                    taken.add(pos)
                    if (c.teams[c.player] if c.teams else c.player) != team:  # Creature.team
                        card = c.card
                        enemies.append(c)
                        tagged.append((c, pos[0], pos[1], card.size + size
                                       if quick and not card.abilities and card.melee_reach <= 1 else -1))
            else:
                for c in st.creatures:
                    pos = c.pos
                    if pos is None or c.destroyed or (c.teams[c.player] if c.teams else c.player) == team:
                        continue
                    card = c.card
                    enemies.append(c)
                    tagged.append((c, pos[0], pos[1], card.size + size
                                   if quick and not card.abilities and card.melee_reach <= 1 else -1))
                if small:
                    taken = taken_squares(st, me)
        if start_only and step:
            provokers: tuple[str, ...] = ()
        else:
            sx, sy = me.square
            near = [c for c, x, y, far in tagged
                    if far < 0 or (-far <= x - sx <= far and -far <= y - sy <= far)]
            provokers = threats(st, me, (sx, sy), moving=True, first=step == 0, among=near) if near else ()
        if provokers:
            enemies = None
        for oa_maker in provokers:
            if not me.alive:
                break
            if walked:
                out.append(ev.CreatureMoved(me.uid, start, tuple(walked), mode))
                start, walked = me.square, []
            maker = st.creature(oa_maker)
            basic = maker.card.basic_attack
            assert basic is not None  # threats() lists only makers with a basic attack (OA-1)
            st.oa_used = st.oa_used | {oa_maker}
            out.append(ev.OpportunityAttackProvoked(oa_maker, me.uid, "move"))
            if not resolve_all(st, maker, basic, [me], "opportunity", out):
                return False
        if not me.alive:
            return False
        if provokers and small:  # the attacks may have changed who stands where
            taken = taken_squares(st, me)
            enemies = None  # and who is an enemy where (CON-6): both found again at the next step
        me.pos = nxt
        walked.append(nxt)
        trail.append(nxt)
        stop_ok = (nxt in stop and nxt not in taken) if small else legal_stop(st, me, nxt)  # legal_stop, one set
        if stop_ok:
            last_legal = nxt
    if walked:
        out.append(ev.CreatureMoved(me.uid, start, tuple(walked), mode))
    # Nothing happened since the last step was judged: its answer is legal_stop's for the end square.
    if settle and not (stop_ok if path else legal_stop(st, me, me.square)):  # OA-6 / MOV-3
        me.pos = last_legal
    book = book_of(st)
    if book.watches_moves and trail and me.alive:  # rule modules acting after a move (UG-FALL, UG-DARK…)
        book.moved(st, me, origin, tuple(trail), mode, out)
    return me.alive


def _h_attack(st: GameState, a: Attack, out: list[ev.Event]) -> None:
    _new_action(st)
    st.attack_used = True
    me = st.actor
    attack = me.card.attacks[a.attack]
    uses.spend_attack(me, attack, out)  # CARD-4
    if attack.kind is ATTACK_KIND_RANGED and not provoke(st, me, "ranged attack", out):
        _after_action(st, out)
        return
    # ATK-4: in the attacker's order, each resolved in full; then follow-ups (ATK-7)
    if resolve_all(st, me, attack, [st.creature(uid) for uid in a.targets], "attack", out):
        _after_action(st, out)


def _h_area_attack(st: GameState, a: AreaAttack, out: list[ev.Event]) -> None:
    """RNG-3, RNG-4, OA-1: area attacks provoke first, close ones never; then each target in order."""
    _new_action(st)
    st.attack_used = True
    me = st.actor
    attack = me.card.attacks[a.attack]
    uses.spend_attack(me, attack, out)  # CARD-4
    found = template(st, me, attack, (a.origin[0], a.origin[1]), a.corner)
    assert found is not None  # validation refused an aim with no template (RNG-3, RNG-4)
    out.append(ev.TemplatePlaced(me.uid, attack.name, tuple(sorted(found.squares, key=lambda q: (q[1], q[0]))),
                                 tuple(a.targets)))
    if attack.kind is ATTACK_KIND_AREA and not provoke(st, me, "area attack", out):
        _after_action(st, out)
        return
    if resolve_all(st, me, attack, [st.creature(uid) for uid in a.targets], "attack", out, origin=found):
        _after_action(st, out)


def _h_charge(st: GameState, a: Charge, out: list[ev.Event]) -> None:
    _new_action(st)
    st.attack_used = True
    st.move_used = True  # CHG-4: no more movement after a charge
    me = st.actor
    target = st.creature(a.target)
    if walk(st, me, tuple(a.path), "charge", out) and target.alive and touching(me, target):
        attack = me.card.basic_melee  # CHG-1: the attack a charge makes (attacking.charge_attack)
        assert attack is not None  # validation refused a charge without one (CHG-1)
        uses.spend_attack(me, attack, out)  # CARD-4: a charge that strikes uses a box of it
        if not resolve_all(st, me, attack, [target], "charge", out):
            return
    _after_action(st, out)


def _after_action(st: GameState, out: list[ev.Event]) -> None:
    """After an action: offer champion powers its attacks trigger (CHP-2), then go on."""
    if st.phase is PHASE_OVER:
        return
    events = interrupts.end_events(st, out)  # CHP-2: attacks already answered in the action's middle are not
    if champions.may_have_occasions(st, events):  # most actions have none: no scans
        found = champions.attack_occasions(st, events) + reactions.occasions(st, events)  # CHP-2, CL-10
        if champions.open_window(st, found, CONTINUATION_AFTER_ACTION, out):
            return
    _after_action_tail(st, out)


def _after_action_tail(st: GameState, out: list[ev.Event]) -> None:
    """End the activation when both actions are spent or the creature is gone (ACT-1); with a module
    that splits moves, not while the open move action has squares left (G5E-SPLIT)."""
    if st.phase is PHASE_OVER:
        return
    if st.pending and advance(st, out):  # MOV-14: the attacking player chooses first
        return
    me = st.active_creature
    if me is None or not me.alive or (st.move_used and st.attack_used and not teleport_squares(st)
                                      and not (st.move_spent is not None and move_rest(st))):
        end_activation(st, out)


def _h_teleport(st: GameState, a: Teleport, out: list[ev.Event]) -> None:
    """TER-TELEPORT: the jump; a move that stopped on the teleporter carries on with its rest."""
    if st.jump_spent is not None:
        st.move_spent, st.jump_spent = st.jump_spent, None
    apply_teleport(st, a, out)
    _after_action(st, out)


def _h_forced(st: GameState, a: ForceMove | Settle, out: list[ev.Event]) -> None:
    """MOV-14, TER-PIT, MOV-3: carry out the choice; when none is left, the activation goes on."""
    apply_forced(st, a, out)
    if st.pending or st.phase is PHASE_OVER or battle_decided(st, out):
        return
    st.phase = PHASE_ACTING
    me = st.active_creature
    st.decider = me.player if me is not None else st.turn_player
    _after_action(st, out)


def _h_end(st: GameState, a: EndActivation, out: list[ev.Event]) -> None:
    end_activation(st, out)


def _h_use_power(st: GameState, a: UsePower, out: list[ev.Event]) -> None:
    _new_action(st)
    uses.use_power(st, a, out)  # SPW-1
    _after_action(st, out)


#: What each continuation does (CHP-2: where the flow stopped for a champion-power window).
_CONTINUE: dict[Continuation, Callable[[GameState, list[ev.Event]], None]] = {
    Continuation.AFTER_ACTION: _after_action_tail,
    Continuation.START_ACTIVATION: _activate_tail,
    Continuation.END_ACTIVATION: end_activation_tail,
}


def resume_flow(st: GameState, where: Continuation, out: list[ev.Event]) -> None:
    """Go on with the battle's flow at ``where``, after a champion-power window closed (CHP-2)."""
    _CONTINUE[where](st, out)


def _h_champion(st: GameState, a: UseChampionPower | UseReaction | DeclinePower, out: list[ev.Event]) -> None:
    """CHP-1..3, CL-10: use a power or a reaction, or decline; then ask the next player or resume the
    flow where it stopped: a window in an action's middle carries the action on (``interrupts``)."""
    interrupts.record(st, a)
    resume = interrupts.answer(st, a, out)
    if resume is CONTINUATION_MID_ACTION:
        every = interrupts.resume(st, HANDLERS, out)
        if st.interrupted is None:
            st.__dict__["_react_on"] = every  # the whole action's events (``game.apply``: uses.react)
    elif resume:
        resume_flow(st, resume, out)
    elif st.phase is PHASE_OVER:
        st.interrupted = None  # the answer decided the battle: the rest of the action never comes


#: The handler of each kind of action: (state copy, the action, events out) -> None.
def _h_module_action(st: GameState, a: Action, out: list[ev.Event]) -> None:
    """An action of a rule module's own kind (``RuleModule.action_kinds``, e.g. UG-RUBBLE's Dig):
    the module carries it out, then the activation goes on as after any action."""
    book_of(st).owners[type(a)].perform(st, a, out)
    _after_action(st, out)


HANDLERS: dict[type[Action], Callable[[GameState, Any, list[ev.Event]], None]] = {
    **{kind: _h_module_action for kind in MODULE_ACTIONS},
    ChooseMap: on_choose_map,
    ChooseStartArea: on_choose_area,
    Place: on_place,
    ChooseFirstPlayer: on_choose_first,
    Activate: _h_activate,
    Move: _h_move,
    Shift: _h_shift,
    Squeeze: _h_squeeze,
    DropProne: _h_drop_prone,
    StandUp: _h_stand_up,
    Attack: _h_attack,
    AreaAttack: _h_area_attack,
    Charge: _h_charge,
    EndActivation: _h_end,
    Teleport: _h_teleport,
    ForceMove: _h_forced,
    Settle: _h_forced,
    UsePower: _h_use_power,
    UseChampionPower: _h_champion,
    UseReaction: _h_champion,
    DeclinePower: _h_champion,
}


#: The actions that may stop in their middle for a champion-power window (CHP-2, ``interrupts``): those
#: that make attacks (a walk's opportunity attacks, OA-1; a charge, CHG-1; ATK-4).
INTERRUPTIBLE: frozenset[type[Action]] = frozenset({Move, Squeeze, Charge, Attack, AreaAttack})


__all__ = ["HANDLERS", "INTERRUPTIBLE", "keep_rest_for_jump", "pay_move", "resume_flow", "walk"]
