"""A champion power not offered because the hit destroyed its subject says so in the log (CHP-2):
the newcomer who expected a heal prompt reads why none came."""
from __future__ import annotations

from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_log import BattleLog

from .conftest import app_for_state

WARD = ChampionPower("Ward", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=5, range=3)


async def test_CHP_2_a_heal_kept_back_by_the_destruction_of_its_ally_is_named_in_the_log():
    """b's hit destroys A: no prompt, and the log says Ward was not offered because A was destroyed."""
    captain = card("Captain", champion=2, champion_powers=(WARD,))
    st = battle("C..\nAb.", {"C": captain, "A": card("Archer")}, active="b", dice=(10,), hp={"A": 5})
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        app.screen.map_view.move_cursor((0, 1))  # A, not C
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.state.creature("A").destroyed
        texts = [line.text for line in screen.query_one(BattleLog).entries]
        assert "Captain (C): Ward (ally is hit) not offered — Archer (A) was destroyed by the hit." in texts


def test_CHP_2_the_not_offered_line_comes_right_after_the_hit_before_the_next_turn():
    """A newcomer read "Player 1's turn" before the line on the previous hit: the line now follows the
    hit, and the end of the activation and the next turn come after it (``action_lines``)."""
    from tactica.client.describe import action_lines, describe_events
    from tactica.engine import Attack, Move, apply
    from tactica.engine import events as ev
    captain = card("Captain", champion=2, champion_powers=(WARD,))
    st = battle("C...\nA.b.", {"C": captain, "A": card("Archer")}, active="b", dice=(10,), hp={"A": 5})
    st, _ = apply(st, Move(((1, 1),)))
    st, events = apply(st, Attack(0, ("A",)))
    assert any(isinstance(e, ev.TurnStarted) for e in events)   # the hit ended b's activation and turn
    texts = [line.text for line in action_lines(st, events)]
    lost = texts.index("Captain (C): Ward (ally is hit) not offered — Archer (A) was destroyed by the hit.")
    turn = next(i for i, t in enumerate(texts) if "turn" in t)
    assert texts[lost - 1].startswith("Archer (A) is destroyed") or "destroyed" in texts[lost - 1]
    assert lost < turn, texts
    assert [t for t in texts if t not in texts[lost:lost + 1]] == [
        line.text for line in describe_events(events, st)]
