"""The card language's conditions (``When``, ``About``; CL-1's vocabulary, docs/rules.md CL-1).

Default sandbox creatures: AC 15, DEF 13, 50 HP (bloodied at 25), speed 6.  Upper-case letters are
player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from dataclasses import replace

from tactica.engine import CALM, About, Situation, When, size_category
from tactica.engine.sandbox import battle, card

EVIL = card("Ghoul", alignment="Evil", keywords=("Undead",))
DWARF = card("Dwarf", keywords=("Dwarf", "Soldier"))


def test_cl_1_when_tests_the_other_creature_alignment_and_keyword():
    st = battle("Ab", {"b": EVIL})
    me, foe = st.creature("A"), st.creature("b")
    assert When(other=About(alignments=("Evil",))).holds(st, me, foe)
    assert not When(other=About(alignments=("Good",))).holds(st, me, foe)
    assert When(other=About(keywords=("undead",))).holds(st, me, foe)        # without case
    assert not When(other=About(keywords=("Demon", "Fey"))).holds(st, me, foe)
    assert not When(other=About(alignments=("Evil",))).holds(st, me, None)   # no other creature
    assert When().holds(st, me, None)


def test_cl_1_when_tests_bloodied_and_conditions():
    st = battle("Ab", hp={"b": 25}, conditions={"b": {"dazed"}})
    me, foe = st.creature("A"), st.creature("b")
    assert When(other=About(bloodied=True)).holds(st, me, foe)
    assert not When(me=About(bloodied=True)).holds(st, me, foe)
    assert When(me=About(bloodied=False)).holds(st, me, foe)
    assert When(other=About(conditions=("stunned", "dazed"))).holds(st, me, foe)
    assert not When(me=About(conditions=("dazed",))).holds(st, me, foe)


def test_cl_1_when_tests_size_categories():
    big = card("Ogre", size=2)
    st = battle("AAb\nAA.", {"A": big})
    ogre, foe = st.creature("A"), st.creature("b")
    assert size_category(ogre) == "large" and size_category(foe) == "medium"
    assert When(other=About(largest="medium")).holds(st, ogre, foe)
    assert not When(other=About(largest="small")).holds(st, ogre, foe)
    assert not When(other=About(largest="medium")).holds(st, foe, ogre)
    assert When(other=About(smallest="large")).holds(st, foe, ogre)
    tiny = replace(card("Sprite"), category="tiny")
    st = battle("Ab", {"b": tiny})
    assert size_category(st.creature("b")) == "tiny"
    assert When(other=About(largest="small")).holds(st, st.creature("A"), st.creature("b"))


def test_cl_1_when_tests_the_attack_situation():
    st = battle("A.b")
    me, foe = st.creature("A"), st.creature("b")
    charge = Situation(attacker="A", charging=True, attack_kinds=frozenset({"melee", "charge"}))
    assert When(me=About(charging=True)).holds(st, me, foe, charge)
    assert not When(me=About(charging=True)).holds(st, me, foe, CALM)
    assert not When(other=About(charging=True)).holds(st, me, foe, charge)   # b is not the attacker
    assert When(attack=("charge",)).holds(st, me, foe, charge)
    assert not When(attack=("ranged", "area")).holds(st, me, foe, charge)
    flank = Situation(attacker="A", flanking=True, unseen=True, attack_kinds=frozenset({"melee"}))
    assert When(me=About(flanking=True, unseen=True)).holds(st, me, foe, flank)
    assert not When(me=About(unseen=False)).holds(st, me, foe, flank)
    fire = Situation(damage_types=frozenset({"fire"}))
    assert When(damage=("fire", "cold")).holds(st, me, foe, fire)
    assert not When(damage=("cold",)).holds(st, me, foe, fire)


def test_cl_1_when_tests_adjacent_allies_vp_zones_and_turns():
    st = battle("AD.\n..b", {"D": DWARF}, vp_zones={"A": {(2, 1)}}, turn_player=0)
    me, foe = st.creature("A"), st.creature("b")
    assert When(me=About(adjacent_ally=True)).holds(st, me, foe)
    assert When(me=About(adjacent_ally=True, ally_keyword="dwarf")).holds(st, me, foe)
    assert not When(me=About(adjacent_ally=True, ally_keyword="Elf")).holds(st, me, foe)
    assert When(other=About(adjacent_ally=False)).holds(st, me, foe)         # b has no ally near
    assert When(other=About(in_vp_zone=True)).holds(st, me, foe)
    assert When(me=About(in_vp_zone=False)).holds(st, me, foe)
    assert When(turn="mine").holds(st, me, foe)
    assert When(turn="theirs").holds(st, foe, me)


def test_cl_1_when_in_words():
    w = When(other=About(alignments=("Evil",), bloodied=True), me=About(adjacent_ally=True),
             attack=("melee",))
    assert w.words() == ("when the target is Evil, bloodied, while adjacent to an ally, with melee attacks")
    assert When().words() == "" and When().always
    assert When(other=About(largest="medium")).words(other_is="the attacker") == \
        "when the attacker is medium or smaller"
