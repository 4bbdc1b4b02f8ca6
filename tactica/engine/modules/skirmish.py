"""The skirmish core as a rule module (``skirmish``, always on, asked first).

The core's rules live across the engine (``movement``, ``combat``, ``flow``…);
this module is their answer to the hooks of ``modules.base``:

* ``step_cost``: a diagonal step costs what a straight one does, the
  terrain's cost of the square entered (MOV-1, MOV-8; MOV-13 for big
  creatures): the cost it is given, unchanged.
* ``tally_key``: nothing of a move's past changes a step's cost (``()``).
* ``passes``: allies may be passed, enemies only by a mover whose mode
  passes them (MOV-2, MOV-5, MOV-9..11): the answer it is given, which the
  engine works out from the mover's ``Mode``.
* ``attack_modifiers``, ``at``: the core's modifiers (the MOD table) and its
  flow (rounds, turns, activations) are ``combat``'s and ``flow``'s own;
  it adds nothing through these hooks.

The engine's fast route searches (``movement.routes``' plain search, the
bit-board flood of ``movement.reach``) are these answers worked out in bulk;
they are used while no other active module changes step costs or passing.
"""
from __future__ import annotations

from ..state import Creature, GameState
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

    def passes(self, state: GameState, mover: Creature, other: Creature, passes: bool) -> bool:
        """MOV-2, MOV-5, MOV-9..11: as the mover's movement mode says (``passes`` as given)."""
        return passes
