"""The bots count the card language's numbers (CL-1, CL-6, CL-15) and never waste an effect on an immune
creature: values go through the engine's preview and queries."""
from __future__ import annotations

from dataclasses import replace

from tactica.ai.aiming import best_attack_from
from tactica.ai.board import Board
from tactica.ai.planner import plan_creature
from tactica.ai.values import attack_value
from tactica.engine import About, Attack, Bonus, DamagePart, ForcedMoveEffect, ForceKind, When
from tactica.engine.abilities import Immune
from tactica.engine.sandbox import battle, card, melee, ranged

EVIL = When(other=About(alignments=("Evil",)))


def test_cl_1_a_conditional_damage_bonus_raises_the_value_and_picks_the_target():
    slayer = card("Slayer", abilities=(Bonus("damage", 20, EVIL, "Bane"),))
    st = battle("bAc", {"A": slayer, "b": card("Fiend", alignment="Evil"), "c": card("Ogre")}, active="A")
    a = st.creature("A")
    assert attack_value(st, a, st.creature("b"), melee()) > attack_value(st, a, st.creature("c"), melee())
    assert plan_creature(st, a, Board(st, a.player)).action == Attack(0, ("b",))


def test_cl_6_the_preview_counts_every_part():
    blade = replace(melee("Flame Blade", damage=10), parts=(DamagePart(10, "fire"),))
    mage = card("Mage", attacks=(blade,))
    st = battle("Ab", {"A": mage}, active="A")
    assert attack_value(st, st.creature("A"), st.creature("b"), blade) > \
        attack_value(st, st.creature("A"), st.creature("b"), melee(damage=10))


def test_cl_15_no_value_for_forced_movement_against_an_immune_target():
    shove = melee("Shove", damage=10, effects=(ForcedMoveEffect(ForceKind.PUSH, 2),))
    shover = card("Shover", attacks=(shove,))
    rock = card("Rock", abilities=(Immune(to="forced movement"),))
    zoned = battle(".Ab..", {"A": shover, "b": rock}, active="A", vp_zones={"B": {(2, 0)}})
    plain = battle(".Ab..", {"A": shover}, active="A", vp_zones={"B": {(2, 0)}})
    a = zoned.creature("A")
    assert attack_value(zoned, a, zoned.creature("b"), shove) < \
        attack_value(plain, plain.creature("A"), plain.creature("b"), shove)
    assert attack_value(zoned, a, zoned.creature("b"), shove) == \
        attack_value(zoned, a, zoned.creature("b"), replace(shove, effects=()))


def test_cl_15_a_creature_immune_to_opportunity_attacks_shoots_next_to_an_enemy_without_a_penalty():
    archer = card("Archer", attacks=(melee(damage=5), ranged("Bow", bonus=8, damage=15)))
    slippery = replace(archer, abilities=(Immune(to="opportunity attacks"),))
    st = battle("Ab", {"A": archer}, active="A")
    free = battle("Ab", {"A": slippery}, active="A")
    v, _ = best_attack_from(st, st.creature("A"), [st.creature("b")])
    w, act = best_attack_from(free, free.creature("A"), [free.creature("b")])
    assert w > v and act == Attack(1, ("b",))
