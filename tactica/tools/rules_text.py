"""The rules text the game ships: copies of ``docs/rules.md`` and ``docs/modules/*.md`` as package data.

The rules reference screen (``tactica.client.rules_reference``) reads the rules from the installed
package (``tactica/data/rules/``), since an installed game has no ``docs/`` folder.  ``docs/`` stays
the source: ``python -m tactica.tools.rules_text`` rewrites the copies from it (``python -m
tactica.tools.conformance`` does too), ``--check`` exits 1 when a copy differs, and
``tests/test_rules_text.py`` makes the same check.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SHIPPED = ROOT / "tactica" / "data" / "rules"


def pages() -> dict[Path, Path]:
    """Each rules page of ``docs/`` (``rules.md``, then ``modules/*.md`` by name) → its shipped copy."""
    out = {DOCS / "rules.md": SHIPPED / "rules.md"}
    for page in sorted((DOCS / "modules").glob("*.md")):
        out[page] = SHIPPED / "modules" / page.name
    return out


def stale() -> list[str]:
    """One line for each shipped copy that differs from its page, is missing, or has no page any more."""
    found = []
    wanted = pages()
    for source, copy in wanted.items():
        if not copy.exists() or copy.read_bytes() != source.read_bytes():
            found.append(f"{copy.relative_to(ROOT)} differs from {source.relative_to(ROOT)}: "
                         "run python -m tactica.tools.rules_text")
    for copy in sorted(SHIPPED.rglob("*.md")):
        if copy not in wanted.values():
            found.append(f"{copy.relative_to(ROOT)} has no page in docs/ any more: "
                         "run python -m tactica.tools.rules_text")
    return found


def write() -> list[Path]:
    """Copy every rules page into ``tactica/data/rules/`` (removing copies whose page is gone); returns
    the copies written."""
    wanted = pages()
    for copy in SHIPPED.rglob("*.md"):
        if copy not in wanted.values():
            copy.unlink()
    for source, copy in wanted.items():
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(source.read_bytes())
    return list(wanted.values())


def main(argv: list[str] | None = None) -> int:
    """Write the shipped copies, or with ``--check`` exit 1 (saying which) when one is stale."""
    args = sys.argv[1:] if argv is None else argv
    if "--check" in args:
        found = stale()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    for copy in write():
        print(copy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
