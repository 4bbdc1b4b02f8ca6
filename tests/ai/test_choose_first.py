"""``hard`` chooses who goes first (RND-1) by playing the round out both ways (``HardBot.choose_first``):
it goes first where striking first wins the round, and lets the enemy go first where the round played
out with ours first costs our side more (issue 21: on an open map the side that went first walked into
the other's charges, and lost 17 of 22 battles)."""
from __future__ import annotations

from tactica.ai.hard import HardBot
from tactica.ai.intent import explain_action
from tactica.engine import Activate, ChooseFirstPlayer, EndActivation, Phase, apply, legal_actions
from tactica.engine.sandbox import battle, card, melee

#: One hit destroys it (20 damage on 20 HP), and it hits on any roll but a 1.
BRUTE = card("Brute", cost=30, hp=20, speed=6, ac=10, attacks=(melee(bonus=20, damage=20),))


def initiative(hp_a: int | None = None):
    """Our brute A next to the enemy's b, at the start of round 2 with player 1 (us) to choose who goes
    first (the scripted initiative dice give it to us)."""
    st = battle("Ab", {"A": BRUTE, "b": BRUTE}, active="A", dice=(15, 5, 15, 5, 15, 5),
                hp=None if hp_a is None else {"A": hp_a})
    st, _ = apply(st, EndActivation())
    while st.phase not in (Phase.CHOOSE_FIRST, Phase.OVER):
        if st.phase is Phase.ACTIVATE:
            st, _ = apply(st, Activate(st.unactivated(st.turn_player)[0].uid))
        st, _ = apply(st, EndActivation())
    assert (st.phase, st.round, st.decider) == (Phase.CHOOSE_FIRST, 2, 0)
    return st


def test_rnd_1_hard_goes_first_where_striking_first_destroys_the_enemy():
    st = initiative()
    bot = HardBot(seed=3, first_rollouts=2)
    # the round played out: whoever goes first destroys the other's brute
    assert not bot._round_played_out(st, ChooseFirstPlayer(0), 11, 0).creature("b").alive
    assert not bot._round_played_out(st, ChooseFirstPlayer(1), 11, 0).creature("A").alive
    assert bot.choose(st) == ChooseFirstPlayer(0)
    assert HardBot(seed=3, first_rollouts=0).choose(st) == ChooseFirstPlayer(0)  # as every level does


def test_rnd_1_hard_lets_the_enemy_go_first_where_the_round_with_ours_first_costs_us_more(monkeypatch):
    st = initiative()
    hurt = initiative(hp_a=5)  # the same board with our brute down 15 HP
    calls: list[tuple[int, int]] = []

    def played_out(self, state, first, seed, me):
        calls.append((first.player, seed))
        return hurt if first.player == me else state

    monkeypatch.setattr(HardBot, "_round_played_out", played_out)
    assert HardBot(seed=3, first_rollouts=2).choose(st) == ChooseFirstPlayer(1)
    # each choice played out on the same dice (common random numbers), ours first
    assert [p for p, _ in calls] == [0, 1, 0, 1]
    assert [s for p, s in calls if p == 0] == [s for p, s in calls if p == 1]


def test_rnd_1_a_tie_keeps_hard_first_and_the_choice_is_legal_and_repeatable(monkeypatch):
    st = initiative()
    monkeypatch.setattr(HardBot, "_round_played_out", lambda self, state, first, seed, me: state)
    assert HardBot(seed=3, first_rollouts=2).choose(st) == ChooseFirstPlayer(0)
    monkeypatch.undo()
    picks = {HardBot(seed=9, first_rollouts=2).choose(st) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(legal_actions(st))


def test_rnd_1_the_ais_intent_says_why_it_lets_the_enemy_go_first():
    st = initiative()
    assert explain_action(st, ChooseFirstPlayer(0)) == (
        "goes first this round, so that its creatures act before the enemy's")
    assert explain_action(st, ChooseFirstPlayer(1)) == (
        "lets Player 2 go first: the round played out both ways goes better second")


def test_rnd_1_with_a_deadline_the_choice_stops_after_the_pair_that_passed_it(monkeypatch):
    st = initiative()
    calls: list[int] = []

    def played_out(self, state, first, seed, me):
        calls.append(first.player)
        return state

    monkeypatch.setattr(HardBot, "_round_played_out", played_out)
    assert HardBot(seed=3, first_rollouts=3, deadline=0.0).choose(st) == ChooseFirstPlayer(0)
    assert calls == [0, 1]  # one pair (both choices on the same dice), then the deadline stops it
