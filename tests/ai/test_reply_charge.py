"""``hard``'s predicted reply may be a move and then a charge (ACT-1, CHG-1), as ``hard`` itself plays:
an enemy beyond one move and an attack but within a move and a charge is planned as the charger it is,
so it is the reply the look-ahead plays out (issue 21: a creature sent alone into the open was judged
safe from the enemies that then charged it)."""
from __future__ import annotations

import textwrap

import pytest

from tactica.ai.hard import REPLY_MOVE_CHARGE, HardBot
from tactica.engine.sandbox import battle, card, melee, ranged

#: Speed 6: a move and an attack reach 7 squares, a move and then a charge 13.
KNIGHT = card("Knight", cost=30, hp=60, speed=6, attacks=(melee(bonus=12, damage=20),))
GRUNT = card("Grunt", cost=14, hp=40, speed=6, attacks=(melee(bonus=7, damage=10),))
#: Each archer can shoot the grunt from where it stands: a smaller blow than the knight's.
ARCHER = card("Archer", cost=14, hp=20, speed=6,
              attacks=(ranged("Bow", bonus=10, damage=15, range=10, basic=True),))

#: Our grunt G; 10 squares off, the knight k and two archers a, b.  The enemy's turn (two activations).
BOARD = """
    ............
    G.........k.
    ..........a.
    ..........b.
"""


def lone_grunt():
    return battle(textwrap.dedent(BOARD).strip("\n"), {"G": GRUNT, "k": KNIGHT, "a": ARCHER, "b": ARCHER},
                  turn_player=1)


def replies(bot: HardBot, st) -> list[str]:
    """The uids of the enemy creatures the look-ahead plays out as the reply, in order."""
    pool = [c for c in st.enemy_creatures(0) if not c.activated]
    victims = [c for c in st.alive() if c.player == 0]
    plans = bot._seat_plans(st, 1, bot._ranked(st, pool, victims), victims)
    return [p.uid for _, p in plans[:bot._replies(st, 0, len(pool))]]


@pytest.mark.parametrize("move_charge", [True, False])
def test_chg_1_hards_predicted_reply_moves_and_then_charges_as_hard_does(move_charge):
    st = lone_grunt()
    bot = HardBot(reply_move_charge=move_charge)
    assert bot._inner.planner_options.move_charge is move_charge
    first = replies(bot, st)
    if move_charge:  # the knight's move and charge (20 damage) is the best reply; an archer follows
        assert first[0] == "k" and len(first) == 2
    else:  # planned as a walk with no attack, the knight was left out: the two archers' arrows only
        assert "k" not in first
    # the loss the look-ahead sees from there: the knight's blow counts only when it is planned
    with_charge = HardBot(reply_move_charge=True)._leaf_loss(st, 0, seed=1)
    without = HardBot(reply_move_charge=False)._leaf_loss(st, 0, seed=1)
    assert with_charge > without > 0


def test_hard_plans_its_reply_with_the_move_and_charge_by_default():
    assert REPLY_MOVE_CHARGE and HardBot().reply_move_charge
