"""The underground rule module: UG-LOW … UG-SLIP on small boards with fixed dice (docs/modules/underground.md).

Boards are sandbox boards whose digits are cave squares: ``CAVE`` kinds by digit, each a terrain
type a map would define with the underground fields (ceiling, gap, rubble, depth, slope, landing,
dark, slippery).
"""
from __future__ import annotations

from tactica.engine import (
    Attack,
    CustomTerrain,
    Dig,
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    Move,
    Ruleset,
    Terrain,
    TerrainRules,
    actions_of_kind,
    kinds_now,
    legal_actions,
    move_refusal,
)
from tactica.engine import events as ev
from tactica.engine.abilities import Crampons, Darkvision, Pick
from tactica.engine.modules import Moment, book_of
from tactica.engine.modules.underground import (
    Underground,
    body,
    fall_damage,
    fatigue,
    height,
    low_level,
    slide_damage,
)
from tactica.engine.sandbox import battle, card, melee, ranged

from ._util import of, refused, run, with_terrain

UG = Ruleset(modules=("underground",))


def kind(name: str, symbol: str, **features) -> CustomTerrain:
    """A map-defined terrain kind with cave features (as a map's terrain_types entry gives)."""
    return CustomTerrain(name, TerrainRules(symbol, **features))


STOOP = kind("Low Passage", "=", ceiling=5)             # 5 ft: a 6-ft creature stoops (>= 2/3)
KNEEL = kind("Crawlway", "-", ceiling=3)                 # 3 ft: below 2/3, above 1/4 of 6 ft
CRAWL = kind("Rat Run", "~", ceiling=1)                  # 1 ft: 1/4 or less of 6 ft
GAP = kind("Crack", "!", gap_width=18, gap_height=9)     # an elf passes, a human does not
RUBBLE = kind("Rubble", "R", rubble="loose", blocks_movement=True, blocks_sight=True, blocks_effect=True,
              can_stop=False, deploy=False)
PARTIAL = kind("Scree", "P", rubble="partial", blocks_movement=True, blocks_sight=True, blocks_effect=True,
               can_stop=False, deploy=False)
ROCK = kind("Rock Plug", "K", rubble="solid", blocks_movement=True, blocks_sight=True, blocks_effect=True,
            can_stop=False, deploy=False)
CHASM = kind("Chasm", "v", depth=20, deploy=False)
DEEP_ROUGH = kind("Boulder Pit", "u", depth=30, landing="rough", deploy=False)
SLOPE = kind("Scree Slope", "/", slope=60, deploy=False)
DARK = kind("Dark Gallery", ":", dark=True)
ICE = kind("Ice", "_", slippery=True)

CAVE = {"1": STOOP, "2": KNEEL, "3": CRAWL, "4": GAP, "5": RUBBLE, "6": PARTIAL, "7": ROCK, "8": CHASM,
        "9": SLOPE, "0": DARK, "*": ICE, "&": DEEP_ROUGH}


def cave(board: str, cards=None, **kw):
    """A sandbox battle under the underground module whose ``CAVE`` symbols are cave squares."""
    rows = board.strip("\n").splitlines()
    spots = {(x, y): CAVE[ch] for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in CAVE}
    plain = "\n".join("".join("." if ch in CAVE else ch for ch in row) for row in rows)
    kw.setdefault("rules", UG)
    kw.setdefault("active", "A")
    return with_terrain(battle(plain, cards, **kw), spots)


def dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def mods(out):
    return [dict(r.modifiers) for r in of(out, ev.AttackRolled)]


# -- UG-LOW ------------------------------------------------------------------------

def test_ug_low_heights_and_levels_convert_the_seed_fractions():
    assert [height(c) for c in (_c(keywords=("Tiny",)), _c(keywords=("Small",)), _c(), _c(size=2), _c(size=3))] \
        == [2, 4, 6, 12, 24]
    assert [low_level(c, 6) for c in (0, 6, 5, 4, 3, 2, 1)] == [0, 0, 1, 1, 2, 2, 3]


def _c(**kw):
    from tactica.engine.state import Creature
    return Creature("x", card("X", **kw), 0, "x", pos=(0, 0))


def test_ug_low_stooping_costs_one_and_a_half_a_square():
    st = cave("A111111\n#######")
    # 2, 1, 2, 1 … across the move: 6 squares of speed take a stooping creature 4 squares
    assert (4, 0) in dests(st) and (5, 0) not in dests(st)
    plain = battle("A......\n.......", active="A")
    assert (6, 0) in dests(plain)


def test_ug_low_hands_and_knees_costs_two_and_fights_at_minus_5_and_is_hit_at_plus_2():
    st = cave("A222222\n#######")
    assert (3, 0) in dests(st) and (4, 0) not in dests(st)
    st = cave("Ab\n..", active="A", dice=(10,))
    st = with_terrain(st, {(0, 0): KNEEL})
    _, out = run(st, Attack(0, ("b",)))
    assert mods(out)[0]["on hands and knees (UG-LOW)"] == -5
    assert "target on hands and knees (UG-LOW)" not in mods(out)[0]  # b stands under clear air
    st = cave("Ab\n..", active="A", dice=(10,))
    st = with_terrain(st, {(1, 0): KNEEL})
    _, out = run(st, Attack(0, ("b",)))
    assert mods(out)[0] == {"target on hands and knees (UG-LOW)": 2}


def test_ug_low_crawling_costs_four_and_fights_at_minus_8():
    st = cave("A333333\n#######")
    assert (1, 0) in dests(st) and (2, 0) not in dests(st)
    st = with_terrain(cave("Ab\n..", active="A", dice=(10,)), {(0, 0): CRAWL})
    _, out = run(st, Attack(0, ("b",)))
    assert mods(out)[0]["crawling (UG-LOW)"] == -8


def test_ug_low_a_small_creature_walks_upright_under_a_low_ceiling():
    st = cave("A111111\n.......", {"A": card("Gnome", keywords=("Small",))})
    assert (6, 0) in dests(st)


def test_ug_low_nothing_without_the_module():
    st = cave("A333333\n.......", rules=Ruleset())
    assert (6, 0) in dests(st)


# -- UG-SQUEEZE --------------------------------------------------------------------

def test_ug_squeeze_a_gap_too_narrow_for_the_body_cannot_be_entered():
    human = card("Human", keywords=("Human",), ac=15)
    elf = card("Elf", keywords=("Elf",), ac=15)
    plated_elf = card("Elf Knight", keywords=("Elf",), ac=20)
    assert body(_c(keywords=("Human",))) == (24, 12) and body(_c(keywords=("Halfling",))) == (12, 30)
    assert (2, 0) not in dests(cave("A4.\n###", {"A": human}))
    assert move_refusal(cave("A4.\n###", {"A": human}), (1, 0))[0] == "too-narrow"
    assert "UG-SQUEEZE" in move_refusal(cave("A4.\n###", {"A": human}), (1, 0))[1]
    assert (2, 0) in dests(cave("A4.\n###", {"A": elf}))
    assert (2, 0) not in dests(cave("A4.\n###", {"A": plated_elf}))  # plate adds 8 inches


def _on_map_of(st, other):
    """``st`` on ``other``'s very map object (its memo of priced steps shared, ``MapDef.derived``)."""
    st = st.copy()
    st.map, st.geo, st.maps = other.map, other.geo, (other.map,)
    return st


def test_ug_squeeze_steps_priced_for_one_body_are_not_reused_for_another_on_the_same_map():
    human = card("Human", keywords=("Human",), ac=15)
    elf = card("Elf", keywords=("Elf",), ac=15)
    st_human = cave("A4..\n####", {"A": human})
    st_elf = _on_map_of(cave("A4..\n####", {"A": elf}), st_human)
    assert st_elf.battle_map is st_human.battle_map
    # the human's search prices the crack barred; the elf's, the same steps on the same map, passes it
    assert (2, 0) not in dests(st_human) and (1, 0) not in dests(st_human)
    assert {(1, 0), (2, 0), (3, 0)} <= dests(st_elf)
    assert not dests(st_human) & {(1, 0), (2, 0), (3, 0)}


def test_ug_slide_the_first_step_off_a_slope_is_priced_apart_from_a_later_one_on_the_same_map():
    # standing on a slope, the first step off it is free to take; a step out of a slope square
    # once moving is not (UG-SLIDE: the slide takes over), even after the first was priced
    on_slope = with_terrain(cave("A9..\n....", active="A"), {(0, 0): SLOPE})
    assert (1, 0) in dests(on_slope) and (2, 0) in dests(on_slope)  # its first step leaves the slope
    # from beside it, on the same map: a way through the slope square (0, 0) stops there
    beside = _on_map_of(cave(".A..\n....", active="A"), on_slope)
    assert beside.battle_map is on_slope.battle_map
    ways = [a.path for a in legal_actions(beside) if isinstance(a, Move)]
    assert ways and not any((0, 0) in path[:-1] for path in ways)  # never on through it
    assert (1, 0) in dests(on_slope) and (2, 0) in dests(on_slope)


def test_ug_dig_a_dug_map_is_a_new_map_and_its_steps_are_priced_afresh():
    st = cave("A5.\n###", dice=(2,), active="A")
    st.notes = frozenset({("dug", "1,0", 3)})  # 3 of its 5 feet dug already: 2 more clear it
    assert (2, 0) not in dests(st)  # priced (and kept with this map) before the dig
    st2, _ = run(st, Dig((1, 0)))
    assert st2.battle_map is not st.battle_map
    assert (2, 0) in dests(_on_map_of(cave("A5.\n###", active="A"), st2))  # a new activation on the dug map
    assert st.battle_map.rules_at((1, 0)).blocks_movement and not st2.battle_map.rules_at((1, 0)).blocks_movement


# -- UG-RUBBLE ------------------------------------------------------------------------

def test_ug_rubble_blocks_and_a_dig_takes_the_activation_and_clears_1d4_feet():
    st = cave("A5.\n###", dice=(3,), active="A")
    assert (2, 0) not in dests(st)
    assert move_refusal(st, (1, 0))[0] == "rubble" and "UG-RUBBLE" in move_refusal(st, (1, 0))[1]
    assert Dig((1, 0)) in legal_actions(st) and Dig in kinds_now(st)
    assert actions_of_kind(st, Dig) == [Dig((1, 0))]
    st2, out = run(st, Dig((1, 0)))
    assert of(out, ev.RubbleDug) == [ev.RubbleDug("A", (1, 0), 3, 3, False, (3,))]
    assert st2.active_uid is None or st2.active_uid != "A" or (st2.move_used and st2.attack_used)
    assert ("dug", "1,0", 3) in st2.notes
    again = st.copy()
    again.notes = frozenset({("dug", "1,0", 3)})
    again.dice = type(again.dice)((2,))
    st3, out = run(again, Dig((1, 0)))
    assert of(out, ev.RubbleDug) == [ev.RubbleDug("A", (1, 0), 2, 5, True, (2,))]
    assert st3.battle_map.terrain_at((1, 0)) is Terrain.CLEAR and not [n for n in st3.notes if n[0] == "dug"]
    assert (2, 0) in dests(cave("A..\n###").copy()) and st3.battle_map.rules_at((1, 0)).can_stop


def test_ug_rubble_partly_blocked_digs_2d4_and_a_dig_needs_both_actions():
    st = cave("A6.\n###", dice=(1, 2), active="A")
    _, out = run(st, Dig((1, 0)))
    assert of(out, ev.RubbleDug)[0].feet == 3
    moved, _ = run(cave("A.6\n###", active="A"), Move(((1, 0),)))
    assert Dig((2, 0)) not in legal_actions(moved)
    assert refused(moved, Dig((2, 0))) == "no-actions"


def test_ug_rubble_solid_rock_only_with_a_pick_a_foot_at_a_time():
    st = cave("A7.\n###", active="A")
    assert Dig((1, 0)) not in legal_actions(st)
    assert refused(st, Dig((1, 0))) == "needs-pick"
    miner = card("Miner", abilities=(Pick(),))
    st = cave("A7.\n###", {"A": miner}, active="A")
    _, out = run(st, Dig((1, 0)))
    assert of(out, ev.RubbleDug) == [ev.RubbleDug("A", (1, 0), 1, 1, False)]


def test_ug_rubble_dig_is_unknown_without_the_module_and_refused_far_away():
    assert refused(cave("A5.\n###", active="A", rules=Ruleset()), Dig((1, 0))) == "unknown-action"
    assert refused(cave("A.5\n###", active="A"), Dig((2, 0))) == "not-adjacent"
    assert refused(cave("A..\n###", active="A"), Dig((2, 0))) == "no-rubble"


# -- UG-FALL --------------------------------------------------------------------------

def _shover(distance=1):
    return card("Shover", attacks=(melee("Shove", bonus=10, damage=10,
                                         effects=(ForcedMoveEffect(ForceKind.PUSH, distance),)),))


def test_ug_fall_no_walking_down_a_ledge_climbing_up_costs_extra():
    st = cave("A8..\n....")
    assert (1, 0) not in dests(st) and move_refusal(st, (1, 0))[0] == "drop"
    # the refusal names what does take a creature over a ledge, as the page says (nm-ug: "a slip" did not)
    assert move_refusal(st, (1, 0))[1].endswith("no creature walks over a ledge; only a push or a pull takes "
                                                "one over, and it falls (UG-FALL).")
    assert (2, 0) in dests(st)  # around it
    # A stands in a chasm 20 feet down: climbing out costs 1 extra square per 10 feet
    st = cave("8A.....\n#######")
    st = with_terrain(st, {(1, 0): CHASM})
    assert (0, 0) in dests(st)  # the chasm floor, the same depth: 1
    assert (5, 0) in dests(st) and (6, 0) not in dests(st)  # 3 to climb out, then 1 a square


def test_ug_fall_a_push_over_the_edge_falls_5_per_10_feet():
    st = cave(".....\n.Ab8.\n.....", {"A": _shover()}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, ForceMove("b", ((3, 1),)))
    assert of(out, ev.CreatureFellDown) == [ev.CreatureFellDown("b", (2, 1), (3, 1), 20, "hard", 10)]
    assert st.creature("b").hp == 50 - 10 - 10


def test_ug_fall_rough_landing_doubles():
    st = cave(".....\n.Ab&.\n.....", {"A": _shover()}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, ForceMove("b", ((3, 1),)))
    assert of(out, ev.CreatureFellDown)[0].damage == 30  # 30 feet: 15, doubled


def test_ug_fall_catching_on_a_climbable_wall_beside_the_edge():
    st = cave("...#.\n.Ab8.\n.....", {"A": _shover()}, active="A", dice=(15, 15))
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, ForceMove("b", ((3, 1),)))
    assert [(c.what, c.face, c.passed) for c in of(out, ev.CaveCheck)] == [("catch on", 15, True)]
    assert of(out, ev.CreatureCaughtOn) == [ev.CreatureCaughtOn("b", (2, 1))]
    assert st.creature("b").pos == (2, 1) and not of(out, ev.CreatureFellDown)
    st = cave("...#.\n.Ab8.\n.....", {"A": _shover()}, active="A", dice=(15, 14))
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, ForceMove("b", ((3, 1),)))
    assert st.creature("b").pos == (3, 1) and of(out, ev.CreatureFellDown)


def test_ug_fall_landing_surfaces_convert_the_seed_table():
    st = cave("A.", dice=(12, 9, 12, 3))
    a = st.creature("A")
    hard = TerrainRules(".")
    assert fall_damage(st, a, 20, hard, []) == 10
    assert fall_damage(st, a, 20, TerrainRules(".", landing="rough"), []) == 20
    assert fall_damage(st, a, 30, TerrainRules(".", landing="soft"), []) == 5    # 15 halved, to 5s
    assert fall_damage(st, a, 40, TerrainRules(".", landing="padded"), []) == 0   # save 12
    assert fall_damage(st, a, 40, TerrainRules(".", landing="padded"), []) == 10  # 9 fails: half
    assert fall_damage(st, a, 250, TerrainRules(".", landing="water"), []) == 15  # 12: 5 a 100 ft, up
    assert fall_damage(st, a, 20, TerrainRules(".", landing="spiked", spikes=1), []) == 10 + 15  # 3 spikes


# -- UG-SLIDE -------------------------------------------------------------------------

def test_ug_slide_damage_converts_the_seed_rates():
    assert slide_damage(20, False) == 0
    assert slide_damage(60, False) == 5 * 4 + 5 * 1
    assert slide_damage(60, True) == 2 * 5
    assert slide_damage(80, True) == 20


def test_ug_slide_stepping_onto_a_slope_slides_to_its_foot():
    st = cave("A999..\n......", active="A")
    st, out = run(st, Move(((1, 0),)))
    assert of(out, ev.CreatureSlid) == [ev.CreatureSlid("A", (1, 0), (4, 0), 60, 25)]
    assert st.creature("A").pos == (4, 0) and st.creature("A").hp == 25
    # no walking on along a slope: it takes over
    assert (2, 0) not in {a.path[-1] for a in legal_actions(cave("A999..\n......", active="A"))
                          if isinstance(a, Move) and len(a.path) > 1 and a.path[0] == (1, 0)}


# -- UG-FATIGUE ---------------------------------------------------------------------

def _activation(st, strenuous: bool):
    st = st.copy()
    st.attack_used = strenuous
    out: list = []
    Underground().at(Moment.ACTIVATION_ENDED, st, out)
    return st, out


def test_ug_fatigue_six_strenuous_activations_then_a_check_failing_fatigues():
    st = cave("Ab\n..", active="A", dice=(9,))
    for _ in range(5):
        st, out = _activation(st, True)
        assert not of(out, ev.CaveCheck)
    st, out = _activation(st, True)
    assert [(c.rule, c.face, c.passed) for c in of(out, ev.CaveCheck)] == [("UG-FATIGUE", 9, False)]
    assert of(out, ev.FatigueChanged) == [ev.FatigueChanged("A", "fatigued")]
    assert fatigue(st, st.creature("A")) == 1
    st.dice = type(st.dice)((10,))
    st.move_used = st.attack_used = False
    _, out = run(st, Attack(0, ("b",)))
    assert mods(out)[0]["fatigued (UG-FATIGUE)"] == -2
    assert of(out, ev.DamageDealt)[0].amount == 5  # 10 - 5
    # fatigued: checked every strenuous activation at -2; failing again exhausts (-4)
    st.dice = type(st.dice)((11,))
    st, out = _activation(st, True)
    assert fatigue(st, st.creature("A")) == 2 and of(out, ev.FatigueChanged)[0].level == "exhausted"
    assert Underground().attack_modifiers(st, st.creature("A"), st.creature("b"), melee())[-1][1] == -4


def test_ug_fatigue_checks_come_faster_and_rest_restarts_the_count():
    st = cave("Ab\n..", active="A", dice=(10, 10))
    for _ in range(6):
        st, out = _activation(st, True)
    assert of(out, ev.CaveCheck)[0].passed
    for _ in range(4):
        st, out = _activation(st, True)
        assert not of(out, ev.CaveCheck)
    st, out = _activation(st, True)  # five after the first success
    assert len(of(out, ev.CaveCheck)) == 1
    st2 = cave("Ab\n..", active="A")
    for _ in range(4):
        st2, _ = _activation(st2, True)
    for _ in range(2):
        st2, _ = _activation(st2, False)  # 4 of activity, 2 of rest: no fatigue
    for _ in range(5):
        st2, out = _activation(st2, True)
        assert not of(out, ev.CaveCheck)


def test_ug_fatigue_twelve_rests_end_fatigue():
    st = cave("Ab\n..", active="A")
    st = st.copy()
    st.notes = frozenset({("fatigue", "A", 1)})
    for _ in range(11):
        st, out = _activation(st, False)
    assert fatigue(st, st.creature("A")) == 1
    st, out = _activation(st, False)
    assert fatigue(st, st.creature("A")) == 0 and of(out, ev.FatigueChanged)[0].level == "fresh"


# -- UG-DARK ---------------------------------------------------------------------------

def test_ug_dark_no_sight_into_darkness_beyond_adjacent_without_darkvision():
    archer = card("Archer", attacks=(melee(), ranged(range=6)))
    st = cave("A..0b\n.....", {"A": archer}, active="A")
    st = with_terrain(st, {(4, 0): DARK})
    assert not any(isinstance(a, Attack) and a.attack == 1 for a in legal_actions(st))
    seer = card("Seer", attacks=(melee(), ranged(range=6)), abilities=(Darkvision(),))
    st = with_terrain(cave("A...b\n.....", {"A": seer}, active="A"), {(4, 0): DARK})
    assert Attack(1, ("b",)) in legal_actions(st)
    st = with_terrain(cave("Ab\n..", active="A"), {(1, 0): DARK})
    assert Attack(0, ("b",)) in legal_actions(st)


def test_ug_dark_moving_beyond_a_third_of_speed_risks_a_bump_and_drifts_without_a_wall():
    st = cave(".......\n.......\nA000...\n.......\n.......", active="A", dice=(9, 10))
    st, out = run(st, Move(((1, 2), (2, 2), (3, 2))))
    checks = of(out, ev.CaveCheck)
    assert [(c.what, c.face, c.passed) for c in checks] == [("bump in the dark", 9, False)]
    assert of(out, ev.DamageDealt)[0].amount == 5
    # d12 10, less 2 for the round short: 8, 60 degrees right: the last step turned (45 on the grid)
    assert of(out, ev.CreatureDrifted) == [ev.CreatureDrifted("A", (3, 2), (3, 3), 10, 2, 60)]
    assert st.creature("A").pos == (3, 3)


def test_ug_dark_safe_speed_and_a_wall_beside_keep_the_way():
    st = cave("#######\nA000...\n.......", active="A", dice=())
    st, out = run(st, Move(((1, 1), (2, 1))))  # 2 squares of 6: within a third; a wall beside
    assert not of(out, ev.CaveCheck) and not of(out, ev.CreatureDrifted)
    seer = card("Seer", abilities=(Darkvision(),))
    st = cave(".......\nA000...\n.......", {"A": seer}, active="A")
    st, out = run(st, Move(((1, 1), (2, 1), (3, 1))))
    assert not of(out, ev.CaveCheck) and not of(out, ev.CreatureDrifted)


# -- UG-SLIP ----------------------------------------------------------------------------

def test_ug_slip_straight_careful_movement_needs_no_check():
    st = cave("A*****.\n.......", active="A")
    st, out = run(st, Move(((1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0))))
    assert not of(out, ev.CaveCheck) and st.creature("A").pos == (6, 0)


def test_ug_slip_turning_on_ice_fast_needs_a_check_failure_prone_and_the_turn_lost():
    st = cave("A***...\n...*...\n...*...", active="A", dice=(4,))
    st, out = run(st, Move(((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))))
    assert of(out, ev.CreatureSlipped) == [ev.CreatureSlipped("A", (3, 0), "turn")]
    assert st.creature("A").pos == (3, 0) and "prone" in st.creature("A").conditions
    assert st.active_uid != "A" or (st.move_used and st.attack_used)
    # half speed avoids the turning check
    st = cave("A*.\n.*.\n...", active="A")
    st, out = run(st, Move(((1, 0), (1, 1))))
    assert not of(out, ev.CaveCheck)


def test_ug_slip_melee_from_ice_checks_first_and_a_prone_creature_is_easier_to_hit():
    st = with_terrain(cave("Ab\n..", active="A", dice=(5,)), {(0, 0): ICE})
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.CreatureSlipped) == [ev.CreatureSlipped("A", (0, 0), "melee")]
    assert not of(out, ev.AttackRolled)
    st = with_terrain(cave("Ab\n..", active="b", dice=(10,), turn_player=1), {(0, 0): ICE})
    st = st.copy()
    st.creature("A").effects = st.creature("A").effects + (_prone(),)
    _, out = run(st, Attack(0, ("A",)))
    assert mods(out)[0]["target lying down (UG-SLIP)"] == 4
    st = with_terrain(cave("Ab\n..", active="A", dice=(12, 10)), {(0, 0): ICE})
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.CaveCheck)[0].passed and of(out, ev.AttackRolled)[0].natural == 10


def test_ug_slip_standing_up_takes_the_next_activation():
    st = cave("A.\n.b", active="A")
    st = st.copy()
    st.creature("A").effects = st.creature("A").effects + (_prone(),)
    st.notes = frozenset({("slipped", "A", 1)})
    out: list = []
    Underground().at(Moment.ACTIVATION_STARTED, st, out)
    assert of(out, ev.CreatureStoodUp) and "prone" not in st.creature("A").conditions
    assert st.move_used and st.attack_used


def test_ug_slip_crampons_remove_every_check():
    st = cave("A***...\n...*...\n...*...", {"A": card("Climber", abilities=(Crampons(),))}, active="A")
    st, out = run(st, Move(((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))))
    assert not of(out, ev.CaveCheck) and st.creature("A").pos == (3, 2)


def test_ug_slip_routes_keep_off_the_ice_when_a_dry_way_costs_the_same():
    """Among ways of equal cost and opportunity attacks the route search takes the one with fewer
    squares on ice and fewer turns on it (the module's ``square_risk``): a move or a charge that
    needs no UG-SLIP check when one exists."""
    from tactica.engine import Charge, routes
    from tactica.engine.modules.underground import ice_spot
    st = cave("..**...\nA......", active="A")
    way = routes(st, st.creature("A"), 6)[(4, 1)]
    assert way.cost == 4 and not any(sq in ((2, 0), (3, 0)) for sq in way.path)
    st = cave("..**...\nA....b.", active="A")
    charges = [a for a in legal_actions(st) if isinstance(a, Charge) and a.path[-1] == (4, 1)]
    assert charges and all(not {(2, 0), (3, 0)} & set(c.path) for c in charges)
    # the same ice either way: straight over it, not turning on it (a move of 5 of its 6 squares)
    st = cave("...\n...\n***\n***\n...\n.A.", active="A")
    me = st.creature("A")
    way = routes(st, me, 6)[(2, 0)]
    assert way.cost == 5 and ice_spot(st, me, me.square, way.path, "move") is None


def _prone():
    from tactica.engine import ActiveEffect, Duration
    return ActiveEffect("prone", Duration.BATTLE)


def test_ug_module_is_in_the_book():
    assert "underground" in book_of(cave("A.\n..")).names


def test_ug_fall_no_shift_over_a_ledge_nor_up_out_of_a_chasm():
    """A shift is one step of 1 into no difficult square (MOV-12): it cannot go down into a deeper
    square (no creature walks over a ledge, UG-FALL) nor climb out of one (the climb costs extra)."""
    from tactica.engine import Shift
    st = cave("A8..\n....")
    shifts = {a.square for a in actions_of_kind(st, Shift)}
    assert (1, 0) not in shifts and (0, 1) in shifts and (1, 1) in shifts
    assert refused(st, Shift((1, 0))) is not None
    st = with_terrain(cave("8A.....\n......."), {(1, 0): CHASM})  # A stands in a chasm 20 feet down
    shifts = {a.square for a in actions_of_kind(st, Shift)}
    assert shifts == {(0, 0)}  # the chasm floor beside it, the same depth; every way up is a climb


def test_ug_low_no_shift_under_a_ceiling_that_slows():
    from tactica.engine import Shift
    st = cave("A1..\n....")
    shifts = {a.square for a in actions_of_kind(st, Shift)}
    assert (1, 0) not in shifts and (1, 1) in shifts  # a stooping step costs more than 1 (UG-LOW)


def test_ug_slip_a_charge_over_ice_shows_its_check_even_when_a_champion_window_opens_on_the_way():
    """A charge over ice always rolls (UG-SLIP); the engine's ``move_checks`` says so before the charge
    even when an opportunity attack on the way opens a champion-power window (CHP-2) in the trial."""
    from tactica.engine import ChampionEffect, ChampionPower, ChampionTrigger, Charge, move_checks
    cheer = ChampionPower("Cheer", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=5, range=6)
    st = cave("A*...b\n.c....\nd.....", {"d": card("Captain", champion=2, champion_powers=(cheer,))},
              active="A")
    charge = next(a for a in legal_actions(st) if isinstance(a, Charge) and a.path[0] == (1, 0))
    assert ("UG-SLIP", "run on ice") in move_checks(st, charge)
