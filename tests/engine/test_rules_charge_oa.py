"""Charge (CHG-1..4) and opportunity attacks (OA-1..6)."""
from __future__ import annotations

from tactica.engine import Activate, Attack, Charge, EndActivation, Move, Reach, Shift, Terrain, legal_actions
from tactica.engine import events as ev
from tactica.engine.attacking import charge_attack
from tactica.engine.resolution import walk as _walk
from tactica.engine.sandbox import battle, card, melee, ranged

from ._util import of, refused, run, with_terrain

CHARGE = """
..........
.A........
..........
..........
......g...
..........
"""


def _charges(st):
    return [a for a in legal_actions(st) if isinstance(a, Charge)]


# -- CHG ------------------------------------------------------------------------------------

def test_chg_01_charge_moves_then_basic_melee_at_plus_one():
    brute = card("Brute", attacks=(melee("Club", bonus=5, damage=10),
                                   melee("Great Axe", bonus=12, damage=30, basic=False)))
    st = battle(CHARGE, {"A": brute}, active="A", dice=(9,))
    st, out = run(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 4))))
    assert of(out, ev.CreatureMoved) == [
        ev.CreatureMoved("A", (1, 1), ((2, 2), (3, 3), (4, 4), (5, 4)), "charge")]
    r = of(out, ev.AttackRolled)[0]
    assert (r.attack, r.kind, r.modifiers, r.total, r.hit) == ("Club", "charge", (("charge", 1),), 15, True)
    assert of(out, ev.DamageDealt)[0].amount == 10
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]   # CHG-4: nothing more


def test_chg_01_no_charge_without_a_basic_melee_attack():
    archer = card("Archer", attacks=(ranged("Bow", basic=True), melee("Dagger", basic=False)))
    st = battle(CHARGE, {"A": archer}, active="A")
    assert _charges(st) == []
    assert refused(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 4)))) == "no-melee"


def test_CHG_1_charge_attack_is_the_basic_melee_line_and_none_when_it_cannot_charge():
    gore = melee("Full Gore", bonus=8, damage=20, basic=False, uses=2)
    brute = card("Brute", attacks=(melee("Horn Hook", bonus=8, damage=10), gore))
    archer = card("Archer", attacks=(ranged("Bow", basic=True), melee("Dagger", damage=15, basic=False)))
    st = battle(CHARGE, {"A": brute, "g": archer}, active="A", dice=(9,))
    a, g = st.creature("A"), st.creature("g")
    assert charge_attack(a).name == "Horn Hook"           # never the stronger Full Gore
    assert charge_attack(g) is None                        # basic attack ranged: no charge at all
    st, out = run(st, _charges(st)[0])
    assert of(out, ev.AttackRolled)[0].attack == charge_attack(a).name   # what the charge makes
    dazed = battle(CHARGE, {"A": brute}, active="A", conditions={"A": {"staggered"}})
    assert charge_attack(dazed.creature("A")) is None and _charges(dazed) == []   # CON-2
    spent_hook = card("Hooker", attacks=(melee("Horn Hook", damage=10, uses=1),))
    spent = battle(CHARGE, {"A": spent_hook}, active="A")
    spent.creature("A").used = (("attack:Horn Hook", 1),)
    assert charge_attack(spent.creature("A")) is None and _charges(spent) == []   # CARD-4


def test_chg_01_move_first_then_charge():
    st = battle(CHARGE, active="A", dice=(9,))
    st, _ = run(st, Move(((0, 1),)))
    assert _charges(st)
    st, out = run(st, Charge("g", ((1, 2), (2, 3), (3, 4), (4, 4), (5, 4))))
    assert st.creature("A").pos == (5, 4) and of(out, ev.AttackRolled)[0].kind == "charge"


def test_chg_02_needs_line_of_sight_at_the_start():
    board = "..........\n.A..#.....\n....#.....\n....#..g..\n.........."
    st = battle(board, active="A")
    assert not st.geo.line_of_sight((1, 1), (7, 3))
    assert refused(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 4), (6, 4)))) == "no-sight"
    assert _charges(st) == []


def test_chg_03_must_move_at_least_two_squares():
    st = battle(".....\n.A...\n...g.\n.....", active="A")
    assert refused(st, Charge("g", ((2, 1),))) == "too-close"
    assert refused(st, Charge("g", ((2, 2), (2, 3)))) == "too-close"
    assert _charges(st) == []


def test_chg_03_must_end_on_a_nearest_attack_square_by_a_shortest_path():
    st = battle(CHARGE, active="A", dice=(9,))
    ends = {(c.target, c.path[-1]) for c in _charges(st)}
    assert ends == {("g", (5, 3)), ("g", (5, 4)), ("g", (5, 5))}
    assert all(len(c.path) == 4 for c in _charges(st))
    assert refused(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 4), (6, 5)))) == "not-nearest"
    assert refused(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 3), (6, 3)))) == "not-nearest"
    # Right end square, but a detour: not the shortest way there.
    assert refused(st, Charge("g", ((2, 1), (3, 2), (3, 3), (4, 4), (5, 4)))) == "not-shortest"


def test_chg_03_beyond_speed_is_too_far():
    st = battle("A.........g", active="A")
    assert refused(st, Charge("g", tuple((x, 0) for x in range(1, 10)))) == "too-far"


def test_chg_04_may_pass_allies_and_difficult_terrain():
    st = battle("A.B.g.", {"A": card("Runner", speed=5)}, active="A", dice=(9,))
    st = with_terrain(st, {(1, 0): Terrain.DIFFICULT})
    # (1,0) costs 2, B's square 1: nearest attack square (3,0) at cost 4.
    (chg,) = _charges(st)
    assert chg.path == ((1, 0), (2, 0), (3, 0))
    st, out = run(st, chg)
    assert st.creature("A").pos == (3, 0) and of(out, ev.AttackRolled)[0].kind == "charge"


def test_chg_04_no_movement_after_charging():
    st = battle(CHARGE, active="A", dice=(2,))
    st, out = run(st, Charge("g", ((2, 2), (3, 3), (4, 4), (5, 4))))
    assert st.active_uid is None and of(out, ev.ActivationEnded)
    assert refused(st, Move(((4, 4),))) == "wrong-phase"


# -- OA -------------------------------------------------------------------------------------

def test_oa_01_leaving_adjacent_square_provokes_a_free_basic_attack():
    brute = card("Brute", attacks=(melee("Claw", bonus=8, damage=10),
                                   melee("Bite", bonus=12, damage=30, basic=False)))
    st = battle("Ab..\n....", {"b": brute}, active="A", dice=(10,))
    st, out = run(st, Move(((0, 1),)))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    r = of(out, ev.AttackRolled)[0]
    assert (r.attacker, r.target, r.attack, r.kind) == ("b", "A", "Claw", "opportunity")
    assert st.creature("A").hp == 40 and st.creature("A").pos == (0, 1)


def test_oa_01_only_active_undazed_enemies_provoke():
    for cond in ("dazed", "staggered", "stunned", "helpless", "confused"):
        st = battle("Ab..\n....", active="A", conditions={"b": {cond}})
        st, out = run(st, Move(((0, 1),)))          # no dice: an attack would fail the test
        assert not of(out, ev.OpportunityAttackProvoked), cond
    st = battle("AB..\n....", active="A")                    # allies never
    st, out = run(st, Move(((0, 1),)))
    assert not of(out, ev.OpportunityAttackProvoked)


def test_oa_01_enemy_that_already_acted_still_provokes():
    st = battle("Ab..\n....", active="A", dice=(1,))
    st.creature("b").activated = True
    st, out = run(st, Move(((0, 1),)))
    assert of(out, ev.OpportunityAttackProvoked)


def test_oa_02_shift_provokes_nothing():
    st = battle("Ab..\n.c..", active="A")
    st, out = run(st, Shift((0, 1)))
    assert not of(out, ev.OpportunityAttackProvoked) and not of(out, ev.AttackRolled)


def test_oa_03_one_opportunity_attack_per_enemy_turn():
    st = battle(".......\n.Ab....\n.......", active="A", dice=(5,))
    st, out = run(st, Move(((1, 2), (0, 2))))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    assert len(of(out, ev.AttackRolled)) == 1


def test_oa_03_ranged_attack_provocation_uses_up_the_turns_attack():
    archer = card("Archer", attacks=(melee("Dagger"), ranged("Bow", reach=Reach.SIGHT)))
    st = battle("Ab...\n....c", {"A": archer}, active="A", dice=(5, 5))
    st, out = run(st, Attack(1, ("c",)), Move(((0, 1),)))
    assert len(of(out, ev.OpportunityAttackProvoked)) == 1


def test_oa_03_same_enemy_may_attack_again_on_another_creatures_turn():
    st = battle("Ab..\n....\nC...", active="A", dice=(5, 5))
    st.creature("b").activated = True
    st, out = run(st, Move(((0, 1),)), EndActivation())
    st, out2 = run(st, Activate("C"), Move(((1, 1), (2, 1))))
    # C moved into (1, 1), next to b, then left it: a new turn, a new opportunity attack.
    assert len(of(out, ev.OpportunityAttackProvoked)) == 1
    assert of(out2, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "C", "move")]


def test_oa_04_move_pauses_for_the_attack_then_continues():
    st = battle("A....\n..b..", active="A", dice=(5,))
    st, out = run(st, Move(((1, 0), (2, 0), (3, 0), (4, 0))))
    kinds = [type(e).__name__ for e in out if not isinstance(e, (ev.ActivationEnded,))]
    assert kinds[:4] == ["CreatureMoved", "OpportunityAttackProvoked", "AttackRolled", "CreatureMoved"]
    moves = of(out, ev.CreatureMoved)
    # Up to (1, 0) the mover is not yet next to b: it leaves (1, 0), the first square next to b.
    assert [m.path for m in moves] == [((1, 0),), ((2, 0), (3, 0), (4, 0))]
    assert st.creature("A").pos == (4, 0)


def test_oa_04_mover_destroyed_by_the_attack_stops_and_is_removed():
    st = battle(".......\n.Ab...c\n.......", active="A", dice=(15,), hp={"A": 10})
    st, out = run(st, Move(((1, 2), (0, 2))))
    assert not of(out, ev.CreatureMoved)
    assert st.creature("A").destroyed and of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("A", 1)]
    assert st.vp == [0, 20]


def test_oa_05_melee_cover_does_not_stop_an_opportunity_attack():
    # b is diagonally adjacent around a wall corner: still an opportunity attack (RNG-1, COV-3).
    st = battle("b#..\n.A..\n....", active="A", dice=(7,))
    st, out = run(st, Move(((1, 2),)))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "A", "move")]
    assert of(out, ev.AttackRolled)[0].modifiers == ()


def test_oa_06_mover_left_on_an_illegal_square_returns_to_its_last_legal_one():
    # An opportunity attack interrupts a walk that would end on an ally's square.
    st = battle("A.B.\n.b..", active="A", dice=(5,)).copy()
    out: list = []
    _walk(st, st.creature("A"), ((1, 0), (2, 0)), "move", out)
    assert of(out, ev.OpportunityAttackProvoked)
    assert st.creature("A").pos == (1, 0) and st.creature("B").pos == (2, 0)


def test_chg_03_no_charge_at_a_target_already_adjacent():
    # The nearest square from which A can attack g is its own: moving 2 squares round
    # the allies to another square next to g is not a charge.
    st = battle("Ag..\nBC..\n....", active="A")
    assert _charges(st) == []
    assert refused(st, Charge("g", ((1, 1), (2, 0)))) == "too-close"
