"""Sealed booster (SCN-SEALED): seeded pools, waived limits, a legal 200-point warband."""
from __future__ import annotations

from tactica.engine import Ruleset, ScriptedDice, WarbandDef
from tactica.engine.sandbox import card
from tactica.engine.sealed import PACK_SIZE, PACKS, build_from_pool, draw_pools, eligible, sealed_warbands
from tactica.engine.warband import check_warband

SEALED = Ruleset.for_scenario("sealed")


def _catalogue():
    return {c.id: c for c in (card("Alpha", cost=10), card("Beta", cost=30), card("Gamma", cost=60),
                              card("Delta", cost=160), card("Titan", cost=100, size=3),
                              card("Eta", cost=45, alignment="Evil"))}


def test_scn_sealed_is_an_assault_at_200_points():
    assert (SEALED.point_limit, SEALED.target, SEALED.bounty, SEALED.uncontested) == (200, 200, False, False)
    assert SEALED.sealed and not Ruleset().sealed


def test_scn_sealed_packs_hold_no_huge_and_nothing_above_the_cap():
    assert [c.id for c in eligible(_catalogue())] == ["alpha", "beta", "eta", "gamma"]


def test_scn_sealed_pools_are_drawn_with_the_dice():
    faces = (1, 2, 3, 4) * (PACKS * PACK_SIZE // 4) + (4, 4, 1, 1) * (PACKS * PACK_SIZE // 4)
    pools, dice = draw_pools(_catalogue(), ScriptedDice(faces), 2)
    assert [len(p) for p in pools] == [16, 16] and dice.rolls == 32
    assert [c.id for c in pools[0][:4]] == ["alpha", "beta", "eta", "gamma"]
    assert [c.id for c in pools[1][:4]] == ["gamma", "gamma", "alpha", "alpha"]


def test_scn_sealed_same_seed_same_pools_other_seed_other_pools():
    one = sealed_warbands(_catalogue(), seed=11, players=3)
    assert one == sealed_warbands(_catalogue(), seed=11, players=3)
    assert one != sealed_warbands(_catalogue(), seed=12, players=3)
    assert len(one[1]) == 3


def test_scn_sealed_build_takes_the_most_points_within_the_limit():
    pool = [card("A", cost=60), card("B", cost=60), card("C", cost=60), card("D", cost=45),
            card("E", cost=35), card("F", cost=150), card("G", cost=151)]
    wb = build_from_pool(pool, SEALED)
    assert wb.cost == 200 and [c.name for c in wb.cards] == ["A", "B", "D", "E"]
    assert not check_warband(wb, SEALED)
    many = build_from_pool([card(f"S{i}", cost=10) for i in range(16)], SEALED)
    assert len(many.cards) == 10 and many.cost == 100  # WB-4: at most 10 creatures


def test_scn_sealed_faction_and_alignment_limits_are_waived():
    wb = WarbandDef("Mixed", "Civilization", (card("Good", alignment="Good", factions=("Wild",)),
                                              card("Bad", alignment="Evil", factions=("Underdark",))))
    assert {p.code for p in check_warband(wb, Ruleset())} == {"faction-missing", "alignment-mixed"}
    assert check_warband(wb, SEALED) == []


def test_scn_sealed_unique_limit_is_waived_but_points_are_not():
    hero = card("Hero", unique=True, cost=80)
    wb = WarbandDef("Twins", "Civilization", (hero, hero))
    assert [p.code for p in check_warband(wb, Ruleset())] == ["unique-repeated"]
    assert check_warband(wb, SEALED) == []
    big = WarbandDef("Big", "Civilization", (hero, hero, hero))
    assert [p.code for p in check_warband(big, SEALED)] == ["over-point-limit"]


def test_scn_sealed_shipped_catalogue_gives_legal_warbands():
    from tactica.content import load_catalogue
    pools, wbs = sealed_warbands(load_catalogue(), seed=3, players=2)
    for wb in wbs:
        assert check_warband(wb, SEALED) == [] and 150 <= wb.cost <= 200
