"""The shipped maps of the movement modules (issue 19): Splintered Gates plays by grid5e, Wrecked
Palisade by grid35; each validates clean, is fair by a half turn, is offered by the setup screen,
and a seeded battle on it is played to a winner with the invariants held (docs/modules/*.md)."""
from __future__ import annotations

import pytest

from tactica import content
from tactica.ai import make_bot, sim
from tactica.client.content import setup_choices
from tactica.content.validate import validate_paths
from tactica.engine import active_modules, new_game

MODULE_MAPS = {"splintered-gates": "grid5e", "wrecked-palisade": "grid35"}


def _path(stem: str):
    return next(p for p in content.shipped_maps() if p.stem == stem)


def _warbands():
    bands = {p.stem: p for p in content.shipped_warbands()}
    return (content.load_warband(bands["silverhelm-vanguard"]), content.load_warband(bands["broken-tusk-raiders"]))


def _mirror_fair(m) -> bool:
    """Turning ``m`` half a turn gives the same terrain, start area A on B's squares, zone a on b's."""
    w, h = m.width, m.height

    def turned(sq):
        return (w - 1 - sq[0], h - 1 - sq[1])
    same = all(m.terrain_at((x, y)) == m.terrain_at(turned((x, y))) for y in range(h) for x in range(w))
    areas = {turned(sq) for sq in m.start_areas["A"]} == set(m.start_areas["B"])
    zones = {turned(sq) for sq in m.vp_zones["A"]} == set(m.vp_zones["B"])
    return same and areas and zones


@pytest.mark.parametrize("stem", sorted(MODULE_MAPS))
def test_G5E_DIFF_each_movement_module_map_validates_clean_is_fair_and_is_offered(stem):
    m = content.load_map(_path(stem))
    assert m.rules == (MODULE_MAPS[stem],)
    problems, checked = validate_paths([str(_path(stem))])
    assert checked == 1 and problems == []  # no error, no warning
    assert _mirror_fair(m)
    assert m.name in {c.name for c in setup_choices().maps}


def test_G5E_PASS_the_grid5e_map_has_single_file_gates_and_difficult_ground():
    m = content.load_map(_path("splintered-gates"))
    gates = [x for x in range(4, m.width - 3) if not m.is_wall((x, 9)) and m.is_wall((x - 1, 9))
             and m.is_wall((x + 1, 9))]
    assert gates  # a one-square gate in the palisade: single file (G5E-PASS, G5E-DIFF)
    assert sum(m.rules_at((x, y)).difficult for y in range(m.height) for x in range(m.width)) >= 20


@pytest.mark.parametrize("stem", sorted(MODULE_MAPS))
def test_G5E_SPLIT_a_seeded_battle_on_each_movement_module_map_is_played_to_a_winner(stem):
    m = content.load_map(_path(stem))
    warbands = _warbands()
    state, _ = new_game(warbands, (m,), seed=3)
    assert active_modules(state) == (MODULE_MAPS[stem],)
    bots = [make_bot("greedy", 6), make_bot("random", 7)]
    result = sim.play_battle(bots, warbands, (m,), 3)  # raises SimError on a broken invariant
    assert result.rounds >= 1 and result.winner in (0, 1)
