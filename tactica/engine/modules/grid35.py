"""The ``grid35`` module: tactical movement of the 3.5-era text (docs/modules/grid35.md).

Each rule is an answer of the module to a hook of ``modules.base``:

* G35-DIAG (``step_cost``, ``tally_key``): diagonal steps cost 1, 2, 1, 2 …
  squares alternately across one move; the count carries through the whole
  move, straight steps between diagonals included.  The second, fourth…
  diagonal adds 1 square to the step's cost.  The count is per move (a move
  action, a squeeze or a charge's move); a shift (MOV-12) and forced
  movement (MOV-14) are unchanged; ranges are counted the skirmish way.
* G35-HAMPER (``step_cost``, ``diagonal_count``): each hampering cause of
  the square entered doubles the step's cost: 2, 4, 8 straight; 3, 6, 12
  diagonally, a hampered diagonal counting as two diagonals of the G35-DIAG
  count (so it leaves the count's parity alone).  The causes *(our
  conversion)*: costly terrain (a square costing more than 1 to enter, MOV-8),
  a low obstacle (G35-OBSTACLE) and poor visibility (a square that hides,
  TER-SMOKE).  A Large or Huge creature pays for the worst square of its
  footprint after the step.  A creature that ignores terrain costs (flight,
  burrow, phasing, MOV-9..11) is not hampered.
* G35-OBSTACLE: a low obstacle (``Terrain.LOW_OBSTACLE``) costs 2 (one
  hampering cause) and no move ends on it (``TerrainRules.can_stop``), so a
  creature crosses it only with movement enough for it *and* the square
  beyond: the route searches give no end on it, nor a path past it that the
  budget does not cover.
* G35-HELPLESS, G35-SIZE (``passes``): a helpless enemy (CON-4) is passed at
  no extra cost; so is a creature three or more size categories larger or
  smaller; a Tiny mover passes any creature.  No move ends on another
  creature's square (MOV-2; *our choice*, see the module page).

* G35-MIN (``min_step_takes_turn``): however hampered, a creature may move
  one square (diagonal too) with its whole activation: the one-square
  minimum of MOV-4 then takes both actions and needs both unused.  It is a
  move, not a shift, and provokes as moves do.
* G35-RUN (``run_factor``): a creature that has used no action of its
  activation may run up to four times its speed; the run is a move that
  takes both actions (so no attack), and never enters a hampered square
  (G35-HAMPER: ``step_cost`` answers ``BARRED`` on a run).
* G35-SQUEEZE (``squeeze_size``, ``attack_modifiers``): a Large creature
  may squeeze too (the squeeze action of docs/rules.md, as 1 square across,
  at half speed: each square costs 2); a squeezing creature attacks at -4
  and is hit at AC -4.
* G35-NEAREST (``ties_by_die``): when a creature goes to the nearest legal
  square (MOV-3, TER-PIT) and several are equally near, a die picks one.
* G35-REACH (``melee_reach``): a Large or Huge creature's melee attacks and
  opportunity attacks reach 2 squares, the diagonal ones at that distance
  included, and adjacent squares still.

``grid35-simple`` is the text's simpler option: every diagonal costs 1.5
squares, a move's total rounded up.  Paying the half square at once (2, 1,
2, 1 … across the move) gives exactly that total after every step.
"""
from __future__ import annotations

from ..abilities import Burrow, Flight, Phasing, has
from ..footprint import footprint
from ..model import AttackDef
from ..state import Creature, GameState
from .base import BARRED, MoveTally, RuleModule, Step

#: Size categories relative to Medium (G35-SIZE): Tiny -2, Small -1, Medium 0, Large 1, Huge 2.
TINY, SMALL, MEDIUM = -2, -1, 0


def size_category(creature: Creature) -> int:
    """``creature``'s size category relative to Medium (G35-SIZE; *our reading*): a card of size 1 is
    Medium unless its keywords say ``Small`` or ``Tiny``; size 2 (Large) is 1, size 3 (Huge) is 2."""
    size = creature.card.size
    if size > 1:
        return size - 1
    keywords = creature.card.keywords
    if "Tiny" in keywords:
        return TINY
    if "Small" in keywords:
        return SMALL
    return MEDIUM


def hampering_causes(state: GameState, square: tuple[int, int]) -> int:
    """The hampering causes of ``square`` (G35-HAMPER, *our conversion*): 0 to 3, one each for
    costly terrain (entering costs more than 1, MOV-8), a low obstacle (G35-OBSTACLE) and poor
    visibility (a square that hides, TER-SMOKE).  A low obstacle's own cost of 2 is its obstacle
    cause; only a dearer one (a map's own terrain kind) is costly terrain as well."""
    rules = state.battle_map.rules_at(square)
    costly = rules.cost > (2 if rules.low_obstacle else 1)  # a low obstacle's own 2 is the obstacle
    return int(costly) + int(rules.low_obstacle) + int(rules.hides)


def _unhampered(mover: Creature) -> bool:
    """True when ``mover`` ignores terrain costs (MOV-9..11), and so is never hampered."""
    card = mover.card
    return bool(card.abilities) and (has(card, Flight) or has(card, Burrow) or has(card, Phasing))


def step_causes(step: Step) -> int:
    """Hampering causes the mover of ``step`` meets on entering its end (G35-HAMPER): those of the
    worst square it occupies after the step (a Large or Huge creature's whole footprint)."""
    mover = step.mover
    if _unhampered(mover):
        return 0
    size = mover.card.size
    if size == 1:
        return hampering_causes(step.state, step.end)
    return max(hampering_causes(step.state, sq) for sq in footprint(step.end, size))


class Grid35(RuleModule):
    """The grid35 rules: G35-DIAG, G35-HAMPER, G35-OBSTACLE, G35-HELPLESS, G35-SIZE (module docstring)."""

    name = "grid35"
    title = "grid35: 3.5-era movement (1-2-1 diagonals, hampering, reach 2, running)"
    changes_step_costs = True
    steps_from_map = True  # the map's rules, the card's size and movement modes, the run, the diagonals' parity
    changes_passing = True
    changes_reach = True
    min_step_takes_turn = True  # G35-MIN
    run_factor = 4  # G35-RUN
    ties_by_die = True  # G35-NEAREST
    #: Which diagonals of a move cost the extra square: 1 = the 2nd, 4th… (G35-DIAG), 0 = the 1st, 3rd…
    _dear_parity = 1

    def step_cost(self, step: Step, cost: int) -> int:
        """The step's squares of movement, given the core's ``cost`` (the terrain's).

        Hampered (G35-HAMPER): 2, 4 or 8 for one, two or three causes (never less than ``cost``),
        diagonally 3, 6 or 12; ``BARRED`` on a run or a charge.  Otherwise ``cost`` plus 1 for
        every other diagonal step of the move (G35-DIAG).
        """
        causes = step_causes(step)
        if causes:
            if step.tally.running:
                return BARRED  # G35-HAMPER: no running or charging through hampered squares
            times = 1 << causes
            return times * 3 // 2 if step.diagonal else max(cost, times)
        if step.diagonal and step.tally.diagonals % 2 == self._dear_parity:
            return cost + 1
        return cost

    def diagonal_count(self, step: Step, count: int) -> int:
        """A hampered diagonal counts as two diagonals of the move (G35-HAMPER: "as moving two
        diagonals"), any other step as the core counts it (``count``)."""
        if count and step_causes(step):
            return 2
        return count

    def tally_key(self, tally: MoveTally) -> tuple[int, ...]:
        """The parity of the move's diagonal count so far (G35-DIAG)."""
        return (tally.diagonals % 2,)

    def passes(self, state: GameState, mover: Creature, other: Creature, passes: bool) -> bool:
        """Whether ``mover`` may move through ``other``'s square, given the core's ``passes``.

        G35-HELPLESS: a helpless creature (CON-4) is passed.  G35-SIZE: a creature three or more
        size categories larger or smaller is passed, and a Tiny mover passes anyone.
        """
        if passes or "helpless" in other.conditions:
            return True
        mine = size_category(mover)
        return mine <= TINY or abs(mine - size_category(other)) >= 3


    def melee_reach(self, state: GameState, creature: Creature, reach: int) -> int:
        """G35-REACH: a Large or bigger creature reaches 2 squares (its adjacent squares too)."""
        return max(reach, 2) if creature.card.size > 1 else reach


    def squeeze_size(self, state: GameState, creature: Creature, size: int) -> int:
        """G35-SQUEEZE: a creature squeezes into half its width, rounded up: a Large one as 1 square
        across, a Huge one as 2 (the core's)."""
        return (creature.card.size + 1) // 2 if creature.card.size > 1 else size

    def attack_modifiers(self, state: GameState, attacker: Creature, target: Creature,
                         attack: AttackDef) -> tuple[tuple[str, int], ...]:
        """G35-SQUEEZE: a squeezing creature attacks at -4 and is hit at AC -4.  The core's squeeze
        gives -5 and combat advantage (+2) to its attackers: this adds +1 and +2 to make them so."""
        found: tuple[tuple[str, int], ...] = ()
        if attacker.effects and "squeezing" in attacker.conditions:
            found += (("squeezing at -4, not -5 (G35-SQUEEZE)", 1),)
        if target.effects and "squeezing" in target.conditions:
            found += (("target squeezing, AC -4 (G35-SQUEEZE)", 2),)
        return found


class Grid35Simple(Grid35):
    """G35-DIAG's simpler option: every diagonal costs 1.5 squares (a move's total rounded up)."""

    name = "grid35-simple"
    title = "grid35 with every diagonal costing 1.5"
    excludes = ("grid35",)  # the two diagonal counts would add up (every diagonal 2): one or the other
    _dear_parity = 0
