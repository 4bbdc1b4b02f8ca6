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
from tactica.engine import (
    ABILITY_KINDS,
    SYMBOLS,
    Action,
    Activate,
    AreaAttack,
    Attack,
    AttackDef,
    AttackKind,
    ChampionEffect,
    ChampionPower,
    ChampionTrigger,
    Charge,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    ConditionEffect,
    CreatureCard,
    CustomTerrain,
    DeclinePower,
    Defense,
    DropProne,
    Duration,
    Effect,
    EndActivation,
    FollowUpEffect,
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    GameState,
    HealEffect,
    MapDef,
    Move,
    OngoingEffect,
    Place,
    PowerAction,
    PowerEffect,
    PowerTrigger,
    Reach,
    Recharge,
    RechargeOn,
    Ruleset,
    Settle,
    Shift,
    SpecialPower,
    Squeeze,
    StandUp,
    Teleport,
    Terrain,
    TerrainRules,
    Trigger,
    UseChampionPower,
    UsePower,
    WarbandDef,
)

FORMAT = "tactica-save"
VERSION = 2
CHECKPOINT_EVERY = 25


class SaveError(Exception):
    """A save file that cannot be used; the message says why (never a traceback)."""


# -- content ---------------------------------------------------------------

def _effect_to(e: Effect) -> dict:
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


def _effect_from(d: dict) -> Effect:
    on = Trigger(d.get("on", "hit"))
    if d["kind"] == "condition":
        return ConditionEffect(d["condition"], Duration(d.get("duration", Duration.NEXT_TURN.value)), on)
    if d["kind"] == "ongoing":
        return OngoingEffect(d["amount"], d.get("damage_type", ""),
                             Duration(d.get("duration", Duration.SAVE_ENDS.value)), on)
    if d["kind"] == "follow-up":
        return FollowUpEffect(d["attack"], on)
    if d["kind"] == "heal":
        return HealEffect(d["amount"], on)
    if d["kind"] in {k.value for k in ForceKind}:
        return ForcedMoveEffect(ForceKind(d["kind"]), int(d["distance"]), on)
    raise ValueError(f"unknown effect kind {d['kind']!r}")


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
    return out


def _recharge_to(r: Recharge | None) -> dict | None:
    return None if r is None else {"on": r.on.value, "roll": r.roll}


def _recharge_from(d: dict | None) -> Recharge | None:
    return None if d is None else Recharge(RechargeOn(d["on"]), int(d.get("roll", 0)))


def _special_to(p: SpecialPower) -> dict:
    return {"name": p.name, "action": p.action.value, "effect": p.effect.value, "amount": p.amount,
            "range": p.range, "trigger": p.trigger.value if p.trigger else None, "uses": p.uses,
            "recharge": _recharge_to(p.recharge)}


def _special_from(d: dict) -> SpecialPower:
    return SpecialPower(d["name"], PowerAction(d["action"]), PowerEffect(d["effect"]), d.get("amount", 0),
                        d.get("range", 0), PowerTrigger(d["trigger"]) if d.get("trigger") else None,
                        d.get("uses", 0), _recharge_from(d.get("recharge")))


def _champion_to(p: ChampionPower) -> dict:
    return {"name": p.name, "cost": p.cost, "trigger": p.trigger.value, "effect": p.effect.value,
            "amount": p.amount, "range": p.range, "others_only": p.others_only, "keyword": p.keyword,
            "in_vp_zone": p.in_vp_zone}


def _champion_from(d: dict) -> ChampionPower:
    return ChampionPower(d["name"], d["cost"], ChampionTrigger(d["trigger"]), ChampionEffect(d["effect"]),
                         d.get("amount", 0), d.get("range", 6), d.get("others_only", False),
                         d.get("keyword", ""), d.get("in_vp_zone", False))


def _attack_from(d: dict) -> AttackDef:
    return AttackDef(name=d["name"], kind=AttackKind(d["kind"]), reach=Reach(d["reach"]),
                     range=d.get("range"), targets=d.get("targets", 1), bonus=d["bonus"],
                     defense=Defense(d["defense"]), damage=d["damage"],
                     damage_bonus=d.get("damage_bonus", 0), damage_type=d.get("damage_type", ""),
                     basic=d.get("basic", False),
                     effects=tuple(_effect_from(e) for e in d.get("effects", ())),
                     secondary=d.get("secondary", False), radius=d.get("radius", 0),
                     uses=d.get("uses", 0), recharge=_recharge_from(d.get("recharge")))


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
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def card_from(d: dict) -> CreatureCard:
    """Decode a stat card; raises KeyError/ValueError/TypeError on bad data."""
    kw = dict(d)
    kw["attacks"] = tuple(_attack_from(a) for a in d["attacks"])
    for name in ("factions", "keywords"):
        if name in kw:
            kw[name] = tuple(kw[name])
    # CHP-1..3: typed powers; saves made before them hold display text, which never did anything
    kw["champion_powers"] = tuple(_champion_from(p) for p in d.get("champion_powers", ()) if isinstance(p, dict))
    kw["special_powers"] = tuple(_special_from(p) for p in d.get("special_powers", ()))
    if "abilities" in kw:  # typed keyword abilities (ABL-1): {"kind": ..., parameters}
        kw["abilities"] = tuple(ABILITY_KINDS[a["kind"]](**{k: v for k, v in a.items() if k != "kind"})
                                for a in kw["abilities"])
    known = {f.name for f in fields(CreatureCard)}
    return CreatureCard(**{k: v for k, v in kw.items() if k in known})


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


def map_from(d: dict) -> MapDef:
    """Decode a map (with its own terrain kinds, TER-OTHER)."""
    codes: dict[str, Terrain | CustomTerrain] = dict(_CODE_TERRAIN)
    for t in d.get("terrain_types", ()):
        rules = TerrainRules(**t["rules"])
        codes[rules.symbol] = CustomTerrain(str(t["name"]), rules)
    terrain = tuple(tuple(codes[ch] for ch in row) for row in d["terrain"])
    return MapDef(id=d["id"], name=d["name"], terrain=terrain,
                  start_areas={k: frozenset(tuple(s) for s in v) for k, v in d["start_areas"].items()},
                  vp_zones={k: frozenset(tuple(s) for s in v) for k, v in d["vp_zones"].items()},
                  points=int(d.get("points", 200)), rules=tuple(str(r) for r in d.get("rules", ())))


def warband_to(w: WarbandDef) -> dict:
    """Encode a warband with its cards in full."""
    return {"name": w.name, "faction": w.faction, "point_limit": w.point_limit,
            "cards": [card_to(c) for c in w.cards]}


def warband_from(d: dict) -> WarbandDef:
    """Decode a warband."""
    return WarbandDef(name=d["name"], faction=d["faction"], point_limit=d.get("point_limit", 200),
                      cards=tuple(card_from(c) for c in d["cards"]))


# -- actions ---------------------------------------------------------------

_ACTION_TYPES = {cls.__name__: cls for cls in (
    ChooseMap, ChooseStartArea, Place, ChooseFirstPlayer, Activate,
    Move, Shift, Squeeze, Attack, AreaAttack, Charge, EndActivation,
    Teleport, ForceMove, Settle, UsePower, UseChampionPower, DeclinePower, DropProne, StandUp)}


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


def _square(v: Any) -> tuple[int, int]:
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(i, int) for i in v)):
        raise ValueError(f"expected a square [x, y], got {v!r}")
    return (v[0], v[1])


def decode_action(d: dict) -> Action:
    """Decode one action; raises ValueError naming what is wrong."""
    if not isinstance(d, dict) or d.get("type") not in _ACTION_TYPES:
        raise ValueError(f"unknown action {d!r}")
    cls = _ACTION_TYPES[d["type"]]
    kw = {}
    for f in fields(cls):
        if f.name not in d:
            raise ValueError(f"{d['type']} needs '{f.name}'")
        v = d[f.name]
        if f.name in ("path",):
            v = tuple(_square(s) for s in v)
        elif f.name in ("square", "origin"):
            v = _square(v)
        elif f.name == "targets":
            v = tuple(str(t) for t in v)
        kw[f.name] = v
    return cls(**kw)


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
    if state.window:  # CHP-2: a champion-power decision is pending
        parts.append([state.decider, state.resume, [list(vars(o).values()) for o in state.window],
                      sorted(state.window_passed), sorted(state.window_used)])
    if state.move_spent is not None:  # G5E-SPLIT: a move action's rest (absent otherwise: old digests hold)
        parts.append(["move spent", state.move_spent])
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
            while its intent is shown); ``"quick_setup": true`` when the quick setup made the
            set-up choices (the resumed log says so); empty for
            hot-seat and in saves made before solo play (optional field).
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
        """Return the file text."""
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
        return json.dumps(doc, indent=1, separators=(",", ": "))

    @classmethod
    def from_json(cls, text: str, source: str = "save") -> SaveFile:
        """Parse file text; raises SaveError with a clear reason."""
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(f"{source}:{exc.lineno}:{exc.colno}: not a tactica save (broken JSON: {exc.msg})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise SaveError(f"{source}: not a tactica save file (no \"format\": \"{FORMAT}\")")
        version = doc.get("version")
        if not isinstance(version, int):
            raise SaveError(f"{source}: the save has no version number")
        if version > VERSION:
            raise SaveError(f"{source}: the save is format version {version}, made by a newer tactica "
                            f"({doc.get('tactica', '?')}); this tactica reads up to version {VERSION}. "
                            "Upgrade tactica.")
        try:
            known = {f.name for f in fields(Ruleset)}
            rules = Ruleset(**{k: v for k, v in doc["rules"].items() if k in known})
            maps = tuple(map_from(m) for m in doc["maps"])
            wbs = tuple(warband_from(w) for w in doc["warbands"])
            if not 2 <= len(wbs) <= 4 or not maps:
                raise ValueError("a save needs two to four warbands and at least one map")
            actions = [decode_action(a) for a in doc["actions"]]
            seed = doc["seed"]
            if not isinstance(seed, int):
                raise ValueError("seed must be an integer")
            cps = [(int(c["step"]), str(c["digest"])) for c in doc.get("checkpoints", [])]
            changes = [(int(c["step"]), map_from(c["map"])) for c in doc.get("map_changes", [])]
            notes = [_note_from(n) for n in doc.get("notes", [])]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise SaveError(f"{source}: the save is damaged ({what})") from None
        return cls(id=str(doc.get("id", "")), seed=seed, rules=rules, maps=maps, warbands=wbs,
                   actions=actions, checkpoints=cps, map_changes=changes,
                   summary=dict(doc.get("summary") or {}),
                   saved_at=str(doc.get("saved_at", "")),
                   players=dict(doc["players"]) if isinstance(doc.get("players"), dict) else {},
                   notes=notes)


def _note_from(d: dict) -> tuple[int, int | None, str]:
    """One entry of a save's ``notes`` as (step, player, text); raises ValueError (or KeyError,
    TypeError) when it is not {"step": int, "player": int or null, "text": str}."""
    step, player, text = d["step"], d.get("player"), d["text"]
    if not isinstance(step, int) or not isinstance(text, str) or not (player is None or isinstance(player, int)):
        raise ValueError(f"a note must be {{step: integer, player: integer or null, text: string}}, not {d!r}")
    return step, player, text
