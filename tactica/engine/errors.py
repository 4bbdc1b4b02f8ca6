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
