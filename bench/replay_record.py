"""Tell again, as the battle log would, a battle that ``bench/hard_vs_old.py --actions`` recorded.

Usage: PYTHONPATH=. python bench/replay_record.py RECORDS GAME [--from ROUND] [--to ROUND] [--board]

RECORDS is a records file written with ``--records FILE --actions``; GAME the game's index in the
series.  Each action is applied with this tree's engine to the battle set up from the record's seed,
map and warband files, and the log lines of its events are printed with the round, the side that
chose the action (``new`` or ``old``) and both sides' VP.  ``--board`` also draws the board (creature
labels on the terrain) at the start of each round.  For reading where a side lost a battle, not a test.
"""
from __future__ import annotations

import json
import sys


def board_text(state) -> str:
    """The map's terrain with each standing creature's label, one text line a row."""
    from tactica.engine import footprint_squares

    m = state.map
    rows = [[("#" if m.is_wall((x, y)) else ".") for x in range(m.width)] for y in range(m.height)]
    for c in state.creatures:
        if not c.destroyed and c.pos is not None:
            for sq in footprint_squares(c.pos, c.card.size):
                mark = (c.label or "?")[0]
                rows[sq[1]][sq[0]] = mark.lower() if c.player == 0 else mark.upper()
    return "\n".join("".join(r) for r in rows)


def main(argv: list[str]) -> None:
    from tactica import content
    from tactica.client.describe import describe_events
    from tactica.engine import apply, new_game
    from tactica.saves.codec import decode_action

    path, game = argv[0], int(argv[1])
    first = int(argv[argv.index("--from") + 1]) if "--from" in argv else 0
    last = int(argv[argv.index("--to") + 1]) if "--to" in argv else 10**6
    with open(path, encoding="utf-8") as f:
        record = next(r for r in map(json.loads, filter(str.strip, f)) if r["game"] == game)
    bands = tuple(content.load_warband(p) for p in record["warband_paths"])
    state, _ = new_game(bands, (content.load_map(record["map_path"]),), seed=record["seed"])
    seat_new = game % 2
    print(f"game {game}: {record['map']}, {record['warbands'][0]} (seat 1) v {record['warbands'][1]} (seat 2); "
          f"new hard in seat {seat_new + 1}; {record['result']} won {record['vp_new']}-{record['vp_old']}")
    shown_round = -1
    for side, encoded in record["actions"]:
        before = state
        state, events = apply(state, decode_action(encoded))
        if not first <= state.round <= last:
            continue
        if "--board" in argv and state.round != shown_round:
            shown_round = state.round
            print(board_text(state))
        vp = f"{state.vp[seat_new]}-{state.vp[1 - seat_new]}"
        for line in describe_events(events, before):
            print(f"r{state.round} {side:3} [{vp}] {line.text}")


if __name__ == "__main__":
    main(sys.argv[1:])
