"""Keys sent faster than the screen redraws (a newcomer typing through tmux): what Enter acts on is
what the screen shows, the stat card included, at every moment a key is handled."""
from __future__ import annotations

from textual import events

from tactica.engine import Phase
from tactica.engine.sandbox import battle
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.stat_card import StatCard

from .conftest import app_for_state, wait_until

KEYS = {"tab": "\t", "enter": "\r", "right": None, "left": None, "down": None, "up": None}


def send_without_pause(app, *keys: str) -> None:
    """Queue ``keys`` the way a terminal does when they arrive together: no pause, no idle between."""
    for key in keys:
        event = events.Key(key, KEYS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)


def spy_on_enter(screen: BattleScreen) -> list[tuple[str | None, tuple[int, int]]]:
    """Record, each time Enter's action runs, the creature on the stat card and the cursor square."""
    seen: list[tuple[str | None, tuple[int, int]]] = []
    real = screen.action_select

    def select() -> None:
        shown = screen.query_one(StatCard).creature
        seen.append((shown.uid if shown is not None else None, screen.map_view.square))
        real()
    screen.action_select = select
    return seen


async def test_tab_tab_enter_without_a_pause_activates_the_creature_on_the_card():
    st = battle("A.B.C\n.....\n....d\n.E...")  # four creatures of player 1 to pick from
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.phase is Phase.ACTIVATE
        seen = spy_on_enter(screen)
        start = screen.map_view.square
        send_without_pause(app, "tab", "tab", "enter")
        await wait_until(pilot, lambda: screen.session.phase is Phase.ACTING)  # the three keys handled
        assert screen.session.phase is Phase.ACTING
        active = screen.session.state.active_uid
        assert screen.map_view.square != start            # the two Tabs moved the cursor
        assert seen and seen[0][0] == active, f"the card showed {seen[0][0]} when Enter activated {active}"
        assert screen.query_one(StatCard).creature.uid == active


async def test_every_cursor_key_updates_the_card_before_the_next_key_is_handled():
    st = battle("A.B.C\n.....\n....d\n.E...")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        seen = spy_on_enter(screen)
        screen.map_view.move_cursor((0, 0))
        await pilot.pause()
        send_without_pause(app, "right", "right", "enter")  # arrows onto B, at (2, 0)
        await wait_until(pilot, lambda: screen.session.state.active_uid is not None)  # Enter handled
        assert seen[0] == ("B", (2, 0))
        assert screen.session.state.active_uid == "B"
