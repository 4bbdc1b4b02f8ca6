"""Rules conformance page: every rule ID of docs/rules.md beside the tests that name it.

``python -m tactica.tools.conformance`` rewrites ``docs/conformance.md``;
``--check`` exits 1 when the shipped page is stale, when a rule has no test,
when a test names a rule ID that docs/rules.md does not define, or when code
or a test cites a section of docs/rules.md by a quoted phrase the page does
not hold (``tests/test_conformance.py`` makes the same checks).

The rule IDs and their short titles come from ``docs/rules.md``, where each
rule is a paragraph starting ``**ID** *Title.*``, in the page's order, then from
the optional modules' pages ``docs/modules/*.md`` (by name), where a rule may
also be a heading ``## ID — title``.  A test
*names* a rule when its function name starts with the rule's token: ``MOV-7``
→ ``test_mov_07_…`` (or ``test_mov_7_…``), ``TER-WALL`` → ``test_ter_wall_…``,
``MOD`` → ``test_mod_table_…``; the ``test_case_*`` tests name the rules listed
in the comment line above them (``# confused-table (CON-6)``).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
PAGE = ROOT / "docs" / "conformance.md"
TESTS = ROOT / "tests"
_DEF = re.compile(r"^(?:async\s+)?def\s+(test_\w+)\s*\(", re.M)
#: A rule paragraph of docs/rules.md: ``**MOV-7** *Walls and wall corners.* Walls …``.
_RULE = re.compile(r"^\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)?)\*\* \*([^*]+?)\.?\*", re.M)
#: A module page's rule heading: ``## G35-DIAG — the diagonal count``.
_RULE_HEADING = re.compile(r"^#{2,4}\s+([A-Z][A-Z0-9]*-[A-Z0-9]+)\s+[—-]+\s+(.+?)\s*$", re.M)
#: A line that starts with a bold rule ID (a rule, with or without its title).
_BARE = re.compile(r"^\*\*([A-Z][A-Z0-9]*-[A-Z0-9]+|MOD)\*\*", re.M)
#: A rule ID as text cites it: a family, a dash, a number or an upper-case word.
_ID = re.compile(r"\b([A-Z][A-Z0-9]{1,4}(?:-(?:\d+|[A-Z][A-Z0-9]*))?)\b")
#: A section of docs/rules.md cited by a quoted heading: ``docs/rules.md "Durations"``,
#: ``docs/rules.md ABL "Aura X"``.
_SECTION = re.compile(r'docs/rules\.md[:,]?(?:\s+[A-Z]{2,5})?\s+"([^"]+)"')
_HEADING = re.compile(r"^#+\s+(.+)$", re.M)


#: Marks a skipped test in the listing; skipped tests do not cover a rule.
SKIPPED = " (skipped)"


def page_rules(path: Path, headed: bool) -> list[tuple[str, str]]:
    """The rules of one page: ``**ID** *Title.*`` paragraphs, and with ``headed`` also
    ``## ID — title`` headings, in page order."""
    text = path.read_text(encoding="utf-8")
    found = [(m.start(), m.group(1), m.group(2).strip()) for m in _RULE.finditer(text)]
    if headed:
        found += [(m.start(), m.group(1), m.group(2).strip()) for m in _RULE_HEADING.finditer(text)]
    rules = [(rid, title) for _, rid, title in sorted(found)]
    bare = [m.group(1) for m in _BARE.finditer(text) if m.group(1) not in {rid for rid, _ in rules}]
    if bare:
        raise ValueError(f"{path.name}: rules without a title ('**ID** *Title.* text'): {', '.join(bare)}")
    return rules


def rule_ids(path: Path = RULES) -> list[tuple[str, str]]:
    """The (ID, short title) pairs of the rules page ``path``, in page order, then those of the
    module pages in ``modules/`` beside it (``docs/modules/*.md``), by file name.

    A rule is a line starting ``**ID** *Title.*`` (on a module page also a heading
    ``## ID — title``); everything else on a page (readings, tables, other
    headings) is not a rule.  Raises ValueError for a line that starts with a
    bold rule ID but has no italic title after it (a rule the page would
    otherwise leave out), OSError when a page cannot be read.
    """
    rules = page_rules(path, headed=False)
    modules = path.parent / "modules"
    for page in sorted(modules.glob("*.md")) if modules.is_dir() else ():
        rules += page_rules(page, headed=True)
    return rules


def headings(path: Path = RULES) -> list[str]:
    """Every heading of the rules page ``path`` (without its ``#`` marks), in page order."""
    return [m.group(1).strip() for m in _HEADING.finditer(path.read_text(encoding="utf-8"))]


def tokens(rid: str) -> tuple[str, ...]:
    """The test-name prefixes that name rule ``rid`` (without ``test_``)."""
    if rid == "MOD":
        return ("mod_table",)
    head, _, tail = rid.partition("-")
    head = head.lower()
    if tail.isdigit():
        return (f"{head}_{int(tail):02d}", f"{head}_{int(tail)}")
    return (f"{head}_{tail.lower()}",)


def _test_files(tests_dir: Path) -> list[Path]:
    return sorted(tests_dir.rglob("test_*.py"))


def tests_by_rule(tests_dir: Path, ids: list[str]) -> dict[str, list[str]]:
    """{rule ID: ["path::test_name", …]} for every test under ``tests_dir`` naming it."""
    found: dict[str, list[str]] = {rid: [] for rid in ids}
    known = set(ids)
    prefixes = [(f"test_{tok}", rid) for rid in ids for tok in tokens(rid)]
    for path in _test_files(tests_dir):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(tests_dir.parent).as_posix()
        lines = text.splitlines()
        for m in _DEF.finditer(text):
            name = m.group(1)
            low = name.lower()  # test_MOV_14_… and test_mov_14_… both name MOV-14
            named = {rid for pre, rid in prefixes if low == pre or low.startswith(pre + "_")}
            row = text.count("\n", 0, m.start())
            above = lines[max(0, row - 3):row]
            if name.startswith("test_case_"):
                comments = " ".join(line for line in above if line.strip().startswith("#"))
                named |= {r for r in _ID.findall(comments) if r in known}
            skipped = any(line.strip().startswith("@pytest.mark.skip") for line in above)
            for rid in named:
                found[rid].append(f"{rel}::{name}" + (SKIPPED if skipped else ""))
    return found


def unknown_citations(tests_dir: Path, ids: list[str]) -> list[str]:
    """Where a test under ``tests_dir`` cites a rule ID that ``ids`` does not hold.

    Two kinds, both within the rule families of ``ids`` (``MOV``, ``TER`` …):
    a test named for a numbered rule that does not exist (``test_mov_70_…``),
    and an ID written in a test file's text (``MOV-70``, ``TER-LAVA``).  Returns
    "path:line: ID" or "path::test_name" strings, sorted.
    """
    known = set(ids)
    families = {rid.partition("-")[0] for rid in ids if "-" in rid}
    alternatives = "|".join(f.lower() for f in sorted(families))
    named = re.compile(rf"^test_({alternatives})_(\d+)(?:_|$)", re.I)
    out = []
    for path in _test_files(tests_dir):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(tests_dir.parent).as_posix()
        for m in _DEF.finditer(text):
            hit = named.match(m.group(1))
            if hit and f"{hit.group(1).upper()}-{int(hit.group(2))}" not in known:
                out.append(f"{rel}::{m.group(1)}")
        for row, line in enumerate(text.splitlines(), 1):
            for rid in _ID.findall(line):
                if "-" in rid and rid.partition("-")[0] in families and rid not in known:
                    out.append(f"{rel}:{row}: {rid}")
    return sorted(out)


def missing_sections(roots: list[Path], rules: Path = RULES) -> list[str]:
    """Quoted citations of docs/rules.md (the page's name, then a phrase in double quotes) in the
    ``.py`` and ``.yaml`` files under ``roots`` whose phrase the page does not hold: it must be
    part of a heading or, quoting the page's words, of its text (case and line breaks ignored).
    Returns "path:line: phrase" strings, sorted."""
    heads = [h.lower() for h in headings(rules)]
    body = " ".join(rules.read_text(encoding="utf-8").lower().split())
    out = []
    for root in roots:
        for path in sorted([*root.rglob("*.py"), *root.rglob("*.yaml")]):
            for row, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for phrase in _SECTION.findall(line):
                    low = " ".join(phrase.lower().split())
                    if not any(low in h for h in heads) and low not in body:
                        out.append(f"{path.relative_to(ROOT).as_posix()}:{row}: {phrase}")
    return sorted(out)


def render(tests_dir: Path = TESTS, rules_path: Path = RULES) -> str:
    """The conformance page as Markdown."""
    rules = rule_ids(rules_path)
    found = tests_by_rule(tests_dir, [rid for rid, _ in rules])
    covered = [rid for rid, _ in rules if any(not n.endswith(SKIPPED) for n in found[rid])]
    gaps = [(rid, title) for rid, title in rules if rid not in covered]
    out = ["# Rules conformance", "",
           "Generated by `python -m tactica.tools.conformance` from the rule IDs of `docs/rules.md` "
           "(and of the optional modules' pages, `docs/modules/`) and "
           "the test names under `tests/`; `tests/test_conformance.py` fails when this page is stale, "
           "when a rule has no test, or when a test names a rule ID that `docs/rules.md` does not define. "
           "A rule is covered when at least one test is named after it (`test_mov_07_…`, "
           "`test_ter_wall_…`, `test_mod_table_…`, or a `test_case_…` whose comment names it); "
           "skipped tests are listed but cover nothing.", "",
           f"**{len(covered)} of {len(rules)} rules have a test; {len(gaps)} are gaps.**", "",
           "## Gaps (no test yet)", ""]
    out += [f"- **{rid}** — {title}" + (" (only skipped tests)" if found[rid] else "")
            for rid, title in gaps] or ["None."]
    out += ["", "## Every rule", "", "| rule | title | tests |", "|---|---|---|"]
    for rid, title in rules:
        names = found[rid]
        cell = "<br>".join(f"`{n}`" for n in names) if names else "**gap**"
        out.append(f"| {rid} | {title} | {cell} |")
    return "\n".join(out) + "\n"


def problems(tests_dir: Path = TESTS, rules_path: Path = RULES) -> list[str]:
    """Everything that breaks the link between docs/rules.md and the tests, one sentence each:
    rules without a test, tests citing an unknown rule ID, quoted section citations (in
    ``tactica/`` and ``tests/``) that find no heading.  Empty when all is well."""
    rules = rule_ids(rules_path)
    ids = [rid for rid, _ in rules]
    found = tests_by_rule(tests_dir, ids)
    out = [f"{rid} has no test (name one test_{tokens(rid)[0]}_…)" for rid in ids
           if not any(not n.endswith(SKIPPED) for n in found[rid])]
    out += [f"{where} cites a rule ID docs/rules.md does not define" for where in unknown_citations(tests_dir, ids)]
    out += [f"{where}: no such section in docs/rules.md"
            for where in missing_sections([ROOT / "tactica", tests_dir], rules_path)]
    return out


def main(argv: list[str] | None = None) -> int:
    """Write docs/conformance.md, or with ``--check`` exit 1 if it is stale or ``problems`` finds any."""
    args = sys.argv[1:] if argv is None else argv
    if any(a in ("-h", "--help") for a in args):
        print("usage: python -m tactica.tools.conformance [--check]\n\n"
              "Rewrites docs/conformance.md (every rule ID of docs/rules.md and docs/modules/*.md beside\n"
              "the tests named after it). --check: change nothing; exit 1 if the page is stale or a\n"
              "rule has a problem (no test, a test citing an unknown rule).")
        return 0
    unknown = [a for a in args if a != "--check"]
    if unknown:
        print(f"conformance: error: unknown argument {unknown[0]!r}; expected --check or --help", file=sys.stderr)
        return 2
    text = render()
    if "--check" in args:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        found = problems()
        if current != text:
            found.insert(0, f"{PAGE} is stale: run python -m tactica.tools.conformance")
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    PAGE.write_text(text, encoding="utf-8")
    print(PAGE)
    from .rules_text import write  # the rules text the game ships follows docs/ too
    for copy in write():
        print(copy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
