"""Level ``normal``: score every creature's options, activate the one that gains most.

For each creature not yet activated, ``tactics.plan_creature`` weighs its
options in VP-equivalents: attacks from where it stands or after a move
(hit and kill chances from ``combat.preview``, so flanking and cover count),
charges, and where to end (closing in, holding the VP zone, the damage
enemies could deal there, the opportunity attacks a route provokes).  The
creature whose best plan beats doing nothing by the most is activated; then
each action of its activation is re-planned from the new state.
"""
from __future__ import annotations

from tactica.engine import Action, Activate, EndActivation, GameState, Phase, check

from .base import Bot
from .tactics import Board, Plan, plan_creature


def best_plans(state: GameState, player: int, *, everyone: bool = False, board: Board | None = None,
               charge_reach: bool = False, offense: bool = False, move_charge: bool = False,
               shift: bool = False, oa_first: bool = False) -> list[Plan]:
    """Plans of ``player``'s creatures not yet activated (all on the map with ``everyone``), best gain first.

    Ties keep warband order.  ``charge_reach`` is ``Board``'s exposure model,
    ``offense`` its term for the attacks an end square puts in reach, ``move_charge``
    its move-then-charge plans, ``shift`` its shift-first plans, ``oa_first`` its
    discount of an attack the opportunity attacks on the way may prevent (all ``hard``).
    A ready ``board`` (a bot's ``NormalBot.board``) replaces those five.
    Used by ``normal`` and ``hard`` to choose an activation.
    """
    if board is None:
        board = Board(state, player, charge_reach=charge_reach, offense=offense, move_charge=move_charge,
                      shift=shift, oa_first=oa_first)
    pool = state.alive(player) if everyone else state.unactivated(player)
    plans = [plan_creature(state, c, board) for c in pool]
    order = {c.uid: i for i, c in enumerate(state.creatures)}
    plans.sort(key=lambda p: (-p.gain, order[p.uid]))
    return plans


def _snapshot(state: GameState) -> tuple:
    return tuple((c.pos, c.hp) for c in state.creatures)


class NormalBot(Bot):
    """The ``normal`` opponent (see module doc).

    Args:
        seed: seed of the bot's random generator (unused by its choices,
            which are deterministic; kept for the common interface).
    """

    name = "normal"
    #: Exposure model (``tactics.Board``): ``normal`` counts one move and an attack.
    charge_reach = False
    #: The planner's extra terms (``tactics.Board``), all off for ``normal`` (``hard`` turns them on).
    offense = move_charge = shift = oa_first = zone_race = charge_retreat = False

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._planned: tuple | None = None

    def board(self, state: GameState, player: int) -> Board:
        """The planner's shared facts for ``player`` in ``state``, with this level's terms (``tactics.Board``)."""
        return Board(state, player, charge_reach=self.charge_reach, offense=self.offense,
                     move_charge=self.move_charge, shift=self.shift, oa_first=self.oa_first,
                     zone_race=self.zone_race, charge_retreat=self.charge_retreat)

    def choose_battle(self, state: GameState) -> Action:
        """Activate the creature with the best plan, or take the active creature's next action.

        Within an activation the plan is made with this level's terms
        (``board``), so ``hard`` carries out the move-then-charge or shift it
        planned.
        """
        if state.phase is Phase.ACTIVATE:
            plans = best_plans(state, state.turn_player, board=self.board(state, state.turn_player))
            best = plans[0]
            self._planned = (state.step + 1, best.uid, _snapshot(state), best.action)
            return Activate(best.uid)
        me = state.active_creature
        cached = self._planned
        self._planned = None
        action = None
        if cached is not None and cached[:3] == (state.step, me.uid, _snapshot(state)):
            action = cached[3]
        if action is None or check(state, action) is not None:
            action = plan_creature(state, me, self.board(state, me.player)).action
        if check(state, action) is not None:  # never play an illegal action
            action = EndActivation()
        return action

    def next_after_move(self, state: GameState) -> Action | None:
        """The action this bot re-plans for the active creature in ``state`` (as ``choose_battle``
        does after a move: ``plan_creature``), or None when it is not legal."""
        me = state.active_creature
        nxt = plan_creature(state, me, self.board(state, me.player)).action
        return nxt if check(state, nxt) is None else None


__all__ = ["NormalBot", "best_plans"]
