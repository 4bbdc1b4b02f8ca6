"""The AI's threat estimate credits a move and then a charge only with the attack a charge makes
(CHG-1: the basic melee attack, ``engine.attacking.charge_attack``): a brute whose big melee
attack is not its basic one charges with its basic attack, and an archer (ranged basic attack)
cannot charge at all.  ``Board.threats_to`` (``hard``'s ``charge_retreat``) and ``threat_value``."""
from __future__ import annotations

import pytest

from tactica.ai.aiming import threat_value
from tactica.ai.board import Board, PlannerOptions
from tactica.ai.values import expected_basic
from tactica.engine.sandbox import card, melee, ranged

from .conftest import board_battle as battle

#: Speed 4: a move and an attack reach 5 squares, a move and then a charge 9 (ACT-1, CHG-1).
BRUTE = card("Brute", cost=30, hp=80, speed=4,
             attacks=(melee("Horn Hook", bonus=8, damage=10), melee("Full Gore", bonus=8, damage=30, basic=False)))
#: A short bow is its basic attack, so it cannot charge; its knife is its strongest attack.
ARCHER = card("Archer", cost=20, hp=40, speed=4,
              attacks=(ranged("Short Bow", bonus=6, damage=5, range=2, basic=True),
                       melee("Long Knife", bonus=8, damage=30, basic=False)))
VICTIM = card("Victim", cost=20, hp=50, ac=15)


def damage_at(threats, sq):
    """Expected damage the threat entries put on ``sq`` (as ``exposure`` adds them up)."""
    x, y = sq
    return sum(amount for (ex, ey), reach, amount, _ in threats if abs(ex - x) <= reach and abs(ey - y) <= reach)


def test_CHG_1_a_charge_reaches_farther_only_with_the_basic_melee_attack():
    st = battle("""
        A.......b.
    """, {"A": VICTIM, "b": BRUTE}, turn_player=0, hp={"A": 20})   # bloodied: hard's charge_retreat applies
    me, b = st.creature("A"), st.creature("b")
    hook, gore = BRUTE.attacks
    threats = Board(st, 0, PlannerOptions(charge_retreat=True)).threats_to(me)
    # 8 squares: only a move and then a charge reaches, and a charge makes the Horn Hook
    assert damage_at(threats, (0, 0)) == pytest.approx(expected_basic(hook, me))
    # 5 squares: a move and then the Full Gore
    assert damage_at(threats, (3, 0)) == pytest.approx(expected_basic(gore, me))
    assert damage_at(threats, (b.pos[0] - 10, 0)) == 0.0   # beyond the charge


def test_CHG_1_no_charge_reach_for_a_creature_whose_basic_attack_is_ranged():
    st = battle("""
        A.......b.
    """, {"A": VICTIM, "b": ARCHER}, turn_player=0, hp={"A": 20})
    me = st.creature("A")
    bow, knife = ARCHER.attacks
    threats = Board(st, 0, PlannerOptions(charge_retreat=True)).threats_to(me)
    assert damage_at(threats, (0, 0)) == 0.0   # 8 squares: the knife needs a move then a charge it cannot make
    assert damage_at(threats, (3, 0)) == pytest.approx(expected_basic(knife, me))


def test_CHG_1_threat_value_charges_with_the_basic_melee_attack_only():
    # 25 HP: the Full Gore (30) destroys it on a hit, the Horn Hook (10, 20 on a critical hit) cannot
    far = battle("A.......b.", {"A": VICTIM, "b": BRUTE}, turn_player=0, hp={"A": 25})
    assert threat_value(far, far.creature("b"), far.alive(0), kill_only=True) == 0.0
    assert threat_value(far, far.creature("b"), far.alive(0)) > 0   # the Horn Hook's charge still counts
    near = battle("A....b....", {"A": VICTIM, "b": BRUTE}, turn_player=0, hp={"A": 25})
    assert threat_value(near, near.creature("b"), near.alive(0), kill_only=True) > 0.5
    # the archer's knife needs a charge beyond one move: nothing; within one move it counts
    archer = battle("A.......b.", {"A": VICTIM, "b": ARCHER}, turn_player=0, hp={"A": 25})
    assert threat_value(archer, archer.creature("b"), archer.alive(0)) == 0.0
    closer = battle("A....b....", {"A": VICTIM, "b": ARCHER}, turn_player=0, hp={"A": 25})
    assert threat_value(closer, closer.creature("b"), closer.alive(0), kill_only=True) > 0.5
