"""Every rules case of ``../shared/cases`` has its test in ``test_cases.py``, under the case's id,
with a comment above it naming every rule the case exercises (the conformance page reads it)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ..shared_dir import shared_path

CASE_TESTS = Path(__file__).with_name("test_cases.py")


def test_case_files_each_have_a_test_naming_their_rules():
    cases = sorted(shared_path("cases").glob("*.yaml"))
    assert cases, "../shared/cases holds no case"
    text = CASE_TESTS.read_text(encoding="utf-8")
    for path in cases:
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        cid = case["id"]
        assert path.stem == cid, path.name
        stem = "test_case_" + cid.replace("-", "_")
        assert re.search(rf"^def {stem}(_\w+)?\(", text, re.M), f"no test for case {cid} ({stem}…)"
        comments = " ".join(re.findall(rf"^# {re.escape(cid)}\b.*$", text, re.M))
        named = set(re.findall(r"[A-Z][A-Z0-9]*-[A-Z0-9]+", comments))
        assert set(case["rules"]) <= named, f"case {cid}: the comment above its test omits {set(case['rules']) - named}"


def test_shared_path_skips_with_the_reason_when_a_text_is_absent():
    with pytest.raises(pytest.skip.Exception, match="not beside this checkout"):
        shared_path("no-such-directory", "nothing.md")
