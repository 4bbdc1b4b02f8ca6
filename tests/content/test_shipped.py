"""The content that ships with tactica: it all loads, warbands are legal, maps are fair."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tactica.content import (
    DEFAULT_MAP,
    DEFAULT_WARBANDS,
    default_battle,
    load_catalogue,
    load_map,
    load_warband,
    shipped_card_files,
    shipped_maps,
    shipped_warbands,
)
from tactica.engine import AttackKind, Ruleset, check_warband, new_game
from tactica.engine.geometry import Geometry
from tactica.engine.model import ALIGNMENTS, FACTIONS


def test_shipped_files_are_found():
    assert {"borderlands", "civilization", "underdark", "wild"} <= {p.stem for p in shipped_card_files()}
    assert len(shipped_maps()) >= 3 and len(shipped_warbands()) >= 6
    assert DEFAULT_MAP in {p.stem for p in shipped_maps()}
    assert set(DEFAULT_WARBANDS) <= {p.stem for p in shipped_warbands()}


def test_catalogue_covers_the_game():
    cards = load_catalogue()
    assert len(cards) >= 24
    assert {f for c in cards.values() for f in c.factions} == set(FACTIONS)
    assert {c.alignment for c in cards.values()} == set(ALIGNMENTS)
    for faction in FACTIONS:
        assert len({c.alignment for c in cards.values() if faction in c.factions}) >= 2, faction
    assert sum(1 for c in cards.values() if c.abilities) >= 5          # ABL-1: abilities in play
    kinds = {c.basic_attack.kind for c in cards.values() if c.basic_attack}  # CL-16: some have none
    assert kinds == {AttackKind.MELEE, AttackKind.RANGED}
    assert 3 <= sum(1 for c in cards.values() if c.champion) and all(0 <= c.champion <= 5 for c in cards.values())
    for c in cards.values():
        epic = c.size == 3                      # Huge: Epic battles only (WB-7)
        assert 5 <= c.cost <= (200 if epic else 100) and 10 <= c.hp <= (300 if epic else 150), c.id
        still = any(a.kind in ("immobile", "object") for a in c.abilities)  # CL-16: speed 0
        assert 14 <= c.ac <= 24 and 12 <= c.defense <= 20 and (c.speed == 0 if still else 4 <= c.speed <= 8), c.id
        assert c.size in (1, 2, 3), c.id
        for a in c.attacks:
            if a.rolls:
                assert 4 <= a.bonus <= (16 if epic else 14) and 5 <= a.total_damage <= 30, (c.id, a.name)
            else:  # CL-9: no attack roll (the bonus is not used; the effect may be all it does)
                assert 0 <= a.total_damage <= 30, (c.id, a.name)
        assert sum(a.basic for a in c.attacks) == (1 if c.attacks else 0), c.id  # CL-16: none
    assert sum(c.size == 2 for c in cards.values()) >= 3 and sum(c.size == 3 for c in cards.values()) >= 2


def test_catalogue_is_cached_but_returned_as_a_copy():
    first = load_catalogue()
    first.clear()
    assert load_catalogue()


@pytest.mark.parametrize("path", shipped_warbands(), ids=lambda p: p.stem)
def test_shipped_warband_is_legal(path):
    wb = load_warband(path)
    assert check_warband(wb, Ruleset(point_limit=wb.point_limit)) == []
    assert wb.cost >= wb.point_limit * 0.85  # no warband leaves much on the table
    assert wb.point_limit in (100, 200, 500)                  # 500: Epic (WB-7)


def test_one_200_point_warband_per_faction_and_two_100_point_ones():
    bands = [load_warband(p) for p in shipped_warbands()]
    assert {w.faction for w in bands if w.point_limit == 200} == set(FACTIONS)
    assert sum(w.point_limit == 100 for w in bands) >= 2


def _two_sided(path) -> bool:
    return len(load_map(path).start_areas) == 2


@pytest.mark.parametrize("path", [p for p in shipped_maps() if _two_sided(p)], ids=lambda p: p.stem)
def test_shipped_map_is_playable_and_fair(path):
    m = load_map(path)
    geo = Geometry(m)
    full = m.width * m.height >= 500
    assert (m.width, m.height) in ((30, 22), (22, 15)), "full size 30×22 or half size 22×15"
    need = Ruleset(point_limit=200 if full else 100).max_creatures
    for area in "AB":
        assert len(m.start_areas[area]) >= need

    def gap(src, dst):
        return min(geo.distance(s, d) for s in src for d in dst)

    a, b = m.start_areas["A"], m.start_areas["B"]
    # SCN-ASSAULT: VP zone A scores for the player in start area A and lies on B's side.
    assert gap(b, m.vp_zones["A"]) < gap(a, m.vp_zones["A"])
    assert gap(a, m.vp_zones["B"]) < gap(b, m.vp_zones["B"])
    # Fair: each side is as far from the zone it scores in as the other.
    assert gap(a, m.vp_zones["A"]) == gap(b, m.vp_zones["B"])
    # Start areas lie on opposite edges.
    xs = {x for x, _ in a} | {x for x, _ in b}
    ys = {y for _, y in a} | {y for _, y in b}
    assert ({0, m.width - 1} <= xs) or ({0, m.height - 1} <= ys)


def test_default_battle_starts_in_the_engine():
    (wb1, wb2), the_map = default_battle()
    assert the_map.id == DEFAULT_MAP
    assert (wb1.point_limit, wb2.point_limit) == (200, 200)
    assert abs(wb1.cost - wb2.cost) <= 10  # a close first battle
    state, events = new_game((wb1, wb2), (the_map,), seed=1)
    assert events and state.map is the_map


def test_shipped_content_loads_from_another_directory(tmp_path):
    code = ("from tactica.content import default_battle, load_catalogue;"
            "(a, b), m = default_battle(); print(len(load_catalogue()), m.id)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[1] == DEFAULT_MAP


def test_a_shipped_map_uses_every_terrain_kind():
    """TER-*: at least one shipped map shows every terrain kind of the skirmish rules, and a shipped
    map playing by the grid35 module shows the low obstacle it gives meaning to (G35-OBSTACLE)."""
    from tactica.engine import Terrain
    maps = [load_map(p) for p in shipped_maps()]
    kinds = [{t for row in m.terrain for t in row} for m in maps]
    assert any(found == set(Terrain) - {Terrain.LOW_OBSTACLE} for found in kinds)
    assert any(Terrain.LOW_OBSTACLE in found and "grid35" in m.rules for m, found in zip(maps, kinds))


@pytest.mark.parametrize("path", [p for p in shipped_maps() if not _two_sided(p)], ids=lambda p: p.stem)
def test_scn_multi_free_for_all_map_is_fair_to_all(path):
    """A four-corner map: each start area the 4×4 squares of a corner ("creatures within 4
    squares of it"), and a quarter turn takes A to B, B to D, D to C, C to A with terrain,
    start areas and VP zones alike, so no corner is favoured."""
    m = load_map(path)
    assert m.width == m.height and sorted(m.start_areas) == ["A", "B", "C", "D"]
    n = m.width

    def turn(sq):
        return (n - 1 - sq[1], sq[0])

    corners = {"A": (0, 0), "B": (n - 1, 0), "C": (0, n - 1), "D": (n - 1, n - 1)}
    for k, (cx, cy) in corners.items():
        assert m.start_areas[k] == frozenset((x, y) for x in range(n) for y in range(n)
                                             if abs(x - cx) < 4 and abs(y - cy) < 4)
    for k, nxt in (("A", "B"), ("B", "D"), ("D", "C"), ("C", "A")):
        assert frozenset(map(turn, m.start_areas[k])) == m.start_areas[nxt]
        assert frozenset(map(turn, m.vp_zones[k])) == m.vp_zones[nxt]
    for y in range(n):
        for x in range(n):
            assert m.terrain_at((x, y)) == m.terrain_at(turn((x, y))), (x, y)
