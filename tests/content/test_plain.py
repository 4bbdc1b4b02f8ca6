"""Definitions as plain JSON data and back (``tactica.content.plain``, the cache's form): exact, and checked."""
from __future__ import annotations

import json

import pytest

from tactica.content import load_catalogue, load_map, load_warband, shipped_maps, shipped_warbands
from tactica.content.plain import CLASS_KEY, BadEntry, decode, encode
from tactica.engine import CreatureCard, MapDef, WarbandDef


def _again(value, hint):
    return decode(json.loads(json.dumps(encode(value))), hint)


def test_every_shipped_card_map_and_warband_comes_back_equal():
    catalogue = load_catalogue()
    for card in catalogue.values():
        assert _again(card, CreatureCard) == card
    for path in shipped_maps():
        found = load_map(path)
        assert _again(found, MapDef) == found
    for path in shipped_warbands():
        band = load_warband(path, catalogue)
        assert _again(band, WarbandDef) == band


def test_a_field_holding_its_default_is_left_out():
    card = next(iter(load_catalogue().values()))
    raw = encode(card)
    assert raw[CLASS_KEY] == "CreatureCard" and "id" in raw
    assert len(raw) < len(CreatureCard.__dataclass_fields__)


@pytest.mark.parametrize("raw, hint", [
    ({CLASS_KEY: "GameState"}, CreatureCard),  # a class the type does not name
    ({CLASS_KEY: "MapDef", "id": "x"}, CreatureCard),  # an engine class, but not this one
    ([1, 2, 3], tuple[int, int]),  # a list of the wrong length
    ("a", int),
    (1, bool),
    (True, int),
    (10**12, int),  # beyond any number a content file may hold
    ("Orc\x1b[2J", str),  # a terminal escape
    ("\u202eevil", str),  # a bidirectional override
    (None, str),
    ({"a": "b"}, tuple[str, ...]),
])
def test_plain_data_of_another_shape_is_refused(raw, hint):
    with pytest.raises(BadEntry):
        decode(raw, hint)


def test_an_unknown_terrain_is_refused():
    raw = encode(load_map(shipped_maps()[0]))
    raw["terrain"][0][0] = "no such terrain"
    with pytest.raises(BadEntry):
        decode(raw, MapDef)


def test_a_rules_text_keeps_its_line_breaks():
    assert decode("one\ntwo\tthree", str) == "one\ntwo\tthree"


def test_a_nested_value_of_the_wrong_class_is_refused():
    raw = encode(next(c for c in load_catalogue().values() if c.attacks))
    raw["attacks"][0] = {CLASS_KEY: "CreatureCard", "id": "x"}
    with pytest.raises(BadEntry):
        decode(raw, CreatureCard)
