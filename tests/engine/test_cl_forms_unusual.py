"""CL-16 unusual creatures: objects and immobile creatures, creatures with no attack, Trophy (extra VP
when destroyed), Zone Deploy (placed in a VP zone at setup) and Recruits (warband building) --
docs/rules.md ch. 14.

Default sandbox creatures: AC 15, DEF 13, 50 HP, a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from tactica.engine import (
    Activate,
    Attack,
    ChooseStartArea,
    ConditionEffect,
    ForcedMoveEffect,
    ForceKind,
    Phase,
    Place,
    ScriptedDice,
    WarbandDef,
    check_warband,
    legal_actions,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.abilities import Immobile, ObjectAbility, Recruits, Trophy, ZoneDeploy
from tactica.engine.sandbox import battle, card, melee

from ._util import of, open_map, run, started, warband

IDOL = card("Idol", speed=0, attacks=(), abilities=(ObjectAbility(),), cost=15)
SHOVE = card("Shover", attacks=(melee("Shove", effects=(ForcedMoveEffect(ForceKind.PUSH, 2),
                                                       ConditionEffect("dazed"))),))


def test_cl_16_object_is_never_activated_is_immune_to_conditions_and_never_pushed():
    st = started([card("A"), IDOL], [card("B")], dice=(20, 1, 20, 1))
    assert st.phase is Phase.ACTIVATE
    assert {a.uid for a in legal_actions(st) if isinstance(a, Activate)} == {"p1c1"}
    idol = next(c for c in st.creatures if c.card.name == "Idol")
    assert idol.activated and idol.card.basic_attack is None
    st = battle("Ai..", {"A": SHOVE, "i": IDOL}, active="A", dice=(15,))
    after, out = run(st, Attack(0, ("i",)))
    assert after.creature("i").pos == (1, 0) and after.creature("i").hp == 40
    assert of(out, ev.ConditionPrevented) == [ev.ConditionPrevented("i", "dazed")]
    assert not of(out, ev.CreatureForced) and after.phase is Phase.ACTING


def test_cl_16_immobile_creature_acts_but_never_moves():
    tower = card("Tower", speed=0, abilities=(Immobile(),))
    st = battle("W.b", {"W": tower}, active="W")
    assert not any(type(a).__name__ in ("Move", "Shift", "Charge") for a in legal_actions(st))
    st = battle("Ab..", {"A": SHOVE, "b": tower}, active="A", dice=(15,))
    after, _ = run(st, Attack(0, ("b",)))
    assert after.creature("b").pos == (1, 0) and after.creature("b").conditions == {"dazed"}


def test_cl_16_trophy_scores_its_cost_and_more():
    prize = card("Golden Beetle", cost=12, abilities=(Trophy(10),))
    st = battle("Ab", {"b": prize}, active="A", dice=(15,), hp={"b": 10})
    _, out = run(st, Attack(0, ("b",)))
    assert [(v.player, v.amount) for v in of(out, ev.VictoryPointsScored)] == [(0, 22)]


def test_cl_16_zone_deploy_may_be_placed_in_the_zone_on_its_own_side():
    guard = card("Warden of the Gate", abilities=(ZoneDeploy(),))
    m = open_map(width=6, height=2, vp={"A": {(4, 0), (4, 1)}, "B": {(1, 0), (1, 1)}})
    st, _ = new_game((warband(guard, card("Plain")), warband(card())), (m,), dice=ScriptedDice((20, 1)))
    st, _ = run(st, ChooseStartArea("B"))                                 # player 1 deploys in A (left)
    squares = {a.square for a in legal_actions(st) if isinstance(a, Place)}
    assert squares == {(0, 0), (0, 1), (1, 0), (1, 1)}                   # its area and zone B beside it
    st, _ = run(st, Place("p1c1", (1, 1)))
    assert {a.square for a in legal_actions(st) if isinstance(a, Place)} == {(0, 0), (0, 1)}


def test_cl_16_recruits_lets_creatures_of_a_keyword_join_any_faction():
    boss = card("Goblin Chief", factions=("Borderlands",), abilities=(Recruits("Goblin"),))
    gob = card("Goblin Runner", factions=("Underdark",), keywords=("Goblin",))
    orc = card("Orc", factions=("Underdark",), keywords=("Orc",))
    assert check_warband(WarbandDef("W", "Borderlands", (boss, gob))) == []
    problems = check_warband(WarbandDef("W", "Borderlands", (boss, gob, orc)))
    assert [(p.code, p.index) for p in problems] == [("faction-missing", 2)]
    assert [p.code for p in check_warband(WarbandDef("W", "Borderlands", (gob,)))] == ["faction-missing"]
