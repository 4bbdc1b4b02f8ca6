"""The ``when:`` mapping of the card language: typed conditions read from a content file (CL-1).

Written by hand::

    when: {other: {alignment: Evil}}                  # against Evil creatures
    when: {other: {bloodied: true}, attack: melee}    # melee attacks on a bloodied enemy
    when: {self: {adjacent_ally: true, ally_keyword: Dwarf}}
    when: {attack: [ranged, area]}                    # against ranged and area attacks

Every key is described in ``fields.WHEN`` and ``fields.ABOUT`` (and so in
docs/authoring.md's field reference); a problem is recorded at the key's
``line:col`` with what was expected.
"""
from __future__ import annotations

from tactica.engine import SIZE_CATEGORIES, About, When

from .fields import ABOUT, WHEN
from .schema import Doc
from .yamlsafe import Node

_ABOUT_LISTS = {"keyword": "keywords", "alignment": "alignments", "condition": "conditions",
                "faction": "factions"}
_ABOUT_FLAGS = ("bloodied", "charging", "flanking", "in_vp_zone", "unseen", "adjacent_ally")


def _choices(doc: Doc, node: Node, what: str, choices: tuple[str, ...]) -> tuple[str, ...] | None:
    """One choice or a list of them, each once; None after recording a problem."""
    items = doc.text_list(node, what, allow_empty=False)
    if items is None:
        return None
    out: list[str] = []
    ok = True
    for _value, item in items:
        picked = doc.choice(item, f"an entry of {what}", choices)
        if picked is None:
            ok = False
        elif picked in out:
            doc.error(item, f"'{picked}' is listed twice in {what}")
            ok = False
        else:
            out.append(picked)
    return tuple(out) if ok else None


def parse_about(doc: Doc, node: Node, what: str) -> About | None:
    """A creature test (``fields.ABOUT``), or None after recording problems.

    ``ally_keyword`` needs ``adjacent_ally: true``; ``smallest`` may not be larger than ``largest``.
    """
    f = doc.fields(node, ABOUT, what)
    if f is None:
        return None
    before = len(doc.problems)
    values: dict[str, object] = {}
    if "keyword" in f:
        words = doc.text_list(f["keyword"][1], ABOUT["keyword"].what(what), allow_empty=False)
        if words is not None:
            values["keywords"] = tuple(w for w, _ in words)
    for key in ("alignment", "condition", "faction"):
        if key in f:
            picked = _choices(doc, f[key][1], ABOUT[key].what(what), ABOUT[key].choices)
            if picked is not None:
                values[_ABOUT_LISTS[key]] = picked
    for key in ("smallest", "largest", "ally_keyword", *_ABOUT_FLAGS):
        if key in f:
            value = doc.field(f, ABOUT[key], what)
            if value is not None:
                values[key] = value
    if "ally_keyword" in f and values.get("adjacent_ally") is not True:
        doc.error(f["ally_keyword"][0], f"'ally_keyword' needs 'adjacent_ally: true' in {what}")
    small, large = values.get("smallest"), values.get("largest")
    if isinstance(small, str) and isinstance(large, str) and \
            SIZE_CATEGORIES.index(small) > SIZE_CATEGORIES.index(large):
        doc.error(f["smallest"][1], f"'smallest' ({small}) is larger than 'largest' ({large}) in {what}; "
                                    "no creature could pass")
    if len(doc.problems) > before:
        return None
    return About(**values)  # type: ignore[arg-type]  # keys and types checked above


def parse_when(doc: Doc, node: Node, what: str) -> When | None:
    """A ``when:`` mapping (``fields.WHEN``), or None after recording problems.

    An empty mapping is refused (leave ``when`` out for "always").
    """
    before = len(doc.problems)
    f = doc.fields(node, WHEN, what)
    if f is None:
        return None
    if not f and len(doc.problems) == before:
        doc.error(node, f"an empty 'when' in {what}; leave 'when' out for an entry that always applies")
        return None
    values: dict[str, object] = {}
    for key, attr in (("self", "me"), ("other", "other")):
        if key in f:
            about = parse_about(doc, f[key][1], WHEN[key].what(what))
            if about is not None:
                values[attr] = about
    for key in ("attack", "damage"):
        if key in f:
            picked = _choices(doc, f[key][1], WHEN[key].what(what), WHEN[key].choices)
            if picked is not None:
                values[key] = picked
    if "turn" in f:
        turn = doc.field(f, WHEN["turn"], what)
        if turn is not None:
            values["turn"] = turn
    if len(doc.problems) > before:
        return None
    return When(**values)  # type: ignore[arg-type]  # keys and types checked above


__all__ = ["parse_about", "parse_when"]
