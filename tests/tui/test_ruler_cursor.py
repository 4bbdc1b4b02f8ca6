"""Reading a creature's column off the map (issue 20, nm s16 B7: "a label like ``hi₁`` occupies the right
part of one cell and the next", and a column was misread).

On the small squares (three columns) a label fills its square's three columns exactly, so two labels side
by side touch (``bt₃wa₁``): no blank column fits between them without losing squares from the view (a
30-column map at 120×40 would no longer show whole).  So the label stays as it is, each column's number
in the top ruler stands with its last digit over the label's middle letter, and with the rulers on (#) the
cursor's column number and row number are marked (reverse video), so a player puts the cursor on a creature
and reads its column and row straight above and beside it."""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import RULER_CURSOR, MapView

from .conftest import app_for_state

#: 30×8 (as wide as Crossroads Ruin): bt3 and wa1 side by side at columns 12 and 13 of row 8.
ROWS = ["A" + "." * 29] + ["." * 30] * 6 + ["." * 11 + "bc" + "." * 17]


def _marked(strip, upto: int = 1 << 16) -> list[tuple[int, str]]:
    """(column, text) of each segment of ``strip`` before column ``upto`` drawn in the cursor's ruler
    style (the map's own squares after the row ruler: the cursor's square is reverse too)."""
    out, at = [], 0
    for seg in strip:
        if at < upto and seg.style is not None and seg.style.reverse and seg.style.bold and seg.text.strip():
            out.append((at, seg.text))
        at += len(seg.text)
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_with_the_rulers_the_cursor_s_column_and_row_are_marked_over_and_beside_its_label(size):
    st = battle("\n".join(ROWS), turn_player=0)
    st.creature("b").label, st.creature("c").label = "bt3", "wa1"
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        assert mv._cw == 3                                   # the small squares: labels touch
        mv.toggle_rulers()
        await pilot.pause()
        for uid, column, label in (("c", 13, "wa₁"), ("b", 12, "bt₃")):
            mv.move_cursor(st.creature(uid).pos)
            await pilot.pause()
            lines = [mv.render_line(y) for y in range(mv.size.height)]
            ruler = lines[0]                                     # the column ruler
            y = next(y for y, line in enumerate(lines) if label in "".join(seg.text for seg in line))
            row = lines[y]                                       # the map's row 8, wherever the view is
            text = "".join(seg.text for seg in row)
            middle = text.index(label) + 1                   # the label's middle letter
            ((at, number),) = _marked(ruler)
            assert number == str(column) and at + len(number) - 1 == middle, (number, at, middle)
            ((at, number),) = _marked(row, 3)
            assert (at, number) == (0, " 8")                  # the row's number, at the left
            assert _marked(lines[y - 1], 3) == []            # the rows round it are plain
        assert RULER_CURSOR.reverse
