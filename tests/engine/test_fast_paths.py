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
        return Geometry.line_clear(bare, p, q, lambda sq: sq in blocked, (skip_a, skip_b))

    bare = Geometry(MapDef.from_rows(["."]))  # no diagonal walls: line_clear checks squares only
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


def _random_battle_states(seed: int, games: int = 2, per_game: int = 400):
    """Acting states of random battles on a small map with difficult terrain, pits and walls."""
    from tactica.ai import make_bot, scenarios
    from tactica.engine import Phase, apply, new_game
    wb = (scenarios.warband(6, name="Blue"), scenarios.warband(6, offset=3, name="Red"))
    m = scenarios.battle_map(16, 12, seed=seed)
    out = []
    for g in range(games):
        bots = [make_bot("random", seed * 10 + g), make_bot("random", seed * 10 + g + 1)]
        state, _ = new_game(wb, (m,), seed=seed + g)
        while not state.is_over and len(out) < per_game * (g + 1):
            if state.phase is Phase.ACTING:
                out.append(state)
            state, _ = apply(state, bots[state.decider].choose(state))
    return out


def test_MOV_1_unthreatened_route_search_matches_pareto_search(monkeypatch):
    """MOV-1, MOV-4, OA-1: the plain search gives the Pareto search's routes, in the same order."""
    from tactica.engine import movement
    states = _random_battle_states(3)
    queries = []
    for st in states:
        me = st.active_creature
        for budget in (me.speed, 1, 2):
            for avoid in (True, False):
                queries.append((st, me, budget, avoid, avoid))
    plain = movement._plain_routes
    used = []
    monkeypatch.setattr(movement, "_plain_routes", lambda *a: used.append(1) or plain(*a))
    fast = [list(movement.routes(st, me, b, avoid_oa=a, min_first_step=f).items())
            for st, me, b, a, f in queries]
    assert len(used) > 50  # the plain search was really exercised
    monkeypatch.setattr(movement, "_PLAIN_SEARCH", False)
    slow = [list(movement.routes(st, me, b, avoid_oa=a, min_first_step=f).items())
            for st, me, b, a, f in queries]
    assert fast == slow


def test_MOV_1_move_reach_gives_the_listed_destinations_and_legal_paths():
    """MOV-1, MOV-2, MOV-4, MOV-5: ``move_reach`` has the destinations of the listed moves, in
    their order; each of its paths is a legal move there, and it is the listed route's path
    when nothing on the way is threatened (the plain search, step for step)."""
    from tactica.engine import Move, check
    from tactica.engine.game import _budget
    from tactica.engine.lazy import actions_of_kind, move_reach
    from tactica.engine.movement import _move_threats
    states = _random_battle_states(4)
    same = checked = 0
    for st in states:
        listed = actions_of_kind(st, Move)
        found = move_reach(st)
        assert found.destinations == [m.path[-1] for m in listed]
        (x, y), budget = st.active_creature.pos, _budget(st)
        threatened = any(max(abs(a - x), abs(b - y)) < budget for a, b in _move_threats(st, st.active_creature))
        for m in listed[::7]:
            path = found.path(m.path[-1])
            assert check(st, Move(path)) is None
            checked += 1
            if not threatened:
                assert path == m.path
                same += 1
    assert checked > 100 and same > 50
