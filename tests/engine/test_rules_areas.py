"""Close and area attacks: templates, line of effect, cover from the origin, provoking.

RNG-3, RNG-4, LOS-1, COV-4, COV-5, ATK-2, ATK-4, OA-1; the template shapes
are our choices documented in tactica/engine/areas.py.
"""
from __future__ import annotations

from tactica.engine import AreaAttack, Attack, Reach, Ruleset, legal_actions, template_squares
from tactica.engine import events as ev
from tactica.engine.sandbox import area, battle, card, close

from ._util import of, refused, run


def _areas(st):
    return [a for a in legal_actions(st) if isinstance(a, AreaAttack)]


def _caster(*attacks):
    return card("Caster", attacks=attacks)


def _block(x0, x1, y0, y1):
    return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}


def test_rng_03_burst_hits_every_creature_within_x_allies_too_in_the_attackers_order():
    st = battle(".....\n.bC..\n.A.d.\n.e...", {"A": _caster(close("Nova", size=1))}, active="A",
                dice=(12, 12, 12))
    assert _areas(st) == [AreaAttack(0, (1, 2), ("C", "b", "e"), 0)]     # d is 2 squares away
    assert template_squares(st, st.creature("A").card.attacks[0], (1, 2)) == _block(0, 2, 1, 3) - {(1, 2)}
    st, out = run(st, AreaAttack(0, (1, 2), ("e", "b", "C")))
    assert [r.target for r in of(out, ev.AttackRolled)] == ["e", "b", "C"]      # ATK-4
    assert all(r.hit and r.defense == "DEF" for r in of(out, ev.AttackRolled))
    assert not of(out, ev.OpportunityAttackProvoked)                             # close: no OA
    assert of(out, ev.TemplatePlaced)[0].targets == ("e", "b", "C")


def test_rng_03_burst_targets_must_be_exactly_the_creatures_inside():
    st = battle(".....\n.bC..\n.A.d.\n.e...", {"A": _caster(close("Nova", size=1))}, active="A")
    assert refused(st, AreaAttack(0, (1, 2), ("b", "e"))) == "wrong-targets"     # C cannot be left out
    assert refused(st, AreaAttack(0, (1, 2), ("C", "b", "e", "d"))) == "wrong-targets"
    assert refused(st, AreaAttack(0, (2, 2), ("C", "b", "e"))) == "bad-aim"     # a burst starts at A
    assert refused(st, Attack(0, ("b",))) == "area-attack"


def test_atk_02_an_area_holding_only_allies_is_not_an_attack():
    st = battle("..B..\n..A..\n.....\n....c", {"A": _caster(close("Nova", size=1))}, active="A")
    assert _areas(st) == []
    assert refused(st, AreaAttack(0, (2, 1), ("B",))) == "no-enemy"


def test_los_01_burst_needs_line_of_effect_walls_block_it():
    st = battle("..#..\n.A#d.\n..#..", {"A": _caster(close("Nova", size=2))}, active="A")
    assert (3, 1) not in template_squares(st, st.creature("A").card.attacks[0], (1, 1))
    assert _areas(st) == []


def test_rng_03_small_cone_is_three_by_three_beyond_the_chosen_corner():
    st = battle("........\n" * 3 + "...A....\n" + "........\n" * 4, {"A": _caster(close("Breath", Reach.SMALL_CONE))},
                active="A")
    cone = st.creature("A").card.attacks[0]
    assert template_squares(st, cone, (3, 3), 3) == _block(4, 6, 4, 6)      # SE
    assert template_squares(st, cone, (3, 3), 0) == _block(0, 2, 0, 2)      # NW
    assert template_squares(st, cone, (3, 3), 1) == _block(4, 6, 0, 2)      # NE
    assert template_squares(st, cone, (3, 3), 5) == set()


def test_rng_03_large_cone_reaches_six_and_sizes_are_ruleset_settings():
    rows = "\n".join(["." * 9] * 9)
    rows = rows[:0] + "A" + rows[1:]
    st = battle(rows, {"A": _caster(close("Roar", Reach.LARGE_CONE))}, active="A")
    roar = st.creature("A").card.attacks[0]
    assert template_squares(st, roar, (0, 0), 3) == _block(1, 6, 1, 6)
    st2 = battle(rows, {"A": _caster(close("Roar", Reach.LARGE_CONE))}, active="A",
                 rules=Ruleset(large_cone=2))
    assert template_squares(st2, roar, (0, 0), 3) == _block(1, 2, 1, 2)


def test_rng_03_line_hits_only_squares_it_crosses_not_those_it_touches():
    st = battle("A.....\n.bc...\n..e...\n...d..\n......", {"A": _caster(close("Bolt", Reach.LINE, 4))},
                active="A", dice=(12, 12, 12))
    bolt = st.creature("A").card.attacks[0]
    assert template_squares(st, bolt, (3, 3), 0) == {(1, 1), (2, 2), (3, 3)}   # c at (2, 1) only touched
    assert refused(st, AreaAttack(0, (3, 3), ("b", "c", "d", "e"), 0)) == "wrong-targets"
    st, out = run(st, AreaAttack(0, (3, 3), ("b", "e", "d"), 0))
    assert [r.target for r in of(out, ev.AttackRolled)] == ["b", "e", "d"]
    assert refused(battle("A.....\n......\n......\n......\n.....b", {"A": _caster(close("Bolt", Reach.LINE, 4))},
                          active="A"), AreaAttack(0, (5, 4), ("b",), 3)) == "bad-aim"   # beyond line 4


def test_rng_03_line_stops_at_the_first_wall():
    st = battle("A.....\n.b....\n..#...\n...d..", {"A": _caster(close("Bolt", Reach.LINE, 5))}, active="A")
    assert template_squares(st, st.creature("A").card.attacks[0], (3, 3), 0) == {(1, 1)}


def test_rng_04_radius_two_covers_25_squares_one_roll_each():
    rows = ["......."] * 10
    rows[2] = "..b...."
    rows[5] = ".....c."
    rows[6] = "......e"
    rows[9] = "...A..."
    st = battle("\n".join(rows), {"A": _caster(area("Fireball", range=10, radius=2))}, active="A",
                dice=(12, 12))
    ball = st.creature("A").card.attacks[0]
    assert template_squares(st, ball, (3, 3)) == _block(1, 5, 1, 5)
    assert len(template_squares(st, ball, (3, 3))) == 25
    st, out = run(st, AreaAttack(0, (3, 3), ("b", "c")))
    assert [(r.target, r.hit) for r in of(out, ev.AttackRolled)] == [("b", True), ("c", True)]


def test_rng_04_origin_in_sight_and_range_and_walls_cut_the_area():
    rows = [".......", "....#..", "....#c.", "....#..", ".......", "...A..."]
    st = battle("\n".join(rows), {"A": _caster(area("Fireball", range=4, radius=2))}, active="A")
    ball = st.creature("A").card.attacks[0]
    assert (5, 2) not in template_squares(st, ball, (3, 2))      # behind the wall from the origin
    assert (5, 2) in template_squares(st, ball, (5, 3))
    assert refused(st, AreaAttack(0, (3, 0), ())) == "bad-aim"   # 5 squares away, range 4


def test_rng_04_nearest_area_must_include_the_nearest_enemy():
    st = battle("A.b.....\n........\n.......c", {"A": _caster(area("Burst", reach=Reach.NEAREST, radius=1))},
                active="A")
    assert refused(st, AreaAttack(0, (7, 2), ("c",))) == "bad-aim"
    assert {a.targets for a in _areas(st)} == {("b",)}


def test_oa_01_area_attack_provokes_close_attack_does_not():
    caster = _caster(area("Fireball", range=10, radius=1), close("Nova", size=1))
    st = battle("Ab....\n......\n.....c", {"A": caster}, active="A", dice=(3, 12))
    st, out = run(st, AreaAttack(0, (5, 2), ("c",)))
    assert [(r.attacker, r.kind) for r in of(out, ev.AttackRolled)] == [("b", "opportunity"), ("A", "attack")]
    assert of(out, ev.OpportunityAttackProvoked)[0].cause == "area attack"


def test_cov_05_burst_cover_is_traced_from_its_origin_and_cov_04_creatures_never_give_it():
    st = battle("A....\n.#...\n..b..", {"A": _caster(close("Nova", size=2))}, active="A", dice=(12,))
    st, out = run(st, AreaAttack(0, (0, 0), ("b",)))
    assert of(out, ev.AttackRolled)[0].modifiers == (("cover", -2),)
    st = battle("A.c.b", {"A": _caster(close("Nova", size=4))}, active="A", dice=(12, 12))
    st, out = run(st, AreaAttack(0, (0, 0), ("b", "c")))
    assert [r.modifiers for r in of(out, ev.AttackRolled)] == [(), ()]


def test_cov_05_line_cover_traced_from_its_corner_point():
    st = battle("A.#..\n.....\n....b", {"A": _caster(close("Bolt", Reach.LINE, 5))}, active="A", dice=(12,))
    bolt = st.creature("A").card.attacks[0]
    assert (4, 2) in template_squares(st, bolt, (4, 2), 3)
    st, out = run(st, AreaAttack(0, (4, 2), ("b",), 3))
    assert of(out, ev.AttackRolled)[0].modifiers == ()
