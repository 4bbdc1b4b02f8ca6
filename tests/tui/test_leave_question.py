"""s17 (ux 1, 8): q in a battle asks once before it leaves, in the status line, in the tutorial's form
("Leave the battle? It is saved: … q again or y leaves, any other key stays."); any other key only
withdraws the question; q again or y leaves; Ctrl+C still saves and leaves at once with 130."""
from __future__ import annotations

from tactica.client.battle_words import battle_kept, leave_words
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.choice import ChoiceModal

from .conftest import answer_questions, make_app, skirmish_battle


def test_the_leave_question_has_one_form_for_a_battle_and_the_tutorial():
    assert leave_words("battle", "It is saved: 'tactica resume' goes on from there") == (
        "Leave the battle? It is saved: 'tactica resume' goes on from there. q again or y leaves, any "
        "other key stays.")
    assert leave_words("tutorial", "Kept", "x").endswith("Kept. x again or y leaves, any other key stays.")


async def _battle(pilot, app) -> BattleScreen:
    await answer_questions(pilot, app)
    screen = app.screen
    assert isinstance(screen, BattleScreen)
    return screen


async def test_q_in_a_battle_asks_first_and_another_key_only_withdraws_the_question():
    app = make_app(skirmish_battle, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        state = screen.session.state
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert screen.leaving and screen.status_line.warning
        expected = leave_words("battle", battle_kept(screen.session, False))
        assert screen.status_line.message == expected
        assert "r" not in {k.key for k in app.screen.active_bindings.values() if k.binding.action == "rules_named"}
        await pilot.press("enter")  # not a yes: the question goes, and Enter does nothing on the map
        await pilot.pause()
        assert not screen.leaving and app.is_running
        assert screen.session.state is state and "Leave the battle?" not in screen.status_line.message
        await pilot.press("q", "q")
        await pilot.pause()
        assert not app.is_running


async def test_y_answers_the_leave_question_too():
    app = make_app(skirmish_battle, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        await pilot.press("y")  # a diagonal cursor key before the question: it moves the cursor only
        await pilot.pause()
        assert app.is_running and not screen.leaving
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_q_under_a_battles_question_asks_first_too():
    app = make_app(skirmish_battle, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, ChoiceModal)  # who goes first
        question = app.screen
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and app.screen is question and question.leaving
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_c_still_leaves_at_once_with_130():
    app = make_app(skirmish_battle, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _battle(pilot, app)
        await pilot.press("q")  # even with the question up
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 130


async def test_y_typed_right_after_q_leaves_and_moves_no_cursor():
    """In tmux "q y" sent at once: the y reached the map's binding (a diagonal cursor move) before the q's
    binding had asked; the screen asks as it sees q, so the y that follows answers it."""
    app = make_app(skirmish_battle, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        square = screen.map_view.square
        from textual import events
        for key in ("q", "y"):  # posted at once (the pilot's press waits between keys)
            app.post_message(events.Key(key, key))
        for _ in range(50):
            await pilot.pause(0.01)
            if not app.is_running:
                break
        assert not app.is_running and screen.map_view.square == square
