"""Giving creatures conditions and ongoing damage, and taking them away.

The records live on ``Creature.effects`` (``state.ActiveEffect``).  This
module only adds and removes records and reports it; *when* they end is
decided by ``effects`` (the turn hooks).  Implements the bookkeeping half of
EFF-1, EFF-2, EFF-3 and the "ongoing damage" entry of docs/rules.md.
"""
from __future__ import annotations

from . import events as ev
from .abilities import immune_to_condition, never_moved
from .model import Duration
from .modules import book_of
from .state import ActiveEffect, Creature, GameState


def add_effect(state: GameState, target: Creature, name: str, duration: Duration,
               source: Creature | None, out: list[ev.Event], *, amount: int = 0,
               damage_type: str = "") -> ActiveEffect | None:
    """Give ``target`` a condition (or, with ``name="ongoing"``, ongoing damage).

    Args:
        state: the game (read for the turn counters).
        target: the affected creature (changed in place).
        name: a condition name (model.CONDITIONS) or "ongoing".
        duration: EFF-1 default NEXT_TURN, or another Duration (EFF-2).
        source: the creature that caused it, or None.
        out: events are appended here (one ConditionApplied).
        amount, damage_type: HP per turn and its type, for ongoing damage.
    Returns the new record, or None when ``target`` is immune to the
    condition (ABL: Immune; a ConditionPrevented event says so).  The
    battle's optional rule modules are then asked (``on_condition``: a flier
    made prone or immobilized falls, G5E-FALL).

    NEXT_TURN ends at the end of the target's next activation: the one after
    the current one if it is acting now, else the next to begin.
    PLAYER_NEXT_TURN ends at the end of the source player's next turn after
    the current one (docs/rules.md "Durations").
    """
    if name != "ongoing" and target.card.abilities and immune_to_condition(target.card, name):
        out.append(ev.ConditionPrevented(target.uid, name))
        return None
    if name == "marked" and target.effects:  # CL-18: a new mark replaces the older ones
        end_effects(target, [e for e in target.effects if e.name == "marked"], "replaced", out)
    source_player = None if source is None else source.player
    until_player = 0
    if source_player is not None:
        until_player = state.player_turns[source_player] + 1
    record = ActiveEffect(name=name, duration=duration,
                          source=None if source is None else source.uid,
                          source_player=source_player, amount=amount, damage_type=damage_type,
                          until_turn=target.turns + 1, until_player_turn=until_player)
    target.effects = target.effects + (record,)
    out.append(ev.ConditionApplied(target.uid, name, duration.value, record.source, amount,
                                   damage_type))
    book = book_of(state)
    if book.attack_modifiers_asked:  # an optional rule module may act on it (G5E-FALL)
        book.on_condition(state, target, name, out)
    return record


def end_effects(target: Creature, ended: list[ActiveEffect], reason: str, out: list[ev.Event]) -> None:
    """Remove the records ``ended`` (by identity) from ``target`` and report each one.

    reason: "duration" or "save" (see events.ConditionEnded).
    """
    if not ended:
        return
    gone = {id(e) for e in ended}
    target.effects = tuple(e for e in target.effects if id(e) not in gone)
    for e in ended:
        out.append(ev.ConditionEnded(target.uid, e.name, reason))


def ongoing_damage(target: Creature) -> list[tuple[str, int]]:
    """The ongoing damage ``target`` takes at the start of its turn, as (type, HP) pairs.

    Different types add up; of one type only the highest counts (docs/rules.md).
    Pairs come in the order each type was first applied.
    """
    best: dict[str, int] = {}
    for e in target.effects:
        if e.is_ongoing:
            best[e.damage_type] = max(best.get(e.damage_type, 0), e.amount)
    return list(best.items())


def halve_damage(amount: int) -> int:
    """Half of ``amount`` HP, rounded down to a multiple of 5 (CON-7 with HP-3: 25 → 10, 15 → 5).

    Our choice: the game counts damage and HP in steps of 5, and HP-3 rounds
    any halved HP value down to a multiple of 5.
    """
    return (amount // 2) // 5 * 5


# -- CL-18: the conditions the cards name (petrified, blinded, restrained, marked) ---------------

#: CL-18: HP of every damage a petrified creature resists (our reading: stone, as resist 20 all).
PETRIFIED_RESIST = 20
#: CL-18: a blinded creature's attack rolls take -5 (our reading: it cannot see what it attacks).
BLINDED_PENALTY = -5
#: CL-18: a restrained creature's attack rolls take -2.
RESTRAINED_PENALTY = -2
#: CL-18: a marked creature's attacks that do not target a creature that marked it take -2.
MARKED_PENALTY = -2


def markers(target: Creature) -> frozenset[str]:
    """The uids of the creatures whose mark ``target`` bears (CL-18; empty when unmarked)."""
    return frozenset(e.source for e in target.effects if e.name == "marked" and e.source)


def condition_penalties(attacker: Creature, target: Creature) -> list[tuple[str, int]]:
    """The named attack-roll modifiers ``attacker``'s own conditions give against ``target`` (CL-18).

    Blinded: ("blinded", -5); restrained: ("restrained", -2); marked, when ``target`` is not a
    creature that marked it: ("marked", -2).  Returns [] without such conditions.
    """
    have = attacker.conditions
    out: list[tuple[str, int]] = []
    if "blinded" in have:
        out.append(("blinded", BLINDED_PENALTY))
    if "restrained" in have:
        out.append(("restrained", RESTRAINED_PENALTY))
    if "marked" in have and target.uid not in markers(attacker):
        out.append(("marked", MARKED_PENALTY))
    return out


def stone_resist(target: Creature, amount: int) -> tuple[int, list[tuple[str, int]]]:
    """Damage ``amount`` HP after a petrified ``target``'s resist 20 (CL-18): (HP, [("petrified", -cut)]);
    unchanged when it is not petrified or the amount is 0."""
    if amount <= 0 or "petrified" not in target.conditions:
        return amount, []
    cut = min(PETRIFIED_RESIST, amount)
    return amount - cut, [("petrified", -cut)]


def holds_against_forced(target: Creature) -> bool:
    """True when forced movement does not move ``target`` (CL-18: it is restrained; a petrified
    creature is a statue that can still be pushed, our reading; CL-16: immobile creatures and
    objects)."""
    if target.card.abilities and never_moved(target.card):
        return True
    return bool(target.effects) and "restrained" in target.conditions


__all__ = ["add_effect", "end_effects", "ongoing_damage", "halve_damage", "PETRIFIED_RESIST",
           "BLINDED_PENALTY", "RESTRAINED_PENALTY", "MARKED_PENALTY", "markers", "condition_penalties",
           "stone_resist", "holds_against_forced"]
