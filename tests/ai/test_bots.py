"""Bots only play legal actions, are deterministic, and the levels are ordered."""
from __future__ import annotations

import random

import pytest

from tactica.ai import LEVELS, make_bot
from tactica.ai.sim import play_battle
from tactica.engine import Charge, Move, actions_of_kind, apply, check, kinds_now, legal_actions, new_game


class Checked:
    """Wraps a bot and asserts every choice is listed by ``legal_actions``."""

    def __init__(self, bot):
        self.bot, self.name, self.count = bot, bot.name, 0

    def choose(self, state):
        action = self.bot.choose(state)
        legal = legal_actions(state)
        if isinstance(action, Move):  # any legal path to a listed destination is fine
            assert action.destination in {a.destination for a in legal if isinstance(a, Move)}
            assert check(state, action) is None, (self.name, action)
        elif isinstance(action, Charge):  # likewise for a listed target and end square
            assert (action.target, action.path[-1]) in {(a.target, a.path[-1]) for a in legal
                                                        if isinstance(a, Charge)}
            assert check(state, action) is None, (self.name, action)
        else:
            assert action in legal, (self.name, action)
        self.count += 1
        return action


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_only_legal_actions(level, small_battle):
    warbands, maps = small_battle
    for seed in (1, 2):
        bots = [Checked(make_bot(level, seed)), Checked(make_bot("random", seed + 10))]
        if seed == 2:
            bots.reverse()
        result = play_battle(bots, warbands, maps, seed)
        assert result.winner in (0, 1)
        assert sum(b.count for b in bots) == result.steps


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_seed_same_battle(level, small_battle):
    warbands, maps = small_battle
    runs = [play_battle([make_bot(level, 5), make_bot("greedy", 6)], warbands, maps, 9) for _ in range(2)]
    assert runs[0] == runs[1]


def test_normal_beats_random(small_battle):
    warbands, maps = small_battle
    wins = 0
    for i in range(6):
        seats = (0, 1) if i % 2 == 0 else (1, 0)
        bots = [None, None]
        bots[seats[0]], bots[seats[1]] = make_bot("normal", i), make_bot("random", 100 + i)
        result = play_battle(bots, warbands, maps, 40 + i)
        wins += result.winner == seats[0]
    assert wins >= 5


def test_lazy_kinds_match_legal_actions(small_battle):
    warbands, maps = small_battle
    rng = random.Random(4)
    state, _ = new_game(warbands, maps, seed=4)
    bot = make_bot("random", 4)
    checked = 0
    while not state.is_over and checked < 250:
        full = legal_actions(state)
        by_kind = [a for kind in kinds_now(state) for a in actions_of_kind(state, kind)]
        assert sorted(map(repr, by_kind)) == sorted(map(repr, full))
        for kind in kinds_now(state):
            assert actions_of_kind(state, kind) == [a for a in full if type(a) is kind]
        state, _ = apply(state, bot.choose(state) if rng.random() < 0.9 else full[-1])
        checked += 1


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown AI level"):
        make_bot("grandmaster", 1)


def test_bots_share_no_state(small_battle):
    """Two bots of one level never share mutable attributes (safe in worker threads)."""
    a, b = make_bot("hard", 1), make_bot("hard", 1)
    for name, value in vars(a).items():
        if not isinstance(value, (int, float, str, type(None), tuple)):
            assert value is not vars(b)[name], name


def test_random_bot_shuffle_draws_as_random_shuffle():
    import random

    from tactica.ai.random_bot import _shuffle
    for seed in range(50):
        for n in range(0, 12):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            _shuffle(b, y)
            assert x == y and a.random() == b.random()
