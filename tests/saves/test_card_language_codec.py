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


def test_cl_10_cl_13_a_battle_with_reactions_and_changed_dice_replays_exactly_from_its_save():
    """Bots play the two warbands of the card language's triggers; the save, written as JSON and read
    back, replays to the same digests (no die is drawn twice), and the battle used the new rules."""
    from tactica.ai import make_bot
    from tactica.content import default_map, load_warband
    from tactica.content.shipped import shipped_warbands
    from tactica.engine import DieChanged, ReactionUsed, apply, new_game
    from tactica.saves.codec import SaveFile
    from tactica.saves.replay import Recorder, rebuild

    paths = {p.stem: p for p in shipped_warbands()}
    wbs = (load_warband(paths["bellkeep-oathguard"]), load_warband(paths["red-tusk-vengeance"]))
    maps = (default_map(),)
    seen: set[type] = set()
    for seed in (3, 4):
        state, _ = new_game(wbs, maps, seed=seed)
        save = SaveFile(id=f"cl-{seed}", seed=seed, rules=state.rules, maps=maps, warbands=wbs)
        rec = Recorder(save)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        while not state.is_over and state.step < 400:
            action = bots[state.decider].choose(state)
            state, events = apply(state, action)
            seen |= {type(e) for e in events}
            rec.record(action, state)
        again = SaveFile.from_json(rec.save.to_json())
        assert rebuild(again, check=True).final.step == state.step
    assert {DieChanged, ReactionUsed} <= seen
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
