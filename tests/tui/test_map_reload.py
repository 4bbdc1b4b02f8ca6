"""Live map reload (ctrl+r, issue 5 leftover): swap an edited map file into a battle; saves still replay."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from tactica.client.content import load_battle
from tactica.client.factory import make_factory
from tactica.engine import Phase, Terrain
from tactica.engine.mapswap import MapSwapError, with_map
from tactica.saves.autosave import AutoSaver
from tactica.saves.commands import run_verify
from tactica.saves.db import load_battle as stored_battle

SHIPPED = Path(__file__).resolve().parents[2] / "tactica" / "data" / "maps" / "crossroads-ruin.yaml"


@pytest.fixture
def battle(tmp_path, monkeypatch):
    """A quick-start battle on a copy of a shipped map, autosaving into tmp_path."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "mine.yaml"
    shutil.copy(SHIPPED, path)
    saver = AutoSaver()
    import argparse
    factory = make_factory(argparse.Namespace(map=[str(path)], warband=None, seed=4))
    factory.saver = saver
    factory.map_files = {factory.maps[0].id: str(path)}
    session = factory.quick()
    yield session, path, saver
    saver.close()


def edit_row(path: Path, row: int, col: int, symbol: str) -> None:
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("terrain:")) + 1
    text = lines[start + row]
    lines[start + row] = text[:2 + col] + symbol + text[3 + col:]
    path.write_text("\n".join(lines) + "\n")


def test_reload_swaps_the_terrain_and_the_save_still_replays(battle):
    session, path, saver = battle
    free = next((x, y) for y in range(session.state.map.height) for x in range(session.state.map.width)
                if session.state.map.terrain[y][x].value == "clear" and session.state.creature_at((x, y)) is None)
    edit_row(path, free[1], free[0], "#")
    ok, lines = session.reload_map()
    assert ok and "Reloaded" in lines[0]
    assert session.state.geo.is_wall(free) and session.state.phase is Phase.CHOOSE_FIRST
    assert not session.can_undo()
    assert stored_battle(session.save_id).map_changes and run_verify(session.save_id) == 0


def test_a_broken_map_file_shows_its_problems_and_keeps_the_game(battle):
    session, path, _ = battle
    before = session.state
    path.write_text(path.read_text().replace("name: Crossroads Ruin", "name: [oops"))
    ok, lines = session.reload_map()
    assert not ok and lines and any(str(path) in line for line in lines)
    assert session.state is before


def test_a_wall_under_a_creature_is_refused(battle):
    session, path, _ = battle
    x, y = session.state.alive()[0].pos
    edit_row(path, y, x, "#")
    ok, lines = session.reload_map()       # the map validator already says no: walls in a start area
    assert not ok and "covers a wall" in lines[0]
    m = session.state.map
    rows = [list(r) for r in m.terrain]
    rows[y][x] = Terrain.WALL
    walled = dataclasses.replace(m, terrain=tuple(tuple(r) for r in rows))
    with pytest.raises(MapSwapError, match="cannot stop") as refused:
        with_map(session.state, walled)     # and the engine refuses on its own
    c = next(c for c in session.state.alive() if c.pos == (x, y))
    # the square as the map file counts it (from 1), as the validator's own messages do
    assert f"{c.card.name} ({c.label}) at row {y + 1}, column {x + 1}" in str(refused.value)
    assert c.label != c.uid                 # the label on the map (wa1), not the engine's id (p2c1)


def test_with_map_refuses_another_size():
    wbs, maps = load_battle(None, None)
    from tactica.engine import new_game
    state, _ = new_game(wbs, maps, seed=1)
    from tactica.engine.model import MapDef
    small = MapDef.from_rows(["...", "..."], id="s", name="S", start_areas=state.map.start_areas)
    with pytest.raises(MapSwapError, match="same size"):
        with_map(state, small)
