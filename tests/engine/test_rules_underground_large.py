"""The underground module with Large and Huge creatures: falls, slides, slips and drifts
(UG-FALL, UG-SLIDE, UG-SLIP, UG-DARK; docs/modules/underground.md, "Large and Huge creatures").

A big creature stands with its top-left square (its anchor) on the first occurrence of its letter;
the boards repeat the letter over the rest of its footprint for the reader.
"""
from __future__ import annotations

from tactica.engine import Attack, ForceMove, Move, legal_actions, move_refusal
from tactica.engine import events as ev
from tactica.engine.modules.underground import floor_depth, landing_rules
from tactica.engine.sandbox import card

from ._util import of, run, with_terrain
from .test_rules_underground import _shover, cave, kind

OGRE = card("Ogre", size=2, speed=5, hp=80)
SOFT_PIT = kind("Moss Pit", "m", depth=20, landing="soft", deploy=False)
ROUGH_PIT = kind("Boulder Pit", "r", depth=20, landing="rough", deploy=False)


def dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


# -- UG-FALL --------------------------------------------------------------------------

def test_ug_fall_a_large_creature_keeps_its_footing_while_part_of_it_stands_on_the_floor():
    st = cave("......\n.Abb88\n..bb88\n......", {"A": _shover(2), "b": OGRE}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    half, out = run(st, ForceMove("b", ((3, 1),)))  # half of it over the chasm: it straddles the edge
    assert not of(out, ev.CreatureFellDown) and half.creature("b").pos == (3, 1)
    assert floor_depth(half, (3, 1), 2) == 0 and floor_depth(half, (4, 1), 2) == 20


def test_ug_fall_a_large_creature_pushed_wholly_over_the_edge_falls_5_per_10_feet():
    st = cave("......\n.Abb88\n..bb88\n......", {"A": _shover(2), "b": OGRE}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, ForceMove("b", ((3, 1), (4, 1))))
    assert of(out, ev.CreatureFellDown) == [ev.CreatureFellDown("b", (3, 1), (4, 1), 20, "hard", 10)]
    assert st.creature("b").hp == 80 - 10 - 10


def test_ug_fall_a_large_creature_lands_on_the_harshest_square_under_it():
    st = cave("......\n.Abb..\n..bb..\n......", {"A": _shover(2), "b": OGRE}, active="A", dice=(15,))
    st = with_terrain(st, {(4, 1): SOFT_PIT, (5, 1): ROUGH_PIT, (4, 2): SOFT_PIT, (5, 2): SOFT_PIT})
    assert landing_rules(st, (4, 1), 2).landing == "rough"
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, ForceMove("b", ((3, 1), (4, 1))))
    assert of(out, ev.CreatureFellDown)[0].damage == 20  # 20 feet: 10, doubled on the boulders


def test_ug_fall_a_large_creature_steps_over_a_narrow_crack_but_not_down_a_wide_chasm():
    narrow = cave("AA8...\nAA8...\n......", {"A": OGRE})
    assert (1, 0) in dests(narrow) and (2, 0) in dests(narrow)  # one column of it over the crack
    wide = cave("AA88..\nAA88..\n......", {"A": OGRE})
    assert (1, 0) in dests(wide) and (2, 0) not in dests(wide)  # wholly over the chasm: a drop
    assert move_refusal(wide, (2, 0))[0] == "drop"


# -- UG-SLIDE -------------------------------------------------------------------------

def test_ug_slide_a_large_creature_slides_until_no_square_of_it_is_on_the_slope():
    st = cave("AA999..\nAA999..\n.......", {"A": OGRE})
    st, out = run(st, Move(((1, 0),)))
    assert of(out, ev.CreatureSlid) == [ev.CreatureSlid("A", (1, 0), (5, 0), 60, 25)]
    assert st.creature("A").pos == (5, 0) and st.creature("A").hp == 80 - 25


# -- UG-SLIP --------------------------------------------------------------------------

def test_ug_slip_a_large_creature_stopping_fast_with_a_square_on_ice_slips():
    st = cave("AA..*..\nAA..*..\n.......", {"A": OGRE}, dice=(4,))
    st, out = run(st, Move(((1, 0), (2, 0), (3, 0))))  # 3 squares of 5: more than half its speed
    assert of(out, ev.CreatureSlipped) == [ev.CreatureSlipped("A", (3, 0), "stop")]
    assert "prone" in st.creature("A").conditions
    careful = cave("AA.*...\nAA.*...\n.......", {"A": OGRE})
    _, out = run(careful, Move(((1, 0), (2, 0))))  # 2 of 5: careful, no check
    assert not of(out, ev.CaveCheck)


# -- UG-DARK --------------------------------------------------------------------------

DARK_FIELD = "00000000\n00000000\nAA000000\nAA000000\n00000000\n00000000\n00000000"


def test_ug_dark_a_large_creature_ending_wholly_in_the_dark_away_from_walls_drifts():
    st = cave(DARK_FIELD, {"A": OGRE}, dice=(10, 12))
    st, out = run(st, Move(((1, 2), (2, 2))))
    assert [(c.what, c.passed) for c in of(out, ev.CaveCheck)] == [("bump in the dark", True)]
    # d12 12, less 2: 10, a quarter turn right: the last step (east) turned south
    assert of(out, ev.CreatureDrifted) == [ev.CreatureDrifted("A", (2, 2), (1, 3), 12, 2, 90)]
    assert st.creature("A").pos == (1, 3)


def test_ug_dark_a_large_creature_partly_in_the_light_does_not_drift():
    st = cave(DARK_FIELD.replace("AA00", "AA.0"), {"A": OGRE}, dice=(10,))
    st, out = run(st, Move(((1, 2),)))  # its left column stands in the light
    assert not of(out, ev.CreatureDrifted)


# -- UG-LOW: a card's own height -------------------------------------------------------

def test_ug_low_a_card_height_replaces_the_height_of_its_size():
    from tactica.engine.modules.underground import height
    from tactica.engine.state import Creature
    tall = card("Tall Man", height=9)
    assert height(Creature("x", tall, 0, "x", pos=(0, 0))) == 9
    assert height(Creature("x", card("Man"), 0, "x", pos=(0, 0))) == 6
    # a 6-foot ceiling: a Medium creature (6 ft) walks upright; a 9-foot one stoops (6 >= 2/3 of 9)
    ceiling6 = kind("Gallery", "g", ceiling=6)
    plain = with_terrain(cave("A......\n#######"), {(x, 0): ceiling6 for x in range(1, 7)})
    assert (6, 0) in dests(plain)
    stooped = with_terrain(cave("A......\n#######", {"A": tall}), {(x, 0): ceiling6 for x in range(1, 7)})
    assert (4, 0) in dests(stooped) and (5, 0) not in dests(stooped)  # 2, 1, 2, 1: four squares of 6


# -- UG-SLIDE: a slope's own downhill way ----------------------------------------------

def test_ug_slide_a_slope_with_a_downhill_way_slides_that_way_whichever_way_it_was_entered():
    south = kind("Scree Chute", "/", slope=20, downhill="s", deploy=False)
    st = with_terrain(cave("A....\n.....\n.....\n....."), {(1, 0): south, (1, 1): south})
    st, out = run(st, Move(((1, 0),)))  # stepping east onto it: it carries the creature south
    assert of(out, ev.CreatureSlid) == [ev.CreatureSlid("A", (1, 0), (1, 2), 20, 0)]
    assert st.creature("A").pos == (1, 2)
    st = with_terrain(cave("A....\n.....\n.....\n....."), {(1, 0): kind("Scree", "/", slope=20, deploy=False)})
    st, out = run(st, Move(((1, 0),)))  # no downhill way: on the way it was going
    assert of(out, ev.CreatureSlid)[0].end == (2, 0)
