"""A map may define its own terrain (TER-OTHER): typed properties, positioned errors, engine effects."""
from __future__ import annotations

import json

import pytest

from tactica.content import ContentError
from tactica.content.loader import load_map
from tactica.engine import Attack, Move, legal_actions
from tactica.engine import events as ev
from tactica.engine.geometry import Geometry
from tactica.engine.model import CustomTerrain, MapDef
from tactica.engine.sandbox import battle, card, ranged
from tactica.saves.codec import map_from, map_to

MAP = """name: Test Marsh
points: 20
terrain_types:
  - {name: Bramble, symbol: "&", cost: 2, cover: ranged}
  - {name: Tar Pit, symbol: "="}
  - {name: Menhir, symbol: "!", blocking: true}
  - {name: Shrine, symbol: "$", attack_bonus: 1}
terrain: |
  ......
  .&=!$.
  ......
zones: |
  A....b
  A....B
  a....B
"""


def _load(tmp_path, text=MAP) -> MapDef:
    path = tmp_path / "marsh.yaml"
    path.write_text(text)
    return load_map(path)


def _problems(tmp_path, text) -> list[str]:
    with pytest.raises(ContentError) as raised:
        _load(tmp_path, text)
    return [f"{p.line}:{p.col} {p.message}" for p in raised.value.problems]


def test_TER_OTHER_map_defined_terrain_loads_as_typed_rules(tmp_path):
    m = _load(tmp_path)
    bramble, tar, menhir, shrine = (m.terrain_at((x, 1)) for x in (1, 2, 3, 4))
    assert isinstance(bramble, CustomTerrain) and bramble.name == "Bramble"
    assert (bramble.rules.cost, bramble.rules.cover_ranged, bramble.rules.cover_area) == (2, True, False)
    assert tar.rules.fliers_only and tar.rules.destroys and not tar.rules.deploy    # "... Pit" (TER-PIT)
    assert m.is_wall((3, 1)) and menhir.rules.blocks_sight and not menhir.rules.can_stop
    assert shrine.rules.attack_bonus == 1
    assert m.custom_terrain == (bramble, tar, menhir, shrine)


def test_TER_OTHER_unknown_property_is_an_error_at_its_position(tmp_path):
    bad = MAP.replace("cost: 2, cover: ranged}", "cost: 2, sticky: true}")
    assert any(p.startswith("4:43 ") and "unknown key 'sticky'" in p for p in _problems(tmp_path, bad))
    clash = MAP.replace('symbol: "$"', 'symbol: "^"')
    assert any(p.startswith("7:28 ") and "default symbol of difficult" in p for p in _problems(tmp_path, clash))
    twice = MAP.replace('symbol: "$"', 'symbol: "&"')
    assert any("repeats the name or symbol of 'Bramble'" in p for p in _problems(tmp_path, twice))
    builtin = MAP.replace("name: Shrine", "name: Forest")
    assert any("built-in terrain kind" in p for p in _problems(tmp_path, builtin))
    costly = MAP.replace("cost: 2", "cost: 9")
    assert any(p.startswith("4:40 ") and "from 1 to 4" in p for p in _problems(tmp_path, costly))


def test_TER_OTHER_rules_travel_with_the_map_into_the_engine(tmp_path):
    m = _load(tmp_path)
    geo = Geometry(m)
    assert geo.cost((1, 1)) == 2 and geo.is_wall((3, 1)) and (2, 1) in geo.pits
    assert geo.distance((2, 1), (4, 1)) == 3      # around the menhir and its corners (RNG-5, MOV-7)
    assert not geo.step_allowed((2, 1), (3, 1)) and not geo.step_allowed((2, 0), (3, 1))
    assert not geo.deployable((2, 1)) and not geo.deployable((3, 1)) and geo.deployable((1, 1))


def test_TER_OTHER_custom_cost_and_pit_in_movement(tmp_path):
    m = _load(tmp_path)
    st = battle("......\nA.....\n.....b", {"A": card("Slow", speed=2)}, active="A")
    st.creature("A").pos = (0, 1)
    st.map, st.geo, st.maps = m, Geometry.for_map(m), (m,)
    dests = {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}
    assert (1, 1) in dests and (2, 1) not in dests          # bramble costs 2; tar pit: fliers only
    assert (2, 0) in dests                                  # around it over clear ground


def test_TER_OTHER_shrine_bonus_and_bramble_cover_on_the_roll(tmp_path):
    m = _load(tmp_path)
    bow = card("Archer", attacks=(ranged("Bow", bonus=5, range=10, basic=True),))
    st2 = battle("....b.\n......\n.A....", {"A": bow}, active="A", dice=(10,))
    st2.map, st2.geo, st2.maps = m, Geometry.for_map(m), (m,)
    st2.creature("A").pos, st2.creature("b").pos = (4, 1), (0, 0)    # A on the shrine, b beyond bramble
    from tactica.engine import apply
    st2, out = apply(st2, Attack(0, ("b",)))
    roll = [e for e in out if isinstance(e, ev.AttackRolled)][0]
    assert dict(roll.modifiers) == {"sacred circle": 1}        # the shrine's +1 (as TER-SACRED)
    assert roll.total == 10 + 5 + 1
    geo = Geometry.for_map(m)
    assert geo.cover((1, 0), (1, 2)) and not geo.cover((4, 0), (4, 2))   # bramble gives cover; the shrine none


def test_TER_OTHER_map_terrain_survives_a_save(tmp_path):
    m = _load(tmp_path)
    again = map_from(json.loads(json.dumps(map_to(m))))
    assert again == m and again.custom_terrain == m.custom_terrain


def test_TER_OTHER_shipped_map_defines_its_own_terrain():
    from tactica.content.shipped import shipped_maps
    path = next(p for p in shipped_maps() if p.stem == "brambleford")
    m = load_map(path)
    assert {t.name for t in m.custom_terrain} == {"Bramble", "Tar Pit", "Marsh Mist", "Waystone"}
