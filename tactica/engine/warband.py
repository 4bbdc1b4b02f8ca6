"""Warband legality (WB-1..7): which warbands may be brought to a battle.

Pure rules, no file formats: ``tactica.content`` calls this after loading a
warband file and turns each problem into a line-numbered message.
"""
from __future__ import annotations

from dataclasses import dataclass

from .abilities import recruited_keywords
from .model import FACTIONS, MapDef, WarbandDef
from .state import Ruleset

#: Creature size from which Assault refuses a creature (WB-7: Huge is 3×3).
HUGE = 3
#: Point limit of the Epic format, which allows Huge creatures (docs/rules.md: Epic).
EPIC_POINTS = 500


@dataclass(frozen=True)
class WarbandProblem:
    """One reason a warband is not legal.

    Attributes:
        code: stable machine-readable reason (see ``CODES``).
        message: a sentence for the player.
        rule: the rule ID broken, e.g. "WB-3".
        index: position in ``wb.cards`` of the offending creature, or None
            when the problem is the warband as a whole.
    """

    code: str
    message: str
    rule: str
    index: int | None = None


#: Every problem code ``check_warband`` can return, with its rule ID.
CODES = {
    "unknown-faction": "WB-1",
    "faction-missing": "WB-1",
    "alignment-mixed": "WB-2",
    "over-point-limit": "WB-3",
    "too-many-creatures": "WB-4",
    "creature-too-expensive": "WB-4",
    "unique-repeated": "WB-6",
    "too-large": "WB-7",
}


def _problem(code: str, message: str, index: int | None = None) -> WarbandProblem:
    return WarbandProblem(code=code, message=message, rule=CODES[code], index=index)


def check_warband(wb: WarbandDef, rules: Ruleset | None = None) -> list[WarbandProblem]:
    """Return every reason ``wb`` may not be fielded under ``rules`` (empty = legal).

    Args:
        wb: the warband; ``wb.cards`` holds one card per creature.
        rules: battle settings giving the point limit and, through it, the
            creature-count and single-creature cost caps (WB-4).  None means
            a standard Assault at ``wb.point_limit`` points.

    Returns problems in a stable order: faction (WB-1), alignment (WB-2),
    points (WB-3), caps (WB-4), Unique (WB-6), size (WB-7: Huge creatures
    only at ``EPIC_POINTS`` or more, the Epic format of docs/rules.md); within a rule in
    creature order.  Champions are optional (WB-5), so none is required.
    In Sealed (``rules.sealed``) faction, alignment and Unique are not
    checked (SCN-SEALED).
    Raises nothing.
    """
    if rules is None:
        rules = Ruleset(point_limit=wb.point_limit)
    out: list[WarbandProblem] = []
    cards = wb.cards

    # WB-1: one faction, and every creature has it (waived in Sealed, SCN-SEALED).
    if rules.sealed:
        pass
    elif wb.faction not in FACTIONS:
        out.append(_problem("unknown-faction",
                            f"The warband's faction {wb.faction!r} is not one of {', '.join(FACTIONS)}."))
    else:
        recruited = recruited_keywords(cards)  # CL-16: Recruits K lets creatures with keyword K join
        for i, card in enumerate(cards):
            if wb.faction not in card.factions and not (
                    recruited and recruited & {k.casefold() for k in card.keywords}):
                out.append(_problem("faction-missing",
                                    f"{card.name} is not of the {wb.faction} faction "
                                    f"(it is {', '.join(card.factions) or 'of no faction'}).", i))

    # WB-2: Good and Evil never mix; Unaligned joins either.
    side: str | None = None
    side_name = ""
    for i, card in enumerate(cards):
        if rules.sealed or card.alignment not in ("Good", "Evil"):  # SCN-SEALED waives WB-2
            continue
        if side is None:
            side, side_name = card.alignment, card.name
        elif card.alignment != side:
            out.append(_problem("alignment-mixed",
                                f"{card.name} is {card.alignment}, but {side_name} is {side}: "
                                "Good and Evil creatures never share a warband.", i))

    # WB-3: total cost within the point limit.
    if wb.cost > rules.point_limit:
        out.append(_problem("over-point-limit",
                            f"The warband costs {wb.cost} points; the limit is {rules.point_limit}."))

    # WB-4: creature count and single-creature cost caps.
    if len(cards) > rules.max_creatures:
        out.append(_problem("too-many-creatures",
                            f"The warband has {len(cards)} creatures; a {rules.point_limit}-point "
                            f"warband may have at most {rules.max_creatures}.", rules.max_creatures))
    for i, card in enumerate(cards):
        if card.cost > rules.max_creature_cost:
            out.append(_problem("creature-too-expensive",
                                f"{card.name} costs {card.cost} points; in a {rules.point_limit}-point "
                                f"warband no creature may cost more than {rules.max_creature_cost}.", i))

    # WB-6: a Unique creature at most once (waived in Sealed, SCN-SEALED).
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.unique and not rules.sealed:
            if card.id in seen:
                out.append(_problem("unique-repeated",
                                    f"{card.name} is Unique and may appear only once.", i))
            seen.add(card.id)

    # WB-7: Assault allows no Huge or larger creatures; the Epic format (500 points) does.
    for i, card in enumerate(cards):
        if card.size > HUGE:
            out.append(_problem("too-large", f"{card.name} is larger than Huge; no battle format allows it.", i))
        elif card.size == HUGE and rules.point_limit < EPIC_POINTS:
            out.append(_problem("too-large",
                                f"{card.name} is Huge; only Epic battles ({EPIC_POINTS} points) allow "
                                f"Huge creatures, not a {rules.point_limit}-point Assault.", i))
    return out


def check_battle(warbands: tuple[WarbandDef, ...], maps: tuple[MapDef, ...],
                 teams: tuple[int, ...] = ()) -> list[WarbandProblem]:
    """Return why these warbands and maps cannot make one battle (empty = they can).

    WB-3/WB-8: both warbands are built for the same point limit, and every
    map is drawn for that battle size (``MapDef.points``: 100-point battles
    use a half-size map, 200-point battles a full-size one).  SCN-MULTI:
    every map has a start area for each side (a team shares one; in
    free-for-all each player needs its own corner).  ``teams`` gives each
    player's team (empty: every player on its own).  Each problem's
    ``index`` is the warband's or map's position in its tuple.
    """
    out: list[WarbandProblem] = []
    sides = len(set(teams)) if teams else len(warbands)
    for i, m in enumerate(maps):
        if sides > 2 and len(m.start_areas) < sides:
            names = ", ".join(sorted(m.start_areas)) or "none"
            out.append(WarbandProblem(
                "too-few-start-areas", f"{m.name} has start areas {names}, but this battle has {sides} sides, "
                f"each needing its own (SCN-MULTI); use a four-corner map such as Fourfold Court, or teams.",
                "SCN-MULTI", i))
    limits = {wb.point_limit for wb in warbands}
    if len(limits) > 1:
        sizes = " and ".join(f"{wb.name} ({wb.point_limit} points)" for wb in warbands)
        out.append(WarbandProblem("mixed-battle-size", f"The warbands are built for different battle sizes: {sizes}.",
                                  "WB-3", None))
        return out
    limit = next(iter(limits), 200)
    for i, m in enumerate(maps):
        if m.points != limit:
            size = "a half-size" if m.points < 200 else "a full-size" if m.points == 200 else "an Epic-size"
            out.append(WarbandProblem("map-size", f"{m.name} is drawn for {m.points}-point battles ({size} map); "
                                      f"these warbands are {limit}-point warbands (WB-8).", "WB-8", i))
    return out
