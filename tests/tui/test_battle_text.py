"""What newcomers found in the battle screen's words after whole battles: the hint after the move
action, the AI's intent, settings kept by a new battle, the header's form, toasts over help,
the log at 80×24, the stat card, the help text."""
from __future__ import annotations

from tactica.engine.sandbox import battle
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state


async def _hint(st) -> str:
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.map_view.move_cursor(st.active_creature.pos)
        await pilot.pause()
        return screen.query_one(StatusLine).message


async def test_ACT_3_the_hint_after_the_move_action_offers_a_second_move_as_the_attack_action():
    st = battle("A.....\n......\n.....b", active="A")
    st.move_used = True                                   # moved; the attack action may move again (ACT-3)
    text = await _hint(st)
    assert "move ✗" in text and "pick a shaded square to move" not in text
    assert ("m on a shaded square moves again or s shifts 1 square (either uses the attack action), "
            "no enemy in reach of an attack, c charge, e end.") in text


async def test_ACT_4_the_hint_after_both_actions_offers_only_end():
    st = battle("A.....\n......\n.....b", active="A")
    st.move_used = st.attack_used = True                  # moved and attacked: no move again (ACT-4)
    text = await _hint(st)
    assert text.endswith("(move ✗  attack ✗): e end.")


async def test_ACT_1_the_hint_after_an_attack_offers_the_move_but_no_attack():
    st = battle("A.....\n......\n.....b", active="A")
    st.attack_used = True
    text = await _hint(st)
    assert "m on a shaded square moves, s shifts 1 square, e end." in text
    assert "attack action" not in text and "no enemy in reach" not in text and "a attack" not in text
