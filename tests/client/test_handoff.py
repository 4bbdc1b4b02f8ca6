"""The hot-seat hand-off's logic (``tactica.client.handoff``): when the keyboard passes to another
human, and the summary of what that player has not seen."""
from __future__ import annotations

import random

from tactica.client.describe import creature_name
from tactica.client.handoff import HandOff, handoff_title, summary_lines
from tactica.engine import (
    ActivationEnded,
    AttackRolled,
    ConditionApplied,
    CreatureDestroyed,
    CreatureMoved,
    DamageDealt,
    EndActivation,
    GameState,
    Phase,
    RoundStarted,
    TurnStarted,
    VictoryPointsScored,
    apply,
    legal_actions,
    new_game,
)
from tactica.engine.sandbox import battle
from tests.tui.conftest import skirmish_battle


def _battle(seed: int, ai_seats: tuple[int, ...] = (), enabled: bool = True, steps: int = 400):
    """Play the skirmish battle with random legal actions, telling its ``HandOff`` after each;
    returns the hand-off, the hand-offs made as (seat, unseen events, state) and the last state."""
    wbs, maps = skirmish_battle()
    state, _ = new_game(wbs, maps, seed=seed)
    handoff = HandOff.for_battle(state, ai_seats, enabled)
    rng = random.Random(seed)
    handed = []
    for _ in range(steps):
        if state.is_over:
            break
        state, events = apply(state, rng.choice(legal_actions(state)))
        seat = handoff.after(events, state)
        if seat is not None:
            handed.append((seat, handoff.take(seat), state))
    return handoff, handed, state


def test_two_humans_hand_over_at_each_change_of_turn_and_never_at_the_first():
    _, handed, _ = _battle(4)
    assert len(handed) >= 3
    seats = [seat for seat, _, _ in handed]
    assert all(a != b for a, b in zip(seats, seats[1:]))  # the keyboard goes back and forth
    for seat, unseen, state in handed:
        if state.phase is Phase.CHOOSE_FIRST:  # the initiative's winner takes the keyboard to choose (RND-1)
            assert state.decider == seat and any(isinstance(e, RoundStarted) for e in unseen)
            continue
        assert state.phase in (Phase.ACTIVATE, Phase.ACTING) and state.turn_player == seat
        assert any(isinstance(e, TurnStarted) and e.player == seat for e in unseen)
    assert any(state.phase is Phase.CHOOSE_FIRST for _, _, state in handed)
    first_turn = next(e.player for e in handed[0][1] if isinstance(e, TurnStarted))
    assert handed[0][0] != first_turn, "whoever takes the first turn is at the keyboard already"


def test_rnd_1_the_initiative_winner_takes_the_keyboard_before_choosing_who_goes_first():
    """From round 2 on, when the winner of the initiative (RND-1) is a human not at the keyboard,
    the hand-off comes before the who-goes-first question (ui-trials item 12), its summary ending
    with the new round; the first round's question, before any turn, hands nothing over."""
    asked = 0
    for seed in (4, 5, 11):
        _, handed, _ = _battle(seed)
        for i, (seat, unseen, state) in enumerate(handed):
            if state.phase is not Phase.CHOOSE_FIRST:
                continue
            asked += 1
            assert state.decider == seat and state.round > 1
            assert any(isinstance(e, RoundStarted) for e in unseen)
            # who won the initiative, said in the round's line (issue 20): the winner is the one handed to
            assert summary_lines(unseen, state)[-1] == f"Round {state.round}: Player {seat + 1} won the initiative."
            if i + 1 < len(handed):  # the next hand-off goes to another seat: never the same one twice
                assert handed[i + 1][0] != seat
    assert asked >= 3


def test_unseen_events_are_the_ones_since_the_seat_last_held_the_keyboard():
    handoff, handed, _ = _battle(11)
    seat, unseen, _ = handed[1]
    other_turns = [e for e in unseen if isinstance(e, TurnStarted)]
    assert other_turns and all(e.player != seat or e is other_turns[-1] for e in other_turns)
    assert handoff.take(seat) == []  # taken once


def test_never_against_a_single_human_nor_when_switched_off():
    for ai_seats, enabled in (((1,), True), ((), False)):
        handoff, handed, _ = _battle(4, ai_seats, enabled)
        assert not handoff.active and handed == []
    assert _battle(4, (), True)[1], "the same battle between two humans hands over"
    three = HandOff(frozenset({0}))  # a human and two AI seats
    assert not three.active


def test_a_resumed_turn_is_held_by_its_player():
    state = battle("A....b", active="A")
    handoff = HandOff.for_battle(state, ())
    assert handoff.holder == 0
    state, events = apply(state, EndActivation())
    assert handoff.after(events, state) == 1 and state.turn_player == 1
    assert any(isinstance(e, TurnStarted) and e.player == 1 for e in handoff.take(1))


def _state() -> GameState:
    wbs, maps = skirmish_battle()
    state, _ = new_game(wbs, maps, seed=3)
    return state


def test_summary_words_moves_hits_destroyed_and_vp():
    state = _state()
    brute, archer = state.creatures[0], state.creatures[3]
    b, a = brute.uid, archer.uid
    bn, an = f"{brute.card.name} ({brute.label})", f"{archer.card.name} ({archer.label})"
    events = [RoundStarted(round=2), TurnStarted(player=1, activations=2),
              CreatureMoved(uid=a, start=(9, 0), path=((8, 0), (7, 0)), mode="move"),
              CreatureMoved(uid=a, start=(7, 0), path=((6, 0),), mode="shift"),
              AttackRolled(attacker=a, target=b, attack="Bow", natural=15, bonus=8, modifiers=(), total=23,
                           defense="AC", target_number=14, hit=True, critical=False, kind="attack"),
              DamageDealt(target=b, amount=10, damage_type="", hp_left=20, bloodied=False),
              AttackRolled(attacker=a, target=b, attack="Knife", natural=2, bonus=4, modifiers=(), total=6,
                           defense="AC", target_number=14, hit=False, critical=False, kind="attack"),
              DamageDealt(target=b, amount=5, damage_type="", hp_left=15, bloodied=False, cause="ongoing"),
              CreatureDestroyed(uid=b, by_player=1),
              VictoryPointsScored(player=1, amount=30, reason="destroyed", total=30)]
    assert summary_lines(events, state) == [
        "Round 2 began.",
        "Player 2's turn.",
        f"{an} moved 2 squares to column 8, row 1.",
        f"{an} shifted 1 square to column 7, row 1.",
        f"{an} hit {bn} with Bow: 10 damage, 20 HP left.",
        f"{an} missed {bn} with Knife.",
        f"{bn} took 5 damage, 15 HP left (ongoing).",
        f"{bn} was destroyed: Player 2 scored 30 VP (30 in all).",  # s19 ux 5: the kill's VP on its line
    ]
    assert summary_lines([], state) == []
    assert handoff_title(1) == "Player 2 — press Enter when ready"


def test_the_player_who_hands_over_later_learns_how_its_turn_ended():
    state = battle("A....b", active="A", dice=(17, 4) * 30)
    handoff = HandOff.for_battle(state, ())
    state, events = apply(state, EndActivation())
    assert handoff.after(events, state) == 1
    unseen = list(events)
    seat = None
    for _ in range(20):  # Player 2's turn, the end of the round, the initiative, to Player 1's turn
        if seat is not None:
            break
        state, events = apply(state, legal_actions(state)[0])
        unseen.extend(events)
        seat = handoff.after(events, state)
    assert seat == 0 and state.turn_player == 0
    assert handoff.take(0) == unseen  # from the end of its own activation on
    assert any(isinstance(e, TurnStarted) and e.player == 1 for e in unseen)


def test_summary_says_a_turn_passed_with_nothing_and_leaves_out_the_turn_beginning_now():
    state = _state()
    archer = state.creatures[3]
    an = f"{archer.card.name} ({archer.label})"
    events = [TurnStarted(player=0, activations=2), TurnStarted(player=1, activations=2),
              CreatureMoved(uid=archer.uid, start=(9, 0), path=((8, 0),), mode="move"),
              TurnStarted(player=0, activations=2), RoundStarted(round=3), TurnStarted(player=1, activations=2),
              TurnStarted(player=0, activations=2)]
    assert summary_lines(events, state) == [
        "Player 1's turn: nothing moved, attacked or scored.", "Player 2's turn.",
        f"{an} moved 1 square to column 9, row 1.",
        "Player 1's turn: nothing moved, attacked or scored.", "Round 3 began.",
        "Player 2's turn: nothing moved, attacked or scored."]  # the last turn, beginning now, is left out
    assert summary_lines([TurnStarted(player=1, activations=2)], state) == []


def test_a_turn_that_ends_by_itself_does_not_repeat_the_player_s_own_move():
    """A move that spends a creature's last action ends the turn by itself: the player who made it is
    not told of it again at its next hand-off (only what follows the end of its activation)."""
    state = battle("A....b", active="A", dice=(17, 4) * 30)
    handoff = HandOff.for_battle(state, ())
    own = [CreatureMoved(uid=state.creatures[0].uid, start=(0, 0), path=((1, 0),), mode="move")]
    ended = [ActivationEnded(uid=state.creatures[0].uid), TurnStarted(player=1, activations=1)]
    after = apply(state, EndActivation())[0]  # a state in Player 2's turn
    assert handoff.after(own + ended, after) == 1
    assert handoff.take(0) == ended


def test_pieces_of_one_movement_make_one_line_and_conditions_are_told():
    state = _state()
    brute, archer = state.creatures[0], state.creatures[3]
    bn, an = f"{brute.card.name} ({brute.label})", f"{archer.card.name} ({archer.label})"
    hit = AttackRolled(attacker=brute.uid, target=archer.uid, attack="Club", natural=2, bonus=4, modifiers=(),
                       total=6, defense="AC", target_number=14, hit=False, critical=False, kind="opportunity")
    events = [CreatureMoved(uid=archer.uid, start=(9, 0), path=((8, 0), (7, 0)), mode="charge"), hit,
              CreatureMoved(uid=archer.uid, start=(7, 0), path=((6, 0),), mode="charge"),
              ConditionApplied(uid=archer.uid, condition="prone", duration="end of battle", source=None),
              ActivationEnded(uid=archer.uid),
              CreatureMoved(uid=archer.uid, start=(6, 0), path=((5, 0),), mode="charge")]
    assert summary_lines(events, state) == [
        f"{an} charged 3 squares to column 7, row 1.", f"{bn} missed {an} with Club (opportunity attack).",
        f"{an} is prone (until it stands up).",
        f"{an} charged 1 square to column 6, row 1."]  # a new activation: a new charge


def test_an_undone_move_is_left_out_of_the_other_player_s_summary():
    state = battle("A....b", active="A", dice=(17, 4) * 30)
    handoff = HandOff.for_battle(state, ())
    moves = [a for a in legal_actions(state) if type(a).__name__ == "Move"]
    moved, events = apply(state, moves[0])
    assert handoff.after(events, moved) is None
    handoff.undone(state)  # z: back to before the move
    state, events = apply(state, EndActivation())
    assert handoff.after(events, state) == 1
    assert not any(isinstance(e, CreatureMoved) for e in handoff.take(1))


def test_with_ai_seats_between_two_humans_each_human_learns_every_turn_since_its_own():
    """Four players, two at the keyboard (seats 0 and 1) and two AI seats: Player 2's summary holds the
    AI's turns that came after its own turn (they were missing: it saw only the last action), and not
    its own move."""
    from types import SimpleNamespace
    handoff = HandOff(frozenset({0, 1}), holder=0)
    handoff._turn = 0
    step = iter(range(1, 100))

    def act(turn: int, *events):
        return handoff.after(list(events), SimpleNamespace(step=next(step), phase=Phase.ACTING, turn_player=turn))

    def moved(uid: str) -> CreatureMoved:
        return CreatureMoved(uid=uid, start=(0, 0), path=((1, 0),), mode="move")

    assert act(1, moved("p1"), ActivationEnded(uid="p1"), TurnStarted(player=1, activations=1)) == 1
    handoff.take(1)
    assert act(1, moved("p2")) is None
    assert act(2, ActivationEnded(uid="p2"), TurnStarted(player=2, activations=1)) is None  # the AI's turns
    assert act(2, moved("p3")) is None
    assert act(3, ActivationEnded(uid="p3"), TurnStarted(player=3, activations=1)) is None
    assert act(3, moved("p4")) is None
    assert act(0, ActivationEnded(uid="p4"), TurnStarted(player=0, activations=1)) == 0
    assert [e.uid for e in handoff.take(0) if isinstance(e, CreatureMoved)] == ["p2", "p3", "p4"]
    assert act(0, moved("p1")) is None
    assert act(1, ActivationEnded(uid="p1"), TurnStarted(player=1, activations=1)) == 1
    unseen = handoff.take(1)
    assert [e.uid for e in unseen if isinstance(e, CreatureMoved)] == ["p3", "p4", "p1"]
    assert [e.player for e in unseen if isinstance(e, TurnStarted)] == [2, 3, 0, 1]


def test_a_charge_broken_by_opportunity_attacks_is_one_line():
    """Issue 20 (nm-grid35 F5): a charge that provokes two opportunity attacks on the way (OA-1) comes
    in three pieces; the summary says one charge of all its squares, then the attacks made on the way."""
    from tactica.engine import OpportunityAttackProvoked
    state = _state()
    brute, archer = state.creatures[0], state.creatures[3]
    b, a = brute.uid, archer.uid
    bn, an = f"{brute.card.name} ({brute.label})", f"{archer.card.name} ({archer.label})"

    def oa(hit: bool) -> AttackRolled:
        return AttackRolled(attacker=a, target=b, attack="Knife", natural=15 if hit else 2, bonus=4, modifiers=(),
                            total=19 if hit else 6, defense="AC", target_number=14, hit=hit, critical=False,
                            kind="opportunity")
    events = [CreatureMoved(uid=b, start=(0, 0), path=((1, 0), (2, 0), (3, 0), (4, 0)), mode="move"),
              CreatureMoved(uid=b, start=(4, 0), path=((5, 0), (6, 0)), mode="charge"),
              OpportunityAttackProvoked(attacker=a, mover=b, cause="move"), oa(False),
              CreatureMoved(uid=b, start=(6, 0), path=((7, 0),), mode="charge"),
              OpportunityAttackProvoked(attacker=a, mover=b, cause="move"), oa(True),
              DamageDealt(target=b, amount=5, damage_type="", hp_left=25, bloodied=False),
              CreatureMoved(uid=b, start=(7, 0), path=((8, 0),), mode="charge")]
    assert summary_lines(events, state) == [
        f"{bn} moved 4 squares to column 5, row 1.",
        f"{bn} charged 4 squares to column 9, row 1.",
        f"{an} missed {bn} with Knife (opportunity attack).",   # not an act of the turn's player (nm s17 F14)
        f"{an} hit {bn} with Knife (opportunity attack): 5 damage, 25 HP left.",
    ]


def test_a_holder_that_keeps_the_keyboard_is_not_told_what_it_saw():
    """nm-g35 4, 12: Player 1 had the last turn of a round and the first of the next (no hand-off
    between): its next hand-off listed "Round 1 ended. Round 2 began." and its own new turn."""
    from tactica.engine import RoundEnded
    state = battle("A....b", active="A")                            # Player 1's turn, at the keyboard
    handoff = HandOff.for_battle(state, ())
    uid = state.creatures[0].uid
    events = [ActivationEnded(uid=uid), RoundEnded(round=1, quiet_rounds=0), RoundStarted(round=2),
              TurnStarted(player=0, activations=1)]
    assert handoff.after(events, state) is None                     # still Player 1's: no hand-off
    assert handoff.take(0) == []                                    # it saw all of it on its screen
    assert any(isinstance(e, RoundStarted) for e in handoff.take(1))  # the other player did not


def test_a_champion_window_in_the_middle_of_a_turn_hands_nothing_over_nor_tells_the_turns_player():
    """nm-g35 8: a charge stopped by a champion-power question went on after the answer, and its rest
    was told to the charger's own player at its next hand-off (and not as part of the charge)."""
    state = battle("A....b", active="b", turn_player=1)             # Player 2's turn
    handoff = HandOff.for_battle(state, ())
    assert handoff.holder == 1
    mover = state.creature("b")
    window = state.copy()
    window.phase = Phase.CHAMPION                                   # Player 1 asked about a power
    first = [CreatureMoved(uid=mover.uid, start=(5, 0), path=((4, 0),), mode="charge")]
    assert handoff.after(first, window) is None
    rest = [CreatureMoved(uid=mover.uid, start=(4, 0), path=((3, 0),), mode="charge")]
    assert handoff.after(rest, state) is None                       # back in Player 2's turn
    assert handoff.take(1) == []                                    # its own charge, all of it
    assert summary_lines(handoff.take(0), state) == [
        f"{mover.card.name} ({mover.label}) charged 2 squares to column 4, row 1."]


def test_a_champion_power_is_told_between_a_miss_and_its_reroll():
    """nm-g35 7: a reroll made a miss and then a hit of one attack, told as two attacks."""
    from tactica.engine import ChampionPowerUsed
    state = _state()
    a, b = state.creatures[0], state.creatures[2]
    lines = summary_lines([ChampionPowerUsed(champion=b.uid, power="Knot of Ill Luck", cost=1, left=2,
                                             ally=b.uid, enemy=a.uid, effect="reroll")], state)
    assert lines == [f"{b.card.name} ({b.label}) uses champion power Knot of Ill Luck (•, 2 left): "
                     f"{b.card.name} ({b.label}) rolls again against {a.card.name} ({a.label})."]


def test_summary_tells_what_the_modules_add_standing_up_drift_fall_fatigue_and_digging():
    """nm-ug 6: the hand-off left out a creature standing up (G5E-PRONE), drifting in the dark (UG-DARK),
    falling (UG-FALL), a change of fatigue (UG-FATIGUE) and digging (UG-RUBBLE): each is a line now."""
    from tactica.engine import CreatureDrifted, CreatureFellDown, CreatureStoodUp, FatigueChanged, RubbleDug
    state = battle("A.\n.b")
    name = creature_name(state, "A")
    events = [CreatureStoodUp("A", 3), CreatureDrifted("A", (0, 0), (1, 0), 7, 0, 45),
              CreatureFellDown("A", (1, 0), (1, 1), 20, "rough", 10), FatigueChanged("A", "fatigued"),
              RubbleDug("A", (1, 1), 3, 3, False, (3,)), RubbleDug("A", (1, 1), 2, 5, True, (2,))]
    assert summary_lines(events, state) == [
        f"{name} stood up.", f"{name} drifted off its way in the dark.", f"{name} fell 20 feet.",
        f"{name} is fatigued now.", f"{name} dug into the rubble (3 of 5 feet).",
        f"{name} dug into the rubble and cleared it."]


def _two_turns():
    """Hot seat, A, C and D against b and c: Player 1's A moves and D idles (two activations, RND-2), then
    Player 2's b moves and c idles.  Returns the hand-off and the last state (Player 1's turn again)."""
    from tactica.engine import Activate, Move
    state = battle("A..c\n....\nC..b\nD...", dice=(15, 5) * 20, turn_player=0)
    handoff = HandOff.for_battle(state, ())
    for action in (Activate("A"), Move(((1, 0),)), EndActivation(), Activate("D"), EndActivation(),
                   Activate("b"), Move(((2, 2),)), EndActivation(), Activate("c"), EndActivation()):
        state, events = apply(state, action)
        handoff.after(events, state)
    return handoff, state


def test_the_hand_off_s_turn_line_says_who_activated_and_heads_that_turn_s_lines():
    """nm s16: the summary began with a bullet "• Player 2's turn." that carried nothing; the turn's
    line now says who activated, and the screen shows it as the heading of that turn's bullets."""
    from tactica.client.handoff import handoff_rows
    handoff, state = _two_turns()
    assert state.turn_player == 0 and state.round == 1
    lines = summary_lines(handoff.take(0), state)
    assert lines == ["Player 2's turn: Creature b (b) and Creature c (c) activated.",
                     "Creature b (b) moved 1 square to column 3, row 3."]
    assert handoff_rows(lines) == ["Player 2's turn: Creature b (b) and Creature c (c) activated.",
                                   "  • Creature b (b) moved 1 square to column 3, row 3."]


def test_handoff_rows_a_round_s_line_at_the_left_other_lines_before_a_turn_bulleted():
    from tactica.client.handoff import handoff_rows
    lines = ["Goblin (GB1) took 5 damage, 10 HP left (ongoing).", "Round 1 ended.",
             "Player 2 scored 20 VP (VP zone); 20 in all.", "Round 2: Player 2 won the initiative and goes first.",
             "Player 2's turn: Orc (OR1) activated; nothing moved, attacked or scored.",
             "Player 1's turn: Guard (GU1) and Lancer (LA1) activated.", "Guard (GU1) moved 2 squares."]
    assert handoff_rows(lines) == [
        "• Goblin (GB1) took 5 damage, 10 HP left (ongoing).", "Round 1 ended.",
        "• Player 2 scored 20 VP (VP zone); 20 in all.", "Round 2: Player 2 won the initiative and goes first.",
        "Player 2's turn: Orc (OR1) activated; nothing moved, attacked or scored.",
        "Player 1's turn: Guard (GU1) and Lancer (LA1) activated.", "  • Guard (GU1) moved 2 squares."]


def test_rnd_1_the_summary_says_who_won_the_initiative_and_who_goes_first():
    """Issue 20: a round begun since the player's last turn is said with its initiative (RND-1):
    "Round 2: Player 2 won the initiative and goes first." (or "goes second": the winner chose)."""
    from tactica.engine import Activate, ChooseFirstPlayer
    for first, words in ((1, "goes first"), (0, "goes second")):
        state = battle("A...\n...b", dice=(5, 15) * 10, turn_player=0)   # Player 2 wins the roll, 15 to 5
        every = []
        for action in (Activate("A"), EndActivation(), Activate("b"), EndActivation(), ChooseFirstPlayer(first)):
            state, events = apply(state, action)
            every.extend(events)
        assert state.round == 2
        lines = summary_lines(every, state)
        assert f"Round 2: Player 2 won the initiative and {words}." in lines
        assert "Round 2 began." not in lines


def test_rnd_1_the_hand_off_tells_who_won_the_initiative_and_whether_it_went_first():
    """nm s17 F17: a hand-off over a round's end said "Round 2 began." and not who won the initiative;
    the player handed the keyboard after the winner's choice learns it and the choice (RND-1)."""
    told = []
    for seed in (4, 5, 11, 12):
        _, handed, _ = _battle(seed)
        for seat, unseen, state in handed:
            chose = [e for e in unseen if type(e).__name__ == "FirstPlayerChosen"]
            if chose and any(isinstance(e, RoundStarted) for e in unseen):
                lines = summary_lines(unseen, state)
                winner, first = chose[-1].chooser, chose[-1].player
                goes = "goes first" if winner == first else "goes second"
                assert any(line.endswith(f": Player {winner + 1} won the initiative and {goes}.")
                           for line in lines), lines
                assert not any(line.endswith(" began.") for line in lines)
                told.append(seat)
    assert told
