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

from .when import ALWAYS, When


class RechargeOn(str, Enum):
    """The event that refills a one-box attack or power (CARD-4; docs/rules.md "Recharge").

    BLOODIED: the creature becomes bloodied (HP-2).  ALLY_DESTROYED: another
    creature of its warband is destroyed.  DESTROYS_ENEMY: one of its attacks
    destroys an enemy.  ROLL: at the start of its turn it rolls a d20 and the
    power recharges on ``Recharge.roll`` or more.  BLOODIES_ENEMY: one of its
    attacks leaves an enemy bloodied that was not (CL-17).  ROUND_START: a new
    round begins, before the initiative roll (CL-17).
    """

    BLOODIED = "bloodied"
    ALLY_DESTROYED = "ally destroyed"
    DESTROYS_ENEMY = "destroys enemy"
    ROLL = "roll"
    # CL-17 (card language, issue 18): more recharge events.
    BLOODIES_ENEMY = "bloodies enemy"
    ROUND_START = "start of round"
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
                RechargeOn.BLOODIES_ENEMY: "recharge when it bloodies an enemy",
                RechargeOn.ROUND_START: "recharge at the start of each round",
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

    CL-12: ALLY_BLOODIED: an ally within range becomes bloodied (the enemy:
    the attacker whose attack did it).  ALLY_DESTROYED: an enemy's attack
    destroys an ally (the enemy, the destroyer, must be within range of the
    champion: the ally is gone).  ALLY_CHARGES: an ally within range makes a
    charge attack, hit or miss.  ENEMY_NEAR: an enemy ends a move, shift or
    charge within ``ChampionPower.near`` squares of the champion (the ally is
    the champion itself).
    """

    ALLY_HITS = "ally hits"
    ALLY_MISSES = "ally misses"
    ALLY_IS_HIT = "ally is hit"
    ALLY_ENDS_TURN = "ally ends turn"
    ALLY_STARTS_TURN = "ally starts turn"
    # CL-12 (card language, issue 18): more triggers, offered once the action that caused them is resolved.
    ALLY_BLOODIED = "ally bloodied"
    ALLY_DESTROYED = "ally destroyed"
    ALLY_CHARGES = "ally charges"
    ENEMY_NEAR = "enemy comes near"

# Enum members read in hot code, as module constants: in Python 3.11 reading ``Enum.MEMBER``
# goes through the enum metaclass's ``__getattr__`` hook (about 0.2 µs), a global is read at once.
_CHAMPION_TRIGGER_ALLY_CHARGES = ChampionTrigger.ALLY_CHARGES
_CHAMPION_TRIGGER_ALLY_HITS = ChampionTrigger.ALLY_HITS


class ChampionEffect(str, Enum):
    """What a champion power does (CHP-2).

    EXTRA_DAMAGE: the enemy the ally hit takes ``amount`` more damage
    (ALLY_HITS only).  REROLL: the ally makes the missed attack roll again
    against the same enemy (ALLY_MISSES only).  HEAL: the ally regains
    ``amount`` HP.  CLEAR: the ally's conditions and ongoing damage end.
    CL-12: DAMAGE_NEAR: each enemy within ``near`` squares of the ally that
    the champion can see takes ``amount`` damage.  SET_DIE: the ally makes the
    missed attack again and its roll counts as the natural face ``natural``
    (no die is rolled).  EXTRA_DAMAGE also answers ALLY_CHARGES,
    ALLY_DESTROYED and ENEMY_NEAR (the enemy of the event takes it).
    """

    EXTRA_DAMAGE = "extra damage"
    REROLL = "reroll"
    HEAL = "heal"
    CLEAR = "clear conditions"
    # CL-12: more effects.
    DAMAGE_NEAR = "damage near"
    SET_DIE = "set die"

# Enum members read in hot code, as module constants: in Python 3.11 reading ``Enum.MEMBER``
# goes through the enum metaclass's ``__getattr__`` hook (about 0.2 µs), a global is read at once.
_CHAMPION_EFFECT_DAMAGE_NEAR = ChampionEffect.DAMAGE_NEAR
_CHAMPION_EFFECT_EXTRA_DAMAGE = ChampionEffect.EXTRA_DAMAGE
_CHAMPION_EFFECT_REROLL = ChampionEffect.REROLL
_CHAMPION_EFFECT_SET_DIE = ChampionEffect.SET_DIE


#: Which effects each trigger allows (the loader refuses other pairs).
CHAMPION_EFFECTS_FOR = {
    ChampionTrigger.ALLY_HITS: (ChampionEffect.EXTRA_DAMAGE,),
    ChampionTrigger.ALLY_MISSES: (ChampionEffect.REROLL,),
    ChampionTrigger.ALLY_IS_HIT: (ChampionEffect.HEAL,),
    ChampionTrigger.ALLY_ENDS_TURN: (ChampionEffect.HEAL, ChampionEffect.CLEAR),
    ChampionTrigger.ALLY_STARTS_TURN: (ChampionEffect.HEAL, ChampionEffect.CLEAR),
}
# CL-12: the card language's pairs, added to the table above (old pairs unchanged).
CHAMPION_EFFECTS_FOR[ChampionTrigger.ALLY_HITS] += (ChampionEffect.DAMAGE_NEAR,)
CHAMPION_EFFECTS_FOR[ChampionTrigger.ALLY_MISSES] += (ChampionEffect.SET_DIE,)
CHAMPION_EFFECTS_FOR[ChampionTrigger.ALLY_IS_HIT] += (ChampionEffect.DAMAGE_NEAR,)
CHAMPION_EFFECTS_FOR[ChampionTrigger.ALLY_ENDS_TURN] += (ChampionEffect.DAMAGE_NEAR,)
CHAMPION_EFFECTS_FOR[ChampionTrigger.ALLY_STARTS_TURN] += (ChampionEffect.DAMAGE_NEAR,)
CHAMPION_EFFECTS_FOR.update({
    ChampionTrigger.ALLY_BLOODIED: (ChampionEffect.HEAL, ChampionEffect.CLEAR, ChampionEffect.DAMAGE_NEAR),
    ChampionTrigger.ALLY_DESTROYED: (ChampionEffect.EXTRA_DAMAGE,),
    ChampionTrigger.ALLY_CHARGES: (ChampionEffect.EXTRA_DAMAGE, ChampionEffect.HEAL, ChampionEffect.DAMAGE_NEAR),
    ChampionTrigger.ENEMY_NEAR: (ChampionEffect.EXTRA_DAMAGE, ChampionEffect.DAMAGE_NEAR),
})

#: What a champion power needs sight of (CL-12, the 2008 rulings in docs/rules.md): "ally" -- the
#: champion's line of sight to the ally (a power that changes the ally's attack); "enemy" -- to the
#: enemy it affects (every enemy, for DAMAGE_NEAR: one out of sight is not affected); "" -- none.
SIGHT_ALLY, SIGHT_ENEMY, SIGHT_NONE = "ally", "enemy", ""


def sight_needed(trigger: ChampionTrigger, effect: ChampionEffect) -> str:
    """What a power of ``trigger`` and ``effect`` needs the champion to see (CL-12): ``SIGHT_ALLY``,
    ``SIGHT_ENEMY`` or ``SIGHT_NONE``.  Extra damage on an ally's hit or charge, a reroll and a set
    die change the ally's attack (sight to the ally); extra damage to an enemy that destroyed an ally
    or came near, and damage near, affect enemies (sight to them); a heal or clear of an ally needs
    none (our reading: the rulings name no sight for it, and today's powers keep playing as before)."""
    if effect in (_CHAMPION_EFFECT_REROLL, _CHAMPION_EFFECT_SET_DIE):
        return SIGHT_ALLY
    if effect is _CHAMPION_EFFECT_EXTRA_DAMAGE:
        return SIGHT_ALLY if trigger in (_CHAMPION_TRIGGER_ALLY_HITS, _CHAMPION_TRIGGER_ALLY_CHARGES) else SIGHT_ENEMY
    if effect is _CHAMPION_EFFECT_DAMAGE_NEAR:
        return SIGHT_ENEMY
    return SIGHT_NONE


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
        near: DAMAGE_NEAR: enemies within this many squares of the ally; ENEMY_NEAR: the enemy
            ends its move within this many squares of the champion (CL-12); 0 otherwise.
        natural: SET_DIE: the natural face the ally's roll counts as (1..20; CL-12); 0 otherwise.
        when: tests that must hold (CL-1, CL-12): ``self`` is the champion, ``other`` the enemy of
            the event (a test about ``other`` does not hold for a turn trigger).
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
    # CL-12 (card language, issue 18)
    near: int = 0
    natural: int = 0
    when: When = ALWAYS

    def __str__(self) -> str:
        # The champion itself counts as the ally unless others_only (it must have the keyword too).
        ally = "another ally" if self.others_only else "it or an ally"
        if self.keyword:
            ally += f" ({self.keyword})"
        when = {_CHAMPION_TRIGGER_ALLY_HITS: f"{ally} within {self.range} hits",
                ChampionTrigger.ALLY_MISSES: f"{ally} within {self.range} misses",
                ChampionTrigger.ALLY_IS_HIT: f"{ally} within {self.range} is hit",
                ChampionTrigger.ALLY_ENDS_TURN: f"{ally} within {self.range} ends its turn"
                + (" in the VP zone it scores in" if self.in_vp_zone else ""),
                ChampionTrigger.ALLY_STARTS_TURN: f"{ally} within {self.range} starts its turn",
                ChampionTrigger.ALLY_BLOODIED: f"{ally} within {self.range} becomes bloodied",
                ChampionTrigger.ALLY_DESTROYED: f"an enemy within {self.range} destroys {ally}",
                _CHAMPION_TRIGGER_ALLY_CHARGES: f"{ally} within {self.range} charges",
                ChampionTrigger.ENEMY_NEAR: f"an enemy comes within {self.near} of it"}[self.trigger]
        extra = "that enemy takes" if self.trigger in (ChampionTrigger.ALLY_DESTROYED,
                                                       ChampionTrigger.ENEMY_NEAR) else "+"
        what = {_CHAMPION_EFFECT_EXTRA_DAMAGE: f"{extra}{' ' if extra != '+' else ''}{self.amount} damage",
                _CHAMPION_EFFECT_REROLL: "it rerolls the attack",
                ChampionEffect.HEAL: f"heal it {self.amount}",
                ChampionEffect.CLEAR: "its conditions end",
                _CHAMPION_EFFECT_DAMAGE_NEAR: f"each enemy it sees within {self.near} of the ally takes "
                                            f"{self.amount} damage",
                _CHAMPION_EFFECT_SET_DIE: f"the attack is made again as a natural {self.natural}"}[self.effect]
        cond = self.when.words(other_is="the enemy")
        return f"{'•' * self.cost} {self.name}: when {when}{' (' + cond + ')' if cond else ''}: {what}"


__all__ = ["RechargeOn", "Recharge", "PowerAction", "PowerTrigger", "PowerEffect", "SpecialPower", "MOVEMENT_EFFECTS",
           "ChampionTrigger", "ChampionEffect", "CHAMPION_EFFECTS_FOR", "ChampionPower",
           "SIGHT_ALLY", "SIGHT_ENEMY", "SIGHT_NONE", "sight_needed"]
