"""Attacks and damage: HP-1..3, ATK-1..6, RNG-1/2/5, LOS-1, CA-1, FLK-1/2, COV-1..4, MOD."""
from __future__ import annotations

import pytest

from tactica.engine import Attack, Charge, Defense, Reach, legal_actions, preview
from tactica.engine import events as ev
from tactica.engine.combat import flanking, has_cover, modifiers
from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.engine.state import bloodied_threshold

from ._util import of, refused, run

ARCHER = card("Archer", attacks=(melee("Dagger", bonus=4, damage=5),
                                 ranged("Bow", bonus=6, damage=10, reach=Reach.SIGHT)))


def _roll(out):
    (roll,) = of(out, ev.AttackRolled)
    return roll


# -- HP ---------------------------------------------------------------------------------

def test_hp_01_damage_subtracts_and_zero_destroys_and_removes():
    st = battle("Ab.c", active="A", dice=(10, 10), hp={"b": 20})
    st1, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 10, "", 10, True)]
    assert st1.creature("b").hp == 10 and st1.creature("b").pos == (1, 0)
    st2 = battle("Ab.c", active="A", dice=(10,), hp={"b": 5})
    st2, out = run(st2, Attack(0, ("b",)))
    b = st2.creature("b")
    assert (b.hp, b.pos, b.destroyed, b.alive) == (0, None, True, False)
    assert of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("b", 0)]
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 20, "destroyed", 20)]
    assert st2.creature_at((1, 0)) is None
    assert st2.vp == [20, 0]


def test_hp_01_exactly_zero_destroys():
    st = battle("Ab.c", active="A", dice=(10,), hp={"b": 10})
    st, out = run(st, Attack(0, ("b",)))
    assert st.creature("b").destroyed


def test_hp_02_bloodied_at_or_below_half():
    st = battle("Ab.c", active="A", dice=(10,), hp={"b": 35})
    st, out = run(st, Attack(0, ("b",)))        # 50-HP card: 25 left is exactly half
    assert of(out, ev.DamageDealt)[0].bloodied and st.creature("b").bloodied
    st = battle("Ab.c", active="A", dice=(10,), hp={"b": 40})
    st, out = run(st, Attack(0, ("b",)))        # 30 left: not bloodied
    assert not of(out, ev.DamageDealt)[0].bloodied and not st.creature("b").bloodied


def test_hp_03_half_hp_rounds_down_to_a_multiple_of_five():
    assert bloodied_threshold(55) == 25
    assert bloodied_threshold(50) == 25
    assert bloodied_threshold(45) == 20
    assert bloodied_threshold(100) == 50
    assert bloodied_threshold(15) == 5
    big = card("Fighter", hp=55)
    st = battle("Ab", {"b": big}, active="A", hp={"b": 30})
    assert not st.creature("b").bloodied
    st = battle("Ab", {"b": big}, active="A", hp={"b": 25})
    assert st.creature("b").bloodied


# -- ATK ----------------------------------------------------------------------------------

def test_atk_01_any_attack_on_the_card_one_per_attack_action():
    st = battle("Ab.c", {"A": ARCHER}, active="A", dice=(1, 15, 19))
    st1, out = run(st, Attack(1, ("c",)))       # the non-basic Bow; b's OA (a 1) first
    assert [(r.attacker, r.attack) for r in of(out, ev.AttackRolled)] == [("b", "Sword"), ("A", "Bow")]
    assert refused(st1, Attack(0, ("b",))) == "no-attack-left"
    assert refused(st, Attack(2, ("b",))) == "no-such-attack"


def test_atk_01_targets_are_picked_before_rolling():
    st = battle("A.b", active="A", dice=(20,))
    assert refused(st, Attack(0, ("b",))) == "not-adjacent"
    assert refused(st, Attack(0, ())) == "no-target"
    assert st.dice.rolls == 0                    # a refused attack rolls nothing


def test_atk_02_no_attacking_an_ally_on_purpose():
    st = battle("AB.\n.b.", {"A": ARCHER}, active="A")
    assert refused(st, Attack(0, ("B",))) == "ally"
    assert refused(st, Attack(1, ("B",))) == "ally"
    targets = {t for a in legal_actions(st) if isinstance(a, Attack) for t in a.targets}
    assert targets == {"b"}


def test_atk_03_total_at_least_defence_hits():
    st = battle("Ab.c", active="A", dice=(7,))
    st, out = run(st, Attack(0, ("b",)))        # 7 + 8 = 15 vs AC 15
    r = _roll(out)
    assert (r.natural, r.bonus, r.total, r.defense, r.target_number, r.hit) == (7, 8, 15, "AC", 15, True)
    assert st.creature("b").hp == 40
    st = battle("Ab.c", active="A", dice=(6,))
    st, out = run(st, Attack(0, ("b",)))        # 14 vs 15
    assert not _roll(out).hit and st.creature("b").hp == 50 and not of(out, ev.DamageDealt)


def test_atk_03_attack_against_def_uses_def_number():
    mind = card("Mind", attacks=(melee("Touch", bonus=8, damage=10, defense=Defense.DEF),))
    st = battle("Ab.c", {"A": mind}, active="A", dice=(5,))
    st, out = run(st, Attack(0, ("b",)))        # 5 + 8 = 13 vs DEF 13 (AC is 15)
    r = _roll(out)
    assert (r.defense, r.target_number, r.hit) == ("DEF", 13, True)


def test_atk_04_several_targets_rolled_separately_in_attackers_order():
    volley = card("Volley", attacks=(melee(), ranged("Volley", bonus=6, damage=10, reach=Reach.SIGHT,
                                                      targets=3)))
    st = battle("A...b\n....c\n....d", {"A": volley}, active="A", dice=(15, 2), hp={"c": 10})
    st1, out = run(st, Attack(1, ("c", "b")))  # fewer than 3 targets, c first
    rolls = of(out, ev.AttackRolled)
    assert [(r.target, r.natural, r.hit) for r in rolls] == [("c", 15, True), ("b", 2, False)]
    # c's hit is resolved (destroyed, VP scored) before b's roll.
    kinds = [type(e).__name__ for e in out]
    assert kinds.index("CreatureDestroyed") < [i for i, k in enumerate(kinds) if k == "AttackRolled"][1]
    assert refused(st, Attack(1, ("b", "c", "d", "b"))) == "too-many-targets"
    assert refused(st, Attack(1, ("b", "b"))) == "duplicate-target"
    listed = [a.targets for a in legal_actions(st) if isinstance(a, Attack) and a.attack == 1]
    assert len(listed) == 3 + 3 + 1             # every set of 1, 2 or 3 of b, c, d


def test_atk_05_natural_20_hits_and_doubles_damage_and_bonus():
    bite = card("Dragon", attacks=(melee("Bite", bonus=0, damage=15, damage_bonus=10,
                                         damage_type="cold"),))
    tank = card("Tank", ac=40, hp=100)
    st = battle("Ab.c", {"A": bite, "b": tank}, active="A", dice=(20,))
    st, out = run(st, Attack(0, ("b",)))
    r = _roll(out)
    assert (r.hit, r.critical, r.total) == (True, True, 20)
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 50, "cold", 50, True)]


def test_atk_05_natural_19_is_not_critical():
    bite = card("Dragon", attacks=(melee("Bite", bonus=0, damage=15, damage_bonus=10),))
    st = battle("Ab.c", {"A": bite, "b": card("Soft", ac=5)}, active="A", dice=(19,))
    st, out = run(st, Attack(0, ("b",)))
    assert not _roll(out).critical and of(out, ev.DamageDealt)[0].amount == 25


def test_atk_06_natural_1_misses_whatever_the_defence():
    huge_bonus = card("Sure", attacks=(melee("Sure", bonus=30),))
    st = battle("Ab.c", {"A": huge_bonus}, active="A", dice=(1,))
    st, out = run(st, Attack(0, ("b",)))
    r = _roll(out)
    assert (r.total, r.hit, r.critical) == (31, False, False)
    assert st.creature("b").hp == 50


# -- RNG-1 melee, RNG-2 ranged, RNG-5 distance ----------------------------------------

def test_rng_01_melee_reaches_adjacent_squares_including_diagonals():
    st = battle("b.c\n.A.\n..d\n...", active="A")
    listed = {a.targets for a in legal_actions(st) if isinstance(a, Attack)}
    assert listed == {("b",), ("c",), ("d",)}
    st2 = battle("A..\n..b", active="A")
    assert refused(st2, Attack(0, ("b",))) == "not-adjacent"


def test_rng_01_melee_diagonally_around_wall_corner_without_cover():
    st = battle("b#..\n.A..\n....", active="A", dice=(7,))
    assert has_cover(st, st.creature("A"), st.creature("b"), st.creature("A").card.attacks[0]) is False
    st, out = run(st, Attack(0, ("b",)))
    assert _roll(out).modifiers == () and _roll(out).hit


def test_rng_01_melee_attack_does_not_provoke():
    st = battle("cAb", active="A", dice=(12,))
    st, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.OpportunityAttackProvoked)
    assert [r.attacker for r in of(out, ev.AttackRolled)] == ["A"]


def test_rng_02_nearest_must_pick_a_nearest_enemy_in_sight():
    gun = card("Gun", attacks=(ranged("Shot", reach=Reach.NEAREST),))
    st = battle("A..b\n....\n...c\n#...\nd...", {"A": gun}, active="A")
    assert {a.targets for a in legal_actions(st) if isinstance(a, Attack)} == {("b",), ("c",)}
    assert refused(st, Attack(0, ("d",))) == "not-nearest"


def test_rng_02_nearest_ignores_enemies_out_of_sight():
    gun = card("Gun", attacks=(ranged("Shot", reach=Reach.NEAREST),))
    # b is 2 squares away but behind the wall; c is 4 squares away in plain sight.
    st = battle("A#b.\n.#..\n.#..\n....\nc...", {"A": gun}, active="A")
    assert not st.geo.line_of_sight((0, 0), (2, 0))
    assert {a.targets for a in legal_actions(st) if isinstance(a, Attack)} == {("c",)}


def test_rng_02_range_x_reaches_x_squares():
    bow = card("Bow", attacks=(ranged("Bow", range=4),))
    st = battle("A...b.c", {"A": bow}, active="A", dice=(10,))
    assert {a.targets for a in legal_actions(st) if isinstance(a, Attack)} == {("b",)}
    assert refused(st, Attack(0, ("c",))) == "out-of-range"
    st, out = run(st, Attack(0, ("b",)))
    assert _roll(out).target == "b"


def test_rng_02_sight_reaches_anything_in_sight_not_behind_walls():
    st = battle("A.........b\n...........\n####.######\nc..........", {"A": ARCHER}, active="A")
    assert check_targets(st, 1) == {("b",)}
    assert refused(st, Attack(1, ("c",))) == "no-sight"


def check_targets(st, attack):
    return {a.targets for a in legal_actions(st) if isinstance(a, Attack) and a.attack == attack}


def test_rng_02_ranged_attack_on_adjacent_target_provokes_first():
    st = battle("Ab..\n...c", {"A": ARCHER}, active="A", dice=(12, 15))
    st, out = run(st, Attack(1, ("b",)))
    assert of(out, ev.OpportunityAttackProvoked) == [
        ev.OpportunityAttackProvoked("b", "A", "ranged attack")]
    rolls = of(out, ev.AttackRolled)
    assert [(r.attacker, r.kind) for r in rolls] == [("b", "opportunity"), ("A", "attack")]
    assert out.index(of(out, ev.OpportunityAttackProvoked)[0]) < out.index(rolls[1])


def test_rng_02_attacker_killed_by_the_provoked_attack_does_not_shoot():
    st = battle("Ab..\n...c", {"A": ARCHER}, active="A", dice=(12,), hp={"A": 10})
    st, out = run(st, Attack(1, ("c",)))
    assert [r.attacker for r in of(out, ev.AttackRolled)] == ["b"]
    assert st.creature("A").destroyed and st.creature("c").hp == 50


RNG5_BOARD = """
....A.
...#..
..b.#.
......
"""


def test_rng_05_distance_counts_around_walls():
    st = battle(RNG5_BOARD, {"A": card("Bow", attacks=(ranged("Bow", range=4),))}, active="A")
    assert st.geo.line_of_sight((4, 0), (2, 2))
    assert st.geo.distance((4, 0), (2, 2)) == 4
    st2 = battle(RNG5_BOARD.replace("b", "."), active="A")
    # (3, 2) is two squares away in a straight line, but 5 around the walls.
    assert st2.geo.distance((4, 0), (3, 2)) == 5
    bow4 = card("Bow", attacks=(ranged("Bow", range=4),))
    bow5 = card("Bow", attacks=(ranged("Bow", range=5),))
    board = RNG5_BOARD.replace("b.#", ".b#")
    assert refused(battle(board, {"A": bow4}, active="A"), Attack(0, ("b",))) == "out-of-range"
    assert check_targets(battle(board, {"A": bow5}, active="A"), 0) == {("b",)}


def test_rng_05_distance_case_board_and_corner_start():
    st = battle("..#...\n..#...\n.A#g..\n..#...\n......", active="A")
    assert st.geo.distance((1, 2), (3, 2)) == 6
    # The count may start on a square diagonally adjacent around a wall corner (seed text).
    st = battle("A#...\n.....\n.....", active="A")
    assert st.geo.distance((0, 0), (2, 2)) == 2
    assert st.geo.distance((2, 2), (0, 0)) == 3       # counted from the other end: no corner start
    assert st.geo.distance((0, 0), (1, 1)) == 1


# -- LOS-1 ---------------------------------------------------------------------------------

def test_los_01_walls_block_sight_creatures_do_not():
    st = battle("A.B.b", {"A": ARCHER}, active="A")
    assert check_targets(st, 1) == {("b",)}
    st = battle("A.#.b", {"A": ARCHER}, active="A")
    assert refused(st, Attack(1, ("b",))) == "no-sight"


def test_los_01_no_sight_through_a_solid_wall_along_its_seams():
    st = battle("..#...\n..#...\n.A#g..\n..#...\n......", {"A": ARCHER}, active="A")
    assert not st.geo.line_of_sight((1, 2), (3, 2))
    assert refused(st, Attack(1, ("g",))) == "no-sight"


def test_los_01_line_along_a_single_wall_edge_is_clear():
    st = battle(RNG5_BOARD, {"A": ARCHER}, active="A")
    assert check_targets(st, 1) == {("b",)}


# -- CA-1, FLK-1, FLK-2 ---------------------------------------------------------------------

FLANK = """
.....
.A...
..g..
...B.
.....
"""


def _mods(st, a="A", t="g", attack=0, **kw):
    me = st.creature(a)
    return modifiers(st, me, st.creature(t), me.card.attacks[attack], **kw)


def test_ca_01_flanking_gives_plus_two_on_the_roll():
    st = battle(FLANK, active="A", dice=(5,))
    st, out = run(st, Attack(0, ("g",)))
    r = _roll(out)
    assert r.modifiers == (("combat advantage", 2),) and (r.total, r.hit) == (15, True)


def test_ca_01_condition_grants_combat_advantage():
    for cond in ("dazed", "staggered", "stunned", "helpless"):
        st = battle(".A.\n.g.", active="A", conditions={"g": {cond}})
        assert ("combat advantage", 2) in _mods(st)


def test_ca_01_several_sources_still_give_only_two():
    st = battle(FLANK, active="A", conditions={"g": {"dazed"}}, dice=(5,))
    assert _mods(st) == (("combat advantage", 2),)
    st, out = run(st, Attack(0, ("g",)))
    assert _roll(out).total == 15


@pytest.mark.parametrize("ally", [(3, 3), (3, 2), (2, 3)])
def test_flk_01_opposite_sides_or_corners_flank(ally):
    board = [list(".....") for _ in range(5)]
    board[2][2] = "g"
    # A at the square opposite the ally through g's centre.
    a = (4 - ally[0], 4 - ally[1])
    board[a[1]][a[0]] = "A"
    board[ally[1]][ally[0]] = "B"
    st = battle("\n".join("".join(r) for r in board), active="A")
    assert flanking(st, st.creature("A"), st.creature("g"))


@pytest.mark.parametrize("ally", [(4, 3), (2, 3), (3, 1), (4, 4)])
def test_flk_01_not_opposite_or_not_adjacent_does_not_flank(ally):
    board = [list(".....") for _ in range(5)]
    board[1][1], board[2][2] = "A", "g"
    board[ally[1]][ally[0]] = "B"
    st = battle("\n".join("".join(r) for r in board), active="A")
    assert not flanking(st, st.creature("A"), st.creature("g"))
    assert _mods(st) == ()


def test_flk_01_ally_that_already_acted_still_flanks_but_stunned_does_not():
    st = battle(FLANK, active="A")
    st.creature("B").activated = True
    assert flanking(st, st.creature("A"), st.creature("g"))
    st = battle(FLANK, active="A", conditions={"B": {"stunned"}})
    assert not flanking(st, st.creature("A"), st.creature("g"))
    st = battle(FLANK, active="A", conditions={"B": {"helpless"}})
    assert not flanking(st, st.creature("A"), st.creature("g"))


def test_flk_01_enemy_on_the_far_side_does_not_flank():
    st = battle(FLANK.replace("B", "h"), active="A")
    assert not flanking(st, st.creature("A"), st.creature("g"))


def test_flk_02_dazed_creature_cannot_flank():
    st = battle(FLANK, active="A", conditions={"B": {"dazed"}})
    assert not flanking(st, st.creature("A"), st.creature("g"))
    st = battle(FLANK, active="A", conditions={"A": {"dazed"}})
    assert not flanking(st, st.creature("A"), st.creature("g"))
    assert _mods(st) == ()


# -- COV -----------------------------------------------------------------------------------

def test_cov_01_cover_is_minus_two_and_never_adds_up():
    # A wall and an enemy creature both between: still one -2.
    both = "A....\n.....\n..#..\n...c.\n....b"
    for one in (both.replace("c", "."), both.replace("#", ".")):   # each alone gives cover
        assert _mods(battle(one, {"A": ARCHER}, active="A"), t="b", attack=1) == (("cover", -2),)
    st = battle(both, {"A": ARCHER}, active="A", dice=(11,))
    mods = _mods(st, t="b", attack=1)
    assert mods == (("cover", -2),)
    st, out = run(st, Attack(1, ("b",)))
    r = _roll(out)
    assert (r.total, r.hit) == (15, True)       # 11 + 6 - 2


def test_cov_02_wall_between_gives_cover():
    st = battle("A....\n.....\n..#..\n.....\n....b", {"A": ARCHER}, active="A")
    assert _mods(st, t="b", attack=1) == (("cover", -2),)


def test_cov_02_line_touching_wall_edge_stays_clear():
    # The wall sits just above the row: lines from A's top-right corner run along its edge.
    st = battle("..#..\nA...b", {"A": ARCHER}, active="A")
    assert _mods(st, t="b", attack=1) == ()


def test_cov_02_attacker_picks_best_corner():
    # From A's bottom-right corner every line to b is clear; from the others not.
    st = battle("A#...\n.....\n....b", {"A": ARCHER}, active="A")
    assert _mods(st, t="b", attack=1) == ()
    wall = st.geo.is_wall
    assert not st.geo.line_clear((1, 0), (5, 3), wall)          # the top-right corner is blocked
    assert all(st.geo.line_clear((0, 1), q, wall) for q in ((4, 2), (5, 2), (4, 3), (5, 3)))


def test_cov_03_melee_against_adjacent_target_never_has_cover():
    st = battle("#b\nA#", active="A", dice=(7,))
    st, out = run(st, Attack(0, ("b",)))
    assert _roll(out).modifiers == () and _roll(out).hit


def test_cov_04_enemy_between_gives_cover_ally_does_not():
    st = battle("A.c.b", {"A": ARCHER}, active="A")
    assert _mods(st, t="b", attack=1) == (("cover", -2),)
    st = battle("A.C.b", {"A": ARCHER}, active="A")
    assert _mods(st, t="b", attack=1) == ()


def test_cov_04_creature_gives_no_cover_against_melee():
    st = battle("cAb", active="A")
    assert _mods(st, t="b") == ()


# -- MOD table (docs/rules.md) -------------------------------------------------------------------

def test_mod_table_charge_plus_one_and_combat_advantage_plus_two():
    st = battle("A.....\n......\n...g..\n....B.", active="A", dice=(4,))
    st, out = run(st, Charge("g", ((1, 1), (2, 1))))
    r = _roll(out)
    assert dict(r.modifiers) == {"combat advantage": 2, "charge": 1}
    assert (r.total, r.hit) == (4 + 8 + 3, True)


def test_mod_table_ranged_against_helpless_gets_plus_four_and_cover_minus_two():
    st = battle("A.c.b", {"A": ARCHER}, active="A", conditions={"b": {"helpless"}}, dice=(3,))
    assert dict(_mods(st, t="b", attack=1)) == {"combat advantage": 2, "cover": -2,
                                                "target helpless": 4}
    st, out = run(st, Attack(1, ("b",)))
    r = _roll(out)
    assert (r.total, r.hit, r.critical) == (3 + 6 + 4, False, False)


def test_mod_table_melee_against_helpless_is_automatic_critical():
    st = battle("Ab.c", active="A", conditions={"b": {"helpless"}}, dice=(1,))
    p = preview(st, st.creature("A"), st.creature("b"), st.creature("A").card.attacks[0])
    assert p.hit_chance == 1.0 and p.expected_damage == 20
    st, out = run(st, Attack(0, ("b",)))
    r = _roll(out)
    assert (r.natural, r.hit, r.critical) == (1, True, True)
    assert of(out, ev.DamageDealt)[0].amount == 20


def test_mod_table_no_other_rows():
    st = battle("A.....b", {"A": ARCHER}, active="A")
    assert _mods(st, t="b", attack=1) == ()
    p = preview(st, st.creature("A"), st.creature("b"), ARCHER.attacks[1])
    assert p.target_number == 15 and p.hit_chance == pytest.approx(12 / 20)


def test_HP_1_preview_expected_loss_caps_each_hit_at_the_hp_left():
    """The preview's expected_loss is hit chance × damage with each hit capped at the HP left."""
    ogre = card("Ogre", attacks=(melee("Club", bonus=9, damage=10),))
    kobold = card("Kobold", ac=17, hp=30)
    st = battle("Ak", {"A": ogre, "k": kobold}, active="A")
    st.creature("k").hp = 10
    p = preview(st, st.creature("A"), st.creature("k"), ogre.attacks[0])
    assert p.hit_chance == 0.65  # 8+ on the d20
    assert p.expected_damage == pytest.approx((12 * 10 + 20) / 20)  # the dice: a critical deals 20
    assert p.expected_loss == pytest.approx(13 * 10 / 20)  # but it loses at most its 10 HP
    assert p.kill_chance == 0.65
    st.creature("k").hp = 30
    p = preview(st, st.creature("A"), st.creature("k"), ogre.attacks[0])
    assert p.expected_loss == pytest.approx(p.expected_damage)  # no hit destroys it: nothing capped
