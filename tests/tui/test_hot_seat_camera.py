"""At 80×24 in hot-seat the camera follows the player who decides: at each pick of a creature the
cursor is on one of that player's creatures and inside the visible map (issue 20)."""
from __future__ import annotations

import argparse

from tactica.ai.bots import make_bot
from tactica.client.factory import make_factory
from tactica.engine import Phase
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen

from .conftest import answer_questions


def _visible(mv, square) -> bool:
    view, (x0, y0) = mv.scrollable_content_region, mv.scroll_offset
    x, y = mv._margin() + square[0] * mv._cw, square[1] * mv._ch
    return x0 <= x and x + mv._cw <= x0 + view.width and y0 <= y < y0 + view.height


async def test_hot_seat_at_80x24_the_cursor_follows_the_player_who_picks():
    app = TacticaApp(make_factory(argparse.Namespace(map=None, warband=None, seed=5)), handoff=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_questions(pilot, app)
        await pilot.pause()
        screen = app.screen
        bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
        picks = set()
        for _ in range(30):
            if not isinstance(app.screen, BattleScreen):          # the hand-off screen, a power prompt
                await pilot.press("enter")
                await pilot.pause()
                continue
            st, mv = screen.session.state, screen.map_view
            if st.phase is Phase.ACTIVATE:
                here = st.creature_at(mv.square)
                assert here is not None and here.player == st.decider, (mv.square, st.decider)
                assert _visible(mv, mv.square), mv.square
                picks.add(st.decider)
            screen.apply_action(bots[st.decider].choose(st))
            await pilot.pause()
        assert picks == {0, 1}
