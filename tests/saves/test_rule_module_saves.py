"""Saves keep a battle's rule modules (Ruleset.modules, a map's rules); older saves load with none."""
from __future__ import annotations

import json
from dataclasses import replace

from tactica import content
from tactica.engine import Ruleset, active_modules, new_game
from tactica.saves import state_digest
from tactica.saves.codec import SaveFile, map_from, map_to
from tactica.saves.replay import rebuild

from .helpers import play, random_recorded, small_setup


def test_G35_DIAG_a_grid35_battle_round_trips_and_replays_to_the_same_state():
    state, save = play(seed=7, steps=120, modules=("grid35",))
    loaded = SaveFile.from_json(save.to_json())
    assert loaded.rules.modules == ("grid35",) and loaded.rules == save.rules
    again = rebuild(loaded)
    assert active_modules(again.final) == ("grid35",)
    assert state_digest(again.final) == state_digest(state)


def test_save_without_modules_loads_with_the_skirmish_rules_alone():
    _, save = play(seed=5, steps=3)
    doc = json.loads(save.to_json())
    assert doc["rules"]["modules"] == []
    del doc["rules"]["modules"]
    loaded = SaveFile.from_json(json.dumps(doc))
    assert loaded.rules.modules == () and loaded.rules == save.rules


def test_a_maps_rules_round_trip_and_switch_the_module_on():
    wbs, (m,), rules = small_setup()
    ruled = replace(m, rules=("grid35",))
    assert "rules" not in map_to(m)                               # a map without modules: no key
    assert map_from(json.loads(json.dumps(map_to(ruled)))) == ruled
    state, _ = new_game(wbs, (ruled,), seed=3, rules=rules)
    assert state.map is not None and active_modules(state) == ("grid35",)
    assert active_modules(new_game(wbs, (m,), seed=3, rules=Ruleset(point_limit=100))[0]) == ()


def test_G5E_PRONE_a_grid5e_battle_with_prone_and_split_moves_round_trips_and_replays():
    state, save = play(seed=11, steps=200, modules=("grid5e",))
    kinds = {a["type"] for a in json.loads(save.to_json())["actions"]}
    assert {"DropProne", "StandUp", "Move"} <= kinds              # the new actions are saved by name
    loaded = SaveFile.from_json(save.to_json())
    assert loaded.rules.modules == ("grid5e",)
    again = rebuild(loaded)
    assert active_modules(again.final) == ("grid5e",)
    assert state_digest(again.final) == state_digest(state)


def test_UG_RUBBLE_an_underground_battle_on_the_cavern_round_trips_and_replays():
    cavern = content.load_map({p.stem: p for p in content.shipped_maps()}["echoing-deep"])
    wbs, _, _ = small_setup()
    rules = Ruleset(point_limit=100)
    rules = replace(rules, modules=("underground",))
    state, recorded = random_recorded(SaveFile(id="ug", seed=4, rules=rules, maps=(cavern,), warbands=wbs), 300)
    loaded = SaveFile.from_json(recorded.to_json())
    kinds = {t.name: t.rules for t in loaded.maps[0].custom_terrain}
    assert kinds["Chasm"].depth == 20 and kinds["Rubble Choke"].rubble == "loose"  # cave keys saved
    again = rebuild(loaded)
    assert active_modules(again.final) == ("underground",)
    assert state_digest(again.final) == state_digest(state)
