"""The AI values the card language's targeting rules (CL-2, CL-5, CL-7, CL-8, CL-9) and never wastes
them: it attacks from its reach, counts a chain's next jump, an effect only when its 'when' holds,
an escalation's next step, 'critical' and 'destroys' effects at their own chances, and lines with no
attack roll by their sure (or saved) hits."""
from __future__ import annotations

from tactica.ai import make_bot
from tactica.ai.values import attack_value
from tactica.engine import (
    About,
    Attack,
    ChainEffect,
    ConditionEffect,
    EscalateEffect,
    HealEffect,
    Trigger,
    When,
)
from tactica.engine.sandbox import battle, card, melee, ranged


def _value(st, line, target="b"):
    return attack_value(st, st.creature("A"), st.creature(target), line)


def test_cl_5_the_normal_ai_strikes_from_its_reach():
    glaive = melee("Glaive", range=2)
    st = battle("A.b", {"A": card("Halberdier", attacks=(glaive,))}, active="A")
    assert make_bot("normal", seed=1).choose(st) == Attack(0, ("b",))


def test_cl_8_a_chain_is_worth_its_next_jump():
    spark = ranged("Spark", range=8, effects=(ChainEffect(3),))
    plain = ranged("Spark", range=8)
    st = battle("A..b.c", {"A": card("Adept", attacks=(melee(), spark))}, active="A")
    lonely = battle("A..b.....c", {"A": card("Adept", attacks=(melee(), spark))}, active="A")
    assert _value(st, spark) > _value(st, plain) > 0
    assert _value(lonely, spark) == _value(lonely, plain)       # nobody within 3 of b: no jump


def test_cl_7_effects_count_only_when_their_when_holds_and_at_their_chance():
    dazing = melee("Flail", effects=(ConditionEffect("dazed", when=When(other=About(bloodied=True))),))
    plain = melee("Flail")
    fresh = battle("Ab", {"A": card("Priest", attacks=(dazing,))}, active="A")
    hurt = battle("Ab", {"A": card("Priest", attacks=(dazing,))}, active="A", hp={"b": 24})
    assert _value(fresh, dazing) == _value(fresh, plain)
    assert _value(hurt, dazing) > _value(hurt, plain)
    on_crit = melee("Axe", effects=(ConditionEffect("stunned", on=Trigger.CRITICAL),))
    on_hit = melee("Axe", effects=(ConditionEffect("stunned"),))
    st = battle("Ab", active="A")
    assert _value(st, plain) < _value(st, on_crit) < _value(st, on_hit)
    heal_on_kill = melee("Axe", effects=(HealEffect(10, on=Trigger.DESTROYS),))
    wounded = battle("Ab", active="A", hp={"A": 20})
    assert _value(wounded, heal_on_kill) == _value(wounded, plain)   # 10 damage never destroys 50 HP
    finishing = battle("Ab", active="A", hp={"A": 20, "b": 10})
    assert _value(finishing, heal_on_kill) > _value(finishing, plain)


def test_cl_7_an_escalation_is_worth_the_step_this_target_would_take():
    ladder = melee("Whip", effects=(EscalateEffect(("slowed", "stunned")),))
    st = battle("Ab", active="A")
    slowed = battle("Ab", active="A", conditions={"b": {"slowed"}})
    assert _value(slowed, ladder) > _value(st, ladder) > _value(st, melee("Whip"))


def test_cl_9_a_sure_hit_is_worth_more_than_a_rolled_one():
    sure = ranged("Sure", range=5, automatic=True)
    rolled = ranged("Rolled", range=5)
    st = battle("A..b", {"A": card("Caster", attacks=(melee(), sure, rolled))}, active="A")
    assert _value(st, sure) > _value(st, rolled)
