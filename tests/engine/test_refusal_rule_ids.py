"""Every refusal the engine words ends by naming its rule, "(RULE-ID)", so the rules reference opens
on that rule with one key (issue 20 part 2): activating another player's creature or one already
activated (RND-2), a melee attack on a creature not adjacent (RNG-1) or beyond its reach (CL-5), a
ranged attack out of range or not on the nearest enemy (RNG-2), no line of sight (LOS-1)."""
from __future__ import annotations

from tactica.engine import Activate, Attack, Reach, check
from tactica.engine.sandbox import battle, card, melee, ranged


def _reason(state, action) -> str:
    problem = check(state, action)
    assert problem is not None, f"{action!r} was accepted"
    return problem.reason


def test_rnd_2_activating_the_other_players_creature_names_rnd_2():
    st = battle("A...b", turn_player=1)
    assert _reason(st, Activate("A")) == ("Creature A belongs to the other player: a player activates only their "
                                          "own creatures (RND-2).")


def test_rnd_2_activating_a_creature_already_activated_names_rnd_2():
    st = battle("A...b", turn_player=0).copy()
    st.creature("A").activated = True
    assert _reason(st, Activate("A")) == "Creature A has already been activated this round (RND-2)."


def test_rng_1_a_melee_attack_on_a_creature_not_adjacent_names_rng_1():
    st = battle("A.b", active="A")
    assert _reason(st, Attack(0, ("b",))) == "Sword is a melee attack: the target must be adjacent (RNG-1)."


def test_cl_5_a_reach_attack_beyond_its_reach_names_cl_5():
    pike = card("Piker", attacks=(melee("Pike", range=2),))
    st = battle("A..b", {"A": pike}, active="A")
    assert _reason(st, Attack(0, ("b",))) == ("Pike reaches 2 squares: Creature b is farther or out of sight "
                                              "(CL-5).")


def test_rng_2_a_ranged_attack_out_of_range_names_rng_2():
    archer = card("Archer", attacks=(melee(), ranged("Bow", range=3)))
    st = battle("A.....b", {"A": archer}, active="A")
    assert _reason(st, Attack(1, ("b",))) == "Creature b is 6 squares away; Bow reaches 3 (RNG-2)."


def test_rng_2_a_nearest_attack_on_a_farther_enemy_names_rng_2():
    slinger = card("Slinger", attacks=(melee(), ranged("Sling", reach=Reach.NEAREST)))
    st = battle("A.b..c", {"A": slinger}, active="A")
    assert _reason(st, Attack(1, ("c",))) == "Sling must target the nearest enemy in sight (RNG-2)."


def test_los_1_a_ranged_attack_through_a_wall_names_los_1():
    archer = card("Archer", attacks=(melee(), ranged("Bow")))
    st = battle("A.#.b", {"A": archer}, active="A")
    assert _reason(st, Attack(1, ("b",))) == "Archer has no line of sight to Creature b (LOS-1)."
