"""``hard`` in battles of three and four players (SCN-MULTI, RND-2..4) and AI failures in ``tactica sim``."""
from __future__ import annotations

import pytest

from tactica import cli
from tactica.ai import sim
from tactica.ai.hard import HardBot
from tactica.ai.scenarios import warband
from tactica.engine import Activate, GameState, MapDef, Phase, apply, as_turn_of, legal_actions, new_game


def _corners(size: int = 10) -> MapDef:
    """A small four-corner map: a 3×3 start area in each corner, one shared VP zone in the middle."""
    def block(x0: int, y0: int) -> frozenset[tuple[int, int]]:
        return frozenset((x, y) for x in (x0, x0 + 1, x0 + 2) for y in (y0, y0 + 1, y0 + 2))
    far = size - 3
    zone = frozenset({(4, 4), (5, 5)})
    return MapDef.from_rows(["." * size] * size, id="corners", start_areas={
        "A": block(0, 0), "B": block(far, 0), "C": block(0, far), "D": block(far, far)},
        vp_zones={k: zone for k in "ABCD"})


def _bands(n: int, size: int = 3) -> tuple:
    return tuple(warband(size, offset=p, name=f"W{p}") for p in range(n))


@pytest.mark.parametrize("levels, teams", [
    (["hard", "hard", "hard"], ()),
    (["hard", "normal", "normal"], ()),
    (["hard", "random", "greedy"], ()),
    (["hard", "hard", "hard", "hard"], ()),
    (["hard", "normal", "greedy", "random"], ()),
    (["hard", "normal", "hard", "normal"], (0, 1, 0, 1)),
    (["hard", "hard", "normal", "normal"], (0, 1, 0, 1)),
    (["hard", "normal", "normal", "hard"], (0, 0, 1, 1)),
])
def test_scn_multi_hard_plays_whole_battles_in_every_seat(levels, teams):
    """Every seat holds ``hard`` once as the seats rotate; no battle breaks (it raised IllegalAction
    before: its look-ahead activated a creature of a player whose turn it was not)."""
    n = len(levels)
    out = sim.run_games(levels, _bands(n), [(_corners(),)], games=1, seed=5, teams=teams)
    assert sum(r["winner"] is not None for r in out["results"]) + out["draws"] == out["games"]
    assert all(r["rounds"] >= 1 for r in out["results"])


def _three_player_state() -> GameState:
    """A three-player free-for-all played (with legal first choices) up to its first activation choice."""
    state, _ = new_game(_bands(3), (_corners(),), seed=3)
    while state.phase is not Phase.ACTIVATE:
        state = _apply_first(state)
    return state


def _apply_first(state: GameState) -> GameState:
    """``state`` after its first legal action (setup choices made the plain way)."""
    return apply(state, legal_actions(state)[0])[0]


def test_rnd_2_scn_multi_the_next_enemy_is_the_next_hostile_seat_in_turn_order():
    state = _three_player_state()
    me = state.turn_player
    after_me = as_turn_of(state, (me + 1) % 3)
    waiting = [c for c in state.enemy_creatures(me) if not c.activated]
    assert HardBot._next_enemy(after_me, me, waiting) == (me + 1) % 3
    # the next seat has nothing left to activate: the turn passes over it (RND-4)
    later = [c for c in waiting if c.player == (me + 2) % 3]
    assert HardBot._next_enemy(after_me, me, later) == (me + 2) % 3


def test_scn_multi_hard_choice_is_a_legal_activation_of_its_own_creature():
    state = _three_player_state()
    bot = HardBot(seed=1)
    action = bot.choose(state)
    assert isinstance(action, Activate)
    assert state.creature(action.uid).player == state.turn_player
    assert bot.last_search[0] >= 1


class _Broken:
    """A bot that raises on its first decision."""

    name = "broken"

    def choose(self, state: GameState) -> Activate:
        raise ZeroDivisionError("planner divided by zero")


def test_a_failing_bot_is_one_clean_error_line_with_game_and_seed(monkeypatch, capsys):
    """In process (--jobs 1: the stand-in bot is patched into this process only)."""
    monkeypatch.setattr(sim, "make_bot", lambda level, seed: _Broken())
    code = cli.main(["sim", "--players", "3", "--ai", "hard", "--games", "2", "--seed", "4", "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 1
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("tactica sim: error: game 1 (--seed 4, dice seed ")
    assert f"dice seed {sim.game_seed(4, 0)})" in lines[0]
    assert "the broken AI (player " in lines[0] and "ZeroDivisionError: planner divided by zero" in lines[0]
