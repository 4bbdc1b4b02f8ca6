"""Targets are ranked by the HP an attack is expected to take, each hit capped at the HP left
(``AttackPreview.expected_loss``, HP-1: HP stop at 0), not by the uncapped dice (``expected_damage``).

The board: A's sword (+8, 10 damage) hits p and q alike (AC 15: 14 faces in 20), and only a
critical hit (20 damage) destroys either, so their kill chances tie.  A critical hit takes p's 12
HP but q's 19: the uncapped mean is the same, q's capped loss is larger, so q comes first even
though p comes first in reading order.
"""
from __future__ import annotations

from tactica.ai.greedy import GreedyBot
from tactica.client.controller import Controller, Mode
from tactica.client.session import GameSession
from tactica.engine import Attack, preview
from tactica.engine.sandbox import battle


def _board():
    return battle("pAq", {}, hp={"p": 12, "q": 19}, active="A")


def test_HP_1_the_board_ties_on_kill_chance_and_uncapped_damage():
    st = _board()
    a = st.creature("A")
    pp, pq = (preview(st, a, st.creature(u), a.card.attacks[0]) for u in "pq")
    assert pp.kill_chance == pq.kill_chance == 0.05
    assert pp.expected_damage == pq.expected_damage
    assert pq.expected_loss > pp.expected_loss


def test_HP_1_tui_attack_order_breaks_a_kill_chance_tie_by_capped_loss():
    ctrl = Controller(GameSession(_board()))
    assert ctrl.select((0, 0)) is None and ctrl.mode is Mode.ATTACK
    assert ctrl.attack_order() == ["q", "p"]


def test_HP_1_greedy_breaks_a_kill_chance_tie_by_capped_loss():
    assert GreedyBot(1).choose(_board()) == Attack(0, ("q",))
