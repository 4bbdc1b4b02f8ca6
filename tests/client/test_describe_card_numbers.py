"""Log lines and card words of the card language's numbers: conditional bonuses (CL-1, CL-4), damage of
several types (CL-6), immunities (CL-15) -- made from the engine's data and events."""
from __future__ import annotations

from dataclasses import replace

from tactica.client.describe import describe_events
from tactica.engine import About, Activate, ActiveEffect, Attack, Bonus, DamagePart, Duration, EndActivation, When
from tactica.engine import apply as engine_apply
from tactica.engine.abilities import Immune, Resist
from tactica.engine.sandbox import battle, card, melee


def _log(state, *actions):
    lines = []
    for action in actions:
        before = state
        state, events = engine_apply(state, action)
        lines += [line.text for line in describe_events(events, state if state else before)]
    return lines


def test_cl_1_the_log_names_a_conditional_damage_bonus_and_the_roll_its_attack_bonus():
    zeal = card("Zealot", abilities=(Bonus("attack", 2, When(other=About(alignments=("Evil",))), "Zeal"),
                                     Bonus("damage", 10, When(other=About(alignments=("Evil",))), "Holy Wrath")))
    st = battle("Ab", {"A": zeal, "b": card("Fiend", alignment="Evil")}, active="A", dice=(10,))
    assert _log(st, Attack(0, ("b",))) == [
        "Zealot (A) → Fiend (b): Sword d20 10 +8 +2 Zeal = 20 vs AC 15: HIT, 20 damage (Holy Wrath +10) "
        "(Fiend 30 HP left)"]


def test_cl_1_the_log_shows_a_bonus_to_saving_throws():
    stubborn = card("Stubborn", abilities=(Bonus("saves", 5, name="Iron Will"),))
    st = battle("A.b", {"b": stubborn}, turn_player=1, effects={"b": (ActiveEffect("dazed", Duration.SAVE_ENDS),)},
                dice=(5,))
    lines = _log(st, Activate("b"), EndActivation())
    assert "Stubborn (b) saves against dazed: d20 5 +5 Iron Will = 10 vs 10 — ends it" in lines


def test_cl_6_the_log_shows_the_parts_then_what_the_target_changed():
    blade = replace(melee("Flame Blade", damage=20), parts=(DamagePart(10, "fire"),))
    st = battle("Ab", {"A": card("Mage", attacks=(blade,)), "b": card("Salamander", abilities=(Resist(5, "fire"),))},
                active="A", dice=(10,))
    assert _log(st, Attack(0, ("b",))) == [
        "Mage (A) → Salamander (b): Flame Blade d20 10 +8 = 18 vs AC 15: HIT, 25 damage (20 + 10 fire; "
        "resist −5) (Salamander 25 HP left, bloodied)"]


def test_cl_15_the_log_says_a_critical_hit_and_forced_movement_were_prevented():
    golem = card("Golem", abilities=(Immune(to="critical hits"),))
    st = battle("Ab", {"b": golem}, active="A", dice=(20,))
    assert _log(st, Attack(0, ("b",))) == [
        "Creature A (A) → Golem (b): Sword d20 20 +8 = 28 vs AC 15: HIT (natural 20; immune to critical "
        "hits: ordinary damage), 10 damage (Golem 40 HP left)"]
    from tactica.engine.model import ForcedMoveEffect, ForceKind
    shove = card("Bully", attacks=(melee("Shove", effects=(ForcedMoveEffect(ForceKind.PUSH, 2),)),))
    st = battle("Ab..", {"A": shove, "b": card("Rock", abilities=(Immune(to="forced movement"),))},
                active="A", dice=(15,))
    assert "Rock (b) is immune to forced movement" in _log(st, Attack(0, ("b",)))


def test_cl_1_cl_6_the_card_words_come_from_the_data():
    b = Bonus("defenses", 2, When(attack=("melee",), me=About(bloodied=False)), "Stone Skin")
    assert str(b) == "Stone Skin: +2 AC and DEF while not bloodied, with melee attacks"
    assert str(Bonus("ac", 4, When(attack=("ranged",)))) == "+4 AC with ranged attacks"
    assert replace(melee(damage=15, damage_bonus=5, damage_type="cold"),
                   parts=(DamagePart(5, "fire"),)).describe_damage() == "15+5 cold + 5 fire"


def test_cl_1_the_attack_preview_names_the_bonuses_that_hold():
    from tactica.client.describe import describe_preview
    from tactica.engine import preview
    zeal = card("Zealot", abilities=(Bonus("attack", 2, When(other=About(alignments=("Evil",))), "Zeal"),
                                     Bonus("damage", 10, When(other=About(alignments=("Evil",))), "Holy Wrath")))
    st = battle("Ab", {"A": zeal, "b": card("Fiend", alignment="Evil")}, active="A")
    p = preview(st, st.creature("A"), st.creature("b"), zeal.attacks[0])
    assert p.damage_modifiers == (("Holy Wrath", 10),)
    assert describe_preview("Sword", "Fiend (b)", p, "AC") == (
        "Sword → Fiend (b): d20 +8 +2 Zeal vs AC 15 — needs 5+, 80% to hit, expected 17.0 damage "
        "(Holy Wrath +10 on a hit).")
