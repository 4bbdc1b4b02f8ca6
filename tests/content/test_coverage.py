"""The shipped content uses every mechanic the engine implements (issue 3, "Content").

Each list of mechanics is read from the engine's own tables (ability kinds,
attack kinds, reaches, conditions, effect kinds, durations, triggers, terrain
kinds), so a mechanic added to the engine without a card or map that uses it
fails here with a message saying what to add where.  The reach shapes (which
reach goes with which attack type, with or without a radius) are found by
asking the card loader which combinations it accepts.
"""
from __future__ import annotations

import typing

import pytest

from tactica.content import ContentError, load_catalogue, load_map, shipped_maps
from tactica.engine import abilities as ab
from tactica.engine import model

#: The catalogue must hold at least this many creatures (issue 3).
MIN_CARDS = 60
#: Each faction: at least this many cards and champions (issue 3: "several champions per faction").
MIN_PER_FACTION, MIN_CHAMPIONS_PER_FACTION = 12, 3

_PROBE = """cards:
  - id: probe
    name: Probe
    cost: 10
    alignment: Unaligned
    factions: Wild
    level: 1
    ac: 15
    def: 13
    speed: 6
    hp: 10
    attacks:
      - {{name: Poke, type: melee, bonus: 5, damage: 5}}
      - {{name: Probe, type: {kind}, reach: "{reach}", bonus: 5, vs: DEF, damage: 5}}
"""


def _attacks():
    return [(card, a) for card in load_catalogue().values() for a in card.attacks]


def _effects():
    return [(card, a, e) for card, a in _attacks() for e in a.effects]


def _shape(a: model.AttackDef) -> tuple[str, str, bool]:
    """An attack's reach shape: (attack type, reach, has a radius), e.g. ("area", "sight", True)."""
    return a.kind.value, a.reach.value, a.radius > 0


def reach_shapes(tmp_path) -> set[tuple[str, str, bool]]:
    """Every reach shape the loader accepts: each Reach value with and without a number and a radius."""
    shapes = set()
    texts = {t for r in model.Reach for t in (r.value, f"{r.value} 2")}
    texts |= {f"{t}, radius 1" for t in texts}
    for kind in model.AttackKind:
        for text in sorted(texts):
            path = tmp_path / "probe.yaml"
            path.write_text(_PROBE.format(kind=kind.value, reach=text))
            try:
                card = load_catalogue([path])["probe"]
            except ContentError:
                continue
            shapes.add(_shape(card.attacks[1]))
    return shapes


def _missing(wanted, used) -> list:
    return sorted(set(wanted) - set(used), key=str)


def test_catalogue_has_at_least_60_creatures_and_every_faction_several_champions():
    cards = load_catalogue()
    assert len(cards) >= MIN_CARDS, f"the catalogue has {len(cards)} cards; issue 3 asks for {MIN_CARDS}"
    for faction in model.FACTIONS:
        members = [c for c in cards.values() if faction in c.factions]
        assert len(members) >= MIN_PER_FACTION, (faction, len(members))
        champions = [c.id for c in members if c.champion]
        assert len(champions) >= MIN_CHAMPIONS_PER_FACTION, (faction, champions)


def test_every_ability_kind_is_on_some_card():
    used = {a.kind for c in load_catalogue().values() for a in c.abilities}
    missing = _missing(ab.ABILITY_KINDS, used)
    assert not missing, f"no shipped card has the abilities {missing}: give one a card in tactica/data/cards"


def test_every_attack_type_and_reach_shape_is_on_some_card(tmp_path):
    shapes = reach_shapes(tmp_path)
    # The probe itself must see the shapes the rules name (RNG-1..4), or it proves nothing.
    assert {("melee", "adjacent", False), ("ranged", "nearest", False), ("close", "burst", False),
            ("close", "large cone", False), ("close", "line", False), ("area", "range", True),
            ("area", "nearest", True)} <= shapes
    assert {k for k, _, _ in shapes} == {k.value for k in model.AttackKind}
    assert {r for _, r, _ in shapes} == {r.value for r in model.Reach}
    used = {_shape(a) for _, a in _attacks()}
    missing = _missing(shapes, used)
    assert not missing, f"no shipped card has an attack shaped {missing}: give one a card"


def test_every_condition_duration_and_trigger_is_on_some_card():
    effects = [e for _, _, e in _effects()]
    conditions = {e.condition for e in effects if isinstance(e, model.ConditionEffect)}
    missing = _missing(model.CONDITIONS, conditions)
    assert not missing, f"conditions no card gives: {missing}"
    durations = {e.duration for e in effects if hasattr(e, "duration")}
    assert not _missing(model.Duration, durations), f"durations no card uses: {_missing(model.Duration, durations)}"
    triggers = {e.on for e in effects}
    assert not _missing(model.Trigger, triggers), f"effect triggers no card uses: {_missing(model.Trigger, triggers)}"


def test_every_effect_kind_is_on_some_card():
    kinds = typing.get_args(model.Effect)
    assert len(kinds) >= 3
    used = {type(e) for _, _, e in _effects()}
    missing = [k.__name__ for k in kinds if k not in used]
    assert not missing, f"no shipped card's attack has the effects {missing}: give one a card"


def test_follow_ups_name_secondary_lines_that_are_never_offered_alone():
    for card, _, e in _effects():
        if isinstance(e, model.FollowUpEffect):
            assert card.attack_named(e.attack).secondary, (card.id, e.attack)


@pytest.mark.parametrize("terrain", list(model.Terrain), ids=lambda t: t.value)
def test_every_terrain_kind_is_on_some_shipped_map(terrain):
    maps = [load_map(p) for p in shipped_maps()]
    on = [m.id for m in maps if any(terrain in row for row in m.terrain)]
    assert on, f"terrain '{terrain.value}' is on no shipped map: draw it on one in tactica/data/maps"


def test_every_creature_size_the_card_format_allows_is_on_some_card():
    from tactica.content.fields import CARD
    sizes = set(range(CARD["size"].lo, CARD["size"].hi + 1))
    used = {c.size for c in load_catalogue().values()}
    assert not _missing(sizes, used), f"no shipped card has size {_missing(sizes, used)} (MOV-13): add one"


def test_every_power_kind_check_box_and_recharge_is_on_some_card():
    """CARD-4, SPW-1, CHP-2: uses, each recharge event, each special and champion power kind."""
    from tactica.engine import powers as pw
    cards = load_catalogue().values()
    lines = [a for c in cards for a in c.attacks] + [p for c in cards for p in c.special_powers]
    assert any(x.uses for x in lines), "no shipped card has check boxes (uses)"
    recharges = {x.recharge.on for x in lines if x.recharge}
    assert not _missing(pw.RechargeOn, recharges), _missing(pw.RechargeOn, recharges)
    specials = [p for c in cards for p in c.special_powers]
    assert not _missing(pw.PowerAction, {p.action for p in specials})
    assert not _missing(pw.PowerEffect, {p.effect for p in specials})
    champs = [p for c in cards for p in c.champion_powers]
    assert not _missing(pw.ChampionTrigger, {p.trigger for p in champs})
    assert not _missing(pw.ChampionEffect, {p.effect for p in champs})
