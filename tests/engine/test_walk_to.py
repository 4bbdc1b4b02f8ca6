"""``walk_to``: the movement a creature spends to stand next to another, counted as its moves are (MOV-1,
MOV-8, G35-DIAG), not as ranges count (RNG-5; s18 ux 5: a distance said to the player was counted
otherwise than the moves' diagonals)."""
from __future__ import annotations

from tactica.engine import Ruleset, creature_distance, walk_to
from tactica.engine.sandbox import battle

GRID35 = Ruleset(modules=("grid35",))

#: A at (0, 7), b six squares up and right on the diagonal, at (6, 1).
DIAGONAL = "\n".join("......b" if y == 1 else "A......" if y == 7 else "......." for y in range(8))


def test_MOV_1_a_walk_to_stand_next_to_it_on_open_ground_is_one_less_than_the_distance():
    st = battle(DIAGONAL, turn_player=0)
    assert creature_distance(st, st.creature("A"), st.creature("b")) == 6   # RNG-5: diagonals count 1
    assert walk_to(st, "A", "b") == 5                                       # five diagonal steps beside it


def test_G35_DIAG_a_walk_counts_every_second_diagonal_twice_the_range_does_not():
    st = battle(DIAGONAL, turn_player=0, rules=GRID35)
    assert creature_distance(st, st.creature("A"), st.creature("b")) == 6   # ranges as the skirmish rules
    assert walk_to(st, "A", "b") == 7                                       # 1 + 2 + 1 + 2 + 1


def test_MOV_8_difficult_ground_and_walls_count_and_beside_it_is_0():
    assert walk_to(battle("A^^b\n....", turn_player=0), "A", "b") == 2   # round the difficult squares
    st = battle("A^^b", turn_player=0)
    assert creature_distance(st, st.creature("A"), st.creature("b")) == 3
    assert walk_to(st, "A", "b") == 4                     # over them: 2 each (MOV-8)
    assert walk_to(battle("Ab", turn_player=0), "A", "b") == 0
    walled = battle("A#b\n.#.\n.#.", turn_player=0)
    assert walk_to(walled, "A", "b") is None              # the wall closes every way
    assert walk_to(walled, "A", "nobody") is None
