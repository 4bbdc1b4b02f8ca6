"""The grid35 rule module: G35-DIAG, diagonals costing 1, 2, 1, 2 … across one move."""
from __future__ import annotations

import pytest

from tactica.engine import (
    Charge,
    Move,
    Ruleset,
    Shift,
    actions_of_kind,
    charge_choices,
    check,
    legal_actions,
    move_reach,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.modules import book, unknown_modules
from tactica.engine.sandbox import battle, card

from ._util import of, refused, run

GRID35 = Ruleset(modules=("grid35",))
SIMPLE = Ruleset(modules=("grid35-simple",))

OPEN = """
...............
...............
...............
...............
...............
...............
...............
...A...........
"""


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def _walking(st):
    """``st`` after its active creature has attacked: its moves are moves, not runs (G35-RUN)."""
    st.attack_used = True
    return st


def check_ok(st, action) -> bool:
    return check(st, action) is None


def _diagonal(k: int) -> tuple[tuple[int, int], ...]:
    """``k`` diagonal steps up and right from (3, 7)."""
    return tuple((3 + i, 7 - i) for i in range(1, k + 1))


def test_G35_DIAG_speed_6_gets_4_diagonal_squares_under_grid35_and_6_under_skirmish():
    plain, g35 = battle(OPEN, active="A"), _walking(battle(OPEN, active="A", rules=GRID35))
    assert (9, 1) in _dests(plain) and check_ok(plain, Move(_diagonal(6)))
    assert (7, 3) in _dests(g35) and (8, 2) not in _dests(g35)
    assert refused(g35, Move(_diagonal(5))) == "too-far"          # 1 + 2 + 1 + 2 + 1 = 7
    st, out = run(g35, Move(_diagonal(4)))                        # 1 + 2 + 1 + 2 = 6
    assert st.creature("A").pos == (7, 3)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (3, 7), _diagonal(4), "move")]
    # Every square whose cheapest way (D - d straight steps, d diagonals) fits in 6, and no other.
    def cost(x: int, y: int) -> int:
        d, big = sorted((abs(x - 3), abs(y - 7)))
        return big + d // 2
    assert _dests(g35) == {(x, y) for x in range(15) for y in range(8) if cost(x, y) <= 6} - {(3, 7)}


def test_G35_DIAG_the_count_carries_through_straight_steps():
    st = _walking(battle(OPEN, active="A", rules=GRID35))
    # diagonal 1, straight 1, diagonal 2, straight 1, diagonal 1: 6 squares
    path = ((4, 6), (5, 6), (6, 5), (7, 5), (8, 4))
    st2, _ = run(st, Move(path))
    assert st2.creature("A").pos == (8, 4)
    # diagonal 1, straight 1, diagonal 2, straight 1, straight 1, diagonal 1: 7 squares (not 6)
    longer = ((4, 6), (5, 6), (6, 5), (7, 5), (8, 5), (9, 4))
    assert refused(st, Move(longer)) == "too-far"
    assert check_ok(battle(OPEN, active="A"), Move(longer))       # 6 squares under skirmish


def test_G35_DIAG_the_count_starts_again_with_each_move():
    st = battle(OPEN, active="A", rules=GRID35)
    st, _ = run(st, Move(_diagonal(1)))                           # the move action: 1 square
    assert st.creature("A").pos == (4, 6)
    # The attack action spent on a second move (ACT-3): its first diagonal costs 1 again.
    again = tuple((4 + i, 6 - i) for i in range(1, 5))            # 1 + 2 + 1 + 2 = 6
    st, _ = run(st, Move(again))
    assert st.creature("A").pos == (8, 2)


def test_G35_DIAG_a_shift_of_one_diagonal_square():
    st = battle(OPEN, active="A", rules=GRID35)
    assert Shift((4, 6)) in legal_actions(st)
    st2, _ = run(st, Shift((4, 6)))
    assert st2.creature("A").pos == (4, 6)


CHARGE = """
.......
.......
.......
.......
.......
.......
A......
"""


def test_G35_DIAG_charge_reach():
    # Target four diagonals away at its nearest side: 1 + 2 + 1 + 2 = 6 squares, a charge.
    near = _with_enemy(battle(CHARGE, active="A", rules=GRID35), (5, 1))
    charges = [a for a in legal_actions(near) if isinstance(a, Charge)]
    assert [a.path[-1] for a in charges] == [(4, 2)]
    assert check_ok(near, Charge("g", ((1, 5), (2, 4), (3, 3), (4, 2))))  # 4 diagonals: 6 squares
    # One square farther: the nearest side is five diagonals away, 7 squares under grid35.
    far = _with_enemy(battle(CHARGE, active="A", rules=GRID35), (6, 0))
    assert not [a for a in legal_actions(far) if isinstance(a, Charge)]
    assert charge_choices(far)[0] == []
    skirmish = _with_enemy(battle(CHARGE, active="A"), (6, 0))
    assert [a.path[-1] for a in legal_actions(skirmish) if isinstance(a, Charge)] == [(5, 1)]


def _with_enemy(st, square):
    """``st`` with an enemy soldier standing on ``square`` (a board of its own)."""
    rows = [list(r) for r in CHARGE.strip("\n").splitlines()]
    rows[square[1]][square[0]] = "g"
    return battle("\n".join("".join(r) for r in rows), {"g": card("Goblin")}, active="A", rules=st.rules)


def test_G35_DIAG_the_bots_and_the_interface_see_the_same_moves():
    st = battle(OPEN, active="A", rules=GRID35)
    dests = [a.path[-1] for a in actions_of_kind(st, Move)]
    assert move_reach(st).destinations == dests
    assert set(dests) == _dests(st)
    for dest in dests[::7]:
        assert check_ok(st, Move(move_reach(st).path(dest)))


BIG = """
...............
...............
...............
...............
...............
...............
AA.............
AA.............
"""


def test_G35_DIAG_a_large_creature_counts_its_diagonals_too():
    ogre = card("Ogre", size=2)
    st = _walking(battle(BIG, {"A": ogre}, active="A", rules=GRID35))
    dests = _dests(st)
    assert (4, 2) in dests and (5, 1) not in dests                # 4 diagonals, not 5
    assert (6, 0) in _dests(battle(BIG, {"A": ogre}, active="A"))  # 6 under skirmish


def test_G35_DIAG_simple_option_every_diagonal_costs_one_and_a_half():
    st = _walking(battle(OPEN, active="A", rules=SIMPLE))
    dests = _dests(st)
    assert (7, 3) in dests and (8, 2) not in dests                # 4 diagonals: 6 squares
    assert (8, 6) in dests and (9, 6) not in dests                # 1 diagonal (1.5) + 4 straight: 5.5
    assert (9, 6) in _dests(_walking(battle(OPEN, active="A", rules=GRID35)))  # 1 + 5 under the alternating count


def test_G35_DIAG_unknown_modules_are_refused():
    assert unknown_modules(["grid35", "grid99"]) == ["grid99"]
    with pytest.raises(ValueError, match="grid99"):
        book(("grid99",))
    st = battle(OPEN, active="A")
    with pytest.raises(ValueError, match="grid99"):
        new_game(st.warbands, st.maps, seed=1, rules=Ruleset(modules=("grid99",)))


def test_G35_DIAG_the_core_is_always_first_and_alone_prices_nothing():
    assert book(()).names == ("skirmish",) and book(()).plain_moves
    assert book(("grid35",)).names == ("skirmish", "grid35") and not book(("grid35",)).plain_moves
