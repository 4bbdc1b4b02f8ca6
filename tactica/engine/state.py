"""Game state: the creatures on the map, whose decision it is, VP and dice.

``GameState`` is treated as an immutable value by every client: ``apply``
copies it and changes only the copy.  The copy shares the creatures it does
not change (copy-on-write: shared creatures are read-only, ``GameState.own``
gives a changeable one).  All randomness lives in ``dice``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, NoReturn

from .abilities import Aura, activations_per_round
from .actions import Action
from .dice import ScriptedDice, SeededDice
from .errors import PhaseError
from .footprint import any_in, footprint
from .frozen import fast_init
from .geometry import Geometry
from .model import CreatureCard, Duration, MapDef, Square, WarbandDef
from .powers import ChampionPower

#: Conditions that make a creature inactive (docs/rules.md: "active" is not "activated"; CL-18 petrified).
INACTIVE_CONDITIONS = frozenset({"stunned", "helpless", "petrified"})
#: Conditions that include being dazed, so that it cannot flank nor make opportunity attacks
#: (CON-1..4, CON-6 via docs/rules.md; CL-18: petrified, and blinded, which sees no one).
DAZED_LIKE = frozenset({"dazed", "staggered", "stunned", "helpless", "petrified", "blinded"})
#: Conditions that grant combat advantage to attackers (CA-1, CON-1..4; CL-18: petrified, blinded,
#: restrained).
GRANTS_CA = frozenset({"dazed", "staggered", "stunned", "helpless", "petrified", "blinded", "restrained"})
#: Conditions that hold a creature where it is: speed 0 (CON-5; CL-18 petrified, restrained).
HELD_IN_PLACE = frozenset({"immobilized", "petrified", "restrained"})
#: Conditions that forbid opportunity attacks (CON-1..4, CON-6 via docs/rules.md).
NO_OPPORTUNITY = DAZED_LIKE | {"confused"}
#: Conditions that forbid taking any action (CON-3, CON-4).
NO_ACTIONS = INACTIVE_CONDITIONS
#: Conditions that limit the attack action to a basic attack or a move, and so
#: forbid charging (CON-2, CON-6 via docs/rules.md).
BASIC_ONLY = frozenset({"staggered", "confused"})


_NO_CONDITIONS: frozenset[str] = frozenset()


class Phase(str, Enum):
    """What kind of decision the game waits for."""

    CHOOSE_MAP = "choose map"
    CHOOSE_AREA = "choose start area"
    DEPLOY = "deploy"
    CHOOSE_FIRST = "choose first player"
    ACTIVATE = "activate"
    ACTING = "acting"
    FORCED = "forced movement"
    CHAMPION = "champion power"
    OVER = "over"

# Enum members read in hot code, as module constants: in Python 3.11 reading ``Enum.MEMBER``
# goes through the enum metaclass's ``__getattr__`` hook (about 0.2 µs), a global is read at once.
_PHASE_ACTING = Phase.ACTING
_PHASE_ACTIVATE = Phase.ACTIVATE
_PHASE_OVER = Phase.OVER


class Continuation(str, Enum):
    """Where the battle's flow goes on once a champion-power window closes (CHP-2).

    A window opens right after an attack's resolution in the middle of an
    action (MID_ACTION: the action goes on from there, ``GameState.interrupted``),
    after an action, at the start or at the end of an activation;
    ``GameState.resume`` holds where it stopped.  The values are the words older
    versions stored (a state digest of a save hashes them).
    """

    AFTER_ACTION = "after action"
    START_ACTIVATION = "start activation"
    END_ACTIVATION = "end activation"
    MID_ACTION = "mid action"


SCENARIOS = ("assault", "bounty", "uncontested", "combined", "sealed")
"""Scenario names a Ruleset accepts (SCN-ASSAULT, SCN-BOUNTY, SCN-UNCONTESTED, SCN-COMBINED,
SCN-SEALED)."""


@dataclass(frozen=True)
class Ruleset:
    """Battle settings (WB-3, WB-4, SCN-ASSAULT, SCN-TIE; values from docs/rules.md).

    Attributes:
        point_limit: warband size in points (200 standard, 100 half-size).
        vp_target: VP that wins; None means the point limit.
        zone_award: VP per round for a VP zone; None means 5% of the limit.
        tie_rounds: consecutive rounds without combat before the tie-breaker.
        wipeout_ends_battle: when a warband has no creatures left the other
            wins at once (our choice: it can no longer score or be stopped).
        small_cone, large_cone: squares a small or large cone reaches
            (RNG-3; docs/rules.md, our choice 3 and 6).
        scenario: "assault" (SCN-ASSAULT), "bounty" (SCN-BOUNTY: a destroyed
            enemy scores bounty_vp instead of its cost), "uncontested"
            (SCN-UNCONTESTED: a VP zone scores uncontested_vp, and only while
            no enemy is in it) or "combined" (SCN-COMBINED: both; 250 points
            is the usual size, see for_scenario) or "sealed" (SCN-SEALED:
            warbands built from random pools, faction, alignment and Unique
            limits waived; Assault victory; see ``engine.sealed``).
        teams: the team of each player, by seat (SCN-MULTI), e.g. (0, 1, 0, 1)
            for two teams of two; empty means every player is a side of its
            own (two players: the usual battle; three or four: free-for-all).
        modules: the optional rule modules switched on, by name (``grid35``…;
            see ``engine.modules``); empty means the skirmish rules alone.
    """

    point_limit: int = 200
    vp_target: int | None = None
    zone_award: int | None = None
    tie_rounds: int = 10
    wipeout_ends_battle: bool = True
    small_cone: int = 3
    large_cone: int = 6
    scenario: str = "assault"
    teams: tuple[int, ...] = ()
    modules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Store ``teams`` and ``modules`` as tuples (a save's JSON gives lists)."""
        object.__setattr__(self, "teams", tuple(int(t) for t in self.teams))
        object.__setattr__(self, "modules", tuple(str(m) for m in self.modules))

    @classmethod
    def for_scenario(cls, scenario: str = "assault", point_limit: int | None = None) -> Ruleset:
        """Settings for a scenario (SCN-*): Combined defaults to 250 points, the rest to 200."""
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown scenario {scenario!r}; one of {', '.join(SCENARIOS)}")
        if point_limit is None:
            point_limit = 250 if scenario == "combined" else 200
        return cls(point_limit=point_limit, scenario=scenario)

    @classmethod
    def for_battle(cls, point_limits: Iterable[int], scenario: str = "assault", teams: Iterable[int] = (),
                   vp_target: int | None = None, modules: Iterable[str] = ()) -> Ruleset:
        """The settings of a battle between warbands of ``point_limits`` (one per warband).

        Warbands of one size fight a battle of that size (WB-8: a 100-point
        battle plays to 100 VP, SCN-ASSAULT); mixed sizes get the scenario's
        default size.  ``scenario`` picks the victory rules (SCN-*; Combined
        is a 250-point battle whatever the warbands), ``teams`` the team of
        each seat and ``vp_target`` a team battle's target (SCN-MULTI);
        ``modules`` the optional rule modules switched on (``engine.modules``).
        Raises ValueError for an unknown scenario.
        """
        limits = set(point_limits)
        size = limits.pop() if len(limits) == 1 and scenario != "combined" else None
        rules = cls.for_scenario(scenario, size)
        teams, modules = tuple(teams), tuple(modules)
        if modules:
            rules = replace(rules, modules=modules)
        return rules.with_teams(teams, vp_target) if teams else rules

    def with_teams(self, teams: tuple[int, ...], vp_target: int | None = None) -> Ruleset:
        """These settings for a team battle (SCN-MULTI): ``teams`` per seat; the VP a team
        needs is ``vp_target`` (200, 300 or 400), by default 100 per player (our choice:
        two teams of two 200-point warbands play to 400, the other team's points)."""
        teams = tuple(teams)
        if vp_target is None and teams:
            vp_target = 100 * len(teams)
        return replace(self, teams=teams, vp_target=vp_target if teams else self.vp_target)

    @property
    def sealed(self) -> bool:
        """Warbands come from Sealed pools: faction, alignment and Unique limits waived (SCN-SEALED)."""
        return self.scenario == "sealed"

    @property
    def bounty(self) -> bool:
        """A destroyed enemy scores bounty_vp, not its cost (SCN-BOUNTY, SCN-COMBINED)."""
        return self.scenario in ("bounty", "combined")

    @property
    def uncontested(self) -> bool:
        """A VP zone scores only with no enemy in it (SCN-UNCONTESTED, SCN-COMBINED)."""
        return self.scenario in ("uncontested", "combined")

    @property
    def bounty_vp(self) -> int:
        """VP per destroyed enemy in Bounty: 5 at 200 points (SCN-BOUNTY); limit ÷ 40 otherwise (our choice)."""
        return max(1, self.point_limit // 40)

    @property
    def uncontested_vp(self) -> int:
        """VP per uncontested zone: 5 at 200 points (SCN-UNCONTESTED); limit ÷ 40 otherwise (our choice)."""
        return self.zone_award if self.zone_award is not None else max(1, self.point_limit // 40)

    @property
    def target(self) -> int:
        """VP needed to win."""
        return self.vp_target if self.vp_target is not None else self.point_limit

    @property
    def zone_vp(self) -> int:
        """VP scored for a VP zone at the end of a round."""
        return self.zone_award if self.zone_award is not None else self.point_limit // 20

    @property
    def held_zone_vp(self) -> int:
        """VP one held VP zone scores at the end of a round in this scenario: ``uncontested_vp`` in
        Uncontested (SCN-UNCONTESTED), else ``zone_vp`` (SCN-ASSAULT)."""
        return self.uncontested_vp if self.uncontested else self.zone_vp

    @property
    def max_creatures(self) -> int:
        """Most creatures in a warband (WB-4; docs/rules.md)."""
        return {200: 10, 100: 5}.get(self.point_limit, self.point_limit // 20)

    @property
    def max_creature_cost(self) -> int:
        """Cost cap of the single most expensive creature (WB-4; docs/rules.md)."""
        return {200: 150, 100: 75}.get(self.point_limit, self.point_limit * 3 // 4)


def bloodied_threshold(max_hp: int) -> int:
    """HP at or below which a creature is bloodied (HP-2, HP-3).

    Half of ``max_hp``, rounded down to a multiple of 5 (55 → 25).
    """
    return (max_hp // 2) // 5 * 5


@dataclass(frozen=True)
class ActiveEffect:
    """A condition or an ongoing damage effect on a creature (EFF-1..3, SAV-1).

    Attributes:
        name: the condition ("dazed", …), or "ongoing" for ongoing damage.
        duration: how it ends (see Duration).
        source: uid of the creature that caused it, or None (EFF-3: the
            effect keeps running when that creature is destroyed).
        source_player: the player who controlled the source, or None.
        amount: HP per turn for ongoing damage (0 for conditions).
        damage_type: damage type of ongoing damage ("" for untyped).
        until_turn: NEXT_TURN ends at the end of the affected creature's
            activation with this number (see ``Creature.turns``).
        until_player_turn: PLAYER_NEXT_TURN ends at the end of
            ``source_player``'s turn with this number (see
            ``GameState.player_turns``).
    """

    name: str
    duration: Duration = Duration.BATTLE
    source: str | None = None
    source_player: int | None = None
    amount: int = 0
    damage_type: str = ""
    until_turn: int = 0
    until_player_turn: int = 0

    @property
    def is_ongoing(self) -> bool:
        """True for ongoing damage, False for a condition."""
        return self.name == "ongoing"


@dataclass(frozen=True)
class PendingForce:
    """A forced movement (or a placement) waiting for a player's choice (MOV-14, TER-PIT, MOV-3).

    Attributes:
        kind: "push", "pull", "slide", "teleport", "place", or "settle" (the
            owner places the creature in the nearest legal position).
        target: uid of the creature moved.
        by: uid of the creature whose attack caused it ("" for none).
        distance: X, in squares (0 for settle).
        source: the square push and pull count from and line of effect is
            traced from (the attacker's square, or an area attack's origin).
        attack: the attack line's name (for the pit's second roll, TER-PIT);
            "" when there was no attack roll.
        decider: the player who chooses.
    """

    kind: str
    target: str
    by: str
    distance: int
    source: Square
    attack: str
    decider: int


@dataclass(eq=False, slots=True)
class Creature:
    """One creature in a battle.

    Copy-on-write: a creature object may be shared by several states (see
    ``GameState.copy``); a shared one is read-only (``SharedCreatureError``
    when changed).  ``GameState.own`` (and ``creature``, ``find``,
    ``active_creature`` of a copied state) give the state's own, changeable copy.
    Its attributes are slots (no instance dict), so that sealing a state makes the
    creatures it changed read-only in place (``GameState.seal``).
    Two creatures are equal when all their attributes are.

    Attributes:
        uid: unique id, e.g. "p1c3" (player 1's third creature).
        card: its stat card.
        player: owner (controller while confused), 0 .. players-1.
        label: short display label, unique within its warband.
        pos: its square, or None before deployment and after destruction.
        hp: current HP.
        activated: True once it has no activation left this round (after
            one, or after X with Multi-Activation X).
        activations: activations it has begun this round (Multi-Activation).
        regeneration_stopped: it took damage of the type that stops its
            Regeneration since its last turn began (docs/rules.md ABL).
        effects: current conditions and ongoing damage, in the order they
            were applied (``conditions`` gives just the condition names).
        turns: how many activations it has begun this battle (durations).
        owner: while an opponent controls it (confused, CON-6) ``player`` is
            the controller and ``owner`` the warband's player; else None.
        teleported_round: the round it last used a teleporter (TER-TELEPORT:
            once per round), 0 if never.
        teams: the battle's team of each player (``Ruleset.teams``), so that
            ``team`` follows a change of controller; empty without teams.
        used: check boxes ticked (CARD-4), as (key, count) pairs; the key is
            "attack:NAME" or "power:NAME" (see ``uses``).
        champion_spent: champion points spent this battle (CHP-1).
        champion_turn: the turn in which it last used a champion power
            (``champions.turn_key``; CHP-3), "" if never.
        form: the form it is in (CL-14, ``CreatureCard.forms``), "" for its natural form;
            ``card`` is then the form's card.
        natural: its natural stat card while it is in a form (CL-14), else None.
    """

    uid: str
    card: CreatureCard
    player: int
    label: str
    pos: Square | None = None
    hp: int = 0
    activated: bool = False
    destroyed: bool = False
    activations: int = 0
    regeneration_stopped: bool = False
    effects: tuple[ActiveEffect, ...] = ()
    turns: int = 0
    owner: int | None = None
    teleported_round: int = 0
    teams: tuple[int, ...] = ()
    used: tuple[tuple[str, int], ...] = ()
    champion_spent: int = 0
    champion_turn: str = ""
    form: str = ""
    natural: CreatureCard | None = None

    @property
    def square(self) -> Square:
        """Its square (the anchor of its footprint, MOV-13): ``pos`` for a creature on the map.

        Raises PhaseError when it has none (before deployment, after destruction)."""
        pos = self.pos
        if pos is None:
            raise PhaseError(f"{self.uid} is not on the map: it has no square")
        return pos

    @property
    def team(self) -> int:
        """The side of its controller: ``teams[player]``, or ``player`` without teams (SCN-MULTI)."""
        return self.teams[self.player] if self.teams else self.player

    @property
    def conditions(self) -> frozenset[str]:
        """Names of the current conditions ("dazed", "stunned", …), without ongoing damage."""
        effects = self.effects
        if not effects:
            return _NO_CONDITIONS
        return frozenset(e.name for e in effects if not e.is_ongoing)

    @conditions.setter
    def conditions(self, names: Iterable[str]) -> None:
        """Replace the conditions by ``names``, each lasting until the end of the battle.

        A convenience for tests and set-ups; ongoing damage is kept.
        """
        kept = tuple(e for e in self.effects if e.is_ongoing)
        self.effects = kept + tuple(ActiveEffect(n) for n in sorted(names))

    @property
    def warband_player(self) -> int:
        """The player whose warband it belongs to (``player`` unless controlled: CON-6)."""
        return self.player if self.owner is None else self.owner

    @property
    def alive(self) -> bool:
        """True while the creature is on the map."""
        return not self.destroyed and self.pos is not None

    @property
    def size(self) -> int:
        """Squares across: 1 (Small, Medium), 2 (Large, 2×2) or 3 (Huge, 3×3) (MOV-13)."""
        return self.card.size

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares it fills (its footprint from the anchor ``pos``); empty when off the map."""
        pos = self.pos
        if pos is None or self.destroyed:  # not ``alive``
            return ()
        return footprint(pos, self.card.size)

    def in_zone(self, zone: frozenset[Square]) -> bool:
        """True when it stands in ``zone`` (a VP zone's squares): any square of its footprint counts
        (SCN-ASSAULT, MOV-13: a Large or Huge creature with one square in the zone is in it).
        False when off the map."""
        return self.pos is not None and not self.destroyed and any_in(self.pos, self.card.size, zone)

    @property
    def bloodied(self) -> bool:
        """True at or below half HP (HP-2, HP-3)."""
        return self.hp <= bloodied_threshold(self.card.hp)

    @property
    def active(self) -> bool:
        """Not stunned and not helpless (docs/rules.md reading note)."""
        if self.destroyed or self.pos is None:
            return False
        return not self.effects or not (self.conditions & INACTIVE_CONDITIONS)

    @property
    def dazed(self) -> bool:
        """Dazed or worse: cannot flank or make opportunity attacks (CON-1..4)."""
        return bool(self.conditions & DAZED_LIKE)

    @property
    def can_make_opportunity_attacks(self) -> bool:
        """Active, and not dazed (or worse) nor confused (OA-1, CON-1..4, CON-6)."""
        if self.destroyed or self.pos is None:
            return False
        # NO_OPPORTUNITY holds the inactive conditions too (stunned, helpless).
        return not self.effects or not (self.conditions & NO_OPPORTUNITY)

    @property
    def speed(self) -> int:
        """Squares per move now: 0 when immobilized (CON-5) -- or petrified or restrained (CL-18) --,
        at most 2 when slowed (CON-8)."""
        if not self.effects:
            return self.card.speed
        conditions = self.conditions
        if conditions & HELD_IN_PLACE:
            return 0
        if "slowed" in conditions:
            return min(self.card.speed, 2)
        return self.card.speed

    def __eq__(self, other: object) -> bool:
        """Equal when every attribute is (a shared copy and a changeable one alike)."""
        if isinstance(other, Creature):
            return _fields_of(self) == _fields_of(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as a dataclass with eq=True was


class SharedCreatureError(AttributeError):
    """A creature object shared by several game states was about to be changed (a bug: change
    the one ``GameState.own``, ``creature`` or ``find`` gives, not one met iterating ``creatures``)."""


class ReadOnlyStateError(AttributeError):
    """A client tried to change a game state or a creature the engine handed out.

    States that ``new_game`` and ``apply`` return are read-only outside the engine: ask the
    engine for a changed copy instead (``apply``, or a what-if query).  An AttributeError, so
    ``setattr`` and ``dataclasses.replace`` callers see the usual kind of error."""


class _ReadOnlyList(list):  # type: ignore[type-arg]
    """A list that refuses changes (a sealed state's ``vp`` and ``creatures``); equal to a list."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise ReadOnlyStateError("this list belongs to a read-only game state; the engine's apply "
                                 "or a what-if query gives a changed copy")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __reduce_ex__(self, protocol: object) -> tuple[type, tuple[list[object]]]:
        """Copies and pickles are plain lists."""
        return list, (list(self),)

    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


class _ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A dict that refuses changes (a sealed state's ``areas``); equal to a dict."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise ReadOnlyStateError("this dict belongs to a read-only game state; the engine's apply "
                                 "or a what-if query gives a changed copy")

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]

    def __reduce_ex__(self, protocol: object) -> tuple[type, tuple[dict[object, object]]]:
        """Copies and pickles are plain dicts."""
        return dict, (dict(self),)
    pop = popitem = clear = update = setdefault = _refuse  # type: ignore[assignment]


class _SharedCreature(Creature):
    """A ``Creature`` held by several states (copy-on-write): reading works, changing raises.

    The same slots as ``Creature`` and no others, so a changeable creature becomes a shared one
    by assigning its ``__class__`` (``GameState.seal`` and ``freeze``), without a copy."""

    __slots__ = ()
    __qualname__ = "Creature"  # the same repr as a Creature

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise SharedCreatureError(f"{self.uid} belongs to a read-only game state (shared by several "
                                  f"states): the engine's apply or a what-if query gives a changed copy")

    def __delattr__(self, name: str) -> NoReturn:
        raise SharedCreatureError(f"{self.uid} belongs to a read-only game state: {name} cannot be deleted")


def _creature_functions() -> tuple[Callable[[Creature], Creature], Callable[[Creature], tuple[object, ...]]]:
    """Two functions compiled from ``Creature``'s fields, in their order: a changeable copy and
    the tuple of a creature's fields (equality).  The copy stores each slot by name (plain
    attribute stores, no ``__init__`` call)."""
    names = [f.name for f in fields(Creature)]
    copy_body = "".join(f"    new.{n} = c.{n}\n" for n in names)
    source = (f"def copy(c):\n    new = make(Creature)\n{copy_body}    return new\n"
              f"def values(c):\n    return ({''.join(f'c.{n}, ' for n in names)})\n")
    namespace: dict[str, Any] = {"make": object.__new__, "Creature": Creature}
    exec(source, namespace)  # noqa: S102  # our own text, built from the field names above
    return namespace["copy"], namespace["values"]


_copy_creature, _fields_of = _creature_functions()


class BattleFacts:
    """What the cards of a battle's creatures can ever do, so that scans for something none of
    them has are skipped (``GameState.facts``).  A creature's card changes only to one of its
    forms (CL-14), so the forms' abilities are counted too; champion powers and reactions never
    change with a form.

    Attributes:
        creatures: how many creatures they were found from.
        auras: some card or form has an aura (docs/rules.md ABL "Aura X", CL-3).
        reactions: some card has reactions (CL-10).
        champion_triggers: the trigger values of every champion power (CHP-2).
        champions_by_trigger: trigger value -> ((position in ``GameState.creatures``, that
            creature's champion powers with the trigger, in card order), ...), in creature order.
        large: some creature is Large or Huge (MOV-13; a size never changes with a form).
    """

    __slots__ = ("creatures", "auras", "reactions", "champion_triggers", "champions_by_trigger", "large")

    def __init__(self, creatures: int, auras: bool, reactions: bool, champion_triggers: frozenset[str],
                 champions_by_trigger: dict[str, tuple[tuple[int, tuple[ChampionPower, ...]], ...]] | None = None,
                 large: bool = True):
        self.creatures = creatures
        self.auras = auras
        self.reactions = reactions
        self.champion_triggers = champion_triggers
        self.champions_by_trigger = champions_by_trigger or {}
        self.large = large

    @classmethod
    def of(cls, creatures: Iterable[Creature]) -> BattleFacts:
        """The facts of ``creatures`` (their cards, natural cards and forms)."""
        count, auras, reactions, large = 0, False, False, False
        triggers: set[str] = set()
        index: dict[str, list[tuple[int, tuple[ChampionPower, ...]]]] = {}
        for i, c in enumerate(creatures):
            count += 1
            large = large or c.card.size > 1
            by_trigger: dict[str, tuple[ChampionPower, ...]] = {}
            for p in c.card.champion_powers:  # the same in every form (CL-14)
                by_trigger[p.trigger.value] = by_trigger.get(p.trigger.value, ()) + (p,)
            for t, powers in by_trigger.items():
                index.setdefault(t, []).append((i, powers))
            for card in (c.card, c.natural):
                if card is None:
                    continue
                kits = [card.abilities] + [f.abilities for f in card.forms if f.abilities is not None]
                auras = auras or any(isinstance(a, Aura) for kit in kits for a in kit)
                reactions = reactions or bool(card.reactions)
                triggers.update(p.trigger.value for p in card.champion_powers)
        return cls(count, auras, reactions, frozenset(triggers), {t: tuple(v) for t, v in index.items()}, large)


@fast_init  # made for every turn's start and end: a faster __init__ (``frozen``)
@dataclass(frozen=True)
class Occasion:
    """Something that may trigger a champion power (CHP-2), kept while its owner decides.

    Attributes:
        trigger: a ``powers.ChampionTrigger`` value, e.g. "ally hits".
        ally: uid of the creature the trigger is about (the one that hit,
            missed, was hit, ends or starts its turn).
        enemy: uid of the other creature of an attack ("" for turn triggers).
        attack: the attack's name (ALLY_MISSES: the attack to roll again).
        kind: the attack's kind ("attack", "charge", …; ALLY_MISSES).
    """

    trigger: str
    ally: str
    enemy: str = ""
    attack: str = ""
    kind: str = ""


@dataclass(frozen=True)
class Interruption:
    """An action stopped right after one of its attacks for a champion-power window (CHP-2).

    The action goes on where it stopped once the window closes: the engine
    carries it out again from ``before`` with the same dice, gives each
    window it meets on the way the answers recorded for it, and goes past
    the last one (``interrupts``).  Nothing of the action is lost: the rest of
    a walk or charge, the remaining targets, follow-ups and chains.

    Attributes:
        before: the read-only state the action was applied to.
        action: the action (a ``Move``, ``Squeeze``, ``Charge``, ``Attack`` or
            ``AreaAttack``).
        answers: per window opened during the action so far, in order, the
            ``UseChampionPower`` / ``UseReaction`` / ``DeclinePower`` actions
            given in it (the last one: the window open now).
        dice: beside each answer, the dice the state held when it was given
            (the same as the replay's unless a what-if changed them,
            ``with_dice``: the answer and the rest of the action roll those).
    """

    before: GameState
    action: Action
    answers: tuple[tuple[Action, ...], ...] = ()
    dice: tuple[tuple[SeededDice | ScriptedDice, ...], ...] = ()


@dataclass
class GameState:
    """Everything about a battle at one moment.

    Clients read it; only ``apply`` makes a changed copy.  ``decider`` is
    the player (0 or 1) who must choose the next action (the opponent while
    it controls a confused creature, CON-6).  ``no_action`` is True when the
    active creature may take no action this activation (confused, 6–15).
    ``player_turns`` counts the turns each player has begun (durations,
    EFF-2).  ``pending`` holds forced movements still to be chosen, first
    one first (``Phase.FORCED``, MOV-14).

    ``move_spent`` is the move pool of a battle with a module that splits
    moves (``RuleBook.keeps_move_rest``, G5E-SPLIT): the squares the
    activation's last move action has spent, whose rest (its speed now
    minus that, G5E-SPEEDS) later moves may use; None when no move action
    is open (always, without such a module).

    ``notes`` is what optional rule modules remember between actions, as
    (topic, key, number) triples (UG-RUBBLE: feet dug at a square; UG-FATIGUE:
    a creature's counts); empty without such a module.  Immutable, so a copy
    shares it until a module replaces it.
    ``jump_spent`` (TER-TELEPORT, without such a module): the squares of
    movement spent by the move that just stopped on a teleporter from which
    the active creature may jump; the jump opens that move action again as
    ``move_spent``, so the creature carries on with the movement it has
    left.  None otherwise (any other action of the creature drops it).

    Players are seats 0 .. ``players``-1 (two, or three or four in
    SCN-MULTI); ``vp`` has one entry per player and a team's total is the
    sum of its players' (``team_vp``).  With two players and no teams every
    helper below gives exactly what ``1 - player`` gave before.

    In ``Phase.CHAMPION`` (CHP-2) the game waits for ``decider`` to use or
    decline a champion power: ``window`` holds the occasions that may
    trigger one, ``window_passed`` the players who declined, and
    ``window_used`` the (power name, ally, enemy) uses made in it (the same
    power twice on one occasion does not stack, ABL-2), and
    ``resume`` where the flow goes on once the window closes (a
    ``Continuation``, None outside a window; see ``champions``), with
    ``resume_decider`` the decider to give the game back to;
    ``interrupted`` the action a window stopped in its middle (CHP-2: right
    after one of its attacks), None otherwise.
    ``activation_no`` counts the activations begun this battle (CHP-3: a
    creature activated twice in a round has two turns).
    """

    rules: Ruleset
    warbands: tuple[WarbandDef, ...]
    maps: tuple[MapDef, ...]
    creatures: list[Creature]
    dice: SeededDice | ScriptedDice
    map: MapDef | None = None
    geo: Geometry | None = None
    phase: Phase = Phase.CHOOSE_MAP
    decider: int = 0
    round: int = 0
    first_player: int = 0
    turn_player: int = 0
    activations_left: int = 0
    first_turn: bool = True
    active_uid: str | None = None
    move_used: bool = False
    attack_used: bool = False
    move_spent: int | None = None
    notes: frozenset[tuple[str, str, int]] = frozenset()
    jump_spent: int | None = None
    oa_used: frozenset[str] = frozenset()
    no_action: bool = False
    player_turns: tuple[int, ...] = (0, 0)
    vp: list[int] = field(default_factory=lambda: [0, 0])
    areas: dict[int, str] = field(default_factory=dict)
    setup_winner: int = 0
    deploy_order: tuple[int, ...] = ()
    quiet_rounds: int = 0
    round_had_combat: bool = False
    winner: int | None = None
    win_reason: str = ""
    step: int = 0
    pending: tuple[PendingForce, ...] = ()
    activation_no: int = 0
    window: tuple[Occasion, ...] = ()
    window_passed: frozenset[int] = frozenset()
    window_used: frozenset[tuple[str, str, str]] = frozenset()
    resume: Continuation | None = None
    resume_decider: int = 0
    interrupted: Interruption | None = None

    #: True when ``creature``, ``find`` and ``active_creature`` hand out the state's own
    #: (changeable) creatures, copying shared ones first: states made by ``copy`` (and so
    #: by ``apply``).  False in a state built directly: it owns every creature.
    _cow = False  # not a field

    def copy(self) -> GameState:
        """Return a copy whose creatures and VP can be changed independently (the start areas of a
        sealed state's copy stay shared and read-only: set-up replaces the dict, nothing changes it).

        Copy-on-write: read-only (shared) creatures stay shared; a changeable one
        of this state is copied at once (this state may still change it).  The
        copy's ``creature``, ``find`` and ``active_creature`` give its own
        changeable creature, copying a shared one on first use; a creature
        reached by iterating ``creatures`` may be shared: change it through
        ``own``.
        """
        new = object.__new__(GameState)  # what copy.copy gives, faster; never sealed
        d = new.__dict__ = self.__dict__.copy()
        if self.__class__ is _SealedGameState:  # sealed: seal froze every creature, all are shared
            d["creatures"] = list(self.creatures)
            d["_owned"] = []  # positions of the creatures this copy made its own (``freeze`` marks only those)
        else:
            d["creatures"] = [c if type(c) is _SharedCreature else _copy_creature(c) for c in self.creatures]
            d.pop("_owned", None)  # its own copies of every creature: ``freeze`` walks them all
        d["vp"] = list(self.vp)
        areas = self.areas
        if type(areas) is not _ReadOnlyDict:  # a sealed state's areas never change: shared (set-up replaces them)
            d["areas"] = dict(areas)
        d["_cow"] = True
        d.pop("_trust", None)  # trust.TOKEN: what was listed for this state is not vouched for the copy
        d.pop("_active", None)  # the sealed state's active creature, found once (the copy gives its own)
        return new

    def own(self, who: str | Creature) -> Creature:
        """The creature ``who`` (a uid, or a creature of this state) as an object only this state
        holds, so safe to change: a shared one is copied into the state first (copy-on-write).
        Raises KeyError when there is no such creature."""
        uid = who if isinstance(who, str) else who.uid
        i = self._position(uid)
        if i < 0:
            raise KeyError(uid)
        c = self.creatures[i]
        if type(c) is _SharedCreature:
            if self.sealed:
                raise ReadOnlyStateError(f"cannot change {uid} of a read-only game state; copy() the "
                                         "state first (inside the engine) or ask the engine")
            c = self._own_copy(i)
        return c

    def seal(self) -> GameState:
        """Make this state read-only and return it: its fields, its creatures, ``vp``, ``areas``
        and ``creatures`` refuse every change (``ReadOnlyStateError``); ``copy`` gives a changeable
        copy.  ``new_game`` and ``apply`` seal the states they hand out, so no client can change a
        state behind the engine's back (the one door)."""
        d = self.__dict__
        owned = d.get("_owned")
        if owned is None:
            self.freeze()
        else:  # freeze, for a copy of a sealed state: only the creatures it made its own
            cs = self.creatures
            for i in owned:
                c = cs[i]
                if type(c) is Creature:
                    c.__class__ = _SharedCreature  # read-only in place: the same slots, no copy
            owned.clear()
        d["_cow"] = False  # hand out the (read-only) creatures themselves, never copies
        d["creatures"] = _ReadOnlyList(self.creatures)
        d["vp"] = _ReadOnlyList(self.vp)
        if type(self.areas) is not _ReadOnlyDict:
            d["areas"] = _ReadOnlyDict(self.areas)
        self.__class__ = _SealedGameState
        return self

    @property
    def sealed(self) -> bool:
        """True when this state is read-only (handed out by the engine; see ``seal``)."""
        return False

    def freeze(self) -> None:
        """Make every creature of this state shareable (read-only; ``creature``, ``find`` and
        ``own`` still give changeable copies): ``apply`` calls it on the state it returns, so
        that the next copy shares the unchanged creatures instead of copying them.  Each
        changeable creature becomes read-only in place (its class becomes ``_SharedCreature``: the
        same slots, no copy), so a creature object held across a freeze refuses changes after it.

        A copy of a sealed state knows which creatures it made its own (``_owned``: every other
        one is still shared), so only those are visited; any other state walks them all."""
        owned = self.__dict__.get("_owned")
        cs = self.creatures
        for i in (range(len(cs)) if owned is None else owned):
            c = cs[i]
            if type(c) is Creature:
                c.__class__ = _SharedCreature  # read-only in place: the same slots, no copy
        if owned is not None:
            owned.clear()

    # -- players and teams (SCN-MULTI) ---------------------------------------
    @property
    def players(self) -> int:
        """How many players (seats) the battle has: 2, 3 or 4."""
        return len(self.warbands)

    def team_of(self, player: int) -> int:
        """The team (side) of seat ``player``: ``Ruleset.teams[player]``, else ``player`` itself."""
        teams = self.rules.teams
        return teams[player] if teams else player

    @property
    def teams(self) -> list[int]:
        """The distinct teams in the battle, in order of their first seat."""
        out: list[int] = []
        for p in range(self.players):
            t = self.team_of(p)
            if t not in out:
                out.append(t)
        return out

    def team_players(self, team: int) -> list[int]:
        """The seats on ``team``, in seat order."""
        return [p for p in range(self.players) if self.team_of(p) == team]

    @property
    def free_for_all(self) -> bool:
        """True with three or more sides, each player on its own (SCN-MULTI free-for-all)."""
        return len(self.teams) > 2

    def hostile(self, a: int, b: int) -> bool:
        """True when seats ``a`` and ``b`` are on different sides (enemies)."""
        return self.team_of(a) != self.team_of(b)

    def enemies(self, player: int) -> list[int]:
        """The seats hostile to ``player``, in seat order (two players: ``[1 - player]``)."""
        return [p for p in range(self.players) if self.hostile(p, player)]

    def next_player(self, player: int) -> int:
        """The seat after ``player`` in turn order (cyclic seat order; two players: ``1 - player``)."""
        return (player + 1) % self.players

    def opponent(self, player: int) -> int:
        """The first enemy seat after ``player`` in turn order (two players: ``1 - player``).

        Used where the rules name "the opponent" (CON-6 control, the VP of a
        creature no enemy destroyed in a battle of two sides).
        """
        for k in range(1, self.players):
            p = (player + k) % self.players
            if self.hostile(p, player):
                return p
        return player

    def blame(self, player: int) -> int:
        """Who is credited with destroying ``player``'s creature when no enemy did it.

        The opponent in a battle of two sides (SCN-ASSAULT: any removal
        counts as destroyed); in free-for-all the owner itself, so that its
        cost is split among the opponents (SCN-MULTI).
        """
        return player if self.free_for_all else self.opponent(player)

    def enemy_creatures(self, player: int) -> list[Creature]:
        """Creatures on the map controlled by enemies of ``player`` (``alive(1 - player)`` for two)."""
        team = self.team_of(player)
        return [c for c in self.creatures  # Creature.team and Creature.alive, inlined
                if (c.teams[c.player] if c.teams else c.player) != team and c.pos is not None and not c.destroyed]

    def team_vp(self, team: int) -> int:
        """VP total of ``team`` (teams share a VP total, SCN-MULTI)."""
        return sum(self.vp[p] for p in range(self.players) if self.team_of(p) == team)

    # -- lookups -----------------------------------------------------------
    #: uid -> position in ``creatures``; built on first use and shared by copies
    #: (the creature list keeps its order for the whole battle).  Not a field.
    _index = None  # dict[str, int] | None (no annotation: not a dataclass field)

    def _position(self, uid: str) -> int:
        """Position of ``uid`` in ``creatures``, or -1 (an index checked against the list)."""
        cs = self.creatures
        index = self._index
        if index is not None:
            try:
                i = index.get(uid, -1)
            except TypeError:  # an unhashable uid (a malformed action) names no creature
                return -1
            if 0 <= i < len(cs) and cs[i].uid == uid:
                return i
        for i, c in enumerate(cs):  # first use, or a list changed in place (never in a battle)
            if c.uid == uid:
                self.__dict__["_index"] = {c.uid: i for i, c in enumerate(cs)}
                return i
        return -1

    def _at(self, i: int) -> Creature:
        """The creature at position ``i``: the state's own copy in a copied state (see ``copy``)."""
        c = self.creatures[i]
        if type(c) is _SharedCreature and self._cow:
            c = self._own_copy(i)
        return c

    def _own_copy(self, i: int) -> Creature:
        """Replace the shared creature at position ``i`` by the state's own copy (noted in ``_owned``
        while an action runs) and return it: copy on write, as ``copy`` explains."""
        c = self.creatures[i] = _copy_creature(self.creatures[i])
        owned = self.__dict__.get("_owned")
        if owned is not None:
            owned.append(i)
        return c

    def creature(self, uid: str) -> Creature:
        """Return the creature with ``uid``; raises KeyError if there is none."""
        i = self._position(uid)
        if i < 0:
            raise KeyError(uid)
        return self._at(i)

    def find(self, uid: str) -> Creature | None:
        """Return the creature with ``uid`` or None."""
        i = self._position(uid)
        return self._at(i) if i >= 0 else None

    def peek(self, uid: str) -> Creature | None:
        """The creature with ``uid`` or None, for reading only: unlike ``find`` it never copies
        a shared creature, so it must not be changed (nor kept across a change of it)."""
        i = self._position(uid)
        return self.creatures[i] if i >= 0 else None

    @property
    def active_creature(self) -> Creature | None:
        """The creature being activated, or None."""
        uid = self.active_uid
        if not uid:
            return None
        index, cs = self._index, self.creatures
        i = index.get(uid, -1) if index is not None else -1
        if not (0 <= i < len(cs) and cs[i].uid == uid):  # not indexed yet (or a list changed in place)
            i = self._position(uid)
            if i < 0:
                return None
        c = cs[i]
        if type(c) is _SharedCreature and self._cow:
            c = self._own_copy(i)
        return c

    @property
    def actor(self) -> Creature:
        """The creature being activated (``active_creature``, never None): the state's own copy,
        as ``active_creature`` gives.  Raises PhaseError outside an activation."""
        uid = self.active_uid  # active_creature, inlined (the engine asks for the actor very often)
        if uid:
            index, cs = self._index, self.creatures
            i = index.get(uid, -1) if index is not None else -1
            if 0 <= i < len(cs) and cs[i].uid == uid:
                c = cs[i]
                if type(c) is _SharedCreature and self._cow:
                    c = self._own_copy(i)
                return c
            found = self.active_creature
            if found is not None:
                return found
        raise PhaseError(f"no creature is being activated (phase {self.phase.value!r})")

    @property
    def battle_map(self) -> MapDef:
        """The battle's map (``map``, never None).  Raises PhaseError before a map is chosen
        (``Phase.CHOOSE_MAP``)."""
        m = self.map
        if m is None:
            raise PhaseError(f"no map is chosen yet (phase {self.phase.value!r})")
        return m

    @property
    def geometry(self) -> Geometry:
        """The battle map's geometry (``geo``, never None: sight, reach, costs).  Raises
        PhaseError before a map is chosen (``Phase.CHOOSE_MAP``)."""
        g = self.geo
        if g is None:
            raise PhaseError(f"no map is chosen yet, so no geometry (phase {self.phase.value!r})")
        return g

    @property
    def victor(self) -> int:
        """The winning player (``winner``, never None).
        Raises PhaseError while the battle has no winner."""
        w = self.winner
        if w is None:
            raise PhaseError(f"the battle has no winner yet (phase {self.phase.value!r})")
        return w

    _facts = None  # BattleFacts | None: found on first use, shared by copies (not a field)

    def facts(self) -> BattleFacts:
        """What the battle's cards can ever do (``BattleFacts``): found once from its creatures'
        cards (natural and forms: CL-14) and shared by copies, as cards are fixed for the battle."""
        found = self._facts
        if found is None or found.creatures != len(self.creatures):
            found = BattleFacts.of(self.creatures)
            self.__dict__["_facts"] = found
        return found

    _champion_slots = None  # tuple[int, ...] | None: positions of champions (not a field)

    def champions(self) -> list[Creature]:
        """The creatures whose cards have champion powers (CHP-1), in ``creatures`` order, on the
        map or not.  Their positions are found once and shared by copies (cards never change)."""
        cs = self.creatures
        slots = self._champion_slots
        if slots is None or (slots and slots[-1] >= len(cs)):
            slots = tuple(i for i, c in enumerate(cs) if c.card.champion_powers)
            self.__dict__["_champion_slots"] = slots
        return [cs[i] for i in slots]

    def alive(self, player: int | None = None) -> list[Creature]:
        """Creatures on the map, optionally only ``player``'s."""
        if player is None:
            return [c for c in self.creatures if c.pos is not None and not c.destroyed]  # Creature.alive
        return [c for c in self.creatures if c.player == player and c.pos is not None and not c.destroyed]

    def creature_at(self, sq: Square) -> Creature | None:
        """The creature standing on ``sq`` (any square of a Large or Huge one, MOV-13), or None."""
        for c in self.creatures:
            if c.alive and (c.pos == sq or (c.card.size > 1 and sq in c.squares)):
                return c
        return None

    def occupied(self, exclude: str | None = None) -> dict[Square, Creature]:
        """Every square a creature on the map fills -> that creature (footprints, MOV-13).

        ``exclude``: a uid to leave out (the mover itself).
        """
        out: dict[Square, Creature] = {}
        for c in self.creatures:
            if c.alive and c.uid != exclude:
                for sq in c.squares:
                    out[sq] = c
        return out

    def unactivated(self, player: int) -> list[Creature]:
        """``player``'s creatures on the map not yet activated this round."""
        return [c for c in self.creatures  # Creature.alive, inlined
                if c.player == player and not c.activated and c.pos is not None and not c.destroyed]

    def has_unactivated(self, player: int) -> bool:
        """True when ``unactivated(player)`` is not empty (stops at the first such creature)."""
        for c in self.creatures:  # Creature.alive, inlined
            if c.player == player and not c.activated and c.pos is not None and not c.destroyed:
                return True
        return False

    @property
    def usable_activations(self) -> int:
        """Activations the turn player can still use this turn (RND-2..4): ``activations_left``,
        capped by the activations its creatures have left this round (the active creature's
        current one included; Multi-Activation X counts X, docs/rules.md).  0 outside a turn."""
        if self.phase not in (_PHASE_ACTIVATE, _PHASE_ACTING):
            return 0
        have, player, left = 0, self.turn_player, self.activations_left
        for c in self.creatures:  # self.unactivated(player), one at a time
            if c.player == player and not c.activated and c.pos is not None and not c.destroyed:
                have += max(1, activations_per_round(c.card) - c.activations)
                if have >= left:
                    break
        return min(left, have)

    @property
    def is_over(self) -> bool:
        """True when the battle has a winner."""
        return self.phase is _PHASE_OVER

    def start_area(self, player: int) -> frozenset[Square]:
        """Squares of ``player``'s start area (empty before it is chosen)."""
        if self.map is None or player not in self.areas:
            return frozenset()
        return self.map.start_areas.get(self.areas[player], frozenset())

    def vp_zone(self, player: int) -> frozenset[Square]:
        """Squares of the VP zone that scores for ``player`` (SCN-ASSAULT)."""
        if self.map is None or player not in self.areas:
            return frozenset()
        return self.map.vp_zones.get(self.areas[player], frozenset())


class _SealedGameState(GameState):
    """A ``GameState`` the engine handed out: reading works, changing raises ``ReadOnlyStateError``."""

    __qualname__ = "GameState"  # the same repr as a GameState

    @property
    def sealed(self) -> bool:
        """True: this state is read-only."""
        return True

    @property
    def active_creature(self) -> Creature | None:
        """The creature being activated, or None: found once (this state never changes) and kept
        beside the fields (``copy`` drops it)."""
        d = self.__dict__
        if "_active" in d:  # (no KeyError raised and caught: a missing key is the usual first read)
            kept: Creature | None = d["_active"]
            return kept
        uid = self.active_uid
        found = self.peek(uid) if uid else None
        d["_active"] = found
        return found

    @property
    def actor(self) -> Creature:
        """The creature being activated (never None), found once as ``active_creature``; raises
        PhaseError outside an activation."""
        found: Creature | None = self.__dict__.get("_active")
        if found is None:
            found = self.active_creature
            if found is None:
                raise PhaseError(f"no creature is being activated (phase {self.phase.value!r})")
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyStateError(f"GameState.{name} cannot be set: states handed out by the engine are "
                                 "read-only (the engine's apply or a what-if query gives a changed copy)")

    def __delattr__(self, name: str) -> None:
        raise ReadOnlyStateError(f"GameState.{name} cannot be deleted: states handed out by the engine are "
                                 "read-only")
