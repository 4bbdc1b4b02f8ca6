"""The save file format (versions 1 and 2): JSON, self-contained, versioned.

Layout::

    {"format": "tactica-save", "version": 1, "tactica": "0.1.0",
     "saved_at": "2026-11-29T17:02:11Z", "id": "20261129-170211-4242",
     "rules": {...}, "seed": 4242, "maps": [...], "warbands": [...],
     "actions": [{"type": "Activate", "uid": "p1c1"}, ...],
     "checkpoints": [{"step": 50, "digest": "…"}, ...],
     "map_changes": [{"step": 40, "map": {...}}, ...],        (version 2 only)
     "notes": [{"step": 12, "player": 1, "text": "AI (normal) attacks …"}, ...],  (optional)
     "summary": {"round": 3, "vp": [30, 10], "over": false, "winner": null,
                 "digest": "…"}}

Maps and warbands are stored in full (not by file name) so a save still loads
after the content files change.  ``checkpoints`` hold a digest of the state
every ``CHECKPOINT_EVERY`` actions; ``summary.digest`` is the digest after
the last action.  ``map_changes`` (live map reload, version 2) say that after
action ``step`` the battle map was replaced by ``map`` (engine
``mapswap.with_map``); a save without them is written as version 1.
``notes`` (optional, any version) are log lines that are no events, kept so a
resumed battle's log shows them again: the AI's intent (and its warnings),
each placed before action ``step`` (1-based), in ``player``'s colour (null:
none).  They play no part in the replay or its digests; a save without them
(older, or nothing to note) loads as before, and an older tactica ignores them.
Replaying the actions from the seed must reproduce every digest
(``tactica replay FILE --verify``).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from tactica import __version__
from tactica.content.limits import MAX_ACTIONS, MAX_LIST, MAX_MAP_SIDE, MAX_MAP_SQUARES, MAX_NAME, clean_text
from tactica.engine import (
    ABILITY_KINDS,
    OPTIONAL_MODULES,
    SYMBOLS,
    Action,
    Activate,
    AreaAttack,
    Attack,
    AttackDef,
    ChainEffect,
    ChampionPower,
    Charge,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    ConditionEffect,
    CreatureCard,
    CustomTerrain,
    DeclinePower,
    Dig,
    DropProne,
    Effect,
    EndActivation,
    EscalateEffect,
    FollowUpEffect,
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    Form,
    GameState,
    HealEffect,
    MapDef,
    Move,
    OngoingEffect,
    Place,
    Recharge,
    Ruleset,
    Settle,
    Shift,
    SpecialPower,
    Squeeze,
    StandUp,
    Strikes,
    Teleport,
    Terrain,
    TerrainRules,
    UseChampionPower,
    UsePower,
    UseReaction,
    WarbandDef,
    unknown_modules,
)

from . import checked
from .checked import Bad

FORMAT = "tactica-save"
VERSION = 2
CHECKPOINT_EVERY = 25


class SaveError(Exception):
    """A save file that cannot be used; the message says why (never a traceback)."""


# -- content ---------------------------------------------------------------

def _effect_to(e: Effect) -> dict:
    out = _effect_fields_to(e)
    if not e.when.always:  # CL-7 (absent when it always holds: older saves and tacticas agree)
        out["when"] = asdict(e.when)
    return out


def _effect_fields_to(e: Effect) -> dict:
    if isinstance(e, EscalateEffect):  # CL-7
        return {"kind": "escalate", "ladder": list(e.ladder), "duration": e.duration.value, "on": e.on.value}
    if isinstance(e, ChainEffect):  # CL-8
        return {"kind": "chain", "distance": e.distance, "attack": e.attack, "jumps": e.jumps, "on": e.on.value}
    if isinstance(e, ConditionEffect):
        return {"kind": "condition", "condition": e.condition, "duration": e.duration.value, "on": e.on.value}
    if isinstance(e, OngoingEffect):
        return {"kind": "ongoing", "amount": e.amount, "damage_type": e.damage_type,
                "duration": e.duration.value, "on": e.on.value}
    if isinstance(e, HealEffect):
        return {"kind": "heal", "amount": e.amount, "on": e.on.value}
    if isinstance(e, ForcedMoveEffect):  # MOV-14
        return {"kind": e.kind.value, "distance": e.distance, "on": e.on.value}
    return {"kind": "follow-up", "attack": e.attack, "on": e.on.value}


def _attack_to(a: AttackDef) -> dict[str, Any]:
    out: dict[str, Any] = {"name": a.name, "kind": a.kind.value, "reach": a.reach.value, "range": a.range,
           "targets": a.targets, "bonus": a.bonus, "defense": a.defense.value, "damage": a.damage,
           "damage_bonus": a.damage_bonus, "damage_type": a.damage_type, "basic": a.basic}
    if a.effects:
        out["effects"] = [_effect_to(e) for e in a.effects]
    if a.secondary:
        out["secondary"] = True
    if a.radius:
        out["radius"] = a.radius
    if a.uses:
        out["uses"] = a.uses
    if a.recharge is not None:
        out["recharge"] = _recharge_to(a.recharge)
    if a.parts:  # CL-6: more damage of other types (absent when none: older saves read the same)
        out["parts"] = [asdict(p) for p in a.parts]
    # card language, targets (CL-2, CL-9): only when set, so older saves read the same
    if not a.only.always:
        out["only"] = asdict(a.only)
    if a.strikes is not Strikes.ALL:
        out["strikes"] = a.strikes.value
    if a.automatic:
        out["automatic"] = True
    if a.save:
        out["save"] = a.save
    return out


def _recharge_to(r: Recharge | None) -> dict | None:
    return None if r is None else {"on": r.on.value, "roll": r.roll}


def _special_to(p: SpecialPower) -> dict:
    out = {"name": p.name, "action": p.action.value, "effect": p.effect.value, "amount": p.amount,
           "range": p.range, "trigger": p.trigger.value if p.trigger else None, "uses": p.uses,
           "recharge": _recharge_to(p.recharge)}
    if p.distance:  # CL-11 (absent otherwise: older saves read the same)
        out["distance"] = p.distance
    if p.form:  # CL-14
        out["form"] = p.form
    return out


def _form_to(f: Form) -> dict:
    """A CL-14 form: its numbers, attack lines and abilities (None: the card's)."""
    return {"name": f.name, "ac": f.ac, "defense": f.defense, "speed": f.speed,
            "attacks": [_attack_to(a) for a in f.attacks],
            "abilities": None if f.abilities is None else [{"kind": a.kind, **asdict(a)} for a in f.abilities]}


def _champion_to(p: ChampionPower) -> dict:
    out = {"name": p.name, "cost": p.cost, "trigger": p.trigger.value, "effect": p.effect.value,
           "amount": p.amount, "range": p.range, "others_only": p.others_only, "keyword": p.keyword,
           "in_vp_zone": p.in_vp_zone}
    if p.near or p.natural or not p.when.always:  # CL-12: written only when used (older saves lack them)
        out.update(near=p.near, natural=p.natural, when=json.loads(json.dumps(asdict(p.when))))
    return out


def card_to(c: CreatureCard) -> dict:
    """Encode a stat card as JSON-ready data."""
    out: dict[str, Any] = {}
    for f in fields(CreatureCard):
        value = getattr(c, f.name)
        if f.name == "attacks":
            value = [_attack_to(a) for a in value]
        elif f.name == "abilities":
            value = [{"kind": a.kind, **asdict(a)} for a in value]
        elif f.name == "champion_powers":
            value = [_champion_to(p) for p in value]
        elif f.name == "special_powers":
            value = [_special_to(p) for p in value]
        elif f.name in ("reactions", "dice"):  # CL-10, CL-13: typed entries with a 'when'
            value = [json.loads(json.dumps(asdict(x))) for x in value]
        elif f.name == "forms":  # CL-14
            if not value:
                continue  # absent when none: older saves and tacticas agree
            value = [_form_to(x) for x in value]
        elif f.name == "height" and not value:  # UG-LOW: absent when from the size (older saves agree)
            continue
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


_TERRAIN_CODE: dict[Terrain, str] = {t: s for s, t in SYMBOLS.items()}  # the engine's symbols (TER-*)
_CODE_TERRAIN = {v: k for k, v in _TERRAIN_CODE.items()}


def _terrain_symbol(t: Terrain | CustomTerrain) -> str:
    """The symbol of a terrain kind in a saved map's rows: the engine's, or a map's own (TER-OTHER)."""
    return t.rules.symbol if isinstance(t, CustomTerrain) else _TERRAIN_CODE[t]


def map_to(m: MapDef) -> dict:
    """Encode a map: terrain rows (``terrain.SYMBOLS``: '.', '#', '^', 'T', …) and zones as square lists.

    A map's own terrain kinds (TER-OTHER) go under "terrain_types" with
    their full rules, and use their own symbols in the rows.
    """
    out = {"id": m.id, "name": m.name,
           "terrain": ["".join(_terrain_symbol(t) for t in row) for row in m.terrain],
           "start_areas": {k: sorted(map(list, v)) for k, v in m.start_areas.items()},
           "vp_zones": {k: sorted(map(list, v)) for k, v in m.vp_zones.items()}, "points": m.points}
    if m.rules:  # the map's rule modules (absent when none: older saves and tacticas agree)
        out["rules"] = list(m.rules)
    customs = m.custom_terrain
    if customs:
        out["terrain_types"] = [{"name": t.name, "rules": asdict(t.rules)} for t in customs]
    return out


def warband_to(w: WarbandDef) -> dict:
    """Encode a warband with its cards in full."""
    return {"name": w.name, "faction": w.faction, "point_limit": w.point_limit,
            "cards": [card_to(c) for c in w.cards]}


# -- decoding (every value checked: a save file is hostile input) -----------

_EFFECT_TYPES: dict[str, type] = {"condition": ConditionEffect, "ongoing": OngoingEffect,
                                  "follow-up": FollowUpEffect, "heal": HealEffect,
                                  "escalate": EscalateEffect, "chain": ChainEffect,  # CL-7, CL-8
                                  **{k.value: ForcedMoveEffect for k in ForceKind}}


def _effect_from(raw: Any, path: str) -> Effect:
    d = checked.mapping(raw, path)
    kind = d.get("kind")
    cls = _EFFECT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise Bad(f"{path}.kind", f"expected one of {', '.join(_EFFECT_TYPES)}; got {checked.shown(d.get('kind'))}")
    return checked.build(cls, d, path, _SPECIAL)


def _effects_from(raw: Any, path: str) -> tuple[Effect, ...]:
    return tuple(_effect_from(e, f"{path}[{i}]") for i, e in enumerate(checked.listing(raw, path)))


def _abilities_from(raw: Any, path: str) -> tuple[Any, ...]:
    out = []
    for i, a in enumerate(checked.listing(raw, path)):
        where = f"{path}[{i}]"
        d = checked.mapping(a, where)
        kind = d.get("kind")
        if not isinstance(kind, str) or kind not in ABILITY_KINDS:
            raise Bad(f"{where}.kind", f"expected one of {', '.join(ABILITY_KINDS)}; got {checked.shown(kind)}")
        out.append(checked.build(ABILITY_KINDS[kind], d, where, _SPECIAL))
    return tuple(out)


def _champion_powers_from(raw: Any, path: str) -> tuple[ChampionPower, ...]:
    # CHP-1..3: typed powers; saves made before them hold display text, which never did anything
    return tuple(checked.build(ChampionPower, p, f"{path}[{i}]", _SPECIAL)
                 for i, p in enumerate(checked.listing(raw, path)) if not isinstance(p, str))


def _modules_from(raw: Any, path: str) -> tuple[str, ...]:
    """Rule module names (``Ruleset.modules``, ``MapDef.rules``): each one a module of this tactica."""
    names = checked.value(raw, tuple[str, ...], path, {})
    for i, unknown in enumerate(names):
        if unknown_modules([unknown]):
            raise Bad(f"{path}[{i}]", f"unknown rule module {json.dumps(clean_text(unknown))}; "
                                      f"expected one of {', '.join(OPTIONAL_MODULES)}")
    return names


#: Fields decoded by hand; every other field is decoded by its type (``checked.value``).
_SPECIAL: dict[tuple[type, str], Any] = {
    (AttackDef, "effects"): _effects_from,
    (CreatureCard, "abilities"): _abilities_from,
    (Form, "abilities"): lambda v, p: None if v is None else _abilities_from(v, p),  # CL-14
    (CreatureCard, "champion_powers"): _champion_powers_from,
    (CreatureCard, "size"): lambda v, p: checked.integer(v, p, 1, 3),  # CARD-1: 1 to 3 squares across
    (Ruleset, "modules"): _modules_from,
}


def card_from(d: Any, path: str = "card") -> CreatureCard:
    """Decode a stat card (the JSON mapping ``card_to`` wrote); raises checked.Bad (a ValueError)
    naming the field below ``path`` that is wrong."""
    return checked.build(CreatureCard, d, path, _SPECIAL)


def _zones_from(raw: Any, path: str, width: int, height: int) -> dict[str, frozenset[tuple[int, int]]]:
    zones = checked.mapping(raw, path)
    if len(zones) > 8:
        raise Bad(path, f"{len(zones)} areas; at most 8")
    out = {}
    for key, squares in zones.items():
        where = f"{path}.{clean_text(key)[:MAX_NAME]}"
        found = set()
        for i, sq in enumerate(checked.listing(squares, where, MAX_MAP_SQUARES)):
            x, y = checked.value(sq, tuple[int, int], f"{where}[{i}]", _SPECIAL)
            if not (0 <= x < width and 0 <= y < height):
                raise Bad(f"{where}[{i}]", f"the square [{x}, {y}] is off the {width}×{height} map")
            found.add((x, y))
        out[clean_text(key)] = frozenset(found)
    return out


def map_from(d: Any, path: str = "map") -> MapDef:
    """Decode a map (with its own terrain kinds, TER-OTHER); raises checked.Bad naming the field
    below ``path``: an unknown terrain symbol (which, and where), a map over MAX_MAP_SIDE squares
    a side or MAX_MAP_SQUARES in all, a zone square off the map."""
    data = checked.mapping(d, path)
    codes: dict[str, Terrain | CustomTerrain] = dict(_CODE_TERRAIN)
    kinds = checked.listing(data.get("terrain_types", []), f"{path}.terrain_types", 64)
    for i, t in enumerate(kinds):
        where = f"{path}.terrain_types[{i}]"
        td = checked.mapping(t, where)
        rules = checked.build(TerrainRules, td.get("rules"), f"{where}.rules", _SPECIAL)
        if len(rules.symbol) != 1:
            raise Bad(f"{where}.rules.symbol", f"expected one character, got {checked.shown(rules.symbol)}")
        codes[rules.symbol] = CustomTerrain(checked.name(td.get("name"), f"{where}.name"), rules)
    if "terrain" not in data:
        raise Bad(f"{path}.terrain", "missing")
    rows = checked.listing(data["terrain"], f"{path}.terrain", MAX_LIST)
    if len(rows) > MAX_MAP_SIDE:
        raise Bad(f"{path}.terrain", f"a map {len(rows)} squares tall; at most {MAX_MAP_SIDE}×{MAX_MAP_SIDE}")
    width = len(rows[0]) if rows and isinstance(rows[0], str) else 0
    if not rows:
        raise Bad(f"{path}.terrain", "expected at least one row of squares")
    terrain: list[tuple[Any, ...]] = []  # Terrain, or CustomTerrain (TER-OTHER) which the engine takes too
    for y, row in enumerate(rows):
        where = f"{path}.terrain[{y}]"
        if not isinstance(row, str):
            raise checked.expected(where, "a row of terrain symbols (text)", row)
        if len(row) > MAX_MAP_SIDE or len(row) * len(rows) > MAX_MAP_SQUARES:
            raise Bad(where, f"a map {len(row)} squares wide and {len(rows)} tall; at most "
                             f"{MAX_MAP_SIDE}×{MAX_MAP_SIDE}")
        if len(row) != width or not width:
            raise Bad(where, f"a row {len(row)} squares wide; expected {width or 'at least 1'} like the first row")
        line = []
        for x, ch in enumerate(row):
            kind = codes.get(ch)
            if kind is None:
                raise Bad(where, f"unknown terrain symbol {json.dumps(ch)} at square [{x}, {y}]; "
                                 f"expected one of {''.join(codes)}")
            line.append(kind)
        terrain.append(tuple(line))
    zones = {k: _zones_from(data.get(k, {}), f"{path}.{k}", width, len(rows)) for k in ("start_areas", "vp_zones")}
    return MapDef(id=checked.text(data.get("id"), f"{path}.id", MAX_NAME),
                  name=checked.name(data.get("name"), f"{path}.name"), terrain=tuple(terrain),
                  start_areas=zones["start_areas"], vp_zones=zones["vp_zones"],
                  points=checked.integer(data.get("points", 200), f"{path}.points"),
                  rules=_modules_from(data.get("rules", []), f"{path}.rules"))


def warband_from(d: Any, path: str = "warband") -> WarbandDef:
    """Decode a warband with its cards; raises checked.Bad naming the field below ``path``."""
    return checked.build(WarbandDef, d, path, _SPECIAL)


# -- actions ---------------------------------------------------------------

_ACTION_TYPES = {cls.__name__: cls for cls in (
    ChooseMap, ChooseStartArea, Place, ChooseFirstPlayer, Activate,
    Move, Shift, Squeeze, Attack, AreaAttack, Charge, EndActivation,
    Teleport, ForceMove, Settle, UsePower, UseChampionPower, DeclinePower, DropProne, StandUp,
    UseReaction, Dig)}  # CL-10, UG-RUBBLE


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def encode_action(a: Action) -> dict:
    """Encode an action as {"type": ClassName, field: value, ...}; tuples become lists."""
    out = {"type": type(a).__name__}
    for f in fields(a):
        out[f.name] = _plain(getattr(a, f.name))
    return out


def decode_action(d: Any, path: str = "action") -> Action:
    """Decode one action (``{"type": ClassName, field: value, ...}``); raises checked.Bad (a
    ValueError) naming the field below ``path`` that is wrong and what was expected."""
    data = checked.mapping(d, path)
    kind = data.get("type")
    cls = _ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise Bad(f"{path}.type", f"expected an action type ({', '.join(_ACTION_TYPES)}); "
                                  f"got {checked.shown(data.get('type'))}")
    return checked.build(cls, data, path, _SPECIAL)


# -- state digest ----------------------------------------------------------

def state_digest(state: GameState) -> str:
    """A short hash of everything that matters in ``state`` (for replay checks).

    Covers the phase, round, turn bookkeeping, VP, the dice position and each
    creature's square, HP, activation and conditions.
    """
    parts = [state.phase.value, state.round, state.turn_player, state.activations_left,
             state.active_uid, state.move_used, state.attack_used, list(state.vp), state.winner,
             state.dice.rolls, getattr(state.dice, "state", None), state.quiet_rounds]
    for c in state.creatures:
        parts.append([c.uid, list(c.pos) if c.pos else None, c.hp, c.activated, c.destroyed,
                      sorted(c.conditions)])
        if c.used or c.champion_spent:  # CARD-4, CHP-1 (absent before them: old digests hold)
            parts.append([c.uid, [list(u) for u in c.used], c.champion_spent, c.champion_turn])
        if c.form:  # CL-14: the form it is in (absent in its natural form: old digests hold)
            parts.append([c.uid, "form", c.form])
    if state.window:  # CHP-2: a champion-power decision is pending
        parts.append([state.decider, state.resume, [list(vars(o).values()) for o in state.window],
                      sorted(state.window_passed), sorted(state.window_used)])
    if state.move_spent is not None:  # G5E-SPLIT: a move action's rest (absent otherwise: old digests hold)
        parts.append(["move spent", state.move_spent])
    if state.notes:  # what rule modules remember (underground: digging, fatigue); absent otherwise
        parts.append(["notes", sorted(state.notes)])
    if state.jump_spent is not None:  # TER-TELEPORT: a move's rest waiting for the jump (absent otherwise)
        parts.append(["jump spent", state.jump_spent])
    if state.pending:  # forced movement waiting for a choice (MOV-14); absent otherwise
        parts.append([[p.kind, p.target, p.distance, list(p.source)] for p in state.pending])
    raw = json.dumps(parts, separators=(",", ":"), default=str).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


@dataclass
class SaveFile:
    """A battle as stored: starting configuration plus actions.

    Attributes:
        id: the save's identity (also its file stem).
        seed: the dice seed (int).
        rules: the Ruleset.
        maps, warbands: the content in full.
        actions: every action applied, in order.
        checkpoints: (step, digest) pairs.
        map_changes: (step, map) pairs: after action ``step`` the battle map became ``map``.
        summary: round, vp, over, winner, digest after the last action.
        saved_at: ISO time of the last write.
        players: who plays: ``{"ai": "normal", "ai_player": 2}`` in a battle
            against the AI (``tactica.client.opponent.Opponent``; ``"intent": true``
            while its intent is shown, ``"fast": true`` in its fast mode); ``"quick_setup": true``
            when the quick setup made the set-up choices (the resumed log says so); ``"cursor": [x, y]``
            (0-based column and row) and ``"threats": "now"`` or ``"all"``, where the map's cursor was and
            the threat view's mode when the battle was left, so that ``tactica resume`` brings them back
            (any battle, hot-seat too); empty for hot-seat and in saves made before solo play (optional
            field).
        notes: (step, player, text) log lines that are no events (the AI's intent), each shown
            before action ``step`` (1-based), ``player`` an index or None (optional field).
    """

    id: str
    seed: int
    rules: Ruleset
    maps: tuple[MapDef, ...]
    warbands: tuple[WarbandDef, ...]
    actions: list[Action] = field(default_factory=list)
    checkpoints: list[tuple[int, str]] = field(default_factory=list)
    map_changes: list[tuple[int, MapDef]] = field(default_factory=list)
    summary: dict = field(default_factory=dict)
    saved_at: str = ""
    players: dict = field(default_factory=dict)
    notes: list[tuple[int, int | None, str]] = field(default_factory=list)

    def to_json(self) -> str:
        """Return the file text (``to_doc`` as indented JSON)."""
        return json.dumps(self.to_doc(), indent=1, separators=(",", ": "))

    def to_doc(self) -> dict[str, Any]:
        """Return the file's JSON document (a dict of JSON-ready values), as ``to_json`` writes it."""
        rules = {f.name: getattr(self.rules, f.name) for f in fields(Ruleset)}
        doc = {"format": FORMAT, "version": 2 if self.map_changes else 1, "tactica": __version__, "id": self.id,
               "saved_at": self.saved_at, "rules": rules, "seed": self.seed,
               "maps": [map_to(m) for m in self.maps], "warbands": [warband_to(w) for w in self.warbands],
               "actions": [encode_action(a) for a in self.actions],
               "checkpoints": [{"step": s, "digest": d} for s, d in self.checkpoints],
               "summary": self.summary}
        if self.players:
            doc["players"] = dict(self.players)
        if self.map_changes:
            doc["map_changes"] = [{"step": s, "map": map_to(m)} for s, m in self.map_changes]
        if self.notes:
            doc["notes"] = [{"step": s, "player": p, "text": t} for s, p, t in self.notes]
        return doc

    @classmethod
    def from_json(cls, text: str, source: str = "save") -> SaveFile:
        """Parse file text as hostile input; raises SaveError with one clear line.

        Args:
            text: the file's text.
            source: how messages name the file (its path).
        Returns the SaveFile.  Raises SaveError naming ``source`` and, for a
        field of the wrong type or out of bounds, its dotted path (e.g.
        ``actions[12].square``) and what was expected: broken JSON, too
        deep, too many values, not a save, a version from a newer tactica,
        a map over the squares limit, a note naming a player not in the
        battle.  No other exception comes out.
        """
        return decode_save(text, source, cls)


def _note_from(raw: Any, path: str, players: int, steps: int) -> tuple[int, int | None, str]:
    """One entry of a save's ``notes`` as (step, player, text): {"step": 1 to actions + 1,
    "player": a seat of the battle (0-based) or null, "text": text}; raises checked.Bad."""
    d = checked.mapping(raw, path)
    for key in ("step", "text"):
        if key not in d:
            raise Bad(f"{path}.{key}", "missing")
    step = checked.integer(d["step"], f"{path}.step", 0, steps + 1)
    player = d.get("player")
    if player is not None:
        player = checked.integer(player, f"{path}.player", 0, players - 1)
    return step, player, checked.text(d["text"], f"{path}.text")


#: The summary's fields read by the listing and the resume (others are kept as they are).
_SUMMARY = {"round": int, "over": bool, "digest": str, "actions": int}


def _summary_from(raw: Any, players: int) -> dict[str, Any]:
    out = dict(checked.mapping(raw or {}, "summary"))
    for key, kind in _SUMMARY.items():
        if key in out:
            out[key] = checked.value(out[key], kind, f"summary.{key}", _SPECIAL)
    if "round" in out and out["round"] < 0:
        raise Bad("summary.round", f"expected a round of 0 or more, got {out['round']}")
    if "vp" in out:
        out["vp"] = [checked.integer(v, f"summary.vp[{i}]")
                     for i, v in enumerate(checked.listing(out["vp"], "summary.vp", 4))]
    if out.get("winner") is not None:
        out["winner"] = checked.integer(out["winner"], "summary.winner", 0, players - 1)
    if "map" in out:
        out["map"] = checked.name(out["map"], "summary.map")
    return out


def _players_from(raw: Any, players: int) -> dict[str, Any]:
    if raw is None:
        return {}
    out = dict(checked.mapping(raw, "players"))
    if "ai" in out:
        out["ai"] = checked.text(out["ai"], "players.ai", MAX_NAME)
    if "ai_player" in out:
        out["ai_player"] = checked.integer(out["ai_player"], "players.ai_player", 1, players)
    if "ai_players" in out:
        out["ai_players"] = [checked.integer(p, f"players.ai_players[{i}]", 1, players)
                             for i, p in enumerate(checked.listing(out["ai_players"], "players.ai_players", 4))]
    for key in ("intent", "fast", "quick_setup"):
        if key in out:
            out[key] = checked.boolean(out[key], f"players.{key}")
    if "cursor" in out:  # the map's cursor when the battle was left (a client's fact, as intent is)
        xy = checked.listing(out["cursor"], "players.cursor", 2)
        if len(xy) != 2:
            raise Bad("players.cursor", f"expected [column, row], got {len(xy)} numbers")
        out["cursor"] = [checked.integer(v, f"players.cursor[{i}]", 0, MAX_MAP_SIDE - 1) for i, v in enumerate(xy)]
    if "threats" in out:
        out["threats"] = checked.text(out["threats"], "players.threats", MAX_NAME)
        if out["threats"] not in VIEW_THREATS:
            raise Bad("players.threats", f"expected one of {', '.join(VIEW_THREATS)}, got {out['threats']!r}")
    return out


VIEW_THREATS = ("now", "all")
"""The threat view's modes a save keeps in ``players.threats`` (off is kept as no key)."""


def decode_save(text: str, source: str, cls: type[SaveFile] = SaveFile) -> SaveFile:
    """Decode a save file's text (``SaveFile.from_json``); raises SaveError naming ``source``."""
    try:
        doc = checked.parse_json(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{source}:{exc.lineno}:{exc.colno}: not a tactica save (broken JSON: {exc.msg})") from None
    except Bad as exc:
        raise SaveError(f"{source}: {exc.message}") from None
    return decode_save_doc(doc, source, cls)


def decode_save_doc(doc: Any, source: str, cls: type[SaveFile] = SaveFile) -> SaveFile:
    """Decode a save's JSON document (already parsed with ``checked.parse_json``, or assembled from
    the battle store's rows) as hostile input; raises SaveError naming ``source`` and the field."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{source}: not a tactica save file (no \"format\": \"{FORMAT}\")")
    version = doc.get("version")
    if version is None:
        raise SaveError(f"{source}: the save has no version number")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"{source}: the save's version is {checked.shown(version)}; expected a whole number "
                        f"from 1 to {VERSION} (written without quotes)")
    if version > VERSION:
        newer = checked.name(doc["tactica"], "tactica") if isinstance(doc.get("tactica"), str) else "?"
        raise SaveError(f"{source}: the save is format version {version}, made by a newer tactica "
                        f"({newer}); this tactica reads up to version {VERSION}. Upgrade tactica.")
    try:
        return _decode_doc(doc, cls)
    except Bad as exc:
        raise SaveError(f"{source}: the save is damaged: {exc}") from None


def _decode_doc(doc: dict[str, Any], cls: type[SaveFile]) -> SaveFile:
    for key in ("rules", "maps", "warbands", "actions", "seed"):
        if key not in doc:
            raise Bad(key, "missing")
    rules = checked.build(Ruleset, doc["rules"], "rules", _SPECIAL)
    maps = tuple(map_from(m, f"maps[{i}]") for i, m in enumerate(checked.listing(doc["maps"], "maps", 64)))
    wbs = tuple(warband_from(w, f"warbands[{i}]") for i, w in enumerate(checked.listing(doc["warbands"], "warbands")))
    if not 2 <= len(wbs) <= 4:
        raise Bad("warbands", f"a save needs two to four warbands; got {len(wbs)}")
    if not maps:
        raise Bad("maps", "a save needs at least one map; got none")
    actions = [decode_action(a, f"actions[{i}]")
               for i, a in enumerate(checked.listing(doc["actions"], "actions", MAX_ACTIONS))]
    seed = checked.integer(doc["seed"], "seed", -(2**63), 2**64)
    cps = []
    for i, c in enumerate(checked.listing(doc.get("checkpoints", []), "checkpoints", MAX_ACTIONS)):
        where = f"checkpoints[{i}]"
        d = checked.mapping(c, where)
        cps.append((checked.integer(d.get("step"), f"{where}.step", 0, len(actions)),
                    checked.text(d.get("digest"), f"{where}.digest", 64)))
    changes = []
    for i, c in enumerate(checked.listing(doc.get("map_changes", []), "map_changes")):
        where = f"map_changes[{i}]"
        d = checked.mapping(c, where)
        changes.append((checked.integer(d.get("step"), f"{where}.step", 0, len(actions)),
                        map_from(d.get("map"), f"{where}.map")))
    notes = [_note_from(n, f"notes[{i}]", len(wbs), len(actions))
             for i, n in enumerate(checked.listing(doc.get("notes", []), "notes", MAX_ACTIONS))]
    return cls(id=checked.text(doc.get("id", ""), "id", MAX_NAME), seed=seed, rules=rules, maps=maps,
               warbands=wbs, actions=actions, checkpoints=cps, map_changes=changes,
               summary=_summary_from(doc.get("summary"), len(wbs)),
               saved_at=checked.text(doc.get("saved_at", ""), "saved_at", MAX_NAME),
               players=_players_from(doc.get("players"), len(wbs)), notes=notes)
