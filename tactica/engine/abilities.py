"""Keyword abilities as typed data, and the pure rules that read them (ABL-1, ABL-2, ATK-8).

A stat card carries ``abilities``: a tuple of the small frozen values below
(Wesnoth-style: a kind plus typed parameters, never text the engine reads).
``str(ability)`` is its card text ("Resist 10 fire").  The loader builds them
from ``{kind: resist, amount: 10, type: fire}`` entries (``ABILITY_KINDS``).

Which module applies which ability:

* movement (``movement``): Flight (MOV-10), Burrow (MOV-9), Phasing (MOV-11),
  Threatening Reach (opportunity attacks within its reach, OA-1);
* combat (``combat``): Multiple Threats (CA-1), Sneak Attack, Powerful
  Charge, Resist, Vulnerable, Immune (damage types), Insubstantial;
* conditions (``conditions``): Immune (conditions);
* turn hooks (``effects``): Regeneration;
* the flow (``flow``): Multi-Activation (activated X times each round);
* auras (``auras``): Aura X, a continuous effect on the creatures within X
  squares (attack, defence, damage, speed, resist, harm, heal; see ``Aura``).

ABL-2 / ATK-8 stacking: *different* abilities add up; the same ability twice
(same kind and same damage type) counts once, the larger one (``strongest``).
Units: damage and HP in hit points, reach in squares.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from .when import ALWAYS, When

#: "all" in Resist / Vulnerable: every damage type, untyped damage included.
ALL = "all"


class HasAbilities(Protocol):
    """What the queries below read of a creature's card (``model.CreatureCard`` is one)."""

    @property
    def abilities(self) -> tuple[Ability, ...]:
        """Its keyword abilities, in card order."""
        ...


@dataclass(frozen=True)
class Ability:
    """Base class of keyword abilities.  ``kind`` is the content-file name."""

    kind: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.kind.replace("-", " ").capitalize()

    @property
    def identity(self) -> tuple[str, ...]:
        """What makes two entries "the same ability" for stacking (ABL-2): kind and type."""
        return (self.kind, getattr(self, "damage_type", ""), getattr(self, "condition", ""),
                getattr(self, "to", ""))


@dataclass(frozen=True)
class Flight(Ability):
    """MOV-10: flies over non-flying enemies, not slowed by terrain, may enter pits; non-flying
    enemies get opportunity attacks only as it leaves its first square (take-off)."""

    kind: ClassVar[str] = "flight"


@dataclass(frozen=True)
class Burrow(Ability):
    """MOV-9: moves underground through enemies, ignoring terrain (walls excepted, our reading),
    provoking no opportunity attacks."""

    kind: ClassVar[str] = "burrow"


@dataclass(frozen=True)
class Phasing(Ability):
    """MOV-11: moves through enemies, ignoring terrain (walls excepted, our reading); must end
    legally; provokes opportunity attacks."""

    kind: ClassVar[str] = "phasing"


@dataclass(frozen=True)
class SneakAttack(Ability):
    """+``damage`` HP on a hit made with combat advantage (docs/rules.md, ABL)."""

    kind: ClassVar[str] = "sneak-attack"
    damage: int = 10

    def __str__(self) -> str:
        return f"Sneak Attack {self.damage}"


@dataclass(frozen=True)
class PowerfulCharge(Ability):
    """+``damage`` HP when its charge attack hits (SPW-1, CHG-1)."""

    kind: ClassVar[str] = "powerful-charge"
    damage: int = 10

    def __str__(self) -> str:
        return f"Powerful Charge {self.damage}"


@dataclass(frozen=True)
class Resist(Ability):
    """Damage of ``damage_type`` (or all damage) from one attack is totalled, then ``amount`` is
    subtracted, to no less than 0 (ABL; case resist-all-totals-first)."""

    kind: ClassVar[str] = "resist"
    amount: int = 5
    damage_type: str = ALL

    def __str__(self) -> str:
        return f"Resist {self.amount} {self.damage_type}"


@dataclass(frozen=True)
class Vulnerable(Ability):
    """+``amount`` HP whenever it takes damage of ``damage_type`` (or any damage, "all")."""

    kind: ClassVar[str] = "vulnerable"
    amount: int = 5
    damage_type: str = ALL

    def __str__(self) -> str:
        return f"Vulnerable {self.amount} {self.damage_type}"


@dataclass(frozen=True)
class Immune(Ability):
    """Unaffected by damage of ``damage_type``, by ``condition``, or by ``to`` (exactly one is given).

    ``to`` (CL-15, ``numbers.IMMUNITIES``): "critical hits" (a critical roll still hits, but
    deals ordinary damage), "forced movement" (push, pull, slide, teleport and place do not
    move it), "flanking" (no attacker flanks it), "opportunity attacks" (nothing it does
    provokes one).
    """

    kind: ClassVar[str] = "immune"
    damage_type: str = ""
    condition: str = ""
    to: str = ""

    def __str__(self) -> str:
        if self.to:  # CL-15
            return f"Immune to {self.to}"
        return f"Immune {self.damage_type or self.condition}"


@dataclass(frozen=True)
class Regeneration(Ability):
    """Regains ``amount`` HP at the start of its turn, never above its card's HP.

    ``damage_type`` (optional, docs/rules.md ABL): damage of that type stops it for
    a turn — after taking any, it does not regenerate at the start of its
    next turn.
    """

    kind: ClassVar[str] = "regeneration"
    amount: int = 5
    damage_type: str = ""

    def __str__(self) -> str:
        stop = f" (stopped by {self.damage_type})" if self.damage_type else ""
        return f"Regeneration {self.amount}{stop}"


@dataclass(frozen=True)
class Insubstantial(Ability):
    """Takes half damage from attacks (our reading; halved as HP-3, to a multiple of 5)."""

    kind: ClassVar[str] = "insubstantial"


@dataclass(frozen=True)
class ThreateningReach(Ability):
    """May make opportunity attacks against enemies within ``reach`` squares, not only adjacent
    ones (counted around walls, RNG-5; line of sight still needed, OA-5).  The card line gives
    no number; 2 is our default, as a reach weapon's."""

    kind: ClassVar[str] = "threatening-reach"
    reach: int = 2

    def __str__(self) -> str:
        return "Threatening Reach" if self.reach == 2 else f"Threatening Reach {self.reach}"


@dataclass(frozen=True)
class MultipleThreats(Ability):
    """Always has combat advantage against adjacent enemies (CA-1)."""

    kind: ClassVar[str] = "multiple-threats"


@dataclass(frozen=True)
class MultiActivation(Ability):
    """Activated ``times`` times each round; each activation uses one activation slot of its
    player's turn (docs/rules.md ABL glossary).  Each activation is one of its turns (EFF-1, SAV-1)."""

    kind: ClassVar[str] = "multi-activation"
    times: int = 2

    def __str__(self) -> str:
        return f"Multi-Activation {self.times}"


@dataclass(frozen=True)
class FlybyAttack(Ability):
    """CL-11: it may attack in the middle of its move: the squares of its move action left when it
    attacks may still be moved after the attack, in the same activation (as a split move,
    G5E-SPLIT); opportunity attacks as for any move."""

    kind: ClassVar[str] = "flyby-attack"


@dataclass(frozen=True)
class Immobile(Ability):
    """CL-16: it never moves: its card's speed is 0 (the loader checks it) and forced movement
    (push, pull, slide, teleport, place) leaves it where it is."""

    kind: ClassVar[str] = "immobile"


@dataclass(frozen=True)
class ObjectAbility(Ability):
    """CL-16: it is an object (a barricade, an idol, a crystal): immobile, never activated (it takes no
    turns and fills no activation), immune to every condition; it may be attacked and destroyed as
    a creature, scoring its cost."""

    kind: ClassVar[str] = "object"


@dataclass(frozen=True)
class Trophy(Ability):
    """CL-16: worth ``amount`` VP more to the side that destroys it (its cost plus ``amount``)."""

    kind: ClassVar[str] = "trophy"
    amount: int = 10

    def __str__(self) -> str:
        return f"Trophy {self.amount}"


@dataclass(frozen=True)
class ZoneDeploy(Ability):
    """CL-16: at setup it may be placed in a VP zone that scores for an opponent (the one on its own
    side of the map, SCN-ASSAULT) as well as in its start area (SET-3)."""

    kind: ClassVar[str] = "zone-deploy"


@dataclass(frozen=True)
class Recruits(Ability):
    """CL-16: a warband that includes it may also include creatures with ``keyword`` of any faction
    (WB-1; alignment, cost and count limits still hold)."""

    kind: ClassVar[str] = "recruits"
    keyword: str = ""

    def __str__(self) -> str:
        return f"Recruits {self.keyword}"


#: What an aura does to the creatures it covers (typed; ``Aura.effect``).
#: attack / defense / damage / speed take a signed ``bonus``; resist / harm / heal an ``amount``.
AURA_EFFECTS = ("attack", "defense", "damage", "speed", "resist", "harm", "heal")
#: Aura effects that take a signed bonus (the others take a positive amount).
AURA_BONUS_EFFECTS = ("attack", "defense", "damage", "speed")
#: Whom an aura covers, seen from its creature (``Aura.affects``).
AURA_AFFECTS = ("allies", "enemies", "all")
#: When a harm or heal aura acts on a covered creature (CL-3, ``Aura.timing``): as its turn starts,
#: as it ends, or both.
AURA_TIMINGS = ("start", "end", "both")


@dataclass(frozen=True)
class Aura(Ability):
    """Aura X: a continuous effect on the creatures within ``radius`` squares (docs/rules.md ABL).

    Attributes:
        radius: the X, in squares, counted from its creature's square around
            walls as range is (RNG-5); no line of sight needed (our reading).
        effect: one of AURA_EFFECTS —
            ``attack``: ``amount`` added to the attack rolls of covered creatures;
            ``defense``: ``amount`` added to their AC and DEF (shown as a
            modifier on attacks against them);
            ``damage``: ``amount`` HP added to the damage of their hits;
            ``speed``: ``amount`` squares added to their speed (never below 0);
            ``resist``: they resist ``amount`` damage of ``damage_type`` ("all":
            every type), added after their own Resist;
            ``harm``: a covered creature that starts its turn in it takes
            ``amount`` damage of ``damage_type`` ("" untyped);
            ``heal``: a covered creature that starts its turn in it regains
            ``amount`` HP, never above its card's HP.
        amount: the bonus (may be negative for attack/defense/damage/speed) or
            the HP/resist amount (positive).
        affects: "allies", "enemies" or "all" (allies of its creature, its
            enemies, or both).
        include_self: its own creature is covered too (allies/all only).
        damage_type: for resist and harm.
        name: its card name; same-named auras do not stack (ABL-2, ATK-8:
            several copies count once, the strongest), different ones add.
        when: CL-3 filter: the aura covers a creature only while this holds, ``me`` being its
            own creature and ``other`` the covered one (e.g. only Dwarf allies, only allies of
            a faction); tests about the attack ("attack", "damage") make an attack, damage or
            defense aura count only for such attacks (a +2 attack aura for fire attacks).
        timing: CL-3, harm and heal auras: "start" (as a covered creature's turn starts,
            the default), "end" (as it ends) or "both" (``AURA_TIMINGS``).

    ABL-1: it works while its creature is on the map, activated or not,
    stunned or not.
    """

    kind: ClassVar[str] = "aura"
    radius: int = 1
    effect: str = "attack"
    amount: int = 1
    affects: str = "allies"
    include_self: bool = False
    damage_type: str = ""
    name: str = ""
    when: When = ALWAYS
    timing: str = "start"

    @property
    def identity(self) -> tuple[str, ...]:
        """Auras of the same name (and effect) are the same ability for stacking (ABL-2)."""
        return (self.kind, self.effect, self.name or self.describe_effect())

    def describe_effect(self) -> str:
        """Whom it covers and what it does, e.g. "allies +2 attack"."""
        who = {"allies": "allies", "enemies": "enemies", "all": "every creature"}[self.affects]
        if self.include_self and self.affects != "enemies":
            who += " (itself too)"
        w = self.when
        if not w.other.empty:  # CL-3: only some of them
            who += " that are " + ", ".join(w.other.words())
        rest: list[str] = []
        if not w.me.empty:
            rest.append("while it is " + ", ".join(w.me.words()))
        if w.attack or w.damage:
            rest.append("for " + " or ".join(w.damage + w.attack) + " attacks")
        if w.turn:
            rest.append("on its side's turns" if w.turn == "mine" else "on other sides' turns")
        return f"{who} {self.describe_what()}" + "".join(f", {r}" for r in rest)

    @property
    def when_in_turn(self) -> str:
        """Its timing in words (CL-3): "start", "end" or "start and the end"."""
        return {"start": "start", "end": "end", "both": "start and the end"}[self.timing]

    def describe_what(self) -> str:
        """What it does to a covered creature, e.g. "+2 attack", "resist 5 fire"."""
        sign = f"{self.amount:+d}"
        kind = f" {self.damage_type}" if self.damage_type else ""
        what = {
            "attack": f"{sign} attack",
            "defense": f"{sign} AC and DEF",
            "damage": f"{sign} damage",
            "speed": f"{sign} speed",
            "resist": f"resist {self.amount}{kind or ' all'}",
            "harm": f"take {self.amount}{kind} damage at the {self.when_in_turn} of their turn",
            "heal": f"regain {self.amount} HP at the {self.when_in_turn} of their turn",
        }[self.effect]
        return what

    def __str__(self) -> str:
        named = f" ({self.name})" if self.name else ""
        return f"Aura {self.radius}{named}: {self.describe_effect()}"


@dataclass(frozen=True)
class Darkvision(Ability):
    """UG-DARK (underground module): sees into darkness, moves there at full speed without bumping
    or drifting."""

    kind: ClassVar[str] = "darkvision"


@dataclass(frozen=True)
class Crampons(Ability):
    """UG-SLIP (underground module): no checks for turning, running or fighting on a slippery floor."""

    kind: ClassVar[str] = "crampons"


@dataclass(frozen=True)
class Pick(Ability):
    """UG-RUBBLE (underground module): carries a pick, so it may dig through solid rock."""

    kind: ClassVar[str] = "pick"


#: Content-file kind -> class, for every ability the engine implements.
ABILITY_KINDS: dict[str, type[Ability]] = {cls.kind: cls for cls in (
    Flight, Burrow, Phasing, SneakAttack, PowerfulCharge, Resist, Vulnerable, Immune, Regeneration,
    Insubstantial, ThreateningReach, MultipleThreats, MultiActivation, Aura, Darkvision, Crampons, Pick,
    FlybyAttack, Immobile, ObjectAbility, Trophy, ZoneDeploy, Recruits)}


def has(card: HasAbilities, cls: type[Ability]) -> bool:
    """True when ``card`` (a CreatureCard) has an ability of class ``cls``."""
    return any(isinstance(a, cls) for a in card.abilities)


def strongest(abilities: Iterable[Ability], cls: type[Ability], value: str) -> dict[tuple[str, ...], int]:
    """ABL-2: for each distinct ability of class ``cls``, the largest ``value`` among its copies.

    Returns {identity: amount}; summing the values adds different abilities
    while the same ability twice counts once.
    """
    best: dict[tuple[str, ...], int] = {}
    for a in abilities:
        if isinstance(a, cls):
            best[a.identity] = max(best.get(a.identity, 0), getattr(a, value))
    return best


def extra_damage(card: HasAbilities, *, combat_advantage: bool, charge: bool) -> list[tuple[str, int]]:
    """Damage abilities add to a hit by ``card``'s creature (ATK-8, ABL-2), as (kind, HP) pairs.

    Sneak Attack with combat advantage, Powerful Charge on a charge.  Each
    counts once however often it is listed; different ones add up.
    """
    out: list[tuple[str, int]] = []
    if combat_advantage:
        out.extend((key[0], v) for key, v in strongest(card.abilities, SneakAttack, "damage").items())
    if charge:
        out.extend((key[0], v) for key, v in strongest(card.abilities, PowerfulCharge, "damage").items())
    return out


def _applies(damage_type: str, named: str) -> bool:
    return named == ALL or (bool(damage_type) and named == damage_type)


def defend(card: HasAbilities, amount: int, damage_type: str, *, attack: bool,
           auras: tuple[Aura, ...] = ()) -> tuple[int, list[tuple[str, int]]]:
    """The damage ``card``'s creature takes from ``amount`` HP of ``damage_type`` (ABL-1).

    Order (our choice where the rules are silent): Immune to the type → 0;
    then every distinct Vulnerable that applies adds; then every distinct
    Resist that applies subtracts from the total (never below 0); then
    Insubstantial halves it (attacks only, ``attack=True``; HP-3 rounding).
    ``auras``: resist auras covering the creature (``Aura`` with effect
    "resist", already one per name, see ``auras.covering``); each that
    applies subtracts after the card's own Resist (different sources add,
    ATK-8).  Returns (final HP, steps) where steps are (ability kind, change)
    pairs ("aura" for an aura's resist).
    """
    steps: list[tuple[str, int]] = []
    if any(isinstance(a, Immune) and a.damage_type and _applies(damage_type, a.damage_type)
           for a in card.abilities):
        if amount:
            steps.append(("immune", -amount))
        return 0, steps
    total = amount
    for key, v in strongest(card.abilities, Vulnerable, "amount").items():
        if _applies(damage_type, key[1]):
            total += v
            steps.append(("vulnerable", v))
    for key, v in strongest(card.abilities, Resist, "amount").items():
        if _applies(damage_type, key[1]) and total > 0:
            cut = min(v, total)
            total -= cut
            steps.append(("resist", -cut))
    for aura in auras:
        if _applies(damage_type, aura.damage_type or ALL) and total > 0:
            cut = min(aura.amount, total)
            total -= cut
            steps.append(("aura", -cut))
    if attack and total > 0 and has(card, Insubstantial):
        half = (total // 2) // 5 * 5
        steps.append(("insubstantial", half - total))
        total = half
    return total, steps


def defend_parts(card: HasAbilities, parts: list[tuple[str, int]], *, attack: bool,
                 auras: tuple[Aura, ...] = ()) -> tuple[int, list[tuple[str, int]]]:
    """The damage ``card``'s creature takes from an attack of several damage types (CL-6).

    ``parts``: (damage type, HP) pairs ("" untyped), the first the attack's main part.  Parts of
    one type are totalled first.  Order (docs/rules.md CL-6): Immune to a type → that part is 0;
    each distinct Vulnerable to a type adds to the part of that type when the attack deals one
    (Vulnerable all: to the first part it is not immune to); each distinct Resist to a type
    subtracts from the total of that type, never below 0; then each Resist all subtracts from the
    total of every part (the case resist-all-totals-first: 10 + 10 fire against Resist 20 all is
    0); resist auras the same way, after the card's own; Insubstantial halves the total last
    (attacks only).  With one part it is exactly ``defend``.
    Returns (final HP, steps as (ability kind, change) pairs).
    """
    merged: dict[str, int] = {}
    for kind, amount in parts:
        merged[kind] = merged.get(kind, 0) + amount
    if len(merged) == 1:
        (kind, amount), = merged.items()
        return defend(card, amount, kind, attack=attack, auras=auras)
    steps: list[tuple[str, int]] = []
    immune = {a.damage_type for a in card.abilities if isinstance(a, Immune) and a.damage_type}
    left: dict[str, int] = {}
    for kind, amount in merged.items():
        if kind and kind in immune:
            if amount:
                steps.append(("immune", -amount))
        else:
            left[kind] = amount
    if not left:
        return 0, steps
    for key, v in strongest(card.abilities, Vulnerable, "amount").items():
        named = key[1]
        target = next(iter(left)) if named == ALL else (named if named in left else None)
        if target is not None:
            left[target] += v
            steps.append(("vulnerable", v))
    whole: list[tuple[str, int]] = []
    for key, v in strongest(card.abilities, Resist, "amount").items():
        named = key[1]
        if named == ALL:
            whole.append(("resist", v))
        elif left.get(named, 0) > 0:
            cut = min(v, left[named])
            left[named] -= cut
            steps.append(("resist", -cut))
    for aura in auras:
        named = aura.damage_type or ALL
        if named == ALL:
            whole.append(("aura", aura.amount))
        elif left.get(named, 0) > 0:
            cut = min(aura.amount, left[named])
            left[named] -= cut
            steps.append(("aura", -cut))
    total = sum(left.values())
    for name, v in whole:
        if total > 0:
            cut = min(v, total)
            total -= cut
            steps.append((name, -cut))
    if attack and total > 0 and has(card, Insubstantial):
        half = (total // 2) // 5 * 5
        steps.append(("insubstantial", half - total))
        total = half
    return total, steps


def immune_to_condition(card: HasAbilities, condition: str) -> bool:
    """True when ``card``'s creature is immune to ``condition`` (ABL; it is never applied); an
    object (CL-16) is immune to every condition."""
    return any(isinstance(a, Immune) and a.condition == condition or isinstance(a, ObjectAbility)
               for a in card.abilities)


def never_moved(card: HasAbilities) -> bool:
    """True when forced movement never moves ``card``'s creature (CL-16: immobile, or an object)."""
    return any(isinstance(a, (Immobile, ObjectAbility)) for a in card.abilities)


def trophy(card: HasAbilities) -> int:
    """VP its destroyer scores beyond its cost (CL-16 Trophy; 0 without; ABL-2: the largest once)."""
    return max((a.amount for a in card.abilities if isinstance(a, Trophy)), default=0)


def recruited_keywords(cards: Iterable[HasAbilities]) -> frozenset[str]:
    """The keywords (case folded) that ``cards``' Recruits abilities let join a warband (CL-16)."""
    return frozenset(a.keyword.casefold() for c in cards for a in c.abilities if isinstance(a, Recruits))


def regeneration(card: HasAbilities) -> int:
    """HP regained at the start of each of its turns (0 without Regeneration; ABL-2: once)."""
    return max((a.amount for a in card.abilities if isinstance(a, Regeneration)), default=0)


def stops_regeneration(card: HasAbilities, damage_type: str) -> bool:
    """True when damage of ``damage_type`` stops ``card``'s Regeneration for a turn (docs/rules.md ABL)."""
    return bool(damage_type) and any(isinstance(a, Regeneration) and a.damage_type == damage_type
                                     for a in card.abilities)


def activations_per_round(card: HasAbilities) -> int:
    """How many times ``card``'s creature is activated each round (1; Multi-Activation X: X; an
    object, CL-16: 0)."""
    abilities = card.abilities
    if not abilities:
        return 1
    if any(isinstance(a, ObjectAbility) for a in abilities):
        return 0
    return max((a.times for a in abilities if isinstance(a, MultiActivation)), default=1)


def threat_reach(card: HasAbilities) -> int:
    """Squares within which its opportunity attacks reach (1: adjacent; Threatening Reach: more)."""
    return max((a.reach for a in card.abilities if isinstance(a, ThreateningReach)), default=1)


__all__ = ["Crampons", "Darkvision", "Pick",
           "Ability", "ABILITY_KINDS", "ALL", "Flight", "Burrow", "Phasing", "SneakAttack",
           "PowerfulCharge", "Resist", "Vulnerable", "Immune", "Regeneration", "Insubstantial",
           "ThreateningReach", "MultipleThreats", "has", "strongest", "extra_damage", "defend", "defend_parts",
           "immune_to_condition", "regeneration", "stops_regeneration", "threat_reach", "MultiActivation", "Aura",
           "AURA_EFFECTS", "AURA_BONUS_EFFECTS", "AURA_AFFECTS", "AURA_TIMINGS", "activations_per_round",
           "FlybyAttack", "Immobile", "ObjectAbility", "Trophy", "ZoneDeploy", "Recruits", "never_moved",
           "trophy", "recruited_keywords"]
