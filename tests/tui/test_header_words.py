"""The header says the activations left in the same words all battle at a given width: "2
activations left" where the widest label fits with them, else "· 2 left" on every turn (the AI's
thinking note included), never one on the human's turn and the other on the AI's; and only the
activations the player can use."""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_header import BattleHeader, header_text
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_against_ai, app_for_state

BOARD = "A.B...\n......\n....cd"


def _header(app) -> str:
    """The header row as drawn now."""
    return list(app.screen._compositor.render_strips())[0].text


async def _both_turns(pilot, app) -> tuple[str, str]:
    """The header on the human's turn, then with the AI's note in the turn label's place."""
    await pilot.pause()
    header = app.screen.query_one(BattleHeader)
    human = _header(app)
    header.note = "AI (greedy) is thinking…"
    await pilot.pause()
    return human, _header(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_activations_left_read_the_same_on_every_turn(size):
    """Against the AI, at each size, the human's turn and the AI's note use the same words."""
    app = app_against_ai(battle(BOARD), pace=5.0)
    async with app.run_test(size=size) as pilot:
        human, ai = await _both_turns(pilot, app)
        assert "2 activations left" in human or "· 2 left" in human, human
        assert not ("activations left" in human and "· 2 left" in ai), (human, ai)
        assert not ("· 2 left" in human and "activations left" in ai), (human, ai)
        if size != (80, 24):  # (at 80 columns the AI's note leaves no room for the count at all)
            assert ("activations left" in human) == ("activations left" in ai), (human, ai)
        if size == (120, 40):  # the AI's label takes the room: the short words all battle
            assert "· 2 left" in human
        if size == (200, 60):
            assert "2 activations left" in human and "2 activations left" in ai


async def test_hot_seat_keeps_the_long_words_where_a_battle_against_the_ai_would():
    """Hot-seat has room for "2 activations left" where the AI's words would fit too (140 columns);
    at 120 it says "· 2 left", as a battle against the AI does there."""
    app = app_for_state(battle(BOARD))
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        assert "2 activations left" in _header(app)
    app = app_for_state(battle(BOARD))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "· 2 left" in _header(app)


async def test_the_header_shows_only_the_activations_the_player_can_use():
    st = battle("A.B\n...\n..c")
    st.creature("B").activated = True                     # one creature left, two activations in the turn
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        text = header_text(screen.query_one(BattleHeader).state).plain
        assert "1 activation left" in text and "2 activations" not in text
        assert "(1 activation left this turn)" in screen.query_one(StatusLine).message


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (200, 60)])
async def test_hot_seat_and_against_the_ai_read_the_same(size):
    """The header's forms (compact or full, "activations left" or "· left") do not depend on who
    plays: at each width a hot-seat battle reads as one against the AI (issue 20)."""
    hot = app_for_state(battle(BOARD))
    async with hot.run_test(size=size) as pilot:
        await pilot.pause()
        hot_seat = _header(hot)
    ai = app_against_ai(battle(BOARD), pace=5.0)
    async with ai.run_test(size=size) as pilot:
        await pilot.pause()
        against = _header(ai)
    assert "hot-seat" in hot_seat and "vs AI" in against
    left = "2 activations left" if "2 activations left" in against else "· 2 left"
    assert left in hot_seat and left in against, (hot_seat, against)
    assert ("Round" in hot_seat) == ("Round" in against), (hot_seat, against)
