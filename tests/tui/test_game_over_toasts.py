"""No "Roll" toast is drawn over the game-over box (the winner screen)."""
from __future__ import annotations

from tactica.engine.sandbox import battle, card, melee
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.winner import WinnerScreen

from .conftest import app_for_state


def last_blow_battle():
    """A next to b; A's axe destroys b, the last enemy: the battle ends."""
    axe = card("Axeman", attacks=(melee("Axe", bonus=20, damage=50),))
    return battle("Ab", {"A": axe}, active="A", dice=(15,) * 8, hp={"b": 5})


async def win_the_battle(pilot, app) -> None:
    """A attacks b, the last enemy falls, and the winner screen comes."""
    await pilot.press("right", "a", "enter")
    for _ in range(20):
        if isinstance(app.screen, WinnerScreen):
            break
        await pilot.pause(0.05)
    assert isinstance(app.screen, WinnerScreen)


async def test_the_winning_roll_leaves_no_toast_over_the_winner_screen():
    app = app_for_state(last_blow_battle())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.notify("an earlier roll", title="Roll")     # a toast still up when the battle ends
        await win_the_battle(pilot, app)
        assert screen.session.state.winner == 0
        assert "HIT" in "\n".join(screen.query_one("BattleLog").lines_written)  # the roll is in the log
        assert len(app._notifications) == 0


async def test_page_up_on_the_winner_screen_reads_how_the_battle_ended():
    """SCN-ASSAULT: the result screen reads back the battle log (Page Up), the final blow at the
    bottom; Esc comes back to the result."""
    from tactica.tui.screens.log_reader import LogReader
    app = app_for_state(last_blow_battle())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await win_the_battle(pilot, app)
        await pilot.press("pageup")
        await pilot.pause()
        reader = app.screen
        assert isinstance(reader, LogReader)
        assert "Esc: back to the result" in str(reader.query_one("#reader-title").render())
        assert any("HIT" in line.text and "destroyed" in line.text for line in reader.lines[-4:])
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, WinnerScreen)
