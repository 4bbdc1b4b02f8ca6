"""The engine's refusal of an action: a stable reason code and a sentence."""
from __future__ import annotations


class IllegalAction(Exception):
    """Raised by ``apply`` for an action the rules do not allow now.

    Attributes:
        code: a stable machine-readable reason, e.g. "too-far", "no-sight".
        reason: a sentence for the player, e.g. "Grik has no line of sight
            to the target."
    """

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


class PhaseError(RuntimeError):
    """A battle-only part of a state was asked for when the state does not have it: the map or
    its geometry before a map is chosen (``GameState.battle_map``, ``GameState.geometry``), the
    active creature outside an activation (``GameState.actor``), or the square of a creature
    that is not on the map (``Creature.square``).  A bug in the caller, never a player's
    mistake (those are ``IllegalAction``)."""
