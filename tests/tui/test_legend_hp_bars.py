"""The side legend names the HP bars under the creatures' labels while the map draws big squares
(issue 20, nm-tut 9: the ▀▀▀ bars were guessed; HP-2: green, red once bloodied)."""
from __future__ import annotations

from tactica.engine.sandbox import battle
from tactica.tui.screens.battle_layout import legend

from .conftest import app_for_state


def test_hp_2_the_legend_names_the_hp_bars_only_when_the_map_draws_them():
    maps = battle("A..b").maps
    with_bars = legend(maps, hp_bars=True)
    assert "x charge  ░ area  [ansi_bright_green]▀▀[/][ansi_bright_red]▀[/] HP" in with_bars
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


def test_the_legends_colours_are_all_read_by_textuals_markup_in_every_themes_style_table():
    """The legend is Textual markup: a Rich colour name it cannot read ("bright_blue") drew the zone
    marks, the aura, the threat marks and the HP sample with no colour at all (s18)."""
    from textual.content import Content
    from textual.markup import parse_style

    from tactica.tui.widgets.map_view import ANSI_STYLES, HIGH_CONTRAST_STYLES, LIGHT_STYLES, STYLES

    maps = battle("A..b").maps
    for table in (STYLES, {**STYLES, **ANSI_STYLES}, {**STYLES, **LIGHT_STYLES}, {**STYLES, **HIGH_CONTRAST_STYLES}):
        text = legend(maps, zones=((0, "P1"), (1, "P2")), styles=table, hp_bars=True)
        spans = Content.from_markup(text).spans
        assert len(spans) >= 7  # two zones, the HP sample (2), the aura, three threat marks
        for span in spans:
            parse_style(str(span.style))  # raises ColorParseError for a name Textual does not know
