"""hard's look-ahead through a champion window in the middle of an action (CHP-2)."""
from __future__ import annotations

from tactica.ai.hard import outcomes
from tactica.engine import Move, Phase
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card

SHIELD = ChampionPower("Shield of Faith", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=10, range=3)


def test_CHP_2_outcomes_of_a_walk_a_window_stops_reach_the_end_of_the_walk():
    # b's opportunity attack on A may be answered by C's heal: the engine stops the walk there; the
    # look-ahead declines and scores the walk's end, with every branch of A's rolls merged as before.
    st = battle(".b.....\nA......\nC......", {"C": card("Chief", champion=2, champion_powers=(SHIELD,))},
                active="A", hp={"A": 45})
    walk = Move(((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)))
    found = outcomes(st, walk, seed=5)
    assert found and abs(sum(w for w, _ in found) - 1.0) < 1e-9
    for _, after in found:
        assert after.interrupted is None and after.phase is not Phase.CHAMPION
        assert after.creature("A").square == (6, 1)
    # some seed makes b hit, so a window did open on the way
    assert any(after.creature("A").hp < 45 for s in range(12) for _, after in outcomes(st, walk, seed=s))
