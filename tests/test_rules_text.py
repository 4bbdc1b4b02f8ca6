"""The rules text the game ships (``tactica/data/rules/``) is ``docs/rules.md`` and ``docs/modules/*.md``
as they are, and the reference read from it holds every rule ID of the pages."""
from __future__ import annotations

from tactica.client.rules_reference import load_reference
from tactica.tools.conformance import rule_ids
from tactica.tools.rules_text import stale


def test_the_shipped_rules_text_agrees_with_docs():
    assert stale() == [], "run python -m tactica.tools.rules_text (or python -m tactica.tools.conformance)"


def test_the_reference_holds_every_rule_of_the_pages_with_its_title():
    reference = load_reference()
    for rule_id, title in rule_ids():
        entry = reference.find(rule_id)
        assert entry is not None, rule_id
        assert entry.title.rstrip(".") == title.rstrip("."), rule_id
