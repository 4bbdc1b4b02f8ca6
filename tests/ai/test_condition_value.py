"""The normal AI values the conditions and ongoing damage its attacks deal (ATK-3, CON-3, EFF-1)."""
from __future__ import annotations

from tactica.ai.board import Board
from tactica.ai.planner import plan_creature
from tactica.ai.values import attack_value
from tactica.engine import Attack
from tactica.engine.model import ConditionEffect, OngoingEffect
from tactica.engine.sandbox import battle, card, melee

SWORD = melee("Sword", damage=10)
STUN = melee("Pommel", damage=10, basic=False, effects=(ConditionEffect("stunned"),))
BURN = melee("Brand", damage=10, basic=False, effects=(OngoingEffect(5, "fire"),))


def test_CON_3_normal_prefers_a_stunning_blow_to_a_plain_one():
    st = battle("Ab", {"A": card("Knight", attacks=(SWORD, STUN))}, active="A")
    assert plan_creature(st, st.creature("A"), Board(st, 0)).action == Attack(1, ("b",))


def test_ATK_3_ongoing_damage_and_conditions_add_value_but_not_on_a_stunned_target():
    st = battle("Ab", {"A": card("Knight", attacks=(SWORD, STUN, BURN))}, active="A")
    a, b = st.creature("A"), st.creature("b")
    plain = attack_value(st, a, b, SWORD)
    assert attack_value(st, a, b, STUN) > plain and attack_value(st, a, b, BURN) > plain
    stunned = battle("Ab", {"A": card("Knight", attacks=(SWORD, STUN))}, active="A",
                     conditions={"b": {"stunned"}})
    assert attack_value(stunned, stunned.creature("A"), stunned.creature("b"), STUN) == \
        attack_value(stunned, stunned.creature("A"), stunned.creature("b"), SWORD)
