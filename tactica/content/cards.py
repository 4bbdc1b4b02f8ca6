"""Card files: ``cards:`` lists of creature stat cards (CARD-1..3).

A card, as written by hand::

    - id: anvil-shieldwarden
      name: Anvilborn Shieldwarden
      cost: 18
      alignment: Good
      factions: [Civilization, Borderlands]
      level: 4
      ac: 19
      def: 14
      speed: 5
      hp: 40
      keywords: [Dwarf, Soldier]
      abilities:
        - {kind: resist, amount: 5, type: fire}
        - {kind: threatening-reach}
      attacks:
        - {name: Warhammer, type: melee, bonus: 8, vs: AC, damage: 10, basic: true}
        - {name: Throwing Axe, type: ranged, reach: range 5, bonus: 6, damage: "5+5 fire"}
      text: Display-only card text; the engine never reads it.
      flavor: A line of story.

Keyword abilities are typed entries under ``abilities:`` (ABL-1; the kinds of
``tactica.engine.abilities.ABILITY_KINDS``); each kind takes exactly its own
keys.  Keywords naming an ability are refused (implemented ones with a hint to
list them under ``abilities:``).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tactica.engine import (
    ABILITY_KINDS,
    ALWAYS,
    AURA_BONUS_EFFECTS,
    CHAMPION_EFFECTS_FOR,
    FACTIONS,
    IMMUNITIES,
    MAX_FOLLOW_UP_DEPTH,
    MOVEMENT_EFFECTS,
    Ability,
    AttackDef,
    AttackKind,
    Aura,
    ChainEffect,
    ChampionEffect,
    ChampionPower,
    ChampionTrigger,
    ConditionEffect,
    CreatureCard,
    DamagePart,
    Defense,
    Duration,
    Effect,
    EscalateEffect,
    FollowUpEffect,
    ForcedMoveEffect,
    ForceKind,
    Form,
    HealEffect,
    OngoingEffect,
    PowerAction,
    PowerEffect,
    PowerTrigger,
    Reach,
    Recharge,
    RechargeOn,
    SpecialPower,
    Strikes,
    Trigger,
)

from .fields import (
    ABILITY,
    ATTACK,
    CARD,
    CARD_FILE,
    CHAMPION_POWER,
    DAMAGE_PATTERN,
    DAMAGE_TYPES,
    EFFECT,
    FORCED_KINDS,
    FORM,
    ID_PATTERN,
    RECHARGE_EVENTS,
    SPECIAL_POWER,
)
from .numbers import parse_bonus
from .schema import Doc, did_you_mean
from .triggers import check_reaction_attacks, parse_die_change, parse_reaction
from .when import parse_when
from .yamlsafe import MappingNode, Node, ScalarNode, SequenceNode

#: Keyword abilities from the rules that the engine does not implement yet.
UNIMPLEMENTED_ABILITIES: tuple[str, ...] = ()
#: Every keyword that names an ability (refused as a keyword; ABL-1).
ABILITY_WORDS = tuple(k.replace("-", " ") for k in ABILITY_KINDS) + UNIMPLEMENTED_ABILITIES
#: The keys each ability kind takes besides 'kind' (required ones first; 'reach' is optional).
_ABILITY_KEYS = {"sneak-attack": ("damage",), "powerful-charge": ("damage",), "resist": ("amount", "type"),
                 "vulnerable": ("amount", "type"), "regeneration": ("amount", "type"),
                 "threatening-reach": ("reach",), "immune": ("type", "condition", "to"),
                 "multi-activation": ("times",), "trophy": ("amount",), "recruits": ("keyword",),
                 "aura": ("radius", "effect", "affects", "bonus", "amount", "type", "include_self", "name",
                          "when", "timing")}
#: Keys of an aura that may be left out (the rest are required).
_AURA_OPTIONAL = ("affects", "bonus", "amount", "type", "include_self", "name", "when", "timing")
_ID = re.compile(ID_PATTERN)
_DAMAGE = re.compile(DAMAGE_PATTERN)
_RANGE = re.compile(r"^\s*range\s+(\d+)\s*$")
_MELEE_REACH = re.compile(r"^\s*reach\s+(\d+)\s*$")
_CLOSE = re.compile(r"^\s*(burst|line)\s+(\d+)\s*$|^\s*(small cone|large cone)\s*$")
_AREA = re.compile(r"^\s*(?:range\s+(\d+)|(sight)|(nearest))\s*,\s*radius\s+(\d+)\s*$")
#: What each attack type's reach may say, for messages (RNG-2..4).
_REACH_HELP = {"ranged": "'range N', 'sight' or 'nearest'",
               "close": "'burst N', 'small cone', 'large cone' or 'line N'",
               "area": "'range N, radius R', 'sight, radius R' or 'nearest, radius R'"}


def _close_or_area(doc: Doc, node: Node, kind: str, text: str, what: str) -> tuple[Reach, int | None, int] | None:
    """The reach of a close (RNG-3) or area (RNG-4) attack: (Reach, range, radius), or None after a problem."""
    if kind == "close":
        m = _CLOSE.match(text)
        if m and m.group(3):
            return Reach(m.group(3)), None, 0
        if m:
            size, hi = int(m.group(2)), (10 if m.group(1) == "burst" else 20)
            if not 1 <= size <= hi:
                doc.error(node, f"{m.group(1)} must be from 1 to {hi}; got {size}")
                return None
            return Reach(m.group(1)), size, 0
    else:
        m = _AREA.match(text)
        if m:
            radius = int(m.group(4))
            rng = int(m.group(1)) if m.group(1) else None
            if not 1 <= radius <= 5 or (rng is not None and not 1 <= rng <= 50):
                doc.error(node, f"an area attack has range 1 to 50 and radius 1 to 5; got '{text}'")
                return None
            reach = Reach.RANGE if rng is not None else Reach(m.group(2) or m.group(3))
            return reach, rng, radius
    doc.error(node, f"expected {_REACH_HELP[kind]} for the reach of {what}; got '{text}'")
    return None


def check_id(doc: Doc, node: Node, what: str) -> str | None:
    """A stable id: lower-case letters, digits and single hyphens."""
    value = doc.text(node, what)
    if value is not None and not _ID.match(value):
        doc.error(node, f"{what} '{value}' must be lower-case letters, digits and hyphens "
                        "(e.g. 'dwarf-shieldwarden')")
        return None
    return value


def _damage(doc: Doc, node: Node, what: str) -> tuple[int, int, str] | None:
    """``10`` or ``"15+10 cold"`` → (15, 10, "cold")."""
    if node.tag.endswith(":int"):
        value = doc.integer(node, what, ATTACK["damage"].lo, ATTACK["damage"].hi)
        return None if value is None else (value, 0, "")
    text = doc.text(node, what)
    if text is None:
        return None
    m = _DAMAGE.match(text)
    if not m:
        doc.error(node, f"expected damage like 10, \"10 fire\" or \"15+10 cold\" for {what}; got '{text}'")
        return None
    base, bonus, kind = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").lower()
    if kind and kind not in DAMAGE_TYPES:
        hint = did_you_mean(kind, DAMAGE_TYPES) or f"; expected one of: {', '.join(DAMAGE_TYPES)}"
        doc.error(node, f"unknown damage type '{kind}' in {what}{hint}")
        return None
    if base + bonus > ATTACK["damage"].bounds[1]:
        doc.error(node, f"{what} must be at most {ATTACK['damage'].hi} in all; got {base + bonus}")
        return None
    return base, bonus, kind


def _damages(doc: Doc, node: Node, what: str) -> tuple[int, int, str, tuple[DamagePart, ...]] | None:
    """An attack's ``damage``: one damage (``_damage``), or a list of parts of different types (CL-6):
    ``[20, 10 fire]`` → (20, 0, "", (DamagePart(10, "fire"),)).  The first entry is the main part
    (any damage text); every other is "N type" with a type of its own, no type twice, the total at
    most the damage limit."""
    if not isinstance(node, SequenceNode):
        one = _damage(doc, node, what)
        return None if one is None else (one[0], one[1], one[2], ())
    items = doc.sequence(node, what)
    if items is None:
        return None
    if len(items) < 2:
        doc.error(node, f"a list for {what} gives several damage types, e.g. [20, 10 fire]; for one, "
                        "write it without the list")
        return None
    found = [_damage(doc, item, f"part {i + 1} of {what}") for i, item in enumerate(items)]
    if None in found:
        return None
    main = found[0]
    assert main is not None
    parts: list[DamagePart] = []
    seen = {main[2]}
    for item, part in zip(items[1:], found[1:]):
        assert part is not None
        base, bonus, kind = part
        if bonus or base < 1:
            doc.error(item, f"each further part of {what} is one number of 1 or more and a type, e.g. "
                            f"\"10 fire\"; got '{getattr(item, 'value', item)}'")
            return None
        if kind in seen:
            named = f"'{kind}'" if kind else "untyped"
            doc.error(item, f"{what} has two {named} parts; add them into one")
            return None
        seen.add(kind)
        parts.append(DamagePart(base, kind))
    total = main[0] + main[1] + sum(p.amount for p in parts)
    if total > ATTACK["damage"].bounds[1]:
        doc.error(node, f"{what} must be at most {ATTACK['damage'].hi} in all; got {total}")
        return None
    return main[0], main[1], main[2], tuple(parts)


#: The keys each effect kind uses besides 'kind', 'duration', 'on' and 'when'.
_EFFECT_KEYS = {"condition": ("condition",), "ongoing": ("damage",), "follow-up": ("attack",),
                "heal": ("amount",), **{k: ("distance",) for k in FORCED_KINDS},
                "escalate": ("ladder",), "chain": ("distance", "attack", "jumps")}
#: Keys a kind may leave out (the rest of _EFFECT_KEYS are required).
_EFFECT_OPTIONAL = {"chain": ("attack", "jumps")}
#: The 'on' triggers each effect kind takes (CL-7: 'critical' and 'destroys' not everywhere).
_EFFECT_ON = {"follow-up": ("hit", "miss", "always"), "chain": ("hit", "destroys")}
_TARGET_GONE = ("condition", "ongoing", "escalate", "follow-up") + FORCED_KINDS


def parse_effect(doc: Doc, node: Node, attack_what: str, index: int) -> Effect | None:
    """One entry of an attack's ``effects:`` list (ATK-3, ATK-7), or None after recording problems.

    ``{kind: condition, condition: dazed, duration: save ends}``,
    ``{kind: ongoing, damage: "5 fire"}``, ``{kind: follow-up, attack: Bite, on: hit}``,
    ``{kind: heal, amount: 10}`` (the attacker regains HP),
    ``{kind: push, distance: 2}`` (also pull, slide, teleport, place: MOV-14).
    An unknown kind, a key of another kind, or a missing key is a problem.
    """
    what = f"effect {index + 1} of {attack_what}"
    f = doc.fields(node, EFFECT, what)
    if f is None:
        return None
    kind = doc.field(f, EFFECT["kind"], what)
    on = doc.field(f, EFFECT["on"], what)
    duration = doc.field(f, EFFECT["duration"], what)
    if kind is None or on is None or ("duration" in f and duration is None):
        return None
    needed = _EFFECT_KEYS[kind]
    problems = False
    for key in ("condition", "damage", "attack", "amount", "distance", "ladder", "jumps"):
        if key in f and key not in needed:
            doc.error(f[key][0], f"'{key}' does not belong to a '{kind}' effect in {what}")
            problems = True
        elif key not in f and key in needed and key not in _EFFECT_OPTIONAL.get(kind, ()):
            doc.error(node, f"missing required key '{key}' in {what} (a '{kind}' effect needs it)")
            problems = True
    if kind in ("follow-up", "heal", "chain") + FORCED_KINDS and duration is not None:
        doc.error(f["duration"][0], f"a {kind} effect has no duration ({what})")
        problems = True
    allowed_on = _EFFECT_ON.get(kind, ("hit", "miss", "always", "critical") +
                                (() if kind in _TARGET_GONE else ("destroys",)))
    if on not in allowed_on:  # CL-7
        why = " (its target is gone)" if on == "destroys" else ""
        doc.error(f["on"][1] if "on" in f else node, f"a '{kind}' effect cannot happen 'on: {on}'{why}; "
                                                     f"expected one of: {', '.join(allowed_on)} ({what})")
        problems = True
    when = ALWAYS
    if "when" in f:  # CL-7
        parsed = parse_when(doc, f["when"][1], EFFECT["when"].what(what))
        if parsed is None:
            problems = True
        else:
            when = parsed
    if problems:
        return None
    trigger = Trigger(on)
    if kind == "escalate":  # CL-7
        items = doc.text_list(f["ladder"][1], EFFECT["ladder"].what(what), allow_empty=False)
        if items is None:
            return None
        ladder: list[str] = []
        for _value, item in items:
            picked = doc.choice(item, f"an entry of {EFFECT['ladder'].what(what)}", EFFECT["ladder"].choices)
            if picked is None:
                return None
            if picked in ladder:
                doc.error(item, f"'{picked}' is listed twice in {EFFECT['ladder'].what(what)}")
                return None
            ladder.append(picked)
        if len(ladder) < 2:
            doc.error(f["ladder"][1], f"a ladder names two or more conditions in order, e.g. [slowed, "
                                      f"immobilized]; for one condition use kind 'condition' ({what})")
            return None
        return EscalateEffect(tuple(ladder), Duration(duration or Duration.NEXT_TURN.value), trigger, when)
    if kind == "chain":  # CL-8
        distance = doc.field(f, EFFECT["distance"], what)
        line = doc.field(f, EFFECT["attack"], what) if "attack" in f else ""
        jumps = doc.field(f, EFFECT["jumps"], what) if "jumps" in f else 0
        if distance is None or line is None or jumps is None:
            return None
        return ChainEffect(distance, line, jumps, trigger, when)
    if kind == "condition":
        condition = doc.field(f, EFFECT["condition"], what)
        if condition is None:
            return None
        return ConditionEffect(condition, Duration(duration or Duration.NEXT_TURN.value), trigger, when)
    if kind == "ongoing":
        dmg = _damage(doc, f["damage"][1], EFFECT["damage"].what(what))
        if dmg is None:
            return None
        lo, hi = EFFECT["damage"].bounds
        if dmg[1] or not lo <= dmg[0] <= hi:
            doc.error(f["damage"][1], f"ongoing damage is one number from {EFFECT['damage'].lo} to "
                                      f"{EFFECT['damage'].hi} and an optional type, e.g. \"5 fire\"")
            return None
        return OngoingEffect(dmg[0], dmg[2], Duration(duration or Duration.SAVE_ENDS.value), trigger, when)
    if kind == "heal":
        amount = doc.field(f, EFFECT["amount"], what)
        return None if amount is None else HealEffect(amount, trigger, when)
    if kind in FORCED_KINDS:
        distance = doc.field(f, EFFECT["distance"], what)
        return None if distance is None else ForcedMoveEffect(ForceKind(kind), distance, trigger, when)
    name = doc.field(f, EFFECT["attack"], what)
    return None if name is None else FollowUpEffect(name, trigger, when)


def parse_ability(doc: Doc, node: Node, card_what: str, index: int) -> Ability | None:
    """One entry of a card's ``abilities:`` list (ABL-1), or None after recording problems.

    ``{kind: flight}``, ``{kind: sneak-attack, damage: 10}``, ``{kind: resist, amount: 10,
    type: fire}``, ``{kind: immune, condition: dazed}``, ``{kind: threatening-reach, reach: 3}``.
    An unknown kind (with a did-you-mean hint), a key of another kind or a missing key is a
    problem; ``immune`` takes exactly one of ``type`` and ``condition`` (not ``all``).
    """
    what = f"ability {index + 1} of {card_what}"
    f = doc.fields(node, ABILITY, what)
    if f is None:
        return None
    kind = doc.field(f, ABILITY["kind"], what)
    if kind is None:
        return None
    allowed = _ABILITY_KEYS.get(kind, ())
    if kind == "aura":
        return _parse_aura(doc, node, f, what)
    if kind == "bonus":  # CL-1, CL-4: a conditional number (content.numbers)
        return parse_bonus(doc, node, f, what)
    problems = False
    for key in ("damage", "amount", "type", "condition", "reach", "times", "radius", "effect",
                "affects", "bonus", "include_self", "name", "to", "when", "timing", "keyword"):
        if key in f and key not in allowed:
            doc.error(f[key][0], f"'{key}' does not belong to a '{kind}' ability in {what}")
            problems = True
        elif (key not in f and key in allowed and kind != "immune" and key != "reach"
              and not (kind == "regeneration" and key == "type")):
            doc.error(node, f"missing required key '{key}' in {what} (a '{kind}' ability needs it)")
            problems = True
    if kind == "immune" and [k in f for k in ("type", "condition", "to")].count(True) != 1:
        doc.error(node, f"an 'immune' ability names exactly one of 'type' (a damage type), "
                        f"'condition' or 'to' ({', '.join(IMMUNITIES)}) in {what}")
        problems = True
    values = {key: doc.field(f, ABILITY[key], what) for key in allowed if key in f}
    if problems or None in values.values():
        return None
    if kind in ("immune", "regeneration") and values.get("type") == "all":
        doc.error(f["type"][1], f"'{kind}' takes one damage type, not 'all' ({what})")
        return None
    if kind == "immune" and "to" in values and values["to"] not in IMMUNITIES:  # CL-15
        doc.error(f["to"][1], f"an 'immune' is immune 'to' one of: {', '.join(IMMUNITIES)}; got "
                              f"'{values['to']}' ({what})")
        return None
    cls = ABILITY_KINDS[kind]
    names = {"type": "damage_type"}
    return cls(**{names.get(k, k): v for k, v in values.items()})


def _parse_aura(doc: Doc, node: Node, f: dict, what: str) -> Ability | None:
    """An ``{kind: aura, ...}`` entry (docs/rules.md ABL "Aura X"), or None after recording problems.

    ``radius`` and ``effect`` are required; the effects attack / defense /
    damage / speed need a non-zero ``bonus``, resist / harm / heal an
    ``amount``; ``type`` belongs to resist (default all) and harm only;
    ``include_self`` not with ``affects: enemies``.
    """
    problems = False
    for key in ("damage", "condition", "reach", "times", "keyword"):
        if key in f:
            doc.error(f[key][0], f"'{key}' does not belong to an 'aura' ability in {what}")
            problems = True
    for key in ("radius", "effect"):
        if key not in f:
            doc.error(node, f"missing required key '{key}' in {what} (an 'aura' ability needs it)")
            problems = True
    if problems:
        return None
    values = {key: doc.field(f, ABILITY[key], what) for key in _ABILITY_KEYS["aura"]
              if key in f and key != "when"}
    when = parse_when(doc, f["when"][1], ABILITY["when"].what(what)) if "when" in f else ALWAYS
    if None in values.values() or when is None:
        return None
    effect = values["effect"]
    takes_bonus = effect in AURA_BONUS_EFFECTS
    need, refuse = ("bonus", "amount") if takes_bonus else ("amount", "bonus")
    if refuse in f:
        doc.error(f[refuse][0], f"an aura with effect '{effect}' takes '{need}', not '{refuse}' ({what})")
        problems = True
    elif need not in f:
        doc.error(node, f"missing required key '{need}' in {what} (an aura with effect '{effect}' needs it)")
        problems = True
    elif takes_bonus and values["bonus"] == 0:
        doc.error(f["bonus"][1], f"an aura's bonus is not 0 ({what})")
        problems = True
    if "type" in f and effect not in ("resist", "harm"):
        doc.error(f["type"][0], f"'type' belongs to 'resist' and 'harm' auras only ({what})")
        problems = True
    if "type" in f and effect == "harm" and values["type"] == "all":
        doc.error(f["type"][1], f"a harm aura deals one damage type (or leave 'type' out), not 'all' ({what})")
        problems = True
    affects = values.get("affects", "allies")
    if values.get("include_self") and affects == "enemies":
        doc.error(f["include_self"][0], f"an aura that affects enemies never covers its own creature ({what})")
        problems = True
    if "timing" in f and effect not in ("harm", "heal"):  # CL-3
        doc.error(f["timing"][0], f"'timing' belongs to 'harm' and 'heal' auras only ({what})")
        problems = True
    if (when.attack or when.damage) and effect not in ("attack", "damage", "defense"):  # CL-3
        doc.error(f["when"][1], f"an aura with effect '{effect}' is not about an attack: its 'when' may not "
                                f"test 'attack' or 'damage' ({what}); only attack, damage and defense auras may")
        problems = True
    if problems:
        return None
    amount = values["bonus"] if takes_bonus else values["amount"]
    damage_type = values.get("type", "all" if effect == "resist" else "")
    return Aura(radius=values["radius"], effect=effect, amount=amount, affects=affects,
                include_self=bool(values.get("include_self", False)), damage_type=damage_type,
                name=values.get("name", ""), when=when, timing=values.get("timing", "start"))


def parse_attack(doc: Doc, node: Node, card_what: str, index: int) -> AttackDef | None:
    """One attack line (CARD-3, RNG-1, RNG-2), or None after recording problems."""
    what = f"attack {index + 1} of {card_what}"
    f = doc.fields(node, ATTACK, what)
    if f is None:
        return None
    name = doc.field(f, ATTACK["name"], what)
    kind_text = doc.field(f, ATTACK["type"], what)
    bonus = doc.field(f, ATTACK["bonus"], what)
    vs_node = f["vs"][1] if "vs" in f else None
    if isinstance(vs_node, ScalarNode) and vs_node.value in ("Fort", "Ref", "Will"):
        doc.error(vs_node, f"'{vs_node.value}' uses the DEF number (CARD-3); write 'vs: DEF'")
        vs = None
    else:
        vs = doc.field(f, ATTACK["vs"], what)
    dmg = _damages(doc, f["damage"][1], ATTACK["damage"].what(what)) if "damage" in f else None
    targets = doc.field(f, ATTACK["targets"], what)
    basic = doc.field(f, ATTACK["basic"], what)
    reach, rng, radius = Reach.ADJACENT, None, 0
    if "reach" in f:
        reach_node = f["reach"][1]
        text = doc.text(reach_node, ATTACK["reach"].what(what))
        if text is not None and kind_text in ("close", "area"):
            parsed = _close_or_area(doc, reach_node, kind_text, text, what)
            if parsed is not None:
                reach, rng, radius = parsed
            else:
                kind_text = None
        elif text is not None:
            m = _RANGE.match(text)
            r = _MELEE_REACH.match(text)
            if kind_text == "melee" and r:  # CL-5
                rng = int(r.group(1))
                if not 2 <= rng <= 5:
                    doc.error(reach_node, f"a melee reach is 2 to 5 squares; got {rng} (leave 'reach' out "
                                          "for adjacent squares)")
            elif kind_text == "melee" and text.strip() != "adjacent":
                doc.error(reach_node, f"a melee attack reaches adjacent squares, or 'reach N' (N 2 to 5); "
                                      f"remove 'reach', or write 'adjacent' or 'reach 2' (got '{text}')")
            elif r:
                doc.error(reach_node, f"'reach N' belongs to melee attacks (CL-5); a {kind_text} attack "
                                      f"takes 'range N', 'sight' or 'nearest' (got '{text}')")
            elif m:
                reach, rng = Reach.RANGE, int(m.group(1))
                if not 1 <= rng <= 50:
                    doc.error(reach_node, f"range must be from 1 to 50; got {rng}")
            elif text.strip() in ("sight", "nearest"):
                reach = Reach(text.strip())
            elif kind_text == "ranged":
                doc.error(reach_node, f"expected 'range N', 'sight' or 'nearest' for the reach of "
                                      f"{what}; got '{text}'")
    elif kind_text in _REACH_HELP:
        doc.error(node, f"missing required key 'reach' in {what} (a{'n' if kind_text == 'area' else ''} "
                        f"{kind_text} attack needs {_REACH_HELP[kind_text]})")
    secondary = doc.field(f, ATTACK["secondary"], what)
    n_uses, recharge, limit_ok = _uses_and_recharge(doc, node, f, ATTACK, what)
    effects: list[Effect | None] = []
    items = doc.entries(f, ATTACK["effects"], what)
    effects = [parse_effect(doc, enode, what, i) for i, enode in enumerate(items or [])]
    if items is None:
        effects.append(None)
    if dmg is None or None in (name, kind_text, bonus, vs, targets, basic, secondary) or None in effects \
            or not limit_ok:
        return None
    if kind_text in ("close", "area") and targets != 1:
        doc.error(f["targets"][1], f"a {kind_text} attack strikes every creature in its area; remove "
                                   f"'targets' (got {targets})")
        return None
    if secondary and basic:
        doc.error(f["secondary"][1], f"a secondary attack cannot be the basic attack ({what})")
        return None
    targeting = _targeting(doc, node, f, kind_text, what)
    if targeting is None:
        return None
    return AttackDef(name=name, kind=AttackKind(kind_text), reach=reach, bonus=bonus,
                     defense=Defense(vs), damage=dmg[0], damage_bonus=dmg[1], damage_type=dmg[2],
                     range=rng, targets=targets, basic=basic, effects=tuple(e for e in effects if e is not None),
                     secondary=secondary, radius=radius, uses=n_uses, recharge=recharge, parts=dmg[3], **targeting)


def _targeting(doc: Doc, node: Node, f: dict, kind: str, what: str) -> dict[str, Any] | None:
    """An attack line's card-language targeting keys (CL-2 'only', 'strikes'; CL-9 'automatic',
    'save') as AttackDef keyword arguments, or None after recording problems."""
    out: dict[str, Any] = {}
    problems = False
    if "only" in f:
        only = parse_when(doc, f["only"][1], ATTACK["only"].what(what))
        if only is None:
            problems = True
        else:
            out["only"] = only
    if "strikes" in f:
        strikes = doc.field(f, ATTACK["strikes"], what)
        if strikes is None:
            problems = True
        elif kind not in ("close", "area"):
            doc.error(f["strikes"][0], f"'strikes' belongs to close and area attacks (CL-2); a {kind} attack "
                                       f"targets enemies only (ATK-2) — use 'only' to narrow them ({what})")
            problems = True
        else:
            out["strikes"] = Strikes(strikes)
    for key in ("automatic", "save"):
        if key in f:
            value = doc.field(f, ATTACK[key], what)
            if value is None:
                problems = True
            else:
                out[key] = value
    if out.get("automatic") and "save" in f:
        doc.error(f["save"][0], f"an attack with 'automatic: true' hits without a roll; it has no "
                                f"'save' (write one of them) ({what})")
        problems = True
    return None if problems else out


_RECHARGE_ROLL = re.compile(r"^\s*roll\s+(\d+)\s*$")


def _uses_and_recharge(doc: Doc, node: Node, f: dict, table, what: str) -> tuple[int, Recharge | None, bool]:
    """``uses`` and ``recharge`` of an attack line or special power (CARD-4): (uses, recharge, ok).

    uses 0 means no limit.  A recharge needs exactly one check box (CARD-4).
    """
    n_uses = doc.field(f, table["uses"], what)
    if "uses" in f and n_uses is None:
        return 0, None, False
    if "recharge" not in f:
        return n_uses or 0, None, True
    text = doc.text(f["recharge"][1], table["recharge"].what(what))
    if text is None:
        return 0, None, False
    m = _RECHARGE_ROLL.match(text)
    if m:
        face = int(m.group(1))
        if not 2 <= face <= 20:
            doc.error(f["recharge"][1], f"a recharge roll needs a d20 face from 2 to 20; got {face} ({what})")
            return 0, None, False
        rc = Recharge(RechargeOn.ROLL, face)
    elif text.strip() in RECHARGE_EVENTS:
        rc = Recharge(RechargeOn(text.strip()))
    else:
        hint = did_you_mean(text.strip(), RECHARGE_EVENTS) or \
            f"; expected one of: {', '.join(RECHARGE_EVENTS)}, or 'roll N'"
        doc.error(f["recharge"][1], f"unknown recharge '{text}' in {what}{hint}")
        return 0, None, False
    if n_uses != 1:
        doc.error(f["recharge"][0], f"only a one-box line or power recharges (CARD-4): add 'uses: 1' "
                                    f"to {what}")
        return 0, None, False
    return 1, rc, True


def parse_special_power(doc: Doc, node: Node, card_what: str, index: int) -> SpecialPower | None:
    """One entry of a card's ``special_powers:`` list (SPW-1, CARD-4), or None after recording problems.

    ``{name: Second Wind, action: move, effect: heal, amount: 10, uses: 1}``,
    ``{name: Last Stand, action: triggered, trigger: bloodied, effect: heal, amount: 15, uses: 1}``.
    """
    what = f"special power {index + 1} of {card_what}"
    f = doc.fields(node, SPECIAL_POWER, what)
    if f is None:
        return None
    values = {key: doc.field(f, SPECIAL_POWER[key], what)
              for key in ("name", "action", "effect", "amount", "range", "trigger", "distance", "form")}
    n_uses, recharge, ok = _uses_and_recharge(doc, node, f, SPECIAL_POWER, what)
    if not ok or any(values[k] is None and k in f for k in values) or None in (
            values["name"], values["action"], values["effect"]):
        return None
    action, effect = PowerAction(values["action"]), PowerEffect(values["effect"])
    problems = False
    if effect is PowerEffect.HEAL and "amount" not in f:
        doc.error(node, f"missing required key 'amount' in {what} (a 'heal' needs it)")
        problems = True
    if effect is not PowerEffect.HEAL and "amount" in f:
        doc.error(f["amount"][0], f"'amount' belongs to a 'heal' only ({what})")
        problems = True
    problems = _movement_and_form_keys(doc, node, f, action, effect, what) or problems
    if action is PowerAction.TRIGGERED:
        if "trigger" not in f:
            doc.error(node, f"missing required key 'trigger' in {what} (a triggered power needs it: "
                            f"{', '.join(t.value for t in PowerTrigger)})")
            problems = True
        if "range" in f:
            doc.error(f["range"][0], f"a triggered power affects the creature itself; remove 'range' ({what})")
            problems = True
    elif "trigger" in f:
        doc.error(f["trigger"][0], f"'trigger' belongs to a triggered power (action: triggered) in {what}")
        problems = True
    if problems:
        return None
    trigger = PowerTrigger(values["trigger"]) if values["trigger"] else None
    return SpecialPower(values["name"], action, effect, values["amount"] or 0, values["range"] or 0,
                        trigger, n_uses, recharge, values["distance"] or 0, values["form"] or "")


def _movement_and_form_keys(doc: Doc, node: Node, f: dict, action: PowerAction, effect: PowerEffect,
                            what: str) -> bool:
    """CL-11 / CL-14 checks of a special power's 'distance', 'form' and 'range'; True after a problem.

    Movement effects need 'distance'; 'shift' and 'teleport' move the creature itself (no
    'range'); 'slide ally' needs a 'range'; 'change form' needs 'form'; none of them is triggered.
    """
    problems = False
    moving = effect in MOVEMENT_EFFECTS
    if moving and "distance" not in f:
        doc.error(node, f"missing required key 'distance' in {what} (a '{effect.value}' needs it)")
        problems = True
    if not moving and "distance" in f:
        doc.error(f["distance"][0], f"'distance' belongs to 'shift', 'teleport' and 'slide ally' only ({what})")
        problems = True
    if effect is PowerEffect.FORM and "form" not in f:
        doc.error(node, f"missing required key 'form' in {what} (a 'change form' names one of the card's 'forms')")
        problems = True
    if effect is not PowerEffect.FORM and "form" in f:
        doc.error(f["form"][0], f"'form' belongs to a 'change form' only ({what})")
        problems = True
    if effect in (PowerEffect.SHIFT, PowerEffect.TELEPORT, PowerEffect.FORM) and "range" in f:
        doc.error(f["range"][0], f"a '{effect.value}' moves or changes the creature itself; remove 'range' ({what})")
        problems = True
    if effect is PowerEffect.SLIDE and not ("range" in f and doc.field(f, SPECIAL_POWER["range"], what)):
        doc.error(node, f"a 'slide ally' needs a 'range' of 1 or more (the ally within it) in {what}")
        problems = True
    if (moving or effect is PowerEffect.FORM) and action is PowerAction.TRIGGERED:
        doc.error(f["action"][1], f"a '{effect.value}' is a move or attack action, not triggered ({what})")
        problems = True
    return problems


def parse_champion_power(doc: Doc, node: Node, card_what: str, index: int) -> ChampionPower | None:
    """One entry of a card's ``champion_powers:`` list (CHP-1, CHP-2), or None after recording problems.

    ``{name: Press the Attack, cost: 1, trigger: ally hits, effect: extra damage, amount: 10, range: 6}``.
    The effect must fit the trigger (``CHAMPION_EFFECTS_FOR``).
    """
    what = f"champion power {index + 1} of {card_what}"
    if isinstance(node, ScalarNode):
        doc.error(node, f"{what} is text; champion powers are typed entries now, e.g. {{name: Press the "
                        "Attack, cost: 1, trigger: ally hits, effect: extra damage, amount: 10}")
        return None
    f = doc.fields(node, CHAMPION_POWER, what)
    if f is None:
        return None
    values = {spec.key: doc.field(f, spec, what) for spec in CHAMPION_POWER.fields if spec.kind != "object"}
    when = parse_when(doc, f["when"][1], CHAMPION_POWER["when"].what(what)) if "when" in f else ALWAYS
    if when is None:
        return None
    if any(values[k] is None and k in f for k in values) or None in (
            values["name"], values["cost"], values["trigger"], values["effect"]):
        return None
    trigger, effect = ChampionTrigger(values["trigger"]), ChampionEffect(values["effect"])
    problems = False
    if effect not in CHAMPION_EFFECTS_FOR[trigger]:
        fitting = " or ".join(f"'{e.value}'" for e in CHAMPION_EFFECTS_FOR[trigger])
        doc.error(f["effect"][1], f"effect '{effect.value}' does not fit trigger '{trigger.value}' in {what}; "
                                  f"'{trigger.value}' takes {fitting}")
        problems = True
    needs_amount = effect in (ChampionEffect.EXTRA_DAMAGE, ChampionEffect.HEAL, ChampionEffect.DAMAGE_NEAR)
    if needs_amount and "amount" not in f:
        doc.error(node, f"missing required key 'amount' in {what} (a '{effect.value}' needs it)")
        problems = True
    if not needs_amount and "amount" in f:
        doc.error(f["amount"][0], f"'amount' belongs to 'extra damage', 'heal' and 'damage near' only ({what})")
        problems = True
    # CL-12: 'near' for 'damage near' and 'enemy comes near'; 'natural' for 'set die'
    needs_near = effect is ChampionEffect.DAMAGE_NEAR or trigger is ChampionTrigger.ENEMY_NEAR
    if needs_near and "near" not in f:
        needer = effect.value if effect is ChampionEffect.DAMAGE_NEAR else trigger.value
        doc.error(node, f"missing required key 'near' in {what} (a '{needer}' needs it: squares)")
        problems = True
    if not needs_near and "near" in f:
        doc.error(f["near"][0], f"'near' belongs to effect 'damage near' and trigger 'enemy comes near' only "
                                f"({what})")
        problems = True
    if effect is ChampionEffect.SET_DIE and "natural" not in f:
        doc.error(node, f"missing required key 'natural' in {what} (a 'set die' needs the face, 1 to 20)")
        problems = True
    if effect is not ChampionEffect.SET_DIE and "natural" in f:
        doc.error(f["natural"][0], f"'natural' belongs to effect 'set die' only ({what})")
        problems = True
    if values["in_vp_zone"] and trigger is not ChampionTrigger.ALLY_ENDS_TURN:
        doc.error(f["in_vp_zone"][0], f"'in_vp_zone' belongs to the 'ally ends turn' trigger only ({what})")
        problems = True
    if problems:
        return None
    return ChampionPower(values["name"], values["cost"], trigger, effect, values["amount"] or 0,
                         values["range"], values["others_only"], values["keyword"] or "",
                         values["in_vp_zone"], near=values["near"] or 0, natural=values["natural"] or 0,
                         when=when)


def parse_form(doc: Doc, node: Node, card_what: str, index: int) -> Form | None:
    """One entry of a card's ``forms:`` list (CL-14), or None after recording problems.

    ``{name: Wolf, ac: 17, speed: 8, attacks: [{name: Bite, type: melee, bonus: 9, damage: 15}]}``;
    attack lines and abilities are read as the card's are.
    """
    what = f"form {index + 1} of {card_what}"
    f = doc.fields(node, FORM, what)
    if f is None:
        return None
    before = len(doc.problems)
    values = {spec.key: doc.field(f, spec, what) for spec in FORM.fields if spec.kind in ("text", "integer")}
    if values.get("name"):
        what = f"form '{values['name']}' of {card_what}"
    attacks: list[AttackDef | None] = []
    if "attacks" in f:
        items = doc.sequence(f["attacks"][1], FORM["attacks"].what(what))
        attacks = [parse_attack(doc, anode, what, i) for i, anode in enumerate(items or [])]
    abilities: list[Ability | None] | None = None
    if "abilities" in f:
        items = doc.sequence(f["abilities"][1], FORM["abilities"].what(what), allow_empty=True)
        abilities = [parse_ability(doc, anode, what, i) for i, anode in enumerate(items or [])]
    if len(doc.problems) > before or values.get("name") is None or None in attacks or (
            abilities is not None and None in abilities):
        return None
    lines = tuple(a for a in attacks if a is not None)
    return Form(name=values["name"], ac=values.get("ac"), defense=values.get("defense"),
                speed=values.get("speed"), attacks=lines,
                abilities=None if abilities is None else tuple(a for a in abilities if a is not None))


def _named_list(doc: Doc, f: dict, key: str, what: str, parse) -> list:
    """A card's list of typed powers (special or champion) with their nodes, names unique.

    An entry with problems is (None, node).
    """
    items = doc.entries(f, CARD[key], what)
    found, seen = [], set()
    for i, pnode in enumerate(items or []):
        power = parse(doc, pnode, what, i)
        if power is not None and power.name in seen:
            kind = {"reactions": "reactions", "dice": "dice changes", "forms": "forms"}.get(key, "powers")
            doc.error(pnode, f"{what} has two {kind} named '{power.name}'")
            power = None
        if power is not None:
            seen.add(power.name)
        found.append((power, pnode))
    return found


def _follow_up_nodes(node: Node) -> list[Node]:
    """The entry nodes of an attack line's ``effects:`` list, in order (read without checking)."""
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if getattr(key, "value", None) == "effects" and isinstance(value, SequenceNode):
                return list(value.value)
    return []


def _check_follow_up_chains(doc: Doc, attacks: list[tuple[AttackDef | None, Node]], what: str) -> None:
    """ATK-7: refuse follow-up chains the engine would cut short.

    A follow-up that leads back to a line already in its chain (A → B → A)
    is a cycle; a chain of more than ``MAX_FOLLOW_UP_DEPTH`` follow-ups from
    a line usable on its own (not secondary) is deeper than the engine
    resolves.  Each problem is reported at the follow-up entry that closes
    the cycle or goes one step too deep, naming the whole chain.
    """
    lines = {a.name: (a, n) for a, n in attacks if a is not None}
    reported: set[tuple[int, int]] = set()

    def links(name: str) -> list[tuple[str, Node]]:
        attack, node = lines[name]
        entries = _follow_up_nodes(node)
        return [(e.attack, entries[i] if i < len(entries) else node) for i, e in enumerate(attack.effects)
                if isinstance(e, FollowUpEffect) and e.attack in lines and e.attack != name]

    def report(enode: Node, message: str) -> None:
        at = (enode.start_mark.line, enode.start_mark.column)
        if at not in reported:
            reported.add(at)
            doc.error(enode, message)

    def walk(chain: list[str]) -> None:
        for nxt, enode in links(chain[-1]):
            path = " → ".join(chain + [nxt])
            if nxt in chain:
                report(enode, f"follow-up chain {path} of {what} comes back to '{nxt}': a follow-up may "
                              "not lead back to a line of its own chain (ATK-7)")
            elif len(chain) > MAX_FOLLOW_UP_DEPTH:
                report(enode, f"follow-up chain {path} of {what} is {len(chain)} follow-ups deep; the "
                              f"engine makes at most {MAX_FOLLOW_UP_DEPTH} (ATK-7): shorten it")
            else:
                walk(chain + [nxt])

    for attack, _ in attacks:
        if attack is not None and not attack.secondary:
            walk([attack.name])


def parse_card(doc: Doc, node: Node, index: int) -> tuple[CreatureCard, Node] | None:
    """One stat card (CARD-1) and its id node, or None after recording problems."""
    what = f"card {index + 1}"
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == "id" and getattr(v, "value", None):
                what = f"card '{v.value}'"
    f = doc.fields(node, CARD, what)
    if f is None:
        return None
    before = len(doc.problems)
    cid = check_id(doc, f["id"][1], CARD["id"].what(what)) if "id" in f else None
    v = doc.plain_fields(f, CARD, what)
    if v["size"] not in (None, 1, 2, 3):
        doc.error(f["size"][1], f"size must be 1 (Small or Medium), 2 (Large, 2×2) or 3 (Huge, 3×3); "
                                f"got {v['size']}")
    fits = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3}
    if v["category"] and v["size"] in (1, 2, 3) and fits[v["category"]] != v["size"]:
        doc.error(f["category"][1], f"a {v['category']} creature is {fits[v['category']]} square"
                                    f"{'s' if fits[v['category']] > 1 else ''} across, but the size of {what} "
                                    f"is {v['size']}; make them agree")
    factions = []
    for name, fnode in doc.get(f, "factions", "text_list", CARD["factions"].what(what), default=[],
                               allow_empty=False) or []:
        if name not in CARD["factions"].choices:
            hint = did_you_mean(name, FACTIONS) or f"; expected one of: {', '.join(FACTIONS)}"
            doc.error(fnode, f"unknown faction '{name}'{hint}")
        elif name in factions:
            doc.error(fnode, f"faction '{name}' is listed twice")
        else:
            factions.append(name)
    keywords = []
    for word, knode in doc.get(f, "keywords", "text_list", CARD["keywords"].what(what), default=[]) or []:
        low = word.lower().replace("-", " ")
        named = next((a for a in ABILITY_WORDS if low == a.replace("-", " ")
                      or low.startswith(a.replace("-", " ") + " ")), None)
        if named in UNIMPLEMENTED_ABILITIES:
            doc.error(knode, f"keyword '{word}' names an ability the engine does not implement yet")
        elif named is not None:
            doc.error(knode, f"keyword '{word}' names an ability; list it under 'abilities:' as "
                             f"{{kind: {named.replace(' ', '-')}, ...}}")
        else:
            keywords.append(word)
    abilities: list[Ability | None] = []
    if "abilities" in f:
        items = doc.entries(f, CARD["abilities"], what)
        seen: dict[tuple[str, ...], tuple[Ability, Node]] = {}
        for i, anode in enumerate(items or []):
            found = parse_ability(doc, anode, what, i)
            if found is not None and found in abilities:
                doc.error(anode, f"{what} lists the ability '{found}' twice; the same ability "
                                 "does not stack (ABL-2)")
            elif found is not None and found.identity in seen:
                other, onode = seen[found.identity]
                doc.error(anode, f"{what} lists '{other}' (line {onode.start_mark.line + 1}) and '{found}' "
                                 f"(line {anode.start_mark.line + 1}): the same ability does not stack, so "
                                 "only the stronger would count (ABL-2); keep one entry")
            elif found is not None:
                seen[found.identity] = (found, anode)
            abilities.append(found)
    powers = _named_list(doc, f, "champion_powers", what, parse_champion_power)
    specials = _named_list(doc, f, "special_powers", what, parse_special_power)
    reacts = _named_list(doc, f, "reactions", what, parse_reaction)  # CL-10
    changes = _named_list(doc, f, "dice", what, parse_die_change)  # CL-13
    forms = _named_list(doc, f, "forms", what, parse_form)  # CL-14
    form_names = [form.name for form, _ in forms if form is not None]
    for p, pnode in specials:
        if p is not None and p.effect is PowerEffect.FORM and p.form not in form_names:
            hint = did_you_mean(p.form, form_names) or (
                f"; its forms: {', '.join(form_names)}" if form_names else "; add it under 'forms:'")
            doc.error(pnode, f"special power '{p.name}' of {what} names form '{p.form}', which the card does "
                             f"not have{hint}")
    if powers and v["champion"] == 0:
        doc.error(f["champion_powers"][0], f"{what} has champion powers but no champion rating; "
                                           "add 'champion: N' (1 to 5)")
    for p, pnode in powers:
        if p is not None and v["champion"] and p.cost > v["champion"]:
            doc.error(pnode, f"champion power '{p.name}' costs {p.cost}, more than the "
                                               f"champion rating {v['champion']} of {what} (CHP-1)")
    attacks = []
    items = (doc.sequence(f["attacks"][1], CARD["attacks"].what(what), allow_empty=True)  # CL-16: [] none
             if "attacks" in f else None)
    for i, anode in enumerate(items or []):
        attacks.append((parse_attack(doc, anode, what, i), anode))
    basics = [n for a, n in attacks if a is not None and a.basic]
    for extra in basics[1:]:
        doc.error(extra, f"{what} has more than one basic attack; mark only one with 'basic: true'")
    names = [a.name for a, _ in attacks if a is not None]
    for a, anode in attacks:  # ATK-7: a follow-up names another line of the same card
        if a is None:
            continue
        for e in a.effects:
            if isinstance(e, ChainEffect) and e.attack and e.attack not in names:  # CL-8
                hint = did_you_mean(e.attack, names) or f"; the card's attacks: {', '.join(names)}"
                doc.error(anode, f"chain attack '{e.attack}' of '{a.name}' is not an attack of {what}{hint}")
            if isinstance(e, FollowUpEffect) and (e.attack == a.name or e.attack not in names):
                others = [n for n in names if n != a.name]
                hint = did_you_mean(e.attack, others) or (
                    f"; the card's other attacks: {', '.join(others)}" if others else "")
                doc.error(anode, f"follow-up attack '{e.attack}' of '{a.name}' is not another attack "
                                 f"of {what}{hint}")
    _check_follow_up_chains(doc, attacks, what)
    first = attacks[0][0] if attacks else None
    if first is not None and all(a is not None for a, _ in attacks) and not basics and first.secondary:
        doc.error(attacks[0][1], f"the first attack of {what} is its basic attack (none is marked), "
                                 "so it cannot be secondary")
    if all(a is not None for a, _ in attacks):
        check_reaction_attacks(doc, reacts, tuple(a for a, _ in attacks if a is not None), what)
    still = [a for a in abilities if a is not None and a.kind in ("immobile", "object")]
    if still and v["speed"] not in (None, 0):  # CL-16
        doc.error(f["speed"][1], f"{what} is {still[0].kind}: its speed is 0, not {v['speed']}")
    if (len(doc.problems) > before or cid is None or items is None or any(a is None for a, _ in attacks)
            or None in abilities or any(p is None for p, _ in powers + specials + reacts + changes + forms)):
        return None
    lines = tuple(a for a, _ in attacks if a is not None)  # none is None by now
    if not basics and lines:  # CARD-1: the first listed is the basic attack
        lines = (replace(lines[0], basic=True),) + lines[1:]
    card = CreatureCard(id=cid, factions=tuple(factions), attacks=lines, keywords=tuple(keywords),
                        abilities=tuple(a for a in abilities if a is not None),
                        champion_powers=tuple(p for p, _ in powers),
                        special_powers=tuple(p for p, _ in specials),
                        reactions=tuple(r for r, _ in reacts), dice=tuple(c for c, _ in changes),
                        forms=tuple(form for form, _ in forms if form is not None), **v)
    return card, f["id"][1]


def parse_card_file(doc: Doc, root: Node) -> list[tuple[CreatureCard, Node]]:
    """Every card of a card file (``cards:`` list), with its id node.

    A file that holds one card's keys at its top (``id:``, ``attacks:``, …)
    without the ``cards:`` list gets one problem saying how to wrap it,
    not an "unknown key" line per key.
    """
    if looks_like_one_card(root):
        doc.error(root, "this file holds a single card without the 'cards:' list: a card file is a list "
                        "of cards. Put 'cards:' on a line of its own above the card, indent the card "
                        "and start its first line with '- ' (e.g. '  - id: my-card')")
        return []
    f = doc.fields(root, CARD_FILE, "a card file")
    if not f or "cards" not in f:
        return []
    out = []
    for i, node in enumerate(doc.sequence(f["cards"][1], CARD_FILE["cards"].what("")) or []):
        found = parse_card(doc, node, i)
        if found is not None:
            out.append(found)
    return out


def looks_like_one_card(root: Node) -> bool:
    """Whether ``root`` is one card's mapping written without the ``cards:`` list: a mapping with
    no ``cards`` key and at least two keys of a card (``id``, ``attacks``, ``hp``, …)."""
    if not isinstance(root, MappingNode):
        return False
    keys = {k.value for k, _ in root.value if isinstance(k, ScalarNode)}
    return "cards" not in keys and len(keys & {spec.name for spec in CARD.fields}) >= 2


def card_ids(root: Node) -> list[str]:
    """The ``id`` of every entry of a card file's ``cards`` list, read without checking."""
    ids: list[str] = []
    if isinstance(root, MappingNode):
        for key, value in root.value:
            if getattr(key, "value", None) == "cards" and isinstance(value, SequenceNode):
                for item in value.value:
                    if isinstance(item, MappingNode):
                        ids.extend(v.value for k, v in item.value
                                   if getattr(k, "value", None) == "id" and isinstance(v, ScalarNode))
    return ids
