"""Cave features of a map's terrain types (the underground module): typed keys, positioned errors,
a warning when the module is off (docs/modules/underground.md, docs/authoring.md)."""
from __future__ import annotations

import pytest

from tactica.content import ContentError
from tactica.content.loader import load_map
from tactica.content.validate import validate_paths

MAP = """name: Test Cave
points: 20
rules: [underground]
terrain_types:
  - {name: Crawlway, symbol: "-", ceiling: 3}
  - {name: Choke, symbol: "R", rubble: loose}
  - {name: Chasm, symbol: "v", depth: 20, landing: spiked, spikes: 1}
  - {name: Gallery, symbol: ":", dark: true, slippery: true}
terrain: |
  ......
  .-Rv:.
  ......
zones: |
  A....b
  A....B
  a....B
"""


def _problems(tmp_path, text) -> list[str]:
    path = tmp_path / "cave.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as raised:
        load_map(path)
    return [f"{p.line}:{p.col} {p.message}" for p in raised.value.problems]


def test_ug_rubble_cave_keys_load_as_terrain_rules(tmp_path):
    path = tmp_path / "cave.yaml"
    path.write_text(MAP)
    m = load_map(path)
    crawl, choke, chasm, gallery = (m.rules_at((x, 1)) for x in (1, 2, 3, 4))
    assert crawl.ceiling == 3 and not crawl.blocks_movement
    assert choke.rubble == "loose" and choke.blocks_movement and not choke.deploy  # a wall until dug out
    assert (chasm.depth, chasm.landing, chasm.spikes, chasm.deploy) == (20, "spiked", 1, False)
    assert gallery.dark and gallery.slippery and m.rules == ("underground",)


def test_ug_fall_malformed_cave_keys_are_positioned_errors(tmp_path):
    no_spikes = MAP.replace("landing: spiked, spikes: 1", "landing: spiked")
    assert any(p.startswith("7:52 ") and "spiked landing but no spikes" in p for p in _problems(tmp_path, no_spikes))
    stray = MAP.replace("landing: spiked, spikes: 1", "spikes: 2")
    assert any(p.startswith("7:51 ") and "not 'spiked'" in p for p in _problems(tmp_path, stray))
    half_gap = MAP.replace("ceiling: 3}", "gap_width: 18}")
    assert any(p.startswith("5:46 ") and "gap_width but no gap_height" in p for p in _problems(tmp_path, half_gap))
    walled = MAP.replace("rubble: loose}", "rubble: loose, blocking: true}")
    assert any("is blocking (a wall): 'rubble'" in p for p in _problems(tmp_path, walled))
    bad = MAP.replace("landing: spiked", "landing: lava")
    assert any(p.startswith("7:52 ") and "lava" in p for p in _problems(tmp_path, bad))


def test_ug_dark_cave_keys_without_the_module_are_a_warning(tmp_path):
    path = tmp_path / "cave.yaml"
    path.write_text(MAP.replace("rules: [underground]\n", ""))
    problems, _ = validate_paths([str(path)])
    assert not [p for p in problems if p.severity == "error"]
    assert any(p.severity == "warning" and "only the underground module reads" in p.message for p in problems)


NARROW = """name: Narrow Cave
points: 20
rules: [underground]
terrain_types:
  - {name: Crack, symbol: "|", gap_width: 12, gap_height: 9}
terrain: |
  ...#...
  ...|...
  ...#...
zones: |
  A.....b
  A.....B
  a.....B
"""


@pytest.mark.parametrize(("gap", "warned"), [("gap_width: 12, gap_height: 9", True),
                                              ("gap_width: 30, gap_height: 20", False)])
def test_ug_squeeze_a_vp_zone_behind_a_gap_too_narrow_for_a_medium_body_is_a_warning(tmp_path, gap, warned):
    path = tmp_path / "narrow.yaml"
    path.write_text(NARROW.replace("gap_width: 12, gap_height: 9", gap))
    problems, _ = validate_paths([str(path)])
    assert not [p for p in problems if p.severity == "error"]
    said = [p for p in problems if "under the underground rules, VP zone 'b'" in p.message]
    assert bool(said) is warned
    if warned:
        assert "from start area 'A'" in said[0].message and "24×12 inches" in said[0].message
        assert (said[0].line, said[0].col) == (11, 9)  # the zone letter's first square
