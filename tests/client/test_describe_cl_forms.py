"""The log and the stat card say the cl-forms card language in words made from the data: movement
powers (CL-11), forms (CL-14), objects (CL-16), filtered auras (CL-3) and the new conditions (CL-18)."""
from __future__ import annotations

from tactica.client.describe import describe_events
from tactica.engine import (
    About,
    ConditionApplied,
    CreatureForced,
    Form,
    FormChanged,
    PowerAction,
    PowerEffect,
    SpecialPower,
    When,
)
from tactica.engine.abilities import Aura, ObjectAbility
from tactica.engine.sandbox import battle, card
from tactica.tui.widgets.stat_card import card_text


def _texts(events):
    st = battle(".A.b.")
    return [line.text for line in describe_events(events, st)]


def test_cl_11_the_log_says_a_creature_moves_itself_with_its_power():
    assert _texts([CreatureForced("A", "A", "shift", (1, 0), ((2, 0), (2, 1)))]) == [
        "Creature A (A) shifts 2 squares (no opportunity attacks)"]
    assert _texts([CreatureForced("A", "A", "teleport", (1, 0), ((0, 0),))]) == [
        "Creature A (A) teleports to column 1, row 1"]


def test_cl_14_the_log_says_a_form_is_taken_and_left():
    assert _texts([FormChanged("A", "Wolf", "Moon Change"), FormChanged("A", "", "Moon Change")]) == [
        "Creature A (A) takes Wolf form (Moon Change)",
        "Creature A (A) changes back to its natural form (Moon Change)"]


def test_cl_18_the_log_names_the_new_conditions():
    assert _texts([ConditionApplied("b", "petrified", "save ends", "A")]) == [
        "Creature b (b) is petrified (save ends)"]


def test_cl_3_cl_14_cl_16_the_stat_card_says_them_in_words():
    wolf = Form("Wolf", ac=18, speed=8)
    shape = SpecialPower("Moon Change", PowerAction.MOVE, PowerEffect.FORM, form="Wolf")
    hymn = Aura(radius=2, effect="attack", amount=2, name="Forge Chant", when=When(other=About(keywords=("Dwarf",))))
    st = battle("Wi", {"W": card("Werewolf", forms=(wolf,), special_powers=(shape,), abilities=(hymn,)),
                       "i": card("Idol", speed=0, attacks=(), abilities=(ObjectAbility(),))})
    text = card_text(st.creature("W"), state=st).plain
    assert "Moon Change  move action: take Wolf form (or change back)" in text
    assert "Wolf form: AC 18; speed 8" in text
    assert "Aura 2 (Forge Chant): allies that are Dwarf +2 attack" in text
    idol = card_text(st.creature("i"), state=st).plain
    assert "none: it never attacks" in idol and "• Object" in idol and "Never activated (an object)" in idol
