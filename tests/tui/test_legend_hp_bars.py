"""The side legend names the HP bars under the creatures' labels while the map draws big squares
(issue 20, nm-tut 9: the ▀▀▀ bars were guessed; HP-2: green, red once bloodied)."""
from __future__ import annotations

from tactica.engine.sandbox import battle
from tactica.tui.screens.battle_layout import legend

from .conftest import app_for_state


def test_hp_2_the_legend_names_the_hp_bars_only_when_the_map_draws_them():
    maps = battle("A..b").maps
    with_bars = legend(maps, hp_bars=True)
    assert "x charge  ░ area  [bright_green]▀▀[/][bright_red]▀[/] HP" in with_bars
    assert len(with_bars.splitlines()) == len(legend(maps).splitlines())  # no row more in the side panel
    assert "HP" not in legend(maps)


async def test_hp_2_the_battle_screens_legend_follows_the_map_squares_size():
    """Pilot: a small map at 120×40 draws big squares (HP bars): the legend names them; at 80×24 a map
    too big for big squares draws none, and the legend says nothing of them."""
    small = app_for_state(battle("A...b\n.....\n....."))
    async with small.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = small.screen
        assert screen.map_view.big_cells
        assert "x charge  ░ area  ▀▀▀ HP" in str(screen.legend_panel.render())
    wide = app_for_state(battle("A" + "." * 28 + "b\n" + ("." * 30 + "\n") * 9))
    async with wide.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = wide.screen
        assert not screen.map_view.big_cells
        assert "HP" not in str(screen.legend_panel.render())
