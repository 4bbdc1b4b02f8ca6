"""States the engine hands out (``new_game``, ``apply``) are read-only: no client can change one.

The one door: a client that needs "what if" asks the engine, which answers with a fresh state.
"""
from __future__ import annotations

import pytest

from tactica import content
from tactica.engine import GameState, apply, legal_actions, new_game
from tactica.engine.state import ReadOnlyStateError


@pytest.fixture(scope="module")
def handed_out() -> list[GameState]:
    """A new game and the states after its first 40 actions (setup, deployment and activations)."""
    (a, b), battle_map = content.default_battle()
    state, _ = new_game((a, b), (battle_map,), seed=4)
    states = [state]
    for _ in range(40):
        state, _ = apply(state, legal_actions(state)[0])
        states.append(state)
    return states


def test_a_handed_out_state_refuses_every_field(handed_out: list[GameState]) -> None:
    for state in handed_out:
        assert state.sealed
        for name, value in (("phase", state.phase), ("decider", 1), ("active_uid", "p1c1"), ("round", 9),
                            ("move_used", True), ("dice", state.dice), ("winner", 0)):
            with pytest.raises(ReadOnlyStateError):
                setattr(state, name, value)
        with pytest.raises(AttributeError):
            del state.round


def test_its_creatures_refuse_changes_however_they_are_reached(handed_out: list[GameState]) -> None:
    state = handed_out[-1]
    placed = [c for c in state.creatures if c.pos is not None]
    assert placed
    uid = placed[0].uid
    for reach in (lambda: state.creature(uid), lambda: state.find(uid), lambda: placed[0]):
        with pytest.raises(AttributeError):
            reach().hp = 1
        with pytest.raises(AttributeError):
            reach().pos = (0, 0)
    if state.active_creature is not None:
        with pytest.raises(AttributeError):
            state.active_creature.activated = True
    with pytest.raises(ReadOnlyStateError):
        state.own(uid)


def test_its_lists_and_dicts_refuse_changes(handed_out: list[GameState]) -> None:
    state = handed_out[-1]
    with pytest.raises(ReadOnlyStateError):
        state.vp[0] = 500
    with pytest.raises(ReadOnlyStateError):
        state.vp.append(1)
    with pytest.raises(ReadOnlyStateError):
        state.creatures.pop()
    with pytest.raises(ReadOnlyStateError):
        state.areas[0] = "Z"
    assert state.vp == list(state.vp) and isinstance(state.vp, list)


def test_copy_gives_a_changeable_state_and_leaves_the_original_as_it_was(handed_out: list[GameState]) -> None:
    state = handed_out[-1]
    uid = next(c.uid for c in state.creatures if c.pos is not None)
    hp, vp = state.creature(uid).hp, list(state.vp)
    trial = state.copy()
    assert not trial.sealed
    trial.creature(uid).hp = 1
    trial.vp[0] += 100
    assert state.creature(uid).hp == hp and list(state.vp) == vp
    after, _ = apply(state, legal_actions(state)[0])
    assert after.sealed and state.creature(uid).hp == hp
