"""Digest of every action and event of a fixed set of battles (a same-battles check for speed work).

Usage: python bench/battle_digest.py [--quick] [--only LEVELS]

Plays fixed battles (the shipped default battle and two synthetic ones: 20
a side on 60×44 and 10 a side on 30×22) between the given AI levels and
prints one JSON line per pairing: the SHA-256 of the ``repr`` of every
action applied and every event it produced, in order, plus the steps.  Run
it before and after an engine change: equal digests mean the same seeds
gave the same battles.  ``normal``, ``greedy`` and ``hard`` must never
change digest through a speed change; ``random`` may (it samples moves
lazily, see ``ai/random_bot.py``).  ``--quick`` plays fewer battles;
``--only normal-random`` plays one pairing (any two levels, e.g. ``hard-normal``).
"""
from __future__ import annotations

import hashlib
import json
import sys
import time

from tactica import content
from tactica.ai import make_bot, scenarios
from tactica.ai.sim import game_seed
from tactica.engine import apply, new_game


def digest(levels: tuple[str, str], warbands, maps, seed: int) -> tuple[str, int]:
    """SHA-256 hex of every action and event of one battle, and its steps."""
    h = hashlib.sha256()
    bots = [make_bot(levels[0], 2 * seed), make_bot(levels[1], 2 * seed + 1)]
    state, events = new_game(warbands, maps, seed=seed)
    h.update(repr(events).encode())
    while not state.is_over:
        action = bots[state.decider].choose(state)
        state, events = apply(state, action)
        h.update(repr(action).encode())
        h.update(repr(events).encode())
    h.update(repr((state.vp, state.winner, state.round)).encode())
    return h.hexdigest()[:16], state.step


def battles(quick: bool):
    """(name, warbands, maps, games) of the fixed battles."""
    (w1, w2), m = content.default_battle()
    out = [("default", (w1, w2), (m,), 2 if quick else 4)]
    out.append(("synthetic 30x22 10/side", (scenarios.warband(10, name="Blue"),
                                            scenarios.warband(10, offset=3, name="Red")),
                (scenarios.battle_map(30, 22, seed=1, depth=4),), 1))
    if not quick:
        out.append(("synthetic 60x44 20/side", (scenarios.warband(20, name="Blue"),
                                                scenarios.warband(20, offset=3, name="Red")),
                    (scenarios.battle_map(60, 44, seed=1),), 1))
    return out


PAIRINGS = (("random", "random"), ("normal", "random"), ("random", "normal"), ("normal", "normal"),
            ("greedy", "random"))


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    for levels in ((tuple(only.split("-")),) if only else PAIRINGS):  # --only may name any pairing
        name = "-".join(levels)
        for label, wb, mp, games in battles(quick):
            t = time.process_time()
            parts, steps = [], 0
            for i in range(games):
                d, n = digest(levels, wb, mp, game_seed(7, i))
                parts.append(d)
                steps += n
            print(json.dumps({"levels": name, "battle": label, "games": games, "steps": steps,
                              "digests": parts, "cpu_s": round(time.process_time() - t, 1)}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
