"""Warband legality (WB-1..7), checked through ``check_warband`` problem codes."""
from __future__ import annotations

from tactica.engine import Ruleset, WarbandDef, WarbandProblem, check_warband
from tactica.engine.sandbox import card


def wb(*cards, faction: str = "Civilization", limit: int = 200) -> WarbandDef:
    return WarbandDef(name="Test", faction=faction, cards=tuple(cards), point_limit=limit)


def codes(problems: list[WarbandProblem]) -> list[tuple[str, int | None]]:
    return [(p.code, p.index) for p in problems]


def test_wb_legal_warband_has_no_problems():
    band = wb(card("A", alignment="Good"), card("B"), card("C", alignment="Good"))
    assert check_warband(band, Ruleset()) == []


def test_wb_01_every_creature_has_the_faction():
    band = wb(card("A"), card("Orc", factions=("Borderlands",)), card("Elf", factions=("Wild", "Civilization")))
    problems = check_warband(band, Ruleset())
    assert codes(problems) == [("faction-missing", 1)]
    assert problems[0].rule == "WB-1"
    assert "Orc" in problems[0].message and "Civilization" in problems[0].message


def test_wb_01_unknown_faction():
    problems = check_warband(wb(card("A"), faction="Elsewhere"), Ruleset())
    assert codes(problems) == [("unknown-faction", None)]


def test_wb_02_good_and_evil_never_mix():
    band = wb(card("Paladin", alignment="Good"), card("Cultist", alignment="Evil"),
              card("Mercenary", alignment="Unaligned"), card("Fiend", alignment="Evil"))
    problems = check_warband(band, Ruleset())
    assert codes(problems) == [("alignment-mixed", 1), ("alignment-mixed", 3)]
    assert {p.rule for p in problems} == {"WB-2"}


def test_wb_02_unaligned_joins_either_side():
    assert check_warband(wb(card("M"), card("E", alignment="Evil")), Ruleset()) == []
    assert check_warband(wb(card("M"), card("G", alignment="Good")), Ruleset()) == []


def test_wb_03_total_cost_within_limit():
    band = wb(*(card(f"C{i}", cost=45) for i in range(5)))  # 225 points
    problems = check_warband(band, Ruleset())
    assert codes(problems) == [("over-point-limit", None)]
    assert problems[0].rule == "WB-3" and "225" in problems[0].message


def test_wb_03_exactly_the_limit_is_legal():
    assert check_warband(wb(*(card(f"C{i}", cost=40) for i in range(5))), Ruleset()) == []


def test_wb_04_at_most_ten_creatures_at_200_points():
    band = wb(*(card(f"C{i}", cost=5) for i in range(11)))
    assert codes(check_warband(band, Ruleset())) == [("too-many-creatures", 10)]


def test_wb_04_single_creature_cost_cap_at_200_points():
    band = wb(card("Big", cost=151), card("Small", cost=10))
    problems = check_warband(band, Ruleset())
    assert codes(problems) == [("creature-too-expensive", 0)]
    assert problems[0].rule == "WB-4"
    assert check_warband(wb(card("Big", cost=150)), Ruleset()) == []


def test_wb_04_caps_at_100_points():
    rules = Ruleset(point_limit=100)
    six = wb(*(card(f"C{i}", cost=10) for i in range(6)), limit=100)
    assert codes(check_warband(six, rules)) == [("too-many-creatures", 5)]
    big = wb(card("Big", cost=76), limit=100)
    assert codes(check_warband(big, rules)) == [("creature-too-expensive", 0)]
    assert check_warband(wb(card("Big", cost=75), limit=100), rules) == []


def test_wb_04_default_rules_come_from_the_warband_limit():
    band = wb(*(card(f"C{i}", cost=10) for i in range(6)), limit=100)
    assert codes(check_warband(band)) == [("too-many-creatures", 5)]


def test_wb_05_champions_are_optional():
    assert check_warband(wb(card("A"), card("B")), Ruleset()) == []
    assert check_warband(wb(card("Hero", champion=3), card("B")), Ruleset()) == []


def test_wb_06_unique_at_most_once():
    hero = card("Hero", unique=True)
    band = wb(hero, card("B"), hero, hero)
    problems = check_warband(band, Ruleset())
    assert codes(problems) == [("unique-repeated", 2), ("unique-repeated", 3)]
    assert problems[0].rule == "WB-6"
    assert check_warband(wb(card("B"), card("B")), Ruleset()) == []  # non-Unique may repeat


def test_wb_07_assault_allows_no_huge_creatures():
    band = wb(card("Giant", size=3), card("Ogre", size=2), card("Dragon", size=4))
    problems = check_warband(band, Ruleset())
    assert codes(problems) == [("too-large", 0), ("too-large", 2)]
    assert problems[0].rule == "WB-7"


def test_wb_07_epic_500_point_battles_allow_huge_creatures():
    giant = card("Giant", size=3, cost=120)
    band = WarbandDef(name="Epic", faction="Civilization", point_limit=500,
                      cards=(giant, card("Ogre", size=2), card("Dragon", size=4)))
    assert codes(check_warband(band)) == [("too-large", 2)]               # default: the warband's 500
    assert codes(check_warband(band, Ruleset(point_limit=500))) == [("too-large", 2)]
    problems = check_warband(band, Ruleset(point_limit=200))
    assert codes(problems) == [("too-large", 0), ("too-large", 2)]
    assert "Epic" in problems[0].message


def test_wb_problems_are_reported_together_in_rule_order():
    band = wb(card("Big", cost=190, alignment="Good"), card("Bad", alignment="Evil", factions=("Wild",)))
    assert codes(check_warband(band, Ruleset())) == [
        ("faction-missing", 1), ("alignment-mixed", 1), ("over-point-limit", None),
        ("creature-too-expensive", 0)]


def test_wb_08_half_size_map_for_100_point_battles():
    from tactica.engine import MapDef, WarbandDef, check_battle
    from tactica.engine.sandbox import card

    small = WarbandDef("Small", "Civilization", (card(),), point_limit=100)
    big = WarbandDef("Big", "Civilization", (card(),), point_limit=200)
    half = MapDef.from_rows(["...."], id="half", name="Half")
    half = MapDef(id=half.id, name=half.name, terrain=half.terrain, points=100)
    full = MapDef.from_rows(["...."], id="full", name="Full")
    assert check_battle((small, small), (half,)) == []
    assert [p.code for p in check_battle((small, small), (full,))] == ["map-size"]
    assert [p.code for p in check_battle((big, big), (half, full))] == ["map-size"]
    assert check_battle((big, big), (half, full))[0].index == 0
    assert [p.code for p in check_battle((small, big), (full,))] == ["mixed-battle-size"]


def test_wb_08_shipped_maps_know_their_battle_size():
    from tactica.content import load_map, shipped_maps

    sizes = {p.stem: load_map(p).points for p in shipped_maps()}
    assert sizes["watchtower-hill"] == 100
    assert sizes["crossroads-ruin"] == 200
