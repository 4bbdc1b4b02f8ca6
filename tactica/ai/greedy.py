"""Level ``greedy``: a one-step heuristic.

Activate the first creature (warband order) that can attack now, else the
first one.  Acting: make the attack or charge with the highest expected
loss of HP (the engine's ``preview``'s ``expected_loss``, each hit capped at the
HP left, HP-1; a likely kill first); otherwise move to the
reachable square nearest (around walls) to the nearest enemy, or to our VP
zone when that is nearer; otherwise end the activation.  Equal choices go to
the first square in the side's own frame (``frame.tie_key``), so that neither
side of a symmetric map is favoured.
"""
from __future__ import annotations

from tactica.engine import (
    Action,
    Activate,
    Attack,
    Charge,
    Dig,
    EndActivation,
    GameState,
    Move,
    Phase,
    Square,
    actions_of_kind,
    preview,
    with_creature_at,
)

from .base import Bot
from .board import Board, flat_mover
from .frame import tie_sorter


class GreedyBot(Bot):
    """The ``greedy`` opponent (see module doc).

    Args:
        seed: seed of the bot's random generator (breaks no ties; kept for
            the common interface).
    """

    name = "greedy"

    def choose_battle(self, state: GameState) -> Action:
        """Activate a creature, or take the active creature's greedy action."""
        if state.phase is Phase.ACTIVATE:
            mine = state.unactivated(state.turn_player)
            for c in mine:
                reach = c.card.melee_reach  # 1, or a card's reach (CL-5)
                if any(c.pos and e.pos and 1 <= max(abs(c.pos[0] - e.pos[0]), abs(c.pos[1] - e.pos[1])) <= reach
                       for e in state.enemy_creatures(c.player)):
                    return Activate(c.uid)
            return Activate(mine[0].uid)
        me = state.actor
        tie = tie_sorter(state, me.player)  # equal choices: the first square of the side's own frame (issue 21)
        best: Action | None = None
        best_key: tuple[float, float] | None = None
        for act in actions_of_kind(state, Attack):
            attack = me.card.attacks[act.attack]
            p = preview(state, me, state.creature(act.targets[0]), attack)
            key = (p.kill_chance, p.expected_loss)
            if best_key is None or key > best_key:
                best, best_key = act, key
        melee = me.card.basic_melee  # the attack a charge makes (CHG-1): no charge is legal without one
        if melee is not None:
            for charge in sorted(actions_of_kind(state, Charge), key=lambda c: tie(c.destination)):
                st = with_creature_at(state, me.uid, charge.destination)
                p = preview(st, st.creature(me.uid), st.creature(charge.target), melee, charge=True)
                key = (p.kill_chance, p.expected_loss)
                if best_key is None or key > best_key:
                    best, best_key = charge, key
        if best is not None:
            return best
        moves = actions_of_kind(state, Move)
        if moves:
            board = Board(state, me.player)

            def goal(sq: Square) -> int:
                d = board.enemy_distance(sq)
                return min(d, board.zone_distance(sq, me.size, flat_mover(me))) if board.zone else d

            here = goal(me.square)
            move = min(moves, key=lambda m: (goal(m.destination), tie(m.destination)))
            if goal(move.destination) < here:
                return move
        digs = actions_of_kind(state, Dig)  # UG-RUBBLE: no way on, so dig at the rubble nearest an enemy
        if digs:
            enemies = [e.square for e in state.enemy_creatures(me.player)]
            return min(digs, key=lambda d: (min((max(abs(d.square[0] - x), abs(d.square[1] - y))
                                                 for x, y in enemies), default=0), tie(d.square)))
        return EndActivation()

    def next_after_move(self, state: GameState) -> Action | None:
        """The greedy action of the active creature in ``state`` (``choose_battle`` keeps no state)."""
        return self.choose_battle(state)


__all__ = ["GreedyBot"]
