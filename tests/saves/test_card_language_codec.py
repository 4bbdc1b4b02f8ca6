"""Card data of the card language survives a save: the codec writes and reads it back equal."""
from __future__ import annotations

from dataclasses import replace

from tactica.engine.sandbox import card
from tactica.saves.codec import card_from, card_to


def test_cl_1_size_category_is_saved_and_read_back():
    c = replace(card("Sprite"), category="tiny")
    assert card_from(card_to(c)) == c


def test_cl_1_when_tests_survive_a_save_as_json():
    import json
    from dataclasses import asdict

    from tactica.engine import About, When
    from tactica.saves import checked

    w = When(other=About(alignments=("Evil",), bloodied=True, largest="medium"), attack=("melee",))
    assert checked.build(When, json.loads(json.dumps(asdict(w))), "when", {}) == w


def test_cl_3_filtered_aura_with_timing_survives_a_save():
    import json

    from tactica.engine import About, When
    from tactica.engine.abilities import Aura

    c = replace(card("Skald"), abilities=(
        Aura(radius=2, effect="attack", amount=2, name="Hymn",
             when=When(other=About(keywords=("Dwarf",), factions=("Wild",)), damage=("fire",))),
        Aura(radius=1, effect="harm", amount=5, affects="enemies", timing="both")))
    assert card_from(json.loads(json.dumps(card_to(c)))) == c


def test_cl_11_and_cl_14_movement_powers_and_forms_survive_a_save():
    import json

    from tactica.engine import (
        FlybyAttack,
        Form,
        PowerAction,
        PowerEffect,
        Recharge,
        RechargeOn,
        SpecialPower,
    )
    from tactica.engine.abilities import Resist
    from tactica.engine.sandbox import melee

    c = replace(card("Werewolf"), abilities=(FlybyAttack(),),
                forms=(Form("Wolf", ac=17, speed=8, attacks=(melee("Bite", damage=15),), abilities=(Resist(5),)),
                       Form("Hybrid", defense=15)),
                special_powers=(SpecialPower("Wolf Shape", PowerAction.MOVE, PowerEffect.FORM, form="Wolf", uses=1,
                                             recharge=Recharge(RechargeOn.CHANGES_BACK)),
                                SpecialPower("Bound", PowerAction.MOVE, PowerEffect.SHIFT, distance=3),
                                SpecialPower("Herd", PowerAction.ATTACK, PowerEffect.SLIDE, range=2, distance=2)))
    back = card_from(json.loads(json.dumps(card_to(c))))
    assert back == c and back.forms[1].abilities is None and back.forms[0].abilities == (Resist(5),)
