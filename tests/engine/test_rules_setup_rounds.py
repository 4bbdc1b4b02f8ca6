"""Set-up (SET-1..4), rounds and turns (RND-1..5), activations (ACT-1..5)."""
from __future__ import annotations

from tactica.engine import (
    Activate,
    Attack,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    EndActivation,
    Move,
    Phase,
    Place,
    ScriptedDice,
    Shift,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card

from ._util import activation_order, deploy_all, of, open_map, refused, run, started, warband


def _game(ratings=(0, 0), dice=(), maps=None, n=(1, 1)):
    wb0 = warband(*[card(f"P{i}", champion=ratings[0] if i == 0 else 0) for i in range(n[0])])
    wb1 = warband(*[card(f"Q{i}", champion=ratings[1] if i == 0 else 0) for i in range(n[1])])
    return new_game((wb0, wb1), maps or (open_map(id="m1"), open_map(id="m2")),
                    dice=ScriptedDice(tuple(dice)))


# -- SET-1: the setup roll -----------------------------------------------------------

def test_set_01_higher_d20_wins_the_setup_roll():
    st, out = _game(dice=(5, 12))
    rolls = of(out, ev.DieRolled)
    assert [(r.purpose, r.player, r.faces, r.kept) for r in rolls] == [
        ("setup", 0, (5,), 5), ("setup", 1, (12,), 12)]
    assert of(out, ev.RollWon) == [ev.RollWon("setup", 1, "roll")]
    assert st.setup_winner == 1
    assert (st.phase, st.decider) == (Phase.CHOOSE_MAP, 1)


def test_set_01_highest_champion_rating_rolls_twice_and_keeps_higher():
    # Player 1 (Champion 2) rolls 3 and 15, keeps 15; player 2 (Champion 1) rolls 14 once.
    st, out = _game(ratings=(2, 1), dice=(3, 15, 14))
    rolls = of(out, ev.DieRolled)
    assert [(r.player, r.faces, r.kept) for r in rolls] == [(0, (3, 15), 15), (1, (14,), 14)]
    assert st.setup_winner == 0
    assert st.dice.rolls == 3


def test_set_01_champion_of_player_two_rolls_twice_keeping_the_higher():
    st, out = _game(ratings=(0, 3), dice=(15, 16, 2))
    rolls = of(out, ev.DieRolled)
    assert [(r.player, r.faces, r.kept) for r in rolls] == [(0, (15,), 15), (1, (16, 2), 16)]
    assert st.setup_winner == 1


def test_set_01_tie_goes_to_higher_champion_rating():
    # Kept faces tie at 10: the higher champion rating (player 1) wins without a reroll.
    st, out = _game(ratings=(1, 0), dice=(10, 4, 10))
    assert of(out, ev.RollWon) == [ev.RollWon("setup", 0, "champion")]
    assert st.setup_winner == 0 and st.dice.rolls == 3


def test_set_01_full_tie_is_rolled_again():
    st, out = _game(ratings=(2, 2), dice=(7, 3, 5, 7, 1, 4, 9, 2))
    rolls = of(out, ev.DieRolled)
    assert [(r.player, r.kept) for r in rolls] == [(0, 7), (1, 7), (0, 4), (1, 9)]
    assert of(out, ev.RollWon) == [ev.RollWon("setup", 1, "roll")]
    assert st.setup_winner == 1


# -- SET-2: map, start area, deployment order ----------------------------------------

def test_set_02_roll_winner_picks_map_loser_picks_area_winner_deploys_first():
    st, _ = _game(dice=(2, 18, 5, 6), n=(2, 1))      # player 2 wins the roll
    assert refused(st, ChooseStartArea("A")) == "wrong-phase"
    st, out = run(st, ChooseMap(1))
    assert of(out, ev.MapChosen) == [ev.MapChosen(1, "m2", "Test map")]
    assert st.map.id == "m2"
    assert (st.phase, st.decider) == (Phase.CHOOSE_AREA, 0)   # the loser picks the area
    st, out = run(st, ChooseStartArea("B"))
    assert st.areas == {0: "B", 1: "A"}
    assert (st.phase, st.decider) == (Phase.DEPLOY, 1)        # the winner deploys first...
    a_area = st.map.start_areas["A"]
    assert {p.square for p in _places(st)} == set(a_area)     # ...in the other area
    st, _ = run(st, _places(st)[0])
    assert st.decider == 0                                     # then the opponent
    assert {p.square for p in _places(st)} == set(st.map.start_areas["B"])
    st, out = deploy_all(st)
    assert st.phase is Phase.CHOOSE_FIRST
    assert of(out, ev.RoundStarted) == [ev.RoundStarted(1)]


def _places(st):
    from tactica.engine import legal_actions
    return [a for a in legal_actions(st) if isinstance(a, Place)]


def test_set_02_one_map_goes_straight_to_the_start_area_choice():
    st, out = new_game((warband(card()), warband(card())), (open_map(),), dice=ScriptedDice((19, 1)))
    assert of(out, ev.MapChosen) == [ev.MapChosen(0, "m", "Test map")]
    assert (st.phase, st.decider) == (Phase.CHOOSE_AREA, 1)


# -- SET-3 / SET-4: legal deployment squares -----------------------------------------

def test_set_03_no_creature_deploys_on_a_wall_or_outside_its_area():
    m = open_map(rows=["#....", ".....", "....."], a={(0, 0), (0, 1)}, b={(4, 0)})
    st, _ = new_game((warband(card()), warband(card())), (m,), dice=ScriptedDice((20, 1)))
    st, _ = run(st, ChooseStartArea("B"))        # player 2 picks B: player 1 deploys in A
    assert st.decider == 0
    assert [p.square for p in _places(st)] == [(0, 1)]   # (0, 0) is a wall
    assert refused(st, Place("p1c1", (0, 0))) == "bad-square"
    assert refused(st, Place("p1c1", (1, 1))) == "bad-square"
    assert refused(st, Place("p1c2", (0, 1))) == "wrong-creature"


def test_set_03_area_too_small_fills_it_then_the_nearest_squares():
    m = open_map(rows=["#....", ".....", "....."], a={(0, 1)}, b={(4, 0)})
    st, _ = new_game((warband(card(), card(), card()), warband(card())), (m,),
                     dice=ScriptedDice((20, 1)))
    st, _ = run(st, ChooseStartArea("B"))
    assert [p.square for p in _places(st)] == [(0, 1)]
    st, _ = run(st, Place("p1c1", (0, 1)))
    # Full: the free squares one step from the area, never the wall at (0, 0).
    assert [p.square for p in _places(st)] == [(1, 0), (1, 1), (0, 2), (1, 2)]
    st, _ = run(st, Place("p1c2", (1, 2)))
    assert [p.square for p in _places(st)] == [(1, 0), (1, 1), (0, 2)]


def test_set_04_start_area_in_several_pieces_may_be_split_freely():
    m = open_map(width=7, height=3, a={(0, 0), (6, 2)}, b={(3, 1)})
    st, _ = new_game((warband(card(), card()), warband(card())), (m,), dice=ScriptedDice((20, 1)))
    st, _ = run(st, ChooseStartArea("B"))
    assert [p.square for p in _places(st)] == [(0, 0), (6, 2)]
    st, out = run(st, Place("p1c1", (6, 2)), Place("p1c2", (0, 0)))
    assert [e.square for e in of(out, ev.CreaturePlaced)] == [(6, 2), (0, 0)]


# -- RND-1: initiative at the start of each round ------------------------------------

def test_rnd_01_each_round_starts_with_initiative_and_the_winner_picks_first_player():
    st = started([card("A")], [card("B")], dice=(20, 1, 4, 9))
    assert (st.round, st.turn_player) == (1, 0)
    st, out = run(st, Activate("p1c1"), EndActivation(), Activate("p2c1"))
    st = st.copy()
    st.dice = ScriptedDice((17, 6))
    st, out = run(st, EndActivation())
    assert of(out, ev.RoundEnded) == [ev.RoundEnded(1, 1)]
    assert of(out, ev.RoundStarted) == [ev.RoundStarted(2)]
    assert [(r.purpose, r.player, r.kept) for r in of(out, ev.DieRolled)] == [
        ("initiative", 0, 17), ("initiative", 1, 6)]
    assert (st.phase, st.decider) == (Phase.CHOOSE_FIRST, 0)
    st, out = run(st, ChooseFirstPlayer(1))       # the winner lets player 2 go first
    assert of(out, ev.FirstPlayerChosen) == [ev.FirstPlayerChosen(0, 1)]
    assert of(out, ev.TurnStarted) == [ev.TurnStarted(1, 1)]
    assert not any(c.activated for c in st.creatures)


def _round_end_state(conditions=None, champions=(3, 1)):
    st = battle("A.b", {"A": card("Champ", champion=champions[0]),
                        "b": card("Other", champion=champions[1])},
                active="A", conditions=conditions, dice=(10, 10, 5, 12))
    st.creature("b").activated = True
    return st


def test_rnd_01_champion_rolls_twice_at_initiative():
    st, out = run(_round_end_state(), EndActivation())
    assert [(r.player, r.faces) for r in of(out, ev.DieRolled)] == [(0, (10, 10)), (1, (5,))]


def test_rnd_01_stunned_champion_does_not_count_for_initiative():
    st, out = run(_round_end_state({"A": {"stunned"}}), EndActivation())
    # Player 2's Champion 1 is now the highest active rating: it rolls twice.
    assert [(r.player, r.faces) for r in of(out, ev.DieRolled)] == [(0, (10,)), (1, (10, 5))]


def test_rnd_01_destroyed_champion_does_not_count_for_initiative():
    st = battle("A.b.C", {"A": card("Champ", champion=3), "b": card("Other", champion=1)},
                active="C", dice=(10, 4, 9))
    st.creature("A").destroyed, st.creature("A").pos = True, None
    st.creature("b").activated = True
    st, out = run(st, EndActivation())
    assert [(r.player, r.faces) for r in of(out, ev.DieRolled)] == [(0, (10,)), (1, (4, 9))]
    assert of(out, ev.RollWon) == [ev.RollWon("initiative", 0, "roll")]


# -- RND-2..4: turns -----------------------------------------------------------------

def test_rnd_02_players_alternate_turns_of_two_activations():
    st = started([card("A")] * 3, [card("B")] * 3, dice=(20, 1, 9, 3, 8, 7))
    order, st = activation_order(st)
    assert [p for p, _ in order] == [0, 1, 1, 0, 0, 1]


def test_rnd_02_second_activation_of_a_turn_belongs_to_the_same_player():
    st = started([card("A")] * 3, [card("B")] * 3, dice=(20, 1, 9, 3))
    st, _ = run(st, Activate("p1c1"), EndActivation(), Activate("p2c2"), EndActivation())
    assert (st.phase, st.turn_player, st.activations_left) == (Phase.ACTIVATE, 1, 1)
    assert refused(st, Activate("p1c2")) == "not-yours"


def test_rnd_03_first_turn_of_every_round_has_one_activation():
    st = started([card("A")] * 2, [card("B")] * 2, dice=(20, 1, 9, 3, 2, 11))
    st, out = run(st, Activate("p1c1"), EndActivation())
    assert of(out, ev.TurnEnded) == [ev.TurnEnded(0)]
    order, st = activation_order(st)               # finish round 1 (player 1 first in round 2)
    assert st.round == 2 and st.phase is Phase.CHOOSE_FIRST
    st, out = run(st, ChooseFirstPlayer(1))
    assert of(out, ev.TurnStarted) == [ev.TurnStarted(1, 1)]
    st, out = run(st, Activate("p2c1"), EndActivation())
    assert of(out, ev.TurnStarted) == [ev.TurnStarted(0, 2)]


def test_rnd_04_when_one_side_is_done_the_other_activates_the_rest():
    st = started([card("A")] * 4, [card("B")], dice=(20, 1, 9, 3, 8, 7))
    order, st = activation_order(st)
    assert [p for p, _ in order] == [0, 1, 0, 0, 0]


def test_rnd_04_a_turn_with_one_creature_left_announces_one_activation():
    """RND-2 gives two activations a turn, but a player with one unactivated creature
    left gets one: the TurnStarted event says so (the log and the header agree)."""
    st = started([card("A")] * 3, [card("B")] * 3, dice=(20, 1, 9, 3))
    st, out = run(st, Activate("p1c1"), EndActivation())
    assert of(out, ev.TurnStarted) == [ev.TurnStarted(1, 2)]
    st, out = run(st, Activate("p2c1"), EndActivation(), Activate("p2c2"), EndActivation())
    assert of(out, ev.TurnStarted) == [ev.TurnStarted(0, 2)]
    st, out = run(st, Activate("p1c2"), EndActivation(), Activate("p1c3"), EndActivation())
    assert of(out, ev.TurnStarted) == [ev.TurnStarted(1, 1)]  # p2c3 is its last creature
    assert st.usable_activations == 1


def test_rnd_04_round_ends_only_when_every_creature_was_activated():
    st = started([card("A")] * 2, [card("B")] * 2, dice=(20, 1, 9, 3, 8, 7))
    st, out = run(st, Activate("p1c1"), EndActivation(), Activate("p2c1"), EndActivation(),
                  Activate("p2c2"), EndActivation(), Activate("p1c2"))
    assert not of(out, ev.RoundEnded)
    st, out = run(st, EndActivation())
    assert of(out, ev.RoundEnded) == [ev.RoundEnded(1, 1)]


def test_rnd_05_no_creature_can_be_skipped_or_activated_twice():
    st = started([card("A")] * 2, [card("B")], dice=(20, 1, 9, 3))
    from tactica.engine import legal_actions
    assert legal_actions(st) == [Activate("p1c1"), Activate("p1c2")]
    assert refused(st, EndActivation()) == "wrong-phase"
    st, _ = run(st, Activate("p1c1"), EndActivation())
    assert st.creature("p1c1").activated
    st, _ = run(st, Activate("p2c1"), EndActivation())
    assert refused(st, Activate("p1c1")) == "already-activated"
    assert legal_actions(st) == [Activate("p1c2")]


# -- ACT-1..5: one move action and one attack action ---------------------------------

BOARD = """
......
.A.b..
......
"""


def test_act_01_attack_then_move_in_either_order():
    st = battle(".Ab...\n......", active="A", dice=(2, 1))   # a miss, then b's OA misses
    st, out = run(st, Attack(0, ("b",)))
    assert st.active_uid == "A" and not st.move_used
    st, out = run(st, Move(((0, 1),)))
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]
    assert st.creature("A").pos == (0, 1) and st.phase is Phase.ACTIVATE


def test_act_02_move_action_is_a_move_or_a_shift():
    st = battle(BOARD, active="A")
    from tactica.engine import legal_actions
    acts = legal_actions(st)
    assert Shift((0, 0)) in acts and Move(((0, 0),)) in acts
    st2, _ = run(st, Shift((1, 0)))
    assert st2.move_used and not st2.attack_used and st2.active_uid == "A"


def test_act_03_attack_action_may_be_a_second_move_but_then_no_attack():
    st = battle(BOARD, active="A", dice=())
    st, _ = run(st, Move(((0, 1),)))
    assert st.move_used and not st.attack_used
    st, out = run(st, Move(((0, 2),)))           # the attack action, spent as a move
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]
    assert st.creature("A").pos == (0, 2)


def test_act_04_move_then_attack_cannot_move_again():
    st = battle(BOARD, active="A", dice=(15,))
    st, _ = run(st, Move(((2, 1),)))
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.ActivationEnded) == [ev.ActivationEnded("A")]
    assert st.phase is Phase.ACTIVATE
    assert refused(st, Move(((1, 1),))) == "wrong-phase"


def test_act_05_actions_only_during_the_creatures_own_activation():
    st = battle(BOARD, turn_player=0)
    assert st.phase is Phase.ACTIVATE
    assert refused(st, Attack(0, ("b",))) == "wrong-phase"
    assert refused(st, Move(((2, 1),))) == "wrong-phase"
    st, _ = run(st, Activate("A"))
    assert st.active_uid == "A"
    # Only the activated creature acts: the attack comes from A, not from b.
    st2 = battle(".Ab.", active="A", dice=(15,))
    st2, out = run(st2, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].attacker == "A"
    assert refused(st2, Attack(0, ("b",))) == "no-attack-left"


def test_RND_2_usable_activations_are_capped_by_the_creatures_left():
    from tactica.engine.abilities import MultiActivation
    st = battle("A.B\n...\n..c")
    st.creature("B").activated = True
    assert st.activations_left == 2 and st.usable_activations == 1     # only A is left to activate
    st.creature("B").activated = False
    assert st.usable_activations == 2
    st = battle("A.B\n...\n..c", active="A")
    st.creature("B").activated = True
    assert st.usable_activations == 1                                   # A's own activation, nothing after it
    twin = card("Twin", abilities=(MultiActivation(2),))
    st = battle("A.B\n...\n..c", {"A": twin})
    st.creature("B").activated = True
    assert st.usable_activations == 2                                   # Multi-Activation 2: A twice
    st.creature("A").activations = 1
    assert st.usable_activations == 1
    st.activations_left = 1
    st.creature("A").activations = 0
    assert st.usable_activations == 1                                   # never more than the turn has
