"""The battle screen takes its breakpoint class when it is made (issue 21: a faster first frame): the
resize Textual sends before the first frame then changes no class, so its widgets are styled once less."""
from __future__ import annotations

import pytest

from tactica.client.battle_sizes import NARROW, WIDE
from tactica.tui.screens.battle import BattleScreen, breakpoint_class

from .conftest import make_app


@pytest.mark.parametrize(("width", "expected"), [(80, "-narrow"), (NARROW - 1, "-narrow"), (NARROW, "-normal"),
                                                 (WIDE - 1, "-normal"), (WIDE, "-wide"), (300, "-wide")])
def test_the_breakpoint_class_of_a_width(width, expected):
    assert breakpoint_class(width, BattleScreen.HORIZONTAL_BREAKPOINTS) == expected


@pytest.mark.parametrize(("size", "expected"), [((80, 24), "-narrow"), ((120, 40), "-normal"), ((170, 50), "-wide")])
async def test_a_battle_screen_is_made_with_the_class_its_first_resize_gives_it(size, expected):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = next(s for s in app.screen_stack if isinstance(s, BattleScreen))  # under its first question
        assert expected in shown.classes
        made = BattleScreen(shown.session)  # not mounted: no resize has reached it
        others = {"-narrow", "-normal", "-wide"} - {expected}
        assert expected in made.classes and not others & set(made.classes)
        assert not others & set(shown.classes)
