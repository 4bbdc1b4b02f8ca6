"""Keyword abilities (MOV-9..11, ABL-1, ABL-2, ATK-8) with fixed dice and exact outcomes.

Default sandbox creatures: AC 15, 50 HP, a +8 melee attack for 10, speed 6.
"""
from __future__ import annotations

from tactica.engine import Activate, Attack, Charge, EndActivation, Move, legal_actions
from tactica.engine import events as ev
from tactica.engine.abilities import (
    Burrow,
    Flight,
    Immune,
    Insubstantial,
    MultipleThreats,
    Phasing,
    PowerfulCharge,
    Regeneration,
    Resist,
    SneakAttack,
    ThreateningReach,
    Vulnerable,
)
from tactica.engine.combat import modifiers
from tactica.engine.model import ConditionEffect, OngoingEffect
from tactica.engine.movement import routes
from tactica.engine.sandbox import battle, card, melee, ranged

from ._util import of, refused, run

FLIER = card("Bat", abilities=(Flight(),))


def _damage(out):
    return [(d.target, d.amount, d.adjustments) for d in of(out, ev.DamageDealt)]


# -- MOV-10 Flight --------------------------------------------------------------

def test_mov_10_flight_passes_non_flying_enemies_not_slowed_walls_still_block():
    st = battle("A^b^.", {"A": FLIER}, active="A")
    found = routes(st, st.creature("A"), 6)
    assert found[(4, 0)].path == ((1, 0), (2, 0), (3, 0), (4, 0)) and found[(4, 0)].cost == 4
    assert (2, 0) not in found                                      # over b, never on it
    walker = battle("A^b^.", active="A")
    assert (4, 0) not in routes(walker, walker.creature("A"), 6)
    flying_foe = battle("A^b^.", {"A": FLIER, "b": FLIER}, active="A")
    assert (4, 0) not in routes(flying_foe, flying_foe.creature("A"), 6)
    walled = battle("A#.", {"A": FLIER}, active="A")
    assert refused(walled, Move(((1, 0),))) == "wall"


def test_mov_10_flight_provokes_non_fliers_only_on_take_off():
    board = ".b....\nA.....\n...c.."
    path = ((1, 1), (2, 1), (3, 1), (4, 1))
    st = battle(board, {"A": FLIER}, active="A", dice=(1,))
    _, out = run(st, Move(path))
    assert [p.attacker for p in of(out, ev.OpportunityAttackProvoked)] == ["b"]
    walker = battle(board, active="A", dice=(1, 1))
    _, out = run(walker, Move(path))
    assert [p.attacker for p in of(out, ev.OpportunityAttackProvoked)] == ["b", "c"]
    flying_c = battle(board, {"A": FLIER, "c": FLIER}, active="A", dice=(1, 1))
    _, out = run(flying_c, Move(path))
    assert [p.attacker for p in of(out, ev.OpportunityAttackProvoked)] == ["b", "c"]


# -- MOV-9 Burrow ----------------------------------------------------------------

def test_mov_09_burrow_passes_enemies_ignores_terrain_provokes_nothing():
    mole = card("Mole", abilities=(Burrow(),))
    st = battle("Ab^O.\n.....", {"A": mole}, active="A")
    st2, out = run(st, Move(((1, 0), (2, 0), (3, 0), (4, 0))))
    assert st2.creature("A").pos == (4, 0) and not of(out, ev.OpportunityAttackProvoked)
    assert routes(st, st.creature("A"), 6)[(4, 0)].cost == 4
    assert refused(st, Move(((1, 0), (2, 0), (3, 0)))) == "pit"     # may pass a pit, not stop in it
    assert refused(battle("A#.", {"A": mole}, active="A"), Move(((1, 0),))) == "wall"


# -- MOV-11 Phasing --------------------------------------------------------------

def test_mov_11_phasing_passes_enemies_ignores_terrain_but_provokes():
    ghost = card("Ghost", abilities=(Phasing(),))
    st = battle("Ab^..\n.....", {"A": ghost}, active="A", dice=(1,))
    assert refused(st, Move(((1, 0),))) == "occupied"              # must end legally
    st2, out = run(st, Move(((1, 0), (2, 0), (3, 0))))
    assert st2.creature("A").pos == (3, 0)
    assert [p.attacker for p in of(out, ev.OpportunityAttackProvoked)] == ["b"]
    assert routes(st, st.creature("A"), 6)[(3, 0)].cost == 3


# -- ABL-1 Resist, Vulnerable, Immune, Insubstantial, Regeneration -----------------

def test_abl_01_resist_all_totals_the_damage_first():
    flame = card("Flame", attacks=(melee("Brand", damage=10, damage_bonus=10, damage_type="fire"),))
    st = battle("Ab", {"A": flame, "b": card("Stone", abilities=(Resist(20, "all"),))}, active="A",
                dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 0, (("resist", -20),))] and st.creature("b").hp == 50
    st = battle("Ab", {"A": flame, "b": card("Salamander", abilities=(Resist(10, "fire"),))},
                active="A", dice=(15,))
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10, (("resist", -10),))]
    plain = battle("Ab", {"b": card("Salamander", abilities=(Resist(10, "fire"),))}, active="A", dice=(15,))
    _, out = run(plain, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10, ())]                          # untyped damage: fire resist no help


def test_abl_01_vulnerable_and_immune_damage_types():
    holy = card("Priest", attacks=(melee("Smite", damage=10, damage_type="radiant"),))
    st = battle("Ab", {"A": holy, "b": card("Wight", abilities=(Vulnerable(5, "radiant"),))},
                active="A", dice=(15,))
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 15, (("vulnerable", 5),))]
    st = battle("Ab", {"A": holy, "b": card("Angel", abilities=(Immune(damage_type="radiant"),))},
                active="A", dice=(15,))
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 0, (("immune", -10),))]


def test_abl_01_immune_to_a_condition_never_gets_it():
    dazer = card("Dazer", attacks=(melee("Bash", effects=(ConditionEffect("dazed"),)),))
    st = battle("Ab", {"A": dazer, "b": card("Golem", abilities=(Immune(condition="dazed"),))},
                active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.ConditionPrevented) == [ev.ConditionPrevented("b", "dazed")]
    assert not of(out, ev.ConditionApplied) and st.creature("b").conditions == frozenset()


def test_abl_01_insubstantial_halves_attack_damage_not_ongoing():
    big = card("Ogre", attacks=(melee("Club", damage=25, effects=(OngoingEffect(10, "fire"),)),))
    st = battle("Ab", {"A": big, "b": card("Shade", abilities=(Insubstantial(),))}, active="A",
                dice=(15,))
    st, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10, (("insubstantial", -15),))]   # 25 -> half, multiple of 5
    st, out = run(st, EndActivation(), Activate("b"))
    assert [(d.amount, d.cause) for d in of(out, ev.DamageDealt)] == [(10, "ongoing")]


def test_abl_01_regeneration_at_the_start_of_its_turn_up_to_its_hp():
    troll = card("Troll", abilities=(Regeneration(5),))
    st = battle("A.b", {"b": troll}, turn_player=1, hp={"b": 40})
    st, out = run(st, Activate("b"))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("b", 5, 45)] and st.creature("b").hp == 45
    st = battle("A.b", {"b": troll}, turn_player=1, hp={"b": 48})
    st, out = run(st, Activate("b"))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("b", 2, 50)]


# -- Threatening Reach, Multiple Threats --------------------------------------------

def test_oa_01_threatening_reach_strikes_movers_two_squares_away():
    board = "A.b...\n......"
    st = battle(board, {"b": card("Pikeman", abilities=(ThreateningReach(),))}, active="A", dice=(12,))
    _, out = run(st, Move(((0, 1),)))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    assert _damage(out) == [("A", 10, ())]                          # 12 + 8 vs AC 15
    plain = battle(board, active="A")
    _, out = run(plain, Move(((0, 1),)))
    assert not of(out, ev.OpportunityAttackProvoked)


def test_ca_01_multiple_threats_has_combat_advantage_against_adjacent_enemies():
    cards = {"A": card("Hydra", abilities=(MultipleThreats(),),
                       attacks=(melee(), ranged("Spit", basic=False)))}
    st = battle("Ab.\n...\n..c", cards, active="A", dice=(5,))
    me = st.creature("A")
    assert modifiers(st, me, st.creature("b"), me.card.attacks[0]) == (("combat advantage", 2),)
    assert modifiers(st, me, st.creature("c"), me.card.attacks[1]) == ()
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit                            # 5 + 8 + 2 = 15


# -- Sneak Attack, Powerful Charge, stacking (ATK-8, ABL-2) ---------------------------

FLANK = ".....\n.A...\n..g..\n...B.\n....."


def test_atk_08_sneak_attack_adds_damage_with_combat_advantage_only():
    rogue = {"A": card("Rogue", abilities=(SneakAttack(10),))}
    _, out = run(battle(FLANK, rogue, active="A", dice=(10,)), Attack(0, ("g",)))
    assert _damage(out) == [("g", 20, (("sneak-attack", 10),))]
    alone = battle(".....\n.A...\n..g..\n.....\n.....", rogue, active="A", dice=(10,))
    _, out = run(alone, Attack(0, ("g",)))
    assert _damage(out) == [("g", 10, ())]
    _, out = run(battle(FLANK, rogue, active="A", dice=(20,)), Attack(0, ("g",)))
    assert _damage(out) == [("g", 40, (("sneak-attack", 20),))]       # a crit doubles it too


def test_abl_02_different_abilities_add_the_same_one_twice_does_not():
    both = card("Raider", abilities=(SneakAttack(10), PowerfulCharge(10)))
    st = battle("A.....\n......\n....g.", {"A": both}, active="A", dice=(10,), conditions={"g": {"dazed"}})
    charge = next(a for a in legal_actions(st) if isinstance(a, Charge))
    _, out = run(st, charge)
    assert _damage(out) == [("g", 30, (("sneak-attack", 10), ("powerful-charge", 10)))]
    twice = card("Twin", abilities=(SneakAttack(10), SneakAttack(10)))
    _, out = run(battle(FLANK, {"A": twice}, active="A", dice=(10,)), Attack(0, ("g",)))
    assert _damage(out) == [("g", 20, (("sneak-attack", 10),))]
    bigger = card("Twin", abilities=(SneakAttack(5), SneakAttack(10)))
    _, out = run(battle(FLANK, {"A": bigger}, active="A", dice=(10,)), Attack(0, ("g",)))
    assert _damage(out) == [("g", 20, (("sneak-attack", 10),))]


def test_abl_02_resists_of_different_types_add_the_same_twice_counts_once():
    flame = card("Flame", attacks=(melee("Brand", damage=30, damage_type="fire"),))
    both = card("Stone", abilities=(Resist(10, "fire"), Resist(5, "all")))
    _, out = run(battle("Ab", {"A": flame, "b": both}, active="A", dice=(15,)), Attack(0, ("b",)))
    assert _damage(out) == [("b", 15, (("resist", -10), ("resist", -5)))]
    twice = card("Stone", abilities=(Resist(10, "fire"), Resist(10, "fire")))
    _, out = run(battle("Ab", {"A": flame, "b": twice}, active="A", dice=(15,)), Attack(0, ("b",)))
    assert _damage(out) == [("b", 20, (("resist", -10),))]
