"""The JSON Schemas: generated from the loaders' field tables, shipped, and named by every file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tactica.content import shipped_card_files, shipped_maps, shipped_warbands
from tactica.content.fields import FILE_TABLES, PLAIN_KINDS, Table
from tactica.content.schemas import SCHEMA_FILES, main, render, shipped_schema_dir, stale_schemas

BAD = Path(__file__).parent / "fixtures" / "bad"
KIND_OF_FOLDER = {"cards": "cards", "maps": "map", "warbands": "warband"}
SHIPPED = shipped_card_files() + shipped_maps() + shipped_warbands()


def test_regenerating_gives_exactly_the_shipped_files():
    folder = shipped_schema_dir()
    for kind, name in SCHEMA_FILES.items():
        assert (folder / name).read_text(encoding="utf-8") == render(kind), "run python -m tactica.content.schemas"
    assert stale_schemas() == []
    assert main(["--check"]) == 0


def test_writing_into_another_folder(tmp_path, capsys):
    assert main(["--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(SCHEMA_FILES.values())
    (tmp_path / "map.schema.json").write_text("{}")
    assert main(["--check", "--out", str(tmp_path)]) == 1
    assert "map.schema.json: stale" in capsys.readouterr().out


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_file_names_its_schema_on_line_1(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    kind = KIND_OF_FOLDER[path.parent.name]
    assert first == f"# yaml-language-server: $schema=../schemas/{SCHEMA_FILES[kind]}"
    assert (path.parent / first.split("=", 1)[1]).resolve().is_file()  # the relative path resolves


def _every_field(table: Table, seen: set[str]):
    for spec in table.fields:
        yield table, spec
        if spec.items is not None and spec.items.title not in seen:
            seen.add(spec.items.title)
            yield from _every_field(spec.items, seen)


@pytest.mark.parametrize("kind", sorted(FILE_TABLES))
def test_every_field_appears_in_the_schema_with_its_limits(kind):
    schema = json.loads(render(kind))
    text = json.dumps(schema, ensure_ascii=False)
    for _, spec in _every_field(FILE_TABLES[kind], set()):
        assert json.dumps(spec.name) in text
        assert spec.description[:40] in text
        if spec.kind in PLAIN_KINDS and spec.kind == "integer":
            assert f'"minimum": {spec.lo}' in text and f'"maximum": {spec.hi}' in text


jsonschema = pytest.importorskip("jsonschema")


def _validator(kind: str):
    return jsonschema.Draft7Validator(json.loads(render(kind)))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_pass_their_schema(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = list(_validator(KIND_OF_FOLDER[path.parent.name]).iter_errors(data))
    assert errors == []


@pytest.mark.parametrize("name", ["card_unknown_key.yaml", "card_wrong_type.yaml", "card_missing_field.yaml",
                                  "card_unknown_faction.yaml", "card_unknown_alignment.yaml",
                                  "card_abilities.yaml", "map_unknown_kind.yaml",
                                  "warband_unknown_faction.yaml", "warband_wrong_count.yaml"])
def test_schema_also_flags_what_the_loader_refuses(name):
    data = yaml.safe_load((BAD / name).read_text(encoding="utf-8"))
    kind = {"card": "cards", "map": "map", "warband": "warband"}[name.split("_")[0]]
    assert list(_validator(kind).iter_errors(data)), name


def test_every_shipped_schema_line_resolves_from_each_path_an_author_opens_it_by():
    """An editor resolves ``$schema=../schemas/…`` from the path it opened, without following links:
    from ``tactica/data/maps/x.yaml`` and from the top-level ``maps/x.yaml`` alike."""
    import os
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    seen = 0
    for folder in ("maps", "warbands", "cards"):
        for opened_from in (root / "tactica" / "data" / folder, root / folder):
            for path in sorted(opened_from.glob("*.yaml")):
                first = path.read_text(encoding="utf-8").splitlines()[0]
                found = re.match(r"# yaml-language-server: \$schema=(\S+)$", first)
                assert found, f"{path}: no schema line"
                target = os.path.normpath(os.path.join(str(opened_from), found.group(1)))  # lexical, as editors do
                assert Path(target).is_file(), f"{path}: {found.group(1)} does not resolve"
                seen += 1
    assert seen >= 2 * 20
