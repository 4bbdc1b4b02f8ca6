"""Tab while a creature acts, and the key back to it (issue 20, s15: Tab put the cursor on an enemy far
out of reach, with no key back to the active creature).  Tab goes from the active creature to the
enemies it can attack or charge from where it stands, nearest first, then back to it; with none in
reach, to every enemy nearest first.  Esc brings the cursor back to the active creature; the footer
offers it while the cursor is off it."""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle

from .conftest import app_for_state

#: 40×12: A acts at column 6, row 6; b beside it, c in charge reach, d and e far off.
ROWS = [["."] * 40 for _ in range(12)]
ROWS[5][5], ROWS[5][6], ROWS[5][10], ROWS[0][38], ROWS[11][38] = "A", "b", "c", "d", "e"
BOARD = "\n".join("".join(r) for r in ROWS)


def _footer_actions(app) -> set[str]:
    from textual.widgets._footer import FooterKey
    return {k.action.removeprefix("screen.") for k in app.screen.query(FooterKey)}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_tab_goes_to_the_enemies_in_reach_nearest_first_then_back_to_the_active_creature(size):
    st = battle(BOARD, active="A")
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.map_view
        pos = {u: st.creature(u).pos for u in "Abcde"}
        assert mv.square == pos["A"]
        assert sorted(screen.ctrl.in_reach()) == ["b", "c"]      # b adjacent, c a charge away
        seen = []
        for _ in range(4):
            await pilot.press("tab")
            seen.append(mv.square)
        assert seen == [pos["b"], pos["c"], pos["A"], pos["b"]]  # never d or e, far out of reach
        await pilot.press("shift+tab")
        assert mv.square == pos["A"]
        await pilot.press("shift+tab")
        assert mv.square == pos["c"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_esc_brings_the_cursor_back_to_the_active_creature_and_the_footer_says_so(size):
    st = battle(BOARD, active="A")
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.map_view
        assert "back_to_active" not in _footer_actions(app)      # on the active creature: nothing to go back to
        mv.move_cursor(st.creature("d").pos)                     # far away (the arrows, the mouse, v)
        await pilot.pause()
        assert not mv.in_view(st.creature("A").pos) or size == (120, 40)
        assert "back_to_active" in _footer_actions(app)
        await pilot.press("escape")
        await pilot.pause()
        assert mv.square == st.creature("A").pos and mv.in_view(mv.square)
        assert screen.session.state.active_creature.uid == "A"   # Esc ended nothing
        assert "back_to_active" not in _footer_actions(app)


async def test_with_no_enemy_in_reach_tab_visits_every_enemy_nearest_first():
    far = "A" + "." * 30 + "b\n" + "." * 32 + "\n" + "." * 20 + "c" + "." * 11
    st = battle(far, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.ctrl.in_reach() == []
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            seen.append(screen.map_view.square)
        assert seen == [st.creature("c").pos, st.creature("b").pos, st.creature("A").pos]
