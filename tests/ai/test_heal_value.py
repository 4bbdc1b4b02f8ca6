"""The normal AI values healing (an attack's heal effect), more on a bloodied creature."""
from __future__ import annotations

from tactica.ai.values import attack_value, heal_value
from tactica.engine.model import HealEffect
from tactica.engine.sandbox import battle, card, melee


def test_abl_heal_value_counts_and_is_larger_when_bloodied():
    leech = card("Leech", attacks=(melee("Drain", effects=(HealEffect(10),)),))
    plain = card("Leech", attacks=(melee("Drain"),))
    hurt = battle("Ab", {"A": leech}, active="A", hp={"A": 20})
    scratched = battle("Ab", {"A": leech}, active="A", hp={"A": 40})
    whole = battle("Ab", {"A": leech}, active="A")
    assert heal_value(hurt.creature("A"), 10) == 2 * heal_value(scratched.creature("A"), 10) > 0
    assert heal_value(whole.creature("A"), 10) == 0
    same = battle("Ab", {"A": plain}, active="A", hp={"A": 20})
    with_heal = attack_value(hurt, hurt.creature("A"), hurt.creature("b"), leech.attacks[0])
    without = attack_value(same, same.creature("A"), same.creature("b"), plain.attacks[0])
    assert with_heal > without
