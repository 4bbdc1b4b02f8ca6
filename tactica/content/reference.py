"""The field reference of ``docs/authoring.md``, generated from the field tables.

``reference_markdown()`` renders one Markdown table per kind of mapping
(map, warband, creature entry, card file, card, attack) from
``tactica.content.fields`` — the tables the loaders read and the JSON
Schemas come from.  ``docs/authoring.md`` holds the output between the
``BEGIN``/``END`` markers; ``tests/content/test_docs.py`` checks it is
current.  Regenerate with ``python -m tactica.content.reference --write``.
"""
from __future__ import annotations

import sys
from pathlib import Path

from .fields import (
    ABILITY,
    ABOUT,
    ATTACK,
    CARD,
    CARD_FILE,
    CHAMPION_POWER,
    EFFECT,
    ENTRY,
    MAP,
    NO_DEFAULT,
    SPECIAL_POWER,
    WARBAND,
    WHEN,
    FieldSpec,
    Table,
)

BEGIN = "<!-- BEGIN generated field reference: python -m tactica.content.reference --write -->"
END = "<!-- END generated field reference -->"
#: The tables in the order the reference lists them.
TABLES = (MAP, WARBAND, ENTRY, CARD_FILE, CARD, ATTACK, EFFECT, ABILITY, SPECIAL_POWER, CHAMPION_POWER, WHEN,
          ABOUT)

_TYPE = {
    "text": "text", "integer": "whole number", "boolean": "true / false", "choice": "one of",
    "id": "id (`a-z`, `0-9`, `-`)", "texts": "text, or a list of texts",
    "choices": "one, or a list, of", "object": "a {}", "objects": "list of {}", "entries": "list of card ids or {}",
    "damage": "whole number, or text `N`, `N type`, `N+M type`",
    "damages": "whole number, or text `N`, `N type`, `N+M type`, or a list of them (`[20, 10 fire]`)",
    "reach": ("text `range N`, `sight`, `nearest`, `burst N`, `small cone`, `large cone`, `line N`, "
              "`range N, radius R`"),
    "rows": "rows: a `|` block or a list of texts", "legend": "mapping symbol → terrain kind",
}


def _type(spec: FieldSpec) -> str:
    text = _TYPE[spec.kind]
    if "{}" in text:
        text = text.format(f"*{spec.items.title}* mappings" if spec.items else "mappings")
    if spec.choices and spec.kind in ("choice", "choices", "legend"):
        text += ": " + ", ".join(f"`{c}`" for c in spec.choices)
    return text


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def table_markdown(table: Table) -> str:
    """One Markdown table: key, type, required or default, range, units, meaning."""
    lines = [f"#### {table.title}", "", table.description, "",
             "| key | type | required / default | range | units | meaning |", "|---|---|---|---|---|---|"]
    for spec in table.fields:
        if spec.required:
            need = "**required**"
        elif spec.default is NO_DEFAULT:
            need = "optional"
        else:
            shown = spec.default if not isinstance(spec.default, str) else f'"{spec.default}"'
            need = f"default `{'[]' if shown == [] else str(shown).lower() if isinstance(shown, bool) else shown}`"
        span = f"{spec.lo} – {spec.hi}" if spec.lo is not None and spec.hi is not None else ""
        lines.append(f"| `{spec.name}` | {_cell(_type(spec))} | {need} | {span} | {spec.units} | "
                     f"{_cell(spec.description)} |")
    if table.refused:
        lines += ["", "Refused keys: " + ", ".join(f"`{k}`" for k in table.refused) + "."]
    return "\n".join(lines)


def reference_markdown() -> str:
    """Every table's reference, between the BEGIN and END markers."""
    body = "\n\n".join(table_markdown(t) for t in TABLES)
    return f"{BEGIN}\n\n{body}\n\n{END}"


def replace_reference(text: str) -> str:
    """``text`` with the part between the markers replaced by a fresh reference.

    Raises ValueError if the markers are missing.
    """
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError("the reference markers are missing")
    return text[:start] + reference_markdown() + text[end + len(END):]


def main(argv: list[str] | None = None) -> int:
    """``python -m tactica.content.reference [--write] [FILE]``: print, or rewrite FILE's reference."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "--write":
        print(reference_markdown())
        return 0
    path = Path(args[1] if len(args) > 1 else "docs/authoring.md")
    path.write_text(replace_reference(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
