"""Events: what happened, as past-tense data (the engine's output).

The engine never formats text for a screen; clients turn events into words.
Players are 0 and 1.  Units: squares, HP, VP.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .frozen import fast_inits
from .model import Square


@dataclass(frozen=True)
class Event:
    """Base class of all events."""


@dataclass(frozen=True)
class DieRolled(Event):
    """A d20 rolled for setup or initiative (SET-1, RND-1).

    purpose: "setup" or "initiative"; player: who rolled; faces: every face
    rolled (two when the player rolls twice for the highest champion rating);
    kept: the face that counts.
    """

    purpose: str
    player: int
    faces: tuple[int, ...]
    kept: int


@dataclass(frozen=True)
class RollWon(Event):
    """A setup or initiative roll was decided (SET-1, RND-1).

    reason: "roll", "champion" (tie broken by champion rating) — a full tie
    is rolled again and shows as more DieRolled events.
    """

    purpose: str
    player: int
    reason: str


@dataclass(frozen=True)
class MapChosen(Event):
    """The battle map was chosen (SET-2)."""

    player: int
    map_id: str
    map_name: str


@dataclass(frozen=True)
class StartAreaChosen(Event):
    """``player`` will deploy in start area ``area`` (SET-2)."""

    player: int
    area: str


@dataclass(frozen=True)
class CreaturePlaced(Event):
    """A creature was deployed on ``square`` (SET-3)."""

    uid: str
    square: Square


@dataclass(frozen=True)
class RoundStarted(Event):
    """Round ``round`` began (RND-1)."""

    round: int


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """``chooser`` decided that ``player`` takes the first turn (RND-1)."""

    chooser: int
    player: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """``player`` began a turn with ``activations`` activations (RND-2, RND-3): the ones it
    can use, so 1 when it has a single creature left to activate (RND-4)."""

    player: int
    activations: int


@dataclass(frozen=True)
class CreatureActivated(Event):
    """Creature ``uid`` began its activation (ACT-1)."""

    uid: str


@dataclass(frozen=True)
class CreatureMoved(Event):
    """Creature ``uid`` moved along ``path`` (from ``start``); mode: move, run (G35-RUN), shift,
    charge, squeeze, or teleport (TER-TELEPORT: ``path`` is the one destination square)."""

    uid: str
    start: Square
    path: tuple[Square, ...]
    mode: str


@dataclass(frozen=True)
class CreatureForced(Event):
    """Creature ``uid`` was pushed, pulled, slid, teleported or placed (MOV-14; provokes nothing, OA-2).

    by: uid of the creature whose attack did it; kind: "push", "pull",
    "slide", "teleport" or "place"; start: where it stood; path: the squares
    it entered (teleport and place: just the destination).
    """

    uid: str
    by: str
    kind: str
    start: Square
    path: tuple[Square, ...]


@dataclass(frozen=True)
class CreatureFell(Event):
    """Forced movement put ``uid`` into the pit ``square`` (TER-PIT); a second attack roll or the
    owner's placement follows."""

    uid: str
    square: Square


@dataclass(frozen=True)
class CreatureSettled(Event):
    """The owner placed ``uid`` from ``start`` on ``square``, the nearest legal position (TER-PIT, MOV-3)."""

    uid: str
    start: Square
    square: Square


@dataclass(frozen=True)
class TieBroken(Event):
    """A die picked one of several equally near choices (G35-NEAREST, a rule module's).

    purpose: what was chosen ("nearest square"); options: the tied choices in
    the order the die counts them; sides: the die's sides (``len(options)``);
    face: the face rolled; chosen: ``options[face - 1]``.
    """

    purpose: str
    options: tuple[Square, ...]
    sides: int
    face: int
    chosen: Square


@dataclass(frozen=True)
class OpportunityAttackProvoked(Event):
    """``mover`` provoked an opportunity attack from ``attacker`` (OA-1, OA-4).

    cause: "move", "ranged attack" or "area attack".
    """

    attacker: str
    mover: str
    cause: str


@dataclass(frozen=True)
class TemplatePlaced(Event):
    """``attacker`` aimed close or area attack ``attack`` covering ``squares`` (RNG-3, RNG-4).

    squares: the covered squares in (y, x) order; targets: the creatures
    attacked, in the attacker's order.
    """

    attacker: str
    attack: str
    squares: tuple[Square, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack roll (ATK-3..6).

    attacker, target: uids; attack: attack name; natural: the d20 face;
    bonus: the attack bonus; modifiers: (name, value) pairs such as
    ("combat advantage", 2); total: natural + bonus + modifiers; defense:
    "AC" or "DEF"; target_number: the defence value; hit, critical: result;
    kind: "attack", "charge", "opportunity", "follow-up", "chain" (CL-8), or "pit" (the
    second roll against a creature forced into a pit, TER-PIT: no modifiers
    but the target's defence bonus for squares outside the pit).
    """

    attacker: str
    target: str
    attack: str
    natural: int
    bonus: int
    modifiers: tuple[tuple[str, int], ...]
    total: int
    defense: str
    target_number: int
    hit: bool
    critical: bool
    kind: str
    # CL-15: the roll would have been a critical hit, but the target is immune to critical hits
    # (it hits, with ordinary damage).  Left out of repr: older records read the same.
    critical_prevented: bool = field(default=False, repr=False)


@dataclass(frozen=True)
class DamageDealt(Event):
    """``target`` lost ``amount`` HP (HP-1); hp_left and bloodied after it (HP-2).

    cause: "attack", "ongoing" for ongoing damage at the start of the
    target's turn, or "aura" for a harm aura there (docs/rules.md "Ongoing damage").  adjustments: the abilities
    that changed the amount, as (ability kind, HP change) pairs in the order
    applied, e.g. (("sneak-attack", 10), ("resist", -5)) (ABL-1, ATK-8).
    """

    target: str
    amount: int
    damage_type: str
    hp_left: int
    bloodied: bool
    cause: str = "attack"
    adjustments: tuple[tuple[str, int], ...] = ()
    # CL-6: an attack of several damage types -- its parts as (damage type, HP) pairs before the
    # target's Immune / Vulnerable / Resist ("" untyped); () for one type.  Left out of repr.
    parts: tuple[tuple[str, int], ...] = field(default=(), repr=False)


@dataclass(frozen=True)
class CreatureHealed(Event):
    """``uid`` regained ``amount`` HP, now ``hp`` (never above its card's HP).

    cause: "regeneration" (ABL), "aura" (a heal aura at the start of its
    turn) or "heal" (an attack's heal effect).  source: uid of the creature
    whose aura or attack healed it, or None (regeneration).
    """

    uid: str
    amount: int
    hp: int
    cause: str = "regeneration"
    source: str | None = None


@dataclass(frozen=True)
class RegenerationStopped(Event):
    """``uid`` does not regenerate this turn: it took damage of the type that stops it (docs/rules.md ABL)."""

    uid: str


@dataclass(frozen=True)
class AuraHarmed(Event):
    """``target`` started its turn in the harm aura ``aura`` of ``source`` (docs/rules.md ABL "Aura X").

    A DamageDealt event with cause "aura" follows with the damage.
    """

    source: str
    target: str
    aura: str


@dataclass(frozen=True)
class ConditionPrevented(Event):
    """``uid`` did not gain ``condition`` because it is immune to it (ABL: Immune)."""

    uid: str
    condition: str


@dataclass(frozen=True)
class ConditionApplied(Event):
    """Creature ``uid`` gained ``condition`` (CON-*, EFF-1, EFF-2).

    condition: a condition name, or "ongoing" for ongoing damage (then
    ``amount`` HP of ``damage_type`` each turn); duration: a Duration value
    such as "save ends"; source: uid of the creature that caused it, or None.
    """

    uid: str
    condition: str
    duration: str
    source: str | None
    amount: int = 0
    damage_type: str = ""


@dataclass(frozen=True)
class ConditionEnded(Event):
    """``condition`` on ``uid`` is over (EFF-1, EFF-2, SAV-1).

    reason: "duration" (its time ran out), "save" (a saving throw ended it) or
    "stood up" (prone ends, G5E-PRONE).
    """

    uid: str
    condition: str
    reason: str


@dataclass(frozen=True)
class SavingThrowRolled(Event):
    """``uid`` rolled a saving throw against ``condition`` (SAV-1): natural d20, success on 10+."""

    uid: str
    condition: str
    natural: int
    success: bool
    # CL-1: conditional bonuses to saving throws, as (name, value) pairs; success is natural plus
    # their sum at 10 or more.  Left out of repr: older records read the same.
    modifiers: tuple[tuple[str, int], ...] = field(default=(), repr=False)


@dataclass(frozen=True)
class ConfusionRolled(Event):
    """Confused ``uid`` rolled on the confusion table at the start of its turn (CON-6; docs/rules.md).

    result: "own control" (1–5), "no action" (6–15) or "opponent control"
    (16–20); controller: the player who decides its actions this turn.
    """

    uid: str
    natural: int
    result: str
    controller: int


@dataclass(frozen=True)
class CreatureDestroyed(Event):
    """``uid`` was destroyed and removed; ``by_player`` is blamed (SCN-ASSAULT scoring).

    cause: "" when damage took its HP to 0 (HP-1); "pit" when it ended its turn in a pit
    (TER-PIT); "fall" when the second attack roll after a fall into a pit hit (TER-PIT).
    square: its anchor square when it was destroyed (the state after has none), e.g. for a
    champion power's range (CHP-2, ``champions.lost_to_destruction``); a detail of the event,
    left out of its equality.
    """

    uid: str
    by_player: int
    cause: str = ""
    square: Square | None = field(default=None, compare=False)


@dataclass(frozen=True)
class VictoryPointsScored(Event):
    """``player`` scored ``amount`` VP; reason "destroyed" or "vp zone"; total after."""

    player: int
    amount: int
    reason: str
    total: int


@dataclass(frozen=True)
class ActivationEnded(Event):
    """Creature ``uid``'s activation is over."""

    uid: str


@dataclass(frozen=True)
class TurnEnded(Event):
    """``player``'s turn is over."""

    player: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """Round ``round`` is over; quiet_rounds counts rounds without combat (SCN-TIE)."""

    round: int
    quiet_rounds: int


@dataclass(frozen=True)
class BattleWon(Event):
    """The battle is over: ``winner`` (a seat, from 0) won for ``reason``; final VP, one per seat."""

    winner: int
    reason: str
    vp: tuple[int, ...]


@dataclass(frozen=True)
class UseSpent(Event):
    """``uid`` ticked a check box of attack or power ``name``; ``left`` boxes remain (CARD-4)."""

    uid: str
    name: str
    left: int


@dataclass(frozen=True)
class RechargeRolled(Event):
    """``uid`` rolled a d20 at the start of its turn to recharge ``name`` (CARD-4): ``natural``, needing ``needed``."""

    uid: str
    name: str
    natural: int
    needed: int
    success: bool


@dataclass(frozen=True)
class PowerRecharged(Event):
    """Spent one-box attack or power ``name`` of ``uid`` is usable again (CARD-4).

    reason: a ``powers.RechargeOn`` value ("bloodied", "ally destroyed",
    "destroys enemy", "roll").
    """

    uid: str
    name: str
    reason: str


@dataclass(frozen=True)
class SpecialPowerUsed(Event):
    """``uid`` used special power ``power`` on ``target`` (SPW-1).

    action: "move" or "attack" (the action it spent) or "triggered" (it
    happened by itself).
    """

    uid: str
    power: str
    target: str
    action: str


@dataclass(frozen=True)
class ChampionPowerOffered(Event):
    """``player`` may now use a champion power or decline (CHP-2); ``options`` is how many uses are legal."""

    player: int
    options: int


@dataclass(frozen=True)
class ChampionPowerUsed(Event):
    """Champion ``champion`` used ``power`` (CHP-1..3), spending ``cost`` points; ``left`` remain.

    ally: the creature the trigger was about; enemy: the enemy of the
    attack ("" for turn triggers); effect: a ``powers.ChampionEffect`` value.
    """

    champion: str
    power: str
    cost: int
    left: int
    ally: str
    enemy: str
    effect: str


@dataclass(frozen=True)
class ChampionPowerDeclined(Event):
    """``player`` declined to use a champion power now (CHP-2)."""

    player: int


@dataclass(frozen=True)
class CreatureDroppedProne(Event):
    """Creature ``uid`` dropped prone, spending no movement (grid5e, G5E-PRONE)."""

    uid: str


@dataclass(frozen=True)
class CreatureStoodUp(Event):
    """Creature ``uid`` stood up, spending ``cost`` squares of movement, half its speed (G5E-PRONE)."""

    uid: str
    cost: int


@dataclass(frozen=True)
class FlierFell(Event):
    """Flying creature ``uid`` fell at ``square`` and lands prone (grid5e, G5E-FALL).

    cause: the condition that grounded it ("prone", "immobilized", "stunned"
    or "helpless").
    """

    uid: str
    square: Square
    cause: str


# -- underground (docs/modules/underground.md) --------------------------------

@dataclass(frozen=True)
class CaveCheck(Event):
    """A d20 check of the underground module: ``uid`` rolled ``face`` + ``modifier`` against
    ``need`` for ``rule`` (a UG rule ID), about ``what`` ("catch on", "bump", "turn on ice"…)."""

    uid: str
    rule: str
    what: str
    face: int
    modifier: int
    need: int
    passed: bool


@dataclass(frozen=True)
class CreatureFellDown(Event):
    """``uid`` fell ``feet`` from ``start`` into ``square`` (UG-FALL) and lands on ``landing``
    ("hard", "rough", "spiked", "soft", "padded", "water"); the damage follows as DamageDealt."""

    uid: str
    start: Square
    square: Square
    feet: int
    landing: str
    damage: int


@dataclass(frozen=True)
class CreatureCaughtOn(Event):
    """``uid`` caught itself on the climbable wall beside the edge and stays at ``square`` (UG-FALL)."""

    uid: str
    square: Square


@dataclass(frozen=True)
class CreatureSlid(Event):
    """``uid`` slid ``feet`` down the slope from ``start`` to ``end`` (UG-SLIDE)."""

    uid: str
    start: Square
    end: Square
    feet: int
    damage: int


@dataclass(frozen=True)
class CreatureDrifted(Event):
    """``uid`` lost its way in the dark (UG-DARK): the d12 (``face``, less ``short``) turned it
    ``turn`` degrees (positive right), and it ended at ``end`` instead of ``start``."""

    uid: str
    start: Square
    end: Square
    face: int
    short: int
    turn: int


@dataclass(frozen=True)
class CreatureSlipped(Event):
    """``uid`` slipped on the slippery floor at ``square`` and fell prone (UG-SLIP); ``cause``:
    "turn", "stop", "run" or "melee"."""

    uid: str
    square: Square
    cause: str


@dataclass(frozen=True)
class FatigueChanged(Event):
    """``uid``'s fatigue (UG-FATIGUE) is now ``level``: "fresh", "fatigued" or "exhausted"."""

    uid: str
    level: str


@dataclass(frozen=True)
class RubbleDug(Event):
    """``uid`` dug ``feet`` feet into the rubble of ``square`` (UG-RUBBLE), ``total`` of the 5 a
    square needs; ``cleared`` when the square is open now.  ``rolls``: the d4 faces that made
    ``feet`` (one for loose rubble, two for partly blocked; none for solid rock, always 1 foot)."""

    uid: str
    square: Square
    feet: int
    total: int
    cleared: bool
    rolls: tuple[int, ...] = ()

@dataclass(frozen=True)
class FormChanged(Event):
    """Creature ``uid`` took form ``form`` with special power ``power`` (CL-14); ``form`` "" is its
    natural form (it changed back)."""

    uid: str
    form: str
    power: str


# -- card language: targets (CL-8, CL-9) --------------------------------------------------------

@dataclass(frozen=True)
class AttackWithoutRoll(Event):
    """An attack line with no attack roll struck ``target`` (CL-9).

    save: the d20 face the target needed to resist (0: none, it simply hit); face: the save the
    target rolled (0 when none); hit: it was hit (no save, or the save failed); kind: "attack",
    "follow-up", "chain"… as ``AttackRolled.kind``.
    """

    attacker: str
    target: str
    attack: str
    hit: bool
    save: int = 0
    face: int = 0
    kind: str = "attack"


@dataclass(frozen=True)
class ChainJumped(Event):
    """A chain (CL-8) went on from ``source`` (the creature last hit) to ``target``, ``distance``
    squares away, with ``attack``; or, with ``target`` "", it ended (``reason``: "miss", "no
    creature in reach", "jumps")."""

    attacker: str
    source: str
    target: str
    attack: str
    distance: int = 0
    reason: str = ""
# -- card language: triggers (CL-10, CL-12, CL-13; issue 18) ---------------------------------


@dataclass(frozen=True)
class DieChanged(Event):
    """A d20 roll of ``uid`` was changed by its card's dice change ``name`` (CL-13).

    roll: "attack" or "save"; faces: every face that was rolled for it, in order (a natural
    result given by the card adds none); kept: the face that counts; change: a
    ``triggers.DieChangeKind`` value ("reroll", "better of two", "natural") or "champion" for a
    champion power that set the die (CL-12).
    """

    uid: str
    roll: str
    faces: tuple[int, ...]
    kept: int
    name: str
    change: str


@dataclass(frozen=True)
class ReactionUsed(Event):
    """``uid`` used its reaction ``name`` (CL-10) against (or, for a heal, for) ``target``.

    trigger: a ``triggers.ReactionTrigger`` value; effect: a ``triggers.ReactionEffect`` value.
    """

    uid: str
    name: str
    target: str
    trigger: str
    effect: str


@dataclass(frozen=True)
class PowerOutOfSight(Event):
    """Creatures ``unseen`` were not affected by ``champion``'s power ``power``: the champion has no
    line of sight to them (CL-12, the 2008 sight rulings)."""

    champion: str
    power: str
    unseen: tuple[str, ...]


# Every event is a frozen value built several times an action: a faster ``__init__`` (``frozen``).
fast_inits([v for v in list(globals().values()) if isinstance(v, type) and issubclass(v, Event)])
