"""Changing dice (CL-13): rerolls, the better of two dice, a roll counted as a given natural face.

A stat card's ``dice`` entries (``triggers.DieChange``) change its own d20
rolls -- attack rolls (ATK-3) and saving throws (SAV-1).  The engine makes
the change whenever an entry applies (its ``when`` holds and it has check
boxes left), because each change can only help the roller: a failed roll is
changed, or two dice are rolled and the better kept.  A roll is changed at
most once (``triggers.DieChange``).  Every die comes from the battle's
seeded dice (``GameState.dice``), one draw per die, so a battle replays and
undoes exactly; each change is a ``DieChanged`` event naming its reason.

Also here: the chance of each natural face once a card's changes apply
(``face_weights``), which the attack preview uses (``combat.preview``).
"""
from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .members import DIE_CHANGE_KIND_BETTER_OF_TWO, DIE_CHANGE_KIND_REROLL
from .state import Creature, GameState
from .triggers import DieChange, DieRoll
from .when import CALM, Situation


def dice_key(change: DieChange) -> str:
    """The ``Creature.used`` key of a dice change's check boxes (CARD-4)."""
    return f"dice:{change.name}"


def _used(me: Creature, key: str) -> int:
    for k, n in me.used:
        if k == key:
            return n
    return 0


def available(me: Creature, change: DieChange) -> bool:
    """True unless every check box of ``change`` is ticked (CARD-4)."""
    return not change.uses or _used(me, dice_key(change)) < change.uses


def applicable(state: GameState, me: Creature, roll: DieRoll, other: Creature | None,
               situation: Situation = CALM) -> list[DieChange]:
    """``me``'s dice changes for a ``roll`` now: with boxes left and their ``when`` holding, card order."""
    found: list[DieChange] = []
    for change in getattr(me.card, "dice", ()):
        if change.roll is roll and available(me, change) and change.when.holds(state, me, other, situation):
            found.append(change)
    return found


def _tick(me: Creature, change: DieChange, out: list[ev.Event]) -> None:
    if not change.uses:
        return
    key = dice_key(change)
    n = _used(me, key) + 1
    me.used = tuple((k, v) for k, v in me.used if k != key) + ((key, n),)
    out.append(ev.UseSpent(me.uid, change.name, max(0, change.uses - n)))


def roll_d20(state: GameState, me: Creature, roll: DieRoll, succeeds: Callable[[int], bool],
             out: list[ev.Event], *, other: Creature | None = None, situation: Situation = CALM) -> int:
    """Roll ``me``'s d20 for ``roll``, changed by its card's dice changes (CL-13); returns the face that counts.

    Args:
        state: the battle (its dice advance by every die rolled; ``me.used`` may tick a box).
        me: the roller.
        roll: ATTACK or SAVE.
        succeeds: whether a natural face succeeds (an attack hits; a save ends the effect).
        out: a ``DieChanged`` event (and ``UseSpent``) is appended for each change.
        other: the target of the attack (None for a save).
        situation: what is known of the attack, for the ``when`` tests.
    A creature without dice changes rolls one die and nothing else happens.
    """
    changes = applicable(state, me, roll, other, situation) if getattr(me.card, "dice", ()) else []
    first, state.dice = state.dice.roll(20)
    if not changes:
        return first
    best = next((c for c in changes if c.change is DIE_CHANGE_KIND_BETTER_OF_TWO), None)
    if best is not None:
        second, state.dice = state.dice.roll(20)
        kept = max(first, second)
        me = state.own(me)
        _tick(me, best, out)
        out.append(ev.DieChanged(me.uid, roll.value, (first, second), kept, best.name, best.change.value))
        return kept
    if succeeds(first):
        return first
    fix = next((c for c in changes if c.change is not DIE_CHANGE_KIND_BETTER_OF_TWO), None)
    if fix is None:
        return first
    me = state.own(me)
    _tick(me, fix, out)
    if fix.change is DIE_CHANGE_KIND_REROLL:
        again, state.dice = state.dice.roll(20)
        out.append(ev.DieChanged(me.uid, roll.value, (first, again), again, fix.name, fix.change.value))
        return again
    out.append(ev.DieChanged(me.uid, roll.value, (first,), fix.natural, fix.name, fix.change.value))
    return fix.natural


def face_weights(changes: list[DieChange], succeeds: Callable[[int], bool]) -> tuple[float, ...] | None:
    """The chance of each natural face 1..20 that counts, once ``changes`` apply (CL-13).

    ``changes``: from ``applicable`` (card order); ``succeeds``: as for ``roll_d20``.
    Returns 20 probabilities (index 0 is face 1), or None when nothing changes the roll (every
    face 1/20).
    """
    if not changes:
        return None
    best = next((c for c in changes if c.change is DIE_CHANGE_KIND_BETTER_OF_TWO), None)
    if best is not None:  # P(max of two d20 = n) = (2n - 1) / 400
        return tuple((2 * n - 1) / 400 for n in range(1, 21))
    fix = changes[0]
    fails = sum(1 for n in range(1, 21) if not succeeds(n)) / 20
    weights = [1 / 20 if succeeds(n) else 0.0 for n in range(1, 21)]
    if fix.change is DIE_CHANGE_KIND_REROLL:
        for n in range(1, 21):
            weights[n - 1] += fails / 20
    else:
        weights[fix.natural - 1] += fails
    return tuple(weights)


__all__ = ["dice_key", "available", "applicable", "roll_d20", "face_weights"]
