"""Legal actions one kind at a time (a cheap variant of ``legal_actions`` for bots).

``legal_actions(state)`` computes every option at once, including two route
searches (moves and charges).  A bot that only wants, say, the attacks can
ask for that kind alone.  For every kind, ``actions_of_kind(state, kind)`` is
exactly the sub-list of ``legal_actions(state)`` whose items are of that
type, in the same order (a test checks this on random battles).
"""
from __future__ import annotations

from typing import TypeVar, cast

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
    EndActivation,
    ForceMove,
    Move,
    Place,
    Settle,
    Shift,
    Squeeze,
    Teleport,
    UseChampionPower,
    UsePower,
)
from .areas import area_actions
from .attacking import attack_actions
from .game import _budget, _can_move, charge_actions, lazy_charges, legal_actions, squeeze_actions
from .model import Square
from .movement import MoveReach, reach, routes, shift_squares
from .state import NO_ACTIONS, GameState, Phase
from .teleporters import teleport_actions
from .uses import power_actions

#: The kind of action ``actions_of_kind`` lists (an Action subclass), so its list is typed by it.
KindOfAction = TypeVar("KindOfAction", bound=Action)

#: The kinds of action an active creature may have (ACT-1..3, CHG-1, MOV-12).
ACTING_KINDS: tuple[type, ...] = (Attack, AreaAttack, Charge, UsePower, Move, Shift, Squeeze, Teleport,
                                  EndActivation)
#: The kinds of a champion-power decision (CHP-2).
CHAMPION_KINDS: tuple[type, ...] = (UseChampionPower, DeclinePower)

#: The kinds of choice forced movement waits for (MOV-14, TER-PIT, MOV-3).
FORCED_KINDS: tuple[type, ...] = (ForceMove, Settle)

_PHASE_KIND = {Phase.CHOOSE_MAP: ChooseMap, Phase.CHOOSE_AREA: ChooseStartArea,
               Phase.DEPLOY: Place, Phase.CHOOSE_FIRST: ChooseFirstPlayer,
               Phase.ACTIVATE: Activate}


def kinds_now(state: GameState) -> tuple[type, ...]:
    """The action kinds that may be legal now (some may turn out to have no action).

    Outside an activation there is exactly one kind per phase; during one,
    ``ACTING_KINDS``.  Returns () when the battle is over.
    """
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.FORCED:  # MOV-14, TER-PIT
        return FORCED_KINDS
    if state.phase is Phase.CHAMPION:
        return CHAMPION_KINDS
    kind = _PHASE_KIND.get(state.phase)
    return (kind,) if kind is not None else ACTING_KINDS


def actions_of_kind(state: GameState, kind: type[KindOfAction]) -> list[KindOfAction]:
    """The legal actions of type ``kind`` now, in ``legal_actions`` order.

    Args:
        state: any state.
        kind: an Action subclass, e.g. ``Move``.
    Returns a list of ``kind`` (empty when none of that kind is legal), typed so.
    """
    return cast("list[KindOfAction]", _actions_of_kind(state, kind))


def _actions_of_kind(state: GameState, kind: type[Action]) -> list[Action]:
    """``actions_of_kind`` untyped by its kind (every list below holds only ``kind``)."""
    ph = state.phase
    if ph in (Phase.FORCED, Phase.CHAMPION):
        return [a for a in legal_actions(state) if type(a) is kind]
    if ph is not Phase.ACTING:
        if _PHASE_KIND.get(ph) is not kind:
            return []
        return legal_actions(state)
    me = state.active_creature
    if me.conditions & NO_ACTIONS or state.no_action:  # CON-3, CON-4, CON-6
        return [EndActivation()] if kind is EndActivation else []
    if kind is EndActivation:
        return [EndActivation()]
    if kind is Attack:
        if state.attack_used:
            return []
        return list(attack_actions(state))
    if kind is AreaAttack:
        return [] if state.attack_used else area_actions(state)
    if kind is Charge:
        return [] if state.attack_used else list(charge_actions(state))
    if kind is Move:
        if not _can_move(state):
            return []
        found = routes(state, me, _budget(state))
        return [Move(r.path) for _, r in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
    if kind is Shift:
        if not _can_move(state):
            return []
        return [Shift(sq) for sq in shift_squares(state, me)]
    if kind is Squeeze:
        return squeeze_actions(state)
    if kind is Teleport:
        return teleport_actions(state)
    if kind is UsePower:
        return power_actions(state)
    return []


def move_reach(state: GameState) -> MoveReach:
    """The active creature's move destinations now, cheaply, with a legal path to each.

    ``move_reach(state).destinations`` are exactly the end squares of
    ``actions_of_kind(state, Move)``, in the same order, found by one flood
    (no opportunity-attack bookkeeping); ``Move(r.path(dest))`` is a legal
    move there (MOV-1..11), the cheapest path, which may provoke more
    opportunity attacks than the route ``legal_actions`` lists.  Empty when
    no move is legal now (outside an activation, or no move left).
    """
    if state.phase is not Phase.ACTING:
        return MoveReach([], None, {})
    me = state.active_creature
    if me.conditions & NO_ACTIONS or state.no_action or not _can_move(state):  # CON-3, CON-4, CON-6
        return MoveReach([], None, {})
    return reach(state, me, _budget(state))


def charge_choices(state: GameState) -> tuple[list[tuple[str, Square]], MoveReach | None]:
    """The active creature's charges now, cheaply: (target uid, end square) pairs and a flood.

    The pairs are exactly the (target, last square) of ``actions_of_kind(state,
    Charge)``, in the same order; ``Charge(uid, found.path(end))`` is a legal
    charge there (a cheapest path, CHG-3, which may provoke more opportunity
    attacks than the listed route).  ([], None) when no charge is legal now.
    """
    if state.phase is not Phase.ACTING or state.attack_used:
        return [], None
    me = state.active_creature
    if me.conditions & NO_ACTIONS or state.no_action:  # CON-3, CON-4, CON-6
        return [], None
    return lazy_charges(state)


__all__ = ["ACTING_KINDS", "CHAMPION_KINDS", "FORCED_KINDS", "actions_of_kind", "charge_choices", "kinds_now", "move_reach"]
