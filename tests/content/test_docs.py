"""docs/authoring.md stays true: its field reference is current, its example map plays, its messages are real."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from tactica.content import load_map, shipped_warbands
from tactica.content.fields import FILE_TABLES
from tactica.content.reference import KINDS_BEGIN, KINDS_END, TABLES, kinds_markdown, replace_reference
from tactica.content.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "authoring.md"
BAD = Path(__file__).parent / "fixtures" / "bad"


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _example(name: str) -> str:
    """The YAML block right after ``<!-- example: NAME -->``."""
    found = re.search(rf"<!-- example: {re.escape(name)} -->\n```yaml\n(.*?)```", _doc(), re.S)
    assert found, f"no example {name} in {DOC}"
    return found.group(1)


def test_the_field_reference_is_current():
    text = _doc()
    assert replace_reference(text) == text, "run python -m tactica.content.reference --write"
    for table in TABLES:
        assert f"#### {table.title}" in text
    assert all(any(t is u for u in TABLES) for t in FILE_TABLES.values())


def test_the_kinds_table_is_generated_and_lists_every_registered_kind():
    from tactica.content.fields import EFFECT, RECHARGE_EVENTS, SPECIAL_POWER
    from tactica.engine import ABILITY_KINDS, CONDITIONS
    text = _doc()
    start, end = text.index(KINDS_BEGIN), text.index(KINDS_END)
    block = text[start:end + len(KINDS_END)]
    assert block == kinds_markdown((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    rows = set(re.findall(r"^\|[^|\n]*\| `([^`]+)` \|", block, re.M)) | set(
        re.findall(r"^\| `([^`]+)` \|", block, re.M))
    for kinds in (ABILITY_KINDS, EFFECT["kind"].choices, CONDITIONS, RECHARGE_EVENTS,
                  SPECIAL_POWER["trigger"].choices):
        assert set(kinds) <= rows, set(kinds) - rows
    assert "| `dazed` | CON-1 | Attackers have combat advantage against it;" in block
    assert "| `resist` | `amount`, `type` |" in block
    assert "| `push` | `distance` | each square farther from the attacker |" in block


def test_a_new_kind_would_appear_in_the_kinds_table(monkeypatch):
    """The table is made from the registries, so another helper's new kind shows up on --write."""
    import dataclasses

    from tactica.content import reference
    from tactica.engine import ABILITY_KINDS, Ability

    @dataclasses.dataclass(frozen=True)
    class Petrifying(Ability):
        """Turns what it bites to stone (a test kind, never shipped)."""

        kind = "petrifying-bite"
        amount: int = 5

    monkeypatch.setitem(ABILITY_KINDS, "petrifying-bite", Petrifying)
    assert ("| `petrifying-bite` | `amount` | Turns what it bites to stone (a test kind, never shipped). |"
            in reference.kinds_markdown())


def test_the_published_card_example_validates_and_loads_as_the_steps_say(tmp_path):
    from tactica.content import load_catalogue
    from tactica.engine import ABILITY_KINDS, ConditionEffect, Defense
    path = tmp_path / "emberwrack-sentinel.yaml"
    path.write_text(_example("emberwrack-sentinel.yaml"))
    assert validate_paths([str(path)]) == ([], 1)
    card = load_catalogue([path])["emberwrack-sentinel"]
    assert (card.cost, card.level, card.ac, card.defense, card.hp, card.speed, card.size) == (24, 6, 21, 16, 60, 5, 1)
    assert card.factions == ("Civilization", "Borderlands") and card.keywords == ("Construct", "Soldier")
    assert ABILITY_KINDS["resist"](amount=5, damage_type="fire") in card.abilities
    halberd, bolt = card.attacks
    assert halberd.basic and (halberd.bonus, halberd.damage, halberd.damage_bonus, halberd.damage_type) == (
        11, 15, 5, "fire")
    assert (bolt.range, bolt.defense, bolt.uses, bolt.recharge.on.value) == (8, Defense.DEF, 1, "bloodied")
    assert isinstance(bolt.effects[0], ConditionEffect) and bolt.effects[0].condition == "dazed"
    assert card.special_powers[0].name == "Second Wind" and card.special_powers[0].amount == 10
    # the step-by-step blocks are the whole file's pieces, in order
    whole = _example("emberwrack-sentinel.yaml")
    for piece in re.findall(r"\*\*Step \d: [^*]+\*\*.*?```yaml\n(.*?)```", _doc(), re.S):
        assert piece in whole


def test_the_example_map_validates_cleanly_and_a_battle_starts_on_it(tmp_path):
    path = tmp_path / "mill-pond.yaml"
    path.write_text(_example("mill-pond.yaml"))
    assert validate_paths([str(path)]) == ([], 1)  # no errors, no warnings
    m = load_map(path)
    assert (m.name, m.width, m.height) == ("Mill Pond", 16, 10)
    from tactica.client.factory import make_factory  # the very path `tactica play` takes
    bands = [str(p) for p in shipped_warbands() if p.stem in ("tusk-skirmishers", "greenbough-wardens")]
    factory = make_factory(argparse.Namespace(map=[str(path)], warband=bands, seed=1))
    session = factory.quick()
    assert session.state.map.name == "Mill Pond"
    everyone = sum(len(wb.cards) for wb in factory.warbands)
    assert len([c for c in session.state.creatures if c.pos is not None]) == everyone  # all deployed


def _mutated(tmp_path: Path, row: int, col: int, replacement: str) -> list[str]:
    """Messages for the example map with the square at (1-based) ``row``, ``col`` replaced."""
    lines = _example("mill-pond.yaml").splitlines()
    at = lines.index("terrain: |") + row
    text = lines[at]
    lines[at] = text[:col + 1] + replacement + text[col + 2:]  # rows are indented 2 spaces
    path = tmp_path / "mill-pond.yaml"
    path.write_text("\n".join(lines) + "\n")
    return [f"{p.line}:{p.col}: {p.severity}: {p.message}" for p in validate_paths([str(path)])[0]]


@pytest.fixture
def real_messages(tmp_path) -> set[str]:
    """What the validator says for the doc's described mistakes and the broken fixtures."""
    found = set(_mutated(tmp_path, 3, 5, "x")) | set(_mutated(tmp_path, 5, 1, ""))
    for problem in validate_paths([str(BAD)])[0]:
        found.add(f"{problem.severity}: {problem.message}")
    return found


def test_the_example_messages_are_real(real_messages):
    block = re.search(r"## 8\. Problems and limits.*?```text\n(.*?)```", _doc(), re.S).group(1)
    for line in block.splitlines():
        path, rest = line.split(":", 1)
        if path.startswith("maps/mill-pond"):
            assert rest in real_messages, rest
        else:
            message = rest.split(": ", 1)[1]
            assert any(m.endswith(message) for m in real_messages), message
