"""Level ``normal``: score every creature's options, activate the one that gains most.

For each creature not yet activated, ``planner.plan_creature`` weighs its
options in VP-equivalents: attacks from where it stands or after a move
(hit and kill chances from the engine's ``preview``, so flanking and cover count),
charges, and where to end (closing in, holding the VP zone, the damage
enemies could deal there, the opportunity attacks a route provokes).  An
enemy's one attack (ACT-1) counts shared among the creatures of ours it could
strike, and while our side trails on VP only half of that risk counts (a
standoff gives the battle to the leader, SCN-TIE): ``NORMAL_OPTIONS``.  The
creature whose best plan beats doing nothing by the most is activated; then
each action of its activation is re-planned from the new state.
"""
from __future__ import annotations

from tactica.engine import Action, Activate, EndActivation, GameState, Phase, Square, check

from .base import Bot
from .board import Board, PlannerOptions
from .planner import Plan, plan_creature

#: ``normal``'s planner options (``NormalBot.planner_options``): the plain planner with its exposure
#: shared among the creatures an enemy could strike and pressed while behind on VP.
NORMAL_OPTIONS = PlannerOptions(shared_threats=True, press_behind=True)


def best_plans(state: GameState, player: int, *, everyone: bool = False, board: Board | None = None,
               options: PlannerOptions = NORMAL_OPTIONS) -> list[Plan]:
    """Plans of ``player``'s creatures not yet activated (all on the map with ``everyone``), best gain first.

    Ties keep warband order.  ``options`` are the planner's extra terms and
    searches (``PlannerOptions``; ``NORMAL_OPTIONS`` by default, as ``normal`` plays); a
    ready ``board`` (a bot's ``NormalBot.board``) replaces them.  Used by
    ``normal`` and ``hard`` to choose an activation.
    """
    if board is None:
        board = Board(state, player, options)
    pool = state.alive(player) if everyone else state.unactivated(player)
    plans = [plan_creature(state, c, board) for c in pool]
    order = {c.uid: i for i, c in enumerate(state.creatures)}
    plans.sort(key=lambda p: (-p.gain, order[p.uid]))
    return plans


def position_key(state: GameState) -> tuple[tuple[Square | None, int], ...]:
    """Every creature's (square, HP) in ``state``: equal keys mean nothing moved or was hurt since.

    A bot keeps the plan it made when choosing an activation (``NormalBot``,
    ``HardBot``) and plays it once the activation has begun only when this
    key is still the same.
    """
    return tuple((c.pos, c.hp) for c in state.creatures)


class NormalBot(Bot):
    """The ``normal`` opponent (see module doc).

    Args:
        seed: seed of the bot's random generator (unused by its choices,
            which are deterministic; kept for the common interface).
    """

    name = "normal"
    #: The planner's extra terms and searches (``board.PlannerOptions``): ``normal``'s exposure model
    #: counts one move and an attack (``hard`` turns the searches on), each enemy's attack shared among
    #: the creatures of ours it could strike (``shared_threats``), and less of it while our side trails
    #: on VP (``press_behind``, SCN-TIE); ``hard`` plays with them too.
    planner_options: PlannerOptions = NORMAL_OPTIONS

    def __init__(self, seed: int = 0, *, planner_options: PlannerOptions | None = None):
        super().__init__(seed)
        if planner_options is not None:
            self.planner_options = planner_options
        #: (step it is for, creature uid, ``position_key``, first action) of the activation chosen last.
        self._planned: tuple[int, str, tuple[tuple[Square | None, int], ...], Action] | None = None
        #: The Boards' memo of map distances (``Board``'s ``memo``): this bot's own, kept for the battle.
        self._board_memo: dict = {}

    def planned_first(self) -> Action | None:
        """The first action planned for the creature this bot activated last (None once it was played)."""
        return self._planned[3] if self._planned is not None else None

    def board(self, state: GameState, player: int) -> Board:
        """The planner's shared facts for ``player`` in ``state``, with this level's options (``board.Board``)."""
        return Board(state, player, self.planner_options, self._board_memo)

    def choose_battle(self, state: GameState) -> Action:
        """Activate the creature with the best plan, or take the active creature's next action.

        Within an activation the plan is made with this level's terms
        (``board``), so ``hard`` carries out the move-then-charge or shift it
        planned.
        """
        if state.phase is Phase.ACTIVATE:
            plans = best_plans(state, state.turn_player, board=self.board(state, state.turn_player))
            best = plans[0]
            self._planned = (state.step + 1, best.uid, position_key(state), best.action)
            return Activate(best.uid)
        me = state.actor
        cached = self._planned
        self._planned = None
        action = None
        if cached is not None and cached[:3] == (state.step, me.uid, position_key(state)):
            action = cached[3]
        if action is None or check(state, action) is not None:
            action = plan_creature(state, me, self.board(state, me.player)).action
        if check(state, action) is not None:  # never play an illegal action
            action = EndActivation()
        return action

    def next_after_move(self, state: GameState) -> Action | None:
        """The action this bot re-plans for the active creature in ``state`` (as ``choose_battle``
        does after a move: ``plan_creature``), or None when it is not legal."""
        me = state.actor
        nxt = plan_creature(state, me, self.board(state, me.player)).action
        return nxt if check(state, nxt) is None else None


__all__ = ["NORMAL_OPTIONS", "NormalBot", "best_plans", "position_key"]
