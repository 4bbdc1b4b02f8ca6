"""The player's turn starts with the cursor's creature in view: after the AI's turn at 80×24 the view
had followed the AI's creature and the cursor (whose creature the card shows) was left off screen."""
from __future__ import annotations

from tactica.client.modes import Mode
from tactica.engine import Phase
from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import SCROLL_MARGIN

from .conftest import app_against_ai, view_home, view_squares


async def test_after_the_ais_turn_the_cursors_creature_is_in_view_with_the_maps_margin():
    board = "\n".join(["." * 40] * 2 + ["..A" + "." * 37] + ["." * 40] * 24 + ["." * 36 + "b..."] + ["." * 40])
    app = app_against_ai(battle(board, turn_player=1), pace=0.2)  # the AI (b, far off) goes first
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        await view_home(pilot, mv)
        mv.move_cursor((2, 2))                                    # the player looks at A while the AI plays
        st = screen.session.state
        for _ in range(500):                                      # until the player's turn
            await pilot.pause(0.02)
            st = screen.session.state
            if st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides():
                break
        assert st.decider == 0 and screen.ctrl.mode is Mode.PICK
        assert st.creature("b").pos[1] >= 12                      # b acted far below A: the view followed it
        await pilot.pause()
        assert mv.square == (2, 2) and screen.query_one("StatCard").creature.uid == "A"
        assert mv.in_view((2, 2))
        left, right, top, bottom = view_squares(mv)
        mx, my = SCROLL_MARGIN                                   # the margin, as far as the map's edge allows
        assert left <= max(0, 2 - mx) and right >= 2 + mx and top <= max(0, 2 - my) and bottom >= 2 + my
