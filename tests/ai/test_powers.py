"""The normal AI uses special powers that spend an action (SPW-1), scored in VP-equivalents."""
from __future__ import annotations

from tactica.ai.board import Board
from tactica.ai.normal import best_plans
from tactica.ai.planner import plan_creature
from tactica.engine import Move, apply
from tactica.engine.actions import UsePower
from tactica.engine.model import Duration
from tactica.engine.powers import PowerAction, PowerEffect, SpecialPower
from tactica.engine.sandbox import battle, card, ranged
from tactica.engine.state import ActiveEffect

WIND = SpecialPower("Second Wind", PowerAction.MOVE, PowerEffect.HEAL, amount=10, uses=1)
DRESSING = SpecialPower("Field Dressing", PowerAction.ATTACK, PowerEffect.HEAL, amount=10, range=3)
SHAKE = SpecialPower("Shake Off", PowerAction.MOVE, PowerEffect.CLEAR)

FAR = """
A.........
..........
..........
..........
.........b
"""


def _plan(st, uid):
    return plan_creature(st, st.creature(uid), Board(st, st.creature(uid).player))


def test_SPW_1_normal_heals_a_deep_wound_with_a_move_power():
    st = battle(FAR, {"A": card("Brute", special_powers=(WIND,))}, active="A", hp={"A": 20})
    assert _plan(st, "A").action == UsePower(0, "A")


def test_SPW_1_normal_keeps_a_one_use_heal_for_a_deeper_wound():
    st = battle(FAR, {"A": card("Brute", special_powers=(WIND,))}, active="A", hp={"A": 45})
    # 5 of 10 HP would be wasted: the single box is worth more later than a move now
    assert not isinstance(_plan(st, "A").action, UsePower)


def test_SPW_1_normal_heals_a_bloodied_ally_in_range():
    board = """
A.B.......
..........
..........
.........b
"""
    mender = card("Mender", cost=11, hp=30, special_powers=(DRESSING,))
    st = battle(board, {"A": mender}, hp={"B": 15}, turn_player=0)
    plans = best_plans(st, 0)
    mine = next(p for p in plans if p.uid == "A")
    assert mine.action == UsePower(0, "B")


def test_SPW_1_normal_clears_ongoing_damage_with_a_power():
    burn = ActiveEffect("ongoing", Duration.SAVE_ENDS, amount=10, damage_type="fire")
    st = battle(FAR, {"A": card("Monk", special_powers=(SHAKE,))}, active="A", effects={"A": (burn,)})
    assert _plan(st, "A").action == UsePower(0, "A")


def test_SPW_1_normal_attacks_rather_than_heal_a_scratch():
    board = """
Ab........
"""
    st = battle(board, {"A": card("Mender", special_powers=(DRESSING,))}, active="A", hp={"A": 45, "b": 10})
    plan = _plan(st, "A")
    assert not isinstance(plan.action, UsePower)


def test_SPW_1_normal_moves_to_bring_a_bloodied_ally_into_its_power_range():
    board = """
B...........
............
....A.......
............
.........b..
"""
    mender = card("Mender", cost=11, hp=30, special_powers=(DRESSING,),
                  attacks=(ranged("Sling", damage=5, range=6, basic=True),))
    st = battle(board, {"A": mender}, active="A", hp={"B": 15})
    first = _plan(st, "A").action
    assert isinstance(first, Move) and max(abs(first.path[-1][0]), abs(first.path[-1][1])) <= 3
    st, _ = apply(st, first)
    assert _plan(st, "A").action == UsePower(0, "B")
