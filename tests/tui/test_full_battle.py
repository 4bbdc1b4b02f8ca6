"""A whole battle to a winner through the real app, by key presses alone.

The test looks at the legal actions to decide which keys to press (as a
player reads the screen), but every action goes through the keyboard.
"""
from __future__ import annotations

import time

from tactica.engine import Attack, Charge, Phase
from tactica.engine.geometry import chebyshev
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.winner import WinnerScreen

from .conftest import make_app, skirmish_battle
from .test_battle_screen import walk_cursor


async def play_one_step(pilot, app) -> None:
    screen = app.screen
    if isinstance(screen, ChoiceModal):
        await pilot.press("enter")
        return
    assert isinstance(screen, BattleScreen), screen
    s = screen.session
    st = s.state
    if st.phase is Phase.ACTIVATE:
        await pilot.press("tab", "enter")
    elif st.phase is Phase.ACTING:
        if s.of_type(Attack):
            await pilot.press("a", "enter")
            if screen._confirm is not None:  # a ranged attack next to an enemy provokes (OA-1): Enter again
                await pilot.press("enter")
        elif s.of_type(Charge):
            await pilot.press("c", "enter", "enter")
        elif s.moves() and not st.move_used:
            me = st.active_creature
            enemies = [c.pos for c in st.alive(1 - me.player)]
            dest = min(s.moves(), key=lambda sq: (min(chebyshev(sq, e) for e in enemies), sq))
            await walk_cursor(pilot, screen, dest)
            await pilot.press("m")
            if screen._confirm is not None:  # it provokes opportunity attacks: m again moves anyway
                await pilot.press("m")
        else:
            await pilot.press("e")
    await pilot.pause()


async def test_a_whole_battle_by_keyboard_ends_on_the_winner_screen():
    app = make_app(skirmish_battle, seed=3)
    # A bound against a hang or a many-fold slowdown, in CPU seconds (this process, every thread): the
    # battle takes ~3-4 s of CPU, but 89 s of wall time on a busy machine (load 15), where a wall-time
    # bound of 60 s failed with nothing wrong.
    started = time.process_time()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(600):
            if isinstance(app.screen, WinnerScreen):
                break
            await play_one_step(pilot, app)
        assert isinstance(app.screen, WinnerScreen), "the battle did not end"
        session = app.session
        st = session.state
        assert st.phase is Phase.OVER and st.winner in (0, 1)
        summary = str(app.screen.query_one("#summary").render())
        assert f"Player {st.winner + 1} wins!" in summary
        assert f"VP {st.vp[0]}–{st.vp[1]}" in summary
        assert "round" in summary
        # n starts a new battle on a fresh battle screen
        await pilot.press("n")
        await pilot.pause()
        assert app.session is not session
        assert isinstance(app.screen, (ChoiceModal, BattleScreen))
    assert time.process_time() - started < 60
