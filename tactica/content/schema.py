"""Checked access to YAML nodes: every wrong value becomes a positioned Problem.

A ``Doc`` is one file being read: its path as shown to the user, its source
lines (for positions inside literal blocks) and the problems found so far.
The getters return the converted value, or the default when the key is
absent, or None after recording a problem; callers carry on so that one
pass reports every problem in the file.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from yaml.constructor import SafeConstructor

from .fields import PLAIN_KINDS, FieldSpec, Table
from .limits import MAX_NAME, MAX_TEXT, clean_text
from .problems import Problem
from .yamlsafe import BOOL_TAG, INT_TAG, NULL_TAG, MappingNode, Node, ScalarNode, SequenceNode

#: Problems kept per file before the rest are summarised in one line.
MAX_PROBLEMS = 60
_MISSING: Any = object()
_constructor = SafeConstructor()


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for the closest of ``choices``, or ``""``."""
    options = list(choices)
    lowered = {c.lower(): c for c in options}
    if word.lower() in lowered:
        return f"; did you mean '{lowered[word.lower()]}'?"
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def unknown(what: str, value: str) -> str:
    """"unknown attack type 'mele' in attack 1 of card 'x'": the value right after what it is.

    ``what`` is a field label such as "attack type in attack 1 of card 'x'"
    or "the cover of terrain type 1"; a leading "the", "a" or "an" is dropped ("unknown entry 'x' of
    …", never "unknown an entry").
    """
    text = what
    for article in ("the ", "an ", "a "):
        text = text.removeprefix(article)
    cut = min((text.find(sep), sep) for sep in (" in ", " of ") if sep in text) if (
        " in " in text or " of " in text) else None
    if cut is None:
        return f"unknown {text} '{value}'"
    at, sep = cut
    return f"unknown {text[:at]} '{value}'{sep}{text[at + len(sep):]}"


def describe(node: Node) -> str:
    """A short description of what ``node`` holds, for "got …" messages."""
    if isinstance(node, SequenceNode):
        return "a list"
    if isinstance(node, MappingNode):
        return "a mapping"
    if node.tag == NULL_TAG:
        return "nothing"
    if node.tag == BOOL_TAG:
        return f"true/false ({node.value})"
    if node.tag == INT_TAG or node.tag.endswith(":float"):
        return f"the number {node.value}"
    return f"text '{node.value}'" if len(node.value) <= 40 else "text"


@dataclass
class Doc:
    """One content file being checked.

    Attributes:
        path: the path as shown in problems.
        lines: the file's source lines (no line ends).
        problems: problems found so far (at most MAX_PROBLEMS).
        hidden: errors found after the first MAX_PROBLEMS problems, not kept.
    """

    path: str
    lines: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    hidden: int = 0

    def error(self, where: Node | tuple[int, int], message: str, severity: str = "error") -> None:
        """Record a problem at a node's start or at a 0-based (line, col).

        ``severity`` is "error" (the file cannot be used) or "warning" (it
        can, but probably not as meant; ``ok`` stays true).
        """
        if len(self.problems) >= MAX_PROBLEMS:
            if severity == "error":
                self.hidden += 1
            return
        if isinstance(where, Node):
            line, col = where.start_mark.line, where.start_mark.column
        else:
            line, col = where
        self.problems.append(Problem(self.path, line + 1, col + 1, message, severity))

    def warn(self, where: Node | tuple[int, int], message: str) -> None:
        """Record a warning (a usable file that is probably not as meant)."""
        self.error(where, message, "warning")

    def sorted_problems(self) -> list[Problem]:
        """The problems in file order (whole-file problems first); equal positions keep their order.

        After more than MAX_PROBLEMS, a last line (``Problem.more``) says how
        many further errors were found.
        """
        found = sorted(self.problems, key=lambda p: (p.more > 0, p.line, p.col))
        if self.hidden:
            found.append(Problem(self.path, 0, 0, f"{self.hidden} more error{'s' if self.hidden != 1 else ''} "
                                                  f"not shown (at most {MAX_PROBLEMS} problems are listed "
                                                  "per file)", more=self.hidden))
        return found

    def errors(self) -> list[Problem]:
        """The errors (not the warnings) in file order."""
        return [p for p in self.sorted_problems() if p.severity == "error"]

    @property
    def ok(self) -> bool:
        """True while no error has been recorded (warnings do not count)."""
        return not self.hidden and all(p.severity != "error" for p in self.problems)

    # -- structure ------------------------------------------------------------
    def mapping(self, node: Node, what: str, required: Iterable[str], optional: Iterable[str] = (),
                refused: dict[str, str] | None = None) -> dict[str, tuple[Node, Node]] | None:
        """Check that ``node`` is a mapping with known, unrepeated keys.

        Args:
            node: the node to check.
            what: how messages name it, e.g. "card 'dwarf-shieldwarden'".
            required: keys that must be present.
            optional: keys that may be present.
            refused: keys that are recognised but not allowed, with the reason.
        Returns {key: (key node, value node)} for the known keys present
        (absent required keys are reported and left out), or None if
        ``node`` is not a mapping.
        """
        if not isinstance(node, MappingNode):
            self.error(node, f"expected a mapping (key: value lines) for {what}; got {describe(node)}")
            return None
        required, optional = list(required), list(optional)
        known = required + optional
        out: dict[str, tuple[Node, Node]] = {}
        suggested: set[str] = set()
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.error(key_node, f"expected a plain key in {what}; got {describe(key_node)}")
                continue
            key = key_node.value
            if key in out:
                first = out[key][0].start_mark.line + 1
                self.error(key_node, f"duplicate key '{key}' in {what} (first given on line {first})")
            elif refused and key in refused:
                self.error(key_node, refused[key])
            elif key not in known:
                hint = did_you_mean(key, known)
                if hint:
                    suggested.add(hint.split("'")[1])
                hint = hint or f"; expected one of: {', '.join(known)}"
                self.error(key_node, f"unknown key '{key}' in {what}{hint}")
            else:
                out[key] = (key_node, value_node)
        for key in required:
            if key not in out and key not in suggested:  # a misspelling was already reported
                self.error(node, f"missing required key '{key}' in {what}")
        return out

    def sequence(self, node: Node, what: str, *, allow_empty: bool = False) -> list[Node] | None:
        """Check that ``node`` is a list; return its items, or None after a problem."""
        if not isinstance(node, SequenceNode):
            self.error(node, f"expected a list for {what}; got {describe(node)}")
            return None
        if not node.value and not allow_empty:
            self.error(node, f"empty list for {what}; expected at least one entry")
            return None
        return list(node.value)

    # -- scalars ----------------------------------------------------------------
    def text(self, node: Node, what: str, *, name: bool = False) -> str | None:
        """Any non-empty scalar as text (``name: 1984`` is the text "1984"), without control and
        bidirectional-override characters (``limits.clean_text``; line breaks kept but in a name).

        With ``name`` (a name shown on screen) a text over ``limits.MAX_NAME``
        characters is a problem; any text over ``limits.MAX_TEXT`` is one.
        """
        if not isinstance(node, ScalarNode) or node.tag == NULL_TAG:
            self.error(node, f"expected text for {what}; got {describe(node)}")
            return None
        value = clean_text(node.value, lines=not name)
        limit = MAX_NAME if name else MAX_TEXT
        if len(value) > limit:
            self.error(node, f"{what} is {len(value)} characters long; at most {limit}")
            return None
        return value

    def integer(self, node: Node, what: str, lo: int | None = None, hi: int | None = None) -> int | None:
        """A whole number in [lo, hi]."""
        if not isinstance(node, ScalarNode) or node.tag != INT_TAG:
            self.error(node, f"expected a whole number for {what}; got {describe(node)}")
            return None
        value = _constructor.construct_yaml_int(node)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            span = f"from {lo} to {hi}" if lo is not None and hi is not None else (
                f"at least {lo}" if lo is not None else f"at most {hi}")
            self.error(node, f"{what} must be {span}; got {value}")
            return None
        return value

    def boolean(self, node: Node, what: str) -> bool | None:
        """true or false."""
        if not isinstance(node, ScalarNode) or node.tag != BOOL_TAG:
            self.error(node, f"expected true or false for {what}; got {describe(node)}")
            return None
        return _constructor.construct_yaml_bool(node)

    def choice(self, node: Node, what: str, choices: Iterable[str]) -> str | None:
        """One of ``choices`` exactly (with a did-you-mean hint otherwise)."""
        options = list(choices)
        value = self.text(node, what)
        if value is None:
            return None
        if value not in options:
            hint = did_you_mean(value, options) or f"; expected one of: {', '.join(options)}"
            self.error(node, f"{unknown(what, value)}{hint}")
            return None
        return value

    def text_list(self, node: Node, what: str, *, single_ok: bool = True,
                  allow_empty: bool = True) -> list[tuple[str, Node]] | None:
        """A list of texts (or, with ``single_ok``, one text) as (text, node) pairs."""
        if single_ok and isinstance(node, ScalarNode) and node.tag != NULL_TAG:
            return [(node.value, node)]
        items = self.sequence(node, what, allow_empty=allow_empty)
        if items is None:
            return None
        out = []
        for item in items:
            value = self.text(item, f"an entry of {what}")
            if value is not None:
                out.append((value, item))
        return out

    # -- typed access to a checked mapping -------------------------------------
    def get(self, fields: dict[str, tuple[Node, Node]], key: str, kind: str, what: str,
            default: Any = _MISSING, **kw: Any) -> Any:
        """Convert ``fields[key]`` with the getter named ``kind`` ("integer", "text", …).

        Returns ``default`` when the key is absent (None if no default was
        given; the missing key was already reported by ``mapping``).
        """
        if key not in fields:
            return None if default is _MISSING else default
        return getattr(self, kind)(fields[key][1], what, **kw)

    # -- reading through the field tables (tactica.content.fields) --------------
    def fields(self, node: Node, table: Table, what: str) -> dict[str, tuple[Node, Node]] | None:
        """``mapping`` with the required, optional and refused keys of ``table``."""
        return self.mapping(node, what, table.required, table.optional, table.refused)

    def field(self, fields: dict[str, tuple[Node, Node]], spec: FieldSpec, of: str = "") -> Any:
        """Read a plain field (text, integer, boolean, choice) as ``spec`` declares it.

        Args:
            fields: a mapping checked by ``fields``/``mapping``.
            spec: the field; its label (with ``of`` filled in) names it in messages.
            of: the owner, e.g. "card 'x'".
        Returns the value, ``spec.default`` when absent, or None after a problem.
        Raises ValueError for a field kind that is not plain (a loader bug).
        """
        if spec.kind not in PLAIN_KINDS:
            raise ValueError(f"field {spec.name!r} of kind {spec.kind!r} is read by its loader")
        kw: dict[str, Any] = {}
        if spec.kind == "integer":
            kw = {"lo": spec.lo, "hi": spec.hi}
        elif spec.kind == "choice":
            kw = {"choices": spec.choices}
        elif spec.kind == "text" and spec.name == "name":
            kw = {"name": True}
        default = _MISSING if spec.required else spec.default
        return self.get(fields, spec.name, spec.kind, spec.what(of), default=default, **kw)

    def entries(self, fields: dict[str, tuple[Node, Node]], spec: FieldSpec, of: str = "") -> list[Node] | None:
        """The items of the list field ``spec`` (``[]`` when the key is absent), or None after a problem.

        An empty list is refused only for a field that needs entries: a
        required one, or one whose default is not the empty list (``abilities:
        []`` says what leaving the key out says, so it is accepted).
        """
        if spec.name not in fields:
            return []
        return self.sequence(fields[spec.name][1], spec.what(of), allow_empty=spec.empty_ok)

    def plain_fields(self, fields: dict[str, tuple[Node, Node]], table: Table, of: str = "",
                     skip: Iterable[str] = ()) -> dict[str, Any]:
        """Every plain field of ``table`` (except ``skip``) as {engine attribute: value}."""
        skipped = set(skip)
        return {spec.key: self.field(fields, spec, of) for spec in table.fields
                if spec.kind in PLAIN_KINDS and spec.name not in skipped}
