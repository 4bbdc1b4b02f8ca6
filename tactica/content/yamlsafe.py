"""Reading YAML safely into position-carrying nodes.

Only the safe YAML schema is used, and only as far as ``yaml.compose``: no
Python object is ever constructed from a tag.  Before composing, the event
stream is scanned to refuse over-deep nesting and non-standard tags; after
composing, the document's size with aliases expanded is measured to refuse
alias bombs.  Every refusal is a ``Problem`` with a line and column.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from .limits import MAX_CONTENT_BYTES, MAX_CONTENT_VALUES, MAX_DEPTH, FileRefused, read_regular
from .problems import Problem

#: Largest file read, in bytes (``limits.MAX_CONTENT_BYTES``, shared with every reader).
MAX_BYTES = MAX_CONTENT_BYTES
#: Most aliases (``*name``) in one file.
MAX_ALIASES = 200
#: Most nodes in a document once aliases are expanded.
MAX_NODES = 100_000
#: Most YAML events (scalars, starts and ends of lists and mappings) in one file
#: (``limits.MAX_CONTENT_VALUES``: a card file of 200 cards passes).
MAX_EVENTS = MAX_CONTENT_VALUES

_STD = "tag:yaml.org,2002:"
#: Tags a content file may carry (explicitly or implicitly).
ALLOWED_TAGS = frozenset(_STD + t for t in ("str", "int", "float", "bool", "null", "map", "seq"))
INT_TAG, FLOAT_TAG, BOOL_TAG, NULL_TAG, STR_TAG = (_STD + t for t in ("int", "float", "bool", "null", "str"))


def _at(shown: str, event: yaml.Event, message: str) -> Problem:
    """A problem at ``event``'s start (1-based line and column)."""
    m = event.start_mark
    assert m is not None  # a composed event always has its place
    return Problem(shown, m.line + 1, m.column + 1, message)


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_STD):] if tag.startswith(_STD) else tag


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _expanded_problem(root: Node) -> tuple[Node, str] | None:
    """Measure ``root`` with aliases expanded (iteratively, memoised).

    Returns (node, message) for a recursive alias or a document larger than
    MAX_NODES, else None.
    """
    size: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, closing = stack.pop()
        key = id(node)
        if closing:
            open_.discard(key)
            size[key] = 1 + sum(size[id(c)] for c in _children(node))
            if size[key] > MAX_NODES:
                return node, (f"document too large: more than {MAX_NODES} values once aliases are "
                              "expanded (an alias bomb?); refused")
            continue
        if key in size:
            continue
        open_.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in open_:
                return child, "recursive alias: a value contains itself; refused"
            if id(child) not in size:
                stack.append((child, False))
    return None


#: Plainer words for PyYAML's commonest complaints (matched at the start).
_PLAIN = (
    ("expected <block end>", "bad indentation: this line does not line up with the lines above"),
    ("mapping values are not allowed here", "unexpected ':' (quote a value that contains ': ', "
                                            "or check the indentation)"),
    ("could not find expected ':'", "expected 'key: value' here"),
    ("found character '\\t'", "tab character: indent with spaces"),
    ("expected alphabetic or numeric character", "a key or value that starts with '*' or '&' must be "
                                                 "quoted (e.g. \"*\": smoke)"),
)


class _EventComposer(Composer, Resolver):
    """PyYAML's safe composer run over events already parsed (and checked)."""

    def __init__(self, events: list[yaml.Event]):
        Composer.__init__(self)
        Resolver.__init__(self)
        self._events = events
        self._next = 0

    def check_event(self, *choices: type) -> bool:
        if self._next >= len(self._events):
            return False
        return not choices or isinstance(self._events[self._next], choices)

    def peek_event(self) -> yaml.Event:
        return self._events[self._next]

    def get_event(self) -> yaml.Event:
        self._next += 1
        return self._events[self._next - 1]


def _yaml_problem(path: str, err: yaml.YAMLError) -> Problem:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    context = getattr(err, "context", None)
    detail = f"{problem} ({context})" if context else problem
    for start, plain in _PLAIN:
        if problem.startswith(start):
            detail = f"{plain} [{detail}]"
            break
    text = f"invalid YAML: {detail}"
    if mark is None:
        return Problem(path, 1, 1, text)
    return Problem(path, mark.line + 1, mark.column + 1, text)


def read_text(path: Path, shown: str, problems: list[Problem]) -> str | None:
    """Read ``path`` as UTF-8 text, refusing files over MAX_BYTES and anything but a regular file
    (a folder, FIFO, device or socket: ``limits.read_regular``).

    Appends a Problem (at ``shown``, the path as the user named it) and
    returns None when the file cannot be read.
    """
    try:  # a regular file only (a FIFO or a device is refused before reading), at most MAX_BYTES
        data = read_regular(path, MAX_BYTES)
    except FileRefused as err:
        at = 1 if err.too_large else 0  # a file too large is refused at its start; a FIFO as a whole
        problems.append(Problem(shown, at, at, str(err)))
        return None
    except OSError as err:
        problems.append(Problem(shown, 0, 0, f"cannot read file: {err.strerror or err}"))
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[:err.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        problems.append(Problem(shown, line, col, "file is not UTF-8 text"))
        return None


#: The C parser (libyaml) when PyYAML was built with it, else None (then the Python parser reads every file).
FAST_LOADER: type | None = getattr(yaml, "CSafeLoader", None)


def _events(text: str, shown: str, problems: list[Problem], loader: type) -> list[yaml.Event] | None:
    """The YAML events of ``text`` read with ``loader``'s parser, checked as they come (see ``compose``).

    Returns the events, or None after appending a Problem for a refused
    file.  Raises yaml.YAMLError for a syntax error (the caller says where).
    """
    depth = aliases = 0
    events: list[yaml.Event] = []
    found = len(problems)
    fast = loader is not yaml.SafeLoader
    for event in yaml.parse(text, Loader=loader):
        if fast and isinstance(event, yaml.ScalarEvent) and event.style == "":
            event.style = None  # libyaml's plain scalar, as PyYAML's parser gives it
        events.append(event)
        if len(events) > MAX_EVENTS:
            problems.append(_at(shown, event, f"too many values: more than {MAX_EVENTS}; refused"))
            return None
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and tag not in ALLOWED_TAGS:
            problems.append(_at(shown, event, f"tag {_show_tag(tag)} is not allowed; content files hold "
                                "only plain text, numbers, true/false, lists and mappings"))
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                problems.append(_at(shown, event, f"nested too deeply: more than {MAX_DEPTH} levels; refused"))
                return None
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                problems.append(_at(shown, event, f"too many aliases: more than {MAX_ALIASES}; refused"))
                return None
    return None if len(problems) > found else events


def compose(text: str, shown: str, problems: list[Problem]) -> Node | None:
    """Compose ``text`` into one YAML node tree, or None after a problem.

    Refuses (with a Problem at the offending position): syntax errors,
    several documents, more than MAX_EVENTS values, nesting deeper than
    MAX_DEPTH, more than MAX_ALIASES
    aliases, tags other than the plain ones (``!!python/...``, ``!custom``),
    recursive aliases and documents over MAX_NODES once aliases are
    expanded.  An empty document gives None with a Problem at 1:1.

    A file is read with the C parser (``FAST_LOADER``: its events carry the
    same line and column); whenever that parser finds anything wrong, the file
    is read again with PyYAML's Python parser, whose problems, words and
    positions are the ones reported (issue 21: a faster start, the same
    messages).
    """
    loaders = [FAST_LOADER, yaml.SafeLoader] if FAST_LOADER is not None else [yaml.SafeLoader]
    found = len(problems)
    for loader in loaders:
        try:
            events = _events(text, shown, problems, loader)
            root = None if events is None else _EventComposer(events).get_single_node()
        except yaml.YAMLError as err:
            if loader is not yaml.SafeLoader:
                del problems[found:]
                continue
            problems.append(_yaml_problem(shown, err))
            return None
        if events is None and loader is not yaml.SafeLoader:  # refused: say it as the Python parser does
            del problems[found:]
            continue
        break
    if events is None:
        return None
    if root is None:
        problems.append(Problem(shown, 1, 1, "file is empty; expected a mapping of keys"))
        return None
    bad = _expanded_problem(root)
    if bad is not None:
        node, message = bad
        problems.append(Problem(shown, node.start_mark.line + 1, node.start_mark.column + 1, message))
        return None
    return root


__all__ = ["ALLOWED_TAGS", "BOOL_TAG", "FLOAT_TAG", "INT_TAG", "MAX_ALIASES", "MAX_BYTES", "MAX_DEPTH",
           "MAX_EVENTS", "MAX_NODES", "MappingNode", "NULL_TAG", "Node", "STR_TAG", "ScalarNode", "SequenceNode",
           "compose", "read_text"]
