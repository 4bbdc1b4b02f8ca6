"""Issue 20, items 3 and 4: marks that used to hide each other on the battle map.

* A VP zone square the active creature can reach (or shift to, or whose path or charge end falls
  there) shows both the zone's ``◆`` and the mark (``:◆:``, ``s◆s``, ``o◆o``, ``x◆x``); the square
  naming the zone's owner (``◆P1``) keeps its words and is underlined in the mark's colour.
* On the small (three-column) squares, side-by-side creature labels are told apart in plain text:
  each label's number is drawn small (``GA₃BR₁GA₁``, not ``GA3BR1GA1``), at 80×24 and at 120×40.
"""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle
from tactica.tui.screens.battle_layout import legend
from tactica.tui.screens.help import HELP
from tactica.tui.widgets.map_view import MapView, small_number, widened

from .conftest import app_for_state

WIDE = 30
"""Map columns: too many for the big squares at 80×24 and at 120×40, so the small ones are drawn."""


def _rows(*lines: str) -> str:
    return "\n".join(line.ljust(WIDE, ".") for line in lines)


async def _map(pilot, app, cursor) -> MapView:
    await pilot.pause()
    mv = app.screen.query_one(MapView)
    mv.move_cursor(cursor)
    await pilot.pause()
    return mv


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_side_by_side_labels_read_apart_without_colour(size):
    """Three creatures side by side on the small squares: each label's number is small, so the row reads
    "GA₃BR₁GA₁" in plain text; a creature alone keeps its letters and case ("d")."""
    st = battle(_rows("......", ".ABC..", "......", "....d."))
    for uid, label in zip("ABC", ("GA3", "BR1", "GA1")):
        st.creature(uid).label = label
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        mv = await _map(pilot, app, (0, 3))
        assert mv._cw == 3
        assert "".join(mv._cell3(sq)[0] for sq in ((1, 1), (2, 1), (3, 1))) == "GA₃BR₁GA₁"
        assert mv._cell3((4, 3))[0] == " d "


def test_small_number_keeps_the_letters_and_their_case():
    assert small_number("BR1") == "BR₁" and small_number("og12") == "og₁₂" and small_number("L") == "L"


def _zone_battle():
    # A (player 1) active at (1,1); player 1's VP zone: (3,1) (4,1) (3,2) (4,2)
    zone = {(3, 1), (4, 1), (3, 2), (4, 2)}
    return battle(_rows("......", ".A....", "......", "......", ".....b"), active="A",
                  vp_zones={"A": zone, "B": {(20, 3)}}), zone


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_reachable_vp_zone_square_shows_the_zone_and_the_reach(size):
    """The active creature can reach every square of its VP zone: each shows ``:◆:`` (the reach's colons
    round the zone's diamond), and the square naming the owner keeps ``◆P1``, underlined."""
    st, zone = _zone_battle()
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        mv = await _map(pilot, app, (1, 1))
        assert zone <= set(mv.overlay.reachable)
        owner = next(iter(mv.zone_marks()))
        assert owner in zone
        for sq in zone - {owner}:
            text, _ = mv._cell3(sq)
            assert text == ":◆:", (sq, text)
        text, style = mv._cell3(owner)
        assert text == "◆P1" and style.underline
        # the zone is told apart from a plain reachable square, and the reach from a plain zone square
        assert mv._cell3((1, 3))[0] == " : "


async def test_shift_and_path_marks_keep_the_zone():
    """A shift square and a previewed path's square in a zone keep the ``◆`` between the marks."""
    st, zone = _zone_battle()
    st2 = battle(_rows("......", "..A...", "......", "......", ".....b"), active="A",
                 vp_zones={"A": zone, "B": {(20, 3)}})
    app = app_for_state(st2)
    async with app.run_test(size=(80, 24)) as pilot:
        mv = await _map(pilot, app, (2, 1))
        shifts = set(mv.overlay.shifts) & zone
        assert shifts
        owner = next(iter(mv.zone_marks()))
        for sq in shifts - {owner}:
            assert mv._cell3(sq)[0] == "s◆s"
        mv.move_cursor((5, 3))  # a path through (3,2) or (4,2)
        await pilot.pause()
        on_path = set(mv.overlay.path) & (zone - {owner})
        assert on_path
        for sq in on_path:
            assert mv._cell3(sq)[0] == "o◆o"


def test_the_legend_and_the_help_say_how_marks_and_labels_read():
    st, _ = _zone_battle()
    text = legend([st.battle_map], zones=((0, "P1"), (1, "P2")))
    assert ":◆: [u]◆P1[/u] zone+mark" in text
    assert "`BR₁`" in HELP and "(`BR₁WA₁`)" in HELP and "`:◆:`" in HELP


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_vp_zone_on_other_ground_keeps_its_diamond_and_names_its_owner(size):
    """Issue 20 (nm-underground F1): a VP zone whose squares are all difficult ground (or dark cave) is
    still drawn as a zone: ``◆`` beside the ground's glyph (``◆^ ``), and one square names its owner."""
    zone = {(3, 1), (4, 1), (3, 2), (4, 2)}
    rows = ["......", "...^^.", "...^^.", "......", ".....b", ".A...."]
    st = battle(_rows(*rows), vp_zones={"A": zone, "B": {(20, 3)}})
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        mv = await _map(pilot, app, (0, 0))
        marks = mv.zone_marks()
        owner = next(q for q in marks if q in zone)
        assert marks[owner] == "◆P1"
        for sq in zone - {owner}:
            assert mv._cell3(sq)[0] == "◆^ ", sq


def test_widened_squares_keep_walls_joined_and_part_the_rest():
    assert widened("███") == "████" and widened("▒▒▒") == "▒▒▒▒"          # walls and rubble join up
    assert widened("█◤ ") == "██◤ " and widened(" ◢█") == " ◢██"          # a diagonal wall's solid side
    assert widened(" . ") == "  . " and widened("!.†") == " !.†" and widened("◆P1") == " ◆P1"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_where_the_map_fits_at_four_columns_a_blank_column_parts_neighbouring_labels(size):
    """Issue 20 (ui-trials, threat view at 120×40: "br3wa1" run together): a 22-column map at 120×40
    (a 12-column one at 80×24) is drawn four columns a square, a blank column before each label, so the
    row reads " br3 wa1" even with the threat view's marks round them; the rulers' numbers stand over
    the squares' glyphs; a 30-column map keeps its three columns (test above)."""
    cols = 22 if size == (120, 40) else 12
    st = battle("\n".join(line.ljust(cols, ".") for line in ("A.....", ".#bc..", "......", "......")),
                turn_player=0)
    st.creature("b").label, st.creature("c").label = "br3", "wa1"
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        mv = await _map(pilot, app, (0, 0))
        assert (mv._cw, mv._ch) == (4, 1)
        await pilot.press("t", "t")                               # the threat view on: all
        await pilot.pause()
        row = "".join(seg.text for seg in mv.render_line(1))[mv._margin():]
        assert row.startswith("  ? ████ br3 wa1  !   !"), row    # (A's own reach has no * in this view)
        mv.toggle_rulers()
        await pilot.pause()
        ruler = "".join(seg.text for seg in mv.render_line(0))
        first = "".join(seg.text for seg in mv.render_line(1))
        assert ruler.index(" 1 ") + 1 == first.index("A")           # column 1's number over its label


async def test_UG_DARK_a_reachable_vp_zone_square_in_the_dark_shows_the_reach():
    """nm-ug finding 8: a VP zone square in the dark is ``◆▪`` out of reach and was ``◆▪`` in reach too;
    in reach it shows ``:◆:`` like a clear zone square (the zone's owner keeps ``◆P1``, underlined)."""
    from dataclasses import replace

    from tactica.engine import CustomTerrain, Geometry, Ruleset, TerrainRules
    dark = CustomTerrain("Dark Gallery", TerrainRules(":", dark=True))
    zone = {(3, 1), (4, 1), (3, 2), (4, 2)}
    st = battle(_rows("......", ".A....", "......", "......", ".....b"), active="A",
                vp_zones={"A": zone, "B": {(20, 3)}}, rules=Ruleset(modules=("underground",)))
    rows = [list(r) for r in st.map.terrain]
    for x, y in zone:
        rows[y][x] = dark
    new = replace(st.map, terrain=tuple(tuple(r) for r in rows))
    st = st.copy()
    st.map, st.geo, st.maps = new, Geometry.for_map(new), (new,)
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        mv = await _map(pilot, app, (1, 1))
        owner = next(iter(mv.zone_marks()))
        in_reach = (zone & set(mv.overlay.reachable)) - {owner}
        assert in_reach
        assert {mv._base(sq)[0] for sq in in_reach} == {"◆▪ "}       # the zone in the dark, out of a move
        assert {mv._cell3(sq)[0] for sq in in_reach} == {":◆:"}
        text, style = mv._cell3(owner)
        assert text.startswith("◆P1") and style.underline
