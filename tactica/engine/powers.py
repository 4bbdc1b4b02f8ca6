"""Limited uses, recharge, special powers and champion powers as typed data (CARD-4, SPW-1, CHP-1..3).

These are plain frozen values a stat card carries; the rules that read them
live in ``uses`` (check boxes, recharge, special powers) and ``champions``
(champion powers).  Nothing here is free text the engine pattern-matches:
``str()`` of each value is its card text.  Units: HP in hit points, ranges
in squares (counted as for ranged attacks, RNG-5), costs in champion points
(the bullets of a champion power, CHP-1).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class RechargeOn(str, Enum):
    """The event that refills a one-box attack or power (CARD-4; docs/rules.md "Recharge").

    BLOODIED: the creature becomes bloodied (HP-2).  ALLY_DESTROYED: another
    creature of its warband is destroyed.  DESTROYS_ENEMY: one of its attacks
    destroys an enemy.  ROLL: at the start of its turn it rolls a d20 and the
    power recharges on ``Recharge.roll`` or more.
    """

    BLOODIED = "bloodied"
    ALLY_DESTROYED = "ally destroyed"
    DESTROYS_ENEMY = "destroys enemy"
    ROLL = "roll"
    CHANGES_BACK = "changes back"  # CL-14: the creature returns to its natural form


@dataclass(frozen=True)
class Recharge:
    """When a spent one-box attack or power is refilled (CARD-4).

    Attributes:
        on: the event.
        roll: for ``RechargeOn.ROLL``, the lowest d20 face that recharges
            (2..20); 0 otherwise.
    """

    on: RechargeOn
    roll: int = 0

    def __str__(self) -> str:
        return {RechargeOn.BLOODIED: "recharge when bloodied",
                RechargeOn.ALLY_DESTROYED: "recharge when an ally is destroyed",
                RechargeOn.DESTROYS_ENEMY: "recharge when it destroys an enemy",
                RechargeOn.CHANGES_BACK: "recharge when it changes back",
                RechargeOn.ROLL: f"recharge {self.roll}+"}[self.on]


class PowerAction(str, Enum):
    """What a special power costs (SPW-1): a move action, an attack action, or nothing (triggered)."""

    MOVE = "move"
    ATTACK = "attack"
    TRIGGERED = "triggered"


class PowerTrigger(str, Enum):
    """When a triggered special power happens by itself (SPW-1).

    BLOODIED: the creature becomes bloodied.  DESTROYS_ENEMY: one of its
    attacks destroys an enemy.  START_OF_TURN: its turn begins (before
    ongoing damage).
    """

    BLOODIED = "bloodied"
    DESTROYS_ENEMY = "destroys enemy"
    START_OF_TURN = "start of turn"


class PowerEffect(str, Enum):
    """What a special power does (SPW-1).

    HEAL: a creature regains ``amount`` HP (never above its card's HP).
    CLEAR: a creature's conditions and ongoing damage end.
    """

    HEAL = "heal"
    CLEAR = "clear conditions"
    # CL-11 movement powers: the player chooses the squares (Phase.FORCED), no opportunity attacks.
    SHIFT = "shift"            # itself: up to ``distance`` squares, square by square
    TELEPORT = "teleport"      # itself: to a free square within ``distance`` that it sees
    SLIDE = "slide ally"       # an ally within ``range``: slid up to ``distance`` squares
    # CL-14 forms and stances
    FORM = "change form"       # it takes form ``form``; in that form, it changes back


#: CL-11: the special-power effects that move a creature, and the forced-movement kind each uses.
MOVEMENT_EFFECTS = {PowerEffect.SHIFT: "shift", PowerEffect.TELEPORT: "teleport", PowerEffect.SLIDE: "slide"}


@dataclass(frozen=True)
class SpecialPower:
    """A special power of a stat card (SPW-1, CARD-4).

    Attributes:
        name: display name, unique on the card.
        action: MOVE or ATTACK (used on the creature's own turn by the
            activated creature, spending that action) or TRIGGERED (happens
            by itself when ``trigger`` happens).
        effect: what it does.
        amount: HP for HEAL; 0 for CLEAR.
        range: 0 — the creature itself; N — itself or an ally within N
            squares (action powers only; a triggered power affects itself).
        trigger: the event of a TRIGGERED power (None otherwise).
        uses: check boxes (times per battle); 0 for unlimited.
        recharge: when a spent one-box power refills (CARD-4), or None.
        distance: CL-11, movement effects: the most squares it moves the creature (1..10).
        form: CL-14, "change form": the name of one of the card's ``forms``.
    """

    name: str
    action: PowerAction
    effect: PowerEffect
    amount: int = 0
    range: int = 0
    trigger: PowerTrigger | None = None
    uses: int = 0
    recharge: Recharge | None = None
    distance: int = 0
    form: str = ""

    def __str__(self) -> str:
        what = {PowerEffect.HEAL: f"heal {self.amount}",
                PowerEffect.SHIFT: f"shift {self.distance} (no opportunity attacks)",
                PowerEffect.TELEPORT: f"teleport {self.distance} to a square it sees",
                PowerEffect.SLIDE: f"slide {self.distance}",
                PowerEffect.FORM: f"take {self.form} form (or change back)"}.get(self.effect, self.effect.value)
        who = "" if not self.range else f", itself or an ally within {self.range}"
        when = (f"when {self.trigger.value}" if self.action is PowerAction.TRIGGERED and self.trigger
                else f"{self.action.value} action")
        boxes = f" {'☐' * self.uses}" if self.uses else ""
        again = f" ({self.recharge})" if self.recharge else ""
        return f"{self.name}{boxes}: {when}: {what}{who}{again}"


class ChampionTrigger(str, Enum):
    """The condition that lets a champion power be used (CHP-2).

    ALLY_HITS: an ally within range hits an enemy with an attack (offered
    once the ally's action is resolved).  ALLY_MISSES: an ally within range
    misses an enemy with a melee or ranged attack.  ALLY_IS_HIT: an enemy's
    attack hits an ally within range (offered once that attack's action is
    resolved).  ALLY_ENDS_TURN: an ally within range ends its turn (after
    its saving throws).  ALLY_STARTS_TURN: an ally within range begins its
    turn (before ongoing damage and the confusion roll).
    """

    ALLY_HITS = "ally hits"
    ALLY_MISSES = "ally misses"
    ALLY_IS_HIT = "ally is hit"
    ALLY_ENDS_TURN = "ally ends turn"
    ALLY_STARTS_TURN = "ally starts turn"


class ChampionEffect(str, Enum):
    """What a champion power does (CHP-2).

    EXTRA_DAMAGE: the enemy the ally hit takes ``amount`` more damage
    (ALLY_HITS only).  REROLL: the ally makes the missed attack roll again
    against the same enemy (ALLY_MISSES only).  HEAL: the ally regains
    ``amount`` HP.  CLEAR: the ally's conditions and ongoing damage end.
    """

    EXTRA_DAMAGE = "extra damage"
    REROLL = "reroll"
    HEAL = "heal"
    CLEAR = "clear conditions"


#: Which effects each trigger allows (the loader refuses other pairs).
CHAMPION_EFFECTS_FOR = {
    ChampionTrigger.ALLY_HITS: (ChampionEffect.EXTRA_DAMAGE,),
    ChampionTrigger.ALLY_MISSES: (ChampionEffect.REROLL,),
    ChampionTrigger.ALLY_IS_HIT: (ChampionEffect.HEAL,),
    ChampionTrigger.ALLY_ENDS_TURN: (ChampionEffect.HEAL, ChampionEffect.CLEAR),
    ChampionTrigger.ALLY_STARTS_TURN: (ChampionEffect.HEAL, ChampionEffect.CLEAR),
}


@dataclass(frozen=True)
class ChampionPower:
    """A champion power (CHP-1, CHP-2): no action, a trigger, a cost in bullets.

    Attributes:
        name: display name, unique on the card.
        cost: champion points it spends (its bullets, 1..5; CHP-1).
        trigger: when it may be used.
        effect: what it does (see ``CHAMPION_EFFECTS_FOR``).
        amount: HP of damage or healing (EXTRA_DAMAGE, HEAL); 0 otherwise.
        range: the ally must be within this many squares of the champion.
        others_only: True when the champion cannot pick itself as the ally.
        keyword: only allies with this keyword (CARD-2), or "" for any.
        in_vp_zone: ALLY_ENDS_TURN only: the ally must end its turn in its
            VP zone (SCN-ASSAULT).
    """

    name: str
    cost: int
    trigger: ChampionTrigger
    effect: ChampionEffect
    amount: int = 0
    range: int = 6
    others_only: bool = False
    keyword: str = ""
    in_vp_zone: bool = False

    def __str__(self) -> str:
        # The champion itself counts as the ally unless others_only (it must have the keyword too).
        ally = "another ally" if self.others_only else "it or an ally"
        if self.keyword:
            ally += f" ({self.keyword})"
        when = {ChampionTrigger.ALLY_HITS: f"{ally} within {self.range} hits",
                ChampionTrigger.ALLY_MISSES: f"{ally} within {self.range} misses",
                ChampionTrigger.ALLY_IS_HIT: f"{ally} within {self.range} is hit",
                ChampionTrigger.ALLY_ENDS_TURN: f"{ally} within {self.range} ends its turn"
                + (" in a VP zone" if self.in_vp_zone else ""),
                ChampionTrigger.ALLY_STARTS_TURN: f"{ally} within {self.range} starts its turn"}[self.trigger]
        what = {ChampionEffect.EXTRA_DAMAGE: f"+{self.amount} damage",
                ChampionEffect.REROLL: "it rerolls the attack",
                ChampionEffect.HEAL: f"heal it {self.amount}",
                ChampionEffect.CLEAR: "its conditions end"}[self.effect]
        return f"{'•' * self.cost} {self.name}: when {when}: {what}"


__all__ = ["RechargeOn", "Recharge", "PowerAction", "PowerTrigger", "PowerEffect", "SpecialPower", "MOVEMENT_EFFECTS",
           "ChampionTrigger", "ChampionEffect", "CHAMPION_EFFECTS_FOR", "ChampionPower"]
