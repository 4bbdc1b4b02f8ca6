"""e after an activation that ended by itself (its actions used, ACT-1) says so plainly — "already ended"
— instead of the refusal "Activate a creature first" (issue 20, nm-tut 20)."""
from __future__ import annotations

from tactica.engine import Attack, Move
from tactica.engine.sandbox import battle

from .conftest import app_for_state


async def test_act_1_e_after_an_activation_that_ended_by_itself_says_already_ended_not_a_refusal():
    from tactica.tui.widgets.status_line import StatusLine
    app = app_for_state(battle("A..b\nB...\nC..c", active="A", dice=(15,) * 10))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.apply_action(Move(((1, 0), (2, 0))))
        assert screen.apply_action(Attack(0, ("b",)))
        await pilot.pause()
        assert screen.session.state.active_creature is None  # both actions used: it ended by itself
        await pilot.press("e")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert not status.refused
        assert status.note.startswith("Creature A (A): its activation already ended by itself (its actions "
                                      "used, ACT-1); Tab and Enter activate the next."), status.note
        # once another creature was activated and its activation ended with e, e refuses as before
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert screen.session.state.active_creature is not None
        await pilot.press("e", "e")
        await pilot.pause()
        assert screen.ctrl.hints.ended_by_itself() is None


def test_scn_tie_the_log_says_what_the_rounds_without_combat_count_towards():
    """Issue 20 (nm-tut 24): "(2 rounds in a row without combat)" said why it counts: the tie-breaker
    ends the battle after ``tie_rounds`` of them (10, SCN-TIE)."""
    from tactica.client.describe import describe_events
    from tactica.engine.events import RoundEnded
    st = battle("A..b")
    assert st.rules.tie_rounds == 10
    line = describe_events([RoundEnded(3, 2)], st)[0].text
    assert line == ("Round 3 ends (2 rounds in a row without combat; 8 more and the tie-breaker ends the battle, "
                    "SCN-TIE)")
    assert describe_events([RoundEnded(3, 0)], st)[0].text == "Round 3 ends"
    assert describe_events([RoundEnded(12, 10)], st)[0].text.endswith(
        "(10 rounds in a row without combat; now the tie-breaker ends the battle, SCN-TIE)")


async def test_act_1_e_after_an_activation_that_ended_by_itself_and_the_ais_turn_is_calm_too():
    """nm s17 F13: after move + attack the activation closed by itself and the AI played; the player's
    habitual e then got a red ✗ "Activate a creature first" and r Rules.  It says "already ended" now,
    the AI's turn in between or not."""
    from tactica.engine import Activate, EndActivation
    from tactica.tui.widgets.status_line import StatusLine

    from .conftest import app_against_ai, wait_until
    app = app_against_ai(battle("A..b\nB...\nC...\n...c", dice=(15,) * 40, turn_player=0), pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for action in (Activate("B"), EndActivation(), Activate("A"), Move(((1, 0), (2, 0))), Attack(0, ("b",))):
            assert screen.apply_action(action), action
        assert screen.session.state.decider == 1  # A's activation ended by itself, the turn's last: the AI's turn
        assert await wait_until(pilot, lambda: screen.session.state.decider == 0 and not screen.ai_decides())
        assert screen.session.state.active_creature is None
        await pilot.press("e")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert not status.refused
        assert "its activation already ended by itself" in status.note, status.note
