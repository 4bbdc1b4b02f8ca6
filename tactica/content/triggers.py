"""Reactions and dice changes of a card file (CL-10, CL-13): typed entries read with positioned errors.

Written by hand::

    reactions:
      - {name: Riposte, trigger: it is hit, effect: attack, limit: turn}
      - {name: Blood Oath, trigger: ally destroyed nearby, range: 3, effect: damage, amount: 10}
    dice:
      - {name: Lucky Charm, roll: attack, change: reroll, uses: 1}
      - {name: Stubborn, roll: save, change: better of two}

Every key is described in ``fields.REACTION`` and ``fields.DIE_CHANGE`` (and so
in docs/authoring.md's field reference); a problem is recorded at the key's
``line:col`` saying what was expected.
"""
from __future__ import annotations

from tactica.engine import (
    ALWAYS,
    AttackDef,
    DieChange,
    DieChangeKind,
    DieRoll,
    Reaction,
    ReactionEffect,
    ReactionLimit,
    ReactionTrigger,
)

from .fields import DIE_CHANGE, REACTION
from .schema import Doc, did_you_mean
from .when import parse_when
from .yamlsafe import Node


def parse_reaction(doc: Doc, node: Node, card_what: str, index: int) -> Reaction | None:
    """One entry of a card's ``reactions:`` list (CL-10), or None after recording problems.

    'amount' belongs to 'damage' and 'heal' (required there), 'attack' to 'attack', 'type' to
    'damage', 'range' to 'ally destroyed nearby' (required there).
    """
    what = f"reaction {index + 1} of {card_what}"
    f = doc.fields(node, REACTION, what)
    if f is None:
        return None
    before = len(doc.problems)
    v = doc.plain_fields(f, REACTION, what, skip=("when",))
    when = parse_when(doc, f["when"][1], REACTION["when"].what(what)) if "when" in f else ALWAYS
    if len(doc.problems) > before or None in (v["name"], v["trigger"], v["effect"]):
        return None
    trigger, effect = ReactionTrigger(v["trigger"]), ReactionEffect(v["effect"])
    needs_amount = effect in (ReactionEffect.DAMAGE, ReactionEffect.HEAL)
    if needs_amount and "amount" not in f:
        doc.error(node, f"missing required key 'amount' in {what} (a '{effect.value}' needs it)")
    if not needs_amount and "amount" in f:
        doc.error(f["amount"][0], f"'amount' belongs to 'damage' and 'heal' only ({what}); an 'attack' "
                                  "deals its attack line's damage")
    if "attack" in f and effect is not ReactionEffect.ATTACK:
        doc.error(f["attack"][0], f"'attack' belongs to effect 'attack' only ({what})")
    if "type" in f and effect is not ReactionEffect.DAMAGE:
        doc.error(f["type"][0], f"'type' belongs to effect 'damage' only ({what})")
    if trigger is ReactionTrigger.ALLY_DESTROYED and "range" not in f:
        doc.error(node, f"missing required key 'range' in {what} (how near the destroyed ally stood, in squares)")
    if trigger is not ReactionTrigger.ALLY_DESTROYED and "range" in f:
        doc.error(f["range"][0], f"'range' belongs to the 'ally destroyed nearby' trigger only ({what})")
    if len(doc.problems) > before or when is None:
        return None
    return Reaction(v["name"], trigger, effect, attack=v["attack"] or "", amount=v["amount"] or 0,
                    damage_type=v["damage_type"] or "", range=v["range"] or 0,
                    limit=ReactionLimit(v["limit"] or "round"), uses=v["uses"] or 0, when=when)


def check_reaction_attacks(doc: Doc, reactions: list[tuple[Reaction | None, Node]],
                           attacks: tuple[AttackDef, ...], card_what: str) -> None:
    """Each 'attack' reaction names an attack line of the card (or uses its basic one), melee or ranged."""
    names = [a.name for a in attacks]
    for r, rnode in reactions:
        if r is None or r.effect is not ReactionEffect.ATTACK:
            continue
        line = next((a for a in attacks if a.name == r.attack), None) if r.attack else (
            next((a for a in attacks if a.basic), attacks[0] if attacks else None))
        if r.attack and line is None:
            hint = did_you_mean(r.attack, names) or f"; the card's attacks: {', '.join(names)}"
            doc.error(rnode, f"reaction '{r.name}' of {card_what} attacks with '{r.attack}', which is not "
                             f"an attack of the card{hint}")
        elif line is not None and line.kind.value not in ("melee", "ranged"):
            doc.error(rnode, f"reaction '{r.name}' of {card_what} attacks with '{line.name}', a "
                             f"{line.kind.value} attack; a reaction makes a melee or ranged attack against "
                             "one enemy")


def parse_die_change(doc: Doc, node: Node, card_what: str, index: int) -> DieChange | None:
    """One entry of a card's ``dice:`` list (CL-13), or None after recording problems.

    'natural' belongs to change 'natural' (required there).
    """
    what = f"dice change {index + 1} of {card_what}"
    f = doc.fields(node, DIE_CHANGE, what)
    if f is None:
        return None
    before = len(doc.problems)
    v = doc.plain_fields(f, DIE_CHANGE, what, skip=("when",))
    when = parse_when(doc, f["when"][1], DIE_CHANGE["when"].what(what)) if "when" in f else ALWAYS
    if len(doc.problems) > before or None in (v["name"], v["roll"], v["change"]):
        return None
    change = DieChangeKind(v["change"])
    if change is DieChangeKind.NATURAL and "natural" not in f:
        doc.error(node, f"missing required key 'natural' in {what} (the face a failed roll counts as, 1 to 20)")
    if change is not DieChangeKind.NATURAL and "natural" in f:
        doc.error(f["natural"][0], f"'natural' belongs to change 'natural' only ({what})")
    if len(doc.problems) > before or when is None:
        return None
    return DieChange(v["name"], DieRoll(v["roll"]), change, natural=v["natural"] or 0, uses=v["uses"] or 0,
                     when=when)


__all__ = ["parse_reaction", "check_reaction_attacks", "parse_die_change"]
