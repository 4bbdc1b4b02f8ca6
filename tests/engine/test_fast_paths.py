"""The engine's speed-ups give exactly the answers of the plain code they replace.

Fast paths (integer line checks, memoised route searches, trusted ``apply``)
must never change a rule: each test compares one with the reference code on
many random boards.
"""
from __future__ import annotations

import random

import pytest

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


@pytest.mark.parametrize("masks", [True, False])
def test_MOV_1_move_reach_gives_the_listed_destinations_and_legal_paths(masks, monkeypatch):
    """MOV-1, MOV-2, MOV-4, MOV-5, MOV-8: ``move_reach`` has the destinations of the listed moves,
    in their order; each of its paths is a legal move there costing the least movement (the
    cost of the cheapest route, ``routes(avoid_oa=False)``), and so is its ``cost``.  Both
    floods: on bit masks, and square by square (maps with diagonal walls)."""
    from tactica.engine import Move, check
    from tactica.engine.geometry import Geometry
    if not masks:
        monkeypatch.setattr(Geometry, "bits", lambda self: None)
    from tactica.engine import actions_of_kind, move_reach
    from tactica.engine.legal import move_budget as _budget
    from tactica.engine.movement import path_cost, routes
    states = _random_battle_states(4)
    checked = 0
    for st in states:
        listed = actions_of_kind(st, Move)
        found = move_reach(st)
        assert found.destinations == [m.path[-1] for m in listed]
        if not listed:
            continue
        cheapest = routes(st, st.active_creature, _budget(st), avoid_oa=False)
        for m in listed[::5]:
            dest = m.path[-1]
            path = found.path(dest)
            assert path[-1] == dest and check(st, Move(path)) is None
            assert path_cost(st, path, st.active_creature) == found.cost(dest) == cheapest[dest].cost \
                or (len(path) == 1 and found.cost(dest) == _budget(st))  # MOV-4: a dear first step
            checked += 1
    assert checked > 300


def test_MOV_1_charge_ends_match_charge_routes():
    """CHG-3: the flood that validates a charge finds the end squares and cost of ``charge_routes``."""
    from tactica.engine.legal import charge_ends as _charge_ends
    from tactica.engine.legal import charge_routes
    states = _random_battle_states(5)
    compared = 0
    for st in states:
        me = st.active_creature
        for t in st.enemy_creatures(me.player):
            legal = charge_routes(st, me, t)
            assert _charge_ends(st, me, t) == {r.path[-1]: r.cost for r in legal}
            compared += bool(legal)
    assert compared > 20


def test_CHG_3_charge_choices_match_the_listed_charges():
    """CHG-1..4: ``charge_choices`` gives the (target, end square) of every listed charge, in
    order, and a legal charge path to each, as short as the listed one."""
    from tactica.engine import Charge, actions_of_kind, charge_choices, check
    from tactica.engine.movement import path_cost
    states = _random_battle_states(6)
    checked = 0
    for st in states:
        listed = actions_of_kind(st, Charge)
        ends, found = charge_choices(st)
        assert ends == [(c.target, c.path[-1]) for c in listed]
        for c, (uid, end) in zip(listed, ends):
            path = found.path(end)
            assert check(st, Charge(uid, path)) is None
            assert path_cost(st, path, st.active_creature) == path_cost(st, c.path, st.active_creature)
            checked += 1
    assert checked > 20


def test_RNG_5_within_matches_distance():
    """RNG-5: ``Geometry.within`` (a bounded count on bit masks) agrees with ``distance``."""
    rng = random.Random(11)
    compared = 0
    for _ in range(12):
        w, h = rng.randint(4, 14), rng.randint(4, 12)
        m = _random_map(rng, w, h, "......####")
        geo, ref = Geometry(m), Geometry(m)
        for _ in range(150):
            a = (rng.randrange(w), rng.randrange(h))
            b = (rng.randrange(w), rng.randrange(h))
            limit = rng.randint(0, 12)
            d = ref.distance(a, b)
            assert geo.within(a, b, limit) == (d is not None and d <= limit), (a, b, limit, d)
            compared += 1
    assert compared == 1800


def test_RNG_2_valid_targets_match_in_reach():
    """RNG-1, RNG-2: the pre-filtered target list is the enemies ``in_reach`` accepts."""
    from tactica.engine.combat import in_reach, valid_targets
    states = _random_battle_states(7)
    found = 0
    for st in states:
        me = st.active_creature
        for attack in me.card.attacks:
            got = valid_targets(st, me, attack)
            assert got == [c for c in st.enemy_creatures(me.player) if in_reach(st, me, c, attack) is None]
            found += len(got)
    assert found > 50


def test_MOV_1_move_reach_counts_and_picks_without_listing():
    """MOV-1: ``count``, ``nth`` and ``has`` of a bit-mask ``MoveReach`` agree with its list."""
    from tactica.engine import move_reach
    checked = 0
    for st in _random_battle_states(8, per_game=150):
        lazy, listed = move_reach(st), move_reach(st).destinations
        assert lazy.count == len(listed)
        assert [lazy.nth(i) for i in range(lazy.count)] == listed
        w, h = st.map.width, st.map.height
        assert [sq for sq in ((x, y) for y in range(-1, h + 1) for x in range(-1, w + 1)) if lazy.has(sq)] == listed
        checked += lazy.count
    assert checked > 1000


def _plain_cover(geo: Geometry, a, b, blockers, area: bool) -> bool:
    """COV-2, COV-4, COV-5 by the definition: every corner of a has a blocked line to some corner of b."""
    if not area and b in geo._cover_inside:
        return True
    terrain = (geo._area_cover if area else geo._ranged_cover)[0]
    others = set(blockers) - {a, b}

    def blocked(sq):
        return geo.is_wall(sq) or sq in others or sq in terrain

    return not any(all(geo.line_clear(p, q, blocked, (a, b)) for q in corners(b)) for p in corners(a))


def test_COV_4_kept_cover_answers_match_the_definition():
    """COV-2, COV-4, COV-5: ``Geometry.cover`` (which keeps its answers, keyed by the blockers near
    the line) gives what the corner lines give, asked again and again with other blockers, including
    blockers just outside the squares between (a line may squeeze between two of them)."""
    rng = random.Random(11)
    asked = 0
    for _ in range(8):
        w, h = rng.randint(5, 10), rng.randint(5, 10)
        m = _random_map(rng, w, h, "..........##TT")
        geo = Geometry(m)
        squares = [(x, y) for y in range(h) for x in range(w)]
        pairs = [(rng.choice(squares), rng.choice(squares)) for _ in range(40)]
        for _ in range(6):  # the same pairs again, with other blockers: the kept answers are reused
            for a, b in pairs:
                (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
                ring = [(x, y) for x in range(x0 - 1, x1 + 2) for y in range(y0 - 1, y1 + 2)]
                blockers = rng.sample(ring, min(len(ring), rng.randint(0, 5))) + rng.sample(squares, 2)
                area = rng.random() < 0.25
                assert geo.cover(a, b, blockers, area=area) == _plain_cover(geo, a, b, blockers, area), \
                    (m.terrain, a, b, blockers, area)
                asked += 1
    assert asked == 8 * 6 * 40 and len(geo._cover) > 10  # the memo was really used


def test_OA_1_threat_map_matches_threatens():
    """OA-1, OA-3, OA-5: the threat map (a reach-1 maker's eight neighbours added at once) equals
    asking ``threatens`` square by square around every enemy able to make an opportunity attack."""
    from tactica.engine.abilities import threat_reach
    from tactica.engine.movement import threat_map, threatens
    states = _random_battle_states(5, games=2, per_game=150)
    for st in states:
        mover = st.active_creature
        want: dict = {}
        for c in st.creatures:
            if not (c.alive and c.team != mover.team and c.can_make_opportunity_attacks
                    and c.uid not in st.oa_used and c.card.basic_attack is not None):
                continue
            reach = threat_reach(c.card) if c.card.abilities else 1
            x, y = c.pos
            for dy in range(-reach, reach + c.card.size):
                for dx in range(-reach, reach + c.card.size):
                    if threatens(st, c, (x + dx, y + dy)):
                        want.setdefault((x + dx, y + dy), set()).add(c.uid)
        got = threat_map(st, mover)
        assert got == {sq: frozenset(v) for sq, v in want.items()}
        assert list(got) == list(want)  # the same order of squares (routes number provokers by it)


def test_ATK_5_preview_matches_the_twenty_faces():
    """ATK-3..6, HP-1: the preview's hit chance, expected damage, kill chance and expected loss
    equal those counted face by face over the d20 (a critical hit's damage for the faces that crit)."""
    from tactica.engine.combat import aura_damage, automatic_critical, critical_from, hit_damage, modifiers, preview
    states = _random_battle_states(6, games=2, per_game=150)
    checked = 0
    for st in states:
        me = st.active_creature
        for target in st.enemy_creatures(me.player):
            for attack in me.card.attacks:
                for charge in (False, True):
                    got = preview(st, me, target, attack, charge=charge)
                    mods = modifiers(st, me, target, attack, charge=charge)
                    bonus = attack.bonus + sum(v for _, v in mods)
                    tn = target.card.defense_value(attack.defense)
                    auto, crit = automatic_critical(target, attack), critical_from(st, me, attack)
                    ca = any(name == "combat advantage" for name, _ in mods)
                    dealt = [hit_damage(me, target, attack, auto or n >= crit, ca, charge,
                                        boost=aura_damage(st, me, target))[0]
                             for n in range(1, 21) if auto or n >= crit or (n != 1 and n + bonus >= tn)]
                    assert (got.hit_chance, got.expected_damage, got.kill_chance, got.expected_loss) == (
                        len(dealt) / 20, sum(dealt) / 20, sum(1 for d in dealt if d >= target.hp) / 20,
                        sum(min(d, target.hp) for d in dealt) / 20)
                    checked += 1
    assert checked > 500


def test_FLK_1_flanking_table_matches_the_centre_lines():
    """FLK-1, FLK-2: flanking by a one-square attacker (the line looked up by where the two stand
    round the target) equals the centre-line test on every ally, on random battles and on a
    target's every pair of neighbours at many places on a big map."""
    from tactica.engine.combat import _FLANKS, flanking, touching
    from tactica.engine.geometry import centre, passes_opposite_sides
    for (ax, ay, bx, by), flanks in _FLANKS.items():
        for tx, ty in ((0, 0), (7, 3), (31, 20), (59, 43)):
            assert passes_opposite_sides(centre((tx + ax, ty + ay)), centre((tx + bx, ty + by)), (tx, ty)) is flanks
    checked = hits = 0
    for st in _random_battle_states(8, games=3, per_game=200):
        for attacker in st.alive():
            for target in st.enemy_creatures(attacker.player):
                want = (not attacker.dazed and touching(attacker, target) and any(
                    ally.uid != attacker.uid and ally.team == attacker.team and ally.active and not ally.dazed
                    and touching(ally, target)
                    and any(passes_opposite_sides(centre(a), centre(b), t)
                            for t in target.squares for a in attacker.squares for b in ally.squares)
                    for ally in st.creatures))
                assert flanking(st, attacker, target) == want
                checked += 1
                hits += want
    assert checked > 1000 and hits > 5
