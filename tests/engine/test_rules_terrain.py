"""Terrain (TER-*, SET-3): each kind with fixed dice and exact outcomes.

Boards use the sandbox symbols: 'T' forest, 'O' pit, '*' smoke, 'S' statue,
'%' blood rock, '+' sacred circle, '@' teleporter; ``under`` puts terrain
beneath a creature.
"""
from __future__ import annotations

from tactica.engine import (
    AreaAttack,
    Attack,
    EndActivation,
    Move,
    Shift,
    Teleport,
    Terrain,
    deploy_squares,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine.abilities import Flight
from tactica.engine.combat import modifiers
from tactica.engine.movement import routes, shift_squares
from tactica.engine.sandbox import battle, card, close, melee, ranged

from ._util import of, open_map, refused, run, started

ARCHER = card("Archer", attacks=(ranged("Bow", bonus=6, damage=10, basic=True),))


def _mods(st, attacker, target, index=0):
    me = st.creature(attacker)
    return modifiers(st, me, st.creature(target), me.card.attacks[index])


# -- TER-BLOOD ---------------------------------------------------------------

def test_ter_blood_melee_crit_on_19_hits_automatically():
    wall = {"b": card("Wall", ac=50, hp=100)}
    st = battle("Ab..", wall, active="A", dice=(19,), under={"A": Terrain.BLOOD_ROCK})
    st, out = run(st, Attack(0, ("b",)))
    roll = of(out, ev.AttackRolled)[0]
    assert (roll.natural, roll.hit, roll.critical) == (19, True, True)
    assert of(out, ev.DamageDealt)[0].amount == 20                   # 10 doubled (ATK-5)
    plain = battle("Ab..", wall, active="A", dice=(19,))
    _, out = run(plain, Attack(0, ("b",)))
    assert not of(out, ev.AttackRolled)[0].hit                        # 19 + 8 < 50 off the rock


def test_ter_blood_ranged_attacks_still_crit_on_20_only():
    st = battle("A..b", {"A": ARCHER, "b": card("Wall", ac=50)}, active="A", dice=(19,),
                under={"A": Terrain.BLOOD_ROCK})
    _, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.AttackRolled)[0].hit


# -- TER-SACRED --------------------------------------------------------------

def test_ter_sacred_circle_gives_plus_two_to_the_creature_inside():
    st = battle("Ab..", active="A", dice=(5,), under={"A": Terrain.SACRED_CIRCLE})
    st, out = run(st, Attack(0, ("b",)))
    roll = of(out, ev.AttackRolled)[0]
    assert roll.modifiers == (("sacred circle", 2),) and roll.total == 15 and roll.hit
    target_inside = battle("Ab..", active="A", dice=(5,), under={"b": Terrain.SACRED_CIRCLE})
    _, out = run(target_inside, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].modifiers == () and not of(out, ev.AttackRolled)[0].hit


# -- TER-FOREST --------------------------------------------------------------

FOREST_COLUMN = "...T......\nA..T.....b\n...T......"


def test_ter_forest_blocks_sight_across_opposite_sides_not_effect():
    st = battle(FOREST_COLUMN, {"A": ARCHER}, active="A", dice=(15,))
    assert not st.geo.line_of_sight((0, 1), (9, 1))
    assert st.geo.line_of_effect((0, 1), (9, 1))
    assert refused(st, Attack(0, ("b",))) == "no-sight"
    # A steep line clips two forest squares through adjacent sides only: sight passes.
    st2 = battle("...T...\nA..T...\n...T..b", {"A": ARCHER}, active="A")
    assert st2.geo.line_of_sight((0, 1), (6, 2))
    # Without the forest the same board has sight.
    assert battle(FOREST_COLUMN.replace("T", "."), active="A").geo.line_of_sight((0, 1), (9, 1))


def test_ter_forest_gives_cover_against_ranged_only():
    st = battle(".....\nA.T.b\n.....", {"A": ARCHER}, active="A", dice=(10,))
    assert _mods(st, "A", "b") == (("cover", -2),)
    st, out = run(st, Attack(0, ("b",)))
    roll = of(out, ev.AttackRolled)[0]
    assert roll.total == 14 and not roll.hit                          # 10 + 6 - 2 < AC 15
    inside = battle("A...b", {"A": ARCHER}, active="A", under={"b": Terrain.FOREST})
    assert _mods(inside, "A", "b") == (("cover", -2),)               # standing in forest
    melee_inside = battle("Ab..", active="A", under={"b": Terrain.FOREST})
    assert _mods(melee_inside, "A", "b") == ()
    burst = card("Caster", attacks=(melee(), close("Nova", size=2)))
    behind = battle("ATb..", {"A": burst}, active="A", dice=(12,))
    _, out = run(behind, AreaAttack(1, (0, 0), ("b",)))
    assert of(out, ev.AttackRolled)[0].modifiers == ()               # no cover vs a burst


def test_ter_forest_is_difficult_no_shift():
    st = battle("AT..\n....", active="A")
    found = routes(st, st.creature("A"), 6)
    assert found[(1, 0)].cost == 2 and found[(2, 0)].cost == 2      # around it: (1,1) then (2,0)
    assert (1, 0) not in shift_squares(st, st.creature("A"))
    assert refused(st, Shift((1, 0))) == "bad-shift"


# -- TER-DIFF ----------------------------------------------------------------

def test_ter_diff_costs_two_and_gives_no_cover():
    st = battle("A^^.b", {"A": ARCHER}, active="A")
    assert routes(st, st.creature("A"), 6)[(2, 0)].cost == 4
    assert _mods(st, "A", "b") == ()


# -- TER-SMOKE ---------------------------------------------------------------

def test_ter_smoke_blocks_sight_not_effect_or_movement():
    st = battle("A.*.b", {"A": ARCHER}, active="A")
    assert not st.geo.line_of_sight((0, 0), (4, 0)) and st.geo.line_of_effect((0, 0), (4, 0))
    assert refused(st, Attack(0, ("b",))) == "no-sight"
    assert routes(st, st.creature("A"), 6)[(3, 0)].cost == 3         # smoke costs 1


def test_ter_smoke_creature_inside_sees_and_is_seen_only_adjacent():
    st = battle("A..b.c", {"A": ARCHER}, active="A", under={"b": Terrain.SMOKE})
    assert not st.geo.line_of_sight((0, 0), (3, 0))
    assert st.geo.line_of_sight((3, 0), (4, 0))                      # adjacent: seen
    assert not st.geo.line_of_sight((3, 0), (5, 0))                  # b sees only adjacent
    assert refused(st, Attack(0, ("b",))) == "no-sight"


def test_ter_smoke_invisible_attacker_has_combat_advantage():
    nova = card("Caster", attacks=(melee(), close("Nova", size=2, bonus=6)))
    st = battle("A.b..", {"A": nova}, active="A", dice=(7,), under={"A": Terrain.SMOKE})
    st, out = run(st, AreaAttack(1, (0, 0), ("b",)))
    roll = of(out, ev.AttackRolled)[0]
    assert roll.modifiers == (("combat advantage", 2),) and roll.total == 15 and roll.hit
    clear = battle("A.b..", {"A": nova}, active="A", dice=(7,))
    _, out = run(clear, AreaAttack(1, (0, 0), ("b",)))
    assert of(out, ev.AttackRolled)[0].modifiers == ()


# -- TER-STATUE --------------------------------------------------------------

def test_ter_statue_costs_two_cannot_stop_gives_cover_not_blocking_sight():
    st = battle("AS.b", {"A": ARCHER}, active="A")
    found = routes(st, st.creature("A"), 6)
    assert (1, 0) not in found and found[(2, 0)].cost == 3
    assert refused(st, Move(((1, 0),))) == "no-stop"
    assert st.geo.line_of_sight((0, 0), (3, 0))
    assert _mods(st, "A", "b") == (("cover", -2),)


# -- TER-PIT -----------------------------------------------------------------

def test_ter_pit_only_fliers_enter():
    st = battle("AO..\n....", active="A")
    assert refused(st, Move(((1, 0),))) == "pit"
    assert (1, 0) not in routes(st, st.creature("A"), 6)
    assert st.geo.line_of_sight((0, 0), (2, 0)) and st.geo.line_of_effect((0, 0), (2, 0))
    flier = battle("AO..\n....", {"A": card("Bat", abilities=(Flight(),))}, active="A")
    flier, out = run(flier, Move(((1, 0),)))
    assert flier.creature("A").pos == (1, 0)


def test_ter_pit_ending_a_turn_there_destroys_the_creature():
    st = battle("AO..\n...b", {"A": card("Bat", abilities=(Flight(),))}, active="A")
    st, _ = run(st, Move(((1, 0),)))
    st, out = run(st, EndActivation())
    assert of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("A", 1, "pit")]
    assert st.vp == [0, 20] and st.creature("A").destroyed and st.creature("A").hp == 0
    # Flying over and out again is safe.
    st = battle("AO..\n...b", {"A": card("Bat", abilities=(Flight(),))}, active="A")
    st, out = run(st, Move(((1, 0), (2, 0))), EndActivation())
    assert not of(out, ev.CreatureDestroyed)


def test_set_03_no_deploy_on_pit_or_statue():
    rows = ["OS....", "......", "......", "......"]
    m = open_map(rows=rows, a={(0, 0), (1, 0), (0, 1), (0, 2), (0, 3)})
    st = started([card("A")] * 2, [card("B")], dice=(20, 1, 9, 3), map_=m)
    placed = {c.pos for c in st.creatures if c.player == 0}
    assert placed == {(0, 1), (0, 2)}
    assert (0, 0) not in deploy_squares(st, 0) and (1, 0) not in deploy_squares(st, 0)


# -- TER-TELEPORT ------------------------------------------------------------

def test_ter_teleport_after_entering_then_attack():
    st = battle("A@....@b.", active="A", dice=(12,))
    assert not [a for a in legal_actions(st) if isinstance(a, Teleport)]
    st, _ = run(st, Move(((1, 0),)))
    assert [a for a in legal_actions(st) if isinstance(a, Teleport)] == [Teleport((6, 0))]
    st, out = run(st, Teleport((6, 0)))
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (1, 0), ((6, 0),), "teleport")]
    assert st.active_uid == "A" and not st.attack_used             # not an action
    assert [a for a in legal_actions(st) if isinstance(a, Teleport)] == []   # once per round
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit


def test_ter_teleport_from_the_start_square_and_occupied_ones_refused():
    st = battle("A@..@..\nB......\n....@b.", active="A", under={"A": Terrain.TELEPORTER})
    jumps = [a for a in legal_actions(st) if isinstance(a, Teleport)]
    assert jumps == [Teleport((1, 0)), Teleport((4, 0)), Teleport((4, 2))]
    st2 = battle("A..@\n.b.@", active="A", under={"A": Terrain.TELEPORTER, "b": Terrain.TELEPORTER})
    assert refused(st2, Teleport((1, 1))) == "bad-teleport"        # b's teleporter is taken
    st2, _ = run(st2, Teleport((3, 0)))
    assert st2.creature("A").pos == (3, 0)


def test_ter_teleport_keeps_the_activation_open_after_both_actions():
    st = battle("Ab@...@\n.......", active="A", dice=(3, 1))   # A misses; b's OA misses
    st, _ = run(st, Attack(0, ("b",)), Move(((1, 1), (2, 0))))
    assert st.active_uid == "A"
    assert {type(a).__name__ for a in legal_actions(st)} == {"Teleport", "EndActivation"}
    st, out = run(st, Teleport((6, 0)))
    # Its move (the attack action used as one, ACT-3) spent 2 of 6: it carries on with 4.
    assert st.active_uid == "A" and not of(out, ev.ActivationEnded)
    assert {type(a).__name__ for a in legal_actions(st)} == {"Move", "EndActivation"}
    _, out = run(st, EndActivation())
    assert of(out, ev.ActivationEnded)


def test_ter_teleport_mid_move_carries_on_with_the_movement_left():
    # TER-TELEPORT: A (speed 6) moves 2 squares onto the teleporter at (2,0), jumps to (2,3) and
    # carries on with the 4 squares its move has left; that spends no action, so it still attacks.
    board = ("A.@.....\n"
             ".....b..\n"
             "........\n"
             "..@.....\n"
             "........")
    st = battle(board, active="A", dice=(12,))
    st, _ = run(st, Move(((1, 0), (2, 0))))
    assert st.move_used and not st.attack_used
    st, out = run(st, Teleport((2, 3)))
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("A", (2, 0), ((2, 3),), "teleport")]
    assert st.move_spent == 2                                 # the move's rest is open again: 4 squares
    four_on = run(st, Move(((3, 3), (4, 3), (5, 3), (6, 3))))[0]
    assert not four_on.attack_used                            # the rest of the move: no action spent
    five_on = run(st, Move(((3, 3), (4, 3), (5, 3), (6, 3), (7, 3))))[0]
    assert five_on.active_uid is None                         # more than the rest: a fresh move (ACT-3),
    #                                                           its last action: the activation is over
    st, _ = run(st, Move(((3, 3), (4, 3), (4, 2))))           # 3 of the 4 left: still no action spent
    assert st.move_used and not st.attack_used and st.active_uid == "A"
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit and st.creature("A").pos == (4, 2)


def test_ter_teleport_a_move_longer_than_the_rest_is_a_fresh_move_action():
    # After the jump the creature may instead make a new move (its attack action as a move, ACT-3):
    # up to its full speed, and the rest of the first move is lost.
    board = ("A.@.........\n"
             "............\n"
             "..@.........")
    st = battle(board, active="A")
    st, _ = run(st, Move(((1, 0), (2, 0))), Teleport((2, 2)))
    long = Move(tuple((x, 2) for x in range(3, 9)))             # 6 squares: more than the 4 left
    assert (8, 2) in {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}
    st, out = run(st, long)
    assert st.creature("A").pos == (8, 2)
    assert st.active_uid is None and of(out, ev.ActivationEnded)   # both actions spent: it is over


def test_ter_teleport_the_rest_of_a_move_does_not_outlast_another_action():
    # Move onto the teleporter, attack, then jump: the move was interrupted by the attack, not by
    # the jump, so nothing of it carries on and the activation ends with the jump.
    board = ("A.@b....\n"
             "........\n"
             "......@.")
    st = battle(board, active="A", dice=(3,))
    st, _ = run(st, Move(((1, 0), (2, 0))), Attack(0, ("b",)))
    assert st.active_uid == "A"                                # the jump is still open
    st, out = run(st, Teleport((6, 2)))
    assert st.active_uid is None and of(out, ev.ActivationEnded)


def test_ter_teleport_passing_over_a_teleporter_does_not_jump():
    # Our reading: the jump is taken from the teleporter; a move that only passes over one
    # does not trigger it (stop there, jump, then carry on).
    board = ("A.@..\n"
             ".....\n"
             "..@..")
    st = battle(board, active="A")
    st, _ = run(st, Move(((1, 0), (2, 0), (3, 0))))
    assert st.creature("A").pos == (3, 0) and not [a for a in legal_actions(st) if isinstance(a, Teleport)]


# -- TER-WALL: diagonal walls ------------------------------------------------

def test_ter_wall_diagonal_step_past_the_free_corner_allowed_full_wall_refuses():
    # A at (1,0) steps to (0,1) past the NW corner of (1,1); free only for a SE-wall (◢).
    for sym, allowed in (("◢", True), ("#", False), ("◤", False), ("◥", False), ("◣", False)):
        st = battle(f".A.\n.{sym}.\n...", active="A")
        assert st.geo.step_allowed((1, 0), (0, 1)) is allowed, sym
        if allowed:
            st, _ = run(st, Move(((0, 1),)))
            assert st.creature("A").pos == (0, 1)
        else:
            assert refused(st, Move(((0, 1),))) == "wall-corner"
    # Whatever its shape, nothing stands in a diagonal wall square (our choice).
    st = battle(".A.\n.◢.\n...", active="A")
    assert refused(st, Move(((1, 1),))) == "wall"
    assert not st.geo.deployable((1, 1))


def test_ter_wall_diagonal_line_through_the_wall_half_blocked_free_half_clear():
    geo = battle(".....\n..◤..\n.....").geo                         # wall: (2,1),(3,1),(2,2)
    assert geo.line_clear((1.5, 3), (4, 0.5), geo.is_wall)           # x+y=4.5: the free half
    assert geo.line_clear((1, 3), (4, 0), geo.is_wall)               # along the diagonal: touches
    assert not geo.line_clear((0.5, 3), (3.5, 0), geo.is_wall)       # x+y=3.5: the wall half
    full = battle(".....\n..#..\n.....").geo
    assert not full.line_clear((1.5, 3), (4, 0.5), full.is_wall)
    # A staircase of diagonal walls closes the diagonal between A and b.
    for sym in "◢◤":
        stairs = battle(f"A.{sym}\n.{sym}.\n{sym}.b").geo
        assert not stairs.line_of_effect((0, 0), (2, 2)) and not stairs.line_of_sight((0, 0), (2, 2))
    assert battle("A..\n...\n..b").geo.line_of_effect((0, 0), (2, 2))


def test_ter_wall_diagonal_cover_only_from_the_wall_part():
    board = "A....\n..{}..\n....b"
    assert _mods(battle(board.format("◣"), {"A": ARCHER}, active="A"), "A", "b") == ()  # free half
    assert _mods(battle(board.format("◤"), {"A": ARCHER}, active="A"), "A", "b") == (("cover", -2),)
    assert _mods(battle(board.format("#"), {"A": ARCHER}, active="A"), "A", "b") == (("cover", -2),)


def test_TER_PIT_ends_in_pit_answers_for_a_square_and_for_where_it_stands():
    from tactica.engine.effects import ends_in_pit
    bat = {"A": card("Bat", abilities=(Flight(),)), "B": card("Roc", size=2, abilities=(Flight(),))}
    st = battle("AO.OO.\n...OO.\n....BB\n....BB", bat, active="A")
    me, roc = st.creature("A"), st.creature("B")
    assert not ends_in_pit(st, me)                       # it stands on clear ground
    assert ends_in_pit(st, me, (1, 0)) and not ends_in_pit(st, me, (2, 0))
    assert ends_in_pit(st, roc, (3, 0))                  # all four squares are pits
    assert not ends_in_pit(st, roc, (2, 0))              # two of its squares on solid ground: it stays
    st, _ = run(st, Move(((1, 0),)))
    assert ends_in_pit(st, st.creature("A"))
    st, out = run(st, EndActivation())
    assert not ends_in_pit(st, st.creature("A"))         # destroyed: off the map
