"""CL-18: the conditions the cards name (petrified, blinded, restrained, marked) -- docs/rules.md ch. 14.

Default sandbox creatures: AC 15, DEF 13, 50 HP, a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from tactica.engine import Attack, ConditionEffect, Duration, ForcedMoveEffect, ForceKind, legal_actions
from tactica.engine import events as ev
from tactica.engine.combat import combat_advantage, flanking, modifiers
from tactica.engine.sandbox import battle, card, melee
from tactica.engine.state import ActiveEffect

from ._util import of, run


def test_cl_18_petrified_takes_no_actions_and_resists_20():
    st = battle("Ab", active="A", dice=(12,), conditions={"b": {"petrified"}})
    foe = st.creature("b")
    assert not foe.active and foe.speed == 0 and not foe.can_make_opportunity_attacks
    assert combat_advantage(st, st.creature("A"), foe) == ["target petrified"]
    heavy = card("Ogre", attacks=(melee("Club", damage=30),))
    st = battle("Ab", {"A": heavy}, active="A", dice=(12,), conditions={"b": {"petrified"}})
    _, out = run(st, Attack(0, ("b",)))
    dealt = of(out, ev.DamageDealt)[0]
    assert (dealt.amount, dealt.hp_left, dealt.adjustments) == (10, 40, (("petrified", -20),))
    # its own turn: nothing but ending it
    own = battle("b.A", active="b", conditions={"b": {"petrified"}})
    assert [type(a).__name__ for a in legal_actions(own)] == ["EndActivation"]


def test_cl_18_petrified_resists_ongoing_damage_too():
    from tactica.engine import Activate
    st = battle("A.b", turn_player=1, effects={"b": (ActiveEffect("petrified", Duration.BATTLE),
                                                     ActiveEffect("ongoing", Duration.SAVE_ENDS, amount=25,
                                                                  damage_type="fire"))})
    _, out = run(st, Activate("b"))
    dealt = of(out, ev.DamageDealt)[0]
    assert (dealt.amount, dealt.hp_left, dealt.adjustments) == (5, 45, (("petrified", -20),))


def test_cl_18_blinded_grants_combat_advantage_cannot_flank_and_attacks_at_minus_5():
    st = battle("AbC", active="A", dice=(9,), conditions={"A": {"blinded"}})
    me, foe = st.creature("A"), st.creature("b")
    assert not flanking(st, me, foe) and not me.can_make_opportunity_attacks
    assert modifiers(st, me, foe, melee()) == (("blinded", -5),)
    _, out = run(st, Attack(0, ("b",)))
    roll = of(out, ev.AttackRolled)[0]
    assert (roll.total, roll.hit) == (12, False)                         # 9 + 8 - 5 < 15
    # against a blinded target, attackers have combat advantage
    st = battle("Ab", active="A", conditions={"b": {"blinded"}})
    assert combat_advantage(st, st.creature("A"), st.creature("b")) == ["target blinded"]


def test_cl_18_restrained_cannot_move_attacks_at_minus_2_and_is_not_pushed():
    st = battle("A.b", active="b", conditions={"b": {"restrained"}})
    assert st.creature("b").speed == 0
    assert not any(type(a).__name__ in ("Move", "Shift", "Charge") for a in legal_actions(st))
    st = battle("Ab.", active="b", conditions={"b": {"restrained"}})
    assert modifiers(st, st.creature("b"), st.creature("A"), melee()) == (("restrained", -2),)
    assert combat_advantage(st, st.creature("A"), st.creature("b")) == ["target restrained"]
    shover = card("Shover", attacks=(melee("Shove", effects=(ForcedMoveEffect(ForceKind.PUSH, 2),)),))
    st = battle("Ab..", {"A": shover}, active="A", dice=(15,), conditions={"b": {"restrained"}})
    after, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit and after.creature("b").pos == (1, 0)
    assert not of(out, ev.CreatureForced) and after.phase.value == "acting"


def test_cl_18_marked_minus_2_unless_it_attacks_its_marker_and_a_new_mark_replaces_the_old():
    marker = card("Warden", attacks=(melee("Challenge", effects=(ConditionEffect("marked"),)),))
    st = battle("AbC", {"A": marker, "C": marker}, active="A", dice=(15, 15))
    after, out = run(st, Attack(0, ("b",)))
    b = after.creature("b")
    assert b.conditions == {"marked"} and [e.source for e in b.effects] == ["A"]
    assert modifiers(after, b, after.creature("A"), melee()) == ()
    assert modifiers(after, b, after.creature("C"), melee()) == (("marked", -2),)
    # C marks it too: the newer mark replaces A's
    after.active_uid = "C"
    after.attack_used = after.move_used = False
    again, out = run(after, Attack(0, ("b",)))
    assert [e.source for e in again.creature("b").effects] == ["C"]
    assert [(e.condition, e.reason) for e in of(out, ev.ConditionEnded)] == [("marked", "replaced")]
