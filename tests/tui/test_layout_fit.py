"""The battle screen at 80×24, 120×40 and 200×60: a tall log, a readable card, header and footer essentials,
the VP zone note in full."""
from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from tactica.client.content import load_battle
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import LOG_MIN, BattleScreen, body_rows
from tactica.tui.widgets.battle_header import BattleHeader, header_text
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.map_view import MapView

from .conftest import app_for_state


def solo_app(seed: int = 7) -> TacticaApp:
    """``tactica play``: the shipped battle (Crossroads Ruin, 30×22) against the normal AI."""
    wbs, maps = load_battle(None, None)
    return TacticaApp(BattleFactory(wbs, maps, seed=seed, opponent=Opponent(level="normal", player=1)))


async def battle_screen(pilot) -> BattleScreen:
    """Answer the first-player question and return the battle screen."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


def test_body_rows_gives_the_log_what_the_map_does_not_use():
    # 120×40, a 30×22 map drawn small: the map keeps all 22 rows, the log the other 14
    assert body_rows(120, 40, (30, 22), 28, 2) == 22
    # 200×60: the big map (44 rows) fits and leaves the log its 12 rows
    assert body_rows(200, 60, (30, 22), 40, 2) == 44
    # 200×56: it would leave the log 8; the map is drawn small and the log gets 30
    assert body_rows(200, 56, (30, 22), 40, 2) == 22
    # 80×24: the log keeps its minimum, the map everything else (as before)
    assert body_rows(80, 24, (30, 22), 28, 3) == 24 - 2 - 3 - LOG_MIN
    # a small map: the big cells fit with room left for the log
    assert body_rows(200, 60, (22, 15), 40, 2) == 30
    # a tiny map still leaves the stat card 20 rows when there is room
    assert body_rows(120, 40, (3, 1), 28, 2) == 18 and body_rows(200, 60, (3, 1), 40, 2) == 20
    # the rulers' row comes out of the log's: 23 rows at 120×40 (the panel narrowed to 27), 45 at
    # 200×60, where the map stays big
    assert body_rows(120, 40, (30, 22), 27, 2, (3, 1)) == 23
    assert body_rows(200, 60, (30, 22), 40, 2, (3, 1)) == 45


LONG = card("Lorekeeper", attacks=tuple(melee(f"Blade {i}", basic=i == 1) for i in range(1, 5))
            + (ranged("Bolt", range=10),), keywords=("Human", "Wizard", "Scholar", "Keeper", "Archivist"))


async def test_a_long_card_scrolls_from_the_keyboard_and_the_footer_says_so():
    st = battle("A.b", {"A": LONG}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#card-scroll")
        assert box.max_scroll_y > 0                                # longer than its panel
        assert screen.check_action("card_scroll", (1,))             # so "] More card" is in the footer
        assert "More card" in [k.description for k in screen.query(FooterKey)]
        await pilot.press("right_square_bracket")
        assert box.scroll_y > 0
        while box.scroll_y < box.max_scroll_y:
            await pilot.press("right_square_bracket")
        await pilot.press("right_square_bracket")                   # past the end: back to the top
        assert box.scroll_y == 0
        await pilot.press("right_square_bracket")
        assert box.scroll_y > 0 and screen.query_one(MapView).scroll_offset.y == 0
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert box.scroll_y == 0


async def test_a_short_card_has_no_scroll_key():
    st = battle("A.b", active="A")
    app = app_for_state(st)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#card-scroll").max_scroll_y == 0
        assert not screen.check_action("card_scroll", (1,))
        assert "More card" not in [k.description for k in screen.query(FooterKey)]


async def test_a_new_card_is_shown_from_its_top():
    st = battle("A.B.b", {"A": LONG, "B": LONG}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#card-scroll")
        await pilot.press("right_square_bracket")
        assert box.scroll_y > 0
        await pilot.press("right", "right")                        # the cursor onto B: its card from the top
        await pilot.pause()
        assert box.scroll_y == 0


def test_compact_header_keeps_mode_and_seed_in_80_columns():
    wbs, maps = load_battle(None, None)
    st = BattleFactory(wbs, maps, seed=7).quick().state
    full = header_text(st, 7, mode="you: P1 vs AI (normal)")
    short = header_text(st, 7, mode="you: P1 vs AI (normal)", compact=True)
    assert full.cell_len > 80 >= short.cell_len
    assert "you: P1 vs AI (normal)" in short.plain and "seed 7" in short.plain and "VP 0–0/200" in short.plain
    thinking = header_text(st, 7, note="AI (normal) is thinking…", mode="you: P1 vs AI (normal)", compact=True)
    assert thinking.cell_len <= 80 and "seed 7" in thinking.plain


@pytest.mark.parametrize("size, log_rows, map_rows", [((80, 24), 5, 14), ((120, 40), 14, 22), ((200, 60), 12, 44)])
async def test_log_grows_with_the_terminal_and_header_mode_seed_and_help_stay_visible(size, log_rows, map_rows):
    app = solo_app()
    async with app.run_test(size=size) as pilot:
        screen = await battle_screen(pilot)
        # the log takes the rows the map does not need (the big map at 200×60 leaves it 12); 14 map rows at 80×24
        assert screen.query_one(BattleLog).region.height == log_rows
        assert screen.query_one(MapView).region.height == map_rows
        await pilot.press("tab", "enter")                          # activate: the footer fills up
        await pilot.pause()
        header = screen.query_one(BattleHeader)
        shown = str(header.render())
        assert len(shown) <= size[0] and "vs AI (normal)" in shown and "seed 7" in shown
        help_key = next(k for k in screen.query(FooterKey) if k.action == "help")
        region = help_key.region
        assert region.width >= len("? Help") and region.right <= size[0]
        assert "Help" in str(help_key.render())
        if size[0] < 110:                                          # short labels on a narrow terminal
            assert "End" in [k.description for k in screen.query(FooterKey)]


def side_panel_text(screen) -> str:
    """The words the screen shows right of the map's border (the side panel), joined by spaces."""
    strips = screen._compositor.render_strips()
    side = screen.query_one("#side").region
    return " ".join(" ".join(s.text[side.x + 1:side.right - 1].split()) for s in strips[side.y:side.bottom])


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_vp_zone_note_is_drawn_in_full(size):
    from tactica.tui.screens.battle import zone_note
    st = battle("A.......\n........\n.......b", vp_zones={"A": {(6, 1)}, "B": {(1, 2)}})
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.map_view.square == (0, 0)
        await pilot.press("down", *["right"] * 5)        # empty squares first: the short hint
        await pilot.press("right")                       # then Player 1's VP zone
        assert screen.map_view.square == (6, 1)
        await pilot.pause()
        note = zone_note(st, (6, 1))
        assert note.startswith("◆ Player 1's VP zone")
        await pilot.pause()
        assert " ".join(note.split()) in side_panel_text(screen)


def _map_battle(stem: str):
    from tactica import content
    path = {p.stem: p for p in content.shipped_maps()}[stem]
    return load_battle([str(path)], None)


def _wide_cave():
    """A 31×22 cave (a column wider than the shipped maps): A in the first column, b in the last."""
    rows = [["."] * 31 for _ in range(22)]
    rows[0][0], rows[21][30] = "A", "b"
    return battle("\n".join("".join(r) for r in rows))


async def _whole_map(app, size, rulers: bool):
    """Run ``app`` at ``size`` (the rulers on when ``rulers``); return (hidden squares, side panel
    columns, map rows, log rows, the map's cell size)."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        if rulers:
            await pilot.press("number_sign")
        await pilot.pause()
        await pilot.pause()
        mv = screen.query_one(MapView)
        return (mv.hidden_squares(), screen.query_one("#side").region.width, mv.region.height,
                screen.query_one(BattleLog).region.height, (mv._cw, mv._ch), mv.border_subtitle or "")


@pytest.mark.parametrize("rulers, side, log_rows", [(False, 28, 14), (True, 27, 13)])
async def test_echoing_deep_shows_whole_at_120x40_with_or_without_its_rulers(rulers, side, log_rows):
    """Echoing Deep (30×22) at 120×40: every square shows, no edge bar; the rulers take a row of
    the log's and a column of the side panel's (issue 19: one column and two rows were hidden)."""
    wbs, maps = _map_battle("echoing-deep")
    hidden, side_cols, map_rows, log, cell, bar = await _whole_map(
        TacticaApp(BattleFactory(wbs, maps, seed=7)), (120, 40), rulers)
    assert hidden == (0, 0, 0, 0) and bar == ""
    assert (side_cols, map_rows, log) == (side, 22 + rulers, log_rows) and cell == (3, 1)


async def test_a_31_column_cave_shows_whole_at_120x40_with_its_rulers():
    hidden, side_cols, map_rows, log, cell, bar = await _whole_map(app_for_state(_wide_cave()), (120, 40), True)
    assert hidden == (0, 0, 0, 0) and bar == "" and side_cols == 24 and map_rows == 23


@pytest.mark.parametrize("rulers", [False, True])
async def test_echoing_deep_stays_big_at_200x60_with_its_rulers(rulers):
    wbs, maps = _map_battle("echoing-deep")
    hidden, side_cols, map_rows, log, cell, bar = await _whole_map(
        TacticaApp(BattleFactory(wbs, maps, seed=7)), (200, 60), rulers)
    assert hidden == (0, 0, 0, 0) and cell == (5, 2) and side_cols == 40 and map_rows == 44 + rulers


@pytest.mark.parametrize("size, log_rows", [((80, 24), 5), ((116, 40), 12)])
async def test_echoing_deep_scrolls_with_the_rulers_and_the_edge_bar_names_the_hidden_side(size, log_rows):
    """At 80×24, and at 116×40 where the rulers make the map five columns too wide, the map scrolls;
    the edge bar names the columns hidden on the side they are hidden (the view is on the cursor's
    creature at the right: the hidden columns are on the left; the bar said "◀ 1 col" while the
    right column was the one cut)."""
    wbs, maps = _map_battle("echoing-deep")
    hidden, side_cols, map_rows, log, cell, bar = await _whole_map(
        TacticaApp(BattleFactory(wbs, maps, seed=7)), size, True)
    left, right, up, down = hidden
    assert left > 0 and right == 0 and side_cols == 28 and log == log_rows
    assert f"◀ {left} cols" in bar and "▶" not in bar
