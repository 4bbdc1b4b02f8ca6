"""What the loader builds from good files: cards, attack lines, maps, warbands."""
from __future__ import annotations

from pathlib import Path

import pytest

from tactica.content import load_catalogue, load_map
from tactica.engine import AttackKind, Defense, Reach, Terrain
from tactica.engine.powers import (
    ChampionEffect,
    ChampionPower,
    ChampionTrigger,
    PowerAction,
    PowerEffect,
    Recharge,
    RechargeOn,
    SpecialPower,
)

GOOD = Path(__file__).parent / "fixtures" / "good"


def test_card_fields_and_attack_lines():
    cards = load_catalogue([GOOD / "cards.yaml"])
    assert list(cards) == ["test-soldier", "test-archer"]
    soldier, archer = cards["test-soldier"], cards["test-archer"]
    assert soldier.factions == ("Civilization",)  # a single faction may be written without a list
    sword, spear = soldier.attacks
    assert sword.basic and not spear.basic  # CARD-1: the first listed is basic when none is marked
    assert (sword.kind, sword.reach, sword.defense) == (AttackKind.MELEE, Reach.ADJACENT, Defense.AC)
    assert (spear.reach, spear.range, spear.damage, spear.damage_bonus, spear.damage_type) == (
        Reach.RANGE, 3, 5, 5, "fire")
    knife, volley, storm = archer.attacks
    assert (storm.uses, storm.recharge) == (1, Recharge(RechargeOn.ROLL, 16))  # CARD-4
    assert volley.basic and not knife.basic
    assert (volley.reach, volley.targets, volley.defense, volley.damage, volley.damage_type) == (
        Reach.SIGHT, 2, Defense.DEF, 10, "cold")
    assert archer.keywords == ("Elf", "Scout") and archer.unique and archer.champion == 1
    assert archer.champion_powers == (
        ChampionPower("Steady Aim", 1, ChampionTrigger.ALLY_MISSES, ChampionEffect.REROLL, range=8),)
    assert archer.special_powers == (SpecialPower("Field Dressing", PowerAction.MOVE, PowerEffect.HEAL, 5,
                                                  uses=2),)
    assert archer.text == "Display-only rules text." and archer.flavor == "A line of story."
    assert archer.abilities == ()


def test_map_rows_zones_and_ids(tmp_path):
    path = tmp_path / "tiny-field.yaml"
    path.write_text("name: Tiny\npoints: 100\nlegend:\n  \"~\": difficult\n"
                    "terrain: |\n  ..~..\n  .#...\n  .....\n"
                    "zones: |\n  AAA.b\n  A..BB\n  aABBB\n")
    m = load_map(path)
    assert (m.id, m.name, m.width, m.height) == ("tiny-field", "Tiny", 5, 3)
    assert m.terrain[0][2] is Terrain.DIFFICULT and m.terrain[1][1] is Terrain.WALL
    assert m.start_areas == {"A": frozenset({(0, 0), (1, 0), (2, 0), (0, 1), (1, 2)}),
                             "B": frozenset({(3, 1), (4, 1), (2, 2), (3, 2), (4, 2)})}
    assert m.vp_zones == {"A": frozenset({(0, 2)}), "B": frozenset({(4, 0)})}


def test_unknown_card_does_not_hide_legality_problems(tmp_path):
    from tactica.content import ContentError, load_warband

    path = tmp_path / "w.yaml"
    path.write_text("name: Mixed\nfaction: Civilization\npoints: 200\ncreatures:\n"
                    "  - lamplighter-watchman\n  - no-such-card\n  - broken-tusk-warlord\n")
    with pytest.raises(ContentError) as err:
        load_warband(path)
    lines = str(err.value).splitlines()
    assert ":6:5: error: unknown card 'no-such-card': " in lines[0]
    assert any(":7:5: error:" in line and "[WB-1]" in line for line in lines)
    assert any("[WB-2]" in line for line in lines)
