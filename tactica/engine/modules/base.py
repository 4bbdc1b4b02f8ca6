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
* ``passes(state, mover, other, passes)`` -- whether ``mover`` may move
  through ``other``'s square (MOV-2, MOV-5, MOV-9..11 give the first answer;
  the core keeps it).  For the seed modules' passing rules (G35-HELPLESS,
  G35-SIZE, G5E-PASS).
* ``attack_modifiers(state, attacker, target, attack)`` -- named modifiers a
  module adds to an attack roll, after the core's (MOD table of
  docs/rules.md; the core adds none here).  A defence modifier is a
  negative one named for the target, as auras do.
* ``at(moment, state, out)`` -- a trigger at a point of the battle's flow
  (``Moment``: a round or an activation starting or ending); it may change
  the state copy being made and append events to ``out``.
* ``first_step_free(state, mover, free)`` -- whether the first step of a
  move is allowed whatever it costs (MOV-4 gives the first answer, True;
  G5E-ENTER answers False).
* ``on_condition(state, target, name, out)`` -- a trigger after ``target``
  gained the condition ``name`` (G5E-FALL); it may change the state copy
  and append events to ``out``.
* ``squeeze_penalty(state, attacker, penalty)`` -- the attack modifier of a
  squeezing attacker (the core's -5, docs/rules.md Squeeze; G5E-SQUEEZE).

Flags (class attributes, False by default): ``keeps_move_rest`` -- a move
action's unspent movement may be used later in the activation, around the
attack (G5E-SPLIT); ``prone_moves`` -- a creature may drop prone for free
and stand up for half its speed (the ``DropProne`` and ``StandUp`` actions,
G5E-PRONE).  ``excludes`` names modules that price the same things another
way and so cannot be switched on with this one (``modules.conflict``).

``changes_step_costs`` and ``changes_passing`` say that a module answers
``step_cost`` or ``passes`` with something else than it is given; while no
active module does (``RuleBook.plain_moves``), the engine uses its fast
searches, which are the core's answers worked out in bulk.

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


class MoveTally(NamedTuple):
    """What a move has done so far, before the step being priced (G35-DIAG).

    A small immutable tuple (route searches make one per step they try).

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
        keeps_move_rest: True when a move action's unspent squares stay
            usable later in the activation (G5E-SPLIT).
        prone_moves: True when creatures may drop prone and stand up as
            actions (G5E-PRONE).
        excludes: names of modules this one may not be switched on with.
    """

    name: str = ""
    title: str = ""
    changes_step_costs: bool = False
    changes_passing: bool = False
    keeps_move_rest: bool = False
    prone_moves: bool = False
    excludes: tuple[str, ...] = ()

    def step_cost(self, step: Step, cost: int) -> int:
        """Squares of movement ``step`` costs, given ``cost`` from the modules before (default: ``cost``)."""
        return cost

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """The part of ``tally`` this module's ``step_cost`` depends on (default: nothing, ``()``).

        The contract route searches rely on: within one search (one state,
        one mover) a step's cost depends on the tally only through this key.
        """
        return ()

    def passes(self, state: GameState, mover: Creature, other: Creature, passes: bool) -> bool:
        """Whether ``mover`` may move through ``other``'s square, given ``passes`` (default: ``passes``)."""
        return passes

    def attack_modifiers(self, state: GameState, attacker: Creature, target: Creature,
                         attack: AttackDef) -> tuple[tuple[str, int], ...]:
        """Named modifiers this module adds to ``attacker``'s roll with ``attack`` on ``target``
        (default: none)."""
        return ()

    def at(self, moment: Moment, state: GameState, out: list[Event]) -> None:
        """Act at ``moment`` of the flow on the state copy ``state``, appending events to ``out``
        (default: nothing)."""
        return None

    def first_step_free(self, state: GameState, mover: Creature, free: bool) -> bool:
        """Whether ``mover``'s first step of a move is allowed whatever it costs, given ``free``
        (MOV-4; default: ``free``)."""
        return free

    def on_condition(self, state: GameState, target: Creature, name: str, out: list[Event]) -> None:
        """Act on the state copy ``state`` after ``target`` gained the condition ``name``, appending
        events to ``out`` (default: nothing)."""
        return None

    def squeeze_penalty(self, state: GameState, attacker: Creature, penalty: int) -> int:
        """The attack modifier of squeezing ``attacker``, given ``penalty`` (default: ``penalty``)."""
        return penalty


class RuleBook:
    """The active rule modules of a battle, the core first, asked hook by hook.

    Built by ``modules.book`` from module names; equal names give the same book.

    Attributes:
        modules: the active modules, in order (the core first).
        names: their names, the core's included.
        plain_moves: True when no active module changes step costs or who
            passes whom (the engine's fast searches apply).
    """

    def __init__(self, modules: tuple[RuleModule, ...]) -> None:
        """A book asking ``modules`` in order (the first is the core)."""
        self.modules = modules
        self.names = tuple(m.name for m in modules)
        self.plain_moves = not any(m.changes_step_costs or m.changes_passing for m in modules)
        self._keyed = tuple(m for m in modules if m.changes_step_costs)
        self._optional = modules[1:]
        #: False when no optional module is active (nothing to ask for attack modifiers).
        self.attack_modifiers_asked = bool(self._optional)
        #: True when a move action's unspent squares stay usable in the activation (G5E-SPLIT).
        self.keeps_move_rest = any(m.keeps_move_rest for m in modules)
        #: True when the DropProne and StandUp actions exist (G5E-PRONE).
        self.prone_moves = any(m.prone_moves for m in modules)

    def step_cost(self, state: GameState, mover: Creature, start: Square, end: Square, terrain: int,
                  tally: MoveTally) -> int:
        """Squares of movement of ``mover``'s step ``start`` -> ``end``, entering terrain costing
        ``terrain``, after ``tally``: every module's answer in turn, from ``terrain``."""
        step = Step(state, mover, start, end, terrain, tally)
        cost = terrain
        for m in self.modules:
            cost = m.step_cost(step, cost)
        return cost

    def step(self, state: GameState, mover: Creature, start: Square, end: Square, terrain: int,
             tally: MoveTally) -> tuple[int, MoveTally]:
        """``step_cost`` of the step and the tally after it: (cost, new tally)."""
        cost = self.step_cost(state, mover, start, end, terrain, tally)
        diagonal = start[0] != end[0] and start[1] != end[1]
        return cost, tally.after(diagonal, cost)

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

    def first_step_free(self, state: GameState, mover: Creature, free: bool) -> bool:
        """Whether ``mover``'s first step is allowed whatever it costs: every module's answer in turn,
        from ``free`` (MOV-4; G5E-ENTER)."""
        for m in self._optional:
            free = m.first_step_free(state, mover, free)
        return free

    def on_condition(self, state: GameState, target: Creature, name: str, out: list[Event]) -> None:
        """Ask the optional modules to act after ``target`` gained ``name`` (G5E-FALL)."""
        for m in self._optional:
            m.on_condition(state, target, name, out)

    def squeeze_penalty(self, state: GameState, attacker: Creature, penalty: int) -> int:
        """A squeezing attacker's modifier: every optional module's answer in turn, from ``penalty``."""
        for m in self._optional:
            penalty = m.squeeze_penalty(state, attacker, penalty)
        return penalty

    def __repr__(self) -> str:
        return f"RuleBook({', '.join(self.names)})"
