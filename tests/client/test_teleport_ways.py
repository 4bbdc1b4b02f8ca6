"""TER-TELEPORT in the client: a jump from the teleporter the creature stands on is a move key on the
other teleporter, and a square reached only by stopping on a teleporter, jumping and carrying on is
shaded, worded step by step and walked one key press at a time."""
from __future__ import annotations

from tactica.client.controller import Controller
from tactica.client.modes import ModeMachine
from tactica.client.overlay import map_overlay
from tactica.client.session import GameSession
from tactica.engine import Move, Teleport, TeleportWay, teleport_ways
from tactica.engine.sandbox import battle

# A (speed 6) at (0,0); teleporters at (2,0) and (10,3): beyond column 7 nothing is in reach on foot.
BOARD = ("A.@..............\n"
         ".................\n"
         ".................\n"
         "..........@......\n"
         ".................")


def test_ter_teleport_the_way_through_a_teleporter_is_a_query_of_the_engine():
    st = battle(BOARD, active="A")
    ways = teleport_ways(st)
    assert (10, 3) in ways and (14, 3) in ways and (6, 3) not in ways   # (6,3): a plain move reaches it
    way = ways[(14, 3)]
    assert way == TeleportWay(Move(((1, 0), (2, 0))), Teleport((10, 3)), way.then, 4, False)
    assert way.then is not None and way.then.path[-1] == (14, 3) and len(way.then.path) == 4
    assert ways[(16, 3)].fresh and not ways[(14, 3)].fresh            # 6 squares on: a fresh move
    assert ways[(10, 3)].then is None                                 # the exit itself
    assert st.creature("A").pos == (0, 0)                              # the state is unchanged


def test_ter_teleport_the_client_walks_the_way_one_key_at_a_time():
    session = GameSession(battle(BOARD, active="A"))
    ctrl, machine = Controller(session), ModeMachine(session)
    target = (14, 3)
    marks = map_overlay(machine, target)
    assert target in marks.reachable
    assert marks.path == ((1, 0), (2, 0), (10, 3)) + session.teleport_ways()[target].then.path
    assert ctrl.hint(target) == ("Through a teleporter: move 2 squares onto the teleporter at column 3, row 1, "
                                 "jump to column 11, row 4, then move on 4 squares (the rest of its move: no "
                                 "action). m or Enter moves onto the teleporter; press it again to go on.")
    first = machine.move(target)
    assert first == Move(((1, 0), (2, 0)))
    assert session.apply(first).ok
    assert ctrl.hint((10, 3)) == ("Jump through the teleporter to column 11, row 4 (no action; once a round), "
                                 "then carry on with the 4 squares its move has left: m or Enter.")
    jump = machine.move(target)
    assert jump == Teleport((10, 3)) and machine.move((10, 3)) == jump
    assert session.apply(jump).ok
    last = machine.move(target)
    assert isinstance(last, Move) and last.destination == target
    assert session.apply(last).ok
    st = session.state
    assert st.creature("A").pos == target and st.active_uid == "A" and not st.attack_used
