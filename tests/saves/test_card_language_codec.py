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


def _round_trip_json(c):
    import json

    return card_from(json.loads(json.dumps(card_to(c))))


def test_cl_10_reactions_survive_a_save_as_json():
    from tactica.engine import About, Reaction, ReactionEffect, ReactionLimit, ReactionTrigger, When

    c = replace(card("Duelist"), reactions=(
        Reaction("Riposte", ReactionTrigger.HIT, ReactionEffect.ATTACK, attack="Sword", limit=ReactionLimit.TURN,
                 uses=2, when=When(other=About(keywords=("Undead",)))),
        Reaction("Blood Oath", ReactionTrigger.ALLY_DESTROYED, ReactionEffect.DAMAGE, amount=10,
                 damage_type="fire", range=3)))
    assert _round_trip_json(c) == c


def test_cl_13_dice_changes_survive_a_save_as_json():
    from tactica.engine import About, DieChange, DieChangeKind, DieRoll, When

    c = replace(card("Lucky"), dice=(
        DieChange("Fortune", DieRoll.ATTACK, DieChangeKind.NATURAL, natural=20, uses=1,
                  when=When(other=About(bloodied=True))),
        DieChange("Stubborn", DieRoll.SAVE, DieChangeKind.REROLL)))
    assert _round_trip_json(c) == c


def test_cl_12_champion_powers_of_the_card_language_survive_a_save_and_old_ones_are_written_as_before():
    from tactica.engine import About, ChampionEffect, ChampionPower, ChampionTrigger, When
    from tactica.saves.codec import _champion_to

    new = ChampionPower("Thunder Word", 2, ChampionTrigger.ALLY_HITS, ChampionEffect.DAMAGE_NEAR, amount=5,
                        near=3, when=When(other=About(alignments=("Evil",))))
    old = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)
    c = replace(card("Captain"), champion=3, champion_powers=(new, old))
    assert _round_trip_json(c) == c
    assert set(_champion_to(old)) == {"name", "cost", "trigger", "effect", "amount", "range", "others_only",
                                      "keyword", "in_vp_zone"}
