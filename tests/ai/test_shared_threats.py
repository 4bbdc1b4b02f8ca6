"""``normal``'s exposure: an enemy's one attack shared among the creatures it could strike, and a side
that trails on VP pressing on (PlannerOptions.shared_threats, press_behind); ``hard`` plays with them too."""
from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from tactica.ai.board import NO_EXTRAS, Board, PlannerOptions, exposure, place_value
from tactica.ai.hard import HardBot
from tactica.ai.normal import NormalBot
from tactica.ai.planner import plan_creature
from tactica.ai.weights import BEHIND_EXPOSURE, HARD_EXPOSURE
from tactica.engine import Charge, Move, chebyshev
from tactica.engine.sandbox import area, card, close, melee
from tactica.engine.sandbox import battle as _battle

WARLORD = card("Warlord", cost=45, hp=90, speed=5, ac=18, defense=15, attacks=(melee(bonus=10, damage=20),))
GRUNT = card("Grunt", cost=14, hp=40, speed=6, attacks=(melee(bonus=7, damage=10),))
KNIGHT = card("Knight", cost=30, hp=60, speed=6, attacks=(melee(bonus=12, damage=20),))
CARDS = {"W": WARLORD, "G": GRUNT, "H": GRUNT, "k": KNIGHT, "m": KNIGHT, "x": KNIGHT, "y": KNIGHT}

#: The warlord W (untouched, 90 HP, speed 5) and its two grunts stand 7 squares from the knights k
#: and m: within their move and attack (speed 6 + 1, ACT-1), one square beyond the warlord's own.
#: Two more knights x and y stand far off, out of reach.  Player 1 to activate.
STANDOFF = """
    ......G......k........
    ......W......m........
    ......H...............
    ......................
    .....................x
    .....................y
"""


def standoff():
    return _battle(textwrap.dedent(STANDOFF).strip("\n"), CARDS, turn_player=0)


def nearest_enemy(st, sq) -> int:
    return min(chebyshev(sq, e.square) for e in st.enemy_creatures(0))


def end_square(st, action) -> tuple[int, int]:
    assert isinstance(action, (Move, Charge)), action
    return action.path[-1]


def test_normal_closes_in_where_the_old_exposure_walked_the_warlord_away():
    st = standoff()
    me = st.creature("W")
    # The old exposure: both knights' blows land on the warlord in full; it steps back out of reach.
    old = plan_creature(st, me, Board(st, 0, NO_EXTRAS)).action
    assert nearest_enemy(st, end_square(st, old)) > 7
    # normal today: each knight strikes one of the three creatures in its reach; the warlord closes in.
    new = plan_creature(st, me, NormalBot().board(st, 0)).action
    assert nearest_enemy(st, end_square(st, new)) <= 2


def test_an_enemys_threat_is_shared_among_our_creatures_within_its_reach():
    st = standoff()
    me = st.creature("W")
    full = {sq: amount for sq, _, amount, _ in Board(st, 0).threats_to(me)}
    shared = {sq: amount for sq, _, amount, _ in Board(st, 0, PlannerOptions(shared_threats=True)).threats_to(me)}
    # k and m reach W, G and H (7 squares): a third each; x and y reach none of the three
    assert shared[(13, 0)] == pytest.approx(full[(13, 0)] / 3)
    assert shared[(13, 1)] == pytest.approx(full[(13, 1)] / 3)
    assert shared[(21, 4)] == pytest.approx(full[(21, 4)])
    lone = _battle(textwrap.dedent(STANDOFF).strip("\n").replace("G", ".").replace("H", "."), CARDS, turn_player=0)
    alone = Board(lone, 0, PlannerOptions(shared_threats=True)).threats_to(lone.creature("W"))
    assert {sq: a for sq, _, a, _ in alone} == pytest.approx({sq: a for sq, _, a, _ in Board(lone, 0).threats_to(
        lone.creature("W"))})  # no ally in reach: the whole blow


@pytest.mark.parametrize("attack", [area("Fire Burst", range=5, radius=1, damage=15), close("Thunder Ring", size=2,
                                                                                              damage=15)])
def test_atk_2_a_close_or_area_attack_is_not_shared_among_our_creatures_in_its_reach(attack):
    # k's best attack strikes every creature in its template (ATK-2): W's grunts beside it do not take
    # that blow for it, so its threat to W stays whole; m's melee blow is still shared three ways.
    cards = dict(CARDS, k=card("Caller", cost=30, hp=60, speed=6, attacks=(attack,)))
    st = _battle(textwrap.dedent(STANDOFF).strip("\n"), cards, turn_player=0)
    me = st.creature("W")
    full = {sq: amount for sq, _, amount, _ in Board(st, 0).threats_to(me)}
    shared = {sq: amount for sq, _, amount, _ in Board(st, 0, PlannerOptions(shared_threats=True)).threats_to(me)}
    assert full[(13, 0)] > 0
    assert shared[(13, 0)] == pytest.approx(full[(13, 0)])
    assert shared[(13, 1)] == pytest.approx(full[(13, 1)] / 3)


@pytest.mark.parametrize(("vp", "share"), [((0, 30), BEHIND_EXPOSURE), ((30, 30), 1.0), ((40, 30), 1.0)])
def test_scn_tie_a_side_behind_on_vp_counts_less_exposure(vp, share):
    st = standoff()
    st.vp = list(vp)
    me = st.creature("W")
    board = Board(st, 0, PlannerOptions(press_behind=True))
    plain = Board(st, 0)
    threats = plain.threats_to(me)
    sq = (7, 1)
    risk = exposure(me, sq, threats, plain.last_stand(me))
    assert risk > 0
    expected = place_value(plain, me, sq, threats) + (1 - share) * risk
    assert place_value(board, me, sq, threats) == pytest.approx(expected)


def test_hard_shares_threats_and_presses_behind_in_its_plans_its_playouts_and_its_predicted_replies():
    bot = HardBot()
    for options in (HardBot.planner_options, bot._own.planner_options, bot._inner.planner_options):
        assert options.shared_threats and options.press_behind
    # the reply it predicts is normal's as normal plays, with hard's own charge reach, and a move then a
    # charge planned as hard plans them (reply_move_charge, tests/ai/test_reply_charge.py)
    assert bot._inner.planner_options == replace(NormalBot.planner_options,
                                                 charge_reach=HardBot.planner_options.charge_reach,
                                                 move_charge=bot.reply_move_charge)


def test_hard_counts_the_exposure_term_at_hard_exposure_in_a_duel():
    # The same square, the same threats: hard's own board takes HARD_EXPOSURE × the exposure where
    # the same options counting it once take 1 ×; the rest of the square's worth is the same.
    st = standoff()
    me = st.creature("W")
    hard = HardBot().board(st, 0)
    once = Board(st, 0, replace(HardBot.planner_options, exposure_share=1.0))
    threats = once.threats_to(me)
    sq = (7, 1)
    risk = exposure(me, sq, threats, once.last_stand(me))
    assert risk > 0 and HARD_EXPOSURE > 1
    assert hard.options.exposure_share == HARD_EXPOSURE
    expected = place_value(once, me, sq, threats) - (HARD_EXPOSURE - 1) * risk
    assert place_value(hard, me, sq, threats) == pytest.approx(expected)
