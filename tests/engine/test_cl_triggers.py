"""The card language's triggers (issue 18): reactions (CL-10), champion powers in the card language
(CL-12), changing dice (CL-13) and the new recharge events (CL-17), on small boards with fixed dice."""
from __future__ import annotations

from tactica.engine import About, ActiveEffect, Attack, Duration, EndActivation, When
from tactica.engine import preview as attack_preview
from tactica.engine import events as ev
from tactica.engine.flow import start_round
from tactica.engine.triggers import DieChange, DieChangeKind, DieRoll
from tactica.engine.powers import Recharge, RechargeOn
from tactica.engine.sandbox import battle, card, melee

from ._util import of, run


def brute(*extra, **kw):
    """A card with a basic Sword (+8, 10 damage) and the given extra attack lines."""
    return card("Brute", attacks=(melee(),) + extra, **kw)


# -- CL-17: recharge events ------------------------------------------------------------------

def test_cl_17_recharge_when_it_bloodies_an_enemy():
    maul = melee("Maul", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.BLOODIES_ENEMY))
    st = battle("Ab", {"A": brute(maul)}, active="A", dice=(10,), hp={"b": 40})
    st.creature("A").used = (("attack:Maul", 1),)
    st, out = run(st, Attack(0, ("b",)))            # 10 damage: 40 → 30, not bloodied (25)
    assert not of(out, ev.PowerRecharged) and st.creature("A").used == (("attack:Maul", 1),)
    st = battle("Ab", {"A": brute(maul)}, active="A", dice=(10,), hp={"b": 30})
    st.creature("A").used = (("attack:Maul", 1),)
    st, out = run(st, Attack(0, ("b",)))            # 30 → 20: bloodied now
    assert st.creature("b").hp == 20 and st.creature("b").bloodied
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Maul", "bloodies enemy")]
    assert st.creature("A").used == ()


def test_cl_17_an_enemy_already_bloodied_or_destroyed_recharges_nothing():
    maul = melee("Maul", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.BLOODIES_ENEMY))
    for hp in (20, 10):  # already bloodied; destroyed by the hit
        st = battle("Ab", {"A": brute(maul)}, active="A", dice=(10,), hp={"b": hp})
        st.creature("A").used = (("attack:Maul", 1),)
        st, out = run(st, Attack(0, ("b",)))
        assert not of(out, ev.PowerRecharged)


def test_cl_17_recharge_at_the_start_of_each_round():
    roar = melee("Roar", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.ROUND_START))
    st = battle("A.b", {"A": brute(roar)}, turn_player=0, dice=(5, 12))
    st.creature("A").used = (("attack:Roar", 1),)
    out: list = []
    start_round(st, out)
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Roar", "start of round")]
    # before the initiative roll
    assert out.index(of(out, ev.PowerRecharged)[0]) < out.index(of(out, ev.DieRolled)[0])
    assert st.creature("A").used == ()


# -- CL-13: changing dice ---------------------------------------------------------------------

def lucky(change=DieChangeKind.REROLL, roll=DieRoll.ATTACK, **kw):
    """A Brute whose card changes its own rolls."""
    return brute(dice=(DieChange("Lucky", roll, change, **kw),))


def test_cl_13_a_missed_attack_is_rolled_again_with_a_new_die():
    st = battle("Ab", {"A": lucky()}, active="A", dice=(2, 15))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DieChanged) == [ev.DieChanged("A", "attack", (2, 15), 15, "Lucky", "reroll")]
    rolled = of(out, ev.AttackRolled)[0]
    assert (rolled.natural, rolled.total, rolled.hit) == (15, 23, True)
    assert st.creature("b").hp == 40
    assert st.dice.rolls == 2  # two dice drawn, each once


def test_cl_13_a_hit_is_not_rolled_again():
    st = battle("Ab", {"A": lucky()}, active="A", dice=(12,))
    st, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.DieChanged) and st.dice.rolls == 1 and st.creature("b").hp == 40


def test_cl_13_better_of_two_dice_rolls_both_and_keeps_the_better():
    st = battle("Ab", {"A": lucky(DieChangeKind.BETTER_OF_TWO)}, active="A", dice=(17, 3))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DieChanged) == [ev.DieChanged("A", "attack", (17, 3), 17, "Lucky", "better of two")]
    assert of(out, ev.AttackRolled)[0].natural == 17 and st.dice.rolls == 2


def test_cl_13_a_missed_roll_counts_as_a_natural_20_once_per_battle():
    st = battle("Ab", {"A": lucky(DieChangeKind.NATURAL, natural=20, uses=1)}, active="A", dice=(3, 4))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DieChanged) == [ev.DieChanged("A", "attack", (3,), 20, "Lucky", "natural")]
    rolled = of(out, ev.AttackRolled)[0]
    assert rolled.critical and st.creature("b").hp == 30  # a critical hit doubles the 10
    assert of(out, ev.UseSpent) == [ev.UseSpent("A", "Lucky", 0)]
    st.attack_used = False
    st, out = run(st, Attack(0, ("b",)))                # the box is ticked: the 4 misses
    assert not of(out, ev.DieChanged) and not of(out, ev.AttackRolled)[0].hit


def test_cl_13_a_failed_saving_throw_is_rolled_again():
    dazed = ActiveEffect("dazed", Duration.SAVE_ENDS)
    st = battle("A.b", {"A": lucky(roll=DieRoll.SAVE)}, active="A", dice=(4, 12), effects={"A": (dazed,)})
    st, out = run(st, EndActivation())
    assert of(out, ev.DieChanged) == [ev.DieChanged("A", "save", (4, 12), 12, "Lucky", "reroll")]
    assert of(out, ev.SavingThrowRolled) == [ev.SavingThrowRolled("A", "dazed", 12, True)]
    assert "dazed" not in st.creature("A").conditions


def test_cl_13_when_the_change_applies_only_against_a_bloodied_target():
    only = When(other=About(bloodied=True))
    st = battle("Ab", {"A": lucky(when=only)}, active="A", dice=(2, 15))
    st, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.DieChanged) and st.creature("b").hp == 50
    st = battle("Ab", {"A": lucky(when=only)}, active="A", dice=(2, 15), hp={"b": 20})
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DieChanged) and st.creature("b").hp == 10


def test_cl_13_the_preview_counts_the_changed_dice():
    # +8 against AC 15: 7 or more hits, 14 faces of 20.
    plain = battle("Ab", active="A")
    assert attack_preview(plain, plain.creature("A"), plain.creature("b"), melee()).hit_chance == 0.7
    for change, chance in ((DieChangeKind.REROLL, 0.91), (DieChangeKind.BETTER_OF_TWO, 0.91)):
        st = battle("Ab", {"A": lucky(change)}, active="A")
        p = attack_preview(st, st.creature("A"), st.creature("b"), st.creature("A").card.attacks[0])
        assert round(p.hit_chance, 6) == chance
    st = battle("Ab", {"A": lucky(DieChangeKind.NATURAL, natural=20)}, active="A")
    p = attack_preview(st, st.creature("A"), st.creature("b"), st.creature("A").card.attacks[0])
    # every miss becomes a natural 20: 0.7 hit for 10, 0.05 + 0.3 critical for 20
    assert round(p.hit_chance, 6) == 1.0 and round(p.expected_damage, 6) == round(0.65 * 10 + 0.35 * 20, 6)


def test_cl_13_the_same_action_from_the_same_state_gives_the_same_dice():
    st = battle("Ab", {"A": lucky()}, active="A", dice=(2, 15))
    first = run(st, Attack(0, ("b",)))[1]
    again = run(st, Attack(0, ("b",)))[1]
    assert first == again
