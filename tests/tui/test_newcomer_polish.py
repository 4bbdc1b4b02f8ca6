"""What a newcomer found playing against the AI: target order, activations left, intent after
resume, the VP zone note, the cancelled opportunity-attack warning, help over the first-player dialog."""
from __future__ import annotations

from tactica.engine.sandbox import battle
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_header import BattleHeader, header_text
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state


async def test_RND_2_the_header_shows_only_the_activations_the_player_can_use():
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
