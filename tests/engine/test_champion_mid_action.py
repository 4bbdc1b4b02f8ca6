"""CHP-2: a champion power answers an attack right after it, in the middle of the action.

Each board is small and every die fixed: the power applies before the next attack of the same
action, which gives a different outcome than answering once the whole action is done.
"""
from __future__ import annotations

from tactica.engine import AreaAttack, Attack, Charge, Move, Phase, legal_actions
from tactica.engine.actions import DeclinePower, UseChampionPower
from tactica.engine.model import FollowUpEffect
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card, close, melee

from ._util import ev, of, run

SHIELD = ChampionPower("Shield of Faith", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL,
                       amount=10, range=3)
STRIKE = ChampionPower("Strike Together", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                       amount=10, range=6)

#: A walks along row 1 from (0,1) to (6,1): leaving (0,1) provokes b, leaving (2,1) provokes d.
WALK_BOARD = ".b.d...\nA......\nC......"
WALK = Move(((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)))


def captain(*powers, rating=2):
    """A champion test card with ``powers``."""
    return card("Captain", champion=rating, champion_powers=powers)


def walk_past_two(dice=(10, 10)):
    """A (15 HP) about to walk past b and d; C's Shield of Faith heals an ally within 3 that is hit."""
    return battle(WALK_BOARD, {"C": captain(SHIELD)}, active="A", dice=dice, hp={"A": 15})


def kinds(out):
    """The event class names of ``out`` that tell the order of the story."""
    keep = (ev.OpportunityAttackProvoked, ev.AttackRolled, ev.DamageDealt, ev.ChampionPowerOffered,
            ev.ChampionPowerUsed, ev.ChampionPowerDeclined, ev.CreatureHealed, ev.CreatureMoved,
            ev.CreatureDestroyed)
    return [type(e).__name__ for e in out if isinstance(e, keep)]


def test_CHP_2_window_opens_right_after_the_first_opportunity_attack_of_a_walk():
    st, out = run(walk_past_two(), WALK)
    assert st.phase is Phase.CHAMPION and st.decider == 0
    assert legal_actions(st) == [UseChampionPower("C", 0, "A", "b"), DeclinePower()]
    # the first attack is told, the rest of the walk is not yet: A still stands where b struck it
    assert kinds(out) == ["OpportunityAttackProvoked", "AttackRolled", "DamageDealt", "ChampionPowerOffered"]
    assert st.creature("A").square == (0, 1) and st.creature("A").hp == 5


def test_CHP_2_heal_applies_before_the_second_opportunity_attack_so_the_ally_survives():
    st, first = run(walk_past_two(), WALK)
    st, rest = run(st, UseChampionPower("C", 0, "A", "b"))
    assert kinds(rest) == ["ChampionPowerUsed", "CreatureHealed", "CreatureMoved",
                           "OpportunityAttackProvoked", "AttackRolled", "DamageDealt", "CreatureMoved"]
    assert of(rest, ev.CreatureHealed) == [ev.CreatureHealed("A", 10, 15, "champion")]
    assert of(rest, ev.OpportunityAttackProvoked)[0].attacker == "d"
    a = st.creature("A")
    assert a.alive and a.hp == 5 and a.square == (6, 1)  # 15 - 10 + 10 - 10, at the end of its path
    assert st.phase is Phase.ACTING and st.active_uid == "A" and st.move_used
    # CHP-3: the second hit offers no power (C used its one power this turn)
    assert of(first + rest, ev.ChampionPowerOffered) == [ev.ChampionPowerOffered(0, 1)]


def test_CHP_2_declined_heal_leaves_the_ally_to_the_second_opportunity_attack():
    st, out = run(walk_past_two(), WALK, DeclinePower())
    assert of(out, ev.CreatureDestroyed)[0].uid == "A"
    assert [e.attacker for e in of(out, ev.OpportunityAttackProvoked)] == ["b", "d"]
    assert st.creature("A").destroyed


def test_CHP_2_no_window_on_the_first_miss_the_second_hit_is_answered_mid_walk():
    # b misses (2), d hits (10): the window opens after d's attack, with the walk's rest still to go
    st, out = run(walk_past_two(dice=(2, 10)), WALK)
    assert st.phase is Phase.CHAMPION and legal_actions(st)[0] == UseChampionPower("C", 0, "A", "d")
    assert st.creature("A").square == (2, 1)
    st, rest = run(st, UseChampionPower("C", 0, "A", "d"))
    assert st.creature("A").hp == 15 and st.creature("A").square == (6, 1)
    assert kinds(rest)[-1] == "CreatureMoved"


def test_CHP_2_extra_damage_on_an_opportunity_attack_stops_a_charge_before_its_attack():
    # e (15 HP) charges A; leaving (0,0) it provokes G; Strike Together adds 10 to G's hit: e is
    # destroyed before its charge attack is rolled (at the end of the action it would have struck A).
    st = battle("e......\n.G.....\n....A..\nC......", {"C": captain(STRIKE)}, active="e",
                dice=(10, 19), hp={"e": 15})
    charge = next(a for a in legal_actions(st) if isinstance(a, Charge) and a.target == "A")
    st, out = run(st, charge)
    assert st.phase is Phase.CHAMPION and st.decider == 0
    assert legal_actions(st) == [UseChampionPower("C", 0, "G", "e"), DeclinePower()]
    st, rest = run(st, UseChampionPower("C", 0, "G", "e"))
    assert of(rest, ev.CreatureDestroyed)[0].uid == "e"
    assert [r.attacker for r in of(out + rest, ev.AttackRolled)] == ["G"]  # no charge attack
    assert st.creature("A").hp == 50
    # declined, the charge goes on and strikes A with the next die (19)
    st = battle("e......\n.G.....\n....A..\nC......", {"C": captain(STRIKE)}, active="e",
                dice=(10, 19), hp={"e": 15})
    st, out = run(st, charge, DeclinePower())
    assert [r.attacker for r in of(out, ev.AttackRolled)] == ["G", "e"]
    assert st.creature("A").hp == 40


def test_CHP_2_area_attack_heals_the_first_target_before_the_second_is_attacked():
    # x's burst 1 hits A then B; Shield of Faith answers A's hit before B is attacked, and B's hit
    # offers nothing more (CHP-3: one power per creature's turn).
    burst = card("Caller", attacks=(close("Shout", size=1, damage=10),))
    st = battle("A...\nxB..\n...C", {"C": captain(SHIELD), "x": burst}, active="x", dice=(10, 10),
                hp={"A": 15})
    aim = next(a for a in legal_actions(st) if isinstance(a, AreaAttack) and set(a.targets) == {"A", "B"})
    st, out = run(st, aim)
    assert st.phase is Phase.CHAMPION
    first = aim.targets[0]
    assert [r.target for r in of(out, ev.AttackRolled)] == [first]
    st, rest = run(st, UseChampionPower("C", 0, first, "x"))
    assert [type(e).__name__ for e in rest if isinstance(e, (ev.CreatureHealed, ev.AttackRolled))] == [
        "CreatureHealed", "AttackRolled"]
    assert [r.target for r in of(rest, ev.AttackRolled)] == [t for t in aim.targets if t != first]
    assert st.phase is not Phase.CHAMPION
    assert st.creature("A").hp == (15 if first == "A" else 5)


def test_CHP_2_a_battle_replayed_from_its_actions_reaches_the_same_state():
    # the decisions are actions like any other: applying the same list again gives the same state
    actions = (WALK, UseChampionPower("C", 0, "A", "b"))
    one, out1 = run(walk_past_two(), *actions)
    two, out2 = run(walk_past_two(), *actions)
    assert out1 == out2
    assert [(c.uid, c.pos, c.hp) for c in one.creatures] == [(c.uid, c.pos, c.hp) for c in two.creatures]
    assert one.dice == two.dice


def test_CHP_2_a_rerolled_miss_that_hits_gets_its_follow_up():
    # Claws miss (3); Second Chance rolls them again (12: a hit) before the follow-up is decided, so
    # the Bite that follows a hit is made (11) — answered after the action, the miss had no follow-up.
    again = ChampionPower("Second Chance", 1, ChampionTrigger.ALLY_MISSES, ChampionEffect.REROLL, range=6)
    claws = melee("Claws", damage=10, effects=(FollowUpEffect("Bite"),))
    bite = melee("Bite", bonus=4, damage=5, basic=False, secondary=True)
    st = battle("C..\nAb.", {"C": captain(again), "A": card("Beast", attacks=(claws, bite))}, active="A",
                dice=(3, 12, 11))
    st, out = run(st, Attack(0, ("b",)))
    assert [(r.attack, r.hit) for r in of(out, ev.AttackRolled)] == [("Claws", False)]
    st, rest = run(st, UseChampionPower("C", 0, "A", "b"))
    assert [(r.attack, r.kind, r.hit) for r in of(rest, ev.AttackRolled)] == [
        ("Claws", "attack", True), ("Bite", "follow-up", True)]
    assert st.creature("b").hp == 50 - 10 - 5
    # declined: the miss stands and no Bite follows
    st, out = run(battle("C..\nAb.", {"C": captain(again), "A": card("Beast", attacks=(claws, bite))},
                         active="A", dice=(3, 12, 11)), Attack(0, ("b",)), DeclinePower())
    assert [r.attack for r in of(out, ev.AttackRolled)] == ["Claws"]


def test_CHP_2_the_rest_of_an_interrupted_action_rolls_the_dice_a_what_if_gave():
    # A bot playing out the answer on its own dice (with_dice) sees the rest of the walk roll those,
    # never the battle's: d's opportunity attack rolls the 2 given (a miss), not the battle's 10.
    from tactica.engine import ScriptedDice, apply, with_dice
    paused, _ = apply(walk_past_two(), WALK)
    st, out = apply(with_dice(paused, ScriptedDice((2,))), DeclinePower())
    assert [(r.attacker, r.natural, r.hit) for r in of(out, ev.AttackRolled)] == [("d", 2, False)]
    assert st.creature("A").hp == 5 and st.creature("A").square == (6, 1)
    st, out = apply(paused, DeclinePower())  # the battle's own dice: d rolls 10 and A falls
    assert [(r.attacker, r.natural) for r in of(out, ev.AttackRolled)] == [("d", 10)]
    assert st.creature("A").destroyed


def test_CHP_2_extra_damage_mid_walk_that_wins_the_battle_ends_it_there():
    # e is the last enemy: Strike Together on G's opportunity attack destroys it mid-charge; the
    # battle is over and nothing of the charge is left to carry on.
    st = battle("e......\n.G.....\n....A..\nC......", {"C": captain(STRIKE)}, active="e", dice=(10,),
                hp={"e": 15})
    charge = next(a for a in legal_actions(st) if isinstance(a, Charge) and a.target == "A")
    st, out = run(st, charge, UseChampionPower("C", 0, "G", "e"))
    assert st.is_over and st.winner == 0 and st.interrupted is None
    assert [r.attacker for r in of(out, ev.AttackRolled)] == ["G"]
