"""What-if states: a fresh state that differs from a given one in one stated way (for the bots).

A bot judging an option asks questions such as "what could this creature hit
from that square?" or "what would the enemy do if it were its turn now?".
Each function here answers with a *fresh* state built by ``GameState.copy``
and changed in that one way only, sealed read-only as ``apply``'s states are
(``GameState.seal``: a client cannot change it either); the state passed in
is never changed (its creatures stay shared with, or are copied into, the new
state, so the two never alias a changeable creature).  None of them applies a rule: the result
is a hypothetical position to read or to hand to ``legal_actions``,
``preview``, ``routes`` and the like, and may be one no battle reaches (a
creature standing where it could not stop, a turn out of order).  Nothing
here reads or rolls the dice.
"""
from __future__ import annotations

from typing import Protocol

from .members import PHASE_ACTING, PHASE_ACTIVATE
from .model import Square
from .state import GameState


class Dice(Protocol):
    """What ``GameState.dice`` must do: roll one die and give the dice that follow (never in place).

    ``roll(sides)`` returns (a face 1..sides, the dice for the next roll).
    ``SeededDice`` and ``ScriptedDice`` are such dice; a bot may bring its
    own (e.g. with some faces forced) through ``with_dice``.
    """

    def roll(self, sides: int) -> tuple[int, Dice]:
        """(face in 1..``sides``, the dice after this roll)."""
        ...


def with_creature_at(state: GameState, uid: str, square: Square) -> GameState:
    """A copy of ``state`` in which creature ``uid`` stands on ``square`` (its anchor, MOV-13).

    Nothing else changes: no route, cost, opportunity attack or terrain
    effect is applied, and ``square`` is not checked (a bot asks "what if it
    stood there", e.g. a charge's end square before the charge).  Raises
    KeyError when ``state`` has no creature ``uid``.
    """
    new = state.copy()
    new.own(uid).pos = square
    return new.seal()


def with_dice(state: GameState, dice: Dice) -> GameState:
    """A copy of ``state`` that rolls with ``dice`` instead of its own (``apply`` on it rolls those).

    A bot plays options out on its own dice so that it never reads or
    advances the battle's (the returned state's later states carry ``dice``
    on).  ``dice`` is any object with ``roll(sides) -> (face, dice)``.
    """
    new = state.copy()
    new.dice = dice  # type: ignore[assignment]  # any Dice rolls; the field names the engine's two kinds
    return new.seal()


def as_turn_of(state: GameState, player: int) -> GameState:
    """A copy of ``state`` waiting for ``player`` to choose an activation (``Phase.ACTIVATE``, RND-2).

    ``turn_player`` and ``decider`` become ``player`` and no creature is
    active; the activations left, the round and everything else stay as in
    ``state`` (so its ``legal_actions`` are ``player``'s Activate choices,
    whoever's turn it really is).
    """
    new = state.copy()
    new.phase, new.turn_player, new.decider = PHASE_ACTIVATE, player, player
    new.active_uid = None
    return new.seal()


def as_active(state: GameState, uid: str, *, new_activation: bool = False,
              move_used: bool | None = None) -> GameState:
    """A copy of ``state`` in which creature ``uid`` is the active creature (ACT-1).

    With ``new_activation`` it has just been activated: ``Phase.ACTING``,
    its move and attack actions unused and no opportunity attack made yet
    (OA-3); else only ``active_uid`` changes (the phase, the actions used
    and the rest stay as in ``state``).  ``move_used``, when given, then
    says whether its move action is spent (ACT-3: what it may still do is
    its second action).  Raises KeyError when ``state`` has no creature ``uid``.
    """
    if state.peek(uid) is None:  # peek: reading never copies a creature into ``state``
        raise KeyError(uid)
    new = state.copy()
    new.active_uid = uid
    if new_activation:
        new.phase = PHASE_ACTING
        new.move_used = new.attack_used = False
        new.oa_used = frozenset()
    if move_used is not None:
        new.move_used = move_used
    return new.seal()


__all__ = ["Dice", "as_active", "as_turn_of", "with_creature_at", "with_dice"]
