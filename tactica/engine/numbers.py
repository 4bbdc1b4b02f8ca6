"""Conditional numbers of the card language (CL-1, CL-4) and the immunities (CL-15).

A stat card may carry ``Bonus`` entries among its abilities: a signed bonus to
attack rolls, damage, AC, DEF, speed or saving throws that applies only while
its ``when`` holds (``when.When``: tests about the card's own creature, the other
creature of the moment and the situation).  ``str(bonus)`` is its card text
("+10 damage when the target is Evil").

Where each bonus is read:

* ``attack`` -- ``combat.modifiers``: a named modifier on its creature's attack
  rolls (``me`` the attacker, ``other`` the target);
* ``ac`` / ``def`` / ``defenses`` -- ``combat.modifiers`` too, as the negative of
  the bonus on attacks against its creature whose defence it names (``me`` the
  target, ``other`` the attacker), e.g. ("Shield Wall vs ranged (target)", -2):
  with ``when: {attack: [ranged]}`` this is CL-4, a defence against kinds of
  attack;
* ``damage`` -- ``combat.hit_damage``: HP added to its creature's hits (doubled by
  a critical hit as every damage bonus, ATK-5);
* ``speed`` -- ``auras.speed``: squares added to its speed (never below 0;
  slowed and immobilized stay as they are);
* ``saves`` -- ``effects.end_of_activation``: added to its saving throws (SAV-1).

Stacking (ABL-2, ATK-8): two entries with the same name and target (two copies
of one card's bonus) count once, the larger; different ones add up, and add to
every other modifier.

The immunities of CL-15 (``IMMUNITIES``) are ``abilities.Immune`` entries with
``to``: critical hits, forced movement, flanking, opportunity attacks;
``immune_to`` answers for a card.

Units: attack and save bonuses in points of the d20 roll, AC/DEF in points,
damage in HP, speed in squares.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .abilities import ABILITY_KINDS, Ability, HasAbilities, Immune
from .state import Creature, GameState
from .when import ALWAYS, CALM, Situation, When

#: What a ``Bonus`` changes (``Bonus.to``): "defenses" is both AC and DEF.
BONUS_TARGETS = ("attack", "damage", "ac", "def", "defenses", "speed", "saves")
#: The words of each target on a card ("+2 AC").
_TARGET_WORDS = {"attack": "attack", "damage": "damage", "ac": "AC", "def": "DEF", "defenses": "AC and DEF",
                 "speed": "speed", "saves": "saving throws"}


@dataclass(frozen=True)
class Bonus(Ability):
    """A conditional number (CL-1): a signed bonus (the file's ``bonus`` key) added to ``to`` while ``when`` holds.

    Attributes:
        to: one of ``BONUS_TARGETS`` -- "attack" (its attack rolls), "damage" (HP on its
            hits), "ac" / "def" / "defenses" (its AC, DEF or both, against an attack whose
            defence it is), "speed" (squares), "saves" (its saving throws).
        amount: the signed bonus (a penalty when negative; never 0).
        when: when it applies (``when.When``; ``ALWAYS`` for always).  ``me`` is its own
            creature; ``other`` the target of its attack (attack, damage), or the attacker of
            an attack against it (ac, def, defenses); speed and saves have no other creature,
            so a test about ``other`` never holds there.
        name: its card name ("Holy Wrath"); "" -- named from its numbers.
    """

    kind: ClassVar[str] = "bonus"
    to: str = "attack"
    amount: int = 1
    when: When = ALWAYS
    name: str = ""

    @property
    def identity(self) -> tuple[str, ...]:
        """Bonuses of the same name and target are the same ability for stacking (ABL-2)."""
        return (self.kind, self.to, self.name or self.describe())

    def describe(self) -> str:
        """The bonus in words, e.g. "+10 damage when the target is Evil"."""
        other = "the attacker" if self.to in ("ac", "def", "defenses") else "the target"
        cond = self.when.words(other_is=other)
        return f"{self.amount:+d} {_TARGET_WORDS[self.to]}" + (f" {cond}" if cond else "")

    @property
    def label(self) -> str:
        """Its name in an attack's modifiers and the log: the card name, else its words."""
        return self.name or self.describe()

    def __str__(self) -> str:
        text = self.describe()
        return f"{self.name}: {text}" if self.name else text[:1].upper() + text[1:]


ABILITY_KINDS[Bonus.kind] = Bonus  # the card language's kind joins the keyword abilities' (CL-1)

#: What a creature may be immune to besides damage types and conditions (CL-15; ``Immune.to``).
IMMUNITIES = ("critical hits", "forced movement", "flanking", "opportunity attacks")


def bonuses_of(card: HasAbilities, to: str) -> tuple[Bonus, ...]:
    """The ``Bonus`` entries of ``card`` that change ``to`` ("ac" and "def" include "defenses")."""
    if not card.abilities:
        return ()
    wanted = (to, "defenses") if to in ("ac", "def") else (to,)
    return tuple(a for a in card.abilities if isinstance(a, Bonus) and a.to in wanted)


def has_bonuses(card: HasAbilities) -> bool:
    """True when ``card`` carries any ``Bonus`` (callers skip building a ``Situation`` otherwise)."""
    return bool(card.abilities) and any(isinstance(a, Bonus) for a in card.abilities)


def stacked(found: list[Bonus]) -> list[tuple[str, int]]:
    """ABL-2 / ATK-8: the bonuses that hold, as (label, amount) pairs, each identity once (the one of
    largest size), different ones kept in card order."""
    best: dict[tuple[str, ...], Bonus] = {}
    for b in found:
        have = best.get(b.identity)
        if have is None or abs(b.amount) > abs(have.amount):
            best[b.identity] = b
    return [(b.label, b.amount) for b in best.values()]


def attack_bonuses(state: GameState, attacker: Creature, target: Creature, defense: str,
                   situation: Situation) -> list[tuple[str, int]]:
    """The conditional modifiers to one attack roll (CL-1, CL-4), as (name, value) pairs.

    The attacker's "attack" bonuses whose ``when`` holds (``me`` the attacker, ``other`` the
    target), then the target's bonuses to the defence attacked (``defense`` "AC" or "DEF"; "ac",
    "def" or "defenses") whose ``when`` holds (``me`` the target, ``other`` the attacker), each as
    the negative of its bonus named "... (target)" -- the same as that much more AC or DEF.
    """
    found: list[tuple[str, int]] = []
    if has_bonuses(attacker.card):
        found += stacked([b for b in bonuses_of(attacker.card, "attack")
                          if b.when.holds(state, attacker, target, situation)])
    if has_bonuses(target.card):
        held = [b for b in bonuses_of(target.card, "ac" if defense == "AC" else "def")
                if b.when.holds(state, target, attacker, situation)]
        found += [(f"{name} (target)", -v) for name, v in stacked(held)]
    return found


def damage_bonuses(state: GameState, attacker: Creature, target: Creature,
                   situation: Situation) -> list[tuple[str, int]]:
    """The attacker's conditional damage bonuses that hold for a hit on ``target`` (CL-1), as
    (name, HP) pairs (``me`` the attacker, ``other`` the target)."""
    if not has_bonuses(attacker.card):
        return []
    return stacked([b for b in bonuses_of(attacker.card, "damage")
                    if b.when.holds(state, attacker, target, situation)])


def speed_bonus(state: GameState, me: Creature) -> int:
    """Squares ``me``'s conditional speed bonuses add now (CL-1; no other creature, ``CALM``)."""
    if not has_bonuses(me.card):
        return 0
    return sum(v for _, v in stacked([b for b in bonuses_of(me.card, "speed")
                                      if b.when.holds(state, me, None, CALM)]))


def save_bonuses(state: GameState, me: Creature) -> list[tuple[str, int]]:
    """``me``'s conditional bonuses to saving throws that hold now (CL-1, SAV-1), as (name, value)
    pairs (no other creature, ``CALM``)."""
    if not has_bonuses(me.card):
        return []
    return stacked([b for b in bonuses_of(me.card, "saves") if b.when.holds(state, me, None, CALM)])


def immune_to(card: HasAbilities, what: str) -> bool:
    """True when ``card``'s creature is immune to ``what`` (one of ``IMMUNITIES``, CL-15)."""
    return bool(card.abilities) and any(isinstance(a, Immune) and a.to == what for a in card.abilities)


__all__ = ["BONUS_TARGETS", "Bonus", "IMMUNITIES", "bonuses_of", "has_bonuses", "stacked", "immune_to",
           "attack_bonuses", "damage_bonuses", "speed_bonus", "save_bonuses"]
