"""The grid35 module's movement rules: G35-CORNER, G35-HAMPER, G35-OBSTACLE, G35-HELPLESS, G35-SIZE."""
from __future__ import annotations

from tactica.engine import CustomTerrain, Move, Ruleset, TerrainRules, check, legal_actions
from tactica.engine.abilities import Flight
from tactica.engine.modules import MoveTally, book
from tactica.engine.modules.grid35 import hampering_causes
from tactica.engine.sandbox import battle, card

from ._util import refused, with_terrain

GRID35 = Ruleset(modules=("grid35",))


def _walking(st):
    """``st`` after its active creature has attacked: its moves are moves, not runs (G35-RUN)."""
    st.attack_used = True
    return st


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def _ok(st, path) -> bool:
    return check(st, Move(tuple(path))) is None


# ---------------------------------------------------------------- G35-CORNER

def test_G35_CORNER_no_diagonal_step_around_a_wall_corner():
    st = battle("....\n.#..\n.A..\n....", active="A", rules=GRID35)
    assert refused(st, Move(((2, 1),))) == "wall-corner"
    assert refused(st, Move(((0, 1),))) == "wall-corner"
    assert _ok(st, [(2, 2), (2, 1)])                              # around it, two straight steps
    assert (2, 1) in _dests(st) and (0, 3) in _dests(st)


def test_G35_CORNER_diagonal_steps_past_creatures_even_enemies():
    st = battle("....\n.b..\n.A..\n....", active="A", rules=GRID35)
    assert _ok(st, [(2, 1)])                                      # past the enemy's corner
    assert _ok(st, [(0, 1)])
    allies = battle("....\n.B..\n.A..\n....", active="A", rules=GRID35)
    assert _ok(allies, [(2, 1)])


def test_G35_CORNER_diagonal_steps_past_a_pit():
    st = battle("....\n.O..\n.A..\n....", active="A", rules=GRID35)
    assert _ok(st, [(2, 1)]) and _ok(st, [(0, 1)])
    assert refused(st, Move(((1, 1),))) == "pit"                  # the pit itself stays impassable


# ---------------------------------------------------------------- G35-HAMPER

SMOKY_BRAMBLE = CustomTerrain("Smoky bramble", TerrainRules("&", cost=2, hides=True))
RUBBLE_WALL = CustomTerrain("Rubble wall", TerrainRules("%", cost=3, hides=True, can_stop=False,
                                                         low_obstacle=True))


def _cost(st, start, end, terrain=1, tally=None):
    return book(("grid35",)).step_cost(st, st.creature("A"), start, end, terrain, tally or MoveTally())


def test_G35_HAMPER_causes_are_costly_terrain_low_obstacles_and_poor_visibility():
    st = battle("A^T*S_.", active="A", rules=GRID35)
    assert [hampering_causes(st, (x, 0)) for x in range(1, 7)] == [1, 1, 1, 1, 1, 0]
    st = with_terrain(st, {(1, 0): SMOKY_BRAMBLE, (2, 0): RUBBLE_WALL})
    assert hampering_causes(st, (1, 0)) == 2 and hampering_causes(st, (2, 0)) == 3


def test_G35_HAMPER_costs_double_per_cause_and_diagonals_three_halves():
    board = "........\n........\n........\n...A....\n........\n........"
    st = battle(board, active="A", rules=GRID35)
    cases = {"difficult": (None, 2, 3), "bramble": (SMOKY_BRAMBLE, 4, 6), "rubble": (RUBBLE_WALL, 8, 12)}
    for kind, (terrain, straight, diagonal) in cases.items():
        if terrain is None:
            from tactica.engine import Terrain
            terrain = Terrain.DIFFICULT
        here = with_terrain(st, {(4, 3): terrain, (4, 2): terrain})
        assert _cost(here, (3, 3), (4, 3), 2) == straight, kind
        assert _cost(here, (3, 3), (4, 2), 2) == diagonal, kind
        # Wherever the hampered diagonal falls in the 1-2-1-2 count.
        assert _cost(here, (3, 3), (4, 2), 2, MoveTally(1, 1, 1)) == diagonal, kind


def test_G35_HAMPER_a_hampered_diagonal_counts_as_two_diagonals():
    st = _walking(battle(".....\n.....\n.^...\nA....", {"A": card(speed=4)}, active="A", rules=GRID35))
    # 3 (hampered diagonal, counted as the 1st and 2nd) + 1 (the 3rd diagonal) = 4
    assert _ok(st, [(1, 2), (2, 1)])
    # ... then the 4th diagonal costs 2: 6 squares, too far at speed 4
    assert refused(st, Move(((1, 2), (2, 1), (3, 0)))) == "too-far"
    skirmish = battle(".....\n.....\n.^...\nA....", {"A": card(speed=4)}, active="A")
    assert _ok(skirmish, [(1, 2), (2, 1), (3, 0)])                # 2 + 1 + 1 under the skirmish rules


def test_G35_HAMPER_two_causes_cost_four_straight_and_six_diagonally():
    st = with_terrain(_walking(battle("A.....\n......", active="A", rules=GRID35)), {(1, 0): SMOKY_BRAMBLE,
                                                                      (1, 1): SMOKY_BRAMBLE})
    assert _ok(st, [(1, 0), (2, 0), (3, 0)])                      # 4 + 1 + 1 = 6
    assert refused(st, Move(((1, 0), (2, 0), (3, 0), (4, 0)))) == "too-far"
    assert _ok(st, [(1, 1)])                                      # 6, diagonally
    assert refused(st, Move(((1, 1), (2, 1)))) == "too-far"
    plain = with_terrain(battle("A.....\n......", active="A"), {(1, 0): SMOKY_BRAMBLE})
    assert _ok(plain, [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])   # 2 + 4 under the skirmish rules


def test_G35_HAMPER_a_big_creature_pays_for_its_worst_square():
    ogre = card("Ogre", size=2, speed=2)
    board = "AA....\nAA....\n......"
    st = with_terrain(_walking(battle(board, {"A": ogre}, active="A", rules=GRID35)), {(1, 1): "difficult"})
    # Stepping right keeps (1, 1) under the ogre: 2 squares (skirmish, MOV-13: 1, only new squares count).
    assert refused(st, Move(((1, 0), (2, 0)))) == "too-far"
    plain = with_terrain(battle(board, {"A": ogre}, active="A"), {(1, 1): "difficult"})
    assert _ok(plain, [(1, 0), (2, 0)])


def test_G35_HAMPER_fliers_are_not_hampered():
    bat = card("Bat", abilities=(Flight(),), speed=2)
    st = _walking(battle("A^^\n...", {"A": bat}, active="A", rules=GRID35))
    assert _ok(st, [(1, 0), (2, 0)])                              # 1 + 1
    walker = _walking(battle("A^^\n...", {"A": card(speed=2)}, active="A", rules=GRID35))
    assert refused(walker, Move(((1, 0), (2, 0)))) == "too-far"   # 2 + 2


# ---------------------------------------------------------------- G35-OBSTACLE

def test_G35_OBSTACLE_costs_2_and_is_crossed_in_one_go():
    st = _walking(battle("A_..\n....", {"A": card(speed=3)}, active="A", rules=GRID35))
    assert _ok(st, [(1, 0), (2, 0)])                              # 2 + 1
    assert refused(st, Move(((1, 0),))) == "no-stop"              # never stopped on
    assert (1, 0) not in _dests(st) and (2, 0) in _dests(st)
    short = _walking(battle("A_..\n....", {"A": card(speed=2)}, active="A", rules=GRID35))
    assert refused(short, Move(((1, 0), (2, 0)))) == "too-far"    # not enough to cross and enter beyond
    assert (2, 0) not in _dests(short)


def test_G35_OBSTACLE_diagonally_it_costs_3():
    st = _walking(battle("....\n._..\nA...", {"A": card(speed=3)}, active="A", rules=GRID35))
    assert refused(st, Move(((1, 1), (2, 0)))) == "too-far"       # 3 + 2 (the 2nd diagonal)
    assert refused(st, Move(((1, 1), (1, 0)))) == "too-far"       # 3 + 1
    roomy = _walking(battle("....\n._..\nA...", {"A": card(speed=4)}, active="A", rules=GRID35))
    assert _ok(roomy, [(1, 1), (1, 0)])


def test_G35_OBSTACLE_a_map_draws_it():
    from tactica.engine import SYMBOLS, Terrain
    assert SYMBOLS["_"] is Terrain.LOW_OBSTACLE
    st = battle("A_.", active="A")                                # the skirmish rules: a statue without cover
    assert refused(st, Move(((1, 0),))) == "no-stop" and _ok(st, [(1, 0), (2, 0)])


# ---------------------------------------------------------------- G35-HELPLESS

def test_G35_HELPLESS_an_enemy_that_is_helpless_is_passed_at_no_extra_cost():
    board = "Ab..\n...."
    st = battle(board, {"A": card(speed=2)}, active="A", rules=GRID35, conditions={"b": {"helpless"}})
    assert _ok(st, [(1, 0), (2, 0)])                              # 1 + 1
    assert (2, 0) in _dests(st)
    assert refused(st, Move(((1, 0),))) == "occupied"             # our choice: no ending on it
    skirmish = battle(board, {"A": card(speed=2)}, active="A", conditions={"b": {"helpless"}})
    assert refused(skirmish, Move(((1, 0), (2, 0)))) == "enemy"
    awake = battle(board, {"A": card(speed=2)}, active="A", rules=GRID35, conditions={"b": {"stunned"}})
    assert refused(awake, Move(((1, 0), (2, 0)))) == "enemy"


# ---------------------------------------------------------------- G35-SIZE

HUGE = ".ggg..\nAggg..\n.ggg.."


def test_G35_SIZE_three_categories_apart_pass_each_other():
    giant = card("Cloud Giant", size=3)
    small = card("Gnome", keywords=("Small",))
    st = battle(HUGE, {"A": small, "g": giant}, active="A", rules=GRID35)
    assert _ok(st, [(1, 1), (2, 1), (3, 1), (4, 1)])              # Small under Huge
    medium = battle(HUGE, {"g": giant}, active="A", rules=GRID35)
    assert refused(medium, Move(((1, 1), (2, 1), (3, 1), (4, 1)))) == "enemy"   # two apart
    assert refused(battle(HUGE, {"A": small, "g": giant}, active="A"),
                   Move(((1, 1), (2, 1), (3, 1), (4, 1)))) == "enemy"           # skirmish rules


def test_G35_SIZE_the_huge_steps_over_the_small():
    giant = card("Cloud Giant", size=3, speed=5)
    board = "AAA.g...\nAAA.....\nAAA....."
    path = ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    st = battle(board, {"A": giant, "g": card("Gnome", keywords=("Small",))}, active="A", rules=GRID35)
    assert _ok(st, path)                                          # its footprint crosses the gnome
    assert refused(st, Move(path[:2])) == "occupied"              # but does not end over it
    medium = battle(board, {"A": giant}, active="A", rules=GRID35)
    assert refused(medium, Move(path)) == "enemy"


def test_G35_SIZE_a_tiny_creature_passes_any_creature_but_does_not_share_its_square():
    rat = card("Rat", keywords=("Tiny",), speed=2)
    st = battle("Ab..\n....", {"A": rat}, active="A", rules=GRID35)
    assert _ok(st, [(1, 0), (2, 0)])
    assert refused(st, Move(((1, 0),))) == "occupied"             # our choice: one creature a square
    assert refused(battle("Ab..\n....", {"A": rat}, active="A"), Move(((1, 0), (2, 0)))) == "enemy"


# ---------------------------------------------------------------- G35-HAMPER: charges

def test_G35_HAMPER_no_charging_through_hampered_squares():
    from tactica.engine import Charge, charge_choices
    corridor = "#####\nA.^.b\n#####"
    st = battle(corridor, active="A", rules=GRID35)
    assert not [a for a in legal_actions(st) if isinstance(a, Charge)] and charge_choices(st)[0] == []
    assert refused(st, Charge("b", ((1, 1), (2, 1), (3, 1)))) == "too-far"
    plain = battle(corridor, active="A")                          # the skirmish rules: 1 + 2 + 1
    assert [a.path for a in legal_actions(plain) if isinstance(a, Charge)] == [((1, 1), (2, 1), (3, 1))]
    # On open ground the charge goes round the difficult square.
    open_ground = battle("......\nA.^.b.\n......", active="A", rules=GRID35)
    charges = [a for a in legal_actions(open_ground) if isinstance(a, Charge)]
    assert charges and all((2, 1) not in a.path for a in charges)


def test_G35_OBSTACLE_the_refusal_to_stop_on_it_names_the_low_obstacle_not_a_statue():
    from tactica.engine.queries import stop_refusal
    st = _walking(battle("A_..\n....", {"A": card(speed=3)}, active="A", rules=GRID35))
    said = check(st, Move(((1, 0),)))
    assert said is not None and "low obstacle (G35-OBSTACLE)" in str(said) and "statue" not in str(said)
    assert stop_refusal(st, (1, 0)) == ("no-stop", "A move cannot end on a low obstacle (G35-OBSTACLE).")
    statue = battle("AS.", active="A")
    assert "a statue (TER-STATUE)" in str(check(statue, Move(((1, 0),))))
