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


def test_cl_1_cl_4_bonus_entries_survive_a_save_as_json():
    import json

    from tactica.engine import About, Bonus, When
    c = replace(card("Paladin"), abilities=(
        Bonus("damage", 10, When(other=About(alignments=("Evil",))), "Holy Wrath"),
        Bonus("ac", 4, When(attack=("ranged", "area")), "Tower Shield"),
        Bonus("speed", -1)))
    assert card_from(json.loads(json.dumps(card_to(c)))) == c


def test_cl_6_damage_parts_survive_a_save_as_json():
    import json

    from tactica.engine import DamagePart
    from tactica.engine.sandbox import melee
    blade = replace(melee("Flame Blade", damage=20), parts=(DamagePart(10, "fire"), DamagePart(5, "cold")))
    c = replace(card("Mage"), attacks=(blade,))
    back = card_from(json.loads(json.dumps(card_to(c))))
    assert back == c and back.attacks[0].parts[1] == DamagePart(5, "cold")
    assert "parts" not in card_to(card("Plain"))["attacks"][0]            # older saves read the same


def test_cl_15_immunities_survive_a_save_as_json():
    import json

    from tactica.engine.abilities import Immune
    c = replace(card("Golem"), abilities=(Immune(to="critical hits"), Immune(to="opportunity attacks"),
                                          Immune(condition="dazed")))
    assert card_from(json.loads(json.dumps(card_to(c)))) == c
