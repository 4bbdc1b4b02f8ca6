"""Conditions of the card language: *when* a card's number or effect applies (CL-1 and those after it).

A card-language entry (a conditional bonus, a targeting limit, a filtered
aura, a reaction, a champion power…) may carry a ``When``: typed tests, all
of which must hold, about two creatures and the situation:

* ``me`` -- the card's own creature (the attacker of its attack, the defender
  of an attack against it, the source of its aura);
* ``other`` -- the other creature of the exchange (the target of its attack,
  the attacker of an attack against it, the creature its aura covers);
* the situation -- the kind of attack, whose turn it is, the damage types.

Each test about a creature is an ``About``; an empty ``About`` (or ``When``)
always holds.  Nothing here reads free text: every test is a typed field the
content loader fills from a file's ``when:`` mapping (docs/authoring.md).

What a test cannot work out from the state alone -- whether the attacker is
charging or flanking, whether it is unseen by its target, the kind of attack
-- the caller gives in a ``Situation`` (``combat`` builds one per attack).

Units: distances in squares.  Rule IDs: CL-1 (conditional numbers) defines
the vocabulary; CL-2, CL-3, CL-4, CL-10, CL-12 use it (docs/rules.md).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol

# This module imports no other engine module: model.py imports it (attack lines and effects carry a
# ``When``), and state.py imports model.py.  The creatures and the battle a test looks at are
# described by the protocols below, which ``state.Creature`` and ``state.GameState`` satisfy.


class _Card(Protocol):
    """What a test reads of a stat card (``model.CreatureCard``)."""

    @property
    def keywords(self) -> tuple[str, ...]: ...
    @property
    def alignment(self) -> str: ...
    @property
    def factions(self) -> tuple[str, ...]: ...
    @property
    def size(self) -> int: ...


class Creature(Protocol):
    """What a test reads of a creature (``state.Creature``)."""

    @property
    def uid(self) -> str: ...
    @property
    def card(self) -> _Card: ...
    @property
    def team(self) -> int: ...
    @property
    def square(self) -> tuple[int, int]: ...
    @property
    def alive(self) -> bool: ...
    @property
    def bloodied(self) -> bool: ...
    @property
    def conditions(self) -> frozenset[str]: ...
    def in_zone(self, zone: frozenset[tuple[int, int]]) -> bool: ...


class _Map(Protocol):
    @property
    def vp_zones(self) -> Mapping[str, frozenset[tuple[int, int]]]: ...


class GameState(Protocol):
    """What a test reads of the battle (``state.GameState``)."""

    @property
    def creatures(self) -> Iterable[Creature]: ...
    @property
    def turn_player(self) -> int: ...
    @property
    def battle_map(self) -> _Map: ...
    def team_of(self, player: int) -> int: ...

#: Size categories, smallest first (docs/rules.md "Size").  A card's ``size`` in squares gives its
#: category unless the card names one (``CreatureCard.category``): 1 → medium, 2 → large, 3 → huge.
SIZE_CATEGORIES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
_BY_SQUARES = {1: "medium", 2: "large", 3: "huge"}

#: Attack kinds a ``When.attack`` test may name: the card's attack kinds, plus "charge" (a charge
#: attack, CHG-1) and "opportunity" (an opportunity attack, OA-1).
ATTACK_TESTS = ("melee", "ranged", "close", "area", "charge", "opportunity")

#: ``When.turn``: "mine" -- a turn of the card's creature's player; "theirs" -- another player's.
TURN_TESTS = ("mine", "theirs")


def size_category(c: Creature) -> str:
    """The creature's size category (one of ``SIZE_CATEGORIES``): its card's ``category`` when the card
    names one, else from its squares across (1 medium, 2 large, 3 huge)."""
    named: str = getattr(c.card, "category", "")
    return named or _BY_SQUARES.get(c.card.size, "medium")


def size_rank(category: str) -> int:
    """Index of ``category`` in ``SIZE_CATEGORIES`` (0 tiny … 5 gargantuan); raises ValueError for
    an unknown name."""
    return SIZE_CATEGORIES.index(category)


@dataclass(frozen=True)
class Situation:
    """What the caller knows of the moment a ``When`` is asked about (CL-1).

    Attributes:
        attacker: uid of the attacking creature, or "" outside an attack.
        charging: the attacker makes a charge attack (CHG-1).
        flanking: the attacker flanks its target (FLK-1).
        unseen: the attacker is unseen by its target (no line of sight from the target, or
            invisible to it: CA-1).
        attack_kinds: the attack's kinds among ``ATTACK_TESTS`` (e.g. {"melee", "charge"}).
        damage_types: the damage types of the attack or damage ("" for untyped).
    """

    attacker: str = ""
    charging: bool = False
    flanking: bool = False
    unseen: bool = False
    attack_kinds: frozenset[str] = frozenset()
    damage_types: frozenset[str] = frozenset()


#: The situation outside any attack (speed, saves, auras at a turn's start).
CALM = Situation()


@dataclass(frozen=True)
class About:
    """Tests about one creature; all must hold (CL-1).  An empty one always holds.

    Attributes:
        keywords: it has at least one of these keywords (CARD-2; creature types are keywords),
            compared without case; () -- no test.
        alignments: its alignment is one of these ("Good", "Evil", "Unaligned"); () -- no test.
        smallest, largest: its size category is at least / at most this one ("" -- no bound).
        bloodied: it is bloodied (True) or not (False) (HP-2); None -- no test.
        conditions: it has at least one of these conditions (CON-1..8); () -- no test.
        charging: it is the attacker and charges (True) / not (False); None -- no test.
        flanking: it is the attacker and flanks its target; None -- no test.
        in_vp_zone: it stands in a VP zone (any, SCN-ASSAULT: any square of its footprint);
            None -- no test.
        unseen: it is the attacker and its target cannot see it; None -- no test.
        adjacent_ally: it is adjacent to an ally (another creature of its side) -- of
            ``ally_keyword`` when that is given; None -- no test.
        ally_keyword: the keyword the adjacent ally must have ("" -- any ally).
        factions: it has at least one of these factions (CARD-1; CL-3 auras for allies of a
            faction); () -- no test.
    """

    keywords: tuple[str, ...] = ()
    alignments: tuple[str, ...] = ()
    smallest: str = ""
    largest: str = ""
    bloodied: bool | None = None
    conditions: tuple[str, ...] = ()
    charging: bool | None = None
    flanking: bool | None = None
    in_vp_zone: bool | None = None
    unseen: bool | None = None
    adjacent_ally: bool | None = None
    ally_keyword: str = ""
    factions: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """True when it tests nothing."""
        return self == About()

    def holds(self, state: GameState, c: Creature, situation: Situation) -> bool:
        """True when every test holds of creature ``c`` in ``state`` and ``situation``."""
        if self.keywords:
            have = {k.casefold() for k in c.card.keywords}
            if not any(k.casefold() in have for k in self.keywords):
                return False
        if self.alignments and c.card.alignment not in self.alignments:
            return False
        if self.factions and not set(self.factions) & set(c.card.factions):  # CL-3
            return False
        if self.smallest or self.largest:
            rank = size_rank(size_category(c))
            if self.smallest and rank < size_rank(self.smallest):
                return False
            if self.largest and rank > size_rank(self.largest):
                return False
        if self.bloodied is not None and c.bloodied != self.bloodied:
            return False
        if self.conditions and not (c.conditions & set(self.conditions)):
            return False
        attacker = situation.attacker == c.uid
        for wanted, fact in ((self.charging, situation.charging), (self.flanking, situation.flanking),
                             (self.unseen, situation.unseen)):
            if wanted is not None and (attacker and fact) != wanted:
                return False
        if self.in_vp_zone is not None and in_any_vp_zone(state, c) != self.in_vp_zone:
            return False
        if self.adjacent_ally is not None and bool(adjacent_allies(state, c, self.ally_keyword)) != self.adjacent_ally:
            return False
        return True

    def __str__(self) -> str:
        return ", ".join(self.words())

    def words(self) -> list[str]:
        """The tests in words, e.g. ["Evil", "bloodied", "adjacent to an ally (Dwarf)"]."""
        out: list[str] = []
        if self.alignments:
            out.append(" or ".join(self.alignments))
        if self.keywords:
            out.append(" or ".join(self.keywords))
        if self.factions:
            out.append(" or ".join(self.factions))
        if self.smallest and self.largest:
            out.append(f"{self.smallest} to {self.largest}")
        elif self.largest:
            out.append(f"{self.largest} or smaller")
        elif self.smallest:
            out.append(f"{self.smallest} or larger")
        for flag, yes, no in ((self.bloodied, "bloodied", "not bloodied"),
                              (self.charging, "charging", "not charging"),
                              (self.flanking, "flanking", "not flanking"),
                              (self.in_vp_zone, "in a VP zone", "outside VP zones"),
                              (self.unseen, "unseen", "seen")):
            if flag is not None:
                out.append(yes if flag else no)
        if self.conditions:
            out.append(" or ".join(self.conditions))
        if self.adjacent_ally is not None:
            ally = f"an ally ({self.ally_keyword})" if self.ally_keyword else "an ally"
            out.append(f"adjacent to {ally}" if self.adjacent_ally else f"not adjacent to {ally}")
        return out


@dataclass(frozen=True)
class When:
    """When a card-language entry applies: every test must hold (CL-1).  ``When()`` always holds.

    Attributes:
        me: tests about the card's own creature.
        other: tests about the other creature of the exchange (its target, its attacker, the
            creature its aura covers).
        attack: the attack is of at least one of these kinds (``ATTACK_TESTS``); () -- no test.
        turn: "mine" / "theirs" (``TURN_TESTS``) -- whose turn it is, seen from the card's
            creature's side (its player's team, SCN-MULTI); "" -- no test.
        damage: the damage is of at least one of these types; () -- no test.
    """

    me: About = About()
    other: About = About()
    attack: tuple[str, ...] = ()
    turn: str = ""
    damage: tuple[str, ...] = ()

    #: Not a field: ``always``'s answer, set on first use (read as an attribute, never through
    #: ``__dict__``, which in CPython 3.11 makes every later read of the object's attributes dearer).
    _always: ClassVar[bool | None] = None

    @property
    def always(self) -> bool:
        """True when it tests nothing (it always holds).  Found once per object and kept beside
        its fields (a frozen value never changes; equality, hashing and saves read only fields)."""
        found = self._always
        if found is None:
            found = self == When()
            object.__setattr__(self, "_always", found)
        return found

    def holds(self, state: GameState, me: Creature, other: Creature | None,
              situation: Situation = CALM) -> bool:
        """True when every test holds.

        Args:
            state: the battle.
            me: the card's own creature.
            other: the other creature of the exchange, or None when there is none (then a
                ``When`` with tests about ``other`` does not hold).
            situation: what the caller knows of the moment (``CALM`` outside an attack).
        """
        if self.attack and not situation.attack_kinds & set(self.attack):
            return False
        if self.damage and not situation.damage_types & set(self.damage):
            return False
        if self.turn:
            mine = state.team_of(state.turn_player) == me.team
            if mine != (self.turn == "mine"):
                return False
        if not self.me.holds(state, me, situation):
            return False
        if self.other.empty:
            return True
        return other is not None and self.other.holds(state, other, situation)

    def __str__(self) -> str:
        return self.words()

    def words(self, *, other_is: str = "the target") -> str:
        """The tests in words for a stat card or log line, e.g. "against Evil, while bloodied,
        with melee attacks" ("" when it always holds).  ``other_is`` names the other creature
        ("the target", "the attacker")."""
        parts: list[str] = []
        if not self.other.empty:
            parts.append(f"when {other_is} is " + ", ".join(self.other.words()))
        if not self.me.empty:
            parts.append("while " + ", ".join(self.me.words()))
        if self.attack:
            parts.append("with " + " or ".join(self.attack) + " attacks")
        if self.damage:
            parts.append("against " + " or ".join(self.damage) + " damage")
        if self.turn:
            parts.append("on its own turn" if self.turn == "mine" else "on other players' turns")
        return ", ".join(parts)


#: A ``When`` that always holds.
ALWAYS = When()


def in_any_vp_zone(state: GameState, c: Creature) -> bool:
    """True when creature ``c`` stands in any VP zone of the map (SCN-ASSAULT; any square of its
    footprint counts, MOV-13)."""
    return any(c.in_zone(zone) for zone in state.battle_map.vp_zones.values())


def adjacent_allies(state: GameState, c: Creature, keyword: str = "") -> list[Creature]:
    """The other creatures of ``c``'s side adjacent to it (any square of either footprint), with
    ``keyword`` when it is given (compared without case)."""
    out: list[Creature] = []
    if not c.alive:
        return out
    for o in state.creatures:
        if o is c or o.uid == c.uid or not o.alive or o.team != c.team:
            continue
        if keyword and keyword.casefold() not in {k.casefold() for k in o.card.keywords}:
            continue
        if _touching(c.square, c.card.size, o.square, o.card.size):
            out.append(o)
    return out


def _touching(a: tuple[int, int], asize: int, b: tuple[int, int], bsize: int) -> bool:
    """True when two footprints are adjacent (``footprint.touching``, which this module cannot
    import: model.py imports this module and footprint imports model)."""
    dx = max(0, b[0] - (a[0] + asize - 1), a[0] - (b[0] + bsize - 1))
    dy = max(0, b[1] - (a[1] + asize - 1), a[1] - (b[1] + bsize - 1))
    return max(dx, dy) == 1


def kinds_of_attack(kind: str, *, charge: bool = False, opportunity: bool = False) -> frozenset[str]:
    """The ``ATTACK_TESTS`` an attack of ``kind`` ("melee", "ranged", "close", "area") makes, with
    "charge" and "opportunity" added when it is one."""
    out = {kind}
    if charge:
        out.add("charge")
    if opportunity:
        out.add("opportunity")
    return frozenset(out)


def all_hold(tests: Iterable[When], state: GameState, me: Creature, other: Creature | None,
             situation: Situation = CALM) -> bool:
    """True when every ``When`` of ``tests`` holds (see ``When.holds``)."""
    return all(w.holds(state, me, other, situation) for w in tests)


__all__ = ["SIZE_CATEGORIES", "ATTACK_TESTS", "TURN_TESTS", "Situation", "CALM", "About", "When", "ALWAYS",
           "size_category", "size_rank", "in_any_vp_zone", "adjacent_allies", "kinds_of_attack", "all_hold"]
