"""The log, the prompt, the stat card's words and the bots' answers for the card language's triggers:
reactions (CL-10), champion powers in the card language (CL-12), changing dice (CL-13) — words made
from the data (``str()`` of the entries, the events' fields)."""
from __future__ import annotations

from tactica.ai.champion import choose_champion_power
from tactica.client.describe import describe_champion_option, describe_events
from tactica.engine import (
    Attack,
    ChampionEffect,
    ChampionPower,
    ChampionTrigger,
    DeclinePower,
    DieChange,
    DieChangeKind,
    DieRoll,
    Reaction,
    ReactionEffect,
    ReactionLimit,
    ReactionTrigger,
    UseReaction,
    apply,
    legal_actions,
)
from tactica.engine.abilities import Immune
from tactica.engine.sandbox import battle, card

RIPOSTE = Reaction("Riposte", ReactionTrigger.HIT, ReactionEffect.ATTACK, limit=ReactionLimit.TURN)


def _texts(events, state):
    return [line.text for line in describe_events(events, state)]


def test_cl_10_the_prompt_log_and_card_say_the_reaction():
    assert str(RIPOSTE) == ("Riposte: reaction when an enemy's attack hits it: attack that enemy with its basic "
                            "attack; once per turn")
    st = battle("Ab", {"A": card("Duelist", reactions=(RIPOSTE,))}, active="b", dice=(10, 12))
    st, offered = apply(st, Attack(0, ("A",)))
    assert "Player 1 may use a reaction now" in _texts(offered, st)
    option = UseReaction("A", 0, "b")
    assert describe_champion_option(st, option).endswith("reaction Riposte — attack Creature b (b) with its "
                                                          "basic attack")
    assert choose_champion_power(st) == option          # the bot strikes back: it is worth something
    after, out = apply(st, option)
    texts = _texts(out, after)
    assert any("reacts with Riposte against" in t and "(it was hit)" in t for t in texts), texts
    assert any("(reaction)" in t for t in texts), texts


def test_cl_10_the_bot_declines_a_reaction_that_would_do_nothing():
    sting = Reaction("Ember Hide", ReactionTrigger.HIT, ReactionEffect.DAMAGE, amount=5, damage_type="fire")
    st = battle("Ab", {"A": card("Salamander", reactions=(sting,))}, active="b", dice=(10,))
    st, _ = apply(st, Attack(0, ("A",)))
    assert choose_champion_power(st) == UseReaction("A", 0, "b")   # 5 fire is worth something
    proof = card("Fire Drake", abilities=(Immune(damage_type="fire"),))
    st = battle("Ab", {"A": card("Salamander", reactions=(sting,)), "b": proof}, active="b", dice=(10,))
    st, _ = apply(st, Attack(0, ("A",)))
    assert UseReaction("A", 0, "b") in legal_actions(st)
    assert choose_champion_power(st) == DeclinePower()               # immune: the reaction would waste itself


def test_cl_13_the_log_gives_every_face_and_the_reason():
    lucky = card("Lucky", dice=(DieChange("Fey Luck", DieRoll.ATTACK, DieChangeKind.REROLL, uses=2),))
    assert str(lucky.dice[0]) == "Fey Luck ☐☐: reroll a missed attack roll"
    st = battle("Ab", {"A": lucky}, active="A", dice=(2, 15))
    after, out = apply(st, Attack(0, ("b",)))
    texts = _texts(out, after)
    assert any(t.endswith("rerolls its attack: 2 → 15 (Fey Luck)") for t in texts), texts


def test_cl_12_the_card_and_the_prompt_say_the_new_powers():
    storm = ChampionPower("Thunder Word", 2, ChampionTrigger.ALLY_HITS, ChampionEffect.DAMAGE_NEAR, amount=5,
                          near=2)
    assert str(storm) == ("•• Thunder Word: when it or an ally within 6 hits: each enemy it sees within 2 of "
                          "the ally takes 5 damage")
    watch = ChampionPower("Watch", 1, ChampionTrigger.ENEMY_NEAR, ChampionEffect.EXTRA_DAMAGE, amount=5, near=3)
    assert str(watch) == "• Watch: when an enemy comes within 3 of it: that enemy takes 5 damage"
    old = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)
    assert str(old) == "• Press the Attack: when it or an ally within 6 hits: +10 damage"
