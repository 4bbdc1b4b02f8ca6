"""The keys of every kind of content file, declared once.

Each mapping a content file may hold (a card, an attack line, a map, a
warband, a warband's creature entry, and the top of a card file) is a
``Table`` of ``FieldSpec`` rows: name, kind of value, required or not,
default, allowed values or range, units and a description.  The loaders
(``cards.py``, ``maps.py``, ``warbands.py``) check keys and read plain
values through these tables (``Doc.fields`` / ``Doc.field``), and
``tactica.content.jsonschema`` turns the very same tables into the JSON
Schemas shipped in ``tactica/data/schemas`` — so the two never drift.
Checks that need more than one value (a melee attack has no reach, a start
area must be reachable) stay in the loaders' code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactica.engine import (
    ABILITY_KINDS,
    ALIGNMENTS,
    ATTACK_TESTS,
    AURA_AFFECTS,
    AURA_EFFECTS,
    AURA_TIMINGS,
    BONUS_TARGETS,
    CONDITIONS,
    FACTIONS,
    IMMUNITIES,
    LANDING_KINDS,
    OPTIONAL_MODULES,
    RUBBLE_KINDS,
    SIZE_CATEGORIES,
    SYMBOLS,
    TURN_TESTS,
    ChampionEffect,
    ChampionTrigger,
    DieChangeKind,
    DieRoll,
    Duration,
    PowerAction,
    PowerEffect,
    PowerTrigger,
    ReactionEffect,
    ReactionLimit,
    ReactionTrigger,
    RechargeOn,
    Terrain,
    Trigger,
)

#: The value kinds a field may have.  Plain kinds are read by ``Doc.field``;
#: the others by the loader that owns them.
PLAIN_KINDS = ("text", "integer", "boolean", "choice")
KINDS = PLAIN_KINDS + ("id", "texts", "choices", "object", "objects", "entries", "damage", "damages", "reach",
                       "rows", "legend")

#: Damage types an attack may name (they have no rules of their own yet).
DAMAGE_TYPES = ("acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic",
                "radiant", "thunder")
#: Terrain kinds a map legend may name (the engine's Terrain values).
TERRAIN_KINDS = tuple(t.value for t in Terrain)
#: Regular expression of a stable id (cards): lower-case words joined by single hyphens.
ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
#: Regular expression of a damage text: ``10``, ``"10 fire"``, ``"15+10 cold"``.
DAMAGE_PATTERN = r"^\s*(\d+)\s*(?:\+\s*(\d+))?\s*([A-Za-z]+)?\s*$"
#: Regular expression of a reach text (RNG-1..4).
REACH_PATTERN = (r"^\s*(adjacent|reach\s+\d+|sight|nearest|range\s+\d+|burst\s+\d+|line\s+\d+|small cone|large cone|"
                 r"(range\s+\d+|sight|nearest)\s*,\s*radius\s+\d+)\s*$")
#: Regular expression of a recharge text (CARD-4): an event, or "roll N" (d20 at the start of its turn).
RECHARGE_PATTERN = (r"^\s*(bloodied|ally destroyed|destroys enemy|bloodies enemy|start of round|changes back|"
                    r"roll\s+\d+)\s*$")
#: Recharge events (CARD-4) other than the roll.
RECHARGE_EVENTS = tuple(r.value for r in RechargeOn if r is not RechargeOn.ROLL)
#: Regular expression of a zones block: start areas A/B (and C/D), VP zones a/b (and c/d), '.' nothing.
ZONES_PATTERN = r"^[ABCDabcd.\n]*$"

NO_DEFAULT: Any = None

#: The size categories a card may name (CL-2; gargantuan has no footprint in this game yet).
CARD_CATEGORIES = SIZE_CATEGORIES[:5]


@dataclass(frozen=True)
class FieldSpec:
    """One key of a content mapping.

    Attributes:
        name: the key as written in the file.
        kind: one of KINDS (how the value is read and described).
        description: one sentence for documentation and editor hovers.
        required: the key must be present.
        default: the value used when an optional key is absent (None: no
            default worth documenting).
        lo, hi: inclusive range of an integer (or of a damage total).
        choices: allowed values of a "choice" or "choices" field.
        label: how problem messages name the value; ``{of}`` becomes the
            owner ("card 'x'", "attack 1 of card 'x'").
        units: "squares", "points", … ("" for none).
        attr: the engine attribute it fills ("" means the same as ``name``).
        items: the Table of each entry ("objects" and "entries" fields).
        pattern: a regular expression a text value must match (schemas only;
            the loaders check the same rule in code with a better message).
        example: a value shown in documentation.
    """

    name: str
    kind: str
    description: str
    required: bool = False
    default: Any = NO_DEFAULT
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    label: str = ""
    units: str = ""
    attr: str = ""
    items: Table | None = None
    pattern: str | None = None
    example: Any = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r} for {self.name!r}")

    @property
    def key(self) -> str:
        """The engine attribute this field fills (``attr``, else ``name``)."""
        return self.attr or self.name

    @property
    def empty_ok(self) -> bool:
        """Whether a list field may be written as an empty list: it is optional and its default is
        the empty list (so ``[]`` says what leaving the key out says; ``abilities: []``)."""
        return not self.required and self.default == []

    @property
    def bounds(self) -> tuple[int, int]:
        """(lo, hi) of a bounded field; raises ValueError for a field without both."""
        if self.lo is None or self.hi is None:
            raise ValueError(f"field {self.name!r} has no range")
        return self.lo, self.hi

    def what(self, of: str) -> str:
        """The label for problem messages, with ``of`` filled in."""
        return (self.label or f"'{self.name}' of {{of}}").format(of=of)


@dataclass(frozen=True)
class Table:
    """The keys of one kind of mapping.

    Attributes:
        title: short name, e.g. "card".
        description: what the mapping is, for docs and schemas.
        fields: the keys, in the order documented.
        refused: keys recognised but not allowed, with the message to give.
    """

    title: str
    description: str
    fields: tuple[FieldSpec, ...]
    refused: dict[str, str] = field(default_factory=dict)

    @property
    def required(self) -> tuple[str, ...]:
        """Names of the required keys."""
        return tuple(f.name for f in self.fields if f.required)

    @property
    def optional(self) -> tuple[str, ...]:
        """Names of the optional keys."""
        return tuple(f.name for f in self.fields if not f.required)

    def __getitem__(self, name: str) -> FieldSpec:
        """The spec of key ``name`` (KeyError if the table has none)."""
        for spec in self.fields:
            if spec.name == name:
                return spec
        raise KeyError(name)


ABOUT = Table("creature test", "Tests about one creature in a 'when' (CL-1): every key given must hold; "
              "a key left out tests nothing.", (
    FieldSpec("keyword", "texts", "It has at least one of these keywords (creature types are keywords; "
              "compared without case).", label="the keywords of {of}", example=["Undead", "Demon"]),
    FieldSpec("alignment", "choices", "Its alignment is one of these.", choices=ALIGNMENTS,
              label="the alignments of {of}", example="Evil"),
    FieldSpec("smallest", "choice", "Its size category is this one or larger (a card's 'category', else "
              "from its 'size').", choices=SIZE_CATEGORIES, label="the smallest size of {of}", example="large"),
    FieldSpec("largest", "choice", "Its size category is this one or smaller (\"Medium or smaller\": "
              "medium).", choices=SIZE_CATEGORIES, label="the largest size of {of}", example="medium"),
    FieldSpec("bloodied", "boolean", "It is bloodied (true) or not (false) (HP-2).",
              label="'bloodied' of {of}"),
    FieldSpec("condition", "choices", "It has at least one of these conditions.", choices=CONDITIONS,
              label="the conditions of {of}", example="dazed"),
    FieldSpec("charging", "boolean", "It is the attacker and makes a charge attack (true), or not (false).",
              label="'charging' of {of}"),
    FieldSpec("flanking", "boolean", "It is the attacker and flanks its target (FLK-1).",
              label="'flanking' of {of}"),
    FieldSpec("in_vp_zone", "boolean", "It stands in a VP zone (any square of it counts).",
              label="'in_vp_zone' of {of}"),
    FieldSpec("unseen", "boolean", "It is the attacker and its target cannot see it (no line of sight, or "
              "invisible to it).", label="'unseen' of {of}"),
    FieldSpec("adjacent_ally", "boolean", "It is adjacent to an ally (of 'ally_keyword' when given).",
              label="'adjacent_ally' of {of}"),
    FieldSpec("ally_keyword", "text", "The keyword the adjacent ally must have (with 'adjacent_ally: true').",
              label="the ally keyword of {of}", example="Dwarf"),
    FieldSpec("faction", "choices", "It has at least one of these factions (CL-3: an aura for allies of a "
              "faction).", choices=FACTIONS, label="the factions of {of}", example="Wild"),
))

WHEN = Table("when", "When a card-language entry applies (CL-1): every key given must hold; a 'when' "
             "left out always holds. 'self' is the card's own creature; 'other' the other creature of "
             "the moment (the target of its attack, the attacker of an attack against it, the creature "
             "its aura covers).", (
    FieldSpec("self", "object", "Tests about the card's own creature.", label="'self' of {of}",
              attr="me", items=ABOUT, example={"bloodied": True}),
    FieldSpec("other", "object", "Tests about the other creature (target or attacker).",
              label="'other' of {of}", items=ABOUT, example={"alignment": "Evil"}),
    FieldSpec("attack", "choices", "The attack is of one of these kinds ('charge': a charge attack; "
              "'opportunity': an opportunity attack).", choices=ATTACK_TESTS,
              label="the attack kinds of {of}", example="melee"),
    FieldSpec("turn", "choice", "Whose turn: 'mine' (its side's) or 'theirs' (another side's).",
              choices=TURN_TESTS, label="the turn of {of}"),
    FieldSpec("damage", "choices", "The damage is of one of these types.", choices=DAMAGE_TYPES,
              label="the damage types of {of}", example="fire"),
), refused={
    "target": "unknown key 'target'; use 'other' (the other creature: the target of its attack, or the "
              "attacker of an attack against it)",
    "attacker": "unknown key 'attacker'; use 'self' for the card's own creature or 'other' for the "
                "attacker of an attack against it",
    "me": "unknown key 'me'; use 'self' (the card's own creature)",
})


#: Effect kinds an attack line may carry (ATK-3, ATK-7); anything else is a load error.
EFFECT_KINDS = ("condition", "ongoing", "follow-up", "heal", "push", "pull", "slide", "teleport", "place",
                "escalate", "chain")
#: Effect kinds that move the target (MOV-14): each takes a 'distance'.
FORCED_KINDS = ("push", "pull", "slide", "teleport", "place")
#: Duration texts (EFF-1, EFF-2, SAV-1), as the engine's Duration values.
DURATIONS = tuple(d.value for d in Duration)

EFFECT = Table("effect", "One effect of an attack line besides its damage (ATK-3, ATK-5, ATK-7): a "
               "condition, ongoing damage, a follow-up attack, or forced movement. A critical hit "
               "never doubles it.", (
    FieldSpec("kind", "choice", "What the effect is: 'condition' (give the target a condition), "
              "'ongoing' (ongoing damage at the start of the target's turns), 'follow-up' (make "
              "another attack line of the card against the same target after this attack), 'heal' "
              "(the attacker regains HP, never above its card's HP), or "
              "forced movement (MOV-14; the attacking player chooses the squares, provokes no "
              "opportunity attack): 'push' (each square farther from the attacker), 'pull' (each "
              "square closer), 'slide' (any way), 'teleport' (to a square within 'distance' of the "
              "target that the attacker sees) or 'place' (to a square within 'distance' of the "
              "attacker). A push, pull or slide into a pit makes a second attack roll (TER-PIT). "
              "'escalate' (CL-7): the target gets the condition after the last one of 'ladder' it "
              "already has. 'chain' (CL-8): after a hit, attack the nearest other enemy within "
              "'distance' squares of the creature last hit, and on, stopping at the first miss.", True,
              choices=EFFECT_KINDS, label="the kind of {of}", example="condition"),
    FieldSpec("condition", "choice", "The condition given (kind 'condition' only; CON-1..8).",
              choices=CONDITIONS, label="the condition of {of}", example="dazed"),
    FieldSpec("damage", "damage", "Ongoing damage per turn, e.g. 5 fire (kind 'ongoing' only).",
              lo=1, hi=100, label="the ongoing damage of {of}", units="hit points",
              pattern=DAMAGE_PATTERN, example="5 fire"),
    FieldSpec("attack", "text", "The name of another attack line of the same card (kind 'follow-up'; "
              "kind 'chain' optionally: the line each jump makes, default the same line); mark that "
              "line 'secondary: true' if it is not usable on its own.",
              label="the follow-up attack of {of}", example="Bite"),
    FieldSpec("ladder", "choices", "Two or more conditions in order (kind 'escalate' only, CL-7): "
              "none of them → the first; the last one it has → the next (the last renews).",
              choices=CONDITIONS, label="the ladder of {of}", example=["slowed", "immobilized", "stunned"]),
    FieldSpec("jumps", "integer", "Most jumps of a chain after the first attack (kind 'chain' only, "
              "CL-8); left out: until a miss or no enemy is in reach.", lo=1, hi=10,
              label="the jumps of {of}", example=2),
    FieldSpec("when", "object", "The effect happens only when this holds (CL-7): 'self' is the "
              "attacker, 'other' the target as the attack found it, e.g. {other: {bloodied: true}}.",
              label="'when' of {of}", items=WHEN, example={"other": {"bloodied": True}}),
    FieldSpec("amount", "integer", "HP the attacker regains (kind 'heal' only).", lo=1, hi=100,
              label="the healing of {of}", units="hit points", example=10),
    FieldSpec("distance", "integer", "How many squares at most (push, pull, slide, teleport, place; "
              "chain: from the creature last hit).", lo=1, hi=10, label="the distance of {of}",
              units="squares", example=2),
    FieldSpec("duration", "choice", "How long it lasts (EFF-1, EFF-2, SAV-1). Default: 'end of next "
              "turn' (the target's) for conditions, 'save ends' for ongoing damage.",
              choices=DURATIONS, label="the duration of {of}", example="save ends"),
    FieldSpec("on", "choice", "When it happens: on a 'hit', on a 'miss', or 'always'; 'critical' "
              "(a critical hit only) or 'destroys' (the attack destroyed its target: heal and chain "
              "only) (CL-7). Quote the key "
              "(\"on\": miss): YAML 1.1 tools read a bare on as true.", default="hit",
              choices=tuple(t.value for t in Trigger), label="'on' trigger of {of}"),
))

#: Ability kinds a card may list (the engine's implemented keyword abilities, ABL-1).
ABILITY_NAMES = tuple(ABILITY_KINDS)

ABILITY = Table("ability", "One keyword ability of a stat card as typed data (ABL-1, ABL-2; "
                "MOV-9..11). Each kind takes only its own keys.", (
    FieldSpec("kind", "choice", "The ability: 'flight' (MOV-10), 'burrow' (MOV-9), 'phasing' (MOV-11), "
              "'sneak-attack' (+damage with combat advantage), 'powerful-charge' (+damage on a charge "
              "hit), 'resist' / 'vulnerable' (amount against a damage type or 'all'), 'immune' (a "
              "damage type or a condition), 'regeneration' (HP at the start of its turn), "
              "'insubstantial' (half damage from attacks), 'threatening-reach' (opportunity attacks "
              "within reach), 'multiple-threats' (combat advantage against adjacent enemies), "
              "'multi-activation' (activated 'times' times each round), 'aura' (a continuous effect on "
              "creatures within 'radius' squares: see 'effect'), 'bonus' (a conditional number, CL-1 and "
              "CL-4: 'bonus' added to what 'to' names while 'when' holds); CL-11: 'flyby-attack' (it may "
              "move on after its attack with what is left of its move); CL-16: 'immobile' (speed 0, never "
              "moved), 'object' (never activated, immune to conditions, never moved), 'trophy' "
              "('amount' more VP to its destroyer), 'zone-deploy' (may be set up in the VP zone on its "
              "own side), 'recruits' (creatures with 'keyword' may join its warband).", True,
              choices=ABILITY_NAMES, label="ability kind", example="resist"),
    FieldSpec("damage", "integer", "Extra damage (sneak-attack, powerful-charge only).", lo=1, hi=100,
              label="the damage of {of}", units="hit points", example=10),
    FieldSpec("amount", "integer", "How much (resist, vulnerable, regeneration, trophy (VP); and auras "
              "with effect resist, harm or heal).", lo=1, hi=100,
              label="the amount of {of}", units="hit points", example=10),
    FieldSpec("type", "choice", "The damage type, or 'all' (resist, vulnerable; immune takes a damage "
              "type or a condition; regeneration: the damage type that stops it for a turn, optional; "
              "resist auras default to 'all', harm auras to untyped).", choices=("all",) + DAMAGE_TYPES,
              label="damage type",
              example="fire"),
    FieldSpec("condition", "choice", "The condition it is immune to (immune only; CON-1..8).",
              choices=CONDITIONS, label="condition", example="dazed"),
    # -- cl-numbers: CL-1, CL-4, CL-15 ('bonus' entries and the immunities) --
    FieldSpec("to", "choice", "What a 'bonus' changes (CL-1, CL-4): 'attack' (its attack rolls), "
              "'damage' (HP on its hits), 'ac', 'def' or 'defenses' (both: its AC and DEF against an "
              "attack), 'speed' (squares), 'saves' (its saving throws). What an 'immune' is immune to "
              "besides a damage type or a condition (CL-15): 'critical hits' (a critical roll still hits, "
              "for ordinary damage), 'forced movement' (push, pull, slide, teleport, place), 'flanking' "
              "(no attacker flanks it), 'opportunity attacks' (nothing it does provokes one).",
              choices=BONUS_TARGETS + IMMUNITIES, label="'to' of {of}", example="damage"),
    FieldSpec("when", "object", "When a 'bonus' applies (CL-1): tests about its own creature ('self'), "
              "the other creature ('other': the target of its attack; the attacker, for 'ac', 'def' and "
              "'defenses'), the attack's kinds ('attack') and whose turn. For an aura (CL-3): it covers a "
              "creature only while this holds ('self': the aura's creature; 'other': the covered creature, "
              "e.g. {other: {keyword: Dwarf}} or {other: {faction: Wild}}); 'attack' and 'damage' make an "
              "attack, damage or defense aura count only for such attacks. Left out: always.",
              label="'when' of {of}", items=WHEN, example={"other": {"alignment": "Evil"}}),
    FieldSpec("reach", "integer", "Squares its opportunity attacks reach (threatening-reach only).",
              default=2, lo=2, hi=10, label="the reach of {of}", units="squares"),
    FieldSpec("times", "integer", "Activations each round (multi-activation only); each uses one "
              "activation slot of its player's turn.", lo=2, hi=4, label="the activations of {of}",
              example=2),
    FieldSpec("radius", "integer", "Squares the aura reaches from its creature, counted around walls "
              "as range is (aura only).", lo=1, hi=10, label="the radius of {of}", units="squares",
              example=2),
    FieldSpec("effect", "choice", "What the aura does (aura only): 'attack' (+bonus to attack rolls), "
              "'defense' (+bonus to AC and DEF), 'damage' (+bonus HP on hits), 'speed' (+bonus squares), "
              "'resist' (resist amount of type), 'harm' (a covered creature starting its turn there takes "
              "amount damage of type), 'heal' (a covered creature starting its turn there regains amount "
              "HP). Same-named auras do not stack; different ones add (ABL-2, ATK-8).",
              choices=AURA_EFFECTS, label="aura effect", example="attack"),
    FieldSpec("affects", "choice", "Whom the aura covers (aura only): its creature's allies, its "
              "enemies, or all creatures.", default="allies", choices=AURA_AFFECTS,
              label="aura target group"),
    FieldSpec("bonus", "integer", "The signed bonus of an attack, defense, damage or speed aura, or of "
              "a 'bonus' entry (a negative number is a penalty, e.g. -2 for enemies; never 0).", lo=-20, hi=20,
              label="the bonus of {of}", example=2),
    FieldSpec("include_self", "boolean", "The aura covers its own creature too (aura affecting allies "
              "or all only).", default=False, label="'include_self' of {of}"),
    FieldSpec("name", "text", "The card name of an aura or a 'bonus', shown in the log and the attack "
              "preview; entries with the same name do not stack (aura and bonus only).",
              label="the name of {of}", example="Battle Hymn"),
    FieldSpec("keyword", "text", "CL-16, recruits only: creatures with this keyword may join its warband "
              "whatever their faction.", label="the keyword of {of}", example="Goblin"),
    FieldSpec("timing", "choice", "CL-3, harm and heal auras only: when they act on a covered creature: "
              "'start' of its turn, 'end' of its turn, or 'both'.", default="start",
              choices=AURA_TIMINGS, label="the timing of {of}"),
))

_USES = FieldSpec("uses", "integer", "Check boxes: how many times per battle it may be used (CARD-4). "
                  "Leave it out for no limit.", lo=1, hi=9, label="the uses of {of}", example=1)
_RECHARGE = FieldSpec("recharge", "text", "When a spent one-box line or power is refilled (CARD-4; needs "
                      "'uses: 1'): 'bloodied' (it becomes bloodied), 'ally destroyed' (a creature of its "
                      "warband is destroyed), 'destroys enemy' (one of its attacks destroys an enemy), "
                      "'bloodies enemy' (one of its attacks leaves an enemy bloodied, CL-17), 'start of round' (each "
                      "new round, CL-17), 'changes back' (it returns to its natural form, CL-14) or 'roll N' "
                      "(at the start of its turn a d20 of N or more, N 2 to 20).",
                      label="the recharge of {of}", pattern=RECHARGE_PATTERN, example="roll 16")

SPECIAL_POWER = Table("special power", "A special power of a stat card (SPW-1): an action on the "
                      "creature's own turn, or something that happens by itself.", (
    FieldSpec("name", "text", "Display name, unique on the card.", True, label="the name of {of}",
              example="Second Wind"),
    FieldSpec("action", "choice", "'move' or 'attack': it spends that action of the activated creature "
              "on its own turn (a move-action power may use the attack action instead); 'triggered': "
              "it happens by itself when 'trigger' happens.", True,
              choices=tuple(a.value for a in PowerAction), label="special-power action", example="move"),
    FieldSpec("effect", "choice", "'heal' (regain 'amount' HP, never above the card's HP) or 'clear "
              "conditions' (every condition and ongoing damage on the creature ends).", True,
              choices=tuple(e.value for e in PowerEffect), label="special-power effect", example="heal"),
    FieldSpec("amount", "integer", "HP healed (effect 'heal' only, required there).", lo=1, hi=100,
              label="the amount of {of}", units="hit points", example=10),
    FieldSpec("range", "integer", "0: the creature itself; N: itself or an ally within N squares "
              "(action powers only).", default=0, lo=0, hi=20, label="the range of {of}", units="squares"),
    FieldSpec("trigger", "choice", "When a triggered power happens: 'bloodied' (it becomes bloodied), "
              "'destroys enemy' (one of its attacks destroys an enemy) or 'start of turn' (its turn "
              "starts). Triggered powers only, required there. It affects the creature itself.",
              choices=tuple(t.value for t in PowerTrigger), label="special-power trigger",
              example="bloodied"),
    _USES,
    _RECHARGE,
    # CL-11 movement powers, CL-14 forms
    FieldSpec("distance", "integer", "CL-11, effects 'shift', 'teleport' and 'slide ally' only (required "
              "there): the most squares it moves the creature. Its player chooses the squares; no "
              "opportunity attacks.", lo=1, hi=10, label="the distance of {of}", units="squares", example=3),
    FieldSpec("form", "text", "CL-14, effect 'change form' only (required there): the name of one of the "
              "card's 'forms'. Used in that form, the power changes the creature back.",
              label="the form of {of}", example="Wolf"),
))

#: Which champion-power effects each trigger allows (CHP-2, CL-12), as text for messages.
CHAMPION_PAIRS = "'ally hits' → 'extra damage' or 'damage near'; 'ally misses' → 'reroll' or 'set die'; " \
                 "'ally is hit' → 'heal' or 'damage near'; 'ally ends turn' and 'ally starts turn' → 'heal', " \
                 "'clear conditions' or 'damage near'; 'ally bloodied' → 'heal', 'clear conditions' or " \
                 "'damage near'; 'ally destroyed' → 'extra damage'; 'ally charges' → 'extra damage', 'heal' " \
                 "or 'damage near'; 'enemy comes near' → 'extra damage' or 'damage near'"

CHAMPION_POWER = Table("champion power", "A champion power (CHP-1, CHP-2, CHP-3): it takes no action, "
                       "costs its bullets from the champion's rating per battle, needs its trigger, and a "
                       "champion uses at most one power per creature's turn.", (
    FieldSpec("name", "text", "Display name, unique on the card.", True, label="the name of {of}",
              example="Press the Attack"),
    FieldSpec("cost", "integer", "Its bullets: champion points spent per use (CHP-1); at most the card's "
              "champion rating.", True, lo=1, hi=5, label="the cost of {of}", units="points", example=1),
    FieldSpec("trigger", "choice", "When it may be used (CHP-2): 'ally hits' (an ally within range hits "
              "an enemy), 'ally misses' (an ally within range misses with a melee or ranged attack), "
              "'ally is hit' (an enemy's attack hits an ally within range), 'ally ends turn' (an ally "
              "within range ends its turn), 'ally starts turn' (an ally within range starts its turn). "
              "The champion itself is an ally unless 'others_only'.", True,
              choices=tuple(t.value for t in ChampionTrigger), label="champion-power trigger",
              example="ally hits"),
    FieldSpec("effect", "choice", "What it does: " + CHAMPION_PAIRS + ". 'extra damage': the enemy takes "
              "'amount' more damage; 'reroll': the ally rolls the attack again; 'heal': the ally regains "
              "'amount' HP; 'clear conditions': the ally's conditions and ongoing damage end.", True,
              choices=tuple(e.value for e in ChampionEffect), label="champion-power effect",
              example="extra damage"),
    FieldSpec("amount", "integer", "HP of extra damage or healing ('extra damage' and 'heal' only, "
              "required there).", lo=1, hi=100, label="the amount of {of}", units="hit points", example=10),
    FieldSpec("range", "integer", "The ally must be within this many squares of the champion.", default=6,
              lo=1, hi=20, label="the range of {of}", units="squares"),
    FieldSpec("others_only", "boolean", "The champion cannot pick itself as the ally.", default=False,
              label="'others_only' of {of}"),
    FieldSpec("keyword", "text", "Only allies with this keyword (CARD-2), e.g. Dwarf.",
              label="the keyword of {of}", example="Dwarf"),
    FieldSpec("in_vp_zone", "boolean", "'ally ends turn' only: the ally must end its turn in its VP zone.",
              default=False, label="'in_vp_zone' of {of}"),
    FieldSpec("near", "integer", "'damage near': each enemy the champion can see within this many squares "
              "of the ally takes 'amount'; 'enemy comes near': the enemy ends its move within this many "
              "squares of the champion (CL-12; required there).", lo=1, hi=10, label="'near' of {of}",
              units="squares", example=2),
    FieldSpec("natural", "integer", "'set die': the ally's missed attack is made again and its roll counts "
              "as this natural face, no die rolled (CL-12; required there).", lo=1, hi=20,
              label="'natural' of {of}", example=20),
    FieldSpec("when", "object", "Tests that must hold (CL-1, CL-12): 'self' is the champion, 'other' the "
              "enemy of the event.", label="the 'when' of {of}", items=WHEN,
              example={"other": {"alignment": "Evil"}}),
))

REACTION = Table("reaction", "A reaction (CL-10): an attack or effect its owner may use, no action taken, "
                 "when an event happens outside the creature's own activation; decided in the window the "
                 "champion powers use.", (
    FieldSpec("name", "text", "Display name, unique on the card.", True, label="the name of {of}",
              example="Riposte"),
    FieldSpec("trigger", "choice", "The event: 'it is hit' (an enemy's attack hits it), 'adjacent enemy "
              "attacks it' (an adjacent enemy's attack roll against it, hit or miss), 'ally destroyed "
              "nearby' (a creature of its side within 'range' is destroyed), 'enemy moves adjacent' (an "
              "enemy ends a move next to it).", True, choices=tuple(t.value for t in ReactionTrigger),
              label="reaction trigger", example="it is hit"),
    FieldSpec("effect", "choice", "'attack': it makes its attack line 'attack' (else its basic attack; "
              "melee or ranged) against the enemy of the event, if that attack could target it now; "
              "'damage': that enemy takes 'amount' damage, no roll; 'heal': it regains 'amount' HP.", True,
              choices=tuple(e.value for e in ReactionEffect), label="reaction effect", example="attack"),
    FieldSpec("attack", "text", "'attack' only: the name of the attack line it makes (default: its basic "
              "attack).", label="the attack of {of}", example="Spear"),
    FieldSpec("amount", "integer", "Hit points of damage or healing ('damage' and 'heal', required there).",
              lo=1, hi=100, label="the amount of {of}", units="hit points", example=5),
    FieldSpec("type", "choice", "'damage' only: its damage type.", choices=DAMAGE_TYPES,
              label="the damage type of {of}", attr="damage_type", example="fire"),
    FieldSpec("range", "integer", "'ally destroyed nearby' only: the ally stood within this many squares "
              "(required there).", lo=1, hi=20, label="the range of {of}", units="squares", example=3),
    FieldSpec("limit", "choice", "How often: once per 'turn' (each creature's turn) or once per 'round'.",
              default="round", choices=tuple(x.value for x in ReactionLimit), label="the limit of {of}"),
    FieldSpec("uses", "integer", "Check boxes: at most this many times per battle (CARD-4). Leave it out "
              "for no limit beyond 'limit'.", lo=1, hi=9, label="the uses of {of}", example=1),
    FieldSpec("when", "object", "Tests that must hold (CL-1): 'self' is the reacting creature, 'other' the "
              "enemy of the event.", label="the 'when' of {of}", items=WHEN, example={"self": {"bloodied": False}}),
))

DIE_CHANGE = Table("dice change", "A change the card makes to its own d20 rolls (CL-13), made whenever it "
                   "applies; a roll is changed at most once, each change is in the log with its name.", (
    FieldSpec("name", "text", "Display name, unique on the card (the reason the log gives).", True,
              label="the name of {of}", example="Lucky Charm"),
    FieldSpec("roll", "choice", "Which rolls: 'attack' (its attack rolls) or 'save' (its saving throws).", True,
              choices=tuple(r.value for r in DieRoll), label="the roll of {of}", example="attack"),
    FieldSpec("change", "choice", "'reroll': a failed roll (a miss; a save under 10) is rolled again with a "
              "new die, the new face counts; 'better of two': two dice are rolled, the better counts; "
              "'natural': a failed roll counts as the natural face 'natural' (no die rolled).", True,
              choices=tuple(c.value for c in DieChangeKind), label="the change of {of}", example="reroll"),
    FieldSpec("natural", "integer", "'natural' only (required there): the face a failed roll counts as.",
              lo=1, hi=20, label="'natural' of {of}", example=20),
    FieldSpec("uses", "integer", "Check boxes: at most this many times per battle (CARD-4). Leave it out for "
              "every roll.", lo=1, hi=9, label="the uses of {of}", example=1),
    FieldSpec("when", "object", "Tests that must hold (CL-1): 'self' is the roller, 'other' its target (a "
              "save has none).", label="the 'when' of {of}", items=WHEN, example={"other": {"bloodied": True}}),
))

ATTACK = Table("attack", "One attack line of a stat card (CARD-3, RNG-1, RNG-2).", (
    FieldSpec("name", "text", "Display name of the attack.", True, label="the name of {of}", example="Warhammer"),
    FieldSpec("type", "choice", "melee (adjacent squares), ranged, close (a burst, cone or line from the "
              "attacker, RNG-3) or area (a radius around a square in sight, RNG-4).", True,
              choices=("melee", "ranged", "close", "area"), label="attack type in {of}", attr="kind"),
    FieldSpec("bonus", "integer", "Attack bonus added to the d20 roll.", True, lo=-5, hi=40,
              label="the bonus of {of}", example=8),
    FieldSpec("vs", "choice", "The defence the attack targets: AC, or DEF (the card's DEF number stands "
              "for Fort, Ref and Will).", default="AC", choices=("AC", "DEF"), label="defence (vs)",
              attr="defense"),
    FieldSpec("damage", "damages", "Damage on a hit: a whole number, or text like \"10 fire\" or \"15+10 "
              "cold\" (base + bonus, then an optional damage type: " + ", ".join(DAMAGE_TYPES) + "). "
              "Several damage types in one attack (CL-6): a list, the first part as above and each "
              "other part \"N type\", e.g. [20, 10 fire] for \"20 + 10 fire\".",
              True, lo=0, hi=200, label="the damage of {of}", units="hit points",
              pattern=DAMAGE_PATTERN, example="10 fire"),
    FieldSpec("reach", "reach", "How far a ranged attack reaches: 'range N' (N squares, 1 to 50), 'sight' "
              "or 'nearest'. Close attacks: 'burst N' (1 to 10), 'small cone', 'large cone', 'line N' "
              "(1 to 20). Area attacks: 'range N, radius R', 'sight, radius R' or 'nearest, radius R' "
              "(R 1 to 5). Required for ranged, close and area attacks; a melee attack reaches adjacent "
              "squares (leave it out or write 'adjacent'), or 'reach N' (N 2 to 5: it attacks, makes "
              "opportunity attacks and flanks N squares away, counted around walls, in sight; CL-5).",
              label="the reach of {of}", units="squares", pattern=REACH_PATTERN, example="range 10"),
    FieldSpec("targets", "integer", "How many creatures a melee or ranged attack may target, each a "
              "different one (CL-2); close and area attacks strike every creature in their area "
              "(leave it out).", default=1, lo=1, hi=10, label="targets of {of}"),
    FieldSpec("only", "object", "Whom it may target (CL-2): a creature is a legal target, or is struck "
              "by a close or area attack, only when this holds ('other' the target, 'self' the "
              "attacker), e.g. {other: {largest: medium}}.", label="'only' of {of}", items=WHEN,
              example={"other": {"keyword": "Undead"}}),
    FieldSpec("strikes", "choice", "Whom a close or area attack strikes in its area (CL-2): every "
              "creature, its enemies only, or its allies only (then it must be aimed at an ally).",
              default="all", choices=("all", "enemies", "allies"), label="'strikes' of {of}"),
    FieldSpec("automatic", "boolean", "No attack roll: it hits every target, never critically "
              "(CL-9), e.g. a burst that deals damage to every enemy within N.", default=False,
              label="'automatic' of {of}"),
    FieldSpec("save", "integer", "No attack roll: each target rolls a d20 and resists on this or more "
              "(a miss: 'on: miss' effects), else it is hit (CL-9).", lo=2, hi=20,
              label="the save of {of}", example=12),
    FieldSpec("basic", "boolean", "This is the basic attack (CARD-1). At most one per card; when none is "
              "marked, the first attack is basic.", default=False, label="'basic' of {of}"),
    FieldSpec("effects", "objects", "What a hit (or miss) does besides damage: conditions, ongoing "
              "damage, follow-up attacks (ATK-3, ATK-7).", default=[], label="the effects of {of}",
              items=EFFECT),
    FieldSpec("secondary", "boolean", "Made only as another attack's follow-up, never on its own "
              "(ATK-7); it cannot be the basic attack.", default=False, label="'secondary' of {of}"),
    _USES,
    _RECHARGE,
))

FORM = Table("form", "CL-14: another set of numbers and abilities the creature takes with a 'change form' "
             "special power. Keys left out keep the card's own; HP, cost, size, keywords and special "
             "powers never change.", (
    FieldSpec("name", "text", "The form's name, unique on the card.", True, label="the name of {of}",
              example="Wolf"),
    FieldSpec("ac", "integer", "Armor Class in the form.", lo=1, hi=50, label="the AC of {of}", example=18),
    FieldSpec("def", "integer", "DEF in the form.", lo=1, hi=50, label="the DEF of {of}", attr="defense",
              example=15),
    FieldSpec("speed", "integer", "Speed in the form.", lo=0, hi=20, label="the speed of {of}",
              units="squares", example=8),
    FieldSpec("attacks", "objects", "Its attack lines in the form (they replace the card's).",
              label="the attacks of {of}", items=ATTACK),
    FieldSpec("abilities", "objects", "Its keyword abilities in the form (they replace the card's; [] for "
              "none).", lo=0, label="the abilities of {of}", items=ABILITY),
))

CARD = Table("card", "A creature's stat card (CARD-1..3).", (
    FieldSpec("id", "id", "Stable id used by warband files: lower-case letters, digits and single "
              "hyphens.", True, label="card id", pattern=ID_PATTERN, example="anvilborn-shieldwarden"),
    FieldSpec("name", "text", "Display name.", True, label="the name of {of}", example="Anvilborn Shieldwarden"),
    FieldSpec("cost", "integer", "Cost in points (WB-3).", True, lo=1, hi=1000, label="the cost of {of}",
              units="points", example=16),
    FieldSpec("alignment", "choice", "Good, Evil or Unaligned (WB-2: Good and Evil never mix).", True,
              choices=ALIGNMENTS, label="alignment"),
    FieldSpec("factions", "choices", "One faction or a list of factions (WB-1).", True, choices=FACTIONS,
              label="the factions of {of}", example=["Civilization", "Borderlands"]),
    FieldSpec("level", "integer", "Level.", True, lo=1, hi=30, label="the level of {of}", example=4),
    FieldSpec("ac", "integer", "Armor Class.", True, lo=1, hi=50, label="the AC of {of}", example=20),
    FieldSpec("def", "integer", "DEF: the defence against non-AC attacks.", True, lo=1, hi=50,
              label="the DEF of {of}", attr="defense", example=14),
    FieldSpec("speed", "integer", "Squares it may move with a move action.", True, lo=0, hi=20,
              label="the speed of {of} (squares)", units="squares", example=5),
    FieldSpec("hp", "integer", "Hit points.", True, lo=1, hi=1000, label="the HP of {of}",
              units="hit points", example=40),
    FieldSpec("attacks", "objects", "Attack lines; [] for a creature with no attack (CL-16: an object, a "
              "healer that only uses powers).", True, lo=0, label="the attacks of {of}", items=ATTACK),
    FieldSpec("keywords", "texts", "Display keywords (one or a list). Keywords naming an ability "
              "(Flight, Burrow, …) are refused: implemented abilities go under 'abilities'.", default=[],
              label="the keywords of {of}", example=["Dwarf", "Soldier"]),
    FieldSpec("abilities", "objects", "Keyword abilities as typed entries, e.g. {kind: flight}, "
              "{kind: resist, amount: 10, type: fire} (ABL-1). The same ability may be listed once "
              "(ABL-2).", default=[], label="the abilities of {of}", items=ABILITY),
    FieldSpec("champion", "integer", "Champion rating (0: not a champion; WB-5).", default=0, lo=0, hi=5,
              label="the champion rating of {of}"),
    FieldSpec("champion_powers", "objects", "Champion powers as typed entries (CHP-1..3; needs a "
              "champion rating), e.g. {name: Press the Attack, cost: 1, trigger: ally hits, effect: extra "
              "damage, amount: 10}.", default=[], label="the champion powers of {of}", items=CHAMPION_POWER),
    FieldSpec("special_powers", "objects", "Special powers as typed entries (SPW-1, CARD-4), e.g. "
              "{name: Second Wind, action: move, effect: heal, amount: 10, uses: 1}.", default=[],
              label="the special powers of {of}", items=SPECIAL_POWER),
    FieldSpec("reactions", "objects", "Reactions as typed entries (CL-10), e.g. {name: Riposte, trigger: it "
              "is hit, effect: attack}.", default=[], label="the reactions of {of}", items=REACTION),
    FieldSpec("dice", "objects", "Changes to its own d20 rolls (CL-13), e.g. {name: Lucky, roll: attack, "
              "change: reroll, uses: 1}.", default=[], label="the dice changes of {of}", items=DIE_CHANGE),
    FieldSpec("unique", "boolean", "At most one copy per warband (WB-6).", default=False,
              label="'unique' of {of}"),
    FieldSpec("size", "integer", "Creature size in squares across: 1 Small or Medium, 2 Large (2×2), "
              "3 Huge (3×3; Epic battles only, WB-7).", default=1, lo=1, hi=3, label="the size of {of}",
              units="squares"),
    FieldSpec("category", "choice", "Size category, when the card names one (CL-1, CL-2: tests such "
              "as 'Medium or smaller' read it): tiny, small or medium for size 1, large for 2, huge for 3. "
              "Left out: medium, large or huge from 'size'.", default="", choices=CARD_CATEGORIES,
              label="the size category of {of}"),
    FieldSpec("height", "integer", "Height in feet, for the underground module's low passages (UG-LOW); "
              "left out (0): from its size (Tiny 2, Small 4, Medium 6, Large 12, Huge 24).", default=0, lo=0,
              hi=100, label="the height of {of}", units="feet", example=7),
    FieldSpec("forms", "objects", "CL-14: other forms it may take with a 'change form' special power, "
              "e.g. {name: Wolf, speed: 8, attacks: [...]}.", default=[], label="the forms of {of}",
              items=FORM),
    FieldSpec("text", "text", "Card text shown to players; the engine never reads it.", default="",
              label="the text of {of}"),
    FieldSpec("flavor", "text", "A line of story.", default="", label="the flavor of {of}"),
), refused={
    "defense": "unknown key 'defense'; did you mean 'def'?",
})

CARD_FILE = Table("card file", "A card file: a list of stat cards.", (
    FieldSpec("cards", "objects", "The stat cards.", True, label="cards", items=CARD),
))

#: Cover a map's own terrain may give (TER-OTHER): none, against ranged attacks, or against every attack.
COVER_KINDS = ("none", "ranged", "all")

TERRAIN_TYPE = Table("terrain type", "A terrain kind the map defines itself (TER-OTHER: its rules travel "
                     "with the map), composed from properties the engine implements. Unknown "
                     "properties are load errors.", (
    FieldSpec("name", "text", "Display name, e.g. Bramble. A name ending in 'pit' (\"Lava Pit\") is a "
              "pit (TER-PIT).", True, label="the name of {of}", example="Bramble"),
    FieldSpec("symbol", "text", "One character for the terrain rows; not one of the default symbols.",
              True, label="the symbol of {of}", example="&"),
    FieldSpec("cost", "integer", "Squares of movement to enter it (MOV-8: 2 is difficult terrain; "
              "flight, burrow and phasing pay 1).", default=1, lo=1, hi=4, label="the cost of {of}",
              units="squares"),
    FieldSpec("blocking", "boolean", "Blocks movement, line of sight and line of effect like a wall "
              "(TER-WALL).", default=False, label="'blocking' of {of}"),
    FieldSpec("obscuring", "boolean", "Blocks line of sight but not movement or effect, and hides a "
              "creature inside from all but adjacent creatures (as smoke, TER-SMOKE).", default=False,
              label="'obscuring' of {of}"),
    FieldSpec("dense", "boolean", "Line of sight crossing opposite sides of one square is blocked (as "
              "forest, TER-FOREST).", default=False, label="'dense' of {of}"),
    FieldSpec("cover", "choice", "Cover it gives to a target when an attack's line crosses it: 'none', "
              "'ranged' (ranged attacks, COV-2) or 'all' (also close and area attacks, COV-5).",
              default="none", choices=COVER_KINDS, label="the cover of {of}"),
    FieldSpec("cover_inside", "boolean", "A creature standing in it has cover against ranged attacks (as "
              "forest).", default=False, label="'cover_inside' of {of}"),
    FieldSpec("stop", "boolean", "A move may end here (false: as a statue, TER-STATUE).", default=True,
              label="'stop' of {of}"),
    FieldSpec("pit", "boolean", "A pit: only fliers enter, a creature ending its turn here is "
              "destroyed, forced movement into it makes a second attack roll (TER-PIT).", default=False,
              label="'pit' of {of}"),
    FieldSpec("deploy", "boolean", "Creatures may deploy here (SET-3). Default: true unless blocking, a "
              "pit or not a stop.", label="'deploy' of {of}"),
    FieldSpec("attack_bonus", "integer", "Added to attack rolls of a creature standing here (as a sacred "
              "circle's +2, TER-SACRED).", default=0, lo=-5, hi=5, label="the attack bonus of {of}"),
    FieldSpec("melee_crit", "integer", "Lowest natural roll that is a critical hit (and so a hit) for "
              "melee attacks made from here (blood rock: 19, TER-BLOOD).", default=20, lo=15, hi=20,
              label="the melee critical roll of {of}"),
    # Cave features: read only by the underground module (docs/modules/underground.md).
    FieldSpec("ceiling", "integer", "Ceiling height in feet, 0 for none that matters (underground, UG-LOW: "
              "a creature taller than it stoops at 2/3 speed, below 2/3 of its height it goes on hands and "
              "knees, at 1/4 or less it crawls).", default=0, lo=0, hi=60, label="the ceiling of {of}",
              units="feet"),
    FieldSpec("gap_width", "integer", "Width of the narrowest gap in inches, 0 for none (underground, "
              "UG-SQUEEZE: a human needs 24, an elf 18, a halfling 12, plus armour).", default=0, lo=0,
              hi=120, label="the gap width of {of}", units="inches"),
    FieldSpec("gap_height", "integer", "Height of the narrowest gap in inches, 0 for none (underground, "
              "UG-SQUEEZE: a human needs 12, an elf 9, a halfling 30, plus armour).", default=0, lo=0,
              hi=120, label="the gap height of {of}", units="inches"),
    FieldSpec("rubble", "choice", "Rubble that blocks the square until dug out (underground, UG-RUBBLE): "
              "'loose', 'partial' (partly blocked, digs twice as fast) or 'solid' rock (only with a "
              "pick); 'none' for none.", default="none", choices=("none",) + RUBBLE_KINDS,
              label="the rubble of {of}"),
    FieldSpec("depth", "integer", "Feet the square lies below the floor around it (a chasm, the foot of "
              "a ledge; underground, UG-FALL): no creature walks down into it, a push or pull over the "
              "edge is a fall.", default=0, lo=0, hi=500, label="the depth of {of}", units="feet"),
    FieldSpec("slope", "integer", "Feet of slide down a slope that starts here (underground, UG-SLIDE); "
              "a creature entering it slides on in its direction to the foot.", default=0, lo=0, hi=500,
              label="the slope of {of}", units="feet"),
    FieldSpec("downhill", "choice", "With 'slope': the way the slope goes down, n, ne, e, se, s, sw, w or nw "
              "(north is the top row; underground, UG-SLIDE): a creature entering it slides that way "
              "whichever way it came. 'any' (the default): it slides on the way it was going.",
              default="any", choices=("any", "n", "ne", "e", "se", "s", "sw", "w", "nw"),
              label="the downhill way of {of}"),
    FieldSpec("landing", "choice", "What a fall into the square lands on (underground, UG-FALL): 'hard' "
              "(normal damage), 'rough' (double), 'spiked' (spikes add damage), 'soft' (half), 'padded' "
              "(a save for none) or 'water' (a check for little).", default="hard",
              choices=("hard",) + LANDING_KINDS, label="the landing of {of}"),
    FieldSpec("spikes", "integer", "With landing 'spiked': d6 rolled for how many spikes hit a falling "
              "creature (1 or 3 by density; UG-FALL).", default=0, lo=0, hi=6, label="the spikes of {of}",
              units="d6"),
    FieldSpec("dark", "boolean", "Total darkness (underground, UG-DARK): safe speed 1/3, drifting without a "
              "wall beside, unseen beyond adjacent squares but by darkvision.", default=False,
              label="'dark' of {of}"),
    FieldSpec("slippery", "boolean", "A slippery floor, ice (underground, UG-SLIP: turning or running needs a "
              "check, melee attacks too; crampons remove it); on a slope a smooth one (UG-SLIDE); on a "
              "wall no catching on it (UG-FALL).", default=False, label="'slippery' of {of}"),
))

MAP = Table("map", "A battle map (SET-2..4, SCN-ASSAULT): terrain rows and a zones overlay of the "
            "same size.", (
    FieldSpec("name", "text", "Display name.", True, label="the map name", example="Crossroads Ruin"),
    FieldSpec("points", "integer", "The battle size the map is drawn for: each start area must hold "
              "that size's most creatures (WB-4: 10 at 200, 5 at 100; WB-8: 100-point battles use a "
              "half-size map).", default=200, lo=20, hi=1000, label="the map's battle size in points",
              units="points"),
    FieldSpec("description", "text", "One line shown when choosing a map.", default="",
              label="the description"),
    FieldSpec("rules", "choices", "Optional rule modules a battle on this map plays with, one name or a "
              "list (docs/modules: " + ", ".join(OPTIONAL_MODULES) + "); none: the skirmish rules alone.",
              default=[], choices=OPTIONAL_MODULES, label="the rule modules", example=["grid35"]),
    FieldSpec("legend", "legend", "Extra terrain symbols: one character -> a terrain kind (" +
              ", ".join(TERRAIN_KINDS) + "). These always work without a legend: " +
              ", ".join(f"'{s}' {t.value}" for s, t in SYMBOLS.items()) + " (TER-*).",
              choices=TERRAIN_KINDS, example={"~": "difficult"}),
    FieldSpec("terrain_types", "objects", "Terrain kinds this map defines (TER-OTHER), each with its "
              "own symbol and properties, e.g. {name: Bramble, symbol: '&', cost: 2, cover: ranged}.",
              default=[], label="the terrain types", items=TERRAIN_TYPE),
    FieldSpec("terrain", "rows", "The terrain, one text row per map row and one symbol per square "
              "(a '|' block, or a list of strings). Every row has the same width; at most 100×100.",
              True, label="the terrain", units="squares"),
    FieldSpec("zones", "rows", "An overlay of the terrain's size: 'A'/'B' start areas, 'a'/'b' VP zones "
              "(zone 'a' scores for the player who starts in 'A'), '.' nothing. A free-for-all map "
              "(SCN-MULTI) adds corner start areas 'C'/'D' and their VP zones 'c'/'d'. No zone covers a "
              "wall; start areas cover no pit or statue either (SET-3).", True, label="the zones",
              pattern=ZONES_PATTERN),
))

ENTRY = Table("creature entry", "N copies of one card in a warband.", (
    FieldSpec("card", "text", "A card id from the catalogue.", True, label="a card id",
              example="gatehouse-crossbowman"),
    FieldSpec("count", "integer", "How many copies.", default=1, lo=1, hi=20, label="the count of {of}", example=3),
))

WARBAND = Table("warband", "A warband: a faction, a point limit and the creatures (WB-1..7).", (
    FieldSpec("name", "text", "Display name.", True, label="the warband name", example="Silverhelm Vanguard"),
    FieldSpec("faction", "choice", "The warband's one faction (WB-1); every creature must have it.", True,
              choices=FACTIONS, label="faction"),
    FieldSpec("points", "integer", "The point limit (WB-3, WB-4): 200 standard, 100 for half-size "
              "battles.", default=200, lo=20, hi=1000, label="the point limit", units="points"),
    FieldSpec("description", "text", "One line shown when choosing a warband.", default="",
              label="the description"),
    FieldSpec("creatures", "entries", "The creatures: each entry a card id, or {card: id, count: N} "
              "for N copies.", True, label="the creatures", items=ENTRY,
              example=["silverhelm-knight-captain", {"card": "gatehouse-crossbowman", "count": 3}]),
))

#: The top-level table of each kind of file, by kind ("cards", "map", "warband").
FILE_TABLES = {"cards": CARD_FILE, "map": MAP, "warband": WARBAND}
