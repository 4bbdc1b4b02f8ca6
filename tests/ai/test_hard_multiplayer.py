"""``hard`` in battles of three and four players (SCN-MULTI, RND-2..4) and AI failures in ``tactica sim``."""
from __future__ import annotations

import pytest

from tactica import cli, content
from tactica.ai import sim, weights
from tactica.ai.board import rivals_apart
from tactica.ai.hard import HardBot, armour, contested, options_for
from tactica.ai.normal import NormalBot
from tactica.ai.scenarios import warband
from tactica.ai.weights import FFA_APPROACH, FFA_EXPOSURE, HARD_EXPOSURE
from tactica.engine import (
    Activate,
    ChooseStartArea,
    EndActivation,
    GameState,
    MapDef,
    Phase,
    Ruleset,
    SeededDice,
    apply,
    as_turn_of,
    chebyshev,
    legal_actions,
    new_game,
    with_dice,
)
from tactica.engine.sandbox import battle

from .conftest import activation


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
    before: its look-ahead activated a creature of a player whose turn it was not).  Two creatures a
    seat: each seat still activates, replies and is replied to every round (half the time of three)."""
    n = len(levels)
    out = sim.run_games(levels, _bands(n, size=2), [(_corners(),)], games=1, seed=5, teams=teams)
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


# -- the look-ahead counts every enemy seat that acts before our next turn (SCN-MULTI, RND-2) ----------

def _ffa(board: str, owners: dict[str, int], **kw) -> GameState:
    """A sandbox free-for-all waiting for seat 1 (player 0) to activate; ``owners`` names seats 3 and 4."""
    return battle(board, owners=owners, turn_player=0, **kw)


def test_scn_multi_seats_before_us_go_round_the_table_and_stop_at_our_turn():
    st = _ffa("A.b.C.d\nE......", {"C": 2, "d": 3})
    assert st.players == 4
    assert HardBot._seats_before_us(st, 0, 1) == [2, 3]   # after seat 2 (the next enemy): seats 3 and 4
    assert HardBot._seats_before_us(st, 0, 2) == [3]      # seat 2 had nothing left: from seat 3 on
    assert HardBot._seats_before_us(st, 0, 3) == []       # seat 4 is the last before ours
    teams = _ffa("A.b.C.d\nE......", {"C": 2, "d": 3}, rules=Ruleset(teams=(0, 1, 0, 1), vp_target=300))
    assert HardBot._seats_before_us(teams, 0, 1) == [3]   # seat 3 is our teammate: passed over
    duel = battle("A.b\nE..", turn_player=0)
    assert HardBot._seats_before_us(duel, 0, 1) == []     # two players: the next enemy is the only one


def test_scn_multi_rnd_4_a_seat_with_nothing_left_is_passed_over():
    st = _ffa("A.b.C.d", {"C": 2, "d": 3})
    st = as_turn_of(st, 0)
    done = apply(apply(st, Activate("A"))[0], EndActivation())[0]  # our only creature has acted
    assert not done.is_over
    # nothing of ours is left this round: every enemy still waiting acts before the round ends
    assert HardBot._seats_before_us(done, 0, 1) == [2, 3]


def test_scn_multi_hard_counts_the_attack_of_the_seat_after_the_next_enemy():
    """A stands next to c (seat 3); seat 2's b is far off.  Seat 2 acts next, then seat 3: c's
    attack on A comes before our next turn, so activating A is not free of loss (the look-ahead
    counted only seat 2's reply before, and saw none)."""
    board = "Ac" + "." * 26 + "b\n" + "." * 14 + "B" + "." * 14  # B: out of everyone's reach
    st = _ffa(board, {"c": 2})
    st = with_dice(st, SeededDice.from_seed(1))
    bot = HardBot(seed=1)
    loss = bot.expected_loss(st, "A", seed=7)
    assert loss > 0
    assert HardBot._seats_before_us(st, 0, 1) == [2]
    only_next = HardBot(seed=1)
    only_next._seats_before_us = lambda *a: []  # the old model: the next enemy seat alone
    assert only_next.expected_loss(st, "A", seed=7) == 0


def test_scn_multi_a_duel_has_no_later_replies():
    st = battle("Ab\nB.", turn_player=0)
    bot = HardBot(seed=1)
    assert bot._later_replies(st, 0, 1, st.alive(0)) == []


# -- a free-for-all: let the other sides meet first (SCN-MULTI, PlannerOptions.wait) ------------------

def test_scn_multi_rivals_apart_until_two_enemy_sides_are_within_reach_of_each_other():
    far = _ffa("A" + "." * 9 + "b" + "." * 17 + "c", {"c": 2})      # b and c: 18 apart (reach 6+6+2)
    near = _ffa("A" + "." * 9 + "b" + "." * 12 + "c", {"c": 2})     # 13 apart: they can meet
    assert rivals_apart(far, 0) and not rivals_apart(near, 0)
    duel = battle("A" + "." * 9 + "b" + "." * 17 + "d", turn_player=0)
    assert not rivals_apart(duel, 0)                                  # one enemy side: nothing to wait for
    assert HardBot(seed=1).board(far, 0).waiting and not HardBot(seed=1).board(duel, 0).waiting


def test_scn_multi_hard_holds_back_while_the_other_two_sides_are_apart():
    """A (ours) is 10 squares from b (seat 2), which is 18 from c (seat 3): ``normal`` walks A
    toward b; ``hard`` counts a quarter of the approach (WAIT) and stays out of b's reach."""
    board = "A" + "." * 9 + "b" + "." * 17 + "c"
    acts_hard, after_hard = activation(HardBot(seed=1), with_dice(_ffa(board, {"c": 2}), SeededDice.from_seed(1)))
    acts_normal, after_normal = activation(NormalBot(seed=1), with_dice(_ffa(board, {"c": 2}), SeededDice.from_seed(1)))
    gap = lambda st: chebyshev(st.creature("A").square, st.creature("b").square)  # noqa: E731
    assert gap(after_normal) < 10
    assert gap(after_hard) > gap(after_normal)
    assert gap(after_hard) > 6 + 1  # beyond b's move and attack (ACT-1)


# -- a free-for-all: a creature lost scores for a rival, so stand back (SCN-MULTI, exposure_share) -------

def test_scn_multi_hard_weighs_exposure_more_and_approach_less_only_in_a_free_for_all():
    ffa = _ffa("A" + "." * 13 + "b.c", {"c": 2})
    options = options_for(HardBot.planner_options, ffa)
    assert (options.approach_share, options.exposure_share) == (FFA_APPROACH, FFA_EXPOSURE)
    assert FFA_APPROACH < 1 < FFA_EXPOSURE
    duel = battle("A" + "." * 13 + "b", turn_player=0)
    assert options_for(HardBot.planner_options, duel) == HardBot.planner_options
    assert (HardBot.planner_options.approach_share, HardBot.planner_options.exposure_share) == (1.0, HARD_EXPOSURE)
    assert HardBot().board(duel, 0).options.exposure_share == HARD_EXPOSURE > 1
    teams = _ffa("A.b.C.d", {"C": 2, "d": 3}, rules=Ruleset(teams=(0, 1, 0, 1), vp_target=300))
    assert options_for(HardBot.planner_options, teams) == HardBot.planner_options  # two sides: as a duel


def test_scn_multi_hard_stops_out_of_a_rivals_reach_where_duel_weights_walk_in(monkeypatch):
    """A (ours) is 14 squares from b (seat 2), which stands 2 from c (seat 3): the rivals have met,
    so ``hard`` no longer waits.  With ``normal``'s weights (approach and exposure counted once) A
    walks to 2 squares from b (in reach of its move and attack, ACT-1); with the free-for-all's it
    stops 6 away."""
    board = "A" + "." * 13 + "b.c"
    gap = lambda st: chebyshev(st.creature("A").square, st.creature("b").square)  # noqa: E731

    def gap_after(shares: tuple[float, float]) -> int:
        monkeypatch.setattr(weights, "FFA_APPROACH", shares[0])
        monkeypatch.setattr(weights, "FFA_EXPOSURE", shares[1])
        st = with_dice(_ffa(board, {"c": 2}), SeededDice.from_seed(1))
        assert not rivals_apart(st, 0)
        return gap(activation(HardBot(seed=1), st)[1])

    assert gap_after((1.0, 1.0)) == 2
    assert gap_after((FFA_APPROACH, FFA_EXPOSURE)) == 6


# -- a free-for-all: the start area whose VP zone lies by the lighter-armoured rival (SCN-MULTI, SET-2) -----

def _third_to_choose(seed: int) -> GameState:
    """The shipped three-player battle (quick-start warbands, Fourfold Court) with start areas A and B
    taken by the first two to choose: the third chooses between C and D."""
    state, _ = new_game(content.default_warbands(3, 200), (content.default_map(3, (), 200),), seed=seed)
    for area in "AB":
        assert state.phase is Phase.CHOOSE_AREA
        state = apply(state, ChooseStartArea(area))[0]
    assert state.phase is Phase.CHOOSE_AREA
    return state


def test_scn_multi_set_2_hard_picks_the_zone_by_the_lighter_armoured_rival():
    """Seed 2: Oakheart Circle (player 3) took A, Silverhelm Vanguard (player 1) took B; Broken Tusk
    Raiders (player 2) choose last.  C's VP zone lies by B's corner, D's by A's: from C the raiders
    would fight the Silverhelm (cost-weighted AC 19.1) for their zone all battle, from D the Oakheart
    (17.2).  ``normal`` takes C (the first free area: every area is as near its own zone); ``hard``
    takes D."""
    state = _third_to_choose(2)
    assert state.decider == 1 and state.areas == {2: "A", 0: "B"}
    assert (contested(state, "C"), contested(state, "D")) == ("B", "A")
    assert round(armour(state, 0), 1) == 19.1 and round(armour(state, 2), 1) == 17.2
    assert NormalBot(seed=1).choose(state) == ChooseStartArea("C")
    assert HardBot(seed=1).choose(state) == ChooseStartArea("D")


def test_scn_multi_set_2_hard_keeps_normals_area_when_that_zone_lies_by_the_lighter_rival():
    """Seed 0: Broken Tusk (player 2, 17.1) took A, Oakheart (player 3, 17.2) took B; Silverhelm
    chooses last: D's zone lies by the raiders, so ``hard`` takes D; had the raiders taken B (their
    zone by C's), it keeps C as ``normal`` does."""
    state = _third_to_choose(0)
    assert state.decider == 0 and state.areas == {1: "A", 2: "B"}
    assert HardBot(seed=1).choose(state) == ChooseStartArea("D")
    swapped, _ = new_game(content.default_warbands(3, 200), (content.default_map(3, (), 200),), seed=0)
    swapped = apply(apply(swapped, ChooseStartArea("B"))[0], ChooseStartArea("A"))[0]  # raiders B, Oakheart A
    assert swapped.areas == {1: "B", 2: "A"}
    assert HardBot(seed=1).choose(swapped) == NormalBot(seed=1).choose(swapped) == ChooseStartArea("C")


def test_set_2_hard_picks_as_normal_with_two_sides():
    """A duel (and two teams): the choice is ``normal``'s, whatever the armour."""
    state, _ = new_game(content.default_warbands(2, 200), (content.default_map(2, (), 200),), seed=2)
    assert state.phase is Phase.CHOOSE_AREA
    assert HardBot(seed=1).choose(state) == NormalBot(seed=1).choose(state)
