"""Saves keep the scenario (SCN-BOUNTY …): Ruleset.scenario round-trips; old saves load as Assault."""
from __future__ import annotations

import json

from tactica.saves import state_digest
from tactica.saves.codec import SaveFile
from tactica.saves.replay import rebuild

from .helpers import play


def test_bounty_battle_round_trips_through_to_json():
    state, save = play(seed=5, scenario="bounty")
    loaded = SaveFile.from_json(save.to_json())
    assert loaded.rules == save.rules and loaded.rules.scenario == "bounty"
    again = rebuild(loaded)
    assert state_digest(again.final) == state_digest(state)
    assert state.vp == again.final.vp


def test_save_without_scenario_loads_as_assault():
    _, save = play(seed=5, steps=3)
    doc = json.loads(save.to_json())
    del doc["rules"]["scenario"]
    loaded = SaveFile.from_json(json.dumps(doc))
    assert loaded.rules.scenario == "assault" and loaded.rules == save.rules
