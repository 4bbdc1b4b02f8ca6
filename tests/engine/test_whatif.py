"""What-if states (``engine.whatif``): each gives a fresh state changed in one way and never its argument."""
from __future__ import annotations

import dataclasses

import pytest

from tactica.engine import (
    Activate,
    Attack,
    Move,
    Phase,
    ReadOnlyStateError,
    ScriptedDice,
    apply,
    as_active,
    as_turn_of,
    in_reach,
    legal_actions,
    with_creature_at,
    with_dice,
)
from tactica.engine.sandbox import battle

BOARD = """
A.....b
.......
B......
"""


def _attributes(c):
    """A creature's fields by name (a creature keeps them in slots: no ``__dict__``)."""
    return {f.name: getattr(c, f.name) for f in dataclasses.fields(c)}


def _snapshot(state):
    """Every field of ``state``, every attribute of every creature and which objects its list holds
    (not the lookup caches a read may fill in: ``_index``)."""
    fields = {k: v for k, v in state.__dict__.items() if k != "creatures" and k != "_index"}
    return fields, [_attributes(c) for c in state.creatures], [id(c) for c in state.creatures]


def _waiting():
    return battle(BOARD, turn_player=0)


def _acting():
    return battle(BOARD, active="A")


QUERIES = [
    ("with_creature_at", _acting, lambda st: with_creature_at(st, "A", (5, 0))),
    ("with_dice", _acting, lambda st: with_dice(st, ScriptedDice((20, 1)))),
    ("as_turn_of", _acting, lambda st: as_turn_of(st, 1)),
    ("as_active", _waiting, lambda st: as_active(st, "B")),
    ("as_active new", _waiting, lambda st: as_active(st, "B", new_activation=True, move_used=True)),
]


@pytest.mark.parametrize("name, make, query", QUERIES, ids=[q[0] for q in QUERIES])
def test_a_query_returns_a_fresh_state_and_leaves_its_argument_unchanged(name, make, query):
    state = make()
    before = _snapshot(state)
    new = query(state)
    assert new is not state and new.creatures is not state.creatures
    assert _snapshot(state) == before, f"{name} changed the state it was given"
    # the answer is read-only, as apply's states are; a copy of it changes without reaching the argument
    with pytest.raises(ReadOnlyStateError):
        new.active_uid = "b"
    with pytest.raises(AttributeError):  # a sealed state's creature refuses too (SharedCreatureError)
        new.creature("A").hp = 1
    changed = new.copy()
    changed.own("A").hp = 1
    assert _snapshot(state) == before and new.creature("A").hp == state.creature("A").hp


def test_with_creature_at_moves_only_that_creature():
    state = _acting()
    moved = with_creature_at(state, "A", (5, 0))
    assert moved.creature("A").pos == (5, 0) and state.creature("A").pos == (0, 0)
    assert [c.pos for c in moved.creatures if c.uid != "A"] == [c.pos for c in state.creatures if c.uid != "A"]
    melee = state.creature("A").card.attacks[0]
    # from its new square the enemy is in melee reach (ATK-1); from the real one it is not
    assert in_reach(moved, moved.creature("A"), moved.creature("b"), melee) is None
    assert in_reach(state, state.creature("A"), state.creature("b"), melee) is not None
    assert (moved.phase, moved.active_uid, moved.move_used) == (state.phase, state.active_uid, state.move_used)


def test_with_creature_at_an_unknown_creature_raises_key_error():
    with pytest.raises(KeyError):
        with_creature_at(_acting(), "nobody", (1, 1))


def test_with_dice_rolls_the_given_dice_and_not_the_states():
    state = with_creature_at(_acting(), "A", (5, 0))
    hit = with_dice(state, ScriptedDice((20, 20)))       # a natural 20: a critical hit (ATK-5)
    miss = with_dice(state, ScriptedDice((1,)))          # a natural 1 misses
    after_hit, _ = apply(hit, Attack(0, ("b",)))
    after_miss, _ = apply(miss, Attack(0, ("b",)))
    assert after_hit.creature("b").hp < state.creature("b").hp == after_miss.creature("b").hp
    assert state.dice == ScriptedDice(())


def test_as_turn_of_waits_for_that_player_to_activate():
    state = _acting()
    turn = as_turn_of(state, 1)
    assert (turn.phase, turn.turn_player, turn.decider, turn.active_uid) == (Phase.ACTIVATE, 1, 1, None)
    assert legal_actions(turn) == [Activate("b")]
    assert (turn.round, turn.activations_left) == (state.round, state.activations_left)


def test_as_active_makes_a_creature_active_keeping_or_resetting_its_actions():
    state = _waiting()
    begun = as_active(state, "B", new_activation=True)
    assert (begun.phase, begun.active_uid, begun.move_used, begun.attack_used) == (Phase.ACTING, "B", False, False)
    assert any(isinstance(a, Move) for a in legal_actions(begun))
    used = as_active(state, "B", new_activation=True, move_used=True)
    assert used.move_used and not used.attack_used
    only = as_active(state, "B")
    assert (only.active_uid, only.phase) == ("B", Phase.ACTIVATE)  # only the active creature changes


def test_as_active_an_unknown_creature_raises_key_error():
    with pytest.raises(KeyError):
        as_active(_waiting(), "nobody")
