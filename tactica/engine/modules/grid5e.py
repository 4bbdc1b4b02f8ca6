"""The ``grid5e`` module: movement and position of the 5e-era text on a grid (docs/modules/grid5e.md).

Implements, with the readings and skirmish-scale conversions of
docs/modules/grid5e.md:

* G5E-ENTER: entering a square needs its full cost left; MOV-4's free first
  step does not apply (``first_step_free``).
* G5E-DIFF: difficult terrain costs 1 extra square, whatever the number of
  causes; another creature's square is difficult for a creature on the
  ground (``step_cost``).
* G5E-PASS: a hostile creature's square may be passed when the two differ by
  two size categories or more (``passes``).
* G5E-SPACE: spaces by size: the skirmish footprints already are the text's
  (nothing to change; the page says why).
* G5E-SQUEEZE: a squeezing creature attacks at -2, not -5
  (``squeeze_penalty``); attacks against it keep combat advantage, +2.
* G5E-SPLIT: a move action's unspent squares stay usable later in the
  activation, around the attack (``keeps_move_rest``; the engine's move
  pool, ``GameState.move_spent``).
* G5E-PRONE: the condition ``prone``: dropping prone is free, standing up
  costs half the speed (``prone_moves``: the ``DropProne`` and ``StandUp``
  actions); a prone creature crawls, 1 extra square a step (``step_cost``).
* G5E-FALL: a flier knocked prone, immobilized, stunned or made helpless
  falls: it lands prone (``on_condition``).
* G5E-SPEEDS: the rest of a split move is the creature's speed *now* minus
  what the move action has spent (the engine's move pool).
"""
from __future__ import annotations

from .. import events as ev
from ..abilities import Burrow, Flight, has
from ..footprint import footprint
from ..members import DURATION_BATTLE
from ..model import Square
from ..state import ActiveEffect, Creature, GameState
from .base import RuleModule, Step

#: Extra squares of movement a difficult square costs (G5E-DIFF), and a prone creature's step (G5E-PRONE).
EXTRA = 1
#: A squeezing creature's attack modifier (G5E-SQUEEZE: disadvantage as -2).
SQUEEZE_PENALTY = -2
#: Conditions that make a flier fall (G5E-FALL): knocked prone, speed 0 (CON-5), unable to move (CON-3, CON-4).
FALL_CONDITIONS = frozenset({"prone", "immobilized", "stunned", "helpless"})
#: The name of the prone condition (G5E-PRONE).
PRONE = "prone"


def size_category(c: Creature) -> int:
    """``c``'s size category on the text's scale (G5E-PASS, G5E-SPACE): 2 Medium (skirmish size 1,
    Small and Medium alike), 3 Large, 4 Huge."""
    return c.card.size + 1


def is_prone(c: Creature) -> bool:
    """True when ``c`` has the condition ``prone`` (G5E-PRONE)."""
    return bool(c.effects) and PRONE in c.conditions


def prone_effect() -> ActiveEffect:
    """The record of the prone condition: it lasts until the creature stands up (G5E-PRONE)."""
    return ActiveEffect(PRONE, DURATION_BATTLE)


class Grid5e(RuleModule):
    """The 5e-era grid rules: G5E-SPLIT … G5E-SQUEEZE (see the module docstring)."""

    name = "grid5e"
    title = "grid5e: split moves, difficult +1, prone, passing by size"
    changes_step_costs = True
    changes_passing = True
    keeps_move_rest = True
    prone_moves = True
    excludes = ("grid35", "grid35-simple")

    def step_cost(self, step: Step, cost: int) -> int:
        """G5E-DIFF and G5E-PRONE: 1 extra for a difficult square or another creature's square (one
        extra, however many causes), 1 more for a prone creature crawling.

        A flier, burrower or phaser pays 1 (MOV-9..11 give ``cost`` 1); a flier passes over
        creatures and a burrower under them, so their squares do not slow it.  A prone creature
        crawls on the ground: it pays the terrain whatever its card's movement mode.
        """
        state, mover = step.state, step.mover
        prone = is_prone(mover)
        if prone:
            cost = state.geometry.cost(step.end)
        if cost <= 1 and (prone or not _over_or_under(mover)) and _enters_creature(state, mover, step):
            cost = 1 + EXTRA
        return cost + EXTRA if prone else cost

    def passes(self, state: GameState, mover: Creature, other: Creature, passes: bool) -> bool:
        """G5E-PASS: a hostile creature's square too, when the sizes differ by 2 categories or more.

        G5E-PRONE: a prone creature crawls, so flight, burrowing and phasing no longer take it
        through enemies (MOV-9..11): only the size rule does."""
        two_apart = abs(size_category(mover) - size_category(other)) >= 2
        if other.team != mover.team and is_prone(mover):
            return two_apart
        return passes or two_apart

    def first_step_free(self, state: GameState, mover: Creature, free: bool) -> bool:
        """G5E-ENTER: no free first step; every square needs its full cost left."""
        return False

    def squeeze_penalty(self, state: GameState, attacker: Creature, penalty: int) -> int:
        """G5E-SQUEEZE: a squeezing creature's attacks take -2 (disadvantage converted)."""
        return SQUEEZE_PENALTY

    def on_condition(self, state: GameState, target: Creature, name: str, out: list[ev.Event]) -> None:
        """G5E-FALL: a flier that gains a condition of ``FALL_CONDITIONS`` falls and lands prone."""
        if name not in FALL_CONDITIONS or not has(target.card, Flight) or target.pos is None:
            return
        if sum(e.name == PRONE for e in target.effects) > (1 if name == PRONE else 0):
            return  # prone before this condition: already on the ground
        out.append(ev.FlierFell(target.uid, target.square, name))
        if name != PRONE:
            target.effects = target.effects + (prone_effect(),)
            out.append(ev.ConditionApplied(target.uid, PRONE, DURATION_BATTLE._value_, None))


def _over_or_under(mover: Creature) -> bool:
    """True when ``mover`` flies or burrows (MOV-9, MOV-10): other creatures' squares do not slow it."""
    return bool(mover.card.abilities) and (has(mover.card, Flight) or has(mover.card, Burrow))


def _enters_creature(state: GameState, mover: Creature, step: Step) -> bool:
    """True when ``step`` enters a square another creature fills (for a Large or Huge mover: a square
    its footprint newly covers, MOV-13)."""
    size = mover.card.size
    entered: tuple[Square, ...] | set[Square]
    if size == 1:
        entered = (step.end,)
    else:
        entered = set(footprint(step.end, size)) - set(footprint(step.start, size))
    for sq in entered:
        other = state.creature_at(sq)
        if other is not None and other.uid != mover.uid:
            return True
    return False


__all__ = ["EXTRA", "FALL_CONDITIONS", "PRONE", "SQUEEZE_PENALTY", "Grid5e", "is_prone", "prone_effect",
           "size_category"]
