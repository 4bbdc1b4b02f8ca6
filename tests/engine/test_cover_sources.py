"""``cover_sources``: where a target's cover comes from (COV-1, COV-2, COV-4, TER-FOREST), for the attack
preview's "−2 cover (…)" (issue 20, nm-tut 16)."""
from __future__ import annotations

from tactica.engine import CoverSource, Reach, cover_sources
from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.engine.terrain import Terrain

ARCHER = card("Archer", attacks=(melee("Dagger", bonus=4, damage=5),
                                 ranged("Bow", bonus=6, damage=10, reach=Reach.SIGHT)))


def _sources(st, target="b", attack=1):
    me = st.creature("A")
    return cover_sources(st, me, st.creature(target), me.card.attacks[attack])


def test_cov_4_cover_sources_name_the_enemy_in_the_way():
    st = battle("A.c.b", {"A": ARCHER}, active="A")
    assert _sources(st) == (CoverSource("creature", (2, 0), "c"),)
    assert _sources(battle("A.C.b", {"A": ARCHER}, active="A")) == ()  # an ally gives none (COV-4)


def test_cov_2_cover_sources_name_the_wall_nearest_the_line():
    st = battle("A....\n.....\n..#..\n.....\n....b", {"A": ARCHER}, active="A")
    assert _sources(st) == (CoverSource("terrain", (2, 2), terrain=Terrain.WALL),)


def test_cov_1_a_wall_and_a_creature_both_between_name_the_wall_and_no_cover_names_nothing():
    both = "A....\n.....\n..#..\n...c.\n....b"
    # the wall alone gives the cover: taking the creature away would not remove it (COV-1: never adds up)
    assert _sources(battle(both, {"A": ARCHER}, active="A")) == (CoverSource("terrain", (2, 2), terrain=Terrain.WALL),)
    assert _sources(battle("A...b", {"A": ARCHER}, active="A")) == ()


def test_ter_forest_cover_sources_name_the_forest_the_target_stands_in():
    st = battle("A...b", {"A": ARCHER}, active="A", under={"b": Terrain.FOREST})
    assert _sources(st) == (CoverSource("inside", (4, 0), terrain=Terrain.FOREST),)


def test_cov_3_melee_is_not_traced():
    st = battle("A#b", {"A": ARCHER}, active="A")
    assert _sources(st, attack=0) == ()


def test_cov_2_cover_sources_never_name_a_wall_behind_the_attacker_or_beyond_the_target():
    """nm-tut s15 B2: the preview named a wall diagonally behind the shooter, on the line's extension,
    where the cover came from the wall beside the target; and a wall beyond the target before the one
    between (COV-2)."""
    behind = ".....\n.b#..\n.....\n...A.\n....#"
    assert _sources(battle(behind, {"A": ARCHER}, active="A")) == (
        CoverSource("terrain", (2, 1), terrain=Terrain.WALL),)
    beyond = "#.....\n.b....\n..#...\n......\n....A.\n.....#"
    assert _sources(battle(beyond, {"A": ARCHER}, active="A")) == (
        CoverSource("terrain", (2, 2), terrain=Terrain.WALL),)
