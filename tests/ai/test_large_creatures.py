"""Bots and the simulator with Large (2×2) and Huge (3×3) creatures (MOV-13, WB-7 Epic)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tactica.ai.bots import make_bot
from tactica.ai.sim import play_battle
from tactica.engine import MapDef, Ruleset, WarbandDef
from tactica.engine.sandbox import card


def _map() -> MapDef:
    rows = ["............",
            "....##......",
            "............",
            "......^^....",
            "............",
            "............",
            "....##......",
            "............"]
    a = {(x, y) for x in range(3) for y in range(8)}
    b = {(x, y) for x in range(9, 12) for y in range(8)}
    m = MapDef.from_rows(rows, id="big-test", start_areas={"A": frozenset(a), "B": frozenset(b)},
                         vp_zones={"A": frozenset({(9, 0), (10, 0)}), "B": frozenset({(1, 7), (2, 7)})})
    return replace(m, points=500)


@pytest.mark.parametrize("levels", [("greedy", "random"), ("normal", "greedy")])
def test_mov_13_bots_play_a_battle_with_large_and_huge_creatures(levels):
    ogre = card("Ogre", size=2, speed=5, hp=60, cost=30)
    giant = card("Giant", size=3, speed=6, hp=90, cost=60)
    wbs = (WarbandDef("Big", "Civilization", (giant, ogre, card("Squire")), point_limit=500),
           WarbandDef("Small", "Civilization", (ogre, card("Pike"), card("Bow")), point_limit=500))
    result = play_battle([make_bot(levels[0], 1), make_bot(levels[1], 2)], wbs, (_map(),), seed=5,
                         rules=Ruleset(point_limit=500, vp_target=120))
    assert result.winner in (0, 1) and result.rounds >= 1
