"""The bots dig when rubble walls them in (UG-RUBBLE, the underground module)."""
from __future__ import annotations

from dataclasses import replace

from tactica.ai import make_bot
from tactica.engine import CustomTerrain, Dig, Geometry, Ruleset, TerrainRules, check
from tactica.engine.sandbox import battle

RUBBLE = CustomTerrain("Rubble", TerrainRules("R", rubble="loose", blocks_movement=True, blocks_sight=True,
                                              blocks_effect=True, can_stop=False, deploy=False))


def _walled_in():
    """A in a pocket closed by one rubble square, its enemy beyond it."""
    st = battle("###.\n#A.b\n###.", rules=Ruleset(modules=("underground",)), active="A", dice=(2,) * 40)
    rows = [list(r) for r in st.map.terrain]
    rows[1][2] = RUBBLE
    new = replace(st.map, terrain=tuple(tuple(r) for r in rows))
    st = st.copy()
    st.map, st.geo, st.maps = new, Geometry.for_map(new), (new,)
    return st


def test_ug_rubble_greedy_normal_and_hard_dig_when_walled_in():
    st = _walled_in()
    for level in ("greedy", "normal", "hard"):
        action = make_bot(level, 1).choose(st)
        assert action == Dig((2, 1)), level
        assert check(st, action) is None
