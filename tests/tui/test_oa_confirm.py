"""A move that provokes opportunity attacks (OA-1) asks for its key again before it is made;
Esc cancels it and clears the warning."""
from __future__ import annotations

import time

from tactica.client.opponent import AiPlayer, Opponent, Thought
from tactica.client.session import GameSession
from tactica.engine import EndActivation, Move
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp
from tactica.tui.widgets.status_line import StatusLine

from .conftest import FixedFactory, app_for_state
from .test_battle_screen import walk_cursor

BOARD = """
.bA...
......
"""


def provoking_app():
    """A next to b: any move away from b provokes b's opportunity attack; the dice miss."""
    return app_for_state(battle(BOARD, active="A", dice=(1,) * 20))


async def test_oa_1_a_provoking_move_warns_first_and_m_again_moves():
    app = provoking_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (5, 0))
        await pilot.press("m")
        st = screen.session.state
        assert st.creature("A").pos == (2, 0) and not st.move_used       # nothing happened yet
        status = screen.query_one(StatusLine)
        assert status.warning and not status.refused
        assert "gives Creature b (b) an opportunity attack" in status.message
        assert "Press m again to move anyway" in str(status.render())
        await pilot.press("m")
        st = screen.session.state
        assert st.creature("A").pos == (5, 0) and st.move_used
        assert not screen.query_one(StatusLine).warning


async def test_oa_1_any_other_key_cancels_the_pending_move():
    app = provoking_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (5, 0))
        await pilot.press("m", "x", "m")           # x cancels: the next m only warns again
        assert screen.session.state.creature("A").pos == (2, 0)
        assert screen.query_one(StatusLine).warning
        await pilot.press("enter")                  # another key: Enter asks on its own
        assert screen.session.state.creature("A").pos == (2, 0)
        assert "Press Enter again" in screen.query_one(StatusLine).message
        await pilot.press("left", "right")          # moving the cursor cancels too
        assert not screen.query_one(StatusLine).warning
        await pilot.press("enter", "enter")         # Enter twice moves
        assert screen.session.state.creature("A").pos == (5, 0)


async def test_a_move_that_provokes_nothing_takes_one_key():
    app = app_for_state(battle("b....A", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (3, 0))
        await pilot.press("m")
        assert screen.session.state.creature("A").pos == (3, 0)
        assert not screen.query_one(StatusLine).warning


async def test_the_ai_moves_without_confirmation(monkeypatch):
    st = battle(".Ba...", active="a", dice=(1,) * 20)   # the AI's creature a stands next to B
    provoking = Move(((3, 0), (4, 0), (5, 0)))

    def away(self, state):                               # the AI steps away from B: it provokes
        action = provoking if state.active_uid == "a" and not state.move_used else EndActivation()
        return Thought(state, action)
    monkeypatch.setattr(AiPlayer, "think", away)
    session = GameSession(state=st, seed=0, opponent=Opponent(level="random", player=1, pace=0.0))
    assert session.moves()[(5, 0)] == provoking and session.provokers(provoking.path) == ("B",)
    app = TacticaApp(FixedFactory(session))
    async with app.run_test(size=(120, 40)) as pilot:
        end = time.monotonic() + 10
        while app.screen.session.state.creature("a").pos != (5, 0):
            assert time.monotonic() < end, "the AI's provoking move waited for a confirmation"
            await pilot.pause(0.05)
        assert app.screen._confirm is None


async def test_oa_1_the_warning_toast_goes_once_the_move_is_confirmed():
    """A newcomer saw the confirmation's warning still on screen after the move it asked about was
    made (and into the next turn): the second m takes it away."""
    app = provoking_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (5, 0))
        await pilot.press("m")
        await pilot.pause()
        assert any(n.title == "Opportunity attack" for n in app._notifications)
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (5, 0)
        assert not any(n.title == "Opportunity attack" for n in app._notifications)


async def test_esc_on_the_warning_refreshes_the_status_line_and_drops_the_toast():
    app = app_for_state(battle(".bA...\n......", active="A", dice=(1,) * 20))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (5, 0))
        status = screen.query_one(StatusLine)
        await pilot.press("m")
        await pilot.pause()
        assert status.warning and any(n.title == "Opportunity attack" for n in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
        assert not status.warning
        assert "Provokes" not in status.message and "Move cancelled" in status.message
        assert not any(n.title == "Opportunity attack" for n in app._notifications)
        assert screen.session.state.creature("A").pos == (2, 0)
        await pilot.press("left", "right")                # the cursor moves: the square's hint again
        assert "Provokes opportunity attacks" in status.message


async def test_oa_1_a_ranged_attack_next_to_an_enemy_asks_for_its_key_again():
    """nm-g5e 12: a ranged attack that provokes an opportunity attack was made on the first Enter, while a
    provoking move or charge asks twice; now it warns first, names who strikes, and Enter again attacks."""
    from tactica.engine.sandbox import card, ranged
    archer = card("Archer", attacks=(ranged("Bow", bonus=7, damage=10, range=8),))
    app = app_for_state(battle(".bA..c", {"A": archer}, active="A", dice=(1,) * 20))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("a")
        await pilot.pause()
        screen.map_view.move_cursor((5, 0))                        # aim at c, b stands next to A
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert not screen.session.state.attack_used and status.warning
        assert "This attack gives Creature b (b) an opportunity attack first" in status.message
        assert "(OA-1)" in status.message and "Press Enter again to attack anyway" in status.message
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.attack_used or screen.session.state.active_uid != "A"
