"""The battle map marks what the optional rule modules add to a move (issue 19): reachable squares
drawn with their own glyph (the dark, ice) marked without colour alone, and the previewed path's
dearer steps with their cost (docs/modules/*.md)."""
from __future__ import annotations

from tactica.engine import Ruleset
from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import MapView
from tests.engine.test_rules_underground import cave

from .conftest import app_for_state


async def test_UG_DARK_reachable_dark_squares_are_marked_without_colour_alone():
    st = cave("""
A00.......
..........
""")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        assert (1, 0) in mv.overlay.reachable
        assert mv._cell3((2, 0))[0] == ":▪:"        # reachable dark: the dots say so, not the colour
        assert mv._cell3((3, 0))[0] == " : "        # reachable clear ground, as before
        mv.move_cursor((5, 1))
        await pilot.pause()
        assert mv._cell3((5, 1))[0] == "[o]"        # the cursor on the previewed path's end


async def test_G35_HAMPER_the_path_shows_the_hampered_step_with_its_cost():
    st = battle("""
###.###
###.###
###^###
###.###
###A###
""", active="A", rules=Ruleset(modules=("grid35",)))
    st.attack_used = True
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        mv.move_cursor((3, 0))
        await pilot.pause()
        assert [mv._cell3((3, y))[0] for y in (3, 2, 1)] == [" o ", "o2 ", " o "]


async def test_the_side_panel_names_the_cursor_square_as_the_log_does():
    from tactica.client.battle_words import square_words
    st = cave("""
A00.......
..........
""")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        mv.move_cursor((2, 0))
        await pilot.pause()
        assert str(app.screen.cursor_line.render()) == "c3 r1 · Dark Gallery"  # the panel's 25 columns: the name whole
        mv.move_cursor((4, 1))
        await pilot.pause()
        assert str(app.screen.cursor_line.render()) == "c5 r2"  # one form across the map (s16 B4)
    assert square_words(st, (2, 0)) == "column 3, row 1 · Dark Gallery"
    assert square_words(st, (2, 0), 20) == "c3 r1 · Dark Gallery"   # the kind's name whole (nm-ug)
    assert square_words(st, (2, 0), 15) == "c3 r1 · Dark G…"


async def test_rulers_number_the_columns_and_rows_as_the_log_does_and_stay_while_the_map_scrolls():
    board = "\n".join("A" + "." * 29 if y == 0 else "." * 29 + "b" if y == 21 else "." * 30 for y in range(22))
    app = app_for_state(battle(board, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        mv.move_cursor((0, 0))
        await pilot.pause()
        before = mv.render_line(0).text
        await pilot.press("number_sign")
        await pilot.pause()
        assert mv.rulers
        top = mv.render_line(0).text
        assert top.startswith("    1  2  3  4  5") and top != before
        assert mv.render_line(1).text.startswith(" 1  A ")        # row 1, then the map's first row
        assert mv.in_view((0, 0))
        mv.move_cursor((22, 8))                                     # "column 23, row 9": the view scrolls
        await pilot.pause()
        assert mv.in_view((22, 8))
        top = mv.render_line(0).text
        assert " 23 " in top and top.startswith("   ")              # the ruler follows the scrolled view
        rows = [mv.render_line(y).text[:3] for y in range(1, mv.size.height)]
        assert " 9 " in rows                                         # its row number down the left
        line = mv.render_line(rows.index(" 9 ") + 1).text
        at = top.index(" 23 ") + 1
        assert line[at:at + 3] == "[.]"                             # the cursor under column 23, on row 9
        await pilot.press("number_sign")
        await pilot.pause()
        assert not mv.rulers and not mv.render_line(0).text.startswith("    1  2")
