"""Which actions may be taken back (undo, issue 6) — a session feature, no Textual.

Undo restores the state object from before the action, so the dice (which
live in the state) are untouched and no later roll can change.  Only what
revealed nothing new may be taken back: an activation or a plain move or
shift inside the current activation, whose events are all on a short
allow-list (no die rolled, no opportunity attack, no damage, no condition
change) and after which the same creature is still acting; and, during
deployment (SET-3), a creature placed while its player is still placing
(a misplaced creature is picked up again; once the other player deploys,
the placements are final).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactica.engine import (
    Action,
    Activate,
    AttackRolled,
    ConfusionRolled,
    CreatureActivated,
    CreatureMoved,
    CreaturePlaced,
    DieRolled,
    Event,
    GameState,
    Move,
    OpportunityAttackProvoked,
    Phase,
    Place,
    SavingThrowRolled,
    Shift,
    TurnStarted,
)

UNDOABLE_ACTIONS = (Activate, Move, Shift)
"""Action types that can ever be taken back."""

SAFE_EVENTS = (CreatureActivated, CreatureMoved)
"""Event types that reveal nothing new (a conservative allow-list)."""

NOTHING = "Nothing to undo: undo takes back an activation or a move within the current activation."

NEW_TURN = ("Nothing to undo yet this turn: undo takes back an activation or a move within it, "
            "until a die is rolled.")
"""Said when the last action started the turn of whoever decides now (their first key may be z)."""

DEPLOYING = ("Nothing to undo yet: during deployment undo takes back a creature you placed, while you "
             "are still placing yours.")
"""Said during deployment (SET-3) when the deploying player has placed nothing yet."""

DEPLOYED = ("Cannot undo: that was the last creature of the deployment, and the next step has begun "
            "(undo takes back a creature placed while its player is still placing).")
"""Said after the placement that ended a player's deployment."""


@dataclass(frozen=True)
class UndoStep:
    """What undo needs to take back one action.

    Attributes:
        before: the state before the action (restored as it is).
        n_events: how many session events there were before it.
        action: the action taken back.
        events: the events it produced (for the log line).
    """

    before: GameState
    n_events: int
    action: Action
    events: tuple[Event, ...]


def undo_refusal(action: Action, events: Sequence[Event], before: GameState,
                 after: GameState) -> str | None:
    """Why ``action`` (already applied: ``before`` → ``after``) cannot be undone, or None if it can.

    When ``action`` started a turn (its events hold ``TurnStarted`` and a creature is to be picked,
    RND-2), that turn's player has done nothing yet: ``NEW_TURN`` says so, whatever ended the turn
    before (rolled saving throws, initiative).  A ``Place`` may be undone while the same player is
    still deploying (SET-3); during deployment the refusals speak of placing, not of activations."""
    if isinstance(action, Place):
        if after.phase is Phase.DEPLOY and after.decider == before.decider \
                and all(isinstance(e, CreaturePlaced) for e in events) and after.dice == before.dice:
            return None
        return DEPLOYING if after.phase is Phase.DEPLOY else DEPLOYED
    if after.phase is Phase.DEPLOY:
        return DEPLOYING
    if after.phase is Phase.ACTIVATE and any(isinstance(e, TurnStarted) for e in events):
        return NEW_TURN
    if any(isinstance(e, (AttackRolled, DieRolled, SavingThrowRolled, ConfusionRolled))
           for e in events) or after.dice != before.dice:
        return "Cannot undo: dice were rolled (undo never changes a roll)."
    if any(isinstance(e, OpportunityAttackProvoked) for e in events):
        return "Cannot undo: that move provoked an opportunity attack."
    if not isinstance(action, UNDOABLE_ACTIONS):
        if after.phase is not Phase.ACTING:
            return "Cannot undo: the activation has ended; undo works within an activation."
        return "Cannot undo: only an activation or a plain move can be taken back."
    if after.phase is not Phase.ACTING or after.active_uid is None:
        return "Cannot undo: the activation has ended; undo works within an activation."
    if not all(isinstance(e, SAFE_EVENTS) for e in events):
        return "Cannot undo: that action changed more than a position (it revealed something new)."
    return None
