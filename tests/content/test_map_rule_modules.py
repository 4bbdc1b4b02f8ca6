"""A map's ``rules:`` key switches optional rule modules on (G35-DIAG); unknown names are positioned errors."""
from __future__ import annotations

import pytest

from tactica.content import ContentError, load_map

MAP = """name: Grid Field
points: 100
rules: {rules}
terrain: |
  ........
  ........
  ........
  ........
  ........
  ........
zones: |
  AAA..bb.
  AAA.....
  ........
  ........
  .....BBB
  .aa..BBB
"""


def _write(tmp_path, rules: str):
    path = tmp_path / "grid_field.yaml"
    path.write_text(MAP.format(rules=rules))
    return path


def test_G35_DIAG_a_map_switches_grid35_on(tmp_path):
    assert load_map(_write(tmp_path, "[grid35]")).rules == ("grid35",)
    assert load_map(_write(tmp_path, "grid35-simple")).rules == ("grid35-simple",)
    assert load_map(_write(tmp_path, "[]")).rules == ()


def test_an_unknown_rule_module_is_an_error_at_its_name(tmp_path):
    with pytest.raises(ContentError) as caught:
        load_map(_write(tmp_path, "[grid35, grid350]"))
    assert [(p.line, p.col, p.message) for p in caught.value.problems] == [
        (3, 17, "unknown rule module 'grid350'; did you mean 'grid35'?")]
    with pytest.raises(ContentError) as caught:
        load_map(_write(tmp_path, "[grid35, grid35]"))
    assert [p.message for p in caught.value.problems] == ["rule module 'grid35' is listed twice"]


def test_G5E_SPLIT_a_map_switches_grid5e_on_but_not_with_grid35(tmp_path):
    assert load_map(_write(tmp_path, "[grid5e]")).rules == ("grid5e",)
    with pytest.raises(ContentError) as caught:
        load_map(_write(tmp_path, "[grid35, grid5e]"))
    assert [(p.line, p.col, p.message) for p in caught.value.problems] == [
        (3, 17, "rule modules grid35 and grid5e cannot be on together: both price diagonals and "
                "difficult terrain (choose one)")]
