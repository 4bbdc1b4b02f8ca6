"""docs/rules.md and the tests stay linked: docs/conformance.md is current, every rule has a test,
no test names a rule docs/rules.md does not define, and the section citations find their section.
Also: the rule list matches the shared rules digest (when ``../shared`` is beside the checkout),
and the name matching works."""
from __future__ import annotations

import re

import pytest

from tactica.tools import conformance as conf

from .shared_dir import shared_path


def test_shipped_conformance_page_is_current():
    assert conf.PAGE.read_text(encoding="utf-8") == conf.render(), (
        "docs/conformance.md is stale: run python -m tactica.tools.conformance")


def test_every_rule_of_docs_rules_md_has_a_test():
    ids = [rid for rid, _ in conf.rule_ids()]
    found = conf.tests_by_rule(conf.TESTS, ids)
    gaps = [rid for rid in ids if not any(not n.endswith(conf.SKIPPED) for n in found[rid])]
    assert gaps == [], f"rules of docs/rules.md without a test: {gaps}"


def test_no_test_cites_a_rule_id_that_docs_rules_md_does_not_define():
    assert conf.unknown_citations(conf.TESTS, [rid for rid, _ in conf.rule_ids()]) == []


def test_every_quoted_citation_of_docs_rules_md_finds_its_section():
    assert conf.missing_sections([conf.ROOT / "tactica", conf.TESTS]) == []


def test_the_sections_the_code_cites_by_name_are_headings_of_docs_rules_md():
    heads = " | ".join(conf.headings()).lower()
    for section in ("reading note", '"active" is not "activated"', "warband limits", "epic", "unique",
                    "forced movement and placement", "areas", "charge", "saving throws", "april 2008",
                    "ongoing damage", "durations", "abl glossary", "aura x", "multi-activation x",
                    "regeneration x", "recharge", "squeeze", "healing", "end of round", "multiplayer",
                    "sealed", "optional modules"):
        assert section in heads, section


def test_rule_list_is_well_formed_and_unique():
    rules = conf.rule_ids()
    ids = [rid for rid, _ in rules]
    assert len(ids) == len(set(ids)) and len(ids) > 100
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]{1,4}(-(\d+|[A-Z][A-Z0-9]*))?", rid) for rid in ids)
    assert all(title and not title.endswith(".") for _, title in rules)
    assert {"MOV-7", "TER-WALL", "MOD", "SAV-1", "RNG-4"} <= set(ids)


def test_rule_list_matches_the_shared_digest():
    digest = shared_path("rules", "skirmish.md").read_text(encoding="utf-8")
    found = re.findall(r"\*\*([A-Z]+(?:-[A-Z0-9]+)+)", digest)
    core = [rid for rid, _ in conf.page_rules(conf.RULES, headed=False)
            if rid != "MOD" and not rid.startswith("CL-")]
    assert core == found


def test_card_language_rules_are_cl_1_to_cl_18_in_order():
    """Chapter 14 of docs/rules.md (the card language: issue 18, rules 1 to 18) is tactica's own."""
    cl = [rid for rid, _ in conf.page_rules(conf.RULES, headed=False) if rid.startswith("CL-")]
    assert cl == sorted(cl, key=lambda rid: int(rid[3:]))
    assert set(cl) <= {f"CL-{n}" for n in range(1, 19)}


def test_module_rules_are_the_shared_variants_rules():
    variants = shared_path("rules", "variants.md").read_text(encoding="utf-8")
    known = set(re.findall(r"\*\*([A-Z0-9]+-[A-Z0-9]+)\*\*", variants))
    core = conf.page_rules(conf.RULES, headed=False)
    modules = [rid for rid, _ in conf.rule_ids()[len(core):]]
    assert set(modules) <= known, set(modules) - known


def test_tests_are_matched_by_name_case_comment_and_skips_do_not_count(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "def test_mov_07_walls():\n    pass\n\n"
        "def test_mov_7_short_form():\n    pass\n\n"
        "def test_mov_70_is_not_mov_7():\n    pass\n\n"
        "def test_ter_wall_blocks():\n    pass\n\n"
        "def test_mod_table_rows():\n    pass\n\n"
        "def test_MOV_7_upper_case():\n    pass\n\n"
        "# some-case (SAV-1, CON-6)\n"
        "def test_case_some_case():\n    pass\n\n"
        "# other-case (TER-PIT)\n"
        "@pytest.mark.skip(reason='needs pits')\n"
        "def test_case_other():\n    pass\n")
    rules = tmp_path / "rules.md"
    rules.write_text("# Rules\n\n**MOV-7** *Moves.* Text.\n\n**TER-WALL** *Walls.* Text.\n\n"
                     "**MOD** *Table.* Text.\n\n**SAV-1** *Saves.* Text.\n\n**CON-6** *Confused.* Text.\n\n"
                     "**TER-PIT** *Pits.* Text.\n\n**SCN-MULTI** *Many.* Text **not** a rule.\n\n"
                     "**Staggered** under the revision: not a rule either.\n")
    assert conf.rule_ids(rules) == [("MOV-7", "Moves"), ("TER-WALL", "Walls"), ("MOD", "Table"),
                                    ("SAV-1", "Saves"), ("CON-6", "Confused"), ("TER-PIT", "Pits"),
                                    ("SCN-MULTI", "Many")]
    found = conf.tests_by_rule(tests, [rid for rid, _ in conf.rule_ids(rules)])
    assert found["MOV-7"] == ["tests/test_x.py::test_mov_07_walls", "tests/test_x.py::test_mov_7_short_form",
                              "tests/test_x.py::test_MOV_7_upper_case"]
    assert found["TER-WALL"] == ["tests/test_x.py::test_ter_wall_blocks"]
    assert found["MOD"] == ["tests/test_x.py::test_mod_table_rows"]
    assert found["SAV-1"] == found["CON-6"] == ["tests/test_x.py::test_case_some_case"]
    assert found["TER-PIT"] == ["tests/test_x.py::test_case_other (skipped)"]
    page = conf.render(tests, rules)
    assert "**5 of 7 rules have a test; 2 are gaps.**" in page
    assert "- **TER-PIT** — Pits (only skipped tests)" in page and "- **SCN-MULTI** — Many" in page
    problems = conf.problems(tests, rules)
    assert "TER-PIT has no test (name one test_ter_pit_…)" in problems
    assert "SCN-MULTI has no test (name one test_scn_multi_…)" in problems
    assert "tests/test_x.py::test_mov_70_is_not_mov_7 cites a rule ID docs/rules.md does not define" in problems


def test_unknown_rule_ids_in_a_tests_text_are_found(tmp_path):
    mov_70, ter_lava = "MOV-" + "70", "TER-" + "LAVA"   # spelled apart: this file cites no unknown rule
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_y.py").write_text(f'"""MOV-7 and {mov_70}; TER-WALL and {ter_lava}; UTF-8 is no rule."""\n'
                                     "def test_mov_7_ok():\n    pass\n")
    assert conf.unknown_citations(tests, ["MOV-7", "TER-WALL"]) == [f"tests/test_y.py:1: {mov_70}",
                                                                    f"tests/test_y.py:1: {ter_lava}"]


def test_a_quoted_section_citation_must_find_its_section(tmp_path):
    rules = tmp_path / "rules.md"
    rules.write_text("# Rules\n\n## Durations (EFF-2)\n\nThe words in line of sight.\n")
    code = tmp_path / "code"
    code.mkdir()
    (code / "a.py").write_text('# docs/rules.md "Durations"; docs/rules.md "in line of sight"\n'
                               '# docs/rules.md ABL "Aura X"\n')
    conf_root, conf.ROOT = conf.ROOT, tmp_path
    try:
        assert conf.missing_sections([code], rules) == ["code/a.py:2: Aura X"]
    finally:
        conf.ROOT = conf_root


def test_a_rule_without_its_title_is_an_error_not_left_out(tmp_path):
    rules = tmp_path / "rules.md"
    rules.write_text("**MOV-7** *Moves.* Text.\n\n**G35-DIAG** Diagonals cost 1, 2, 1, 2.\n")
    with pytest.raises(ValueError, match="G35-DIAG"):
        conf.rule_ids(rules)


def test_module_pages_add_their_rules_after_the_core_by_heading_or_paragraph(tmp_path):
    rules = tmp_path / "rules.md"
    rules.write_text("**MOV-1** *Moves.* Text.\n")
    (tmp_path / "modules").mkdir()
    (tmp_path / "modules" / "grid35.md").write_text(
        "# grid35\n\nMentions Q35-CORNER in passing.\n\n## Q35-DIAG — the diagonal count\n\nText.\n\n"
        "**Q35-MIN** *One square however hampered.* Text.\n")
    (tmp_path / "modules" / "qgrid.md").write_text("## Q5E-SPLIT — a move split round the attack\n")
    assert conf.rule_ids(rules) == [("MOV-1", "Moves"), ("Q35-DIAG", "the diagonal count"),
                                    ("Q35-MIN", "One square however hampered"),
                                    ("Q5E-SPLIT", "a move split round the attack")]
