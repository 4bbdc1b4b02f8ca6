"""The normal AI values an attack's forced movement (MOV-14, TER-PIT) and chooses where it goes."""
from __future__ import annotations

from tactica.ai.aiming import area_value
from tactica.ai.board import Board
from tactica.ai.forced import choose_forced
from tactica.ai.planner import plan_creature
from tactica.ai.values import forced_gain
from tactica.engine import Attack, ForcedMoveEffect, ForceKind, ForceMove, Phase, apply
from tactica.engine.sandbox import area, battle, card, melee, ranged

SWORD = melee("Sword", damage=10)
SHOVE = melee("Shove", damage=10, basic=False, effects=(ForcedMoveEffect(ForceKind.PUSH, 2),))
CLEAVE = melee("Cleave", damage=15, basic=False)
SHOVER = card("Shover", attacks=(SWORD, SHOVE))


def _plan(st, uid):
    return plan_creature(st, st.creature(uid), Board(st, st.creature(uid).player)).action


def test_MOV_14_normal_pushes_an_enemy_out_of_its_vp_zone():
    board = """
.........
.A...b...
.........
"""
    mage = card("Mage", attacks=(ranged("Bolt", basic=True),
                                 ranged("Force Bolt", effects=(ForcedMoveEffect(ForceKind.PUSH, 2),))))
    zoned = battle(board, {"A": mage}, active="A", vp_zones={"B": {(5, 1)}})
    assert _plan(zoned, "A") == Attack(1, ("b",))
    plain = battle(board, {"A": mage}, active="A")
    assert _plan(plain, "A") == Attack(0, ("b",))   # nothing to gain: the first line, as before


def test_TER_PIT_normal_prefers_a_push_into_a_pit_to_more_damage():
    board = """
......
.AbO..
......
"""
    st = battle(board, {"A": card("Shover", attacks=(SWORD, CLEAVE, SHOVE))}, active="A")
    assert _plan(st, "A") == Attack(2, ("b",))


def test_MOV_14_normal_pushes_an_enemy_away_from_our_bloodied_creature():
    board = """
.......
.Ab....
..C....
.......
"""
    st = battle(board, {"A": SHOVER}, active="A", hp={"C": 15}, dice=(15, 1))
    assert _plan(st, "A") == Attack(1, ("b",))
    st, _ = apply(st, Attack(1, ("b",)))
    assert st.phase is Phase.FORCED
    choice = choose_forced(st)
    assert isinstance(choice, ForceMove) and choice.path
    end = choice.path[-1]
    assert max(abs(end[0] - 2), abs(end[1] - 2)) > 1   # no longer next to C


def test_MOV_14_an_area_attacks_push_counts_from_its_origin():
    board = """
.........
A....b...
.........
"""
    gust = area("Gust", range=10, radius=1, effects=(ForcedMoveEffect(ForceKind.PUSH, 1),))
    zone = {(x, y) for x in range(5, 9) for y in range(3)}   # from A, every push stays inside
    st = battle(board, {"A": card("Mage", attacks=(gust,))}, active="A", vp_zones={"B": zone})
    a, b = st.creature("A"), st.creature("b")
    effect = gust.effects[0]
    assert forced_gain(st, a, b, gust, effect) == 0
    assert forced_gain(st, a, b, gust, effect, (6, 1)) > 0          # from beyond it: out to column 4
    assert area_value(st, a, gust, [b], (6, 1)) > area_value(st, a, gust, [b], (4, 1))
