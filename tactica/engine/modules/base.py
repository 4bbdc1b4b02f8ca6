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
* ``first_step_free(state, mover, free)`` -- whether the first step of a
  move is allowed whatever it costs (MOV-4 gives the first answer, True;
  G5E-ENTER answers False).
* ``on_condition(state, target, name, out)`` -- a trigger after ``target``
  gained the condition ``name`` (G5E-FALL); it may change the state copy
  and append events to ``out``.
* ``squeeze_penalty(state, attacker, penalty)`` -- the attack modifier of a
  squeezing attacker (the core's -5, docs/rules.md Squeeze; G5E-SQUEEZE).

* ``step_count(step)`` -- how many of the module's own counted steps a step
  adds to the move's ``MoveTally.counted`` (default 0); with ``tally_key`` a
  price that alternates across a move is searched exactly (UG-LOW: a stooped
  step costs 1.5 squares, paid 2, 1, 2 …).
* ``square_risk(state, mover, anchor, risk)`` -- how risky it is for ``mover`` to step onto
  ``anchor`` and to change direction there (a ``SquareRisk``; none: not at all), given ``risk``
  from the modules before; asked only when a module sets ``prices_risk``.  Route searches break
  ties of cost and opportunity attacks by the risk of the way: each square's ``enter`` risk, plus
  its ``turn`` risk where the way changes direction on it (UG-SLIP: ice, where turning needs a
  check; UG-DARK: darkness).
* ``moved(state, mover, start, path, mode, out)`` -- a trigger after ``mover``
  went from ``start`` along ``path`` (a move, charge, squeeze or shift; ``mode`` says which, or
  the forced movement's kind): it may change the state copy, move the
  creature on and append events (UG-FALL, UG-SLIDE, UG-DARK, UG-SLIP).
  Asked only when a module sets ``watches_moves``.
* ``sees(state, viewer, target, seen)`` -- whether ``viewer`` has line of
  sight to ``target``, given ``seen`` (LOS-1 gives the first answer); asked
  only when a module sets ``changes_sight`` (UG-DARK: darkness).
* ``before_attack(state, attacker, target, attack, out)`` -- asked before the
  roll of each attack; False makes it miss without a roll (UG-SLIP: the
  check before a melee attack on ice).  Asked only with ``checks_attacks``.
* ``damage_modifiers(state, attacker, target)`` -- named HP added to a hit's
  damage, as damage auras are (UG-FATIGUE: -5 fatigued, -10 exhausted).
* ``square_refusal(state, mover, square)`` -- why the module keeps a creature's
  moves out of a square, a (code, sentence) pair naming its rule, or None;
  ``engine.move_refusal`` asks it first.
* ``shift_allowed(state, mover, anchor)`` -- False when the module keeps a
  shift (MOV-12) out of a square the skirmish rules allow (UG-FALL: no shift
  over a ledge nor up out of a chasm; UG-LOW: none under a slowing ceiling).
* ``actions(state)``, ``refusal(state, action)``, ``perform(state, action,
  out)`` -- a module's own kinds of action (``action_kinds``, e.g. the
  ``Dig`` of UG-RUBBLE): the legal ones of the active creature now, why one
  is refused (a (code, sentence) pair, or None), and carrying one out on the
  state copy.  The engine's legal actions, ``check`` and ``apply`` ask them.

Flags (class attributes, False by default): ``keeps_move_rest`` -- a move
action's unspent movement may be used later in the activation, around the
attack (G5E-SPLIT); ``prone_moves`` -- a creature may drop prone for free
and stand up for half its speed (the ``DropProne`` and ``StandUp`` actions,
G5E-PRONE).  ``excludes`` names modules that price the same things another
way and so cannot be switched on with this one (``modules.conflict``).

``prices_risk`` says that a module answers ``square_risk`` (``RuleBook.risk_asked``).

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
from typing import Any, NamedTuple

from ..events import Event
from ..model import AttackDef, Square
from ..state import Creature, GameState


class Moment(str, Enum):
    """The points of the battle's flow a module's ``at`` hook is asked at (RND-1..4, ACT-1)."""

    ROUND_STARTED = "round started"            # after the RoundStarted event, before initiative (RND-1)
    ROUND_ENDED = "round ended"                # after RoundEnded (VP scored), before the victory check
    ACTIVATION_STARTED = "activation started"  # after CreatureActivated, before recharges and powers
    ACTIVATION_ENDED = "activation ended"      # after ActivationEnded, before a champion-power window

#: The members as module constants: the flow reads them every activation, and reading ``Moment.X``
#: goes through the enum metaclass's ``__getattr__`` hook (``engine/members.py`` says more; that
#: module cannot hold these, as it would import this package, whose modules import it).
MOMENT_ROUND_STARTED = Moment.ROUND_STARTED
MOMENT_ROUND_ENDED = Moment.ROUND_ENDED
MOMENT_ACTIVATION_STARTED = Moment.ACTIVATION_STARTED
MOMENT_ACTIVATION_ENDED = Moment.ACTIVATION_ENDED


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
        counted: the modules' own count of the move's steps (``step_count``;
            UG-LOW: stooped steps).
    """

    steps: int = 0
    diagonals: int = 0
    spent: int = 0
    running: bool = False
    counted: int = 0

    def after(self, diagonal: bool, cost: int) -> MoveTally:
        """The tally after one more step (``diagonal`` or not) costing ``cost`` squares."""
        return MoveTally(self.steps + 1, self.diagonals + (1 if diagonal else 0), self.spent + cost, self.running,
                         self.counted)


class SquareRisk(NamedTuple):
    """How risky a square is for a mover (``RuleModule.square_risk``; route searches add these up).

    Attributes:
        enter: the risk of stepping onto it.
        turn: the further risk of changing direction on it.
    """

    enter: int = 0
    turn: int = 0


#: No risk at all.
SAFE = SquareRisk()


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


class Services:
    """What the engine lends the rule modules that they may not import themselves (the engine's
    own modules import ``engine.modules``, so the other way round would be an import cycle).
    ``engine.game`` fills ``SERVICES`` when the engine is imported.

    Attributes:
        deal_damage: ``combat.deal_damage(state, target, amount, damage_type, by_player, out, *,
            cause=...)``: HP lost, the creature destroyed at 0 (HP-1).
        add_effect: ``conditions.add_effect(state, target, name, duration, source, out)``.
        end_effects: ``conditions.end_effects(creature, effects, why, out)``.
        legal_stop: ``movement.legal_stop(state, mover, square)``: True when ``mover`` may end a
            move on ``square`` (MOV-2).
        book_of: ``modules.book_of(state)``, the battle's rule book (filled by ``modules``).
    """

    deal_damage: Any = None
    add_effect: Any = None
    end_effects: Any = None
    legal_stop: Any = None
    book_of: Any = None


#: The engine's services for rule modules (filled by ``engine.game``).
SERVICES = Services()


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
        keeps_move_rest: True when a move action's unspent squares stay
            usable later in the activation (G5E-SPLIT).
        prone_moves: True when creatures may drop prone and stand up as
            actions (G5E-PRONE).
        excludes: names of modules this one may not be switched on with.
        watches_moves: True when ``moved`` may do anything.
        changes_sight: True when ``sees`` may answer anything but what it is given.
        checks_attacks: True when ``before_attack`` may answer False.
        action_kinds: the kinds of action the module adds (``actions``).
        prices_risk: True when ``square_risk`` may answer anything but what it is given.
        steps_from_map: True when ``step_cost``, ``diagonal_count`` and
            ``step_count`` read nothing but the map, the mover's card, the
            step's two squares and terrain cost, whether it is the move's
            first step, whether the move is a run (``MoveTally.running``) and
            the tally's ``tally_key``: route searches may then keep a step's
            parts with the map from one search to the next.
    """

    name: str = ""
    title: str = ""
    changes_step_costs: bool = False
    changes_passing: bool = False
    changes_reach: bool = False
    min_step_takes_turn: bool = False
    run_factor: int = 0
    ties_by_die: bool = False
    keeps_move_rest: bool = False
    prone_moves: bool = False
    excludes: tuple[str, ...] = ()
    watches_moves: bool = False
    changes_sight: bool = False
    checks_attacks: bool = False
    action_kinds: tuple[type, ...] = ()
    prices_risk: bool = False
    steps_from_map: bool = False

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

    def square_risk(self, state: GameState, mover: Creature, anchor: Square, risk: SquareRisk) -> SquareRisk:
        """How risky stepping onto ``anchor`` and turning there are for ``mover`` (a Large or Huge
        mover's anchor, its footprint's squares), given ``risk`` from the modules before (default:
        ``risk``)."""
        return risk

    def step_count(self, step: Step) -> int:
        """How many of the module's counted steps ``step`` adds to ``MoveTally.counted`` (default 0)."""
        return 0

    def moved(self, state: GameState, mover: Creature, start: Square, path: tuple[Square, ...], mode: str,
              out: list[Event]) -> None:
        """Act on the state copy after ``mover`` went from ``start`` along ``path`` (``mode``: "move", "charge",
        "squeeze", "shift" or a forced movement's kind), appending events (default: nothing)."""
        return None

    def sees(self, state: GameState, viewer: Creature, target: Creature, seen: bool) -> bool:
        """Whether ``viewer`` sees ``target``, given ``seen`` from line of sight (default: ``seen``)."""
        return seen

    def before_attack(self, state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                      out: list[Event]) -> bool:
        """Asked before each attack roll on the state copy; False: the attack misses unrolled
        (default: True)."""
        return True

    def damage_modifiers(self, state: GameState, attacker: Creature,
                         target: Creature) -> tuple[tuple[str, int], ...]:
        """Named HP this module adds to a hit of ``attacker`` on ``target`` (default: none)."""
        return ()

    def actions(self, state: GameState) -> list[Any]:
        """The legal actions of the module's own kinds for the active creature now (default: none)."""
        return []

    def square_refusal(self, state: GameState, mover: Creature, square: Square) -> tuple[str, str] | None:
        """Why this module keeps ``mover``'s moves out of ``square``, as (code, sentence naming the
        rule), or None (default); ``engine.move_refusal`` asks it first."""
        return None

    def shift_allowed(self, state: GameState, mover: Creature, anchor: Square) -> bool:
        """Whether ``mover`` may shift (MOV-12) to ``anchor`` by this module, the skirmish rules
        allowing it (default: True)."""
        return True

    def refusal(self, state: GameState, action: Any) -> tuple[str, str] | None:
        """Why ``action`` (one of ``action_kinds``) is refused now, as (code, sentence), or None."""
        return None

    def perform(self, state: GameState, action: Any, out: list[Event]) -> None:
        """Carry out ``action`` (one of ``action_kinds``, already checked) on the state copy."""
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
        #: True when the modules that change step costs all read only the map and the mover's card
        #: (``RuleModule.steps_from_map``): a route search may reuse the steps priced before.
        self.steps_from_map = bool(self._keyed) and all(m.steps_from_map for m in self._keyed)
        self._optional = modules[1:]
        #: False when no optional module is active (nothing to ask for attack modifiers).
        self.attack_modifiers_asked = bool(self._optional)
        #: True when a move action's unspent squares stay usable in the activation (G5E-SPLIT).
        self.keeps_move_rest = any(m.keeps_move_rest for m in modules)
        #: True when the DropProne and StandUp actions exist (G5E-PRONE).
        self.prone_moves = any(m.prone_moves for m in modules)
        self._watching = tuple(m for m in modules if m.watches_moves)
        self._sight = tuple(m for m in modules if m.changes_sight)
        self._checking = tuple(m for m in modules if m.checks_attacks)
        self._risky = tuple(m for m in modules if m.prices_risk)
        #: True when an active module prices the risk of squares (``square_risk``): route searches
        #: then break ties by it.
        self.risk_asked = bool(self._risky)
        #: True when a module acts after moves (``moved``), changes sight (``sees``) or checks
        #: attacks before their roll (``before_attack``).
        self.watches_moves = bool(self._watching)
        self.changes_sight = bool(self._sight)
        self.checks_attacks = bool(self._checking)
        #: The kinds of action the active modules add, and the module owning each.
        self.owners: dict[type, RuleModule] = {k: m for m in modules for k in m.action_kinds}
        self.action_kinds: tuple[type, ...] = tuple(self.owners)

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
        cost, count, counted = self.step_parts(state, mover, start, end, terrain, tally)
        return cost, MoveTally(tally.steps + 1, tally.diagonals + count, tally.spent + cost, tally.running,
                               tally.counted + counted)

    def step_parts(self, state: GameState, mover: Creature, start: Square, end: Square, terrain: int,
                   tally: MoveTally) -> tuple[int, int, int]:
        """What ``step`` adds up: (its cost, the diagonals it adds to the move's count, the modules'
        counted steps it adds, ``step_count``).  Within one route search it depends on ``tally`` only
        through ``tally_key`` (the hooks' contract), so a search may keep it per (step, key)."""
        step = Step(state, mover, start, end, terrain, tally)
        cost = self._cost(step)
        count = 1 if step.diagonal else 0
        for m in self._keyed:
            count = m.diagonal_count(step, count)
        counted = 0
        for m in self._keyed:
            counted += m.step_count(step)
        return cost, count, counted

    def square_risk(self, state: GameState, mover: Creature, anchor: Square) -> SquareRisk:
        """How risky stepping onto ``anchor`` and turning there are for ``mover``: every risk-pricing
        module's answer in turn, from ``SAFE`` (``RuleModule.square_risk``)."""
        risk = SAFE
        for m in self._risky:
            risk = m.square_risk(state, mover, anchor, risk)
        return risk

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

    def moved(self, state: GameState, mover: Creature, start: Square, path: tuple[Square, ...], mode: str,
              out: list[Event]) -> None:
        """Ask the modules that watch moves to act after ``mover`` went from ``start`` along ``path``."""
        for m in self._watching:
            if not mover.alive:
                return
            m.moved(state, mover, start, path, mode, out)

    def sees(self, state: GameState, viewer: Creature, target: Creature, seen: bool) -> bool:
        """Whether ``viewer`` sees ``target``: every module's answer in turn, from ``seen`` (LOS-1)."""
        for m in self._sight:
            seen = m.sees(state, viewer, target, seen)
        return seen

    def before_attack(self, state: GameState, attacker: Creature, target: Creature, attack: AttackDef,
                      out: list[Event]) -> bool:
        """False when a module makes the attack miss before its roll (UG-SLIP)."""
        return all(m.before_attack(state, attacker, target, attack, out) for m in self._checking)

    def damage_modifiers(self, state: GameState, attacker: Creature,
                         target: Creature) -> tuple[tuple[str, int], ...]:
        """The named HP the optional modules add to a hit, in module order."""
        found: tuple[tuple[str, int], ...] = ()
        for m in self._optional:
            found += m.damage_modifiers(state, attacker, target)
        return found

    def shift_allowed(self, state: GameState, mover: Creature, anchor: Square) -> bool:
        """Whether every optional module lets ``mover`` shift to ``anchor`` (``RuleModule.shift_allowed``)."""
        return all(m.shift_allowed(state, mover, anchor) for m in self._optional)

    def square_refusal(self, state: GameState, mover: Creature, square: Square) -> tuple[str, str] | None:
        """The first optional module's reason to keep ``mover``'s moves out of ``square``, or None."""
        for m in self._optional:
            found = m.square_refusal(state, mover, square)
            if found is not None:
                return found
        return None

    def actions(self, state: GameState) -> list[Any]:
        """The legal actions of the modules' own kinds for the active creature now."""
        found: list[Any] = []
        for m in self._optional:
            if m.action_kinds:
                found.extend(m.actions(state))
        return found

    def __repr__(self) -> str:
        return f"RuleBook({', '.join(self.names)})"
