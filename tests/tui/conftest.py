"""Shared fixtures for the battle client's tests: small battles built in code."""
from __future__ import annotations

import pytest

from tactica.engine.model import MapDef, WarbandDef
from tactica.engine.sandbox import card, melee, ranged
from tactica.tui.app import TacticaApp
from tactica.tui.content import demo_battle
from tactica.tui.factory import BattleFactory

SKIRMISH_ROWS = """
..........
....#.....
..........
.....^....
..........
"""


def skirmish_battle() -> tuple[tuple[WarbandDef, WarbandDef], tuple[MapDef, ...]]:
    """A 10×5 map with two creatures a side: a battle that ends in a few rounds."""
    rows = SKIRMISH_ROWS.strip().splitlines()
    w, h = len(rows[0]), len(rows)
    areas = {"A": frozenset((x, y) for x in range(2) for y in range(h)),
             "B": frozenset((x, y) for x in range(w - 2, w) for y in range(h))}
    zones = {"A": frozenset({(7, 2)}), "B": frozenset({(2, 2)})}
    m = MapDef.from_rows(rows, id="skirmish", name="Skirmish", start_areas=areas, vp_zones=zones)
    brute = card("Brute", cost=30, hp=30, ac=14, speed=6, attacks=(melee("Axe", bonus=10, damage=15),))
    archer = card("Archer", cost=20, hp=20, ac=13, speed=6,
                  attacks=(ranged("Bow", bonus=8, damage=10, range=10, basic=True),
                           melee("Knife", bonus=4, damage=5, basic=False)))
    wbs = (WarbandDef("Reds", "Civilization", (brute, archer)),
           WarbandDef("Blues", "Civilization", (brute, archer)))
    return wbs, (m,)


def make_app(battle=demo_battle, seed: int = 7, setup: bool = False) -> TacticaApp:
    """The real app on a built-in battle with a fixed seed."""
    wbs, maps = battle()
    return TacticaApp(BattleFactory(wbs, maps, seed=seed), setup=setup)


@pytest.fixture
def demo_app() -> TacticaApp:
    """The app on the demo battle, seed 7."""
    return make_app()


@pytest.fixture
def skirmish_app() -> TacticaApp:
    """The app on the tiny skirmish battle, seed 3."""
    return make_app(skirmish_battle, seed=3)


class FixedFactory(BattleFactory):
    """A factory whose quick start returns a prepared session (for scripted situations)."""

    def __init__(self, session):
        super().__init__(warbands=session.state.warbands, maps=session.state.maps, seed=0)
        self._session = session

    def quick(self):
        return self._session


def app_for_state(state) -> TacticaApp:
    """The real app showing an engine state built with ``tactica.engine.sandbox.battle``."""
    from tactica.tui.session import GameSession
    return TacticaApp(FixedFactory(GameSession(state=state, seed=0)))
