"""CL-11 movement powers (shift N, teleport N, slide an ally, Flyby Attack) and CL-14 forms and
stances -- docs/rules.md ch. 14.

Default sandbox creatures: AC 15, DEF 13, 50 HP, a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from tactica.engine import (
    Attack,
    EndActivation,
    ForceMove,
    Form,
    Move,
    Phase,
    PowerAction,
    PowerEffect,
    Recharge,
    RechargeOn,
    SpecialPower,
    UsePower,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine.abilities import FlybyAttack, Resist
from tactica.engine.sandbox import battle, card, melee

from ._util import of, refused, run

SLIP = SpecialPower("Slip Away", PowerAction.MOVE, PowerEffect.SHIFT, distance=3)
BLINK = SpecialPower("Blink", PowerAction.MOVE, PowerEffect.TELEPORT, distance=4, uses=1)
NUDGE = SpecialPower("Guiding Hand", PowerAction.ATTACK, PowerEffect.SLIDE, range=3, distance=2)


def test_cl_11_shift_n_moves_itself_without_opportunity_attacks():
    st = battle("bA....", {"A": card("Skirmisher", special_powers=(SLIP,))}, active="A")
    after, out = run(st, UsePower(0, "A"))
    assert after.phase is Phase.FORCED and after.decider == 0
    choices = [a for a in legal_actions(after) if isinstance(a, ForceMove)]
    assert ForceMove("A", ((2, 0), (3, 0), (4, 0))) in choices and all(len(a.path) <= 3 for a in choices)
    done, out = run(after, ForceMove("A", ((2, 0), (3, 0), (4, 0))))
    assert done.creature("A").pos == (4, 0) and not of(out, ev.OpportunityAttackProvoked)
    assert of(out, ev.CreatureForced)[0].kind == "shift"
    assert done.phase is Phase.ACTING and done.move_used and not done.attack_used
    # an immobilized creature cannot shift itself (CON-5): the power is not offered
    held = battle("bA....", {"A": card("Skirmisher", special_powers=(SLIP,))}, active="A",
                  conditions={"A": {"immobilized"}})
    assert not any(isinstance(a, UsePower) for a in legal_actions(held))
    assert refused(held, UsePower(0, "A")) == "bad-target"


def test_cl_11_teleport_n_needs_line_of_sight_to_the_square_and_ticks_its_box():
    st = battle("A.#..\n..#..\n....b", {"A": card("Blinker", special_powers=(BLINK,))}, active="A")
    after, out = run(st, UsePower(0, "A"))
    assert [(u.name, u.left) for u in of(out, ev.UseSpent)] == [("Blink", 0)]
    squares = {a.path[-1] for a in legal_actions(after) if isinstance(a, ForceMove) and a.path}
    assert squares == {(1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2), (3, 2)}  # not behind the wall
    done, out = run(after, ForceMove("A", ((3, 2),)))
    assert done.creature("A").pos == (3, 2)
    assert refused(done, UsePower(0, "A")) in ("no-uses", "no-action-left")


def test_cl_11_slide_an_ally_within_range():
    st = battle("A.B...\n......", {"A": card("Marshal", special_powers=(NUDGE,))}, active="A")
    uses = [a for a in legal_actions(st) if isinstance(a, UsePower)]
    assert UsePower(0, "B") in uses and UsePower(0, "A") in uses
    after, _ = run(st, UsePower(0, "B"))
    done, out = run(after, ForceMove("B", ((3, 0), (4, 0))))
    assert done.creature("B").pos == (4, 0) and done.attack_used and not done.move_used
    far = battle("A....B", {"A": card("Marshal", special_powers=(NUDGE,))}, active="A")
    assert refused(far, UsePower(0, "B")) == "bad-target"                 # 5 squares: out of range


def test_cl_11_flyby_attack_moves_on_after_its_attack():
    hawk = card("Hawk", abilities=(FlybyAttack(),))
    st = battle("H.b....\n.......", {"H": hawk}, active="H", dice=(15, 1))  # b's opportunity attack: 1
    after, _ = run(st, Move(((1, 0),)), Attack(0, ("b",)))
    assert after.phase is Phase.ACTING                                    # 5 squares of its move are left
    moves = [a for a in legal_actions(after) if isinstance(a, Move)]
    assert moves and max(len(m.path) for m in moves) <= 5
    done, out = run(after, Move(((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))))
    assert done.creature("H").pos == (5, 1) and of(out, ev.OpportunityAttackProvoked)  # as any move
    # without Flyby Attack the attack ends its movement (ACT-1..3)
    st = battle("H.b....\nC......", active="H", dice=(15,))
    after, out = run(st, Move(((1, 0),)), Attack(0, ("b",)))
    assert of(out, ev.ActivationEnded) and not any(isinstance(a, Move) for a in legal_actions(after))


WOLF = Form("Wolf", ac=17, speed=8, attacks=(melee("Bite", bonus=10, damage=15),), abilities=(Resist(5, "all"),))
SHAPE = SpecialPower("Wolf Shape", PowerAction.MOVE, PowerEffect.FORM, form="Wolf", uses=1,
                     recharge=Recharge(RechargeOn.CHANGES_BACK))
WERE = card("Werewolf", forms=(WOLF,), special_powers=(SHAPE,))


def test_cl_14_change_form_takes_the_forms_numbers_and_keeps_hp():
    st = battle("Wb", {"W": WERE}, active="W", hp={"W": 30}, dice=(5,))
    after, out = run(st, UsePower(0, "W"))
    me = after.creature("W")
    assert of(out, ev.FormChanged) == [ev.FormChanged("W", "Wolf", "Wolf Shape")]
    assert (me.form, me.card.ac, me.card.speed, me.card.defense, me.hp, me.card.hp) == ("Wolf", 17, 8, 13, 30, 50)
    assert me.card.name == "Werewolf (Wolf)" and me.card.basic_attack.name == "Bite"
    assert me.natural == WERE
    done, out = run(after, Attack(0, ("b",)))
    roll = of(out, ev.AttackRolled)[0]
    assert (roll.attack, roll.total, roll.hit) == ("Bite", 15, True)       # 5 + 10
    assert of(out, ev.DamageDealt)[0].amount == 15


def test_cl_14_changing_back_needs_no_box_and_recharges_the_power():
    st = battle("W..b", {"W": WERE}, active="W")
    after, out = run(st, UsePower(0, "W"))
    assert [u.left for u in of(out, ev.UseSpent)] == [0]
    after.move_used = after.attack_used = False                          # its next turn, in short
    back, out = run(after, UsePower(0, "W"))
    me = back.creature("W")
    assert (me.form, me.card, me.natural) == ("", WERE, None)
    assert not of(out, ev.UseSpent)
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("W", "Wolf Shape", "changes back")]
    assert [a for a in legal_actions(back) if isinstance(a, UsePower)] == [UsePower(0, "W")]
    # a one-box form power without that recharge stays spent once it changes back
    plain = card("Druid", forms=(WOLF,), special_powers=(SpecialPower("Wild", PowerAction.MOVE, PowerEffect.FORM,
                                                                      form="Wolf", uses=1),))
    st = battle("W..b", {"W": plain}, active="W")
    after, _ = run(st, UsePower(0, "W"), EndActivation())
    assert after.creature("W").form == "Wolf"
