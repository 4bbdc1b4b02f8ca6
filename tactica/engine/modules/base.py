"""The rule-module interface: what a rule module may contribute, and the book of active modules.

A *rule module* is a set of rules a battle plays by.  The skirmish core is
one (``skirmish``, always on, first); an optional module (``grid35``, …) is
switched on by a map's ``rules:`` key or by ``Ruleset.modules`` for one
battle.  The engine never asks a module directly: it asks the battle's
``RuleBook`` (``book_of(state)``), which asks each active module in turn,
the core first, each later module refining the answer of the earlier ones.

Hooks (each a method of ``RuleModule`` whose default is "no change"):

* ``step_cost(step, cost)`` -- squares of movement one step of a move costs
  (MOV-1, MOV-8, MOV-13; G35-DIAG).  ``cost`` is the answer of the modules
  before; the core answers the terrain's cost, the same for a diagonal as
  for a straight step (MOV-1).  ``step`` says where from, where to, whether
  it is diagonal and what the move has done so far (``MoveTally``).
* ``tally_key(tally)`` -- the part of a move's tally the module's step costs
  depend on (``()`` when none).  Route searches keep one best way per square
  *and* key, so a module whose costs depend on the steps before (G35-DIAG:
  the diagonal count carries through the move) is searched exactly.
* ``changes_step_costs`` -- True when the module answers ``step_cost`` with
  something else than it is given; while no active module does, the engine
  uses its fast searches (the core's answer worked out in bulk).

How a new module plugs in: write a subclass of ``RuleModule`` in a file of
this package with a ``name`` and the hooks it needs, add an instance to
``REGISTRY`` in ``modules/__init__.py``, and document its rules in
``docs/modules/<name>.md`` (with rule IDs the tests are named after).  A
hook the engine does not ask yet (extra actions, attack and defence
modifiers, triggers in the battle's flow, terrain kinds, conditions) is
added here first, with a default that changes nothing, and asked at its one
place in the engine; the core then answers it as the rules it replaces did.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Square


@dataclass(frozen=True)
class MoveTally:
    """What a move has done so far, before the step being priced (G35-DIAG).

    Attributes:
        steps: steps taken so far in this move.
        diagonals: diagonal steps among them.
        spent: squares of movement spent so far.
    """

    steps: int = 0
    diagonals: int = 0
    spent: int = 0

    def after(self, diagonal: bool, cost: int) -> MoveTally:
        """The tally after one more step (``diagonal`` or not) costing ``cost`` squares."""
        return MoveTally(self.steps + 1, self.diagonals + (1 if diagonal else 0), self.spent + cost)


@dataclass(frozen=True)
class Step:
    """One step of a move, as a module's ``step_cost`` sees it.

    Attributes:
        start: the square (a Large or Huge creature's anchor, MOV-13) left.
        end: the square entered (an anchor for a big creature).
        terrain: the terrain's cost of entering (MOV-8; 1 for a creature that
            ignores terrain, MOV-9..11; the dearest newly entered square of a
            big creature, MOV-13).
        tally: the move so far, this step excluded.
    """

    start: Square
    end: Square
    terrain: int
    tally: MoveTally

    @property
    def diagonal(self) -> bool:
        """True when the step changes both column and row."""
        return self.start[0] != self.end[0] and self.start[1] != self.end[1]


class RuleModule:
    """A rule module: a name and hooks whose defaults change nothing (see the module docstring).

    Attributes:
        name: the key in ``REGISTRY``, the word a map's ``rules:`` and
            ``--rules`` use.
        title: a few words for the battle's header and help.
        changes_step_costs: True when ``step_cost`` may answer anything but
            the cost it is given.
    """

    name: str = ""
    title: str = ""
    changes_step_costs: bool = False

    def step_cost(self, step: Step, cost: int) -> int:
        """Squares of movement ``step`` costs, given ``cost`` from the modules before (default: ``cost``)."""
        return cost

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """The part of ``tally`` this module's ``step_cost`` depends on (default: nothing, ``()``)."""
        return ()


class RuleBook:
    """The active rule modules of a battle, the core first, asked hook by hook.

    Built by ``modules.book`` from module names; equal names give the same book.

    Attributes:
        modules: the active modules, in order (the core first).
        names: their names, the core's included.
        plain_moves: True when no active module changes step costs (the
            engine's fast searches apply).
    """

    def __init__(self, modules: tuple[RuleModule, ...]) -> None:
        """A book asking ``modules`` in order (the first is the core)."""
        self.modules = modules
        self.names = tuple(m.name for m in modules)
        self.plain_moves = not any(m.changes_step_costs for m in modules)
        self._costing = tuple(m for m in modules if m.changes_step_costs)

    def step_cost(self, start: Square, end: Square, terrain: int, tally: MoveTally) -> int:
        """Squares of movement of the step ``start`` -> ``end`` entering terrain costing ``terrain``,
        after ``tally``: the core's answer (``terrain``, MOV-1) refined by each active module."""
        cost = terrain
        if self._costing:
            step = Step(start, end, terrain, tally)
            for m in self._costing:
                cost = m.step_cost(step, cost)
        return cost

    def step(self, start: Square, end: Square, terrain: int, tally: MoveTally) -> tuple[int, MoveTally]:
        """``step_cost`` of the step and the tally after it: (cost, new tally)."""
        cost = self.step_cost(start, end, terrain, tally)
        diagonal = start[0] != end[0] and start[1] != end[1]
        return cost, tally.after(diagonal, cost)

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """What of ``tally`` the active modules' step costs depend on (``()`` for the core alone)."""
        if not self._costing:
            return ()
        key: tuple[int, ...] = ()
        for m in self._costing:
            key += m.tally_key(tally)
        return key

    def __repr__(self) -> str:
        return f"RuleBook({', '.join(self.names)})"
