"""s17 (ux 6): a battle key pressed while the AI plays said nothing (z especially): the status line's
aside says that the AI is playing and the key works on the player's turn; nothing is queued."""
from __future__ import annotations

from tactica.client.settings import Settings
from tactica.engine.sandbox import battle
from tactica.tui.screens.battle_keys import ai_turn_key_hint

from .conftest import app_against_ai, wait_until

BOARD = "\n".join([".........."] * 2 + ["..A....b.."] + [".........."] * 2)


def test_the_ai_turn_aside_names_the_key_and_what_it_does():
    bound = Settings().bound_keys()
    assert ai_turn_key_hint("z", False, bound) == "The AI is playing — z (Undo) works on your turn"
    assert ai_turn_key_hint("z", True, bound) is None          # a key that works now says nothing
    assert ai_turn_key_hint("escape", False, bound) is None    # a reflex
    assert ai_turn_key_hint("x", False, bound) == "x does nothing here — ? lists the keys"


async def test_z_and_enter_during_the_ais_turn_say_so_and_queue_nothing():
    app = app_against_ai(battle(BOARD, turn_player=1), pace=30.0)  # the AI waits long before it acts
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert await wait_until(pilot, screen.ai_decides)
        state = screen.session.state
        await pilot.press("z")
        assert screen.status_line.aside
        assert screen.status_line.note == "The AI is playing — z (Undo) works on your turn"
        await pilot.press("enter")
        assert screen.status_line.note == "The AI is playing — Enter (Select) works on your turn"
        await pilot.pause()
        assert screen.session.state is state and screen.confirms.pending is None
