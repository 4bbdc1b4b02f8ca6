"""Shared fixtures for the battle client's tests: small battles built in code."""
from __future__ import annotations

import time
from contextlib import asynccontextmanager

import pytest

from tactica.client.content import demo_battle
from tactica.client.factory import BattleFactory
from tactica.engine import Phase
from tactica.engine.model import MapDef, WarbandDef
from tactica.engine.sandbox import card, melee, ranged
from tactica.tui.app import TacticaApp

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


#: Phases in which the battle screen asks its question in a dialog (pushed after a refresh).
QUESTION_PHASES = (Phase.CHOOSE_FIRST, Phase.CHOOSE_MAP, Phase.CHOOSE_AREA, Phase.CHAMPION, Phase.OVER)


async def settle(pilot, app, tries: int = 300) -> None:
    """Wait until the app shows what a player would see before pressing a key.

    The battle screen pushes its question (who goes first, a champion power…)
    after a refresh, so on a loaded machine a key pressed at once could reach
    the screen under the question.  Returns when a screen other than the
    battle screen is up (a question, the setup screen), or the battle screen
    waits for no question (it is asking, the AI decides, or the phase needs
    none); gives up after ``tries`` pauses of 10 ms and lets the test go on.
    """
    from tactica.tui.screens.battle import BattleScreen
    for _ in range(tries):
        screen = app.screen
        if isinstance(screen, BattleScreen) and screen.is_attached:
            if (screen._asking or screen.session.state.phase not in QUESTION_PHASES
                    or screen.ai_decides()):
                return
        elif len(app.screen_stack) > 1:
            return
        await pilot.pause(0.01)


async def wait_until(pilot, condition, timeout: float = 10.0) -> bool:
    """Let the app run until ``condition()`` (a function of no arguments) is true, checking after each
    pause of 10 ms; returns True then, or False once ``timeout`` seconds (wall) have passed.

    For what comes a refresh or a timer after a key (a question pushed after a refresh, a toast): the
    pilot's own idle wait may end before it.  The test asserts the condition itself afterwards, so a
    failure names what was expected.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        await pilot.pause(0.01)
    return True


async def answer_questions(pilot, app) -> None:
    """Press Enter (the first option) on every question dialog up now, e.g. who goes first and the
    start area, until the battle screen is on top again."""
    from tactica.tui.screens.choice import ChoiceModal
    await pilot.pause()
    while isinstance(app.screen, ChoiceModal):
        await pilot.press("enter")
        await pilot.pause()


class SettledApp(TacticaApp):
    """The real app whose ``run_test`` hands over the pilot once the first question is up (``settle``)."""

    @asynccontextmanager
    async def run_test(self, *args, **kwargs):
        async with super().run_test(*args, **kwargs) as pilot:
            await settle(pilot, self)
            yield pilot


def make_app(battle=demo_battle, seed: int = 7, setup: bool = False) -> TacticaApp:
    """The real app on a built-in battle with a fixed seed (``SettledApp``)."""
    wbs, maps = battle()
    return SettledApp(BattleFactory(wbs, maps, seed=seed), setup=setup)


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
    from tactica.client.session import GameSession
    return SettledApp(FixedFactory(GameSession(state=state, seed=0)))


def app_against_ai(state, level: str = "greedy", player: int = 1, pace: float = 1.0) -> TacticaApp:
    """The real app on a sandbox ``state`` with the AI (``level``) playing ``player``, ``pace`` seconds
    a step (slow enough that a test can look before the AI acts, even on a busy machine)."""
    from tactica.client.opponent import Opponent
    from tactica.client.session import GameSession
    return TacticaApp(FixedFactory(GameSession(state=state, seed=0,
                                               opponent=Opponent(level=level, player=player, pace=pace))))


async def view_home(pilot, map_view) -> None:
    """Put the map's cursor on (0, 0) and scroll the view to the map's top-left corner."""
    await pilot.pause()
    map_view.move_cursor((0, 0))
    map_view.scroll_home(animate=False, immediate=True)
    await pilot.pause()


def view_squares(map_view) -> tuple[int, int, int, int]:
    """The squares drawn whole in the map view now: (first column, last column, first row, last row)."""
    cw, ch = map_view._cw, map_view._ch
    x0, y0 = map_view.scroll_offset
    w, h = map_view.scrollable_content_region.size
    return (-(-x0 // cw), (x0 + w) // cw - 1, -(-y0 // ch), (y0 + h) // ch - 1)
