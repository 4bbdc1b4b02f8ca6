"""Copy-on-write states: ``apply`` shares unchanged creatures and never changes the given state."""
from __future__ import annotations

import dataclasses

import pytest

from tactica import content
from tactica.ai import make_bot
from tactica.engine import apply, new_game
from tactica.engine.state import SharedCreatureError


def _attributes(c):
    """A creature's fields by name (a creature keeps them in slots: no ``__dict__``)."""
    return {f.name: getattr(c, f.name) for f in dataclasses.fields(c)}


def _snapshot(state):
    """Every attribute of every creature, VP and the dice: what apply must leave alone."""
    return ([_attributes(c) for c in state.creatures], list(state.vp), dict(state.areas), state.dice)


def _battle(levels, seed, steps):
    """Yield (state before, state after) for up to ``steps`` actions of a default battle."""
    (w1, w2), m = content.default_battle()
    bots = [make_bot(levels[0], 2 * seed), make_bot(levels[1], 2 * seed + 1)]
    state, _ = new_game((w1, w2), (m,), seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        action = bots[state.decider].choose(state)
        before = _snapshot(state)
        after, _ = apply(state, action)
        assert _snapshot(state) == before, f"apply changed the state it was given ({action!r})"
        yield state, after
        state = after


@pytest.mark.parametrize("seed", [3])
def test_apply_never_changes_the_given_state(seed):
    history = []
    for before, _ in _battle(("random", "random"), seed, 800):
        history.append((before, _snapshot(before)))
    # Earlier states still hold their own values, though later ones share their creatures.
    for state, snap in history[::50]:
        assert _snapshot(state) == snap


def test_apply_shares_the_creatures_it_did_not_change():
    shared = 0
    for before, after in _battle(("random", "random"), 5, 300):
        for old, new in zip(before.creatures, after.creatures):
            if old is new:
                shared += 1
                assert old == new
    assert shared > 0


def test_a_shared_creature_is_read_only_and_own_gives_a_changeable_copy():
    (w1, w2), m = content.default_battle()
    bots = [make_bot("random", 1), make_bot("random", 2)]
    state, _ = new_game((w1, w2), (m,), seed=1)
    while state.round < 1:
        state, _ = apply(state, bots[state.decider].choose(state))
    after = state.copy()
    c = after.creatures[0]
    assert c is state.creatures[0]
    with pytest.raises(SharedCreatureError):
        c.hp = 1
    mine = after.own(c)
    mine.hp = 1
    assert after.creatures[0] is mine and after.creature(c.uid).hp == 1
    assert state.creatures[0].hp == c.card.hp  # the other state keeps its value
    # creature() and find() of a copy give changeable creatures too.
    other = after.creature(after.creatures[1].uid)
    other.hp = 2
    assert state.creatures[1].hp != 2 and after.find(other.uid).hp == 2
    # Changing a creature of the original after copying it leaves the copy alone.
    again = after.copy()
    mine.hp = 3
    assert again.creature(mine.uid).hp == 1


def test_CARD_4_ally_destroyed_recharge_changes_a_shared_ally():
    # The ally is shared with the state before (copy-on-write): the recharge must copy it first.
    from tactica.engine import Attack
    from tactica.engine import events as ev
    from tactica.engine.powers import Recharge, RechargeOn
    from tactica.engine.sandbox import battle, card, melee

    from ._util import of, run
    rally = melee("Vengeance", bonus=10, damage=20, basic=False, uses=1,
                  recharge=Recharge(RechargeOn.ALLY_DESTROYED))
    st = battle("Ab\nB.", {"A": card("Brute", attacks=(melee("Club", bonus=5, damage=10), rally))},
                active="b", dice=(10,), hp={"B": 10})
    st.creature("A").used = (("attack:Vengeance", 1),)
    st.freeze()
    before = st.copy()
    after, out = run(before, Attack(0, ("B",)))
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Vengeance", "ally destroyed")]
    assert after.creature("A").used == () and before.creatures[0].used == (("attack:Vengeance", 1),)
