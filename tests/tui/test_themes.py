"""Themes (issue 20 part 6): Textual's built-in themes and two of tactica's own; the map's sides, zones
and overlays follow the theme and stay apart (by colour in every theme, and by glyph and letter case
without any)."""
from __future__ import annotations

import re

import pytest
from rich.style import Style
from textual.theme import BUILTIN_THEMES

from tactica.client.session import GameSession
from tactica.client.settings import LoadedSettings, Settings
from tactica.engine.sandbox import battle
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.battle_layout import markup_style
from tactica.tui.themes import HIGH_CONTRAST, OWN_THEMES, TERMINAL, theme_names
from tactica.tui.widgets.map_view import ANSI_STYLES, STYLES, styles_for

from .conftest import FixedFactory, SettledApp

ALL_THEMES = {**BUILTIN_THEMES, **{t.name: t for t in OWN_THEMES}}
#: Styles that must look different from each other on one map.
APART = [("p0", "p1"), ("p0", "p0alt"), ("p1", "p1alt"), ("p2", "p3"), ("p0", "p2"), ("zone0", "zone1"),
         ("area0", "area1"), ("p0done", "p1done"), ("active", "target"), ("target", "provoker"),
         ("reach", "shift"), ("threat", "aura"), ("threat", "threat_far"), ("threat_far", "threat_charge")]


def test_the_game_offers_textuals_themes_and_its_own():
    assert set(BUILTIN_THEMES) < theme_names()
    assert {"tactica-terminal", "tactica-high-contrast"} < theme_names()


@pytest.mark.parametrize("name", sorted(ALL_THEMES))
def test_every_theme_keeps_sides_zones_and_overlays_apart(name):
    table = styles_for(ALL_THEMES[name])
    assert set(table) == set(STYLES)
    for a, b in APART:
        assert Style.parse(table[a]) != Style.parse(table[b]), (name, a, b)


def test_the_terminal_theme_draws_the_map_in_the_terminals_own_16_colours():
    table = styles_for(TERMINAL)
    assert table == styles_for(BUILTIN_THEMES["ansi-dark"])
    for name, style in table.items():
        assert "#" not in style, name  # no colour of our own: only the palette the terminal defines
        parsed = Style.parse(style)
        for colour in (parsed.color, parsed.bgcolor):
            assert colour is None or colour.number is None or colour.number < 16, name
    assert ANSI_STYLES["p0"] != ANSI_STYLES["p0alt"]


def test_high_contrast_uses_white_or_black_labels_on_the_sides():
    table = styles_for(HIGH_CONTRAST)
    for side in ("p0", "p1", "p2", "p3"):
        assert re.search(r"#(ffffff|000000) on", table[side])


async def test_a_theme_chosen_redraws_the_map_and_the_legend_in_its_colours():
    state = battle("A...b", active="A")
    app = SettledApp(FixedFactory(GameSession(state=state, seed=0)),
                     settings=LoadedSettings(Settings(theme="tactica-high-contrast"), None, True))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert app.theme == "tactica-high-contrast"
        assert screen.map_view.style_table == styles_for(HIGH_CONTRAST)
        app.theme = "tactica-terminal"
        await pilot.pause()
        assert screen.map_view.style_table == styles_for(TERMINAL)
        legend = str(screen.legend_panel.content)
        assert f"[{markup_style(ANSI_STYLES['threat'])}]!" in legend
        app.theme = "textual-light"
        await pilot.pause()
        assert screen.map_view.style_table["area0"] != STYLES["area0"]


async def test_an_unknown_theme_in_the_settings_leaves_the_default():
    app = SettledApp(FixedFactory(GameSession(state=battle("A...b", active="A"), seed=0)),
                     settings=LoadedSettings(Settings(theme="neon"), None, True))
    async with app.run_test(size=(80, 24)):
        assert app.theme == "textual-dark"


#: The map styles whose ground a threatened square sits beside: every creature's, every zone's and
#: start area's, every other mark's.
BESIDE_THREAT = re.compile(r"(p\d|active|target|picked|provoker|zone|area|reach|shift|aura|template|path|end|deploy)")


def _distance(a: str, b: str) -> float:
    ca, cb = Style.parse(a).bgcolor, Style.parse(b).bgcolor
    assert ca is not None and cb is not None
    return sum((x - y) ** 2 for x, y in zip(ca.get_truecolor(), cb.get_truecolor())) ** 0.5


@pytest.mark.parametrize("name", sorted(ALL_THEMES))
def test_the_threat_ground_is_far_from_every_side_zone_and_mark_in_every_theme(name):
    """tactica-high-contrast drew Player 2's dark creature squares in the threat ground's very red
    (#a00000 both), the default theme 30 apart (issue 20): the threat ground is a grey, at least 60
    apart (RGB distance) from the ground of every creature, zone, start area and other mark."""
    table = styles_for(ALL_THEMES[name])
    for level in ("threat", "threat_far", "threat_charge"):  # the threat view's three levels
        if Style.parse(table[level]).bgcolor is None:  # the terminal's palette: the glyph's colour only
            continue
        for key, style in table.items():
            if BESIDE_THREAT.match(key) and Style.parse(style).bgcolor is not None:
                assert _distance(table[level], style) >= 60, (name, level, key)


async def test_a_threatened_zone_keeps_its_owners_colour_and_an_aura_reads_without_colour():
    from dataclasses import replace

    from tactica.tui.widgets.map_view import MapView, aura_text
    zone = {(3, 1), (4, 1), (3, 2), (4, 2)}
    state = battle("......\n.A....\n......\n.....b", vp_zones={"A": zone, "B": {(0, 3)}})
    app = SettledApp(FixedFactory(GameSession(state=state, seed=0)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        owner = next(iter(mv.zone_marks()))
        plain = next(sq for sq in sorted(zone) if sq != owner)
        zone_text, zone_style = mv._cell3(plain)
        mv.overlay = replace(mv.overlay, threat=frozenset(zone | {(0, 0)}))
        await pilot.pause()
        text, style = mv._cell3(plain)
        assert text == "!" + zone_text[1:] and style == zone_style  # the mark, the owner's colour
        assert mv._cell3((0, 0)) == (" ! ", Style.parse(mv.style_table["threat"]))
        mv.overlay = replace(mv.overlay, threat=frozenset(), aura=frozenset({(0, 0)}))
        await pilot.pause()
        assert mv._cell3((0, 0))[0] == "~.~"
    assert aura_text("◆^ ") == "◆^~" and aura_text(" ^ ") == "~^~"
