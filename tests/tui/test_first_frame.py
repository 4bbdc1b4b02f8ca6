"""The battle is on the terminal before its first question's screen is built (issue 21: the first
frame comes sooner; the question follows it)."""
from __future__ import annotations

from tactica.tui.screens.battle import BattleScreen


async def test_the_battle_screen_asks_its_next_question_after_the_apps_first_frame():
    """Until the app has drawn a frame, the battle screen's next decision waits for it
    (``TacticaApp.after_first_frame``); the question (who goes first, seed 7) then comes."""
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app
    app = make_app()  # the demo battle, seed 7: a player of this keyboard says who goes first
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal) and isinstance(app.screen_stack[-2], BattleScreen)
        battle = app.screen_stack[-2]
        app._drawn = False  # as at the start: nothing drawn yet
        battle.decide_next()
        assert app._after_drawn == [battle.decisions.next]


async def test_what_waits_for_the_first_frame_is_called_once_it_is_drawn_and_at_once_after():
    from .conftest import make_app
    app = make_app()
    calls: list[bool] = []
    app.after_first_frame(lambda: calls.append(app._drawn))  # before the app runs: nothing drawn yet
    assert calls == []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert calls == [True]
        app.after_first_frame(lambda: calls.append(app._drawn))
        await pilot.pause()
        assert calls == [True, True]
