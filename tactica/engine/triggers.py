"""Reactions and dice changes of the card language as typed data (CL-10, CL-13; issue 18).

Plain frozen values a stat card carries (``CreatureCard.reactions``,
``CreatureCard.dice``); the rules that read them live in ``reactions`` (the
decision window, CL-10) and ``rolls`` (the d20 rolls, CL-13).  Nothing here
is free text the engine pattern-matches: ``str()`` of each value is its card
text, made from the data.  Units: distances in squares, damage in hit points.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .when import ALWAYS, When


class ReactionTrigger(str, Enum):
    """The event outside its own activation that a reaction answers (CL-10).

    ATTACKED_BY_ADJACENT: an enemy adjacent to it makes an attack roll against
    it (hit or miss).  HIT: an enemy's attack hits it.  ALLY_DESTROYED: a
    creature of its side within ``Reaction.range`` squares is destroyed.
    ENEMY_ADJACENT: an enemy ends a move, shift, squeeze or charge (its own
    movement: not forced movement)
    adjacent to it when it was not adjacent before.
    """

    ATTACKED_BY_ADJACENT = "adjacent enemy attacks it"
    HIT = "it is hit"
    ALLY_DESTROYED = "ally destroyed nearby"
    ENEMY_ADJACENT = "enemy moves adjacent"


class ReactionEffect(str, Enum):
    """What a reaction does (CL-10).

    ATTACK: it makes its attack line ``Reaction.attack`` (its basic attack when
    "") against the enemy of the event, if that attack could target it now.
    DAMAGE: the enemy of the event takes ``amount`` damage of ``damage_type``,
    with no attack roll (met by Resist, Vulnerable and Immune).
    HEAL: it regains ``amount`` HP.
    """

    ATTACK = "attack"
    DAMAGE = "damage"
    HEAL = "heal"


class ReactionLimit(str, Enum):
    """How often a reaction may be used (CL-10): once per creature's turn, or once per round."""

    TURN = "turn"
    ROUND = "round"


@dataclass(frozen=True)
class Reaction:
    """A reaction of a stat card (CL-10): an effect its owner may use when ``trigger`` happens
    outside its own activation, decided in a window like the champion window (CHP-2).

    Attributes:
        name: display name, unique on the card.
        trigger: the event.
        effect: what it does.
        attack: ATTACK: the name of the attack line it makes ("" -- the basic attack).
        amount: DAMAGE / HEAL: hit points (0 for ATTACK).
        damage_type: DAMAGE: its damage type ("" untyped).
        range: ALLY_DESTROYED: the destroyed ally stood within this many squares (1..20); 0 otherwise.
        limit: once per TURN (the current creature's turn) or once per ROUND.
        uses: check boxes (times per battle, CARD-4); 0 for no limit beyond ``limit``.
        when: tests that must hold (CL-1): ``self`` is the reacting creature, ``other`` the
            enemy of the event (for ALLY_DESTROYED: the destroyed ally's last attacker).
    """

    name: str
    trigger: ReactionTrigger
    effect: ReactionEffect
    attack: str = ""
    amount: int = 0
    damage_type: str = ""
    range: int = 0
    limit: ReactionLimit = ReactionLimit.ROUND
    uses: int = 0
    when: When = ALWAYS

    def trigger_words(self) -> str:
        """The trigger in words, e.g. "when an enemy moves adjacent to it"."""
        return {ReactionTrigger.ATTACKED_BY_ADJACENT: "when an adjacent enemy attacks it",
                ReactionTrigger.HIT: "when an enemy's attack hits it",
                ReactionTrigger.ALLY_DESTROYED: f"when an ally within {self.range} is destroyed",
                ReactionTrigger.ENEMY_ADJACENT: "when an enemy moves adjacent to it"}[self.trigger]

    def effect_words(self) -> str:
        """The effect in words, e.g. "attack that enemy with Spear" or "that enemy takes 5 fire"."""
        if self.effect is ReactionEffect.ATTACK:
            return f"attack that enemy with {self.attack or 'its basic attack'}"
        if self.effect is ReactionEffect.DAMAGE:
            kind = f" {self.damage_type}" if self.damage_type else ""
            return f"that enemy takes {self.amount}{kind} damage"
        return f"it heals {self.amount}"

    def __str__(self) -> str:
        boxes = f" {'☐' * self.uses}" if self.uses else ""
        cond = self.when.words(other_is="that enemy")
        cond = f" ({cond})" if cond else ""
        return (f"{self.name}{boxes}: reaction {self.trigger_words()}{cond}: {self.effect_words()}; "
                f"once per {self.limit.value}")


class DieRoll(str, Enum):
    """Which d20 roll a dice change applies to (CL-13): its attack rolls, or its saving throws (SAV-1)."""

    ATTACK = "attack"
    SAVE = "save"


class DieChangeKind(str, Enum):
    """How a dice change changes a roll (CL-13).

    REROLL: a failed roll (an attack that misses, a save under 10) is rolled
    again with a new die; the new face counts.  BETTER_OF_TWO: two dice are
    rolled and the better face counts.  NATURAL: a failed roll counts as the
    natural face ``DieChange.natural`` (no die is rolled for it).
    """

    REROLL = "reroll"
    BETTER_OF_TWO = "better of two"
    NATURAL = "natural"


@dataclass(frozen=True)
class DieChange:
    """A card's change to its own d20 rolls (CL-13), made by the engine whenever it applies.

    A roll is changed at most once: a BETTER_OF_TWO entry that applies is taken before the die
    is rolled (and then nothing else changes that roll); otherwise, when the roll fails, the
    first REROLL or NATURAL entry that applies, in card order.  Each change is a log event with
    its reason; every die comes from the battle's seeded dice, so undo and replays stay exact.

    Attributes:
        name: display name, unique on the card (the reason in the log).
        roll: ATTACK (its attack rolls) or SAVE (its saving throws).
        change: how the roll is changed.
        natural: NATURAL: the face the failed roll counts as (1..20); 0 otherwise.
        uses: check boxes (times per battle, CARD-4); 0 for every roll.
        when: tests that must hold (CL-1): ``self`` is the roller, ``other`` the target of its
            attack (a save has no other creature: a test about ``other`` never holds there).
    """

    name: str
    roll: DieRoll
    change: DieChangeKind
    natural: int = 0
    uses: int = 0
    when: When = ALWAYS

    def change_words(self) -> str:
        """The change in words, e.g. "reroll a missed attack" or "a failed save counts as a natural 20"."""
        failed = "a missed attack roll" if self.roll is DieRoll.ATTACK else "a failed saving throw"
        rolls = "attack rolls" if self.roll is DieRoll.ATTACK else "saving throws"
        if self.change is DieChangeKind.REROLL:
            return f"reroll {failed}"
        if self.change is DieChangeKind.BETTER_OF_TWO:
            return f"roll two dice for {rolls} and keep the better"
        return f"{failed} counts as a natural {self.natural}"

    def __str__(self) -> str:
        boxes = f" {'☐' * self.uses}" if self.uses else ""
        cond = self.when.words()
        return f"{self.name}{boxes}: {self.change_words()}" + (f" ({cond})" if cond else "")


__all__ = ["ReactionTrigger", "ReactionEffect", "ReactionLimit", "Reaction", "DieRoll", "DieChangeKind",
           "DieChange"]
