"""Conditions with durations, saving throws, ongoing damage and the confusion table.

EFF-1..3, SAV-1, CON-1, CON-2, CON-4, CON-6, CON-7 and docs/rules.md ("Ongoing
damage", "Durations", the April 2008 confused table).  Fixed dice, exact
outcomes.
"""
from __future__ import annotations

from tactica.engine import Activate, Attack, ChooseFirstPlayer, EndActivation, Move, Phase, legal_actions
from tactica.engine import events as ev
from tactica.engine.combat import flanking, modifiers
from tactica.engine.model import ConditionEffect, Duration
from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.engine.state import ActiveEffect

from ._util import of, refused, run


def _hitter(condition: str, duration: Duration = Duration.NEXT_TURN, **kw):
    return card("Hitter", attacks=(melee("Grip", effects=(ConditionEffect(condition, duration),), **kw),))


def _ended(out):
    return [(e.uid, e.condition, e.reason) for e in of(out, ev.ConditionEnded)]


def test_eff_01_condition_lasts_until_the_end_of_the_targets_next_turn():
    st = battle("Ab", {"A": _hitter("dazed")}, active="A", dice=(12, 12, 10))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.ConditionApplied) == [ev.ConditionApplied("b", "dazed", "end of next turn", "A")]
    st, out = run(st, EndActivation())                 # A's turn ends: b is still dazed
    assert st.creature("b").conditions == {"dazed"} and not of(out, ev.ConditionEnded)
    st, out = run(st, Activate("b"))
    assert "dazed" in st.creature("b").conditions      # during its next turn too
    st, out = run(st, EndActivation())
    assert _ended(out) == [("b", "dazed", "duration")]
    assert out.index(of(out, ev.ConditionEnded)[0]) < out.index(ev.ActivationEnded("b"))
    assert st.creature("b").conditions == frozenset()


def test_eff_01_condition_gained_during_its_own_turn_lasts_through_the_next_one():
    st = battle("Ab..", {"A": _hitter("dazed")}, active="b", dice=(12, 15, 3))
    st, out = run(st, Move(((2, 0),)))                 # A's opportunity attack dazes b
    assert of(out, ev.ConditionApplied)[0].uid == "b"
    st, out = run(st, EndActivation())
    assert not of(out, ev.ConditionEnded) and "dazed" in st.creature("b").conditions
    st, out = run(st, Activate("A"), EndActivation(), ChooseFirstPlayer(1), Activate("b"))
    assert "dazed" in st.creature("b").conditions
    st, out = run(st, EndActivation())
    assert _ended(out) == [("b", "dazed", "duration")]


def test_eff_02_until_the_end_of_the_source_players_next_turn():
    st = battle("Ab", {"A": _hitter("slowed", Duration.PLAYER_NEXT_TURN)}, active="A", dice=(12, 15, 3))
    st, out = run(st, Attack(0, ("b",)), EndActivation())
    assert "slowed" in st.creature("b").conditions and not of(out, ev.ConditionEnded)
    st, out = run(st, Activate("b"), EndActivation())  # b's own turn does not end it
    assert "slowed" in st.creature("b").conditions
    st, out = run(st, ChooseFirstPlayer(0), Activate("A"), EndActivation())
    assert _ended(out) == [("b", "slowed", "duration")]
    assert out.index(of(out, ev.ConditionEnded)[0]) < out.index(ev.TurnEnded(0))


def test_eff_02_until_the_end_of_the_round_after_scoring():
    st = battle("Ab", {"A": _hitter("immobilized", Duration.ROUND)}, active="A", dice=(12, 15, 3))
    st, out = run(st, Attack(0, ("b",)), EndActivation(), Activate("b"))
    assert st.creature("b").speed == 0
    st, out = run(st, EndActivation())
    kinds = [type(e) for e in out]
    assert kinds.index(ev.RoundEnded) < kinds.index(ev.ConditionEnded) < kinds.index(ev.RoundStarted)
    assert _ended(out) == [("b", "immobilized", "duration")]


def test_eff_02_until_the_end_of_the_battle_never_ends():
    st = battle("Ab", {"A": _hitter("slowed", Duration.BATTLE)}, active="A",
                dice=(12, 15, 3, 15, 3))
    st, out = run(st, Attack(0, ("b",)), EndActivation(), Activate("b"), EndActivation(),
                  ChooseFirstPlayer(0), Activate("A"), EndActivation(), Activate("b"), EndActivation())
    assert st.round == 3 and "slowed" in st.creature("b").conditions
    assert not of(out, ev.ConditionEnded)


def test_eff_03_condition_outlives_the_creature_that_caused_it():
    board = "cAb.\n....\n...D"
    st = battle(board, {"A": _hitter("dazed")}, active="A", hp={"A": 10}, dice=(12, 12))
    st, out = run(st, Attack(0, ("b",)), Move(((1, 1),)))   # c's opportunity attack destroys A
    assert st.creature("A").destroyed
    st, out = run(st, Activate("D"), EndActivation(), Activate("b"))
    assert "dazed" in st.creature("b").conditions
    st, out = run(st, EndActivation())
    assert _ended(out) == [("b", "dazed", "duration")]


def test_sav_01_one_unmodified_d20_per_save_ends_effect_ten_or_more_ends_it():
    effects = (ActiveEffect("immobilized", Duration.SAVE_ENDS),
               ActiveEffect("ongoing", Duration.SAVE_ENDS, amount=5, damage_type="fire"),
               ActiveEffect("dazed", Duration.SAVE_ENDS))
    st = battle("A.b", turn_player=1, effects={"b": effects}, dice=(9, 10, 20))
    st, out = run(st, Activate("b"))
    assert not [a for a in legal_actions(st) if isinstance(a, Move)]
    st, out = run(st, EndActivation())
    assert of(out, ev.SavingThrowRolled) == [ev.SavingThrowRolled("b", "immobilized", 9, False),
                                             ev.SavingThrowRolled("b", "ongoing", 10, True),
                                             ev.SavingThrowRolled("b", "dazed", 20, True)]
    assert _ended(out) == [("b", "ongoing", "save"), ("b", "dazed", "save")]
    assert [e.name for e in st.creature("b").effects] == ["immobilized"]
    assert st.round_had_combat                          # a forced save counts (SCN-TIE)


def test_sav_01_no_save_for_other_durations():
    st = battle("A.b", turn_player=1, conditions={"b": {"slowed"}})
    st, out = run(st, Activate("b"), EndActivation())   # no dice prepared: none rolled
    assert not of(out, ev.SavingThrowRolled)


def test_eff_ongoing_damage_at_start_of_turn_types_add_same_type_highest_only():
    effects = (ActiveEffect("ongoing", amount=5, damage_type="fire"),
               ActiveEffect("ongoing", amount=10, damage_type="fire"),
               ActiveEffect("ongoing", amount=5, damage_type="cold"))
    st = battle("A.b", turn_player=1, effects={"b": effects})
    st, out = run(st, Activate("b"))
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 10, "fire", 40, False, "ongoing"),
                                       ev.DamageDealt("b", 5, "cold", 35, False, "ongoing")]
    assert out.index(ev.CreatureActivated("b")) < out.index(of(out, ev.DamageDealt)[0])
    assert st.creature("b").conditions == frozenset()   # ongoing damage is not a condition


def test_eff_ongoing_damage_that_destroys_ends_the_activation():
    effects = (ActiveEffect("ongoing", amount=5, source="A", source_player=0),)
    st = battle("A.b\n..c", turn_player=1, effects={"b": effects}, hp={"b": 5})
    st, out = run(st, Activate("b"))
    assert st.creature("b").destroyed
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 20, "destroyed", 20)]
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("b")]
    assert st.phase is Phase.ACTIVATE and [a.uid for a in legal_actions(st)] == ["c"]


def _confused(face, board="Abc.", **kw):
    st = battle(board, turn_player=1, conditions={"b": {"confused"}}, dice=(face,) + kw.pop("more", ()),
                **kw)
    return run(st, Activate("b"))


def test_con_06_confused_roll_1_to_5_own_player_controls_it():
    st, out = _confused(5)
    assert of(out, ev.ConfusionRolled) == [ev.ConfusionRolled("b", 5, "own control", 1)]
    assert st.decider == 1 and st.creature("b").player == 1
    assert any(isinstance(a, Move) for a in legal_actions(st))
    assert Attack(0, ("A",)) in legal_actions(st)


def test_con_06_confused_roll_6_to_15_no_action():
    for face in (6, 15):
        st, out = _confused(face)
        assert of(out, ev.ConfusionRolled)[0].result == "no action"
        assert legal_actions(st) == [EndActivation()]
        assert refused(st, Move(((1, 1),))) == "cannot-act"
        assert refused(st, Attack(0, ("A",))) == "cannot-act"
        st, _ = run(st, EndActivation())
        assert not st.no_action


def test_con_06_confused_roll_16_to_20_opponent_controls_it_for_the_rest_of_its_turn():
    st, out = _confused(16, more=(12,))
    assert of(out, ev.ConfusionRolled) == [ev.ConfusionRolled("b", 16, "opponent control", 0)]
    b = st.creature("b")
    assert st.decider == 0 and (b.player, b.owner, b.warband_player) == (0, 1, 1)
    assert refused(st, Attack(0, ("A",))) == "ally"     # A is now on its side
    assert Attack(0, ("c",)) in legal_actions(st)
    st, out = run(st, Attack(0, ("c",)))
    assert of(out, ev.DamageDealt)[0].target == "c"
    st, out = run(st, EndActivation())
    b = st.creature("b")
    assert (b.player, b.owner, st.decider, st.turn_player) == (1, None, 1, 1)


def test_con_06_destroyed_while_the_opponent_controls_it_scores_for_the_opponent():
    st, out = _confused(20, board="A...\n.bc.\n....", hp={"b": 10}, more=(12,))
    st, out = run(st, Move(((0, 2),)))                  # c, now an enemy of b, attacks it
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("c", "b", "move")]
    assert st.creature("b").destroyed and st.creature("b").player == 1
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 20, "destroyed", 20)]
    assert st.decider == 1 and st.phase is not Phase.OVER


def test_con_01_dazed_grants_combat_advantage_cannot_flank_no_opportunity_attacks():
    st = battle(".....\n.A...\n..g..\n...B.", active="A", conditions={"g": {"dazed"}, "B": {"dazed"}},
                dice=(12,))
    me, g = st.creature("A"), st.creature("g")
    assert modifiers(st, me, g, me.card.attacks[0]) == (("combat advantage", 2),)
    assert not flanking(st, st.creature("B"), g)
    st, out = run(st, Move(((0, 0),)))                   # leaves g's reach: dazed g does not strike
    assert not of(out, ev.OpportunityAttackProvoked)


def test_con_02_staggered_basic_attack_or_move_only_no_opportunity_attacks():
    brute = card("Brute", attacks=(melee("Club"), melee("Maul", basic=False)))
    st = battle("Ab..\n....", {"A": brute}, active="A", conditions={"A": {"staggered"}})
    assert refused(st, Attack(1, ("b",))) == "basic-only"
    st2 = battle("Ab..\n....", active="A", conditions={"b": {"staggered"}})
    st2, out = run(st2, Move(((0, 1),)))
    assert not of(out, ev.OpportunityAttackProvoked)


def test_con_04_helpless_melee_autocrit_others_plus_four_inactive():
    st = battle("Ab.\n...\nC..", {"C": card("Archer", attacks=(ranged("Bow"),))}, active="A",
                conditions={"b": {"helpless"}}, dice=(2,))
    c, b = st.creature("C"), st.creature("b")
    assert ("target helpless", 4) in modifiers(st, c, b, c.card.attacks[0])
    assert not b.active and not b.can_make_opportunity_attacks
    st, out = run(st, Attack(0, ("b",)))
    r = of(out, ev.AttackRolled)[0]
    assert r.natural == 2 and r.hit and r.critical
    assert of(out, ev.DamageDealt)[0].amount == 20


def test_con_07_enervated_attacks_deal_half_damage_rounded_down_to_five():
    weak = card("Weak", attacks=(melee("Axe", damage=25),))
    st = battle("Ab", {"A": weak}, active="A", conditions={"A": {"enervated"}}, dice=(12,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt)[0].amount == 10      # 25 / 2 = 12.5 -> 10
    st = battle("Ab", {"A": weak}, active="A", conditions={"A": {"enervated"}}, dice=(20,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt)[0].amount == 25      # critical 50, then halved
    st = battle("Ab", {"A": weak}, active="A", dice=(12,))
    assert of(run(st, Attack(0, ("b",)))[1], ev.DamageDealt)[0].amount == 25


# -- attack effects (ATK-3, ATK-5, ATK-7) ---------------------------------------------------

def test_atk_03_effects_apply_on_a_hit_and_miss_effects_on_a_miss():
    from tactica.engine.model import OngoingEffect, Trigger
    fist = melee("Fist", effects=(ConditionEffect("dazed"), OngoingEffect(5, "fire"),
                                  ConditionEffect("slowed", on=Trigger.MISS)))
    st = battle("Ab", {"A": card("Monk", attacks=(fist,))}, active="A", dice=(12,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.ConditionApplied) == [
        ev.ConditionApplied("b", "dazed", "end of next turn", "A"),
        ev.ConditionApplied("b", "ongoing", "save ends", "A", 5, "fire")]
    st = battle("Ab", {"A": card("Monk", attacks=(fist,))}, active="A", dice=(2,))
    st, out = run(st, Attack(0, ("b",)))
    assert [e.condition for e in of(out, ev.ConditionApplied)] == ["slowed"]


def test_atk_05_critical_hit_doubles_damage_not_effects():
    ray = card("Mage", attacks=(ranged("Ray", bonus=0, damage=15, damage_bonus=10, damage_type="cold",
                                       basic=True, effects=(ConditionEffect("slowed"),)),))
    st = battle("A...b", {"A": ray, "b": card("Wall", ac=50, hp=100)}, active="A", dice=(20,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 50, "cold", 50, True)]
    assert of(out, ev.ConditionApplied) == [ev.ConditionApplied("b", "slowed", "end of next turn", "A")]
    assert [e.name for e in st.creature("b").effects] == ["slowed"]


def test_atk_07_follow_up_attack_after_the_first_attack_is_done():
    from tactica.engine.model import FollowUpEffect
    claws = melee("Claws", damage=10, effects=(FollowUpEffect("Bite"),))
    bite = melee("Bite", bonus=4, damage=5, basic=False, secondary=True)
    beast = card("Beast", attacks=(claws, bite))
    st = battle("Ab", {"A": beast}, active="A", dice=(12, 11))
    assert [a for a in legal_actions(st) if isinstance(a, Attack)] == [Attack(0, ("b",))]
    assert refused(st, Attack(1, ("b",))) == "secondary"
    st, out = run(st, Attack(0, ("b",)))
    rolls = [(r.attack, r.kind, r.hit) for r in of(out, ev.AttackRolled)]
    assert rolls == [("Claws", "attack", True), ("Bite", "follow-up", True)]
    assert [d.amount for d in of(out, ev.DamageDealt)] == [10, 5]
    st = battle("Ab", {"A": beast}, active="A", dice=(3,))       # a miss: no follow-up
    st, out = run(st, Attack(0, ("b",)))
    assert [r.attack for r in of(out, ev.AttackRolled)] == ["Claws"]
