"""The field reference of ``docs/authoring.md``, generated from the field tables.

``reference_markdown()`` renders one Markdown table per kind of mapping
(map, warband, creature entry, card file, card, attack) from
``tactica.content.fields`` — the tables the loaders read and the JSON
Schemas come from.  ``docs/authoring.md`` holds the output between the
``BEGIN``/``END`` markers; ``tests/content/test_docs.py`` checks it is
current.  Regenerate with ``python -m tactica.content.reference --write``.
"""
from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

from tactica.engine import ABILITY_KINDS, CONDITIONS

from . import cards
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
    RECHARGE_EVENTS,
    SPECIAL_POWER,
    WARBAND,
    WHEN,
    FieldSpec,
    Table,
)
from .numbers import BONUS_KEYS

BEGIN = "<!-- BEGIN generated field reference: python -m tactica.content.reference --write -->"
END = "<!-- END generated field reference -->"
KINDS_BEGIN = "<!-- BEGIN generated kinds table: python -m tactica.content.reference --write -->"
KINDS_END = "<!-- END generated kinds table -->"
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


def _first_sentence(text: str | None) -> str:
    """The first sentence of a docstring, on one line ("" for none)."""
    flat = " ".join((text or "").split())
    cut = re.search(r"(?<=[a-z0-9)])\.(\s|$)", flat)
    return flat[:cut.start() + 1] if cut else flat


def meanings(spec: FieldSpec) -> dict[str, str]:
    """What each allowed value of a choice field means, read from its description where it says
    ``'value' (meaning)``; a value the description does not explain that way is left out."""
    found = {}
    for choice in spec.choices:
        m = re.search(rf"'{re.escape(choice)}'(?: \w+)? \(([^()]*(?:\([^()]*\)[^()]*)*)\)", spec.description)
        if m:
            found[choice] = m.group(1)
    return found


def _keys(names) -> str:
    return ", ".join(f"`{n}`" for n in names) if names else "—"


def _ability_keys(kind: str) -> tuple[str, ...]:
    """The keys an ability kind takes besides ``kind`` (the card loader's list, else the engine's fields)."""
    if kind == "bonus":  # CL-1: read by content/numbers.py, whose keys are the file's, not the engine's
        return BONUS_KEYS
    listed = getattr(cards, "_ABILITY_KEYS", {}).get(kind)
    if listed is not None:
        return tuple(listed)
    cls = ABILITY_KINDS[kind]
    return tuple("type" if f.name == "damage_type" else f.name for f in dataclasses.fields(cls))


def _abilities() -> list[str]:
    lines = ["#### Ability kinds (`abilities:` entries, ABL-1)", "",
             "| kind | keys besides `kind` | what it does |", "|---|---|---|"]
    for kind, cls in ABILITY_KINDS.items():
        lines.append(f"| `{kind}` | {_keys(_ability_keys(kind))} | {_cell(_first_sentence(cls.__doc__))} |")
    return lines


def _effects() -> list[str]:
    spec = EFFECT["kind"]
    said = meanings(spec)
    keys = getattr(cards, "_EFFECT_KEYS", {})
    lines = ["#### Effect kinds (an attack line's `effects:` entries)", "",
             "Every effect also takes `on` (" + ", ".join(f"`{c}`" for c in EFFECT["on"].choices) + ").", "",
             "| kind | keys besides `kind` and `on` | what it does |", "|---|---|---|"]
    for kind in spec.choices:
        own = tuple(keys.get(kind, ()))
        if kind in ("condition", "ongoing"):
            own += ("duration",)
        lines.append(f"| `{kind}` | {_keys(own)} | {_cell(said.get(kind, '—'))} |")
    return lines


def _trigger_rows(where: str, spec: FieldSpec, extra: tuple[str, ...] = ()) -> list[str]:
    said = meanings(spec)
    return [f"| {where} | `{value}` | {_cell(said.get(value, '—'))} |" for value in spec.choices + extra]


def _triggers() -> list[str]:
    recharge = dataclasses.replace(ATTACK["recharge"], choices=RECHARGE_EVENTS)
    lines = ["#### Trigger kinds", "",
             "| where | trigger | when it happens |", "|---|---|---|"]
    lines += [f"| attack effect `on` | `{v}` | {w} |" for v, w in (
        ("hit", "the attack hits"), ("miss", "the attack misses"), ("always", "hit or miss"))
        if v in EFFECT["on"].choices]
    lines += [f"| attack effect `on` | `{v}` | — |" for v in EFFECT["on"].choices if v not in ("hit", "miss", "always")]
    lines += _trigger_rows("special power `trigger`", SPECIAL_POWER["trigger"])
    lines += _trigger_rows("champion power `trigger`", CHAMPION_POWER["trigger"])
    lines += _trigger_rows("`recharge`", recharge)
    lines.append("| `recharge` | `roll N` | at the start of its turn a d20 of N or more (N 2 to 20) |")
    return lines


def _condition_rules(rules_text: str) -> dict[str, tuple[str, str]]:
    """condition name → (rule ID, first sentence) from docs/rules.md's ``**ID** *Name.* …`` entries."""
    found = {}
    for m in re.finditer(r"\*\*([A-Z0-9-]+)\*\* \*([A-Za-z ]+)\.\*\s+(.*?)(?:\n\n|$)", rules_text, re.S):
        found[m.group(2).lower()] = (m.group(1), _first_sentence(m.group(3)))
    return found


def _conditions(rules_text: str) -> list[str]:
    known = _condition_rules(rules_text)
    lines = ["#### Condition kinds (an effect's `condition`, `immune`'s `condition`, a `when`'s `condition`)", "",
             "| condition | rule | what it does |", "|---|---|---|"]
    for name in CONDITIONS:
        rule, what = known.get(name, ("—", "see docs/rules.md"))
        lines.append(f"| `{name}` | {rule} | {_cell(what)} |")
    lines += ["", "#### `when` tests (CL-1)", "",
              "| where | test | holds when |", "|---|---|---|"]
    for table, where in ((WHEN, "`when`"), (ABOUT, "`self:` / `other:`")):
        lines += [f"| {where} | `{spec.name}` | {_cell(spec.description)} |" for spec in table.fields]
    return lines


def kinds_markdown(rules_text: str = "") -> str:
    """The table of every ability, effect, trigger and condition kind, between the kinds markers.

    Made from the engine's registries (``ABILITY_KINDS``, ``CONDITIONS``)
    and the field tables (effect kinds, triggers, recharge events, ``when``
    tests), so a kind added there appears here when the page is rewritten.
    ``rules_text``: docs/rules.md, for each condition's rule ID and first
    sentence ("" leaves them out).
    """
    body = [f"{KINDS_BEGIN}", ""] + _abilities() + [""] + _effects() + [""] + _triggers() + [""] + \
        _conditions(rules_text) + ["", KINDS_END]
    return "\n".join(body)


def _rules_text() -> str:
    path = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def replace_reference(text: str, rules_text: str | None = None) -> str:
    """``text`` with the part between the markers replaced by a fresh reference, and the part
    between the kinds markers (when it has them) by a fresh kinds table (``kinds_markdown``).

    ``rules_text``: docs/rules.md's text (None: read from the repository).
    Raises ValueError if the reference markers are missing.
    """
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError("the reference markers are missing")
    text = text[:start] + reference_markdown() + text[end + len(END):]
    start, end = text.find(KINDS_BEGIN), text.find(KINDS_END)
    if start >= 0 and end > start:
        kinds = kinds_markdown(_rules_text() if rules_text is None else rules_text)
        text = text[:start] + kinds + text[end + len(KINDS_END):]
    return text


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
