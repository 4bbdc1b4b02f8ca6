"""The skirmish core as a rule module (``skirmish``, always on, asked first).

The core's rules live across the engine (``movement``, ``combat``, ``flow``…);
this module is their answer to the hooks of ``modules.base``:

* ``step_cost``: a diagonal step costs what a straight one does, the
  terrain's cost of the square entered (MOV-1, MOV-8; MOV-13 for big
  creatures): the cost it is given, unchanged.
* ``tally_key``: nothing of a move's past changes a step's cost (``()``).

The engine's fast route searches (``movement.reach``, the bit-board flood)
are this answer worked out in bulk; they are used while no other active
module changes step costs.
"""
from __future__ import annotations

from .base import MoveTally, RuleModule, Step


class Skirmish(RuleModule):
    """The skirmish rules of docs/rules.md (MOV-1: every step, diagonal or not, costs the terrain's cost)."""

    name = "skirmish"
    title = "skirmish rules"

    def step_cost(self, step: Step, cost: int) -> int:
        """MOV-1, MOV-8: the terrain's cost, diagonal or not (``cost`` as given)."""
        return cost

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """No step cost depends on the move so far: ``()``."""
        return ()
