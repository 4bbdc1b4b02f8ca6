"""How the battle map draws squares a newcomer must tell apart: side-by-side creatures, Large
footprints, VP zones, the view following the creature that acts, the first-player question's place."""
from __future__ import annotations

import pytest
from rich.color import ColorSystem

from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import MapView

from .conftest import app_for_state

SIZES = [(80, 24), (120, 40), (200, 60)]


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
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        mv.move_cursor((0, 3))  # the cursor's reverse video elsewhere
        await pilot.pause()
        cells = [mv._cell3(sq) for sq in ((1, 1), (2, 1), (3, 1))]
        assert "".join(text for text, _ in cells) == "GA3BR1GA1"
        for system in (None, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
            shades = [_shade(style, system) for _, style in cells]
            assert shades[0] != shades[1] and shades[1] != shades[2], (system, shades)
        weights = [bool(style.bold) for _, style in cells]
        assert weights[0] != weights[1] != weights[2]
