"""Every rules case in ../shared/cases/ (beside the repository) as a test (the case id is in each name).

Cases that need features the engine does not have yet are skipped with the
feature named, so the gap stays visible (issue 3).
"""
from __future__ import annotations

import pytest

from tactica.engine import (
    Activate,
    AreaAttack,
    Attack,
    Charge,
    Defense,
    EndActivation,
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    Move,
    Phase,
    Reach,
    Settle,
    Shift,
    legal_actions,
    template_squares,
)
from tactica.engine import events as ev
from tactica.engine.abilities import PowerfulCharge, Resist, SneakAttack
from tactica.engine.actions import UseChampionPower
from tactica.engine.combat import flanking, modifiers
from tactica.engine.geometry import squares_crossed
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import area, battle, card, close, melee, ranged

from ._util import activation_order, of, refused, run, started


def _charges(st):
    return [a for a in legal_actions(st) if isinstance(a, Charge)]


def _moves(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


# bloodied-rounding (HP-2, HP-3)
def test_case_bloodied_rounding():
    fighter = card("Fighter", hp=55)
    for dmg_hp, bloodied in ((25, False), (30, True)):
        st = battle("Ab.c", {"A": card("Hitter", attacks=(melee(damage=dmg_hp),)), "b": fighter},
                    active="A", dice=(15,))
        st, out = run(st, Attack(0, ("b",)))
        left = 55 - dmg_hp
        assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", dmg_hp, "", left, bloodied)]
        assert st.creature("b").bloodied is bloodied


# charge-after-move-for-sight (CHG-2, ACT-1, ACT-3)
def test_case_charge_after_move_for_sight():
    board = "..........\n.A..#.....\n....#.....\n....#..g..\n.........."
    st = battle(board, active="A", dice=(10,))
    assert _charges(st) == []
    st, _ = run(st, Move(((2, 2), (3, 3), (3, 4))))     # the move action: now g is in sight
    charges = _charges(st)
    assert {c.path[-1] for c in charges} == {(6, 3), (6, 4)}   # both 3 squares away
    assert all(len(c.path) >= 2 for c in charges)
    st, out = run(st, charges[0])
    assert of(out, ev.AttackRolled)[0].kind == "charge"
    assert st.active_uid is None                         # no movement after the charge


# charge-is-basic-attack (CHG-1)
def test_case_charge_is_basic_attack():
    brute = card("Brute", attacks=(melee("Club", bonus=5, damage=10),
                                   melee("Maul", bonus=15, damage=40, basic=False)))
    st = battle("A.....\n......\n....g.", {"A": brute}, active="A", dice=(10,))
    (first, *_) = _charges(st)
    st, out = run(st, first)
    r = of(out, ev.AttackRolled)[0]
    assert (r.attack, r.bonus, dict(r.modifiers)["charge"]) == ("Club", 5, 1)


def test_case_charge_is_basic_attack_powerful_charge_still_applies():
    brute = card("Brute", attacks=(melee("Club", bonus=5, damage=10),
                                   melee("Maul", bonus=15, damage=40, basic=False)),
                 abilities=(PowerfulCharge(10),))
    st = battle("A.....\n......\n....g.", {"A": brute}, active="A", dice=(12,))
    (first, *_) = _charges(st)
    st, out = run(st, first)
    r = of(out, ev.AttackRolled)[0]
    assert (r.attack, r.total, r.hit) == ("Club", 18, True)          # 12 + 5 + 1
    assert [(d.amount, d.adjustments) for d in of(out, ev.DamageDealt)] == [(20, (("powerful-charge", 10),))]


# charge-nearest-square (CHG-1, CHG-2, CHG-3)
def test_case_charge_nearest_square():
    st = battle("..........\n.A........\n..........\n..........\n......g...\n..........",
                active="A", dice=(12,))
    ends = {c.path[-1] for c in _charges(st)}
    assert ends == {(5, 3), (5, 4), (5, 5)}
    assert all(len(c.path) == 4 for c in _charges(st))
    for path in (((2, 2), (3, 3), (4, 3), (5, 3), (6, 3)),             # above g
                 ((2, 2), (3, 3), (4, 4), (5, 5), (6, 5)),             # below g
                 ((2, 1), (3, 1), (4, 2), (5, 3), (6, 3), (7, 4))):    # right of g
        assert refused(st, Charge("g", path)) == "not-nearest"
    st, out = run(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 5))))
    r = of(out, ev.AttackRolled)[0]
    assert r.modifiers == (("charge", 1),) and r.kind == "charge"
    assert st.active_uid is None


# charge-too-close (CHG-3)
def test_case_charge_too_close():
    st = battle(".....\n.A...\n...g.\n.....", active="A", dice=(12,))
    assert _charges(st) == []
    assert refused(st, Charge("g", ((2, 1),))) == "too-close"
    st, out = run(st, Move(((2, 1),)), Attack(0, ("g",)))   # move and attack normally
    assert of(out, ev.AttackRolled)[0].kind == "attack"


# confused-champion-initiative (CON-6, RND-1)
def test_case_confused_champion_initiative():
    st = battle("A.b", {"A": card("Champ", champion=3), "b": card("Captain", champion=1)},
                active="A", conditions={"A": {"confused"}}, dice=(10, 4, 9))
    st.creature("b").activated = True
    st, out = run(st, EndActivation())
    assert [(r.player, r.faces) for r in of(out, ev.DieRolled)] == [(0, (10,)), (1, (4, 9))]


# confused-table (CON-6)
def test_case_confused_table():
    # The case's three rolls at the start of the confused creature's turn (CON-6, docs/rules.md table).
    def start(face, more=()):
        st = battle("Abc.", turn_player=1, conditions={"b": {"confused"}}, dice=(face,) + more)
        return run(st, Activate("b"))

    st, out = start(4)                       # roll 4: its own player controls it
    assert of(out, ev.ConfusionRolled)[0].result == "own control" and st.decider == 1
    st, out = start(10)                      # roll 10: it takes no action
    assert of(out, ev.ConfusionRolled)[0].result == "no action"
    assert legal_actions(st) == [EndActivation()]
    st, out = start(18, more=(12,))          # roll 18: the opponent controls it for the rest of its turn
    assert of(out, ev.ConfusionRolled)[0].result == "opponent control" and st.decider == 0
    assert Attack(0, ("c",)) in legal_actions(st)


def test_case_confused_table_always_part():
    # What holds whatever the table says: no opportunity attacks, basic attack only.
    brute = card("Brute", attacks=(melee("Club"), melee("Maul", basic=False)))
    st = battle("Ab..\n....", {"A": brute}, active="A", conditions={"b": {"confused"}})
    st2, out = run(st, Move(((0, 1),)))
    assert not of(out, ev.OpportunityAttackProvoked)
    st = battle("Ab..\n....", {"A": brute}, active="A", conditions={"A": {"confused"}})
    assert refused(st, Attack(1, ("b",))) == "basic-only"
    assert {a.attack for a in legal_actions(st) if isinstance(a, Attack)} == {0}


# crit-doubles-bonus (ATK-5)
def test_case_crit_doubles_bonus():
    ray = card("Mage", attacks=(ranged("Ray", bonus=0, damage=15, damage_bonus=10, damage_type="cold",
                                       basic=True),))
    st = battle("A...b\n....c", {"A": ray, "b": card("Wall", ac=50, hp=100)}, active="A", dice=(20,))
    st, out = run(st, Attack(0, ("b",)))
    r = of(out, ev.AttackRolled)[0]
    assert r.hit and r.critical and r.total < r.target_number
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 50, "cold", 50, True)]


def test_case_crit_doubles_bonus_effect_not_doubled():
    from tactica.engine.model import ConditionEffect
    ray = card("Mage", attacks=(ranged("Ray", bonus=0, damage=15, damage_bonus=10, damage_type="cold",
                                       basic=True, effects=(ConditionEffect("slowed"),)),))
    st = battle("A...b\n....c", {"A": ray, "b": card("Wall", ac=50, hp=100)}, active="A", dice=(20,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 50, "cold", 50, True)]
    assert [(e.uid, e.condition) for e in of(out, ev.ConditionApplied)] == [("b", "slowed")]
    assert st.creature("b").conditions == {"slowed"} and len(st.creature("b").effects) == 1


# distance-around-walls (RNG-5, MOV-7)
def test_case_distance_around_walls():
    st = battle("..#...\n..#...\n.A#g..\n..#...\n......", active="A")
    assert st.geo.distance((1, 2), (3, 2)) == 6
    assert st.geo.distance((1, 3), (2, 4)) == 1          # diagonal across the wall's end


# first-turn-one-activation (RND-2, RND-3, RND-4)
def test_case_first_turn_one_activation():
    st = started([card("A")] * 4, [card("B")] * 3, dice=(20, 1, 9, 3, 8, 7))
    order, st = activation_order(st)
    assert [p for p, _ in order] == [0, 1, 1, 0, 0, 1, 0]
    assert st.round == 2


# flank-opposite (FLK-1, CA-1) and its variants
FLANK = ".....\n.A...\n..g..\n...B.\n....."


@pytest.mark.parametrize("variant, expected", [
    ("as drawn", True),
    ("B one column right", False),
    ("B dazed", False),
    ("B already activated", True),
])
def test_case_flank_opposite(variant, expected):
    board, conditions = FLANK, {}
    if variant == "B one column right":
        board = ".....\n.A...\n..g..\n....B\n....."
    if variant == "B dazed":
        conditions = {"B": {"dazed"}}
    st = battle(board, active="A", conditions=conditions, dice=(5,))
    if variant == "B already activated":
        st.creature("B").activated = True
    assert flanking(st, st.creature("A"), st.creature("g")) is expected
    st, out = run(st, Attack(0, ("g",)))
    r = of(out, ev.AttackRolled)[0]
    assert r.modifiers == ((("combat advantage", 2),) if expected else ())
    assert r.hit is expected                              # 5 + 8 (+2) vs AC 15


# line-touching-corner (RNG-3)
def test_case_line_touching_corner_geometry():
    # A line through the shared corner (2, 2) of squares (1, 1) and (2, 2) ... and (1, 2), (2, 1).
    crossed = set(squares_crossed((0.0, 0.0), (4.0, 4.0)))
    assert crossed == {(0, 0), (1, 1), (2, 2), (3, 3)}
    assert (1, 2) not in crossed and (2, 1) not in crossed   # touched at a corner only
    along_edge = set(squares_crossed((0.0, 2.0), (4.0, 2.0)))
    assert along_edge == set()                              # runs along edges only


def test_case_line_touching_corner_attack():
    # The line from A's NW corner (0, 0) to the far corner (4, 4) of (3, 3) passes exactly
    # through the corners shared by (1, 1)/(2, 1)/(1, 2)/(2, 2): b and e are crossed, c and f touched.
    bolt = card("Caster", attacks=(close("Bolt", Reach.LINE, 4),))
    st = battle("A.....\n.bc...\n.fe...\n...d..", {"A": bolt}, active="A", dice=(12, 12, 12))
    assert template_squares(st, bolt.attacks[0], (3, 3), 0) == {(1, 1), (2, 2), (3, 3)}
    st, out = run(st, AreaAttack(0, (3, 3), ("b", "e", "d"), 0))
    assert [r.target for r in of(out, ev.AttackRolled)] == ["b", "e", "d"]


# move-then-attack-no-more-move (ACT-1, ACT-4)
def test_case_move_then_attack_no_more_move():
    st = battle("A.b..\n.....", active="A", dice=(12, 12))
    st1, out = run(st, Move(((1, 0),)), Attack(0, ("b",)))
    assert st1.active_uid is None and of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]
    st2 = battle("Ab...\n.....", active="A", dice=(12, 1))
    st2, _ = run(st2, Attack(0, ("b",)))
    assert _moves(st2)                                    # attacked first: may still move
    st2, out = run(st2, Move(((0, 1),)))
    assert st2.creature("A").pos == (0, 1)


# no-diagonal-past-wall-corner (MOV-7, TER-WALL)
def test_case_no_diagonal_past_wall_corner():
    st = battle("....\n.#..\n.A..\n....", active="A")
    assert refused(st, Move(((0, 1),))) == "wall-corner"
    st2, _ = run(st, Move(((0, 2), (0, 1))))
    assert st2.creature("A").pos == (0, 1)
    # Melee diagonally past the same corner is allowed, without cover.
    st3 = battle("....\nb#..\n.A..\n....", active="A", dice=(7,))
    me = st3.creature("A")
    assert modifiers(st3, me, st3.creature("b"), me.card.attacks[0]) == ()
    st3, out = run(st3, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit


# oa-not-from-dazed (OA-1, CON-1)
@pytest.mark.parametrize("condition", ["dazed", "stunned", "helpless", "confused"])
def test_case_oa_not_from_dazed(condition):
    st = battle("Ab..\n....", active="A", conditions={"b": {condition}})
    st, out = run(st, Move(((0, 1),)))
    assert not of(out, ev.OpportunityAttackProvoked) and not of(out, ev.AttackRolled)


# oa-once-per-turn (OA-1, OA-3, OA-4)
def test_case_oa_once_per_turn():
    st = battle(".......\n.Ab....\n.......", active="A", dice=(5,))
    st1, out = run(st, Move(((1, 2), (0, 2))))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    # The attack comes before A leaves its first square.
    assert isinstance(out[0], ev.OpportunityAttackProvoked)
    assert st1.creature("A").pos == (0, 2)
    st = battle(".......\n.Ab...c\n.......", active="A", dice=(20,), hp={"A": 20})
    st2, out = run(st, Move(((1, 2), (0, 2))))
    assert st2.creature("A").destroyed and not of(out, ev.CreatureMoved)


# oa-ranged-attack-provokes (OA-1, OA-4, RNG-2, RNG-3)
def test_case_oa_ranged_attack_provokes():
    archer = card("Archer", attacks=(melee("Dagger"), ranged("Bow", reach=Reach.SIGHT)))
    st = battle("Ab....\n.....c", {"A": archer}, active="A", dice=(3, 14))
    st, out = run(st, Attack(1, ("c",)))
    assert [(r.attacker, r.target, r.kind) for r in of(out, ev.AttackRolled)] == [
        ("b", "A", "opportunity"), ("A", "c", "attack")]


def test_case_oa_ranged_attack_provokes_close_burst_does_not():
    caster = card("Caster", attacks=(melee("Dagger"), close("Nova", size=1)))
    st = battle("Ab....\n.....c", {"A": caster}, active="A", dice=(14,))
    st, out = run(st, AreaAttack(1, (0, 0), ("b",)))
    assert not of(out, ev.OpportunityAttackProvoked)
    assert [(r.attacker, r.target, r.kind) for r in of(out, ev.AttackRolled)] == [("A", "b", "attack")]


# one-square-minimum (MOV-4, MOV-8)
def test_case_one_square_minimum():
    slow = card("Slow", speed=1)
    st = battle("A^..\n^^..\n....", {"A": slow}, active="A")
    assert _moves(st) == {(1, 0), (0, 1), (1, 1)}           # difficult costs 2, speed 1
    st2, _ = run(st, Move(((1, 1),)))                       # diagonal too
    assert st2.creature("A").pos == (1, 1)
    slowed = battle("A^..\n....", active="A", conditions={"A": {"slowed"}})
    slowed, _ = run(slowed, Move(((0, 1),)))
    assert slowed.creature("A").pos == (0, 1)
    walls = battle("A#..\n#...", {"A": slow}, active="A")
    assert refused(walls, Move(((1, 0),))) == "wall"
    assert refused(walls, Move(((1, 1),))) == "wall-corner"
    stuck = battle("A^..\n....", active="A", conditions={"A": {"immobilized"}})
    assert refused(stuck, Move(((0, 1),))) == "cannot-move"
    assert _moves(stuck) == set()


# pit-push-second-attack (TER-PIT, MOV-14)
def _pusher():
    return card("Pusher", attacks=(melee("Shove", bonus=9, damage=5, defense=Defense.DEF,
                                         effects=(ForcedMoveEffect(ForceKind.PUSH, 1),)),))


def test_case_pit_push_second_attack():
    # hit: the second roll (same +9, against DEF 13) destroys it; player 1 scores its cost
    st = battle(".....\n.AbO.\n.....", {"A": _pusher()}, active="A", dice=(10, 4))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ((3, 1),)))
    rolls = of(out, ev.AttackRolled)
    assert [(r.kind, r.bonus, r.defense, r.target_number, r.total, r.hit) for r in rolls] == [
        ("attack", 9, "DEF", 13, 19, True), ("pit", 9, "DEF", 13, 13, True)]
    assert of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("b", 0, "fall")] and st.vp == [20, 0]
    # miss: the target's owner places it in the nearest legal square
    st = battle(".....\n.AbO.\n.....", {"A": _pusher()}, active="A", dice=(10, 3))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ((3, 1),)))
    assert [r.hit for r in of(out, ev.AttackRolled)] == [True, False]
    assert st.phase is Phase.FORCED and st.decider == 1
    nearest = {a.square for a in legal_actions(st)}
    assert nearest == {(2, 0), (3, 0), (4, 0), (2, 1), (4, 1), (2, 2), (3, 2), (4, 2)}
    st, out = run(st, Settle("b", (4, 1)))
    assert st.creature("b").pos == (4, 1) and st.creature("b").alive and st.phase is Phase.ACTING


def test_case_pit_push_second_attack_large_target_defence_bonus():
    # a 2x2 target pushed one square east: one of its squares is over the pit, three are not (+3 DEF)
    st = battle("......\n.Ab.O.\n......\n......", {"A": _pusher(), "b": card("Ogre", size=2)},
                active="A", dice=(10, 6))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ((3, 1),)))
    pit = of(out, ev.AttackRolled)[-1]
    assert (pit.kind, pit.total, pit.target_number, pit.modifiers, pit.hit) == (
        "pit", 12, 13, (("squares outside the pit", -3),), False)     # 6 + 9 - 3 < 13


# radius-two-area (RNG-4)
def test_case_radius_two_area():
    rows = ["......."] * 9
    rows[1], rows[3], rows[4], rows[8] = ".b.....", "...c...", ".....d.", "...A..."
    st = battle("\n".join(rows), {"A": card("Mage", attacks=(area("Ball", range=10, radius=2),))},
                active="A", dice=(12, 12, 12))
    squares = template_squares(st, st.creature("A").card.attacks[0], (3, 3))
    assert squares == {(x, y) for x in range(1, 6) for y in range(1, 6)} and len(squares) == 25
    st, out = run(st, AreaAttack(0, (3, 3), ("b", "c", "d")))
    assert [r.target for r in of(out, ev.AttackRolled)] == ["b", "c", "d"]   # one roll each


# resist-all-totals-first (ABL-1)
def test_case_resist_all_totals_first():
    flame = card("Flame", attacks=(melee("Brand", damage=10, damage_bonus=10, damage_type="fire"),))
    st = battle("Ab", {"A": flame, "b": card("Stone", abilities=(Resist(20, "all"),))}, active="A",
                dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 0, "fire", 50, False, "attack", (("resist", -20),))]


# stacking-different-vs-same, ability half (ATK-8, ABL-2)
def test_case_stacking_different_vs_same_abilities():
    # Sneak Attack 10 and Powerful Charge 10 are different sources: +20.  The same ability twice: +10.
    flank = ".....\n.A...\n..g..\n...B.\n....."
    both = card("Raider", abilities=(SneakAttack(10), PowerfulCharge(10)))
    st = battle("A.....\n......\n....g.", {"A": both}, active="A", dice=(10,), conditions={"g": {"dazed"}})
    _, out = run(st, _charges(st)[0])
    assert of(out, ev.DamageDealt)[0].amount == 30
    twice = card("Twin", abilities=(SneakAttack(10), SneakAttack(10)))
    _, out = run(battle(flank, {"A": twice}, active="A", dice=(10,)), Attack(0, ("g",)))
    assert of(out, ev.DamageDealt)[0].amount == 20


# stacking-different-vs-same (ATK-8, ABL-2, CHP-3)
def test_case_stacking_different_vs_same():
    # Sneak Attack 10 and a +10 champion power add up (+20); the same power twice on one hit: +10 only.
    power = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                          amount=10)
    chief = card("Chief", champion=2, champion_powers=(power,))
    st = battle("CD.\n.b.\n.A.", {"C": chief, "D": chief, "A": card("Rogue", abilities=(SneakAttack(10),))},
                active="A", dice=(10,), conditions={"b": {"dazed"}})
    st, out = run(st, Attack(0, ("b",)), UseChampionPower("C", 0, "A", "b"))
    assert [d.amount for d in of(out, ev.DamageDealt)] == [20, 10]  # 10 + 10 sneak, then +10
    assert st.phase is Phase.ACTING  # D's copy of the same power is not offered again


# staggered-options (CON-2, CA-1)
def test_case_staggered_options():
    brute = card("Brute", attacks=(melee("Club"), melee("Maul", bonus=15, basic=False)))
    st = battle("Ab....\n......\n......\n.....c", {"A": brute}, active="A",
                conditions={"A": {"staggered"}}, dice=(10,))
    assert refused(st, Attack(1, ("b",))) == "basic-only"
    assert {a.attack for a in legal_actions(st) if isinstance(a, Attack)} == {0}
    assert _charges(st) == []
    ok, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].attack == "Club"
    # The attack action may be spent on a move instead.
    moved, _ = run(st.copy(), Shift((0, 1)))
    assert _moves(moved)
    # Attacks against a staggered creature have combat advantage.
    foe = battle("Ab", active="A", conditions={"b": {"staggered"}})
    me = foe.creature("A")
    assert modifiers(foe, me, foe.creature("b"), me.card.attacks[0]) == (("combat advantage", 2),)


def test_case_staggered_options_no_champion_power():
    # A staggered creature: no non-basic attack with uses left, and (as a champion) no champion power.
    power = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                          amount=10)
    chief = card("Chief", champion=2, champion_powers=(power,),
                 attacks=(melee("Club"), melee("Maul", bonus=15, basic=False, uses=1)))
    st = battle("Cb", {"C": chief}, active="C", dice=(10,), conditions={"C": {"staggered"}})
    assert refused(st, Attack(1, ("b",))) == "basic-only"
    st, out = run(st, Attack(0, ("b",)))
    assert st.phase is Phase.ACTING and not of(out, ev.ChampionPowerOffered)


# vp-zone-large-creature (SCN-ASSAULT, MOV-13)
def test_case_vp_zone_large_creature_scores_once():
    # The engine has no Large creatures yet; the "once per round" half is checkable.
    zone = {"A": {(2, 0), (3, 0), (2, 1), (3, 1)}}
    st = battle("..AB\n..C.\nb...", active="A", vp_zones=zone, dice=(5, 6))
    st.creature("B").activated = True
    st.creature("C").activated = True
    st, out = run(st, EndActivation())
    st, out2 = run(st, Activate("b"), EndActivation())
    scored = of(out + out2, ev.VictoryPointsScored)
    assert scored == [ev.VictoryPointsScored(0, 10, "vp zone", 10)]


def test_case_vp_zone_large_creature_one_square_counts():
    # The Large creature L fills (0,0)-(1,1); only its square (1,1) is in the zone.
    # Two other creatures of player 1 stand in the zone too: 10 VP, once.
    zone = {"A": {(1, 1), (2, 1), (3, 1), (2, 2), (3, 2)}}
    board = "LL..\nLLBC\n....\nb..."
    st = battle(board, {"L": card("Ogre", size=2)}, active="L", vp_zones=zone, dice=(5, 6))
    assert st.creature("L").squares == ((0, 0), (1, 0), (0, 1), (1, 1))
    st.creature("B").activated = True
    st.creature("C").activated = True
    st, out = run(st, EndActivation())
    st, out2 = run(st, Activate("b"), EndActivation())
    assert of(out + out2, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 10, "vp zone", 10)]
    # Alone in the zone, by one square only, it still scores.
    st = battle("LL..\nLL..\n....\nb...", {"L": card("Ogre", size=2)}, active="L",
                vp_zones={"A": {(1, 1), (2, 2)}}, dice=(5, 6))
    st, out = run(st, EndActivation())
    st, out2 = run(st, Activate("b"), EndActivation())
    assert of(out + out2, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 10, "vp zone", 10)]
    # Outside by one square: nothing.
    st = battle("LL..\nLL..\n....\nb...", {"L": card("Ogre", size=2)}, active="L",
                vp_zones={"A": {(2, 2)}}, dice=(5, 6))
    st, out = run(st, EndActivation())
    st, out2 = run(st, Activate("b"), EndActivation())
    assert of(out + out2, ev.VictoryPointsScored) == []
