"""Forced movement and placement (MOV-14, OA-2, TER-PIT, MOV-3; docs/rules.md "Forced movement")."""
from __future__ import annotations

from tactica.engine import (
    AreaAttack,
    Attack,
    EndActivation,
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    Move,
    Phase,
    Settle,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine.model import Terrain, Trigger
from tactica.engine.sandbox import area, battle, card, melee, ranged

from ._util import of, refused, run


def _shover(kind=ForceKind.PUSH, distance=2, **kw):
    return card("Shover", attacks=(melee("Shove", bonus=10, damage=10,
                                         effects=(ForcedMoveEffect(kind, distance),), **kw),))


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, ForceMove) and a.path}


def test_MOV_14_push_waits_for_the_attacker_and_moves_away():
    st = battle("......\n.Ab...\n......", {"A": _shover()}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert st.phase is Phase.FORCED and st.decider == 0
    # every square of a push 2 moves farther from A at (1, 1): columns 3 and 4 only
    assert _dests(st) == {(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2)}
    assert ForceMove("b", ()) in legal_actions(st)
    st, out = run(st, ForceMove("b", ((3, 1), (4, 1))))
    assert of(out, ev.CreatureForced) == [ev.CreatureForced("b", "A", "push", (2, 1), ((3, 1), (4, 1)))]
    assert st.creature("b").pos == (4, 1)
    assert st.phase is Phase.ACTING and st.decider == 0 and st.attack_used


def test_MOV_14_push_refuses_steps_toward_the_attacker_and_too_far():
    st = battle("......\n.Ab...\n......", {"A": _shover()}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    assert refused(st, ForceMove("b", ((2, 0),))) == "not-away"        # same distance from A
    assert refused(st, ForceMove("b", ((3, 1), (4, 1), (5, 1)))) == "too-far"
    assert refused(st, Move(((1, 0),))) == "wrong-phase"
    assert refused(st, EndActivation()) == "wrong-phase"


def test_MOV_14_pull_moves_closer_and_slide_any_way():
    st = battle("A.b..\n.....", {"A": card("Hook", attacks=(ranged("Hook", bonus=10, effects=(
        ForcedMoveEffect(ForceKind.PULL, 1),)),))}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    assert _dests(st) == {(1, 0), (1, 1)}
    slide = battle("...\n.Ab\n...", {"A": _shover(ForceKind.SLIDE, 1)}, active="A", dice=(15,))
    slide, _ = run(slide, Attack(0, ("b",)))
    assert _dests(slide) == {(1, 0), (2, 0), (1, 2), (2, 2)}   # any free neighbour


def test_MOV_14_forced_movement_ignores_difficult_terrain_but_not_walls_or_creatures():
    st = battle(".....\n.Ab^^\n...c.\n..#..", {"A": _shover(distance=2)}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    dests = _dests(st)
    assert (4, 1) in dests          # two difficult squares: no slowdown
    assert (3, 2) not in dests      # c stands there
    assert refused(st, ForceMove("b", ((3, 2),))) == "occupied"
    st2 = battle("..#..\n.Ab#.\n.....", {"A": _shover(ForceKind.SLIDE, 1)}, active="A", dice=(15,))
    st2, _ = run(st2, Attack(0, ("b",)))
    assert refused(st2, ForceMove("b", ((3, 1),))) == "wall"
    assert refused(st2, ForceMove("b", ((2, 0),))) == "wall"
    assert refused(st2, ForceMove("b", ((3, 0),))) == "wall-corner"
    assert refused(st2, ForceMove("b", ((3, 2),))) == "wall-corner"


def test_MOV_14_stop_early_or_stay_then_the_activation_goes_on():
    st = battle("......\n.Ab...", {"A": _shover(distance=3)}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ()))
    assert st.creature("b").pos == (2, 1) and of(out, ev.CreatureForced) == []
    assert st.phase is Phase.ACTING
    assert any(isinstance(a, Move) for a in legal_actions(st))   # its move action is left


def test_MOV_14_miss_does_not_push_and_trigger_miss_does():
    st = battle("......\n.Ab...", {"A": _shover()}, active="A", dice=(2,))
    st, _ = run(st, Attack(0, ("b",)))
    assert st.phase is Phase.ACTING and not st.pending
    on_miss = card("Gust", attacks=(melee("Gust", bonus=0, effects=(
        ForcedMoveEffect(ForceKind.PUSH, 1, Trigger.MISS),)),))
    st = battle("......\n.Ab...", {"A": on_miss}, active="A", dice=(2,))
    st, _ = run(st, Attack(0, ("b",)))
    assert st.phase is Phase.FORCED


def test_MOV_14_nowhere_to_go_needs_no_choice():
    st = battle("#####\n#Ab##\n#####", {"A": _shover()}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert st.phase is not Phase.FORCED and not st.pending


def test_MOV_14_teleport_in_sight_and_place_near_the_attacker():
    tele = card("Blinker", attacks=(melee("Blink", bonus=10, effects=(
        ForcedMoveEffect(ForceKind.TELEPORT, 2),)),))
    st = battle(".....\n.Ab..\n###..\n.....", {"A": tele}, active="A", dice=(15,),
                conditions={"b": {"immobilized"}})
    st, _ = run(st, Attack(0, ("b",)))
    dests = _dests(st)
    assert (4, 3) in dests and (4, 1) in dests and (2, 2) not in dests   # a wall is no square
    assert (1, 3) not in dests   # the wall hides it from A (line of sight)
    assert (0, 0) in dests and (0, 3) not in dests   # within 2 of b at (2, 1)
    st, out = run(st, ForceMove("b", ((4, 3),)))
    assert of(out, ev.CreatureForced)[0].kind == "teleport" and st.creature("b").pos == (4, 3)
    place = card("Grabber", attacks=(melee("Grab", bonus=10, effects=(ForcedMoveEffect(ForceKind.PLACE, 1),)),))
    st = battle(".....\n.Ab..\n.....", {"A": place}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    assert _dests(st) == {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 2), (2, 2)}
    assert refused(st, ForceMove("b", ((3, 1),))) == "bad-square"


def test_OA_2_forced_movement_provokes_no_opportunity_attack():
    # b is pushed away from c (its enemy's ally? no: c is b's enemy) -- nothing happens
    st = battle("......\n.Ab...\n..C...", {"A": _shover(distance=2)}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ((3, 1), (4, 1))))
    assert of(out, ev.OpportunityAttackProvoked) == []
    assert [type(e) for e in out if isinstance(e, ev.AttackRolled)] == [ev.AttackRolled]   # only the shove


def test_OA_2_opportunity_attack_forced_movement_does_nothing():
    st = battle(".Ab...\n......", {"A": _shover()}, active="b", dice=(15,))
    st, out = run(st, Move(((3, 0),)))
    assert [e.kind for e in of(out, ev.AttackRolled)] == ["opportunity"]
    assert st.phase is Phase.ACTING and not st.pending and st.creature("b").pos == (3, 0)
    from tactica.engine.combat import forced_moves_not_made
    shove = st.creature("A").card.attacks[0]
    assert [f.kind for f in forced_moves_not_made(shove, True, "opportunity")] == [ForceKind.PUSH]
    assert forced_moves_not_made(shove, True, "attack") == () == forced_moves_not_made(shove, False, "opportunity")


def test_TER_PIT_push_into_pit_second_roll_hit_destroys():
    st = battle(".....\n.AbO.\n.....", {"A": _shover(distance=1)}, active="A", dice=(15, 12))
    st, _ = run(st, Attack(0, ("b",)))
    assert (3, 1) in _dests(st)
    st, out = run(st, ForceMove("b", ((3, 1),)))
    assert of(out, ev.CreatureFell) == [ev.CreatureFell("b", (3, 1))]
    second = of(out, ev.AttackRolled)
    assert [(r.kind, r.natural, r.bonus, r.total, r.target_number, r.hit) for r in second] == [
        ("pit", 12, 10, 22, 15, True)]
    assert of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("b", 0, "fall")]
    assert st.vp == [20, 0]


def test_TER_PIT_second_roll_miss_owner_places_nearest_legal():
    st = battle(".....\n.AbOO\n.....", {"A": _shover(distance=2)}, active="A", dice=(15, 4))
    st, _ = run(st, Attack(0, ("b",)))
    # entering the first pit ends the push: (4, 1) only around it, not through it
    assert refused(st, ForceMove("b", ((3, 1), (4, 1)))) == "fell"
    st, out = run(st, ForceMove("b", ((3, 1),)))
    assert [r.hit for r in of(out, ev.AttackRolled)] == [False]      # 4 + 10 = 14 < AC 15
    assert st.phase is Phase.FORCED and st.decider == 1              # the owner chooses
    options = legal_actions(st)
    assert {a.square for a in options} == {(2, 0), (3, 0), (4, 0), (2, 1), (2, 2), (3, 2), (4, 2)}
    assert all(isinstance(a, Settle) for a in options)
    assert refused(st, Settle("b", (0, 0))) == "not-nearest"
    st, out = run(st, Settle("b", (4, 2)))
    assert of(out, ev.CreatureSettled) == [ev.CreatureSettled("b", (3, 1), (4, 2))]
    assert st.creature("b").alive and st.phase is Phase.ACTING and st.decider == 0


def test_TER_PIT_fliers_do_not_fall():
    from tactica.engine.abilities import Flight
    st = battle(".....\n.AbO.\n.....", {"A": _shover(distance=1), "b": card("Bat", abilities=(Flight(),))},
                active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ((3, 1),)))
    assert of(out, ev.CreatureFell) == [] and st.creature("b").pos == (3, 1)


def test_TER_PIT_large_target_gets_plus_one_per_square_outside():
    from tactica.engine.forced import footprint
    big = card("Ogre", size=2)
    st = battle(".....\n.Ab..\n.....", {"A": _shover(distance=1), "b": big}, active="A")
    assert footprint(st.creature("b")) == [(2, 1), (3, 1), (2, 2), (3, 2)]


def test_MOV_14_area_attack_pushes_from_its_origin():
    blast = card("Blaster", attacks=(melee(), area("Blast", range=10, radius=1, bonus=10, effects=(
        ForcedMoveEffect(ForceKind.PUSH, 1),))))
    st = battle("A......\n.......\n...b...\n.......", {"A": blast}, active="A", dice=(15,))
    st, _ = run(st, AreaAttack(1, (2, 2), ("b",)))
    assert st.pending[0].source == (2, 2)
    assert _dests(st) == {(4, 1), (4, 2), (4, 3)}


def test_MOV_14_two_targets_choose_in_order():
    sweep = card("Sweeper", attacks=(ranged("Sweep", bonus=10, targets=2, range=5, effects=(
        ForcedMoveEffect(ForceKind.SLIDE, 1),)),))
    st = battle("A.....\n......\n...b..\n...c..", {"A": sweep}, active="A", dice=(15, 15))
    st, _ = run(st, Attack(0, ("b", "c")))
    assert [p.target for p in st.pending] == ["b", "c"]
    st, _ = run(st, ForceMove("b", ((4, 2),)))
    assert st.phase is Phase.FORCED and st.pending[0].target == "c"
    assert refused(st, ForceMove("b", ((3, 1),))) == "force-first"
    st, _ = run(st, ForceMove("c", ()))
    assert st.phase is Phase.ACTING


def test_MOV_14_pit_destroys_last_enemy_ends_battle():
    st = battle(".....\n.AbO.\n.....", {"A": _shover(distance=1)}, active="A", dice=(15, 20))
    st, out = run(st, Attack(0, ("b",)), ForceMove("b", ((3, 1),)))
    assert st.is_over and st.winner == 0


def test_TER_PIT_statue_cannot_be_the_end_of_a_push():
    st = battle("......\n.AbS..\n......", {"A": _shover(distance=2)}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    assert (3, 1) not in _dests(st) and (4, 1) in _dests(st)
    assert refused(st, ForceMove("b", ((3, 1),))) == "no-stop"


def test_MOV_14_forced_actions_are_canonical():
    st = battle("......\n.Ab...\n......", {"A": _shover()}, active="A", dice=(15,))
    st, _ = run(st, Attack(0, ("b",)))
    assert legal_actions(st) == legal_actions(st)
    assert legal_actions(st)[0] == ForceMove("b", ())


def test_MOV_14_terrain_under_creature_helper():
    st = battle(".....\n.Ab..", {"A": _shover(distance=1)}, active="A", dice=(15,),
                under={"b": Terrain.DIFFICULT})
    st, _ = run(st, Attack(0, ("b",)))
    assert st.phase is Phase.FORCED
