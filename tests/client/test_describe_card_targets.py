"""The log and the stat card say the card language's targeting rules in words made from the data
(CL-2, CL-5, CL-7, CL-8, CL-9)."""
from __future__ import annotations

from tactica.client.describe import describe_events, describe_preview
from tactica.engine import (
    About,
    AreaAttack,
    Attack,
    ChainEffect,
    ConditionEffect,
    Duration,
    EscalateEffect,
    HealEffect,
    Strikes,
    Trigger,
    When,
    apply,
    legal_actions,
)
from tactica.engine.combat import preview
from tactica.engine.sandbox import battle, card, close, melee, ranged


def _words(state, action):
    after, events = apply(state, action)
    return [line.text for line in describe_events(events, after)]


def test_cl_8_the_log_says_each_jump_of_a_chain_and_why_it_ended():
    spark = ranged("Spark", range=8, effects=(ChainEffect(3),))
    st = battle("A...b..c", {"A": card("Adept", attacks=(melee(), spark))}, active="A", dice=(12, 2))
    words = _words(st, Attack(1, ("b",)))
    assert any("Spark leaps from Creature b (b) to Creature c (c), 3 squares away" in w for w in words), words
    assert any("Spark (chain) d20 2" in w for w in words)
    assert any(w.endswith("Spark's chain ends: a miss") for w in words)


def test_cl_9_the_log_says_no_roll_and_the_save():
    dust = ranged("Dust", range=5, damage=0, save=12, effects=(ConditionEffect("dazed", Duration.SAVE_ENDS),))
    st = battle("A..b", {"A": card("Mesmer", attacks=(melee(), dust))}, active="A", dice=(11,))
    assert any("Dust, no attack roll: save 11 (needs 12+): FAILED, hit" in w for w in _words(st, Attack(1, ("b",))))
    shriek = close("Shriek", size=1, strikes=Strikes.ENEMIES, automatic=True)
    st = battle("Ab", {"A": card("Shrieker", attacks=(melee(), shriek))}, active="A")
    aim = next(a for a in legal_actions(st) if isinstance(a, AreaAttack))
    assert any("Shriek, no attack roll: HIT" in w for w in _words(st, aim))


def test_cl_9_the_preview_says_no_roll():
    sure = ranged("Sure", range=5, automatic=True, damage=10)
    saved = ranged("Saved", range=5, save=12, damage=10)
    st = battle("A..b", {"A": card("Caster", attacks=(melee(), sure, saved))}, active="A")
    me, foe = st.creature("A"), st.creature("b")
    assert describe_preview("Sure", "b", preview(st, me, foe, sure)) == \
        "Sure → b: no attack roll — 100% to hit, expected 10.0 damage."
    assert describe_preview("Saved", "b", preview(st, me, foe, saved)) == \
        "Saved → b: no attack roll, the target saves on 12+ — 55% to hit, expected 5.5 damage."


def test_cl_2_cl_5_cl_7_the_stat_card_words():
    from tactica.tui.widgets.stat_card import effect_text

    glaive = melee("Glaive", range=2, targets=2, only=When(other=About(largest="medium")))
    assert glaive.describe_reach() == "reach 2, 2 different targets, only when the target is medium or smaller"
    assert close("Toll", size=2, strikes=Strikes.ENEMIES, save=11).describe_reach() == \
        "burst 2, enemies only, no attack roll: save 11+"
    assert effect_text(EscalateEffect(("slowed", "immobilized"))) == \
        "hit: escalate slowed → immobilized (end of next turn)"
    assert effect_text(HealEffect(10, on=Trigger.DESTROYS)) == "destroys its target: it regains 10 HP"
    assert effect_text(ConditionEffect("dazed", when=When(other=About(bloodied=True)))) == \
        "hit, when the target is bloodied: dazed (end of next turn)"
    assert effect_text(ChainEffect(3, jumps=2)) == \
        "hit: chain to the nearest enemy within 3 of the last hit, at most 2 more, until a miss"


def test_cl_2_the_session_aims_an_enemies_only_burst_at_enemies_only():
    from tactica.client.session import GameSession

    shriek = close("Shriek", size=1, strikes=Strikes.ENEMIES, automatic=True)
    session = GameSession(battle("Bb\nAc", {"A": card("Shrieker", attacks=(melee(), shriek))}, active="A"))
    aim = session.area_aim(1, (1, 0))
    assert aim is not None and aim[0].targets == ("b", "c")
    assert session.check(aim[0]) is None
