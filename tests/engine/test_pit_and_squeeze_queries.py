"""queries.ends_activation_in_pit and queries.provokers_of_squeeze: what-if answers for clients
(the interface's pit warning, a Huge creature's squeeze preview) without a client editing a state."""
from __future__ import annotations

from tactica.engine import (
    EndActivation,
    Move,
    OpportunityAttackProvoked,
    ScriptedDice,
    Squeeze,
    apply,
    ends_activation_in_pit,
    provokers_of_squeeze,
)
from tactica.engine.abilities import Flight
from tactica.engine.sandbox import battle, card

BAT = card("Bat", abilities=(Flight(),))
#: A, a flier, beside a pit; C an ally far off (the bat's loss does not end the battle); b the enemy.
BOARD = """
A.OO..b
......C
"""


def bat_battle(attack_used: bool):
    st = battle(BOARD, {"A": BAT}, active="A")
    st.attack_used = attack_used
    return st


def test_TER_PIT_a_move_that_uses_the_last_action_and_stops_over_a_pit_ends_in_it():
    st = bat_battle(attack_used=True)
    assert ends_activation_in_pit(st, Move(((1, 0), (2, 0))))
    assert not ends_activation_in_pit(st, Move(((1, 0),)))              # stops short of the pit


def test_TER_PIT_a_move_over_a_pit_with_an_action_left_does_not_end_there():
    st = bat_battle(attack_used=False)
    assert not ends_activation_in_pit(st, Move(((1, 0), (2, 0))))


def test_TER_PIT_ending_the_activation_where_it_hovers_over_a_pit():
    from tactica.engine import Terrain
    over = battle("AOO..b\n.....C", {"A": BAT}, active="A", under={"A": Terrain.PIT})
    assert ends_activation_in_pit(over, EndActivation())
    assert not ends_activation_in_pit(bat_battle(attack_used=True), EndActivation())


def test_TER_PIT_the_answer_does_not_depend_on_the_coming_rolls_and_leaves_the_state_alone():
    """On the way to the pit the bat (5 HP) provokes b: a hit (20) would destroy it first, a miss (1)
    would not.  The answer is the pit's, the same for both, and the state asked about is unchanged."""
    answers = []
    for face in (20, 1):
        st = battle("A.OO..\nb....C", {"A": BAT}, active="A", hp={"A": 5})
        st.attack_used = True
        st.dice = ScriptedDice((face,) * 30)
        answers.append(ends_activation_in_pit(st, Move(((1, 0), (2, 0)))))
        assert st.creature("A").hp == 5 and st.creature("A").pos == (0, 0)
    assert answers == [True, True]


def test_TER_PIT_a_refused_action_ends_nowhere():
    st = bat_battle(attack_used=True)
    assert not ends_activation_in_pit(st, Move(((5, 0),)))               # not a path the engine allows


SQUEEZE_BOARD = ("GGGa....\n"
                 "GGG.....\n"
                 "GGG.b...\n"
                 "........\n"
                 "........\n"
                 "........")


def test_MOV_13_a_squeeze_provokes_only_the_enemies_touching_its_start():
    """a touches the giant where it starts; b is touched only on the way (by the 2x2 body at (2,1)):
    the squeeze provokes a alone, as applying it shows."""
    st = battle(SQUEEZE_BOARD, {"G": card("Giant", size=3, speed=8)}, active="G", dice=(1,))
    path = ((1, 0), (2, 1), (1, 2))
    assert provokers_of_squeeze(st, path) == ("a",)
    _, events = apply(st, Squeeze(path))
    assert [e.attacker for e in events if isinstance(e, OpportunityAttackProvoked)] == ["a"]
    assert provokers_of_squeeze(st, ()) == ()
