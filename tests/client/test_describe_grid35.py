"""The battle log's words for the grid35 module's events (G35-RUN, G35-NEAREST)."""
from __future__ import annotations

from tactica.client.describe import describe_events
from tactica.engine import Move, Ruleset, TieBroken, apply
from tactica.engine.sandbox import battle

GRID35 = Ruleset(modules=("grid35",))
FIELD = "A" + "." * 29 + "\n" + "." * 30 + "\n" + "." * 29 + "b"


def test_G35_RUN_the_log_says_it_runs():
    st = battle(FIELD, active="A", rules=GRID35)
    after, out = apply(st, Move(tuple((x, 0) for x in range(1, 21))))
    texts = [line.text for line in describe_events(out, after)]
    assert any(t.endswith("runs 20 squares to column 21, row 1") for t in texts), texts
    after, out = apply(st, Move(((1, 0), (2, 0))))
    texts = [line.text for line in describe_events(out, after)]
    assert any(t.endswith("moves 2 squares to column 3, row 1") for t in texts), texts


def test_G35_NEAREST_the_log_shows_the_die():
    st = battle(FIELD, active="A", rules=GRID35)
    line, = describe_events([TieBroken("nearest square", ((2, 0), (4, 1)), 2, 2, (4, 1))], st)
    assert line.text.startswith("2 squares are equally near: a d2 rolls 2") and "G35-NEAREST" in line.text


def test_G35_RUN_the_log_gives_a_runs_squares_of_movement_when_they_differ():
    """nm-g35 5: a move said "(5 squares of movement)" and a run did not: "runs 8 squares" for a cost of
    12 (1-2-1-2 diagonals, G35-DIAG)."""
    st = battle(FIELD, active="A", rules=GRID35)
    zigzag = tuple((x, x % 2) for x in range(1, 9))               # eight diagonal steps: 1+2+1+2+1+2+1+2
    after, out = apply(st, Move(zigzag))
    texts = [line.text for line in describe_events(out, after)]
    assert any(t.endswith("runs 8 squares to column 9, row 1 (12 squares of movement)") for t in texts), texts
