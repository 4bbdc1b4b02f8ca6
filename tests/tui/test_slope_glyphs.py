"""Slopes on the map (UG-SLIDE): the arrow points the way the slope goes down, and the words for the
square say it; a slope without a way of its own shows that it follows the creature's step."""
from __future__ import annotations

from tactica.engine import TerrainRules
from tactica.tui.preview import terrain_words
from tactica.tui.widgets.map_view import cave_cell


def test_UG_SLIDE_a_slope_is_drawn_with_an_arrow_downhill():
    assert cave_cell(TerrainRules("s", slope=10, downhill="e")) == (" → ", "slope", "slope")
    assert cave_cell(TerrainRules("s", slope=10, downhill="nw"))[0] == " ↖ "
    assert cave_cell(TerrainRules("s", slope=10))[0] == " ↕ "


def test_UG_SLIDE_a_slope_s_words_name_the_way_down():
    assert "slides 10 ft down to the south-west" in terrain_words(TerrainRules("s", slope=10, downhill="sw"))
    assert "slides 5 ft down the way they stepped" in terrain_words(TerrainRules("s", slope=5))
