"""Saves of battles with Large and Huge creatures (MOV-13): sizes, squeezes and replays round-trip."""
from __future__ import annotations

from tactica.engine import MapDef, Ruleset, WarbandDef
from tactica.engine.actions import Squeeze
from tactica.engine.sandbox import card
from tactica.saves import state_digest
from tactica.saves.codec import SaveFile, decode_action, encode_action
from tactica.saves.replay import rebuild

from .helpers import random_recorded


def _setup():
    rows = ["." * 12 for _ in range(10)]
    rows[4] = "....##......"
    a = {(x, y) for x in range(12) for y in (0, 1, 2)}
    b = {(x, y) for x in range(12) for y in (7, 8, 9)}
    m = MapDef.from_rows(rows, id="big-mini", start_areas={"A": frozenset(a), "B": frozenset(b)},
                         vp_zones={"A": frozenset({(5, 8)}), "B": frozenset({(5, 1)})})
    giant = card("Giant", size=3, speed=6, hp=60, cost=60)
    ogre = card("Ogre", size=2, speed=5, hp=40, cost=30)
    wbs = (WarbandDef("Big", "Civilization", (giant, card("Squire")), point_limit=500),
           WarbandDef("Mixed", "Civilization", (ogre, card("Pike"), card("Bow")), point_limit=500))
    return wbs, (m,), Ruleset(point_limit=500, vp_target=100)


def test_mov_13_battle_with_big_creatures_replays_to_the_same_digest():
    wbs, maps, rules = _setup()
    state, recorded = random_recorded(SaveFile(id="big-11", seed=11, rules=rules, maps=maps, warbands=wbs), 150)
    loaded = SaveFile.from_json(recorded.to_json())
    assert [c.size for c in loaded.warbands[0].cards] == [3, 1]
    assert state_digest(rebuild(loaded).final) == state_digest(state)


def test_mov_13_squeeze_action_round_trips():
    a = Squeeze(((1, 2), (2, 3)))
    assert decode_action(encode_action(a)) == a


def test_mov_13_a_squeeze_that_expands_up_or_left_round_trips_and_old_saves_still_read():
    a = Squeeze(((1, 2), (2, 3)), (1, 2))
    data = encode_action(a)
    assert data == {"type": "Squeeze", "path": [[1, 2], [2, 3]], "end": [1, 2]}
    assert decode_action(data) == a
    old = {"type": "Squeeze", "path": [[1, 2], [2, 3]]}           # a save from before 'end' existed
    assert decode_action(old) == Squeeze(((1, 2), (2, 3))) and decode_action(old).destination == (2, 3)
