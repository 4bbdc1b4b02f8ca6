"""The bots play the optional modules' options with purpose (docs/modules/*.md), on small boards
with fixed dice, and never make an illegal action: grid5e's split moves and standing up (G5E-SPLIT,
G5E-PRONE), grid35's run (G35-RUN), and underground's ledges, darkness and ice (UG-FALL, UG-DARK,
UG-SLIP).  Digging is tests/ai/test_dig_ai.py."""
from __future__ import annotations

from tactica.ai import make_bot
from tactica.engine import (
    ActiveEffect,
    Attack,
    Charge,
    DropProne,
    Duration,
    EndActivation,
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    Move,
    Phase,
    Ruleset,
    SeededDice,
    Shift,
    StandUp,
    apply,
    chebyshev,
    check,
    legal_actions,
)
from tactica.engine.abilities import Crampons
from tactica.engine.sandbox import battle, card, melee, ranged

from ..engine.test_rules_underground import cave

G5E = Ruleset(modules=("grid5e",))
G35 = Ruleset(modules=("grid35",))


def activation(make_state, level: str, uid: str = "A", steps: int = 8):
    """Play ``uid``'s activation with bot ``level``: (actions, final state); every action legal."""
    st = make_state()
    bot = make_bot(level, 1)
    acts = []
    for _ in range(steps):
        if st.phase is Phase.OVER or (st.active_uid != uid and st.phase is not Phase.FORCED):
            break
        action = bot.choose(st)
        assert check(st, action) is None, (level, action)
        acts.append(action)
        st, _ = apply(st, action)
        if isinstance(action, EndActivation):
            break
    return acts, st


# -- grid5e ------------------------------------------------------------------------------

ARCHER = card("Archer", attacks=(ranged(range=5, damage=10, bonus=8),), speed=10, hp=30, cost=30)
BRUTE = card("Brute", attacks=(melee(damage=30, bonus=12),), speed=4, hp=60, cost=40)


def test_g5e_split_normal_and_hard_step_out_shoot_and_step_back():
    board = "................\n...A.......b....\n................"
    for level in ("normal", "hard"):
        acts, st = activation(lambda: battle(board, {"A": ARCHER, "b": BRUTE}, rules=G5E, active="A",
                                             dice=(15,) * 40), level)
        kinds = [type(a) for a in acts if not isinstance(a, EndActivation)]
        assert kinds == [Move, Attack, Move], (level, acts)
        # out of the brute's reach again after the shot, which needs 5 or nearer: its move and attack
        # (4 + 1) as normal counts it, its move and charge (2 x 4 + 1) as hard does
        far = chebyshev(st.creature("A").square, st.creature("b").square)
        assert far > (5 if level == "normal" else 9), (level, acts)


def test_g5e_prone_normal_and_hard_stand_up_first_and_never_drop_prone():
    prone = {"A": (ActiveEffect("prone", Duration.BATTLE),)}
    for level in ("normal", "hard"):
        acts, _ = activation(lambda: battle("A....b..\n........", rules=G5E, active="A", dice=(15,) * 40,
                                            effects=prone), level)
        assert isinstance(acts[0], StandUp), (level, acts)
        assert any(isinstance(a, (Attack, Charge)) for a in acts), (level, acts)
        def standing():
            return battle("A....b..\n........", rules=G5E, active="A", dice=(15,) * 40)
        assert DropProne() in legal_actions(standing())
        assert not any(isinstance(a, DropProne) for a in activation(standing, level)[0])


def test_g5e_split_hard_attacks_after_a_step_instead_of_shifting_its_attack_away():
    """G5E-SPLIT: after a 1-square move (5 squares still open) a shift spends the attack action
    (ACT-3); hard attacks the enemy beside it instead of shifting and walking off unattacked."""
    def stepped():
        st = battle("........\n..A.....\n...b....\n...c....", rules=G5E, active="A", dice=(15,) * 40)
        return apply(st, Move(((3, 1),)))[0]
    acts, _ = activation(stepped, "hard")
    assert not any(isinstance(a, Shift) for a in acts) and any(isinstance(a, Attack) for a in acts), acts


# -- grid35 ------------------------------------------------------------------------------

def test_g35_run_normal_and_hard_run_when_nothing_is_in_reach():
    board = "." * 30 + "\nA" + "." * 26 + "b..\n" + "." * 30
    for level in ("normal", "hard"):
        acts, st = activation(lambda: battle(board, rules=G35, active="A", dice=(15,) * 40), level)
        assert isinstance(acts[0], Move) and len(acts[0].path) > 2 * 6, (level, acts)  # farther than two moves
        assert st.creature("A").square[0] > 12


# -- underground ---------------------------------------------------------------------------

SHOVER = card("Shover", attacks=(melee("Shove", bonus=10, damage=10,
                                       effects=(ForcedMoveEffect(ForceKind.PUSH, 1),)),))


def test_ug_fall_every_level_pushes_the_enemy_over_the_ledge():
    for level in ("greedy", "normal", "hard"):
        acts, st = activation(lambda: cave(".....\n.Ab&.\n.....", {"A": SHOVER}, active="A", dice=(15,) * 40),
                              level)
        assert ForceMove("b", ((3, 1),)) in acts, (level, acts)  # into the boulder pit, 30 feet down
        assert st.creature("b").hp == 50 - 10 - 30


DARK_BAND = ".....0000.......\n.....0000.......\nA....0000......b\n.....0000.......\n.....0000......."


def test_ug_dark_a_frail_creature_never_hurries_through_the_dark():
    for level in ("normal", "hard"):
        acts, _ = activation(lambda: cave(DARK_BAND, active="A", dice=(15,) * 40, hp={"A": 5}), level)
        for a in acts:  # a bump (d20 under 10) would destroy it: never more than 1/3 of its speed into the dark
            if isinstance(a, Move) and any(5 <= x <= 8 for x, _ in a.path):
                assert len(a.path) * 3 <= 6, (level, acts)
    acts, _ = activation(lambda: cave(DARK_BAND, active="A", dice=(15,) * 40, hp={"A": 50}), "normal")
    assert any(isinstance(a, Move) and len(a.path) * 3 > 6 and any(5 <= x <= 8 for x, _ in a.path)
               for a in acts)  # healthy, it takes the risk to close in


def test_ug_dark_a_creature_under_an_archers_fire_hides_in_the_dark():
    archer = card("Archer", attacks=(melee(), ranged(range=12, damage=20, bonus=12)), speed=4)
    board = "##############\nA.00.........b\n.............."
    for level in ("normal", "hard"):
        _, st = activation(lambda: cave(board, {"b": archer}, active="A", dice=(15,) * 40, hp={"A": 20}), level)
        assert st.creature("A").square in ((2, 1), (3, 1)), level


ICE_RING = "........\nA..***..\n...*b*..\n....**.."


def test_ug_slip_normal_and_hard_charge_to_the_one_square_off_the_ice():
    for level in ("normal", "hard"):
        acts, _ = activation(lambda: cave(ICE_RING, active="A", dice=(15,) * 40), level)
        assert isinstance(acts[0], Charge) and acts[0].path[-1] == (3, 3), (level, acts)
    climber = card("Climber", abilities=(Crampons(),))
    acts, _ = activation(lambda: cave(ICE_RING, {"A": climber}, active="A", dice=(15,) * 40), "normal")
    assert isinstance(acts[0], Charge)  # crampons: the ice does not matter to it


# A gallery in total darkness holding the zone that scores for player 2 (its only creature, z, a slow
# wall of a creature), with a door right under z (taken by A) and a long way in round the right.
DARK_HALL = ("############\n"
             "#0000000000#\n"
             "#0000z00000#\n"
             "#####A####.#\n"
             "...........#\n"
             "...........#\n"
             "...........#\n"
             "....BC.....#\n"
             "...........#")
WARDEN = card("Warden", attacks=(melee("Fists", bonus=12, damage=20),), speed=2, hp=200, ac=22, cost=50)


def _dark_hall():
    from ..engine._util import with_terrain
    from ..engine.test_rules_underground import DARK
    st = cave(DARK_HALL, {"z": WARDEN}, active=None, turn_player=0, vp_zones={"B": {(4, 2), (5, 2), (6, 2)}})
    st = with_terrain(st, {(5, 2): DARK})
    st.dice = SeededDice.from_seed(14)  # initiative each round (scripted faces would tie for ever)
    st.vp[1] = 150  # it scores its zone every round: time is against player 1
    return st


def test_ug_dark_normal_and_hard_go_round_to_fight_a_zone_holder_in_the_dark():
    """UG-DARK: the holder of a dark VP zone is seen only from next to it (no shot, no charge), and
    its door is taken: B and C walk the long way into the gallery and fight it there, instead of
    waiting outside its reach while it scores."""
    from tactica.ai.board import Board
    assert [e.uid for e in Board(_dark_hall(), 0).dark_holders] == ["z"]
    for level in ("normal", "hard"):
        st, bot = _dark_hall(), make_bot(level, 1)
        for _ in range(60):  # three rounds; player 2's z only ends its activations
            if st.is_over or st.round > 3:
                break
            me = st.creature(st.active_uid) if st.active_uid else None
            if me is not None and me.player == 1 or me is None and st.decider == 1:
                action = EndActivation() if me is not None else legal_actions(st)[0]
            else:
                action = bot.choose(st)
            assert check(st, action) is None, (level, action)
            st, _ = apply(st, action)
        z = st.creature("z")
        beside = [c.uid for c in st.alive(0) if chebyshev(c.square, z.square) <= 1]
        assert sorted(beside) == ["A", "B", "C"], (level, [(c.uid, c.square) for c in st.alive(0)])


# Our VP zone (player 1's) in a dark gallery behind a door, the only enemy far off to the right.
DARK_ZONE = ("########......................\n"
             "#000000#.....................b\n"
             "#000000#......................\n"
             "#000...#......................\n"
             "###.####......................\n"
             "..............................\n"
             "..............................\n"
             "..............................\n"
             "..........A.B.................")


def test_ug_dark_normal_and_hard_send_one_creature_to_hold_a_zone_in_the_dark():
    """UG-DARK: a VP zone in total darkness is out of sight of every shot and charge, a safe hold:
    while no creature holds it, the creature nearest it walks there (A: two moves, into the
    gallery) and the others go on to the fight (B, on its own activation, toward b)."""
    from tactica.ai.board import Board

    def hall(active):
        return cave(DARK_ZONE, active=active, dice=(11,) * 40, vp_zones={"A": {(2, 1), (3, 1), (2, 2), (3, 2)}})

    assert Board(hall("A"), 0).dark_zone_walker() == "A"
    for level in ("normal", "hard"):
        _, st = activation(lambda: hall("A"), level)
        assert Board(st, 0).zone_distance(st.creature("A").square) <= 1, (level, st.creature("A").square)
        _, st = activation(lambda: hall("B"), level, uid="B")
        b = st.creature("b").square
        assert chebyshev(st.creature("B").square, b) < chebyshev((12, 8), b), level
