"""How the battle map draws squares a newcomer must tell apart: side-by-side creatures, Large
footprints, VP zones, the view following the creature that acts, the first-player question's place."""
from __future__ import annotations

import pytest
from rich.color import ColorSystem

from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import MapView

from .conftest import app_for_state

SIZES = [(80, 24), (120, 40), (200, 60)]


async def _map_with_cursor_on(pilot, app, square) -> MapView:
    """The battle screen's map once drawn, with the cursor moved to ``square`` (column, row) and drawn again."""
    await pilot.pause()
    mv = app.screen.query_one(MapView)
    mv.move_cursor(square)
    await pilot.pause()
    return mv

def _shade(style, system: ColorSystem | None) -> tuple:
    """What tells a square apart: its background (in ``system``'s colours) and the weight of its text."""
    bg = style.bgcolor
    if bg is not None and system is not None:
        bg = bg.downgrade(system)
    return (bg.name if bg is not None else None, bool(style.bold))


def _three_in_a_row(active: str | None = None):
    st = battle("......\n.ABC..\n......\n....d.", active=active)
    for uid, label in zip("ABC", ("GA3", "BR1", "GA1")):
        st.creature(uid).label = label
    return st


@pytest.mark.parametrize("active", [None, "B"])
async def test_side_by_side_labels_stay_apart_in_every_colour_depth(active):
    """Three creatures side by side ("GA3BR1GA1"): each square's background and text weight differ
    from its neighbour's, in full colour, in 256 and in 16 colours, and without colour (weight)."""
    app = app_for_state(_three_in_a_row(active))
    async with app.run_test(size=(80, 24)) as pilot:
        mv = await _map_with_cursor_on(pilot, app, (0, 3))  # the cursor's reverse video elsewhere
        cells = [mv._cell3(sq) for sq in ((1, 1), (2, 1), (3, 1))]
        assert "".join(text for text, _ in cells) == "GA3BR1GA1"
        for system in (None, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
            shades = [_shade(style, system) for _, style in cells]
            assert shades[0] != shades[1] and shades[1] != shades[2], (system, shades)
        weights = [bool(style.bold) for _, style in cells]
        assert weights[0] != weights[1] != weights[2]


def _block(mv: MapView, x0: int, y0: int, cols: int, rows: int) -> list[str]:
    """The text the map draws for squares x0..x0+cols-1, y0..y0+rows-1 (each terminal row of them)."""
    lines = []
    for y in range(y0, y0 + rows):
        for sub in range(mv._ch):
            lines.append("".join(mv._cell((x, y), sub).text for x in range(x0, x0 + cols)))
    return lines


@pytest.mark.parametrize("size", SIZES)
async def test_mov_13_large_footprint_is_framed_at_every_cell_size(size):
    """Two Large creatures side by side and one below: each 2×2 footprint is outlined by its own frame,
    so every one of its four squares reads as that creature's, in any colour depth."""
    from tactica.engine.sandbox import card
    ogre = card("Ogre", size=2)
    st = battle("LLMM..\nLLMM..\nNN....\nNN...d", {"L": ogre, "M": ogre, "N": ogre})
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        mv = await _map_with_cursor_on(pilot, app, (5, 0))
        lines = _block(mv, 0, 0, 4, 4)
        if mv._cw == 3:
            assert lines == [" L ──┐ M ──┐",
                             "└────┘└────┘",
                             " N ──┐      ",
                             "└────┘      "]
        else:
            top, bar, low, edge = lines[0], lines[1], lines[2], lines[3]
            assert top.startswith("┌ L ") and top[5:10] == "────┐" and top[10:14] == "┌ M "
            assert bar[0] == "│" and bar[9] == "│" and bar[10] == "│" and bar[19] == "│"
            assert low[0] == "│" and low[9] == "│" and low[1:9].strip() == ""
            assert edge[:10] == "└────────┘" and edge[10:20] == "└────────┘"
        # All four squares of a footprint share the creature's colours.
        styles = {mv._cell((x, y)).style for x in (0, 1) for y in (0, 1)}
        assert len(styles) == 1


async def test_the_view_follows_the_ai_creature_that_acts_without_moving_the_cursor():
    """At 80×24 a 40-square map scrolls: when the AI's creature, far off to the right, activates and
    moves, the view scrolls to it; the human's cursor stays on the human's own creature."""
    from .conftest import app_against_ai, view_home
    board = "\n".join(["A" + "." * 39] + ["." * 40] * 5 + ["." * 38 + "b."])
    # a pace of 1 s: the AI does not act before the test has scrolled home, even on a busy machine
    app = app_against_ai(battle(board, turn_player=1), pace=1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        await view_home(pilot, mv)
        assert not mv.in_view((38, 6))  # the AI's creature starts off screen
        for _ in range(1000):  # until the AI's creature has moved (it waits 1 s a step; slow under load)
            await pilot.pause(0.02)
            b = screen.session.state.creature("b")
            if b.pos != (38, 6):
                break
        b = screen.session.state.creature("b")
        assert b.pos != (38, 6), "the AI did not move"
        for _ in range(500):  # the scroll is a message behind the move: up to 10 s on a loaded machine
            await pilot.pause(0.02)
            b = screen.session.state.creature("b")
            if mv.in_view(b.pos):
                break
        assert mv.in_view(b.pos), (mv.scroll_offset, mv.scrollable_content_region, mv._margin())
        assert mv.square == (0, 0)  # the cursor was not moved


def _screen_rows(mv: MapView) -> list[str]:
    """The map's rows as drawn on the screen now (scroll and margin included)."""
    return [mv.render_line(y).text for y in range(mv.scrollable_content_region.height)]


@pytest.mark.parametrize("size", SIZES)
async def test_scn_assault_each_vp_zone_names_who_scores_there_on_map_and_legend(size):
    """Without the cursor on it, each VP zone shows its owner on the map (◆P1 in P1's zone, ◆P2 in
    P2's) and the legend says who scores there, at every terminal size."""
    zones = {"A": {(6, 1), (7, 1), (6, 2), (7, 2)}, "B": {(1, 1), (2, 1), (1, 2), (2, 2)}}
    st = battle("A.......\n........\n........\n.......b", vp_zones=zones)
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        mv = await _map_with_cursor_on(pilot, app, (0, 3))
        marks = mv.zone_marks()
        assert sorted(marks.values()) == ["◆P1", "◆P2"]
        assert {sq for sq, m in marks.items() if m == "◆P1"} <= zones["A"]
        assert {sq for sq, m in marks.items() if m == "◆P2"} <= zones["B"]
        text = "\n".join(_screen_rows(mv))
        assert "◆P1" in text and "◆P2" in text
        legend_text = str(app.screen.query_one("#legend").render())
        assert "◆P1 P1 scores here" in legend_text and "◆P2 P2 scores here" in legend_text


@pytest.mark.parametrize("size", SIZES)
async def test_who_goes_first_question_leaves_the_whole_map_in_view(size):
    """The round-start question (who goes first) sits below the map, over the status line and the
    log, and does not dim the board: at 80×24, 120×40 and 200×60 no row of the map is covered."""
    from tactica.engine import Phase
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=size) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):
                break
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        battle_screen = app.screen_stack[-2]
        assert battle_screen.session.state.phase is Phase.CHOOSE_FIRST
        box = modal.query_one("Vertical").region
        map_region = battle_screen.map_view.region
        assert box.y >= map_region.bottom, (box, map_region)
        assert box.bottom <= size[1]
        assert modal.styles.background.a == 0  # the board is not dimmed
        assert "who goes first" in str(modal.query_one("#body").render())
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is battle_screen


async def test_at_80x24_shift_arrows_scroll_the_map_under_the_first_player_question():
    """At 80×24 the map does not fit its view: while the docked question waits, shift+arrows scroll
    the map, and the question stays.  (Its title names the
    keys that move the cursor over the map, which scroll it too: Tab, h j k l.)"""
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):
                break
        modal = app.screen
        mv = app.screen_stack[-2].map_view
        assert "Tab, h j k l" in str(modal.query_one("#title").render())
        before = mv.scroll_offset
        # the view opens on the player's own creatures (nm-tut s15): scroll away from the edge it is at
        down = "shift+down" if before.y < mv.max_scroll_y else "shift+up"
        right = "shift+right" if before.x < mv.max_scroll_x else "shift+left"
        await pilot.press(down, right)
        await pilot.pause()
        assert mv.scroll_offset.y != before.y and mv.scroll_offset.x != before.x
        assert app.screen is modal


async def test_a_mover_passing_an_ally_is_drawn_and_the_side_panel_names_the_ally():
    """nm-tut 6, nm-g35 9: while a champion-power question stops a move or charge on an ally's square,
    the mover (the active creature) is drawn there, not the ally, and the side panel names the ally
    it passes (MOV-2, CHG-4)."""
    from tactica.engine.sandbox import battle
    from tactica.tui.widgets.map_view import MapView

    from .conftest import app_for_state
    st = battle("A.B..b", active="B").copy()
    st.own("B").pos = (0, 0)                                       # B on its ally A's square, mid-move
    assert st.creature_at((0, 0)).uid == "A"                       # the state finds the ally first
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        assert mv.creature_drawn((0, 0)).uid == "B"
        assert "B" in mv._cell3((0, 0))[0] and "A" not in mv._cell3((0, 0))[0]
        mv.move_cursor((5, 0))
        await pilot.pause()
        mv.move_cursor((0, 0))
        await pilot.pause()
        assert screen.stat_card.square_note.startswith("B is passing through A's square (MOV-2, CHG-4")
        mv.move_cursor((5, 0))
        await pilot.pause()
        assert "passing through" not in screen.stat_card.square_note


async def test_the_creature_drawn_on_each_square_is_found_once_for_each_state_and_follows_a_new_state():
    """issue 21: the map finds who is drawn where once for each state it draws (not once a square and a
    half): on every square the active creature where it stands, else the state's creature there."""
    st = battle("A.B..b", active="B").copy()
    st.own("B").pos = (0, 0)  # as above: the mover on its ally's square
    app = app_for_state(st.seal())  # read-only, as the engine hands states out
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        shown = mv.state
        for y in range(shown.map.height):
            for x in range(shown.map.width):
                active = shown.active_creature
                expected = active if (x, y) in active.squares else shown.creature_at((x, y))
                assert mv.creature_drawn((x, y)) is expected, (x, y)
        assert shown.sealed and mv._drawn_for is shown  # found once for this state
        moved = shown.copy()
        moved.own("b").pos = (4, 0)  # another state: found again, not the last state's squares
        mv.state = moved.seal()
        assert mv.creature_drawn((4, 0)).uid == "b" and mv.creature_drawn((5, 0)) is None
