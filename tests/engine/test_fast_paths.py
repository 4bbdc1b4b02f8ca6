"""The engine's speed-ups give exactly the answers of the plain code they replace.

Fast paths (integer line checks, memoised route searches, trusted ``apply``)
must never change a rule: each test compares one with the reference code on
many random boards.
"""
from __future__ import annotations

import random

from tactica.engine import Geometry, MapDef
from tactica.engine.geometry import _int_line_clear, corners


def _random_map(rng: random.Random, w: int, h: int, symbols: str = "..........##*T") -> MapDef:
    rows = ["".join(rng.choice(symbols) for _ in range(w)) for _ in range(h)]
    return MapDef.from_rows(rows, id=f"r{rng.random()}")


def test_LOS_1_int_line_clear_matches_line_clear():
    """LOS-1: the integer wall check equals line_clear(is_wall) for every corner pair tried."""
    rng = random.Random(5)
    for _ in range(12):
        w, h = rng.randint(3, 9), rng.randint(3, 9)
        m = _random_map(rng, w, h, "...##")
        geo = Geometry(m)
        squares = [(x, y) for y in range(h) for x in range(w)]
        for _ in range(150):
            a, b = rng.choice(squares), rng.choice(squares)
            for p in corners(a):
                for q in corners(b):
                    want = geo.line_clear(p, q, geo.is_wall, (a, b))
                    assert _int_line_clear(p, q, geo._walls_ring, a, b) == want, (m.terrain, a, b, p, q)


def test_LOS_1_line_of_sight_and_effect_match_reference(monkeypatch):
    """LOS-1, TER-SMOKE, TER-FOREST: sight and effect equal those computed with plain line_clear."""
    from tactica.engine import geometry

    def plain(p, q, blocked, skip_a, skip_b):
        return Geometry.line_clear(None, p, q, lambda sq: sq in blocked, (skip_a, skip_b))

    rng = random.Random(7)
    boards = []
    for _ in range(10):
        w, h = rng.randint(4, 9), rng.randint(4, 9)
        m = _random_map(rng, w, h)
        squares = [(x, y) for y in range(h) for x in range(w)]
        pairs = [(rng.choice(squares), rng.choice(squares)) for _ in range(150)]
        fast = Geometry(m)
        boards.append((m, pairs, [(fast.line_of_sight(a, b), fast.line_of_effect(a, b)) for a, b in pairs]))
    monkeypatch.setattr(geometry, "_int_line_clear", plain)
    for m, pairs, got in boards:
        ref = Geometry(m)
        assert got == [(ref.line_of_sight(a, b), ref.line_of_effect(a, b)) for a, b in pairs]
