"""The card language's numbers: conditional bonuses (CL-1), defence against kinds of attack (CL-4),
several damage types in one attack (CL-6) and immunities (CL-15); docs/rules.md chapter 14.

Default sandbox creatures: AC 15, DEF 13, 50 HP (bloodied at 25), a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from dataclasses import replace

from tactica.engine import (
    About,
    Activate,
    ActiveEffect,
    Attack,
    Bonus,
    DamagePart,
    Duration,
    EndActivation,
    Move,
    When,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine.abilities import Immune, Resist, SneakAttack, Vulnerable
from tactica.engine.auras import speed
from tactica.engine.combat import flanking, modifiers, preview
from tactica.engine.model import ConditionEffect, Defense, ForcedMoveEffect, ForceKind
from tactica.engine.movement import provokers_of_path
from tactica.engine.sandbox import area, battle, card, melee, ranged

from ._util import of, run

EVIL = When(other=About(alignments=("Evil",)))
WRATH = Bonus(to="damage", amount=10, when=EVIL, name="Holy Wrath")
PALADIN = card("Paladin", abilities=(WRATH,))
FIEND = card("Fiend", alignment="Evil")


def _damage(out):
    return [(d.target, d.amount, d.adjustments) for d in of(out, ev.DamageDealt)]


# -- CL-1 conditional numbers ------------------------------------------------------------

def test_cl_1_damage_bonus_against_evil():
    st = battle("Ab", {"A": PALADIN, "b": FIEND}, active="A", dice=(10,))
    st, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 20, (("Holy Wrath", 10),))]
    assert st.creature("b").hp == 30
    plain = battle("Ab", {"A": PALADIN}, active="A", dice=(10,))          # an Unaligned target
    _, out = run(plain, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10, ())]


def test_cl_1_the_preview_counts_a_conditional_damage_bonus():
    st = battle("Ab", {"A": PALADIN, "b": FIEND}, active="A")
    p = preview(st, st.creature("A"), st.creature("b"), PALADIN.attacks[0])
    assert p.expected_damage == (13 * 20 + 1 * 40) / 20                    # 7+ hits: 20, a 20: 40
    plain = battle("Ab", {"A": PALADIN}, active="A")
    assert preview(plain, plain.creature("A"), plain.creature("b"), PALADIN.attacks[0]).expected_damage == 7.5


def test_cl_1_critical_hit_doubles_a_conditional_damage_bonus():
    st = battle("Ab", {"A": PALADIN, "b": FIEND}, active="A", dice=(20,))
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 40, (("Holy Wrath", 20),))]             # (10 + 10) x 2 (ATK-5)


def test_cl_1_attack_bonus_against_a_bloodied_enemy_in_the_roll_and_the_preview():
    hunter = card("Hunter", abilities=(Bonus(to="attack", amount=4, when=When(other=About(bloodied=True)),
                                             name="Smell Blood"),))
    st = battle("Ab", {"A": hunter}, active="A", dice=(3,), hp={"b": 25})   # 25 of 50: bloodied (HP-2)
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, hunter.attacks[0]) == (("Smell Blood", 4),)
    assert preview(st, me, foe, hunter.attacks[0]).hit_chance == 0.9       # 3 to 20 hit (3 + 8 + 4 = 15)
    _, out = run(st, Attack(0, ("b",)))
    assert [(r.total, r.hit) for r in of(out, ev.AttackRolled)] == [(15, True)]
    fresh = battle("Ab", {"A": hunter}, active="A", dice=(3,))
    assert modifiers(fresh, fresh.creature("A"), fresh.creature("b"), hunter.attacks[0]) == ()
    _, out = run(fresh, Attack(0, ("b",)))
    assert not of(out, ev.AttackRolled)[0].hit                            # 3 + 8 = 11 < 15


def test_cl_1_def_bonus_while_adjacent_to_an_ally():
    guard = card("Guard", abilities=(Bonus(to="defenses", amount=2, when=When(me=About(adjacent_ally=True)),
                                           name="Shield Line"),))
    st = battle("Ab\n.c", {"b": guard}, active="A", dice=(6,))              # c stands next to b
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, melee()) == (("Shield Line (target)", -2),)
    _, out = run(st, Attack(0, ("b",)))
    assert [(r.total, r.hit) for r in of(out, ev.AttackRolled)] == [(12, False)]   # 6 + 8 - 2 < 15
    alone = battle("Ab\n..", {"b": guard}, active="A")
    assert modifiers(alone, alone.creature("A"), alone.creature("b"), melee()) == ()


def test_cl_1_ally_of_a_keyword_and_charging_and_whose_turn():
    dwarf = card("Dwarf", keywords=("Dwarf",))
    keen = card("Keen", abilities=(
        Bonus(to="attack", amount=1, when=When(me=About(adjacent_ally=True, ally_keyword="Dwarf")), name="Kin"),
        Bonus(to="attack", amount=2, when=When(me=About(charging=True)), name="Rush"),
        Bonus(to="ac", amount=3, when=When(turn="theirs"), name="Wary")))
    st = battle("Ab\nD.", {"A": keen, "D": dwarf}, active="A")
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, melee()) == (("Kin", 1),)
    assert modifiers(st, me, foe, melee(), charge=True) == (("charge", 1), ("Kin", 1), ("Rush", 2))
    # its AC bonus holds on the other side's turn only
    other_turn = battle("Ab\nD.", {"A": keen, "D": dwarf}, active="b")
    assert modifiers(other_turn, other_turn.creature("b"), other_turn.creature("A"), melee()) == (
        ("Wary (target)", -3),)
    assert modifiers(st, st.creature("b"), st.creature("A"), melee()) == ()


def test_cl_1_the_same_bonus_twice_counts_once_different_ones_add():
    twice = card("Twice", abilities=(WRATH, replace(WRATH, amount=5),
                                     Bonus(to="damage", amount=5, when=EVIL, name="Zeal"),
                                     SneakAttack(10)))
    st = battle("AbC", {"A": twice, "b": FIEND}, active="A", dice=(10,))      # C flanks b with A
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 35, (("sneak-attack", 10), ("Holy Wrath", 10), ("Zeal", 5)))]


def test_cl_1_speed_bonus_while_bloodied():
    fury = card("Fury", abilities=(Bonus(to="speed", amount=2, when=When(me=About(bloodied=True)), name="Rage"),))
    st = battle("A.........b", {"A": fury}, active="A", hp={"A": 20})
    assert speed(st, st.creature("A")) == 8
    assert max(a.path[-1][0] for a in legal_actions(st) if isinstance(a, Move)) == 8
    fresh = battle("A.........b", {"A": fury}, active="A")
    assert speed(fresh, fresh.creature("A")) == 6
    slowed = battle("A.........b", {"A": fury}, active="A", hp={"A": 20}, conditions={"A": {"slowed"}})
    assert speed(slowed, slowed.creature("A")) == 2                          # slowed stays 2 (CON-8)


def test_cl_1_bonus_to_saving_throws():
    stubborn = card("Stubborn", abilities=(Bonus(to="saves", amount=5, name="Iron Will"),))
    effects = (ActiveEffect("dazed", Duration.SAVE_ENDS), ActiveEffect("slowed", Duration.SAVE_ENDS))
    st = battle("A.b", {"b": stubborn}, turn_player=1, effects={"b": effects}, dice=(5, 4))
    st, out = run(st, Activate("b"), EndActivation())
    assert [(s.condition, s.natural, s.modifiers, s.success) for s in of(out, ev.SavingThrowRolled)] == [
        ("dazed", 5, (("Iron Will", 5),), True), ("slowed", 4, (("Iron Will", 5),), False)]
    assert [e.name for e in st.creature("b").effects] == ["slowed"]


# -- CL-4 defence against kinds of attack ------------------------------------------------

def test_cl_4_ac_bonus_against_ranged_attacks_only():
    shield = card("Shield", abilities=(Bonus(to="ac", amount=4, when=When(attack=("ranged",)), name="Tower Shield"),))
    st = battle("A..b", {"b": shield}, active="A", dice=(9,))
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, ranged()) == (("Tower Shield (target)", -4),)
    assert modifiers(st, me, foe, melee()) == ()
    archer = card("Archer", attacks=(ranged(bonus=6),))
    st = battle("A..b", {"A": archer, "b": shield}, active="A", dice=(9,))
    _, out = run(st, Attack(0, ("b",)))
    assert [(r.total, r.hit) for r in of(out, ev.AttackRolled)] == [(11, False)]    # 9 + 6 - 4 < 15


def test_cl_4_def_bonus_against_area_attacks_and_not_against_ac():
    ward = card("Ward", abilities=(Bonus(to="def", amount=2, when=When(attack=("area", "close")), name="Ward"),))
    st = battle("A..b", {"b": ward}, active="A")
    me, foe = st.creature("A"), st.creature("b")
    fire = area()
    assert modifiers(st, me, foe, replace(fire, defense=Defense.DEF)) == (("Ward (target)", -2),)
    assert modifiers(st, me, foe, replace(fire, defense=Defense.AC)) == ()
    assert modifiers(st, me, foe, replace(ranged(), defense=Defense.DEF)) == ()


def test_cl_4_bonus_against_opportunity_attacks():
    dancer = card("Dancer", abilities=(Bonus(to="ac", amount=5, when=When(attack=("opportunity",)),
                                             name="Deft Step"),))
    st = battle("Ab..\n....", {"A": dancer}, active="A", dice=(10,))
    st, out = run(st, Move(((0, 1),)))
    r = of(out, ev.AttackRolled)[0]
    assert (r.kind, r.modifiers, r.total, r.hit) == ("opportunity", (("Deft Step (target)", -5),), 13, False)
    st2 = battle("Ab", {"b": dancer}, active="A", dice=(10,))              # an ordinary attack: no bonus
    _, out = run(st2, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].modifiers == ()


# -- CL-6 several damage types in one attack ------------------------------------------

FIRE_10 = DamagePart(10, "fire")


def _hit_with_parts(target_card, dice=(10,), main=10, part=FIRE_10):
    blade = replace(melee("Flame Blade", damage=main), parts=(part,))
    st = battle("Ab", {"A": card("Mage", attacks=(blade,)), "b": target_card}, active="A", dice=dice)
    return run(st, Attack(0, ("b",)))


def test_cl_6_resist_all_totals_the_parts_first():
    st, out = _hit_with_parts(card("Stone", abilities=(Resist(20, "all"),)))     # the case file's
    assert [(d.amount, d.parts, d.adjustments) for d in of(out, ev.DamageDealt)] == [
        (0, (("", 10), ("fire", 10)), (("resist", -20),))]


def test_cl_6_resist_and_immune_to_one_type_touch_that_part_only():
    st, out = _hit_with_parts(card("Salamander", abilities=(Resist(20, "fire"),)), main=20)
    assert _damage(out) == [("b", 20, (("resist", -10),))]                   # fire 10 → 0; 20 stays
    st, out = _hit_with_parts(card("Efreet", abilities=(Immune(damage_type="fire"),)), main=20)
    assert _damage(out) == [("b", 20, (("immune", -10),))]
    both = card("Both", abilities=(Immune(damage_type="fire"), Resist(5, "all")))
    st, out = _hit_with_parts(both, main=20)
    assert _damage(out) == [("b", 15, (("immune", -10), ("resist", -5)))]


def test_cl_6_vulnerable_adds_once_when_the_attack_has_that_type():
    st, out = _hit_with_parts(card("Troll", abilities=(Vulnerable(5, "fire"),)), main=20)
    assert _damage(out) == [("b", 35, (("vulnerable", 5),))]
    st, out = _hit_with_parts(card("Troll", abilities=(Vulnerable(5, "fire"),)), main=20,
                              part=DamagePart(10, "cold"))
    assert _damage(out) == [("b", 30, ())]


def test_cl_6_critical_hit_doubles_every_part_and_the_preview_counts_them():
    st, out = _hit_with_parts(card("Target"), dice=(20,), main=20)
    assert [(d.amount, d.parts) for d in of(out, ev.DamageDealt)] == [(60, (("", 40), ("fire", 20)))]
    blade = replace(melee("Flame Blade", damage=20), parts=(DamagePart(10, "fire"),))
    st = battle("Ab", {"A": card("Mage", attacks=(blade,)), "b": card("Salamander", abilities=(Resist(10, "fire"),))},
                active="A")
    p = preview(st, st.creature("A"), st.creature("b"), blade)
    assert p.expected_damage == (13 * 20 + 1 * 50) / 20    # 7+ hits for 20 (fire resisted); a 20: 40 + 20 - 10
    assert blade.total_damage == 30 and blade.describe_damage() == "20 + 10 fire"


def test_cl_6_a_part_of_its_type_stops_regeneration():
    from tactica.engine.abilities import Regeneration
    st, out = _hit_with_parts(card("Troll", abilities=(Regeneration(10, "fire"),)), main=20)
    assert st.creature("b").regeneration_stopped


# -- CL-15 immunities ---------------------------------------------------------------------

def test_cl_15_immune_to_critical_hits_a_natural_20_hits_for_ordinary_damage():
    golem = card("Golem", ac=30, abilities=(Immune(to="critical hits"),))
    st = battle("Ab", {"b": golem}, active="A", dice=(20,))
    st, out = run(st, Attack(0, ("b",)))
    r = of(out, ev.AttackRolled)[0]
    assert (r.hit, r.critical, r.critical_prevented) == (True, False, True)
    assert _damage(out) == [("b", 10, ())]
    p = preview(st, st.creature("A"), st.creature("b"), melee())
    assert (p.hit_chance, p.expected_damage) == (0.05, 0.5)
    helpless = battle("Ab", {"b": golem}, active="A", dice=(2,), conditions={"b": {"helpless"}})
    _, out = run(helpless, Attack(0, ("b",)))                              # automatic critical: a hit, x1
    assert of(out, ev.AttackRolled)[0].hit and _damage(out) == [("b", 10, ())]


def test_cl_15_immune_to_forced_movement():
    bully = card("Bully", attacks=(melee("Shove", effects=(ForcedMoveEffect(ForceKind.PUSH, 2),)),))
    rock = card("Rock", abilities=(Immune(to="forced movement"),))
    st = battle("Ab..", {"A": bully, "b": rock}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert st.pending == () and ev.ConditionPrevented("b", "forced movement") in out
    assert st.creature("b").pos == (1, 0) and st.creature("b").hp == 40


def test_cl_15_immune_to_flanking():
    wary = card("Wary", abilities=(Immune(to="flanking"),))
    st = battle("AbC", {"b": wary}, active="A", dice=(6,))
    me, foe = st.creature("A"), st.creature("b")
    assert not flanking(st, me, foe)
    assert modifiers(st, me, foe, melee()) == ()
    plain = battle("AbC", active="A")
    assert flanking(plain, plain.creature("A"), plain.creature("b"))


def test_cl_15_immune_to_opportunity_attacks():
    eel = card("Eel", abilities=(Immune(to="opportunity attacks"),), attacks=(melee(), ranged()))
    st = battle("Ab..\n....", {"A": eel}, active="A")
    assert provokers_of_path(st, st.creature("A"), ((0, 1), (1, 1), (2, 1))) == ()
    st2, out = run(st, Move(((0, 1), (1, 1))))                              # no dice: an OA would fail
    assert not of(out, ev.OpportunityAttackProvoked)
    st3 = battle("Ab..\n....", {"A": eel}, active="A", dice=(10,))
    _, out = run(st3, Attack(1, ("b",)))                                   # a ranged attack next to b
    assert not of(out, ev.OpportunityAttackProvoked) and len(of(out, ev.AttackRolled)) == 1


def test_cl_15_immune_to_a_named_condition_from_any_attack():
    dazer = card("Dazer", attacks=(melee("Bash", effects=(ConditionEffect("dazed"),)),))
    calm = card("Calm", abilities=(Immune(condition="dazed"),))
    st = battle("Ab", {"A": dazer, "b": calm}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert ev.ConditionPrevented("b", "dazed") in out and "dazed" not in st.creature("b").conditions
