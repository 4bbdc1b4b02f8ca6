"""Warband files: a faction, a point limit and a list of card ids (WB-1..7).

A warband, as written by hand::

    name: Iron Vanguard
    faction: Civilization
    points: 200                  # optional, default 200
    creatures:
      - silverhelm-knight-captain
      - {card: gatehouse-crossbowman, count: 3}

The warband is checked with ``tactica.engine.check_warband``; each problem
points at the entry of the offending creature.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tactica.engine import CreatureCard, Ruleset, WarbandDef, check_warband

from .cards import card_ids
from .fields import ENTRY, WARBAND
from .schema import Doc, did_you_mean
from .shipped import SUFFIXES, shipped_card_files
from .yamlsafe import MappingNode, Node, compose, read_text

#: Card files looked through, at most, for a card a warband names but no loaded file defines.
NEARBY_LIMIT = 40


class _Nearby:
    """Card ids of the YAML files near a warband file: its folder, and a ``cards`` folder beside
    it or beside its folder.  Read (safely, ids only) the first time a card is missing."""

    def __init__(self, warband_path: str):
        self.path = Path(warband_path)
        self.found: dict[str, str] | None = None

    def where(self, cid: str) -> str | None:
        """The nearby file (as a path to type) that lists card ``cid``, or None."""
        if self.found is None:
            self.found = {}
            if self.path.is_file():
                self._read(self.found)
        return self.found.get(cid)

    def _read(self, found: dict[str, str]) -> None:
        """Fill ``found`` with card id -> the nearby file listing it (shipped files left out)."""
        base = self.path.parent
        shipped = {p.resolve() for p in shipped_card_files()}
        files = []
        for folder in dict.fromkeys((base, base / "cards", base.parent / "cards")):
            if folder.is_dir():
                files += sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES)
        for path in files[:NEARBY_LIMIT]:
            if not path.is_file() or path.resolve() in shipped or path.resolve() == self.path.resolve():
                continue
            text = read_text(path, str(path), [])
            root = compose(text, str(path), []) if text is not None else None
            for cid in card_ids(root) if root is not None else ():
                found.setdefault(cid, str(path))


def unknown_card(cid: str, known: Iterable[str], nearby: _Nearby | None = None) -> str:
    """The message for a card id no loaded card file defines.

    Names the card file next to the warband that lists it (not given with
    ``--cards``) when there is one; else the closest loaded card id ("did you
    mean" among ``known``), and in any case how to load a card file of one's own (``--cards``).
    """
    where = nearby.where(cid) if nearby is not None else None
    if where is not None:
        return f"unknown card '{cid}': it is in {where}, which was not loaded; add --cards {where}"
    hint = did_you_mean(cid, known)
    if hint:
        return f"unknown card '{cid}'{hint} (a card of your own needs its file: --cards FILE)"
    return (f"unknown card '{cid}': neither a shipped card nor in a --cards file "
            "(a card of your own needs its file: --cards FILE)")


def _entry(doc: Doc, node: Node, index: int) -> tuple[str, Node, int] | None:
    """One ``creatures`` entry → (card id, id node, count)."""
    if isinstance(node, MappingNode):
        what = f"creature entry {index + 1}"
        f = doc.fields(node, ENTRY, what)
        if not f or "card" not in f:
            return None
        cid = doc.field(f, ENTRY["card"], what)
        count = doc.field(f, ENTRY["count"], what)
        return None if cid is None or count is None else (cid, f["card"][1], count)
    cid = doc.text(node, f"creature entry {index + 1} (a card id, or {{card: id, count: N}})")
    return None if cid is None else (cid, node, 1)


def parse_warband(doc: Doc, root: Node, catalogue: dict[str, CreatureCard],
                  broken_cards: dict[str, str] | None = None) -> WarbandDef | None:
    """Build a WarbandDef from a warband file's root node and check it (WB-1..7).

    Args:
        doc: the file being read; problems are recorded here.
        root: the document's root node.
        catalogue: card id → card.
        broken_cards: card id → the card file that defines it but has
            problems (``tactica validate`` given both files); such a card is
            named as waiting on that file rather than as unknown.
    Returns the warband, or None after recording problems.
    """
    f = doc.fields(root, WARBAND, "the warband")
    if f is None:
        return None
    v = doc.plain_fields(f, WARBAND)
    name, faction, points = v["name"], v["faction"], v["points"]
    cards: list[CreatureCard] = []
    nodes: list[Node] = []
    nearby = _Nearby(doc.path)
    items = doc.sequence(f["creatures"][1], WARBAND["creatures"].what("")) if "creatures" in f else None
    for i, item in enumerate(items or []):
        found = _entry(doc, item, i)
        if found is None:
            continue
        cid, id_node, count = found
        card = catalogue.get(cid)
        if card is None:
            if broken_cards and cid in broken_cards:
                doc.error(id_node, f"card '{cid}' is defined in {broken_cards[cid]}, which has problems; "
                                   "fix them first")
                continue
            doc.error(id_node, unknown_card(cid, [*catalogue, *(broken_cards or ())], nearby))
            continue
        cards.extend([card] * count)
        nodes.extend([id_node] * count)
    if items is None:
        return None
    # The entries that could be read are checked whatever else is wrong, so that every problem
    # shows at once; a check that needs a value with its own problem is left out (a misspelt
    # faction is one problem, not one per creature).  Entries left out only lower the totals,
    # so no rule break is reported that the whole warband would not have.
    skip = set()
    if faction is None:
        skip |= {"unknown-faction", "faction-missing"}
    if points is None:
        skip |= {"over-point-limit", "too-many-creatures", "creature-too-expensive", "too-large"}
    limit = points or WARBAND["points"].default
    wb = WarbandDef(name=name or "", faction=faction or "", cards=tuple(cards), point_limit=limit)
    for problem in check_warband(wb, Ruleset(point_limit=limit)):
        if problem.code in skip:
            continue
        if problem.index is not None and problem.index < len(nodes):
            where = nodes[problem.index]
        elif problem.code == "over-point-limit" and "points" in f:
            where = f["points"][1]
        else:
            where = f["creatures"][0]
        doc.error(where, f"{problem.message.rstrip('.')} [{problem.rule}]")
    return wb if doc.ok else None
