"""CARD-1..3: what a stat card holds, its keywords, and its attack lines, as loaded from YAML."""
from __future__ import annotations

from tactica.content import load_catalogue
from tactica.engine import AttackKind, Defense, Reach
from tactica.engine.combat import preview
from tactica.engine.sandbox import battle


def _card(tmp_path, attacks: str, extra: str = ""):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - id: frost-knight\n    name: Frost Knight\n    cost: 30\n"
                    "    alignment: Evil\n    factions: [Underdark, Wild]\n    level: 6\n"
                    "    ac: 19\n    def: 15\n    speed: 5\n    hp: 55\n"
                    f"    keywords: [Undead, Cold]\n{extra}    attacks:\n{attacks}")
    return load_catalogue([path])["frost-knight"]


def test_card_01_stat_card_holds_every_number(tmp_path):
    c = _card(tmp_path, "      - {name: Rime Blade, type: melee, bonus: 9, vs: AC, damage: 15}\n",
              "    champion: 2\n    unique: true\n")
    assert (c.name, c.cost, c.alignment, c.factions, c.level) == ("Frost Knight", 30, "Evil", ("Underdark", "Wild"), 6)
    assert (c.ac, c.defense, c.speed, c.hp, c.champion, c.unique) == (19, 15, 5, 55, 2, True)
    assert c.basic_attack.name == "Rime Blade"  # the first listed attack is the basic attack


def test_card_02_keywords_are_listed_and_alignment_is_kept(tmp_path):
    c = _card(tmp_path, "      - {name: Rime Blade, type: melee, bonus: 9, vs: AC, damage: 15}\n")
    assert c.keywords == ("Undead", "Cold")
    assert c.alignment == "Evil"


def test_card_03_attack_line_range_targets_bonus_defence_damage_and_type(tmp_path):
    c = _card(tmp_path, "      - {name: Rime Blade, type: melee, bonus: 9, vs: AC, damage: 15}\n"
                        "      - {name: Hailstorm, type: ranged, reach: range 10, targets: 3, bonus: 7, vs: DEF, "
                        "damage: \"15+10 cold\"}\n")
    storm = c.attacks[1]
    assert (storm.kind, storm.reach, storm.range, storm.targets) == (AttackKind.RANGED, Reach.RANGE, 10, 3)
    assert (storm.bonus, storm.defense, storm.damage, storm.damage_bonus, storm.damage_type) == (
        7, Defense.DEF, 15, 10, "cold")
    assert storm.describe_reach() == "range 10, 3 targets" and not storm.basic
    # the line's numbers are what the engine rolls with: +7 vs DEF 13 needs 6+, 25 damage a hit
    st = battle(".A..b", {"A": c})
    p = preview(st, st.creature("A"), st.creature("b"), storm)
    assert (p.target_number, p.hit_chance) == (13, 0.75)
    assert p.expected_damage == (14 * 25 + 50) / 20
