"""Level ``random``: a uniformly random legal action, kind first.

Uniform over all legal actions would pick a move almost every time (a
creature has a hundred destinations and a handful of attacks), and battles
would hardly ever end.  So this bot picks uniformly among the action *kinds*
that have at least one legal action now (attack, charge, move, shift, end the
activation; or the one kind of a set-up phase), then uniformly within that
kind.  Within "move" every reachable square is equally likely: the bot draws
a destination from ``move_reach`` (one cheap flood, the destinations in
``legal_actions`` order) and takes the cheapest path there, which may
provoke more opportunity attacks than the route ``legal_actions`` lists
(the draws are the ones drawing from the listed moves would make).  Charges
likewise: a listed (target, end square) by ``charge_choices``, then the
cheapest path there.
"""
from __future__ import annotations

from tactica.engine import (
    Action,
    Charge,
    GameState,
    Move,
    actions_of_kind,
    charge_choices,
    kinds_now,
    legal_actions,
    move_reach,
)

from .base import Bot


def _shuffle(rng, items: list) -> None:
    """``rng.shuffle(items)`` inlined: the same draws and the same order (Fisher-Yates from the end,
    each index drawn with ``getrandbits`` and rejection, as ``random.Random._randbelow`` does)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


class RandomBot(Bot):
    """Uniform random kind, then uniform random action of that kind (see module doc).

    Args:
        seed: seed of the bot's random generator.
    """

    name = "random"

    def choose(self, state: GameState) -> Action:
        """Return a random legal action for ``state.decider``; ValueError when the battle is over."""
        kinds = list(kinds_now(state))
        if not kinds:
            raise ValueError("the battle is over")
        _shuffle(self.rng, kinds)
        # The first kind with an action in a random order: uniform among non-empty kinds.
        for kind in kinds:
            if kind is Move:
                found = move_reach(state)
                n = found.count
                if n:
                    return found.move(found.nth(self.rng.randrange(n)))
                continue
            if kind is Charge:
                ends, flood = charge_choices(state)
                if ends and flood is not None:  # a flood comes with any charge (``charge_choices``)
                    uid, end = ends[self.rng.randrange(len(ends))]
                    return flood.charge(uid, end)
                continue
            options: list[Action] = actions_of_kind(state, kind)
            if options:
                return options[self.rng.randrange(len(options))]
        options = legal_actions(state)  # a kind of decision the lazy lists do not know yet
        if not options:
            raise RuntimeError("no legal action although the battle is not over")  # engine bug
        return options[self.rng.randrange(len(options))]


__all__ = ["RandomBot"]
