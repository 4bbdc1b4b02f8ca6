"""The card language's targeting rules (docs/rules.md chapter 14): CL-2 who an attack may target,
CL-5 reach, CL-7 effects that depend on the target, CL-8 chains, CL-9 effects without an attack roll.

Default sandbox creatures: AC 15, DEF 13, 50 HP, a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from tactica.engine import (
    About,
    AreaAttack,
    Attack,
    ChainEffect,
    ConditionEffect,
    Duration,
    EscalateEffect,
    HealEffect,
    OngoingEffect,
    Reach,
    Strikes,
    Trigger,
    When,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine.combat import flanking, preview
from tactica.engine.movement import threats
from tactica.engine.sandbox import battle, card, close, melee, ranged

from ._util import of, refused, run

MEDIUM_ONLY = When(other=About(largest="medium"))


def _rolls(out):
    return [(e.target, e.natural, e.hit) for e in of(out, ev.AttackRolled)]


def _damage(out):
    return [(d.target, d.amount) for d in of(out, ev.DamageDealt)]


# -- CL-2: who an attack may target ------------------------------------------------------

def test_cl_2_only_medium_or_smaller_refuses_a_large_target():
    bolas = ranged("Bolas", range=6, only=MEDIUM_ONLY)
    st = battle("A.b.\n..gg\n..gg", {"A": card("Trapper", attacks=(melee(), bolas)),
                                     "g": card("Giant", size=2)}, active="A", dice=(15,))
    assert refused(st, Attack(1, ("g",))) == "not-allowed"
    offered = {a.targets for a in legal_actions(st) if isinstance(a, Attack) and a.attack == 1}
    assert offered == {("b",)}
    _, out = run(st, Attack(1, ("b",)))
    assert _damage(out) == [("b", 10)]


def test_cl_2_only_evil_targets_by_alignment_and_keyword():
    sun = ranged("Sunlash", range=8, only=When(other=About(alignments=("Evil",))))
    undead = ranged("Turn", range=8, only=When(other=About(keywords=("Undead",))))
    st = battle("A.b.c", {"A": card("Priest", attacks=(melee(), sun, undead)),
                          "b": card("Ghoul", alignment="Evil", keywords=("Undead",)),
                          "c": card("Bandit", alignment="Unaligned")}, active="A")
    assert refused(st, Attack(1, ("c",))) == "not-allowed"
    assert refused(st, Attack(2, ("c",))) == "not-allowed"
    assert {a.targets for a in legal_actions(st) if isinstance(a, Attack) and a.attack in (1, 2)} == {("b",)}


def test_cl_2_several_melee_targets_each_a_different_one():
    sweep = melee("Sweep", targets=2)
    st = battle(".b.\nAc.", {"A": card("Sweeper", attacks=(sweep,))}, active="A", dice=(12, 3))
    assert refused(st, Attack(0, ("b", "b"))) == "duplicate-target"
    offered = {a.targets for a in legal_actions(st) if isinstance(a, Attack)}
    assert offered == {("b",), ("c",), ("b", "c")}
    _, out = run(st, Attack(0, ("c", "b")))                 # in the attacker's order (ATK-4)
    assert _rolls(out) == [("c", 12, True), ("b", 3, False)]
    assert _damage(out) == [("c", 10)]


def test_cl_2_close_burst_that_strikes_enemies_only_spares_allies():
    shriek = close("Shriek", size=1, strikes=Strikes.ENEMIES)
    st = battle("Bb\nAc", {"A": card("Shrieker", attacks=(melee(), shriek))}, active="A", dice=(15, 15))
    aims = [a for a in legal_actions(st) if isinstance(a, AreaAttack)]
    assert [a.targets for a in aims] == [("b", "c")]        # B, the ally, is in the burst but not struck
    assert refused(st, AreaAttack(1, (0, 1), ("B", "b", "c"))) == "wrong-targets"
    _, out = run(st, aims[0])
    assert [t for t, _, _ in _rolls(out)] == ["b", "c"]


def test_cl_2_close_burst_that_strikes_allies_only_needs_an_ally():
    rally = close("Rally Cry", size=1, strikes=Strikes.ALLIES, damage=0, automatic=True,
                  effects=(ConditionEffect("slowed"),))
    alone = battle(".b\nAc", {"A": card("Herald", attacks=(melee(), rally))}, active="A")
    assert not [a for a in legal_actions(alone) if isinstance(a, AreaAttack)]
    assert refused(alone, AreaAttack(1, (0, 1), ())) == "no-ally"
    st = battle("Bb\nAc", {"A": card("Herald", attacks=(melee(), rally))}, active="A")
    aims = [a for a in legal_actions(st) if isinstance(a, AreaAttack)]
    assert [a.targets for a in aims] == [("B",)]
    after, out = run(st, aims[0])
    assert "slowed" in after.creature("B").conditions and not after.creature("b").conditions


# -- CL-5: reach --------------------------------------------------------------------------

GLAIVE = melee("Glaive", range=2)


def test_cl_5_reach_2_attacks_two_squares_away_in_sight():
    st = battle("A.b", {"A": card("Halberdier", attacks=(GLAIVE,))}, active="A", dice=(10,))
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10)]
    far = battle("A..b", {"A": card("Halberdier", attacks=(GLAIVE,))}, active="A")
    assert refused(far, Attack(0, ("b",))) == "not-in-reach"
    walled = battle("A#b\n###", {"A": card("Halberdier", attacks=(GLAIVE,))}, active="A")
    assert refused(walled, Attack(0, ("b",))) == "not-in-reach"   # around the wall it is 4 squares
    plain = battle("A.b", active="A")
    assert refused(plain, Attack(0, ("b",))) == "not-adjacent"


def test_cl_5_reach_makes_opportunity_attacks_at_that_reach():
    st = battle("A.b..", {"A": card("Halberdier", attacks=(GLAIVE,))}, active="b")
    mover = st.creature("b")
    assert threats(st, mover, (2, 0), moving=True) == ("A",)     # leaving a square 2 away provokes
    assert threats(st, mover, (3, 0), moving=True) == ()
    plain = battle("A.b..", active="b")
    assert threats(plain, plain.creature("b"), (2, 0), moving=True) == ()


def test_cl_5_a_move_out_of_reach_provokes_the_reach_attack():
    from tactica.engine import Move

    st = battle("A.b...", {"A": card("Halberdier", attacks=(GLAIVE,))}, active="b", dice=(15,))
    _, out = run(st, Move(((3, 0), (4, 0))))
    assert [(e.attacker, e.mover, e.cause) for e in of(out, ev.OpportunityAttackProvoked)] == [("A", "b", "move")]
    assert _rolls(out) == [("b", 15, True)] and _damage(out) == [("b", 10)]


def test_cl_5_reach_flanks_at_that_reach():
    halberdier = card("Halberdier", attacks=(GLAIVE,))
    st = battle("A.bC", {"A": halberdier}, active="C", dice=(5,))
    assert flanking(st, st.creature("C"), st.creature("b"))      # A flanks b from 2 squares away
    assert flanking(st, st.creature("A"), st.creature("b"))
    _, out = run(st, Attack(0, ("b",)))
    assert ("combat advantage", 2) in of(out, ev.AttackRolled)[0].modifiers   # 5 + 8 + 2 = 15: a hit
    assert _damage(out) == [("b", 10)]
    short = battle("A.bC", active="C")
    assert not flanking(short, short.creature("C"), short.creature("b"))


# -- CL-7: effects that depend on the target -------------------------------------------

WHIP = melee("Whip", effects=(EscalateEffect(("slowed", "immobilized", "stunned")),))


@pytest.mark.parametrize("has,gets", [((), "slowed"), (("slowed",), "immobilized"),
                                      (("immobilized",), "stunned"), (("slowed", "immobilized"), "stunned"),
                                      (("stunned",), "stunned")])
def test_cl_7_escalation_steps_up_the_ladder(has, gets):
    st = battle("Ab", {"A": card("Lasher", attacks=(WHIP,))}, active="A", dice=(15,),
                conditions={"b": set(has)})
    _, out = run(st, Attack(0, ("b",)))
    assert [e.condition for e in of(out, ev.ConditionApplied)] == [gets]


def test_cl_7_effect_only_on_a_bloodied_target():
    flail = melee("Flail", effects=(ConditionEffect("dazed", when=When(other=About(bloodied=True))),))
    fresh = battle("Ab", {"A": card("Priest", attacks=(flail,))}, active="A", dice=(15,))
    after, _ = run(fresh, Attack(0, ("b",)))
    assert not after.creature("b").conditions                       # 50 → 40: not bloodied before
    hurt = battle("Ab", {"A": card("Priest", attacks=(flail,))}, active="A", dice=(15,), hp={"b": 25})
    after, _ = run(hurt, Attack(0, ("b",)))
    assert "dazed" in after.creature("b").conditions


def test_cl_7_if_the_attack_destroys_its_target_the_attacker_regains_hp():
    axe = melee("Axe", damage=15, effects=(HealEffect(10, on=Trigger.DESTROYS),))
    st = battle("Ab", {"A": card("Headtaker", attacks=(axe,))}, active="A", dice=(15,), hp={"A": 20, "b": 15})
    after, out = run(st, Attack(0, ("b",)))
    assert after.creature("A").hp == 30 and of(out, ev.CreatureHealed)[0].amount == 10
    survives = battle("Ab", {"A": card("Headtaker", attacks=(axe,))}, active="A", dice=(15,), hp={"A": 20})
    after, _ = run(survives, Attack(0, ("b",)))
    assert after.creature("A").hp == 20


def test_cl_7_an_extra_effect_on_a_critical_hit_only():
    axe = melee("Axe", effects=(OngoingEffect(5, on=Trigger.CRITICAL),))
    st = battle("Ab", {"A": card("Headtaker", attacks=(axe,))}, active="A", dice=(19,))
    after, _ = run(st, Attack(0, ("b",)))
    assert not after.creature("b").effects
    crit = battle("Ab", {"A": card("Headtaker", attacks=(axe,))}, active="A", dice=(20,))
    after, out = run(crit, Attack(0, ("b",)))
    assert _damage(out) == [("b", 20)] and [e.amount for e in after.creature("b").effects] == [5]


# -- CL-8: chains ---------------------------------------------------------------------

SPARK = ranged("Spark", range=8, effects=(ChainEffect(3),))


def test_cl_8_chain_jumps_to_the_nearest_enemy_and_stops_at_the_first_miss():
    st = battle("A...b..c.d", {"A": card("Adept", attacks=(melee(), SPARK))}, active="A", dice=(12, 11, 2))
    _, out = run(st, Attack(1, ("b",)))
    assert _rolls(out) == [("b", 12, True), ("c", 11, True), ("d", 2, False)]
    jumps = [(j.source, j.target, j.reason) for j in of(out, ev.ChainJumped)]
    assert jumps == [("b", "c", ""), ("c", "d", ""), ("d", "", "miss")]
    assert _damage(out) == [("b", 10), ("c", 10)]


def test_cl_8_chain_attacks_no_creature_twice_and_stops_after_its_jumps():
    two = ranged("Spark", range=8, effects=(ChainEffect(3, jumps=1),))
    st = battle("A.b.c.d", {"A": card("Adept", attacks=(melee(), two))}, active="A", dice=(12, 12))
    _, out = run(st, Attack(1, ("b",)))
    assert [t for t, _, _ in _rolls(out)] == ["b", "c"]
    assert of(out, ev.ChainJumped)[-1].reason == "jumps"
    lonely = battle("A.b.....c", {"A": card("Adept", attacks=(melee(), SPARK))}, active="A", dice=(12,))
    _, out = run(lonely, Attack(1, ("b",)))
    assert [t for t, _, _ in _rolls(out)] == ["b"]
    assert of(out, ev.ChainJumped)[-1].reason == "no creature in reach"


def test_cl_8_chain_never_jumps_to_an_ally_and_ties_go_to_the_fewest_hp():
    st = battle("A.bB\n..dc", {"A": card("Adept", attacks=(melee(), SPARK))}, active="A",
                dice=(12, 12, 1), hp={"d": 20})
    _, out = run(st, Attack(1, ("b",)))
    # c and d are both 1 square from b; d has fewer HP left; B (an ally) is never struck
    assert [t for t, _, _ in _rolls(out)] == ["b", "d", "c"]


# -- CL-9: effects without an attack roll ------------------------------------------------

def test_cl_9_automatic_burst_damages_every_adjacent_enemy_with_no_roll():
    shriek = close("Shriek", size=1, strikes=Strikes.ENEMIES, automatic=True, damage=10)
    st = battle("Bb.\nAc.\n..d", {"A": card("Shrieker", attacks=(melee(), shriek))}, active="A")  # no dice
    aim = next(a for a in legal_actions(st) if isinstance(a, AreaAttack))
    _, out = run(st, aim)
    assert not of(out, ev.AttackRolled)
    assert [(e.target, e.hit, e.save) for e in of(out, ev.AttackWithoutRoll)] == [("b", True, 0), ("c", True, 0)]
    assert _damage(out) == [("b", 10), ("c", 10)]


def test_cl_9_a_condition_with_a_save_the_card_names():
    dust = ranged("Dust", range=5, damage=0, save=12, effects=(ConditionEffect("dazed", Duration.SAVE_ENDS),))
    mesmer = card("Mesmer", attacks=(melee(), dust))
    st = battle("A..b", {"A": mesmer}, active="A", dice=(11,))
    after, out = run(st, Attack(1, ("b",)))
    assert [(e.face, e.save, e.hit) for e in of(out, ev.AttackWithoutRoll)] == [(11, 12, True)]
    assert "dazed" in after.creature("b").conditions and not of(out, ev.DamageDealt)
    resisted = battle("A..b", {"A": mesmer}, active="A", dice=(12,))
    after, out = run(resisted, Attack(1, ("b",)))
    assert not of(out, ev.AttackWithoutRoll)[0].hit and not after.creature("b").conditions


def test_cl_9_preview_counts_lines_without_a_roll():
    sure = ranged("Sure", range=5, automatic=True, damage=10)
    saved = ranged("Saved", range=5, save=12, damage=10)
    st = battle("A..b", {"A": card("Caster", attacks=(melee(), sure, saved))}, active="A")
    me, foe = st.creature("A"), st.creature("b")
    p = preview(st, me, foe, sure)
    assert (p.hit_chance, p.expected_damage, p.modifiers) == (1.0, 10.0, (("no attack roll", 0),))
    q = preview(st, me, foe, saved)
    assert q.hit_chance == pytest.approx(11 / 20) and q.expected_damage == pytest.approx(5.5)


def test_cl_9_old_lines_still_roll():
    assert melee().rolls and not replace(melee(), automatic=True).rolls and not replace(melee(), save=10).rolls
    assert Reach.ADJACENT.value == "adjacent"


def test_cl_5_a_cards_reach_and_a_modules_reach_take_the_larger():
    from tactica.engine import Ruleset

    grid35 = Ruleset(modules=("grid35",))
    giant = card("Giant", size=2, attacks=(melee("Club"),))             # G35-REACH: Large reaches 2
    long_arm = card("Giant", size=2, attacks=(melee("Pike", range=3),))  # the card's own reach 3
    st = battle("GG..b\nGG...", {"G": giant}, active="G", rules=grid35)
    assert refused(st, Attack(0, ("b",))) == "not-adjacent"            # 3 squares: beyond 2
    near = battle("GG.b\nGG..", {"G": giant}, active="G", rules=grid35, dice=(15,))
    _, out = run(near, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10)]
    far = battle("GG..b\nGG...", {"G": long_arm}, active="G", rules=grid35, dice=(15,))
    _, out = run(far, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10)]
