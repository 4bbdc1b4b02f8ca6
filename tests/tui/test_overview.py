"""v: the whole map at once (nm-tut 14, nm-g5e 9: at 80×24 a 30×22 map shows 17 of its columns, the
enemy off-screen); Enter there moves the battle map's cursor and view."""
from __future__ import annotations

from tactica import content
from tactica.client.content import load_battle
from tactica.client.factory import BattleFactory
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.overview import MapOverview, short_labels


def test_short_labels_keep_the_sides_case_and_tell_creatures_apart():
    codes = short_labels(["BR1", "bt1", "bt2", "he1", "hi1", "ho1", "ho2", "GA1", "AN1"])
    assert (codes["bt1"], codes["bt2"], codes["GA1"], codes["AN1"]) == ("b1", "b2", "G1", "A1")
    assert codes["BR1"] == "BR"                                   # b1 / B1 would differ by case only
    assert (codes["he1"], codes["hi1"], codes["ho1"]) == ("he", "hi", "h1")   # h1 three times: their letters
    assert len({code.lower() for code in codes.values()}) == len(codes)


def test_scn_multi_short_labels_of_the_default_battle_differ_by_a_letter():
    """The overview's codes of the default battle's creatures: no two differ only by letter case."""
    from tactica.engine import new_game
    wbs, the_map = content.default_battle()
    state, _ = new_game(wbs, (the_map,), seed=1)
    codes = short_labels([c.label for c in state.creatures])
    assert len({code.lower() for code in codes.values()}) == len(codes), codes
    state, _ = new_game((wbs[1], wbs[1]), (the_map,), seed=1)                  # a mirror match
    codes = short_labels([c.label for c in state.creatures])
    assert len({code.lower() for code in codes.values()}) == len(codes), codes


def _text(screen) -> str:
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


async def test_v_shows_the_whole_map_at_80x24_and_enter_takes_the_view_there():
    path = {p.stem: p for p in content.shipped_maps()}["echoing-deep"]
    wbs, maps = load_battle([str(path)], None)
    app = TacticaApp(BattleFactory(wbs, maps, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")                                 # who goes first
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        mv = battle.map_view
        assert mv.hidden_squares()[0] > 0                          # the left of the cave is out of view
        start = mv.square
        await pilot.press("v")
        await pilot.pause()
        overview = app.screen
        assert isinstance(overview, MapOverview)
        text = _text(overview)
        assert "wa" in text and "SI" in text                       # both armies, on one screen
        assert text.count("\n") <= 23
        await pilot.press("escape")                                # back: nothing moved
        await pilot.pause()
        assert app.screen is battle and mv.square == start
        await pilot.press("v")
        await pilot.pause()
        for _ in range(start[0]):
            await pilot.press("h")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is battle and mv.square == (0, start[1])
        assert mv.in_view((0, start[1])) and mv.hidden_squares()[0] == 0


async def test_the_overview_hides_the_battle_screen_at_its_edges():
    """nm-tut (s15): at 80×24 bits of the battle screen (`─◀ 1`, ` Pla`, `▌Bro`) showed at the whole map's
    left and right, through the modal screen's see-through ground: it is opaque."""
    path = {p.stem: p for p in content.shipped_maps()}["echoing-deep"]
    wbs, maps = load_battle([str(path)], None)
    app = TacticaApp(BattleFactory(wbs, maps, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        overview = app.screen
        assert isinstance(overview, MapOverview)
        assert overview.styles.background.a == 1.0


async def test_codes_side_by_side_read_apart_every_other_one_underlined():
    """s22 newcomer: in the overview, two creatures side by side ran together ("hiw1")."""
    from tactica.engine.sandbox import battle
    from tactica.tui.screens.overview import overview_text

    from .conftest import app_for_state
    app = app_for_state(battle("ABC.d\n.....", turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = overview_text(app.screen.map_view, (4, 1))
        under = [any(span.start <= i < span.end and "underline" in str(span.style) for span in text.spans)
                 for i in range(10)]
        assert text.plain.splitlines()[0] == "AABBCC. dd"                # two columns a square
        assert under[:6] == [False, False, True, True, False, False]  # B underlined between A and C
        assert not under[8]                                            # d stands alone
