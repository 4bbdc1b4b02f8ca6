"""Saves of battles of three or four players (SCN-MULTI) and Sealed battles (SCN-SEALED)."""
from __future__ import annotations

import pytest

from tactica.ai.bots import make_bot
from tactica.ai.scenarios import warband
from tactica.engine import MapDef, Ruleset, apply, new_game
from tactica.saves.codec import SaveError, SaveFile
from tactica.saves.replay import Recorder, rebuild


def _corners(size: int = 10) -> MapDef:
    block = lambda x0, y0: frozenset((x, y) for x in (x0, x0 + 1, x0 + 2) for y in (y0, y0 + 1, y0 + 2))  # noqa: E731
    far = size - 3
    return MapDef.from_rows(["." * size] * size, id="c", start_areas={
        "A": block(0, 0), "B": block(far, 0), "C": block(0, far), "D": block(far, far)})


def _record(warbands, maps, seed, rules=None, steps=400):
    state, _ = new_game(warbands, maps, seed=seed, rules=rules)
    save = SaveFile(id="t", seed=seed, rules=state.rules, maps=maps, warbands=warbands)
    rec = Recorder(save)
    bots = [make_bot("greedy", seed + p) for p in range(len(warbands))]
    while not state.is_over and state.step < steps:
        action = bots[state.decider].choose(state)
        state, _ = apply(state, action)
        rec.record(action, state)
    return save, state


@pytest.mark.parametrize("players, teams", [(3, ()), (4, ()), (4, (0, 1, 0, 1))])
def test_scn_multi_saves_of_n_players_round_trip_and_replay(players, teams):
    wbs = tuple(warband(3, offset=p, name=f"W{p}") for p in range(players))
    rules = Ruleset().with_teams(teams) if teams else None
    save, final = _record(wbs, (_corners(),), seed=5, rules=rules, steps=120)
    loaded = SaveFile.from_json(save.to_json())
    assert len(loaded.warbands) == players and loaded.rules.teams == tuple(teams)
    assert rebuild(loaded).final.vp == final.vp
    assert loaded.summary["vp"] == list(final.vp)


def test_scn_multi_a_save_needs_two_to_four_warbands():
    wbs = tuple(warband(2, offset=p) for p in range(5))
    save = SaveFile(id="t", seed=1, rules=Ruleset(), maps=(_corners(),), warbands=wbs)
    with pytest.raises(SaveError, match="two to four warbands"):
        SaveFile.from_json(save.to_json())


def test_scn_sealed_save_keeps_the_built_warbands():
    from tactica.content import load_catalogue
    from tactica.engine.sealed import sealed_warbands
    _, wbs = sealed_warbands(load_catalogue(), 4, 2)
    rules = Ruleset.for_scenario("sealed")
    save, final = _record(wbs, (_corners(24),), seed=4, rules=rules, steps=60)
    loaded = SaveFile.from_json(save.to_json())
    assert loaded.rules.sealed and loaded.warbands == wbs
    assert rebuild(loaded).final.step == final.step


def test_scn_multi_export_names_every_player():
    from tactica.client.export import export_log
    wbs = tuple(warband(3, offset=p, name=f"W{p}") for p in range(3))
    save, _ = _record(wbs, (_corners(),), seed=6, steps=40)
    text = export_log(save, "text")
    assert text.startswith("W0 3 vs W1 3 vs W2 3\n")
    assert all(f"Player {p + 1}: W{p} 3 (" in text for p in range(3))
