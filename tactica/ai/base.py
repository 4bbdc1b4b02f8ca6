"""The common bot interface and the set-up choices every level shares.

A bot is a small object (after OpenSpiel's bots): it owns a seeded
``random.Random`` and answers ``choose(state) -> Action`` for the deciding
player, using only ``legal_actions``/``apply`` and the read-only helpers of
the engine.  It never reads ``state.dice``.  Bots hold no shared mutable
globals, so two bots may think in two threads at once; one bot instance
should be used by one thread at a time.
"""
from __future__ import annotations

import random

from tactica.engine import (
    Action,
    Activate,
    AreaAttack,
    Attack,
    Charge,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    GameState,
    Move,
    Phase,
    SeededDice,
    Shift,
    UsePower,
    any_in,
    apply,
    chebyshev,
    check,
    legal_actions,
    with_dice,
)

from .champion import choose_champion_power
from .forced import choose_forced
from .intent import explain_action
from .setup import choose_deploy_square

#: Most options ``Bot.choose_other`` tries out one by one.
LOOKAHEAD = 12


def material(state: GameState, player: int) -> float:
    """``player``'s standing: its side's VP lead over the best enemy side, plus half the
    cost-weighted HP its side keeps over the enemies' (sides are teams, SCN-MULTI).

    In VP (a won battle counts ±1000).  Used to judge options the bots have
    no special scoring for.
    """
    team = state.team_of(player)
    others = [state.team_vp(t) for t in state.teams if t != team]
    total = float(state.team_vp(team) - (max(others) if others else 0))
    for c in state.alive():
        worth = 0.5 * c.card.cost * c.hp / max(1, c.card.hp)
        total += worth if c.team == team else -worth
    if state.is_over and state.winner is not None:
        total += 1000.0 if not state.hostile(state.winner, player) else -1000.0
    return total


class Bot:
    """Base class of the opponents.

    Args:
        seed: seed of the bot's own random generator (ties, sampling).
    Attributes:
        name: the level name ("random", "greedy", "normal", "hard").
        rng: the bot's ``random.Random``.
    Subclasses implement ``choose_battle`` (activations and actions) and may
    override the set-up choices.
    """

    name = "bot"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._last: tuple[GameState, Action] | None = None

    def choose(self, state: GameState) -> Action:
        """Return a legal action for ``state.decider``.

        Raises ValueError when the battle is over (there is nothing to choose).
        """
        ph = state.phase
        if ph is Phase.OVER:
            raise ValueError("the battle is over")
        if ph is Phase.CHOOSE_MAP:
            action = self.choose_map(state)
        elif ph is Phase.CHOOSE_AREA:
            action = self.choose_area(state)
        elif ph is Phase.DEPLOY:
            action = self.choose_place(state)
        elif ph is Phase.CHOOSE_FIRST:
            action = self.choose_first(state)
        elif ph is Phase.FORCED:
            action = self.choose_forced(state)
        elif ph is Phase.CHAMPION:
            action = self.choose_champion(state)
        elif ph in (Phase.ACTIVATE, Phase.ACTING):
            action = self.choose_battle(state)
            if check(state, action) is not None:  # a choice the bot's scoring got wrong
                action = self.choose_other(state)
        else:  # a decision this bot does not know (e.g. a new kind of choice)
            action = self.choose_other(state)
        self._last = (state, action)
        return action

    def choose_other(self, state: GameState) -> Action:
        """A legal action for a decision the bot has no special scoring for.

        Each legal action (up to ``LOOKAHEAD`` of them) is tried on a copy of
        the state with the bot's own dice (never the game's) and judged by
        ``material``; the best is returned, the first listed on ties (and
        when there are more options than that).  Raises ValueError when
        nothing is legal.
        """
        options = legal_actions(state)
        if not options:
            raise ValueError("no legal action")
        if len(options) == 1 or len(options) > LOOKAHEAD:
            return options[0]
        me = state.decider
        seed = self.rng.getrandbits(64)
        best, best_value = options[0], None
        for action in options:
            trial = with_dice(state, SeededDice.from_seed(seed))
            try:
                after, _ = apply(trial, action)
            except Exception:  # an option the engine refuses after all: skip it
                continue
            value = material(after, me)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def explain(self) -> str | None:
        """Why the last ``choose`` picked its action, in a few words (None before any choice).

        E.g. "charges Kobold (ko1): 65% to hit, 60% to destroy it (bloodied)";
        see ``tactica.ai.intent``.  Levels that keep a plan for the creature
        they activate (``normal``, ``hard``) also say what it will do first.
        """
        if self._last is None:
            return None
        state, action = self._last
        first = self.planned_first()
        try:
            then = self.follow_up(state, action, first)
        except Exception:  # the explanation is a nicety: never fail a choice over it
            then = None
        return explain_action(state, action, first, then)

    def planned_first(self) -> Action | None:
        """The first action this bot has in mind for the creature it last activated, or None (a level
        that keeps no plan, as this base bot; ``normal`` and ``hard`` keep one)."""
        return None

    def follow_up(self, state: GameState, action: Action, first: Action | None = None
                  ) -> tuple[GameState, Action] | None:
        """What this bot will do right after the move or shift ``action`` (or after the activation
        ``action`` whose planned first action is the move or shift ``first``).

        The move is played on a copy of ``state`` with stand-in dice (an opportunity attack
        it provokes is rolled with them, never with the battle's own dice); there the bot's
        own next choice (``next_after_move``) is asked.  Returns (the state after the move,
        that Attack, AreaAttack, Charge or UsePower, or a second Move that ends in the
        mover's VP zone, SCN-ASSAULT), or None: no move, the creature's
        activation ended on the way (it fell, was pushed or destroyed), or no attack or
        power follows.  The intent then names the creature the bot will attack.
        """
        steps: list[Action] = [action] if isinstance(action, (Move, Shift)) else []
        if isinstance(action, Activate) and isinstance(first, (Move, Shift)):
            steps = [action, first]
        if not steps:
            return None
        uid = action.uid if isinstance(action, Activate) else state.active_uid
        if uid is None:  # a move with no creature active: illegal, so nothing follows
            return None
        st = with_dice(state, SeededDice.from_seed(state.step))
        for step in steps:
            if check(st, step) is not None:
                return None
            st, _ = apply(st, step)
        if st.phase is not Phase.ACTING or st.active_uid != uid:
            return None
        nxt = self.next_after_move(st)
        mover = st.creature(uid)
        if isinstance(nxt, Move) and nxt.path and any_in(nxt.path[-1], mover.size, st.vp_zone(mover.player)):
            return st, nxt  # a second move (ACT-3) into the VP zone: the first was made for it
        return (st, nxt) if isinstance(nxt, (Attack, AreaAttack, Charge, UsePower)) else None

    def next_after_move(self, state: GameState) -> Action | None:
        """The action this bot would choose in ``state`` (its creature's activation under way,
        after a move) without changing the bot; None when it cannot tell (the base bot)."""
        return None

    # -- set-up (SET-2, SET-3, RND-1) --------------------------------------
    def choose_map(self, state: GameState) -> Action:
        """Pick the map (SET-2): the one with the smaller area, so contact comes sooner."""
        options = [a for a in legal_actions(state) if isinstance(a, ChooseMap)]
        return min(options, key=lambda a: (state.maps[a.index].width * state.maps[a.index].height,
                                           a.index))

    def choose_area(self, state: GameState) -> Action:
        """Pick a start area (SET-2): the one nearer the VP zone that would score for us."""
        options = [a for a in legal_actions(state) if isinstance(a, ChooseStartArea)]
        m = state.battle_map

        def gap(a: ChooseStartArea) -> tuple[int, str]:
            area, zone = m.start_areas.get(a.area, ()), m.vp_zones.get(a.area, ())
            if not area or not zone:
                return (0, a.area)
            return (min(chebyshev(s, z) for s in area for z in zone), a.area)

        return min(options, key=gap)

    def choose_place(self, state: GameState) -> Action:
        """Deploy the next creature (SET-3): melee in front, ranged behind."""
        return choose_deploy_square(state, legal_actions(state))

    def choose_first(self, state: GameState) -> Action:
        """Who goes first this round (RND-1): this bot takes the first turn."""
        return ChooseFirstPlayer(state.decider)

    def choose_forced(self, state: GameState) -> Action:
        """Where forced movement takes a creature, or where a fallen one goes (MOV-14, TER-PIT).

        The shared heuristic of ``tactica.ai.forced``: pits first, then out
        of the VP zone and away from the target's allies.
        """
        return choose_forced(state)

    def choose_champion(self, state: GameState) -> Action:
        """Use a champion power or decline (CHP-2): the most useful use worth its cost (``champion``)."""
        return choose_champion_power(state)

    def choose_battle(self, state: GameState) -> Action:
        """Choose an Activate or an acting action; subclasses implement it."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def uniform_setup(bot: Bot, state: GameState) -> Action:
    """A uniformly random legal set-up action (used by the random level)."""
    options = legal_actions(state)
    return options[bot.rng.randrange(len(options))]


__all__ = ["Bot", "ChooseMap", "material", "uniform_setup"]
