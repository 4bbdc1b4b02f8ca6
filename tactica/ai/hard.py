"""Level ``hard``: ``normal``'s candidates, tried out against the opponent's best reply.

When choosing whom to activate, the best few candidates by ``normal``'s
score are each played out on a copy of the state: the activation is
finished with ``normal``'s policy, the attacks rolled with the bot's *own*
seeded dice (``SeededDice`` from its generator, put on the copy — the real
dice are never read), several samples each.  A candidate is worth its
expected gain (``normal``'s score, from ``combat.preview`` chances) minus
the best activation the opponent could answer with in the played-out
positions (``normal``'s plan score, averaged over the samples).  Within an
activation, ``hard`` acts as ``normal`` does.

The search size is fixed (``candidates`` × ``samples``), so the same seed
gives the same choices; ``deadline`` (seconds) only stops a search that runs
late, for interactive use.
"""
from __future__ import annotations

import time

from tactica.engine import Action, Activate, GameState, Phase, SeededDice, apply

from .normal import NormalBot, _snapshot, best_plans

#: Weight of the opponent's best reply (a reply may not come at once).
REPLY = 0.7


def material(state: GameState, player: int) -> float:
    """VP lead of ``player``'s side over the best enemy side, plus half the cost-weighted HP
    its side keeps over the enemies' (SCN-MULTI: sides are teams)."""
    team = state.team_of(player)
    total = float(state.team_vp(team) - max(state.team_vp(t) for t in state.teams if t != team))
    for c in state.alive():
        worth = 0.5 * c.card.cost * c.hp / c.card.hp
        total += worth if c.team == team else -worth
    if state.is_over:
        total += 1000.0 if not state.hostile(state.winner, player) else -1000.0
    return total


class HardBot(NormalBot):
    """The ``hard`` opponent (see module doc).

    Args:
        seed: seed of the generator that seeds the sampling dice.
        candidates: how many of ``normal``'s best activations to try out.
        samples: dice samples per candidate.
        deadline: seconds after which the search stops early (None: never;
            set it for interactive play, leave it None where results must be
            reproducible).
    """

    name = "hard"

    def __init__(self, seed: int = 0, *, candidates: int = 3, samples: int = 2,
                 deadline: float | None = None):
        super().__init__(seed)
        self.candidates, self.samples, self.deadline = candidates, samples, deadline

    def choose_battle(self, state: GameState) -> Action:
        """Pick an activation by playing candidates out; act as ``normal`` within it."""
        if state.phase is not Phase.ACTIVATE:
            return super().choose_battle(state)
        me = state.turn_player
        plans = best_plans(state, me)
        cands = plans[:self.candidates]
        best, best_value = cands[0], None
        if len(cands) > 1:
            start = time.perf_counter()
            for plan in cands:
                seeds = [self.rng.getrandbits(64) for _ in range(self.samples)]
                reply = sum(self._reply(state, plan.uid, s) for s in seeds) / len(seeds)
                value = plan.gain - REPLY * reply
                if best_value is None or value > best_value:
                    best, best_value = plan, value
                if self.deadline is not None and time.perf_counter() - start > self.deadline:
                    break
        self._planned = (state.step + 1, best.uid, _snapshot(state), best.action)
        return Activate(best.uid)

    def _reply(self, state: GameState, uid: str, seed: int) -> float:
        """Play ``uid``'s activation out on a copy with our own dice; return the opponent's best answer.

        The answer is ``normal``'s best plan score for the opponent in the
        resulting state (its creatures not yet activated, or all of them when
        none is left this round); a battle won there counts as -1000.
        """
        me = state.turn_player
        st = state.copy()
        st.dice = SeededDice.from_seed(seed)
        st, _ = apply(st, Activate(uid))
        inner = NormalBot()
        while not st.is_over and st.phase in (Phase.ACTING, Phase.FORCED) and st.active_uid == uid:
            st, _ = apply(st, inner.choose(st))
        if st.is_over:
            return -1000.0 if not st.hostile(st.winner, me) else 1000.0
        foe = st.opponent(me)
        replies = best_plans(st, foe) or best_plans(st, foe, everyone=True)
        return max(0.0, replies[0].score) if replies else 0.0


__all__ = ["HardBot", "material"]
