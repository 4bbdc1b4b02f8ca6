"""Condition limits the engine already enforces (CON-2..8) and RND-4 without wipe-out."""
from __future__ import annotations

from tactica.engine import (
    Activate,
    Attack,
    ChooseFirstPlayer,
    EndActivation,
    Move,
    Phase,
    Ruleset,
    Shift,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine.sandbox import battle

from ._util import of, refused, run


def test_con_03_stunned_creature_is_activated_but_takes_no_action():
    for cond in ("stunned", "helpless"):
        st = battle("Ab..", active="A", conditions={"A": {cond}})
        assert legal_actions(st) == [EndActivation()]
        assert refused(st, Attack(0, ("b",))) == "cannot-act"
        assert refused(st, Move(((0, 1),))) == "cannot-act"
        assert refused(st, Shift((0, 0))) == "cannot-act"
        st, out = run(st, EndActivation())
        assert st.creature("A").activated


def test_con_05_immobilized_cannot_move_but_attacks_normally():
    st = battle("Ab..\n....", active="A", conditions={"A": {"immobilized"}}, dice=(12,))
    assert not [a for a in legal_actions(st) if isinstance(a, (Move, Shift))]
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit


def test_con_08_slowed_speed_two():
    st = battle("A.....", active="A", conditions={"A": {"slowed"}})
    assert {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)} == {(1, 0), (2, 0)}
    assert refused(st, Move(((1, 0), (2, 0), (3, 0)))) == "too-far"


def test_rnd_04_without_wipeout_rule_the_survivor_keeps_playing():
    rules = Ruleset(wipeout_ends_battle=False)
    st = battle("Ab\nC.", active="A", rules=rules, dice=(10, 3, 9), hp={"b": 10})
    st, out = run(st, Attack(0, ("b",)))                # b destroyed: player 2 has nobody
    assert st.phase is Phase.ACTING and not of(out, ev.BattleWon)
    st, out = run(st, EndActivation())                  # player 1 still has an activation left
    assert (st.phase, st.turn_player) == (Phase.ACTIVATE, 0)
    st, out = run(st, Activate("C"), EndActivation())
    assert of(out, ev.RoundEnded) and st.phase is Phase.CHOOSE_FIRST
    st, out = run(st, ChooseFirstPlayer(1))             # player 2 has nothing to activate
    assert (st.phase, st.turn_player) == (Phase.ACTIVATE, 0)
    assert legal_actions(st)
