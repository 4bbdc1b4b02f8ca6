"""Teleporters (TER-TELEPORT): the optional jump, offered as its own ``Teleport`` action.

The rule: an active creature that enters a teleporter during its turn, or
starts its turn on one, may move at once to any other unoccupied teleporter
and carry on; this is not an action and does not replace its attack; once
per creature per round.

How tactica models it (our choice): while the active creature stands on a
teleporter — because it started its turn there or a move ended there — and
has not teleported this round, ``Teleport(square)`` is legal for every other
unoccupied teleporter.  It spends neither the move nor the attack action and
provokes no opportunity attacks (a teleport, docs/rules.md MOV-14).  A move that
only passes over a teleporter does not trigger it: stop there first.  The jump
comes in the middle of that move: the squares the move had left wait for it
(``GameState.jump_spent``, set by the move's resolution) and the jump opens
them again as the move pool (``move_spent``), so the creature carries on
with them without spending an action (``legal.move_allowance``).  An
activation whose two actions are spent stays open while a jump is possible,
so the player may still take it (or end the activation).
"""
from __future__ import annotations

from . import events as ev
from .actions import Teleport
from .model import Square
from .state import NO_ACTIONS, GameState


def teleport_squares(state: GameState) -> list[Square]:
    """Teleporters the active creature may jump to now, in (row, column) order (TER-TELEPORT)."""
    geo = state.geo
    if geo is None or not geo.teleporters:  # no map yet, or a map without teleporters
        return []
    me = state.active_creature
    if me is None or not me.alive or state.no_action or me.conditions & NO_ACTIONS:
        return []
    m = state.battle_map
    if not m.rules_at(me.square).teleporter or me.teleported_round == state.round:
        return []
    if me.card.size > 1:  # a teleporter is a single square: Large and Huge creatures never jump (our reading)
        return []
    taken = state.occupied()
    return sorted((sq for sq in state.geometry.teleporters if sq not in taken), key=lambda sq: (sq[1], sq[0]))


def teleport_actions(state: GameState) -> list[Teleport]:
    """Every legal ``Teleport`` of the active creature (TER-TELEPORT)."""
    return [Teleport(sq) for sq in teleport_squares(state)]


def apply_teleport(st: GameState, a: Teleport, out: list[ev.Event]) -> None:
    """Move the active creature to ``a.square`` (mutates ``st``; reports CreatureMoved, mode "teleport")."""
    me = st.actor
    start = me.square
    me.pos = a.square
    me.teleported_round = st.round
    out.append(ev.CreatureMoved(me.uid, start, (a.square,), "teleport"))


__all__ = ["teleport_squares", "teleport_actions", "apply_teleport"]
