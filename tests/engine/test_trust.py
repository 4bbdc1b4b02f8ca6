"""``apply`` carries out an action the engine listed for the same state without checking it again
(``engine.trust``), and checks every other: the speed of the trusted path must never let an
illegal action through."""
from __future__ import annotations

import copy
import pickle
from dataclasses import replace

import pytest

from tactica.ai import make_bot
from tactica.ai.setup import auto_setup
from tactica.engine import (
    EndActivation,
    IllegalAction,
    Move,
    Phase,
    Shift,
    actions_of_kind,
    apply,
    as_turn_of,
    charge_choices,
    check,
    legal_actions,
    move_reach,
    new_game,
)
from tactica.engine.trust import vouched

from .test_random_play import _map, _warbands


def _vouched(state, action) -> bool:
    """Whether ``apply(state, action)`` would skip the check."""
    return vouched(state, action)


def _acting_state(seed: int = 3):
    """A sealed state in which a creature has just been activated on the fuzz board."""
    st, _ = new_game(_warbands(), (_map(),), seed=seed)
    st, _ = auto_setup(st)
    while st.phase is not Phase.ACTING:
        st, _ = apply(st, legal_actions(st)[0])
    return st


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_action_the_engine_vouches_for_is_legal_in_random_battles(seed):
    """The random bot picks from ``move_reach``, ``charge_choices`` and ``actions_of_kind``: each
    pick that ``apply`` would trust passes ``check``, and so do all listed moves and charges."""
    st, _ = new_game(_warbands(), (_map(),), seed=seed)
    bots = [make_bot("random", seed), make_bot("random", seed + 100)]
    trusted = 0
    while not st.is_over and st.step < 600:
        action = bots[st.decider].choose(st)
        if _vouched(st, action):
            trusted += 1
            assert check(st, action) is None, f"{action!r} was vouched for but is illegal"
        if st.phase is Phase.ACTING and st.step % 7 == 0:
            found = move_reach(st)
            for dest in found.destinations:
                move = found.move(dest)
                assert _vouched(st, move) and check(st, move) is None
            ends, flood = charge_choices(st)
            for uid, end in ends:
                assert flood is not None
                charge = flood.charge(uid, end)
                assert _vouched(st, charge) and check(st, charge) is None
        st, _ = apply(st, action)
    assert trusted > 50


def test_a_listed_action_is_checked_again_in_the_next_state():
    st = _acting_state()
    shifts = actions_of_kind(st, Shift)
    assert shifts and all(_vouched(st, s) for s in shifts)
    after, _ = apply(st, shifts[0])
    assert not _vouched(after, shifts[0])
    with pytest.raises(IllegalAction):  # MOV-12: it stands there now
        apply(after, shifts[0])


def test_a_changed_copied_or_unpickled_action_is_checked():
    st = _acting_state()
    found = move_reach(st)
    move = found.move(found.destinations[0])
    assert _vouched(st, move)
    far = replace(move, path=((-5, -5),))  # a client's change: a new action, not vouched for
    assert not _vouched(st, far)
    with pytest.raises(IllegalAction):
        apply(st, far)
    assert not _vouched(st, copy.deepcopy(move)) and not _vouched(st, pickle.loads(pickle.dumps(move)))
    assert not _vouched(st, replace(move))  # an equal action, but not the one listed
    assert pickle.loads(pickle.dumps(move)) == move  # the mark is no part of the action's value


def test_only_the_listed_charges_and_destinations_are_vouched():
    """A path the flood gives to a square that is no destination (an ally's square, passed
    through), or a charge at a creature it did not list, is made but not vouched for."""
    st = _acting_state()
    found = move_reach(st)
    listed = set(found.destinations)
    unlisted = 0
    for y in range(st.map.height):
        for x in range(st.map.width):
            if (x, y) in listed:
                continue
            try:
                move = found.move((x, y))
            except KeyError:
                continue
            unlisted += 1
            assert not _vouched(st, move)
    flood = move_reach(st)
    dest = flood.destinations[0]
    charge = flood.charge(st.active_uid, dest)  # not a charges flood at all
    assert not _vouched(st, charge)
    ends, charges = charge_choices(st)
    if charges is not None:
        assert not _vouched(st, charges.charge("nobody", ends[0][1]))
        assert _vouched(st, charges.charge(*ends[0]))


def test_what_if_states_and_copies_trust_nothing_listed_before():
    st = _acting_state()
    end = actions_of_kind(st, EndActivation)[0]
    assert _vouched(st, end)
    other = as_turn_of(st, st.turn_player)
    assert not _vouched(other, end)
    assert not _vouched(st.copy(), end)


def test_actions_listed_for_an_unsealed_state_are_never_vouched():
    st = _acting_state().copy()  # changeable: what is listed for it now may not hold later
    moves = actions_of_kind(st, Move)
    found = move_reach(st)
    moves.append(found.move(found.destinations[0]))
    st.seal()  # read-only from now on, but nothing was listed for it while it could change
    assert moves and not any(_vouched(st, m) for m in moves)
    assert _vouched(st, actions_of_kind(st, Move)[0])  # listed now: trusted


def test_the_trusted_path_gives_the_same_battle():
    """Applying the random bot's actions with and without the trusted path: the same events."""
    def battle(trust: bool):
        st, _ = new_game(_warbands(), (_map(),), seed=11)
        bots = [make_bot("random", 5), make_bot("random", 6)]
        out = []
        while not st.is_over and st.step < 400:
            action = bots[st.decider].choose(st)
            if not trust:
                action = replace(action)  # an equal action the engine did not list: checked
            st, events = apply(st, action)
            out.extend(events)
        return out, st.step
    assert battle(True) == battle(False)
