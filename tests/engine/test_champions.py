"""Champion powers (CHP-1, CHP-2, CHP-3): budget, triggers, the owner's decision, once per turn."""
from __future__ import annotations

from tactica.engine import Activate, Attack, EndActivation, Phase, Shift, apply, legal_actions
from tactica.engine.abilities import SneakAttack
from tactica.engine.actions import DeclinePower, UseChampionPower
from tactica.engine.champions import turn_key
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card, melee

from ._util import ev, of, refused, run

HITS = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                     amount=10, range=6)
MEND = ChampionPower("Field Mending", 1, ChampionTrigger.ALLY_ENDS_TURN, ChampionEffect.HEAL,
                     amount=10, range=6)
ZONE = ChampionPower("Hold the Ground", 1, ChampionTrigger.ALLY_ENDS_TURN, ChampionEffect.HEAL,
                     amount=10, range=6, in_vp_zone=True)
WARD = ChampionPower("Ward", 2, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=5, range=3)
AGAIN = ChampionPower("Second Chance", 1, ChampionTrigger.ALLY_MISSES, ChampionEffect.REROLL, range=6)
RALLY = ChampionPower("Rally", 1, ChampionTrigger.ALLY_STARTS_TURN, ChampionEffect.CLEAR, range=6)


def captain(*powers, rating=2, **kw):
    """A champion test card with ``powers``."""
    return card("Captain", champion=rating, champion_powers=powers, **kw)


def hit_board(powers=(HITS,), rating=2, dice=(10,), **kw):
    """C (champion) and A (ally, active) beside enemy b; A's sword hits b on a 10."""
    return battle("C..\nAb.", {"C": captain(*powers, rating=rating)}, active="A", dice=dice, **kw)


def hot(st):
    """True while the game waits for a champion-power decision."""
    return st.phase is Phase.CHAMPION


# -- CHP-2: triggers, the owner decides, the flow goes on ------------------------

def test_CHP_2_ally_hit_offers_exactly_use_or_decline():
    st, out = run(hit_board(), Attack(0, ("b",)))
    assert hot(st) and st.decider == 0
    assert legal_actions(st) == [UseChampionPower("C", 0, "A", "b"), DeclinePower()]
    assert of(out, ev.ChampionPowerOffered) == [ev.ChampionPowerOffered(0, 1)]


def test_CHP_2_extra_damage_lands_and_the_activation_goes_on():
    st, out = run(hit_board(), Attack(0, ("b",)), UseChampionPower("C", 0, "A", "b"))
    assert [d.amount for d in of(out, ev.DamageDealt)] == [10, 10]
    assert of(out, ev.DamageDealt)[1].cause == "champion"
    assert st.creature("b").hp == 30
    assert st.phase is Phase.ACTING and st.active_uid == "A" and st.attack_used and not st.move_used
    assert Shift((1, 0)) in legal_actions(st)


def test_CHP_2_decline_resumes_without_effect():
    st, out = run(hit_board(), Attack(0, ("b",)), DeclinePower())
    assert of(out, ev.ChampionPowerDeclined) == [ev.ChampionPowerDeclined(0)]
    assert st.creature("b").hp == 40 and st.phase is Phase.ACTING
    assert st.creature("C").champion_spent == 0


def test_CHP_2_no_window_on_a_miss_or_out_of_range():
    st, out = run(hit_board(dice=(2,)), Attack(0, ("b",)))
    assert st.phase is Phase.ACTING and not of(out, ev.ChampionPowerOffered)
    far = battle("C........\n.........\n.........\n.......Ab", {"C": captain(HITS)}, active="A", dice=(10,))
    st, out = run(far, Attack(0, ("b",)))  # 7 squares away, range 6
    assert st.phase is Phase.ACTING and not of(out, ev.ChampionPowerOffered)


def test_CHP_2_champion_itself_counts_as_an_ally_unless_others_only():
    st = battle("Cb", {"C": captain(HITS)}, active="C", dice=(10,))
    assert hot(run(st, Attack(0, ("b",)))[0])
    other = ChampionPower("Cheer", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=5,
                          others_only=True)
    st = battle("Cb", {"C": captain(other)}, active="C", dice=(10,))
    assert not hot(run(st, Attack(0, ("b",)))[0])


def test_CHP_2_keyword_limits_the_allies():
    dwarves = ChampionPower("Clan Oath", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                            amount=5, keyword="Dwarf")
    st = battle("C..\nAb.", {"C": captain(dwarves)}, active="A", dice=(10,))
    assert not hot(run(st, Attack(0, ("b",)))[0])
    st = battle("C..\nAb.", {"C": captain(dwarves), "A": card("Axe", keywords=("Dwarf",))}, active="A",
                dice=(10,))
    assert hot(run(st, Attack(0, ("b",)))[0])


def test_CHP_2_ally_ends_turn_in_vp_zone_heals():
    zone = {"A": {(0, 1)}}
    st = battle("C..\nA.b", {"C": captain(ZONE)}, active="A", hp={"A": 20}, vp_zones=zone)
    st.creature("C").activated = True
    st, out = run(st, EndActivation())
    assert hot(st) and legal_actions(st) == [UseChampionPower("C", 0, "A", ""), DeclinePower()]
    st, out = run(st, UseChampionPower("C", 0, "A", ""))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 10, 30, "champion")]
    # the flow went on: the turn passed to player 2
    assert st.phase is Phase.ACTIVATE and st.turn_player == 1 and st.decider == 1
    out_zone = battle("C..\n.Ab", {"C": captain(ZONE)}, active="A", hp={"A": 20}, vp_zones=zone)
    assert not hot(run(out_zone, EndActivation())[0])
    # the zone that scores for the enemy does not count, and the power's text says whose zone it is
    theirs = battle("C..\n.Ab", {"C": captain(ZONE)}, active="A", hp={"A": 20}, vp_zones={"B": {(1, 1)}})
    assert not hot(run(theirs, EndActivation())[0])
    assert str(ZONE).endswith("ends its turn in the VP zone it scores in: heal it 10")


def test_CHP_2_owner_decides_during_the_other_players_turn():
    # b (player 2) hits A; player 1's champion may heal A although it is player 2's turn.
    st = battle("C..\nAb.", {"C": captain(WARD)}, active="b", dice=(10,), hp={"A": 30})
    st, out = run(st, Attack(0, ("A",)))
    assert hot(st) and st.decider == 0 and st.turn_player == 1
    assert legal_actions(st) == [UseChampionPower("C", 0, "A", "b"), DeclinePower()]
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    assert st.creature("A").hp == 25 and st.decider == 1 and st.phase is Phase.ACTING


def test_CHP_2_reroll_a_miss():
    st, out = run(hit_board(powers=(AGAIN,), dice=(3, 12)), Attack(0, ("b",)))
    assert legal_actions(st) == [UseChampionPower("C", 0, "A", "b"), DeclinePower()]
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    rolls = of(out, ev.AttackRolled)
    assert [(r.natural, r.hit) for r in rolls] == [(12, True)]
    assert st.creature("b").hp == 40


def test_CHP_2_start_of_turn_clears_conditions_before_acting():
    st = battle("C..\nA.b", {"C": captain(RALLY)}, conditions={"A": {"dazed"}}, turn_player=0)
    st, out = run(st, Activate("A"))
    assert hot(st) and legal_actions(st) == [UseChampionPower("C", 0, "A", ""), DeclinePower()]
    st, out = run(st, UseChampionPower("C", 0, "A", ""))
    assert of(out, ev.ConditionEnded) == [ev.ConditionEnded("A", "dazed", "champion")]
    assert st.phase is Phase.ACTING and st.active_uid == "A" and st.creature("A").turns == 1


def test_CHP_2_confused_staggered_or_stunned_champion_offers_nothing():
    for bad in ("confused", "staggered", "stunned"):
        st, out = run(hit_board(conditions={"C": {bad}}), Attack(0, ("b",)))
        assert not hot(st), bad


def test_CHP_2_same_power_twice_on_one_hit_counts_once():
    # stacking-different-vs-same: Sneak Attack 10 + a +10 champion power = +20; two copies of the
    # same +10 power on one hit give +10 only (ATK-8, ABL-2).
    sneaky = card("Rogue", abilities=(SneakAttack(10),))
    st = battle("CD.\n.b.\n.A.", {"C": captain(HITS), "D": captain(HITS), "A": sneaky}, active="A",
                dice=(10,), conditions={"b": {"dazed"}})
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt)[0].amount == 20  # 10 + Sneak Attack 10
    assert legal_actions(st) == [UseChampionPower("C", 0, "A", "b"), UseChampionPower("D", 0, "A", "b"),
                                 DeclinePower()]
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    assert of(out, ev.DamageDealt)[0].amount == 10
    assert not hot(st)  # D's copy of the same power is not offered for that hit
    assert st.creature("b").hp == 50 - 30


# -- CHP-1: the budget ----------------------------------------------------------------

def test_CHP_1_rating_is_the_budget_per_battle():
    st = hit_board(rating=1, dice=(10, 10))
    st, out = run(st, Attack(0, ("b",)), UseChampionPower("C", 0, "A", "b"))
    assert of(out, ev.ChampionPowerUsed)[0].left == 0
    assert st.creature("C").champion_spent == 1
    st, _ = run(st, EndActivation())  # A's turn is over; player 2 passes; then a new ally turn
    st.creature("C").champion_turn = ""
    again = battle("C..\nAb.", {"C": st.creature("C").card}, active="A", dice=(10,))
    again.creature("C").champion_spent = 1
    st, out = run(again, Attack(0, ("b",)))
    assert not hot(st)


def test_CHP_1_cost_above_the_budget_left_is_refused():
    costly = ChampionPower("Big Push", 2, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=20)
    st = hit_board(powers=(HITS, costly), rating=2)
    st.creature("C").champion_spent = 1
    st, _ = run(st, Attack(0, ("b",)))
    assert legal_actions(st) == [UseChampionPower("C", 0, "A", "b"), DeclinePower()]
    assert refused(st, UseChampionPower("C", 1, "A", "b")) == "no-budget"


def test_CHP_1_each_power_shows_its_cost_in_bullets():
    assert str(HITS).startswith("• Press the Attack")
    assert str(WARD).startswith("•• Ward")


# -- CHP-3: once per creature's turn --------------------------------------------

def test_CHP_3_one_use_per_creatures_turn():
    st = battle("C..\nAb.", {"C": captain(HITS, MEND, rating=3)}, active="A", dice=(10,), hp={"A": 30})
    st, _ = run(st, Attack(0, ("b",)), UseChampionPower("C", 0, "A", "b"))
    st.creature("C").activated = True
    st, out = run(st, EndActivation())  # A ends its turn hurt, but C already used a power in it
    assert not of(out, ev.ChampionPowerOffered)
    assert refused_outside(st)


def refused_outside(st):
    """A champion power is refused outside a decision window."""
    return refused(st, UseChampionPower("C", 1, "A", "")) == "wrong-phase"


def test_CHP_3_two_allies_two_turns_two_uses():
    st = battle("C..\nA.b\nB..", {"C": captain(MEND, rating=3)}, active="A", hp={"A": 30, "B": 30},
                turn_player=0)
    st.creature("C").activated = True
    st, _ = run(st, EndActivation(), UseChampionPower("C", 0, "A", ""))
    st, _ = run(st, Activate("B"), EndActivation())
    assert hot(st) and legal_actions(st) == [UseChampionPower("C", 0, "B", ""), DeclinePower()]
    st, _ = run(st, UseChampionPower("C", 0, "B", ""))
    assert st.creature("C").champion_spent == 2


def test_CHP_3_the_same_turn_twice_is_refused():
    st, _ = run(hit_board(powers=(HITS, AGAIN), rating=3, dice=(10,)), Attack(0, ("b",)))
    st2 = st.copy()
    st2.creature("C").champion_turn = turn_key(st)
    assert refused(st2, UseChampionPower("C", 0, "A", "b")) == "once-per-turn"


def test_CHP_3_a_creature_activated_twice_in_a_round_has_two_turns():
    # Multi-activation: each activation is its own turn, so the champion may answer each once.
    st = battle("C..\nA.b", {"C": captain(MEND, rating=3)}, turn_player=0, hp={"A": 20})
    st.creature("C").activated = True
    st, _ = run(st, Activate("A"), EndActivation(), UseChampionPower("C", 0, "A", ""))
    first = st.creature("C").champion_turn
    st.creature("A").activated = False  # a second activation this round, as Multi-Activation allows
    st.phase, st.turn_player, st.decider, st.activations_left = Phase.ACTIVATE, 0, 0, 1
    st, _ = run(st, Activate("A"), EndActivation())
    assert hot(st) and st.creature("C").champion_turn == first and st.round == 1


def test_CHP_2_the_attacker_side_is_asked_first_then_the_other():
    # A hits b: player 1's champion may add damage; player 2's champion may heal b.
    ward = ChampionPower("Ward", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=5)
    st = battle("C.d\nAb.", {"C": captain(HITS), "d": captain(ward)}, active="A", dice=(10,))
    st, _ = run(st, Attack(0, ("b",)))
    assert st.decider == 0
    st, out = run(st, DeclinePower())
    assert hot(st) and st.decider == 1 and of(out, ev.ChampionPowerOffered) == [ev.ChampionPowerOffered(1, 1)]
    assert legal_actions(st) == [UseChampionPower("d", 0, "b", "A"), DeclinePower()]
    st, out = run(st, UseChampionPower("d", 0, "b", "A"))
    assert st.creature("b").hp == 45 and st.decider == 0 and st.phase is Phase.ACTING


def test_CHP_2_extra_damage_can_win_the_battle():
    st = hit_board(hp={"b": 15})
    st, out = run(st, Attack(0, ("b",)), UseChampionPower("C", 0, "A", "b"))
    assert st.is_over and st.window == ()
    assert of(out, ev.CreatureDestroyed)[0].uid == "b"


def test_CHP_2_saves_replay_the_decision():
    from tactica.saves.codec import decode_action, encode_action
    for a in (UseChampionPower("C", 0, "A", "b"), DeclinePower()):
        assert decode_action(encode_action(a)) == a
    _ = apply, melee


# -- CHP-2: a power whose subject the hit destroyed (a query for clients) -------------

def test_CHP_2_lost_to_destruction_names_a_heal_whose_ally_the_hit_destroyed():
    """b's hit destroys A: Ward (heal when an ally is hit) is not offered, and the query says whose
    destruction kept it back; no window opens."""
    from tactica.engine.champions import lost_to_destruction
    st = battle("C..\nAb.", {"C": captain(WARD)}, active="b", dice=(10,), hp={"A": 5})
    st, out = run(st, Attack(0, ("A",)))
    assert of(out, ev.CreatureDestroyed) and not hot(st)
    assert lost_to_destruction(st, out) == [("C", 0, "A")]


def test_CHP_2_lost_to_destruction_is_empty_when_the_ally_survives_or_the_power_is_unaffordable():
    """The ally survives (the window opens instead), or the champion cannot pay (CHP-1): nothing listed."""
    from tactica.engine.champions import lost_to_destruction
    st, out = run(battle("C..\nAb.", {"C": captain(WARD)}, active="b", dice=(10,), hp={"A": 30}),
                  Attack(0, ("A",)))
    assert hot(st) and lost_to_destruction(st, out) == []
    poor = battle("C..\nAb.", {"C": captain(WARD, rating=1)}, active="b", dice=(10,), hp={"A": 5})
    st, out = run(poor, Attack(0, ("A",)))
    assert of(out, ev.CreatureDestroyed) and lost_to_destruction(st, out) == []


def test_CHP_2_lost_to_destruction_names_extra_damage_on_an_enemy_the_hit_destroyed():
    """A's hit destroys b: Press the Attack (extra damage when an ally hits) has no enemy left."""
    from tactica.engine.champions import lost_to_destruction
    st, out = run(hit_board(hp={"b": 5}), Attack(0, ("b",)))
    assert not hot(st)
    assert lost_to_destruction(st, out) == [("C", 0, "b")]


def test_CHP_2_lost_to_destruction_leaves_out_a_power_whose_ally_was_out_of_its_range():
    """Ward reaches 3 squares: A destroyed 5 squares from C would not have been healed anyway, so the
    query names nothing (counted from the square where A stood, ``CreatureDestroyed.square``); 3
    squares away it does.  Extra damage counts from the living ally (A, the attacker) likewise."""
    from tactica.engine.champions import lost_to_destruction
    far = battle("C......\n.....Ab", {"C": captain(WARD)}, active="b", dice=(10,), hp={"A": 5})
    st, out = run(far, Attack(0, ("A",)))
    assert of(out, ev.CreatureDestroyed)[0].square == (5, 1)
    assert lost_to_destruction(st, out) == []
    near = battle("C.....\n...Ab.", {"C": captain(WARD)}, active="b", dice=(10,), hp={"A": 5})
    st, out = run(near, Attack(0, ("A",)))
    assert lost_to_destruction(st, out) == [("C", 0, "A")]
    press = ChampionPower("Press", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10, range=2)
    st, out = run(battle("C.....\n....Ab", {"C": captain(press)}, active="A", dice=(10,), hp={"b": 5}),
                  Attack(0, ("b",)))
    assert of(out, ev.CreatureDestroyed) and lost_to_destruction(st, out) == []
