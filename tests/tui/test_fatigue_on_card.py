"""The underground module's fatigue on the stat card stays on screen at 80×24 (nm-ug 9: the card's
last lines said "Height 6 ft  Fatigue" and the value fell below the side panel; UG-FATIGUE)."""
from __future__ import annotations

import pytest

from tactica.client.content import load_battle
from tactica.client.factory import BattleFactory
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen


def _echoing_deep() -> TacticaApp:
    """A hot-seat battle on the shipped underground map (Echoing Deep) with the default warbands."""
    from tactica import content
    path = {p.stem: p for p in content.shipped_maps()}["echoing-deep"]
    wbs, maps = load_battle([str(path)], None)
    return TacticaApp(BattleFactory(wbs, maps, seed=7))


def _fatigue_row(screen: BattleScreen) -> tuple[int, str]:
    """The row of the side panel's card box (0: its first visible row) that says the fatigue of the
    card's creature, and that row's words; (-1, "") when the card says none."""
    card = screen.stat_card
    lines = card.render().plain.split("\n")
    top = card.region.y - screen.card_box.region.y
    for n, line in enumerate(lines):
        if line.startswith("Fatigue"):
            return top + n, line
    return -1, ""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_ug_fatigue_the_fatigue_line_of_every_creature_is_on_screen(size):
    app = _echoing_deep()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # who goes first
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        st = screen.session.state
        seen = 0
        for c in st.creatures:
            if c.pos is None or not c.alive:
                continue
            screen.map_view.move_cursor(c.pos)
            await pilot.pause()
            assert screen.stat_card.creature is not None and screen.stat_card.creature.uid == c.uid
            row, words = _fatigue_row(screen)
            assert 0 <= row < screen.card_box.region.height, (c.uid, row, screen.card_box.region.height)
            assert "fresh" in words, (c.uid, words)  # the value on the same row as its title
            seen += 1
        assert seen >= 10  # both warbands
