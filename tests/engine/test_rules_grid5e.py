"""The grid5e rule module: G5E-SPLIT … G5E-SQUEEZE on small boards with fixed dice (docs/modules/grid5e.md)."""
from __future__ import annotations

import pytest

from tactica.engine import (
    ActiveEffect,
    Attack,
    ConditionEffect,
    DropProne,
    Duration,
    Move,
    Ruleset,
    StandUp,
    Terrain,
    actions_of_kind,
    kinds_now,
    legal_actions,
    module_conflict,
    move_reach,
    move_refusal,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.abilities import Flight
from tactica.engine.sandbox import battle, card, melee

from ._util import of, refused, run

G5E = Ruleset(modules=("grid5e",))

ROW = """
A......
.......
"""


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def _row(n: int, y: int = 0, start: int = 0) -> tuple[tuple[int, int], ...]:
    """``n`` straight steps right along row ``y`` from column ``start``."""
    return tuple((start + i, y) for i in range(1, n + 1))


def _one_action(st):
    """``st`` with the attack action spent, so a Move has one action's squares (the speed): a fresh
    creature's Move may take both actions' at once (G5E-SPLIT), which the cost tests leave aside."""
    st.attack_used = True
    return st


# -- G5E-ENTER ----------------------------------------------------------------

def test_G5E_ENTER_a_difficult_square_needs_its_full_cost_left_no_free_first_step():
    slow = {"A": card("Slow", speed=1)}
    board = "A^.\n...\n"
    plain = battle(board, slow, active="A")
    g5e = _one_action(battle(board, slow, active="A", rules=G5E))  # 1 square (G5E-SPLIT would join both)
    assert (1, 0) in _dests(plain)                    # MOV-4: the first step whatever it costs
    assert (1, 0) not in _dests(g5e)                  # G5E-ENTER: 2 squares needed, 1 left
    assert refused(g5e, Move(((1, 0),))) == "too-far"
    assert (1, 1) in _dests(g5e) and (0, 1) in _dests(g5e)  # a clear square, diagonal too, costs 1
    assert move_reach(g5e).destinations == [a.path[-1] for a in actions_of_kind(g5e, Move)]
    both = battle(board, slow, active="A", rules=G5E)
    assert (1, 0) in _dests(both)                     # both actions' squares at once: 2 (G5E-SPLIT)


def test_G5E_ENTER_the_last_square_of_a_move_needs_its_full_cost():
    st, _ = run(battle("A....^.\n.......\n", active="A", rules=G5E), Move(_row(5)))
    assert st.creature("A").pos == (5, 0)              # 4 + 2 = 6: the 2 left pay for it
    far = _one_action(battle("A.....^\n.......\n", active="A", rules=G5E))
    assert refused(far, Move(_row(6))) == "too-far"    # 5 + 2: 1 left, 2 needed
    assert (5, 0) in _dests(far) and (6, 0) not in _dests(far)


# -- G5E-DIFF -----------------------------------------------------------------

def test_G5E_DIFF_an_allys_square_costs_one_extra():
    board = "AB.....\n.......\n"
    plain, g5e = battle(board, active="A"), _one_action(battle(board, active="A", rules=G5E))
    assert (6, 0) in _dests(plain)                    # through the ally: 6 squares
    assert refused(g5e, Move(_row(6))) == "too-far"   # 2 + 5 = 7
    st, _ = run(g5e, Move(_row(5)))                   # 2 + 4 = 6
    assert st.creature("A").pos == (5, 0)


def test_G5E_DIFF_causes_do_not_stack_and_fliers_pass_over_creatures():
    board = "AB.....\n.......\n"
    # The ally stands in difficult terrain: still 1 extra, 2 in all, not 3.
    st, _ = run(battle(board, active="A", rules=G5E, under={"B": Terrain.DIFFICULT}), Move(_row(5)))
    assert st.creature("A").pos == (5, 0)
    flier = battle(board, {"A": card("Bat", abilities=(Flight(),))}, active="A", rules=G5E)
    assert (6, 0) in _dests(flier)                    # a flier pays 1 over the ally


def test_G5E_DIFF_difficult_terrain_costs_2_as_before():
    st = _one_action(battle("A^^^...\n.......\n", active="A", rules=G5E))
    assert refused(st, Move(_row(4))) == "too-far"    # 2 + 2 + 2 + 1 = 7
    st2, _ = run(st, Move(_row(3)))                    # 6
    assert st2.creature("A").pos == (3, 0)


# -- G5E-PASS -----------------------------------------------------------------

HUGE_IN_WAY = """
A...ggg....
....ggg....
....ggg....
...........
"""


def test_G5E_PASS_a_hostile_creature_two_sizes_apart_may_be_passed_not_stopped_on():
    cards = {"g": card("Giant", size=3, speed=4)}
    plain = battle(HUGE_IN_WAY, cards, active="A")
    g5e = battle(HUGE_IN_WAY, cards, active="A", rules=G5E)
    path = ((1, 1), (2, 1), (3, 1), (4, 1))             # into the Huge enemy's squares: 1 + 1 + 1 + 2
    assert refused(plain, Move(path)) == "enemy"
    assert refused(g5e, Move(path)) == "occupied"     # passing yes, stopping no
    assert (4, 1) not in _dests(g5e) and (3, 1) in _dests(g5e)
    # Medium (size 1) through Huge (size 3), each of its squares difficult (G5E-DIFF).
    fast = battle(HUGE_IN_WAY, {**cards, "A": card("Runner", speed=10)}, active="A", rules=G5E, dice=(2,))
    through = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1))
    st, out = run(fast, Move(through))              # 3 + 2 + 2 + 2 + 1 = 10; the giant's OA misses
    assert st.creature("A").pos == (7, 1)
    assert sum((e.path for e in of(out, ev.CreatureMoved)), ()) == through  # in two parts around the OA


def test_G5E_PASS_a_hostile_creature_one_size_apart_blocks():
    board = "A..gg..\n...gg..\n.......\n"
    cards = {"g": card("Ogre", size=2)}
    st = battle(board, cards, active="A", rules=G5E)
    assert refused(st, Move(((1, 0), (2, 0), (3, 0), (4, 0), (5, 0)))) == "enemy"
    same = battle("Ag.....\n.......\n", active="A", rules=G5E)
    assert refused(same, Move(_row(2))) == "enemy"    # Medium and Medium: never


# -- G5E-SPACE ----------------------------------------------------------------

def test_G5E_SPACE_footprints_by_size_medium_1x1_large_2x2_huge_3x3():
    board = "A.LL.HHH\n..LL.HHH\n.....HHH\n"
    cards = {"L": card("Ogre", size=2), "H": card("Giant", size=3)}
    st = battle(board, cards, active="A", rules=G5E)
    assert len(st.creature("A").squares) == 1
    assert sorted(st.creature("L").squares) == sorted((x, y) for x in (2, 3) for y in (0, 1))
    assert len(set(st.creature("H").squares)) == 9
    from tactica.engine.modules.grid5e import size_category
    assert [size_category(st.creature(u)) for u in "ALH"] == [2, 3, 4]


# -- G5E-SQUEEZE --------------------------------------------------------------

def test_G5E_SQUEEZE_a_squeezing_attacker_takes_minus_2_not_minus_5():
    board = "HHHg\nHHH.\nHHH.\n"
    squeezing = {"H": (ActiveEffect("squeezing", Duration.BATTLE),)}
    cards = {"H": card("Giant", size=3, attacks=(melee(bonus=8),))}
    rolls = {}
    for name, rules in (("skirmish", None), ("grid5e", G5E)):
        st = battle(board, cards, active="H", rules=rules, dice=(10,), effects=squeezing)
        _, out = run(st, Attack(0, ("g",)))
        rolls[name] = of(out, ev.AttackRolled)[0]
    assert rolls["skirmish"].modifiers == (("squeezing", -5),) and rolls["skirmish"].total == 13
    assert rolls["grid5e"].modifiers == (("squeezing", -2),) and rolls["grid5e"].total == 16


def test_G5E_SQUEEZE_attacks_against_a_squeezing_creature_get_plus_2():
    board = "hhhA\nhhh.\nhhh.\n"
    st = battle(board, {"h": card("Giant", size=3)}, active="A", rules=G5E, dice=(10,),
                effects={"h": (ActiveEffect("squeezing", Duration.BATTLE),)})
    _, out = run(st, Attack(0, ("h",)))
    roll = of(out, ev.AttackRolled)[0]
    assert ("combat advantage", 2) in roll.modifiers and roll.total == 20


# -- G5E-SPLIT ----------------------------------------------------------------

SPLIT = """
A...g..
.......
"""


def test_G5E_SPLIT_move_attack_move_the_rest():
    st = battle(SPLIT, active="A", rules=G5E, dice=(15, 2))
    st, _ = run(st, Move(_row(3)))                    # 3 of 6
    st, out = run(st, Attack(0, ("g",)))
    assert of(out, ev.AttackRolled)[0].hit and not of(out, ev.ActivationEnded)  # 3 squares still to move
    assert refused(st, Move(((2, 1), (1, 1), (0, 1), (0, 0)))) == "too-far"  # 4 > the 3 left
    assert max(max(abs(x - 3), y) for x, y in _dests(st)) == 3
    st, out = run(st, Move(((2, 1), (1, 1), (0, 1))))  # the rest: 3; g's opportunity attack misses
    assert st.creature("A").pos == (0, 1)
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]  # nothing left: it ends (ACT-1)


def test_G5E_SPLIT_the_move_refusal_counts_the_rest():
    st = battle(SPLIT, active="A", rules=G5E, dice=(15,))
    st, _ = run(st, Move(_row(3)), Attack(0, ("g",)))
    assert move_refusal(st, (3, 1)) is None                       # 1 of the 3 left
    assert move_refusal(st, (6, 1)) is None                       # 3 around g, diagonally
    assert move_refusal(st, (0, 1)) is None
    far = battle("A.........\n..........\n", active="A", rules=G5E)
    far, _ = run(far, Move(_row(5)), Move(_row(4, start=5)), Move(((9, 1), (8, 1))))  # 5, 4 (+6), 2: 1 left
    assert far.attack_used and far.move_spent == 5
    assert move_refusal(far, (7, 1)) is None
    assert move_refusal(far, (6, 1)) == (
        "too-far", "That move needs 2 squares of movement; Creature A has 1 left (G5E-SPLIT, G5E-ENTER).")


def test_G5E_SPLIT_no_move_after_move_then_attack_without_the_module():
    st = battle(SPLIT, active="A", dice=(15,))
    st, out = run(st, Move(_row(3)), Attack(0, ("g",)))
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]  # ACT-4: nothing left to do


def test_G5E_SPLIT_two_parts_before_the_attack_keep_the_attack_action():
    st = battle(SPLIT, active="A", rules=G5E, dice=(15,))
    st, _ = run(st, Move(_row(1)), Move(_row(2, start=1)))   # 1 + 2 of the move action
    assert not st.attack_used and st.move_spent == 3
    st, out = run(st, Attack(0, ("g",)))
    assert of(out, ev.AttackRolled)


def test_G5E_SPLIT_a_longer_move_takes_the_attack_action_and_adds_its_squares():
    st = battle("A.........\n..........\n", active="A", rules=G5E)
    st, _ = run(st, Move(_row(4)))                    # 4 of 6: 2 left
    st, _ = run(st, Move(_row(5, start=4)))           # 2 left + 6 of the attack action: 5 spent, 3 left
    assert st.attack_used and st.creature("A").pos == (9, 0)
    assert st.move_spent == 3
    st, _ = run(st, Move(((9, 1),)))
    assert st.move_spent == 4


def test_G5E_SPLIT_a_double_move_at_once_or_in_two_parts_alike():
    """A fresh creature may spend both actions' squares in one Move (12 of speed 6), as it may move 1
    and then 11 (the rest and the attack action's squares): the two ways agree, 13 is refused both
    ways, and without the module a Move is one action's squares (MOV-1)."""
    board = "A..............\n...............\n"
    st = battle(board, active="A", rules=G5E)
    assert move_refusal(st, (12, 0)) is None and move_refusal(st, (13, 0))[0] == "too-far"
    assert (12, 0) in _dests(st) and (13, 0) not in _dests(st)
    once, out = run(st, Move(_row(12)))
    parts, _ = run(st, Move(_row(1)))
    assert move_refusal(parts, (13, 0))[0] == "too-far"
    parts, out2 = run(parts, Move(_row(11, start=1)))
    for after in (once, parts):
        assert after.creature("A").pos == (12, 0)
    assert of(out, ev.ActivationEnded) == of(out2, ev.ActivationEnded) == [ev.ActivationEnded("A")]
    plain = battle(board, active="A")
    assert move_refusal(plain, (12, 0))[0] == "too-far" and (7, 0) not in _dests(plain)


# -- G5E-PRONE ----------------------------------------------------------------

def test_G5E_PRONE_dropping_prone_is_free_and_only_with_the_module():
    plain = battle(ROW, active="A")
    assert DropProne() not in legal_actions(plain)
    assert refused(plain, DropProne()) == "no-prone-rules"
    st = battle(ROW, active="A", rules=G5E)
    assert DropProne in kinds_now(st) and DropProne() in legal_actions(st)
    st, out = run(st, DropProne())
    assert "prone" in st.creature("A").conditions
    assert not st.move_used and not st.attack_used and st.move_spent is None
    assert of(out, ev.CreatureDroppedProne) == [ev.CreatureDroppedProne("A")]
    assert refused(st, DropProne()) == "already-prone"


def test_G5E_PRONE_crawling_costs_one_extra_three_in_difficult_terrain():
    prone = {"A": {"prone"}}
    st = _one_action(battle(ROW, active="A", rules=G5E, conditions=prone))
    assert refused(st, Move(_row(4))) == "too-far"    # 2 a square
    st2, _ = run(st, Move(_row(3)))
    assert st2.creature("A").pos == (3, 0) and "prone" in st2.creature("A").conditions
    rough = _one_action(battle("A^^....\n.......\n", active="A", rules=G5E, conditions=prone))
    assert refused(rough, Move(_row(3))) == "too-far"  # 3 + 3 + 2
    st3, _ = run(rough, Move(_row(2)))                  # 3 + 3
    assert st3.creature("A").pos == (2, 0)


def test_G5E_PRONE_standing_costs_half_the_speed():
    st = battle(ROW, active="A", rules=G5E, conditions={"A": {"prone"}})
    st, out = run(st, StandUp())
    assert "prone" not in st.creature("A").conditions
    assert of(out, ev.CreatureStoodUp) == [ev.CreatureStoodUp("A", 3)]
    assert st.move_used and st.move_spent == 3
    st2, _ = run(st, Move(_row(3)))                     # the 3 left
    assert st2.creature("A").pos == (3, 0) and not st2.attack_used


def test_G5E_PRONE_no_standing_with_too_little_movement_or_speed_0():
    st = battle(ROW, active="A", rules=G5E, conditions={"A": {"prone"}}, dice=())
    st, _ = run(st, Move(_row(2)))                      # crawled 4 of 6: 2 left, the attack action unused
    assert StandUp() in legal_actions(st)               # standing takes the attack action as a move
    stuck = battle(ROW, active="A", rules=G5E, conditions={"A": {"prone", "immobilized"}})
    assert StandUp() not in legal_actions(stuck)
    assert refused(stuck, StandUp()) == "cannot-move"
    both_used = battle("A.g....\n.......\n", active="A", rules=G5E, conditions={"A": {"prone"}}, dice=(2,))
    both_used, _ = run(both_used, Move(((1, 1),)), Attack(0, ("g",)))  # crawled 2: 4 left, attack spent
    assert StandUp() in legal_actions(both_used)        # 3 of the 4 left
    low = battle("A.g....\n.......\n", active="A", rules=G5E, conditions={"A": {"prone"}}, dice=(2,))
    low, _ = run(low, Move(((0, 1), (1, 1))), Attack(0, ("g",)))  # crawled 4: 2 left
    assert StandUp() not in legal_actions(low)
    assert refused(low, StandUp()) == "too-far"


# -- G5E-FALL -----------------------------------------------------------------

FALL = """
Ab.....
.......
"""


def _pinning(condition: str):
    return {"A": card("Netter", attacks=(melee(effects=(ConditionEffect(condition),)),))}


@pytest.mark.parametrize("condition", ["immobilized", "prone", "stunned"])
def test_G5E_FALL_a_flier_grounded_falls_and_lands_prone(condition):
    cards = {**_pinning(condition), "b": card("Bat", abilities=(Flight(),))}
    st, out = run(battle(FALL, cards, active="A", rules=G5E, dice=(15,)), Attack(0, ("b",)))
    assert of(out, ev.FlierFell) == [ev.FlierFell("b", (1, 0), condition)]
    assert "prone" in st.creature("b").conditions


def test_G5E_FALL_not_a_walker_not_without_the_module_not_when_slowed():
    walker = {**_pinning("immobilized")}
    _, out = run(battle(FALL, walker, active="A", rules=G5E, dice=(15,)), Attack(0, ("b",)))
    assert not of(out, ev.FlierFell)
    flier = {**_pinning("immobilized"), "b": card("Bat", abilities=(Flight(),))}
    st, out = run(battle(FALL, flier, active="A", dice=(15,)), Attack(0, ("b",)))
    assert not of(out, ev.FlierFell) and "prone" not in st.creature("b").conditions
    slowed = {**_pinning("slowed"), "b": card("Bat", abilities=(Flight(),))}
    _, out = run(battle(FALL, slowed, active="A", rules=G5E, dice=(15,)), Attack(0, ("b",)))
    assert not of(out, ev.FlierFell)                   # speed 2 is not speed 0


@pytest.mark.parametrize("condition", ["immobilized", "prone"])
def test_G5E_FALL_a_flier_already_prone_does_not_fall_again(condition):
    cards = {**_pinning(condition), "b": card("Bat", abilities=(Flight(),))}
    st, out = run(battle(FALL, cards, active="A", rules=G5E, dice=(15,), conditions={"b": {"prone"}}),
                  Attack(0, ("b",)))
    assert not of(out, ev.FlierFell)
    assert condition in st.creature("b").conditions


def test_G5E_FALL_a_fallen_flier_crawls_paying_the_terrain():
    bat = {"A": card("Bat", abilities=(Flight(),))}
    st = _one_action(battle("A^.....\n.......\n", bat, active="A", rules=G5E, conditions={"A": {"prone"}}))
    assert refused(st, Move(_row(3))) == "too-far"     # 3 + 2 + 2
    up = battle("A^.....\n.......\n", bat, active="A", rules=G5E)
    assert (6, 0) in _dests(up)                        # flying: 1 a square
    over = battle("Ab.....\n.......\n", bat, active="A", rules=G5E, conditions={"A": {"prone"}})
    assert refused(over, Move(_row(2))) == "enemy"     # crawling, it no longer flies over the enemy
    assert (2, 0) in _dests(battle("Ab.....\n.......\n", bat, active="A", rules=G5E))


# -- G5E-SPEEDS ---------------------------------------------------------------

def test_G5E_SPEEDS_the_rest_is_the_new_speed_minus_what_was_moved():
    st = battle("A.g....\n.......\n", active="A", rules=G5E, dice=(15,))
    st, _ = run(st, Move(_row(1)), Attack(0, ("g",)))  # 1 of 6 moved, the attack made
    fast = st.copy()
    slowed = st.copy()
    slowed.creature("A").conditions = ("slowed",)       # CON-8: its speed is now 2
    assert max(len(a.path) for a in legal_actions(fast) if isinstance(a, Move)) == 5
    moves = [a for a in legal_actions(slowed) if isinstance(a, Move)]
    assert moves and all(len(a.path) == 1 for a in moves)  # 2 - 1 = 1 left
    assert refused(slowed, Move(((0, 1), (0, 0)))) == "too-far"
    immobile = st.copy()
    immobile.creature("A").conditions = ("immobilized",)  # speed 0: nothing left
    assert not [a for a in legal_actions(immobile) if isinstance(a, Move)]


# -- modules that contradict each other ----------------------------------------

def test_G5E_SPLIT_grid5e_and_grid35_are_refused_together():
    assert module_conflict(("grid35", "grid5e")) == (
        "rule modules grid35 and grid5e cannot be on together: both price diagonals and difficult "
        "terrain (choose one)")
    assert module_conflict(("grid5e",)) is None and module_conflict(("grid35",)) is None
    plain = battle(ROW, active="A")
    with pytest.raises(ValueError, match="grid35 and grid5e cannot be on together"):
        new_game(plain.warbands, plain.maps, seed=1, rules=Ruleset(modules=("grid35", "grid5e")))
    from dataclasses import replace
    g35_map = replace(plain.maps[0], rules=("grid35",))
    with pytest.raises(ValueError, match="cannot be on together"):
        new_game(plain.warbands, (g35_map,), seed=1, rules=G5E)
