"""Check boxes and recharge (CARD-4), special powers (SPW-1)."""
from __future__ import annotations

from tactica.engine import Activate, Attack, Charge, EndActivation, Phase, legal_actions
from tactica.engine.actions import UsePower
from tactica.engine.powers import PowerAction, PowerEffect, PowerTrigger, Recharge, RechargeOn, SpecialPower
from tactica.engine.sandbox import battle, card, melee

from ._util import ev, of, refused, run

SMASH = melee("Smash", bonus=10, damage=20, basic=False, uses=1)
TWICE = melee("Twin Strike", bonus=10, damage=15, basic=False, uses=2)


def brute(*extra, **kw):
    """A card with a basic Sword and the given extra attack lines."""
    return card("Brute", attacks=(melee(),) + extra, **kw)


def attacks_offered(st):
    """Attack-line numbers among the legal actions."""
    return sorted({a.attack for a in legal_actions(st) if isinstance(a, Attack)})


# -- CARD-4: check boxes -------------------------------------------------------------

def test_CARD_4_one_box_is_spent_after_one_use():
    st = battle("Ab", {"A": brute(SMASH)}, active="A", dice=(10,))
    assert attacks_offered(st) == [0, 1]
    st, out = run(st, Attack(1, ("b",)))
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Smash", 0)]
    assert st.creature("A").used == (("attack:Smash", 1),)
    again = st.copy()
    again.attack_used = False
    assert attacks_offered(again) == [0]
    assert refused(again, Attack(1, ("b",))) == "no-uses"


def test_CARD_4_two_boxes_two_uses_even_on_a_miss():
    st = battle("Ab", {"A": brute(TWICE)}, active="A", dice=(2, 2))
    st, out = run(st, Attack(1, ("b",)))
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Twin Strike", 1)]
    st.attack_used = False
    st, out = run(st, Attack(1, ("b",)))
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Twin Strike", 0)]
    st.attack_used = False
    assert attacks_offered(st) == [0]


def test_CARD_4_a_charge_ticks_a_box_of_its_basic_melee_line_and_a_spent_one_cannot_charge():
    hook = melee("Hook", bonus=10, damage=5, uses=1)   # a basic melee line with one check box
    st = battle("A...b", {"A": card("Brute", attacks=(hook,))}, active="A", dice=(10,))
    st, out = run(st, Charge("b", ((1, 0), (2, 0), (3, 0))))
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Hook", 0)]
    again = battle("A...b", {"A": card("Brute", attacks=(hook,))}, active="A")
    again.creature("A").used = (("attack:Hook", 1),)
    assert refused(again, Charge("b", ((1, 0), (2, 0), (3, 0)))) == "no-uses"
    assert not [a for a in legal_actions(again) if isinstance(a, Charge)]


def test_CARD_4_unlimited_lines_tick_nothing():
    st, out = run(battle("Ab", active="A", dice=(10,)), Attack(0, ("b",)))
    assert not of(out, ev.UseSpent) and st.creature("A").used == ()


def test_CARD_4_recharge_when_bloodied_only_after_use():
    smash = melee("Smash", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.BLOODIED))
    # Not spent: becoming bloodied recharges nothing.
    st = battle("Ab", {"A": brute(smash)}, active="b", dice=(10,), hp={"A": 30})
    st, out = run(st, Attack(0, ("A",)))
    assert st.creature("A").bloodied and not of(out, ev.PowerRecharged)
    # Spent: becoming bloodied refills the box.
    st = battle("Ab", {"A": brute(smash)}, active="b", dice=(10,), hp={"A": 30})
    st.creature("A").used = (("attack:Smash", 1),)
    st, out = run(st, Attack(0, ("A",)))
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Smash", "bloodied")]
    assert st.creature("A").used == ()
    # Already bloodied: another hit is not "becoming" bloodied.
    st2 = battle("Ab", {"A": brute(smash)}, active="b", dice=(10,), hp={"A": 20})
    st2.creature("A").used = (("attack:Smash", 1),)
    st2, out = run(st2, Attack(0, ("A",)))
    assert not of(out, ev.PowerRecharged)


def test_CARD_4_recharge_roll_at_start_of_turn():
    smash = melee("Smash", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.ROLL, 16))
    for face, ok in ((15, False), (16, True)):
        st = battle("A.b", {"A": brute(smash)}, turn_player=0, dice=(face,))
        st.creature("A").used = (("attack:Smash", 1),)
        st, out = run(st, Activate("A"))
        assert of(out, ev.RechargeRolled) == [ev.RechargeRolled("A", "Smash", face, 16, ok)]
        assert (st.creature("A").used == ()) is ok
    # Nothing spent: no roll at all (the scripted dice would run out).
    st = battle("A.b", {"A": brute(smash)}, turn_player=0)
    st, out = run(st, Activate("A"))
    assert not of(out, ev.RechargeRolled)


def test_CARD_4_recharge_when_ally_destroyed_and_when_it_destroys_an_enemy():
    rally = melee("Vengeance", bonus=10, damage=20, basic=False, uses=1,
                  recharge=Recharge(RechargeOn.ALLY_DESTROYED))
    st = battle("Ab\nB.", {"A": brute(rally)}, active="b", dice=(10,), hp={"B": 10})
    st.creature("A").used = (("attack:Vengeance", 1),)
    st, out = run(st, Attack(0, ("B",)))
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Vengeance", "ally destroyed")]
    reaper = melee("Reap", bonus=10, damage=10, basic=True, uses=1, recharge=Recharge(RechargeOn.DESTROYS_ENEMY))
    extra = battle("Ab\n.c", {"A": card("Reaper", attacks=(reaper,))}, active="A", dice=(10,),
                   hp={"b": 10})
    extra, out = run(extra, Attack(0, ("b",)))
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Reap", 0)]
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Reap", "destroys enemy")]


# -- SPW-1: special powers ------------------------------------------------------------

SECOND_WIND = SpecialPower("Second Wind", PowerAction.MOVE, PowerEffect.HEAL, amount=10, uses=1)
MEND = SpecialPower("Mend", PowerAction.ATTACK, PowerEffect.HEAL, amount=15, range=3)
SHAKE = SpecialPower("Shake Off", PowerAction.MOVE, PowerEffect.CLEAR)
LAST_STAND = SpecialPower("Last Stand", PowerAction.TRIGGERED, PowerEffect.HEAL, amount=10,
                          trigger=PowerTrigger.BLOODIED, uses=1)


def test_SPW_1_move_action_power_on_its_own_turn():
    st = battle("A.b", {"A": card("Vet", special_powers=(SECOND_WIND,))}, active="A", hp={"A": 30})
    assert UsePower(0, "A") in legal_actions(st)
    st, out = run(st, UsePower(0, "A"))
    assert of(out, ev.SpecialPowerUsed) == [ev.SpecialPowerUsed("A", "Second Wind", "A", "move")]
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 10, 40, "power")]
    assert st.move_used and not st.attack_used
    assert UsePower(0, "A") not in legal_actions(st)  # its one box is ticked
    assert refused(st, UsePower(0, "A")) == "no-uses"


def test_SPW_1_move_power_may_use_the_attack_action_instead():
    st = battle("A.b", {"A": card("Vet", special_powers=(SHAKE,))}, active="A", conditions={"A": {"dazed"}})
    st, _ = run(st, UsePower(0, "A"))
    assert st.move_used and not st.attack_used and st.creature("A").conditions == frozenset()


def test_SPW_1_attack_action_power_heals_an_ally_in_range():
    st = battle("A..B\n....\n...b", {"A": card("Priest", special_powers=(MEND,))}, active="A",
                hp={"A": 40, "B": 20})
    assert [a for a in legal_actions(st) if isinstance(a, UsePower)] == [UsePower(0, "A"), UsePower(0, "B")]
    st, out = run(st, UsePower(0, "B"))
    assert st.creature("B").hp == 35 and st.attack_used
    assert not [a for a in legal_actions(st) if isinstance(a, Attack)]


def test_SPW_1_power_only_where_it_helps_and_in_range():
    st = battle("A....B\n.....b", {"A": card("Priest", special_powers=(MEND,))}, active="A", hp={"B": 20})
    assert refused(st, UsePower(0, "B")) == "bad-target"  # 5 squares away, range 3
    assert refused(st, UsePower(0, "A")) == "bad-target"  # at full HP


def test_SPW_1_staggered_no_attack_powers_confused_none():
    st = battle("A.b", {"A": card("Priest", special_powers=(MEND, SECOND_WIND))}, active="A",
                hp={"A": 20}, conditions={"A": {"staggered"}})
    assert [a for a in legal_actions(st) if isinstance(a, UsePower)] == [UsePower(1, "A")]
    assert refused(st, UsePower(0, "A")) == "basic-only"
    st = battle("A.b", {"A": card("Priest", special_powers=(MEND, SECOND_WIND))}, active="A",
                hp={"A": 20}, conditions={"A": {"confused"}})
    assert not [a for a in legal_actions(st) if isinstance(a, UsePower)]
    assert refused(st, UsePower(1, "A")) == "no-powers"


def test_SPW_1_triggered_power_happens_by_itself():
    st = battle("Ab", {"A": card("Vet", special_powers=(LAST_STAND,))}, active="b", dice=(10, 10), hp={"A": 30})
    assert refused(battle("A.b", {"A": card("Vet", special_powers=(LAST_STAND,))}, active="A", hp={"A": 20}),
                   UsePower(0, "A")) == "triggered"
    st, out = run(st, Attack(0, ("A",)))  # 30 -> 20: bloodied
    assert of(out, ev.SpecialPowerUsed) == [ev.SpecialPowerUsed("A", "Last Stand", "A", "triggered")]
    assert st.creature("A").hp == 30
    st.attack_used = False
    st, out = run(st, Attack(0, ("A",)))  # 30 -> 20 again, but its one box is ticked
    assert not of(out, ev.SpecialPowerUsed) and st.creature("A").hp == 20


def test_SPW_1_start_of_turn_trigger_and_not_on_another_turn():
    regrow = SpecialPower("Regrow", PowerAction.TRIGGERED, PowerEffect.HEAL, amount=5,
                          trigger=PowerTrigger.START_OF_TURN, uses=2)
    st = battle("A.b", {"A": card("Tree", special_powers=(regrow,))}, turn_player=0, hp={"A": 30})
    st, out = run(st, Activate("A"))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 5, 35, "power")]
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Regrow", 1)]
    # On the other player's activation nothing happens to A.
    st, out = run(st, EndActivation())
    assert st.phase is Phase.ACTIVATE and st.turn_player == 1
    st, out = run(st, Activate("b"))
    assert not of(out, ev.SpecialPowerUsed)
