"""The never-None accessors of battle states: GameState.battle_map, geometry, actor and victor,
Creature.square; each raises PhaseError when asked in the wrong phase."""
from __future__ import annotations

import pytest

from tactica import content
from tactica.engine import Phase, PhaseError, new_game
from tactica.engine.sandbox import battle

from ._util import open_map


def _fresh_game():
    """A new battle waiting for one of its two maps to be chosen: no map, no geometry, nobody deployed."""
    (w1, w2), _ = content.default_battle()
    state, _ = new_game((w1, w2), (open_map(id="m1"), open_map(id="m2")), seed=1)
    assert state.phase is Phase.CHOOSE_MAP and state.map is None
    return state


def test_phase_error_is_a_runtime_error():
    assert issubclass(PhaseError, RuntimeError)


def test_before_a_map_is_chosen_the_map_and_geometry_raise():
    state = _fresh_game()
    with pytest.raises(PhaseError, match="no map"):
        _ = state.battle_map
    with pytest.raises(PhaseError, match="no map"):
        _ = state.geometry


def test_a_creature_off_the_map_has_no_square():
    state = _fresh_game()
    creature = state.creatures[0]
    assert creature.pos is None
    with pytest.raises(PhaseError, match=f"{creature.uid} is not on the map"):
        _ = creature.square


def test_outside_an_activation_there_is_no_actor():
    state = battle("A....\n....b")
    assert state.phase is Phase.ACTIVATE and state.active_creature is None
    with pytest.raises(PhaseError, match="no creature is being activated"):
        _ = state.actor


def test_in_battle_the_accessors_give_the_fields():
    state = battle("A....\n...#b", active="A")
    assert state.battle_map is state.map
    assert state.geometry is state.geo
    assert state.actor.uid == "A"
    assert state.actor is state.active_creature  # the state's own (changeable) copy, as active_creature
    assert state.creature("b").square == state.creature("b").pos == (4, 1)


def test_the_victor_is_known_only_once_the_battle_is_won():
    state = battle("A...b")
    with pytest.raises(PhaseError, match="no winner"):
        _ = state.victor
    won = state.copy()
    won.phase, won.winner = Phase.OVER, 1
    assert won.victor == 1
