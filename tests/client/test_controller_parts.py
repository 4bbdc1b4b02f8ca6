"""The controller's three parts work on their own: the mode machine (modes), the map's marks
(overlay) and the status line's words (hints), and Controller binds them."""
from __future__ import annotations

import pytest

from tactica.client.controller import Controller
from tactica.client.hints import Hints
from tactica.client.modes import Mode, ModeMachine
from tactica.client.overlay import map_overlay
from tactica.client.session import GameSession
from tactica.engine import Phase
from tactica.engine.sandbox import battle


def test_the_mode_machine_turns_keys_into_actions_without_marks_or_words():
    machine = ModeMachine(GameSession(battle("A.b\n...", active="A")))
    assert machine.mode is Mode.ACT and machine.actor().uid == "A"
    assert machine.begin_charge() == "No enemy can be charged now."       # b is too close (CHG-3)
    assert machine.charge_ends() == []                                     # no enemy chosen to charge
    move = machine.select((1, 0))
    assert move is not None and not isinstance(move, str) and move.destination == (1, 0)


def test_the_actor_is_only_asked_for_in_an_activation():
    st = battle("A.b\n...")
    assert st.phase is Phase.ACTIVATE
    machine = ModeMachine(GameSession(st))
    assert machine.mode is Mode.PICK and machine.active() is None
    with pytest.raises(LookupError):
        machine.actor()


def test_the_overlay_and_the_hints_read_a_machine_and_controller_binds_them():
    session = GameSession(battle("A...b\n.....", active="A"))
    ctrl, machine = Controller(session), ModeMachine(session)
    marks = map_overlay(machine, (2, 0))
    assert marks.active == "A" and (2, 0) in marks.reachable and marks.path[-1] == (2, 0)
    assert ctrl.overlay((2, 0)) == marks
    words = Hints(machine).hint((2, 0))
    assert words.startswith("Move 2 squares here") and ctrl.hint((2, 0)) == words
