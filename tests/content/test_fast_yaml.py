"""The C YAML parser reads content files as the Python parser does (issue 21: a faster start).

``yamlsafe.compose`` parses with libyaml (``FAST_LOADER``) and reads a file again with PyYAML's
Python parser whenever the C parser finds anything wrong, so every node, position and message is
the same as with the Python parser alone.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tactica.content import yamlsafe
from tactica.content.problems import Problem
from tactica.content.shipped import shipped_card_files, shipped_maps, shipped_warbands

FIXTURES = Path(__file__).parent / "fixtures"
FILES = sorted([*shipped_card_files(), *shipped_maps(), *shipped_warbands(), *FIXTURES.rglob("*.yaml")])


def _tree(node) -> object:
    """A node as plain data: its kind, tag, style, start and end (line, column) and value."""
    if node is None:
        return None
    kids = node.value
    if isinstance(node, yamlsafe.MappingNode):
        kids = [(_tree(k), _tree(v)) for k, v in node.value]
    elif isinstance(node, yamlsafe.SequenceNode):
        kids = [_tree(v) for v in node.value]
    return (type(node).__name__, node.tag, getattr(node, "style", None), node.start_mark.line,
            node.start_mark.column, node.end_mark.line, node.end_mark.column, kids)


def _compose(text: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[object, list[Problem]]:
    monkeypatch.setattr(yamlsafe, "FAST_LOADER", yamlsafe.FAST_LOADER if fast else None)
    problems: list[Problem] = []
    return _tree(yamlsafe.compose(text, "f.yaml", problems)), problems


@pytest.mark.skipif(yamlsafe.FAST_LOADER is None, reason="PyYAML was built without libyaml")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_c_parser_gives_the_same_nodes_and_problems_as_the_python_parser(path, monkeypatch):
    text = path.read_bytes().decode("utf-8", "replace")
    assert _compose(text, True, monkeypatch) == _compose(text, False, monkeypatch)


@pytest.mark.skipif(yamlsafe.FAST_LOADER is None, reason="PyYAML was built without libyaml")
def test_a_syntax_error_is_reported_in_the_python_parsers_words_and_place(monkeypatch):
    text = "cards:\n  - id: a\n    name: [unclosed\n  - id: b\n"
    tree, problems = _compose(text, True, monkeypatch)
    assert tree is None
    assert problems == _compose(text, False, monkeypatch)[1]
    assert len(problems) == 1 and problems[0].message.startswith("invalid YAML")


@pytest.mark.skipif(yamlsafe.FAST_LOADER is None, reason="PyYAML was built without libyaml")
def test_the_c_parser_reads_a_good_file(monkeypatch):
    """A good file is read by the C parser alone: the Python parser is never asked."""
    import yaml
    asked: list[object] = []
    parse = yaml.parse
    monkeypatch.setattr(yaml, "parse", lambda text, Loader: asked.append(Loader) or parse(text, Loader=Loader))
    problems: list[Problem] = []
    assert yamlsafe.compose(shipped_maps()[0].read_text(encoding="utf-8"), "m.yaml", problems) is not None
    assert asked == [yamlsafe.FAST_LOADER] and problems == []
