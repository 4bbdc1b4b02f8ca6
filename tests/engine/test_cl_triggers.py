"""The card language's triggers (issue 18): reactions (CL-10), champion powers in the card language
(CL-12), changing dice (CL-13) and the new recharge events (CL-17), on small boards with fixed dice."""
from __future__ import annotations

from tactica.engine import (
    About,
    ActiveEffect,
    Attack,
    Charge,
    Duration,
    EndActivation,
    Move,
    Phase,
    When,
    legal_actions,
)
from tactica.engine import events as ev
from tactica.engine import preview as attack_preview
from tactica.engine.actions import DeclinePower, UseChampionPower, UseReaction
from tactica.engine.flow import start_round
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger, Recharge, RechargeOn
from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.engine.triggers import (
    DieChange,
    DieChangeKind,
    DieRoll,
    Reaction,
    ReactionEffect,
    ReactionLimit,
    ReactionTrigger,
)

from ._util import of, refused, run


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


# -- CL-12: champion powers in the card language ---------------------------------------------

def captain(*powers, rating=3, **kw):
    """A champion test card with ``powers``."""
    return card("Captain", champion=rating, champion_powers=powers, **kw)


def hot(st):
    """True while the game waits for a champion-power (or reaction) decision."""
    return st.phase is Phase.CHAMPION


HITS = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)
STORM = ChampionPower("Thunder Word", 2, ChampionTrigger.ALLY_HITS, ChampionEffect.DAMAGE_NEAR, amount=5,
                      near=3)


def test_cl_12_a_power_that_changes_an_allys_attack_needs_sight_of_that_ally():
    # C sees A: the extra damage is offered.  A wall between C and A: not offered (the 2008 ruling).
    st, _ = run(battle("C..\nAb.", {"C": captain(HITS)}, active="A", dice=(10,)), Attack(0, ("b",)))
    assert hot(st)
    walled = battle("C#...\n###..\n...Ab", {"C": captain(HITS)}, active="A", dice=(10,))
    st, out = run(walled, Attack(0, ("b",)))
    assert not hot(st) and not of(out, ev.ChampionPowerOffered)


def test_cl_12_damage_to_each_enemy_near_the_ally_only_those_the_champion_sees():
    # A hits b; c and d stand within 3 of A.  C sees b and c but not d (behind the wall).
    board = ("C.....\n"
             "..Ab..\n"
             "##..c.\n"
             ".d....")
    st, _ = run(battle(board, {"C": captain(STORM)}, active="A", dice=(10,)), Attack(0, ("b",)))
    assert hot(st) and legal_actions(st)[0] == UseChampionPower("C", 0, "A", "b")
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    assert of(out, ev.PowerOutOfSight) == [ev.PowerOutOfSight("C", "Thunder Word", ("d",))]
    assert [(d.target, d.amount, d.cause) for d in of(out, ev.DamageDealt)] == [("b", 5, "champion"),
                                                                                ("c", 5, "champion")]
    assert (st.creature("b").hp, st.creature("c").hp, st.creature("d").hp) == (35, 45, 50)
    assert st.creature("C").champion_spent == 2


def test_cl_12_an_ally_becoming_bloodied_is_a_trigger():
    mend = ChampionPower("Steady", 1, ChampionTrigger.ALLY_BLOODIED, ChampionEffect.HEAL, amount=10)
    st = battle("C..\nAb.", {"C": captain(mend)}, active="b", dice=(10,), hp={"A": 30})
    st, _ = run(st, Attack(0, ("A",)))     # 30 → 20: bloodied
    assert hot(st) and legal_actions(st)[0] == UseChampionPower("C", 0, "A", "b")
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    assert st.creature("A").hp == 30 and st.phase is Phase.ACTING


def test_cl_12_an_ally_destroyed_lets_the_champion_strike_its_destroyer_in_sight():
    avenge = ChampionPower("Avenge", 2, ChampionTrigger.ALLY_DESTROYED, ChampionEffect.EXTRA_DAMAGE, amount=15)
    st = battle("C..\nAb.", {"C": captain(avenge)}, active="b", dice=(10,), hp={"A": 10})
    st, _ = run(st, Attack(0, ("A",)))
    assert hot(st) and legal_actions(st)[0] == UseChampionPower("C", 0, "A", "b")
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    assert st.creature("b").hp == 35


def test_cl_12_an_ally_charging_and_an_enemy_coming_near_are_triggers():
    cheer = ChampionPower("Charge Cry", 1, ChampionTrigger.ALLY_CHARGES, ChampionEffect.EXTRA_DAMAGE, amount=5)
    st = battle("C....\nA...b", {"C": captain(cheer)}, active="A", dice=(2,))
    st, _ = run(st, Charge("b", ((1, 1), (2, 1), (3, 1))))
    assert hot(st)                                   # a miss is a charge too
    guard = ChampionPower("Watchful", 1, ChampionTrigger.ENEMY_NEAR, ChampionEffect.EXTRA_DAMAGE, amount=5,
                          near=2)
    st = battle("C....b", {"C": captain(guard)}, active="b")
    st, _ = run(st, Move(((4, 0), (3, 0))))         # 3 squares away: nothing
    assert not hot(st)
    st = battle("C....b", {"C": captain(guard)}, active="b")
    st, _ = run(st, Move(((4, 0), (3, 0), (2, 0))))  # ends 2 squares from C
    assert hot(st) and legal_actions(st)[0] == UseChampionPower("C", 0, "C", "b")
    st, out = run(st, UseChampionPower("C", 0, "C", "b"))
    assert st.creature("b").hp == 45


def test_cl_12_set_die_makes_the_missed_attack_again_as_a_natural_20():
    sure = ChampionPower("Fate's Hand", 2, ChampionTrigger.ALLY_MISSES, ChampionEffect.SET_DIE, natural=20)
    st = battle("C..\nAb.", {"C": captain(sure)}, active="A", dice=(2,))
    st, _ = run(st, Attack(0, ("b",)))
    st, out = run(st, UseChampionPower("C", 0, "A", "b"))
    assert of(out, ev.DieChanged) == [ev.DieChanged("A", "attack", (), 20, "Fate's Hand", "champion")]
    assert of(out, ev.AttackRolled)[0].critical and st.creature("b").hp == 30
    assert st.dice.rolls == 1  # no die rolled for it


def test_cl_12_a_when_limits_the_power_to_evil_enemies():
    holy = ChampionPower("Smite", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10,
                         when=When(other=About(alignments=("Evil",))))
    st, _ = run(battle("C..\nAb.", {"C": captain(holy)}, active="A", dice=(10,)), Attack(0, ("b",)))
    assert not hot(st)
    evil = card("Fiend", alignment="Evil")
    st, _ = run(battle("C..\nAb.", {"C": captain(holy), "b": evil}, active="A", dice=(10,)), Attack(0, ("b",)))
    assert hot(st)


# -- CL-10: reactions -------------------------------------------------------------------------

RIPOSTE = Reaction("Riposte", ReactionTrigger.HIT, ReactionEffect.ATTACK)


def reactor(*reactions, **kw):
    """A test card with ``reactions``."""
    return card("Duelist", reactions=reactions, **kw)


def test_cl_10_hit_by_an_enemy_its_owner_may_strike_back():
    st = battle("Ab", {"A": reactor(RIPOSTE)}, active="b", dice=(10, 12))
    st, out = run(st, Attack(0, ("A",)))
    assert hot(st) and st.decider == 0                  # A's player decides during b's turn
    assert legal_actions(st) == [UseReaction("A", 0, "b"), DeclinePower()]
    assert of(out, ev.ChampionPowerOffered) == [ev.ChampionPowerOffered(0, 1)]
    st, out = run(st, UseReaction("A", 0, "b"))
    assert of(out, ev.ReactionUsed) == [ev.ReactionUsed("A", "Riposte", "b", "it is hit", "attack")]
    rolled = of(out, ev.AttackRolled)[0]
    assert (rolled.attacker, rolled.natural, rolled.kind, rolled.hit) == ("A", 12, "reaction", True)
    assert st.creature("b").hp == 40 and st.creature("A").hp == 40
    assert st.phase is Phase.ACTING and st.decider == 1 and st.active_uid == "b"


def test_cl_10_once_per_round_and_a_decline_changes_nothing():
    st = battle("Ab", {"A": reactor(RIPOSTE)}, active="b", dice=(10, 12, 10))
    st, _ = run(st, Attack(0, ("A",)), UseReaction("A", 0, "b"))
    st.attack_used = False
    st, out = run(st, Attack(0, ("A",)))               # hit again, same round: no window
    assert not hot(st) and not of(out, ev.ChampionPowerOffered)
    st = battle("Ab", {"A": reactor(RIPOSTE)}, active="b", dice=(10,))
    st, out = run(st, Attack(0, ("A",)), DeclinePower())
    assert st.phase is Phase.ACTING and st.creature("b").hp == 50 and not of(out, ev.ReactionUsed)


def test_cl_10_an_adjacent_enemys_attack_triggers_even_on_a_miss_a_distant_one_does_not():
    guard = Reaction("Guard Stance", ReactionTrigger.ATTACKED_BY_ADJACENT, ReactionEffect.ATTACK)
    st, _ = run(battle("Ab", {"A": reactor(guard)}, active="b", dice=(2,)), Attack(0, ("A",)))
    assert hot(st) and legal_actions(st)[0] == UseReaction("A", 0, "b")
    archer = card("Archer", attacks=(melee(), ranged(range=5)))
    st, _ = run(battle("A..b", {"A": reactor(guard), "b": archer}, active="b", dice=(10,)), Attack(1, ("A",)))
    assert not hot(st)


def test_cl_10_an_enemy_moving_adjacent_takes_damage_with_no_roll():
    spikes = Reaction("Thorn Hide", ReactionTrigger.ENEMY_ADJACENT, ReactionEffect.DAMAGE, amount=5,
                      damage_type="poison", limit=ReactionLimit.TURN)
    st = battle("A...b", {"A": reactor(spikes)}, active="b")
    st, out = run(st, Move(((3, 0), (2, 0))))           # ends 2 squares away: nothing
    assert not hot(st)
    st = battle("A...b", {"A": reactor(spikes)}, active="b")
    st, out = run(st, Move(((3, 0), (2, 0), (1, 0))))
    assert hot(st) and legal_actions(st)[0] == UseReaction("A", 0, "b")
    st, out = run(st, UseReaction("A", 0, "b"))
    assert of(out, ev.DamageDealt) == [ev.DamageDealt("b", 5, "poison", 45, False, "reaction")]
    assert st.dice.rolls == 0


def test_cl_10_an_ally_destroyed_within_range_lets_it_strike_the_destroyer():
    vow = Reaction("Blood Oath", ReactionTrigger.ALLY_DESTROYED, ReactionEffect.DAMAGE, amount=10, range=3)
    st = battle("Bb.A", {"A": reactor(vow)}, active="b", dice=(10,), hp={"B": 10})
    st, _ = run(st, Attack(0, ("B",)))                 # B stood 3 squares from A
    assert hot(st) and legal_actions(st)[0] == UseReaction("A", 0, "b")
    st, _ = run(st, UseReaction("A", 0, "b"))
    assert st.creature("b").hp == 40
    far = battle("Bb..A", {"A": reactor(vow)}, active="b", dice=(10,), hp={"B": 10})
    st, _ = run(far, Attack(0, ("B",)))                # 4 squares: out of range
    assert not hot(st)


def test_cl_10_a_dazed_creature_does_not_react_and_a_use_not_offered_is_refused():
    st = battle("Ab", {"A": reactor(RIPOSTE)}, active="b", dice=(10,), conditions={"A": {"dazed"}})
    st, _ = run(st, Attack(0, ("A",)))
    assert not hot(st)
    st, _ = run(battle("Ab", {"A": reactor(RIPOSTE)}, active="b", dice=(10,)), Attack(0, ("A",)))
    assert refused(st, UseReaction("A", 0, "A")) == "no-trigger"
    assert refused(st, UseReaction("b", 0, "A")) == "no-reaction"


def test_cl_10_a_when_limits_the_reaction():
    sly = Reaction("Sly Riposte", ReactionTrigger.HIT, ReactionEffect.ATTACK,
                   when=When(me=About(bloodied=False)))
    st, _ = run(battle("Ab", {"A": reactor(sly)}, active="b", dice=(10,), hp={"A": 30}), Attack(0, ("A",)))
    assert not hot(st)                                  # bloodied by the hit: 20 HP


def test_cl_10_a_reaction_answers_an_area_attacks_hit_before_its_next_target():
    # x's burst hits A first: A's Riposte (12) destroys x (10 HP) right then, so B is never attacked;
    # declined, the burst goes on to B with the next die (CL-10, CHP-2: the window after each target).
    from dataclasses import replace

    from tactica.engine import AreaAttack
    from tactica.engine.sandbox import close
    burst = card("Caller", attacks=(close("Shout", size=1, damage=10),))

    def board():
        return battle("A.\nxB", {"A": reactor(RIPOSTE), "x": burst}, active="x", dice=(10, 12, 10), hp={"x": 10})

    st = board()
    aim = next(a for a in legal_actions(st) if isinstance(a, AreaAttack) and set(a.targets) == {"A", "B"})
    aim = replace(aim, targets=("A", "B"))
    st, out = run(st, aim)
    assert hot(st) and [r.target for r in of(out, ev.AttackRolled)] == ["A"]
    st, rest = run(st, UseReaction("A", 0, "x"))
    assert of(rest, ev.CreatureDestroyed)[0].uid == "x"
    assert [(r.attacker, r.target) for r in of(rest, ev.AttackRolled)] == [("A", "x")]
    assert st.creature("B").hp == 50
    st, out = run(board(), aim, DeclinePower())
    assert [(r.attacker, r.target) for r in of(out, ev.AttackRolled)] == [("x", "A"), ("x", "B")]
    assert st.creature("B").hp == 40
