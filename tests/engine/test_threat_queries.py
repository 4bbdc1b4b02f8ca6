"""queries.creature_threat and threat_squares: the squares an enemy could attack in its next activation."""
from __future__ import annotations

from tactica.engine import creature_threat, threat_squares
from tactica.engine.model import Reach
from tactica.engine.sandbox import area, battle, card, close, ranged


def box(x0: int, y0: int, x1: int, y1: int) -> set[tuple[int, int]]:
    """Every square with x0 <= x <= x1 and y0 <= y <= y1."""
    return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}


def test_MOV_1_RNG_1_melee_threat_is_one_square_beyond_a_move():
    st = battle(".......\n.......\n...b...\n.......\n.......", {"b": card("Rat", speed=1)}, turn_player=0)
    assert creature_threat(st, "b") == box(1, 0, 5, 4) - {(3, 2)}


def test_MOV_5_walls_and_enemies_shape_the_threat():
    board = ("b.#...\n"
             "..#...\n"
             "A.#...")
    st = battle(board, {"b": card("Rat", speed=1)}, turn_player=0)
    # b steps to (1,0), (0,1) or (1,1); A on (0,2) blocks no step it needs; walls are never threatened
    assert creature_threat(st, "b") == box(0, 0, 1, 2) - {(0, 0)}


def test_CON_speed_0_threatens_only_its_neighbours():
    st = battle(".....\n..b..\n.....", {"b": card("Rat", speed=0)}, turn_player=0)
    assert creature_threat(st, "b") == box(1, 0, 3, 2) - {(2, 1)}


def test_RNG_2_range_counts_squares_and_sight():
    board = ("b....#..\n"
             "........")
    st = battle(board, {"b": card("Archer", speed=0, attacks=(ranged(range=3),))}, turn_player=0)
    assert creature_threat(st, "b") == box(0, 0, 3, 1) - {(0, 0)}


def test_RNG_4_area_radius_spreads_from_every_origin():
    st = battle("b......\n.......", {"b": card("Mage", speed=0, attacks=(area(range=2, radius=1),))}, turn_player=0)
    assert creature_threat(st, "b") == box(0, 0, 3, 1) - {(0, 0)}


def test_RNG_3_burst_within_its_size():
    st = battle("......\n..b...\n......", {"b": card("Mage", speed=0, attacks=(close(size=2),))}, turn_player=0)
    assert creature_threat(st, "b") == box(0, 0, 4, 2) - {(2, 1)}


def test_RNG_2_sight_attack_threatens_what_it_sees_not_behind_a_wall():
    board = ("b.#.\n"
             "..#.\n"
             "####")
    st = battle(board, {"b": card("Archer", speed=0, attacks=(ranged(reach=Reach.SIGHT),))}, turn_player=0)
    assert creature_threat(st, "b") == {(1, 0), (0, 1), (1, 1)}


def test_threat_squares_unites_every_enemy_of_the_player_and_none_of_its_own():
    board = ("b.....a\n"
             ".......\n"
             "...A...")
    cards = {"a": card("Rat", speed=0), "b": card("Rat", speed=0), "A": card("Rat", speed=0)}
    st = battle(board, cards, turn_player=0)
    assert threat_squares(st, 0) == {(1, 0), (0, 1), (1, 1), (5, 0), (5, 1), (6, 1)}
    assert threat_squares(st, 1) == box(2, 1, 4, 2) - {(3, 2)}


def test_unknown_creature_threatens_nothing():
    assert creature_threat(battle("b.", turn_player=0), "zz") == frozenset()


def test_CHG_1_a_move_then_a_charge_is_in_the_threat():
    """A creature may move and then charge (docs/rules.md "Charge"): a speed-3 melee creature threatens
    every square next to a square two moves take it to (3 + 3 + 1 squares out), not one move's (3 + 1);
    a creature that may not charge (its basic attack is ranged) keeps one move's reach."""
    row = "b" + "." * 9
    st = battle(row, {"b": card("Raider", speed=3)}, turn_player=0)
    assert creature_threat(st, "b") == box(1, 0, 7, 0)
    archer = card("Archer", speed=3, attacks=(ranged(range=1, basic=True),))
    st = battle(row, {"b": archer}, turn_player=0)
    assert creature_threat(st, "b") == box(1, 0, 4, 0)
    # speed 1: a charge must move 2 squares, so no charge after a move
    st = battle(row, {"b": card("Rat", speed=1)}, turn_player=0)
    assert creature_threat(st, "b") == box(1, 0, 2, 0)


def test_CHG_1_a_move_then_a_charge_goes_round_walls():
    board = ("b.#.....\n"
             "........")
    st = battle(board, {"b": card("Raider", speed=2)}, turn_player=0)
    # two moves of 2: to (4, 0) round the wall's foot, then the square beside it
    assert (5, 0) in creature_threat(st, "b") and (6, 0) not in creature_threat(st, "b")
