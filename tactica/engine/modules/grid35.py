"""The ``grid35`` module: tactical movement of the 3.5-era text (docs/modules/grid35.md).

Implements G35-DIAG: diagonal steps cost 1, 2, 1, 2 … squares alternately
across one move; the count carries through the whole move, straight steps
between diagonals included.  Our readings (docs/modules/grid35.md):

* the second, fourth… diagonal adds 1 square to the step's cost as the
  core gives it, so a diagonal into difficult terrain (cost 2, MOV-8)
  costs 2 or 3;
* the count is per move (a move action, a squeeze or a charge's move); a
  shift moves one square whatever it costs (MOV-12) and forced movement
  (MOV-14) counts squares, not movement: neither is changed;
* attack ranges, reach and distances (RNG-*) are counted as the skirmish
  rules count them: G35-DIAG speaks of moving only;
* a Large or Huge creature's diagonal step of its anchor counts the same.

``grid35-simple`` is the text's simpler option: every diagonal costs 1.5
squares, a move's total rounded up.  Paying the half square at once (2, 1,
2, 1 … across the move) gives exactly that total after every step.
"""
from __future__ import annotations

from .base import MoveTally, RuleModule, Step


class Grid35(RuleModule):
    """G35-DIAG: the second, fourth… diagonal step of a move costs 1 square more."""

    name = "grid35"
    title = "grid35: diagonals cost 1, 2, 1, 2 …"
    changes_step_costs = True
    #: Which diagonals of a move cost the extra square: 1 = the 2nd, 4th… (G35-DIAG), 0 = the 1st, 3rd…
    _dear_parity = 1

    def step_cost(self, step: Step, cost: int) -> int:
        """``cost`` plus 1 for every other diagonal step of the move (G35-DIAG)."""
        if step.diagonal and step.tally.diagonals % 2 == self._dear_parity:
            return cost + 1
        return cost

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """The parity of the move's diagonal count so far (G35-DIAG)."""
        return (tally.diagonals % 2,)


class Grid35Simple(Grid35):
    """G35-DIAG's simpler option: every diagonal costs 1.5 squares (a move's total rounded up)."""

    name = "grid35-simple"
    title = "grid35: diagonals cost 1.5"
    _dear_parity = 0
