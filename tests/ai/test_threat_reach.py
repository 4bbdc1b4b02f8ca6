"""How far the AI thinks an attack reaches next turn (``next_turn_reach``, ACT-1): a cone reaches
its size, not 20 squares (RNG-3); an area attack its range plus its radius (RNG-4); and a line whose
check boxes are all ticked threatens nothing (CARD-4).  ``Board.threats_to`` and ``offense_at``."""
from __future__ import annotations

import pytest

from tactica.ai.board import Board, PlannerOptions, next_turn_reach
from tactica.ai.values import expected_basic
from tactica.engine.model import Reach
from tactica.engine.sandbox import area, card, close, melee, ranged

from .conftest import board_battle as battle

#: Speed 4, a dagger and a large cone (6 squares, docs/rules.md): a move and the cone reach 10 squares.
DRAKE = card("Drake", cost=30, hp=60, speed=4,
             attacks=(melee("Claw", bonus=6, damage=5), close("Breath", reach=Reach.LARGE_CONE, bonus=8, damage=30)))
#: Speed 4 and a range-6, radius-1 area attack: 11 squares.
MAGE = card("Mage", cost=30, hp=40, speed=4,
            attacks=(ranged("Dart", bonus=6, damage=5, range=3, basic=True), area("Fireball", range=6, radius=1,
                                                                                  bonus=8, damage=30)))
#: A one-use crossbow bolt (range 10) and a knife.
BOLTER = card("Bolter", cost=20, hp=40, speed=4,
              attacks=(melee("Knife", bonus=6, damage=5), ranged("Heavy Bolt", bonus=8, damage=30, range=10, uses=1)))
VICTIM = card("Victim", cost=20, hp=50, ac=15)


def damage_at(threats, sq):
    """Expected damage the threat entries put on ``sq`` (as ``exposure`` adds them up)."""
    x, y = sq
    return sum(amount for (ex, ey), reach, amount, _ in threats if abs(ex - x) <= reach and abs(ey - y) <= reach)


def test_RNG_3_a_cone_threatens_a_move_and_its_size_not_twenty_squares():
    row = "A" + "." * 14 + "d"   # 15 squares apart
    st = battle(row, {"A": VICTIM, "d": DRAKE}, turn_player=0)
    me, d = st.creature("A"), st.creature("d")
    claw, breath = DRAKE.attacks
    assert next_turn_reach(st, d, breath) == 4 + 6
    threats = Board(st, 0).threats_to(me)
    assert damage_at(threats, (0, 0)) == 0.0                    # 15 squares: out of the breath's reach
    assert damage_at(threats, (15 - 10, 0)) == pytest.approx(expected_basic(breath, me))
    assert damage_at(threats, (15 - 11, 0)) == 0.0


def test_RNG_4_an_area_attack_reaches_its_range_and_radius():
    st = battle("A" + "." * 14 + "m", {"A": VICTIM, "m": MAGE}, turn_player=0)
    m = st.creature("m")
    dart, fireball = MAGE.attacks
    assert next_turn_reach(st, m, fireball) == 4 + 6 + 1
    assert next_turn_reach(st, m, dart) == 4 + 3
    threats = Board(st, 0).threats_to(st.creature("A"))
    assert damage_at(threats, (15 - 11, 0)) > 0 and damage_at(threats, (15 - 12, 0)) == 0.0


def test_CARD_4_a_spent_line_threatens_nothing_and_offers_nothing():
    st = battle("A" + "." * 11 + "b", {"A": VICTIM, "b": BOLTER}, turn_player=0)   # 12 squares: the bolt only
    me, b = st.creature("A"), st.creature("b")
    knife, bolt = BOLTER.attacks
    assert damage_at(Board(st, 0).threats_to(me), (0, 0)) == pytest.approx(expected_basic(bolt, me))
    assert Board(st, 1, PlannerOptions(offense=True)).offense_at(b, b.pos) > 0.0
    b.used = (("attack:Heavy Bolt", 1),)        # its one box ticked
    assert damage_at(Board(st, 0).threats_to(me), (0, 0)) == 0.0
    assert damage_at(Board(st, 0).threats_to(me), (12 - 5, 0)) == pytest.approx(expected_basic(knife, me))
    assert Board(st, 1, PlannerOptions(offense=True)).offense_at(b, b.pos) == 0.0   # the knife cannot reach 12 squares
