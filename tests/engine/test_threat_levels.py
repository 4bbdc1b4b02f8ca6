"""threats.threat_reach and threat_way: the squares an enemy could attack in its next activation, by
how far it must go first (the threat view's levels, issue 20 item 4)."""
from __future__ import annotations

from tactica.engine import ThreatLevel, ThreatWay, attacks_from, creature_threat, threat_reach, threat_way
from tactica.engine.model import Reach
from tactica.engine.sandbox import area, battle, card, close, melee, ranged


def box(x0: int, y0: int, x1: int, y1: int) -> set[tuple[int, int]]:
    """Every square with x0 <= x <= x1 and y0 <= y <= y1."""
    return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}


ROW = "b" + "." * 12


def test_RNG_1_MOV_12_danger_now_is_next_to_it_or_to_a_shift_square():
    """A speed-3 melee creature at (0, 0) of a row: next to it now (1, 0), and after a shift (MOV-12) to
    (1, 0) the square beyond, (2, 0); both without a move."""
    st = battle(ROW, {"b": card("Raider", speed=3)}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.now == box(1, 0, 2, 0)
    assert threat_way(st, "b", (1, 0)) == ThreatWay("b", ThreatLevel.NOW, "Sword", 0)
    assert threat_way(st, "b", (2, 0)) == ThreatWay("b", ThreatLevel.NOW, "Sword", 1, shift=True, to=(1, 0))


def test_MOV_1_after_a_move_up_to_its_speed_then_an_attack():
    """Speed 3: a move to (3, 0) and an attack on (4, 0); (3, 0) itself is nearer (a move of 2)."""
    st = battle(ROW, {"b": card("Raider", speed=3)}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.move == box(3, 0, 4, 0)
    assert threat_way(st, "b", (4, 0)) == ThreatWay("b", ThreatLevel.MOVE, "Sword", 3)
    assert threat_way(st, "b", (3, 0)) == ThreatWay("b", ThreatLevel.MOVE, "Sword", 2)


def test_CHG_1_after_a_move_and_then_a_charge():
    """Speed 3: a move of 3 and a charge of 3 end on (6, 0), next to (7, 0): the far level; (8, 0) is
    out of reach.  The charge's attack is the basic melee attack, not a stronger one."""
    axe = melee("Greataxe", basic=False)
    st = battle(ROW, {"b": card("Raider", speed=3, attacks=(melee("Club"), axe))}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.charge == box(5, 0, 7, 0)
    assert threat_way(st, "b", (7, 0)) == ThreatWay("b", ThreatLevel.CHARGE, "Club", 6)
    assert threat_way(st, "b", (8, 0)) is None and found.level((8, 0)) is None


def test_CHG_1_no_charge_level_for_a_creature_whose_basic_attack_is_ranged():
    archer = card("Archer", speed=3, attacks=(ranged(range=1, basic=True),))
    st = battle(ROW, {"b": archer}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.charge == frozenset() and found.squares == box(1, 0, 4, 0)


def test_RNG_2_a_ranged_attack_without_moving_is_danger_now():
    """An archer (range 3, speed 2): squares within 3 are danger now; squares a move of 2 brings
    within 3 are the move level, with the squares it moves first."""
    st = battle(ROW, {"b": card("Archer", speed=2, attacks=(ranged("Bow", range=3),))}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.now == box(1, 0, 4, 0)            # from (1, 0) after a shift, range 3 reaches (4, 0)
    assert found.move == box(5, 0, 5, 0)
    assert threat_way(st, "b", (3, 0)) == ThreatWay("b", ThreatLevel.NOW, "Bow", 0)
    assert threat_way(st, "b", (4, 0)) == ThreatWay("b", ThreatLevel.NOW, "Bow", 1, shift=True, to=(1, 0))
    assert threat_way(st, "b", (5, 0)) == ThreatWay("b", ThreatLevel.MOVE, "Bow", 2)


def test_MOV_12_no_shift_into_difficult_terrain_so_beyond_it_is_after_a_move():
    st = battle("b^..........", {"b": card("Raider", speed=3)}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.now == {(1, 0)}                  # it may not shift onto ^ (MOV-12)
    assert (2, 0) in found.move
    assert threat_way(st, "b", (2, 0)) == ThreatWay("b", ThreatLevel.MOVE, "Sword", 1)


def test_CON_speed_0_threatens_now_only():
    st = battle(".....\n..b..\n.....", {"b": card("Rat", speed=0)}, turn_player=0)
    found = threat_reach(st, "b")
    assert found.now == box(1, 0, 3, 2) - {(2, 1)} and not found.move and not found.charge


def test_MOV_5_walls_are_never_threatened_and_its_own_square_neither():
    st = battle("b#..", {"b": card("Raider", speed=3)}, turn_player=0)
    assert threat_way(st, "b", (1, 0)) is None and threat_way(st, "b", (0, 0)) is None
    assert threat_way(st, "zz", (2, 0)) is None


BOARDS = [
    ("b....#......\n"
     "...^^#..#...\n"
     "..........A.\n"
     "....###.....\n"
     "c.........T."),
    ("..T.....*...\n"
     ".b..^^..##..\n"
     "....#.......\n"
     "..c.....#...\n"
     "......^^...A"),
]
CARDS = [
    {"b": card("Raider", speed=2), "c": card("Mage", speed=1, attacks=(area(range=3, radius=1), melee("Staff")))},
    {"b": card("Drake", speed=2, attacks=(melee("Bite"), close(size=2))),
     "c": card("Archer", speed=2, attacks=(ranged(range=3),))},
    {"b": card("Watcher", speed=1, attacks=(ranged(reach=Reach.SIGHT),)),
     "c": card("Cone", speed=2, attacks=(close(reach=Reach.SMALL_CONE, size=None), melee()))},
    {"b": card("Ogre", speed=2, size=2), "c": card("Rat", speed=3)},  # MOV-13: a Large body
]


def test_RNG_1_RNG_5_LOS_1_every_square_has_the_same_level_both_ways():
    """threat_way answers square by square what threat_reach answers for the whole map: the same
    level for every square, on boards with walls, difficult terrain, forest and smoke, for melee, close,
    ranged, sight and area attacks; and creature_threat is the union of the levels."""
    for board in BOARDS:
        for cards in CARDS:
            st = battle(board, cards, turn_player=0)
            for uid in "bc":
                found = threat_reach(st, uid)
                assert creature_threat(st, uid) == found.squares
                assert not (found.now & found.move or found.now & found.charge or found.move & found.charge)
                for y in range(st.battle_map.height):
                    for x in range(st.battle_map.width):
                        way = threat_way(st, uid, (x, y))
                        assert (way.level if way else None) == found.level((x, y)), (board, uid, (x, y))


ARCHER = card("Archer", attacks=(melee("Dagger", bonus=4, damage=5), ranged("Bow", bonus=6, damage=10, range=6)))
YARD = ("A....\n"
        ".....\n"
        "..#..\n"
        ".....\n"
        "....b")


def test_COV_2_attacks_from_a_square_counts_the_cover_from_there():
    """From where the archer stands the wall at (2, 2) gives b cover (−2, COV-1); from (0, 4), on b's
    row, nothing is in the way: the same bow hits 10% more often."""
    st = battle(YARD, {"A": ARCHER}, active="A")
    here, there = attacks_from(st, (0, 0)), attacks_from(st, (0, 4))
    assert [(s.target, s.attack, s.cover) for s in here] == [("b", "Bow", True)]
    assert [(s.target, s.attack, s.cover) for s in there] == [("b", "Bow", False)]
    assert round(there[0].hit_chance - here[0].hit_chance, 2) == 0.10
    assert st.creature("A").pos == (0, 0)                       # the state is unchanged


def test_RNG_2_attacks_from_a_square_only_targets_in_range_from_there():
    st = battle("A" + "." * 9 + "b", {"A": ARCHER}, active="A")
    assert attacks_from(st, (0, 0)) == ()                       # 10 squares: out of the bow's range 6
    assert [s.target for s in attacks_from(st, (4, 0))] == ["b"]


def test_RNG_1_attacks_from_a_square_takes_the_attack_with_the_best_chance():
    """Next to b both the dagger (+4) and the bow (+6) reach it: the bow's chance is the better."""
    st = battle("A...b", {"A": ARCHER}, active="A")
    assert [(s.target, s.attack) for s in attacks_from(st, (3, 0))] == [("b", "Bow")]
    dagger_only = card("Thug", attacks=(melee("Dagger", bonus=4, damage=5),))
    st = battle("A...b", {"A": dagger_only}, active="A")
    assert attacks_from(st, (2, 0)) == () and [s.attack for s in attacks_from(st, (3, 0))] == ["Dagger"]
    assert attacks_from(battle("A...b", {"A": ARCHER}), (3, 0)) == ()  # no active creature
