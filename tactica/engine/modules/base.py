"""The rule-module interface: what a rule module may contribute, and the book of active modules.

A *rule module* is a set of rules a battle plays by.  The skirmish core is
one (``skirmish``, always on, asked first); an optional module (``grid35``…)
is switched on by a map's ``rules:`` key (``MapDef.rules``) or for one battle
by ``Ruleset.modules``.  The engine never asks a module directly: it asks the
battle's ``RuleBook`` (``modules.book_of(state)``), which asks each active
module in turn, the core first, each later module refining the answer the
modules before it gave (the value a hook receives).

Hooks (methods of ``RuleModule``; each default answers "no change"):

* ``step_cost(step, cost)`` -- squares of movement one step of a move costs
  (MOV-1, MOV-8, MOV-13; G35-DIAG).  The first answer is the terrain's cost
  of entering (``step.terrain``); the core keeps it, diagonal or not (MOV-1).
  ``step`` carries the state, the mover, where from and to, and what the
  move has done so far (``MoveTally``).
* ``tally_key(tally)`` -- the part of a move's tally the module's step costs
  depend on (``()`` when none).  Route searches keep one best way per square
  *and* key, so a price that depends on the steps before (G35-DIAG: the
  diagonal count carries through the move) is searched exactly.
* ``diagonal_count(step, count)`` -- how many diagonals of the move's
  count the step adds (the core: 1 for a diagonal step, 0 for a straight
  one).  G35-HAMPER counts a hampered diagonal as two.
* ``passes(state, mover, other, passes)`` -- whether ``mover`` may move
  through ``other``'s square (MOV-2, MOV-5, MOV-9..11 give the first answer;
  the core keeps it).  For the seed modules' passing rules (G35-HELPLESS,
  G35-SIZE, G5E-PASS).
* ``melee_reach(state, creature, reach)`` -- squares within which the
  creature's melee attacks and opportunity attacks reach (RNG-1, OA-1: the
  first answer is 1 for its attacks, its Threatening Reach for its
  threats); G35-REACH gives Large and bigger creatures 2.
* ``squeeze_size(state, creature, size)`` -- squares across the creature
  counts as while squeezing (0: it may not squeeze).  The core: 2 for a
  Huge creature, 0 for any other (docs/rules.md "Squeeze"); G35-SQUEEZE
  lets a Large creature squeeze as 1.
* ``attack_modifiers(state, attacker, target, attack)`` -- named modifiers a
  module adds to an attack roll, after the core's (MOD table of
  docs/rules.md; the core adds none here).  A defence modifier is a
  negative one named for the target, as auras do.
* ``at(moment, state, out)`` -- a trigger at a point of the battle's flow
  (``Moment``: a round or an activation starting or ending); it may change
  the state copy being made and append events to ``out``.

``changes_step_costs`` and ``changes_passing`` say that a module answers
``step_cost`` or ``passes`` with something else than it is given; while no
active module does (``RuleBook.plain_moves``), the engine uses its fast
searches, which are the core's answers worked out in bulk.  Likewise
``changes_reach`` for ``melee_reach`` (``RuleBook.reach_asked``).

``run_factor`` (a setting): a creature whose activation has used no action
may *run*: move up to ``run_factor`` times its speed with both actions (0:
no running; G35-RUN).  A run's or a charge's tally says so
(``MoveTally.running``), and a module's ``step_cost`` may answer ``BARRED``
for a step no run or charge may take (G35-HAMPER: no running or charging
through hampered squares).

``ties_by_die`` (a setting): when several squares are equally near, a die
roll picks one instead of a player (G35-NEAREST; asked where the nearest
legal square is chosen, MOV-3 and TER-PIT).

``min_step_takes_turn`` (a setting, not a hook): the one-square minimum move
(MOV-4: a first step dearer than the move's budget) takes the whole
activation's actions, and needs both unused (G35-MIN).

How a new module plugs in: write a subclass of ``RuleModule`` in a file of
this package, with a ``name``, a ``title`` and the hooks it needs; add an
instance to ``REGISTRY`` in ``modules/__init__.py``; document its rules in
``docs/modules/<name>.md`` with rule IDs the tests are named after.  Maps
(``rules:``), ``--rules`` and saves know it from the registry.  A hook the
engine does not ask yet (extra actions, terrain kinds, conditions) is added
here first, with a default that changes nothing, and asked at its one place
in the engine.
"""
from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from ..events import Event
from ..model import AttackDef, Square
from ..state import Creature, GameState


class Moment(str, Enum):
    """The points of the battle's flow a module's ``at`` hook is asked at (RND-1..4, ACT-1)."""

    ROUND_STARTED = "round started"            # after the RoundStarted event, before initiative (RND-1)
    ROUND_ENDED = "round ended"                # after RoundEnded (VP scored), before the victory check
    ACTIVATION_STARTED = "activation started"  # after CreatureActivated, before recharges and powers
    ACTIVATION_ENDED = "activation ended"      # after ActivationEnded, before a champion-power window


#: A step cost meaning "this step may not be taken on this move" (more than any budget).
BARRED = 10 ** 6


class MoveTally(NamedTuple):
    """What a move has done so far, before the step being priced (G35-DIAG).

    A small immutable tuple (route searches make one per step they try).

    Attributes:
        steps: steps taken so far in this move.
        diagonals: diagonal steps among them.
        spent: squares of movement spent so far.
        running: the move is a run or a charge's (G35-RUN, G35-HAMPER), the
            same for every step.
    """

    steps: int = 0
    diagonals: int = 0
    spent: int = 0
    running: bool = False

    def after(self, diagonal: bool, cost: int) -> MoveTally:
        """The tally after one more step (``diagonal`` or not) costing ``cost`` squares."""
        return MoveTally(self.steps + 1, self.diagonals + (1 if diagonal else 0), self.spent + cost, self.running)


class Step(NamedTuple):
    """One step of a move, as a module's ``step_cost`` sees it (an immutable tuple).

    Attributes:
        state: the battle (read it, never change it).
        mover: the creature moving.
        start: the square left (a Large or Huge creature's anchor, MOV-13).
        end: the square entered (an anchor for a big creature).
        terrain: the terrain's cost of entering (MOV-8; 1 for a creature that
            ignores terrain, MOV-9..11; the dearest newly entered square of a
            big creature, MOV-13).
        tally: the move so far, this step excluded.
    """

    state: GameState
    mover: Creature
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
        title: a few words for help texts.
        changes_step_costs: True when ``step_cost`` may answer anything but
            the cost it is given.
        changes_passing: True when ``passes`` may answer anything but what it
            is given.
        changes_reach: True when ``melee_reach`` may answer anything but what
            it is given.
        min_step_takes_turn: the one-square minimum move (MOV-4) takes both
            actions of the activation and needs both unused (G35-MIN).
        run_factor: a creature that has used no action may move this many
            times its speed with both actions (0: no running; G35-RUN).
        ties_by_die: a die roll, not a player, picks among equally near
            squares (G35-NEAREST).
    """

    name: str = ""
    title: str = ""
    changes_step_costs: bool = False
    changes_passing: bool = False
    changes_reach: bool = False
    min_step_takes_turn: bool = False
    run_factor: int = 0
    ties_by_die: bool = False

    def step_cost(self, step: Step, cost: int) -> int:
        """Squares of movement ``step`` costs, given ``cost`` from the modules before (default: ``cost``)."""
        return cost

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """The part of ``tally`` this module's ``step_cost`` depends on (default: nothing, ``()``).

        The contract route searches rely on: within one search (one state,
        one mover) a step's cost depends on the tally only through this key.
        """
        return ()

    def diagonal_count(self, step: Step, count: int) -> int:
        """Diagonals of the move's count ``step`` adds, given ``count`` from the modules before
        (default: ``count``; the first answer is 1 for a diagonal step, 0 for a straight one)."""
        return count

    def passes(self, state: GameState, mover: Creature, other: Creature, passes: bool) -> bool:
        """Whether ``mover`` may move through ``other``'s square, given ``passes`` (default: ``passes``)."""
        return passes

    def melee_reach(self, state: GameState, creature: Creature, reach: int) -> int:
        """Squares within which ``creature``'s melee or opportunity attacks reach, given ``reach``
        from the modules before (default: ``reach``)."""
        return reach

    def squeeze_size(self, state: GameState, creature: Creature, size: int) -> int:
        """Squares across ``creature`` counts as while squeezing, given ``size`` from the modules
        before (0: no squeezing; default: ``size``)."""
        return size

    def attack_modifiers(self, state: GameState, attacker: Creature, target: Creature,
                         attack: AttackDef) -> tuple[tuple[str, int], ...]:
        """Named modifiers this module adds to ``attacker``'s roll with ``attack`` on ``target``
        (default: none)."""
        return ()

    def at(self, moment: Moment, state: GameState, out: list[Event]) -> None:
        """Act at ``moment`` of the flow on the state copy ``state``, appending events to ``out``
        (default: nothing)."""
        return None


class RuleBook:
    """The active rule modules of a battle, the core first, asked hook by hook.

    Built by ``modules.book`` from module names; equal names give the same book.

    Attributes:
        modules: the active modules, in order (the core first).
        names: their names, the core's included.
        plain_moves: True when no active module changes step costs or who
            passes whom (the engine's fast searches apply).
        reach_asked: True when an active module changes melee reach (else
            it is 1, or Threatening Reach for threats).
        min_step_takes_turn: True when an active module makes the one-square
            minimum move take the whole activation (G35-MIN).
        run_factor: the most times its speed a creature may run (0: no
            running; G35-RUN).
        ties_by_die: a die roll picks among equally near squares (G35-NEAREST).
    """

    def __init__(self, modules: tuple[RuleModule, ...]) -> None:
        """A book asking ``modules`` in order (the first is the core)."""
        self.modules = modules
        self.names = tuple(m.name for m in modules)
        self.plain_moves = not any(m.changes_step_costs or m.changes_passing for m in modules)
        self.reach_asked = any(m.changes_reach for m in modules)
        self.min_step_takes_turn = any(m.min_step_takes_turn for m in modules)
        self.run_factor = max(m.run_factor for m in modules)
        self.ties_by_die = any(m.ties_by_die for m in modules)
        self._keyed = tuple(m for m in modules if m.changes_step_costs)
        self._optional = modules[1:]
        #: False when no optional module is active (nothing to ask for attack modifiers).
        self.attack_modifiers_asked = bool(self._optional)

    def step_cost(self, state: GameState, mover: Creature, start: Square, end: Square, terrain: int,
                  tally: MoveTally) -> int:
        """Squares of movement of ``mover``'s step ``start`` -> ``end``, entering terrain costing
        ``terrain``, after ``tally``: every module's answer in turn, from ``terrain``."""
        return self._cost(Step(state, mover, start, end, terrain, tally))

    def _cost(self, step: Step) -> int:
        """Every module's ``step_cost`` of ``step`` in turn, from its terrain cost."""
        cost = step.terrain
        for m in self.modules:
            cost = m.step_cost(step, cost)
        return cost

    def step(self, state: GameState, mover: Creature, start: Square, end: Square, terrain: int,
             tally: MoveTally) -> tuple[int, MoveTally]:
        """``step_cost`` of the step and the tally after it: (cost, new tally); the tally's
        diagonal count grows by the modules' ``diagonal_count`` (1 a diagonal, for the core)."""
        step = Step(state, mover, start, end, terrain, tally)
        cost = self._cost(step)
        count = 1 if step.diagonal else 0
        for m in self._keyed:
            count = m.diagonal_count(step, count)
        return cost, MoveTally(tally.steps + 1, tally.diagonals + count, tally.spent + cost, tally.running)

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """What of ``tally`` the active modules' step costs depend on (``()`` for the core alone)."""
        key: tuple[int, ...] = ()
        for m in self._keyed:
            key += m.tally_key(tally)
        return key

    def passes(self, state: GameState, mover: Creature, other: Creature, passes: bool) -> bool:
        """Whether ``mover`` may move through ``other``'s square: every module's answer in turn,
        from ``passes`` (MOV-2, MOV-5, MOV-9..11 as the movement mode says)."""
        for m in self.modules:
            passes = m.passes(state, mover, other, passes)
        return passes

    def melee_reach(self, state: GameState, creature: Creature, reach: int) -> int:
        """Squares within which ``creature``'s melee or opportunity attacks reach: every module's
        answer in turn, from ``reach`` (1 for attacks, RNG-1; Threatening Reach for threats, OA-1)."""
        for m in self.modules:
            reach = m.melee_reach(state, creature, reach)
        return reach

    def squeeze_size(self, state: GameState, creature: Creature, size: int) -> int:
        """Squares across ``creature`` counts as while squeezing (0: it may not): every module's
        answer in turn, from ``size`` (the core's: 2 for a Huge creature, else 0)."""
        for m in self._optional:
            size = m.squeeze_size(state, creature, size)
        return size

    def attack_modifiers(self, state: GameState, attacker: Creature, target: Creature,
                         attack: AttackDef) -> tuple[tuple[str, int], ...]:
        """The modifiers the active modules add to an attack roll, in module order."""
        found: tuple[tuple[str, int], ...] = ()
        for m in self._optional:  # the core's modifiers are combat's MOD table
            found += m.attack_modifiers(state, attacker, target, attack)
        return found

    def at(self, moment: Moment, state: GameState, out: list[Event]) -> None:
        """Ask the optional modules to act at ``moment`` (the core's own flow is ``flow``'s)."""
        for m in self._optional:
            m.at(moment, state, out)

    def __repr__(self) -> str:
        return f"RuleBook({', '.join(self.names)})"
