"""JSON Schemas for content files, generated from the loaders' field tables.

The schemas ship in ``tactica/data/schemas/{card,map,warband}.schema.json``;
each shipped YAML file names its schema on its first line
(``# yaml-language-server: $schema=../schemas/map.schema.json``), so an
editor with yaml-language-server (VS Code's YAML extension, Neovim, Helix…)
completes keys, shows the descriptions on hover and flags wrong types.

The schemas come from ``tactica.content.fields`` — the same tables the
loaders read — so they never drift; ``tests/content/test_schemas.py``
regenerates them and compares.  Regenerate after changing a table::

    python -m tactica.content.schemas          # rewrites the shipped files
    python -m tactica.content.schemas --check  # exit 1 if they are stale

The loaders remain the judge: they also check what a schema cannot say
(a ranged attack needs a reach, start areas must be reachable, warbands
must be legal).
"""
from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from .fields import FILE_TABLES, NO_DEFAULT, FieldSpec, Table

#: The schema file of each kind of content file.
SCHEMA_FILES = {"cards": "card.schema.json", "map": "map.schema.json", "warband": "warband.schema.json"}
DIALECT = "http://json-schema.org/draft-07/schema#"


def _describe(spec: FieldSpec) -> str:
    text = spec.description
    if spec.units:
        text += f" Units: {spec.units}."
    if spec.lo is not None and spec.hi is not None:
        text += f" From {spec.lo} to {spec.hi}."
    return text


def _value_schema(spec: FieldSpec) -> dict[str, Any]:
    """The schema of one field's value (without description)."""
    kind = spec.kind
    if kind == "text":
        return {"type": "string"}
    if kind == "id":
        return {"type": "string", "pattern": spec.pattern}
    if kind == "integer":
        out: dict[str, Any] = {"type": "integer"}
        if spec.lo is not None:
            out["minimum"] = spec.lo
        if spec.hi is not None:
            out["maximum"] = spec.hi
        return out
    if kind == "boolean":
        return {"type": "boolean"}
    if kind == "choice":
        return {"enum": list(spec.choices)}
    if kind == "choices":
        one = {"enum": list(spec.choices)}
        return {"anyOf": [one, {"type": "array", "items": one, "minItems": 0 if spec.empty_ok else 1,
                                "uniqueItems": True}]}
    if kind == "texts":
        return {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    if kind == "object":  # the field's own words first, then what the mapping is
        inner = table_schema(spec.items)
        return {**inner, "description": f"{spec.description} {inner['description']}"}
    if kind == "objects":  # an empty list where allowed: 'empty_ok' (default []), or ``lo=0`` (CL-16, CL-14)
        least = 0 if spec.empty_ok or spec.lo == 0 else 1
        return {"type": "array", "minItems": least, "items": table_schema(spec.items)}
    if kind == "entries":
        return {"type": "array", "minItems": 1,
                "items": {"anyOf": [{"type": "string", "description": "A card id (one copy)."},
                                    table_schema(spec.items)]}}
    if kind in ("damage", "damages"):
        amounts: list[dict[str, Any]] = [{"type": "integer", "minimum": spec.lo, "maximum": spec.hi},
                                         {"type": "string", "pattern": spec.pattern}]
        if kind == "damages":  # CL-6: a list of parts of different types
            amounts = amounts + [{"type": "array", "minItems": 2,
                                  "items": {"anyOf": [dict(x) for x in amounts]}}]
        return {"anyOf": amounts}
    if kind == "reach":
        return {"type": "string", "pattern": spec.pattern}
    if kind == "rows":
        row = {"type": "string"}
        block = {"type": "string"}
        if spec.pattern:
            block["pattern"] = spec.pattern
            row["pattern"] = spec.pattern.replace("\\n", "")
        return {"anyOf": [block, {"type": "array", "items": row, "minItems": 1}]}
    if kind == "legend":
        return {"type": "object", "propertyNames": {"minLength": 1, "maxLength": 1},
                "additionalProperties": {"enum": list(spec.choices)}}
    raise ValueError(f"no schema for field kind {kind!r}")  # fields.KINDS guards this


def field_schema(spec: FieldSpec) -> dict[str, Any]:
    """The JSON Schema of one field: its value, description, default and example."""
    out: dict[str, Any] = {"description": _describe(spec)}
    out.update(_value_schema(spec))
    out["description"] = _describe(spec)  # an 'object' field's own words, not its table's
    if not spec.required and spec.default is not NO_DEFAULT:
        out["default"] = spec.default
    if spec.example is not None:
        out["examples"] = [spec.example]
    return out


def table_schema(table: Table | None) -> dict[str, Any]:
    """The JSON Schema of a mapping declared by ``table`` (unknown keys refused)."""
    if table is None:
        raise ValueError("an 'objects' or 'entries' field needs an items table")
    out: dict[str, Any] = {"type": "object", "title": table.title, "description": table.description,
                           "properties": {spec.name: field_schema(spec) for spec in table.fields}}
    if table.required:
        out["required"] = list(table.required)
    out["additionalProperties"] = False
    return out


def file_schema(kind: str) -> dict[str, Any]:
    """The whole schema of a kind of file ("cards", "map" or "warband").

    Raises KeyError for another kind.
    """
    body = table_schema(FILE_TABLES[kind])
    return {"$schema": DIALECT, "$comment": "Generated by tactica.content.schemas from "
            "tactica/content/fields.py; do not edit by hand.", **body}


def render(kind: str) -> str:
    """The schema of ``kind`` as the text shipped (2-space JSON, newline at the end)."""
    return json.dumps(file_schema(kind), indent=2, ensure_ascii=False) + "\n"


def shipped_schema_dir() -> Path:
    """The folder of the shipped schemas (``tactica/data/schemas``)."""
    return Path(str(resources.files("tactica.data").joinpath("schemas")))


def stale_schemas(folder: Path | None = None) -> list[Path]:
    """Schema files in ``folder`` (default: shipped) that differ from a fresh render."""
    folder = folder or shipped_schema_dir()
    out = []
    for kind, name in SCHEMA_FILES.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != render(kind):
            out.append(path)
    return out


def write_schemas(folder: Path | None = None) -> list[Path]:
    """Write every schema into ``folder`` (default: shipped); returns the paths written."""
    folder = folder or shipped_schema_dir()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for kind, name in SCHEMA_FILES.items():
        path = folder / name
        path.write_text(render(kind), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    """``python -m tactica.content.schemas [--check] [--out DIR]``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tactica.content.schemas",
                                     description="Regenerate the content JSON Schemas.")
    parser.add_argument("--check", action="store_true", help="only report stale files (exit 1)")
    parser.add_argument("--out", type=Path, default=None, help="folder (default: the shipped one)")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_schemas(args.out)
        for path in stale:
            print(f"{path}: stale; run python -m tactica.content.schemas")
        return 1 if stale else 0
    for path in write_schemas(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
