"""One seat of a ``bench/hard_vs_old.py`` battle, in its own process (a tree of tactica on its path).

Run as ``PYTHONPATH=TREE python bench/hard_seat.py``: it imports only the
``tactica`` found on its path, so the same script drives today's code and a
pinned commit's (extracted by ``hard_vs_old.py``).  It keeps its own copy
of the battle: every action of both seats is sent to it and applied with its
own engine (the dice are seeded in the state, so both copies stay the same;
the referee compares their digests after every action).

Protocol: one JSON object a line on stdin, one answer a line on stdout.

- ``{"cmd": "fixtures"}`` -> ``{"maps": [path], "warbands": [path]}``: the
  shipped maps and the shipped 200-point warbands of eight cards or more.
- ``{"cmd": "new", "warbands": [path, path], "maps": [path], "seed": S,
  "level": "hard", "options": {...}, "bot_seed": B}`` -> the state summary
  (below); the bot is ``LEVELS[level](B, **options)``, an option named as a field of the level's
  ``planner_options`` (e.g. ``exposure_share``) replacing that field of them.
- ``{"cmd": "choose"}`` -> ``{"action": encoded action, "cpu": s, "wall": s,
  "battle": bool, "activate": bool, "units": n or null}``: the bot's choice
  for the deciding seat, its CPU time (``time.process_time``, this process
  only) and wall time; ``battle``: an Activate or acting decision;
  ``units``: the hard bot's units of work for an Activate (``last_search``).
- ``{"cmd": "apply", "action": encoded action}`` -> the state summary.
- ``{"cmd": "quit"}``: exits.

The state summary: ``{"step", "decider", "over", "winner", "vp", "round",
"digest"}``.  A failure answers ``{"error": message}``.
"""
from __future__ import annotations

import dataclasses
import json
import sys
import time
import traceback


def main() -> None:
    from tactica import content
    from tactica.ai.bots import LEVELS
    from tactica.engine import Phase, apply, new_game
    from tactica.saves.codec import decode_action, encode_action, state_digest

    state = bot = None

    def summary() -> dict:
        return {"step": state.step, "decider": None if state.is_over else state.decider,
                "over": state.is_over, "winner": state.winner, "vp": list(state.vp),
                "round": state.round, "digest": state_digest(state)}

    for line in sys.stdin:
        msg = json.loads(line)
        cmd = msg["cmd"]
        try:
            if cmd == "quit":
                break
            if cmd == "fixtures":
                maps = [str(p) for p in content.shipped_maps()]
                bands = []
                for p in content.shipped_warbands():
                    w = content.load_warband(p)
                    if w.point_limit == 200 and len(w.cards) >= 8:
                        bands.append(str(p))
                out: dict = {"maps": maps, "warbands": bands}
            elif cmd == "new":
                wbs = tuple(content.load_warband(p) for p in msg["warbands"])
                maps_ = tuple(content.load_map(p) for p in msg["maps"])
                state, _ = new_game(wbs, maps_, seed=msg["seed"])
                cls, options = LEVELS[msg["level"]], dict(msg.get("options", {}))
                fields = getattr(getattr(cls, "planner_options", None), "__dataclass_fields__", {})
                planner = {k: options.pop(k) for k in list(options) if k in fields}
                if planner:  # a planner option (e.g. exposure_share): the level's options with it replaced
                    options["planner_options"] = dataclasses.replace(cls.planner_options, **planner)
                bot = cls(msg["bot_seed"], **options)
                out = summary()
            elif cmd == "choose":
                assert state is not None and bot is not None
                battle = state.phase in (Phase.ACTIVATE, Phase.ACTING)
                activate = state.phase is Phase.ACTIVATE
                c, t = time.process_time(), time.perf_counter()
                action = bot.choose(state)
                cpu, wall = time.process_time() - c, time.perf_counter() - t
                search = getattr(bot, "last_search", None)
                units = search[1] if activate and search is not None else None
                out = {"action": encode_action(action), "cpu": cpu, "wall": wall, "battle": battle,
                       "activate": activate, "units": units, "first": state.phase is Phase.CHOOSE_FIRST}
            elif cmd == "apply":
                assert state is not None
                state, _ = apply(state, decode_action(msg["action"]))
                out = summary()
            else:
                out = {"error": f"unknown command {cmd!r}"}
        except Exception as failure:  # reported to the referee, which stops the series
            out = {"error": f"{type(failure).__name__}: {failure}\n{traceback.format_exc()}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
