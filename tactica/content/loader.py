"""Loading content files: card catalogues, maps and warbands.

Every loader reads the whole file, collects every problem it can find and
raises ``ContentError`` with all of them (``path:line:col: error: …``).
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from tactica.engine.model import CreatureCard, MapDef, WarbandDef

from .cards import parse_card_file
from .maps import parse_map
from .problems import ContentError, Problem
from .schema import Doc
from .warbands import parse_warband
from .yamlsafe import MappingNode, Node, ScalarNode, compose, read_text

SUFFIXES = (".yaml", ".yml")
#: Top-level key that identifies each kind of content file.
KIND_KEYS = {"cards": "cards", "terrain": "map", "creatures": "warband"}
#: How messages name each kind of file.
KIND_NAMES = {"cards": "card file", "map": "map file", "warband": "warband file"}
#: Folder names that identify a file's kind when its keys do not.
KIND_FOLDERS = {"cards": "cards", "maps": "map", "warbands": "warband"}


def _shipped(folder: str) -> list[Path]:
    """YAML files of ``tactica/data/<folder>``, sorted by name.

    Found through importlib.resources, so it works from a wheel install in
    any working directory (the package is installed as plain files).
    """
    base = resources.files("tactica.data").joinpath(folder)
    if not base.is_dir():
        return []
    return sorted((Path(str(p)) for p in base.iterdir() if p.name.endswith(SUFFIXES)),
                  key=lambda p: p.name)


def shipped_card_files() -> list[Path]:
    """The card files that ship with tactica (``tactica/data/cards/*.yaml``)."""
    return _shipped("cards")


def shipped_maps() -> list[Path]:
    """The map files that ship with tactica (``tactica/data/maps/*.yaml``)."""
    return _shipped("maps")


def shipped_warbands() -> list[Path]:
    """The warband files that ship with tactica (``tactica/data/warbands/*.yaml``)."""
    return _shipped("warbands")


def read_doc(path: str | Path) -> tuple[Doc, Node | None]:
    """Read and compose one file safely; returns its Doc and root node (None after a problem)."""
    shown = str(path)
    doc = Doc(shown)
    text = read_text(Path(path), shown, doc.problems)
    if text is None:
        return doc, None
    doc.lines = text.splitlines()
    return doc, compose(text, shown, doc.problems)


#: Other keys that only one kind of file has (used when the kind key is misspelt).
HINT_KEYS = {"faction": "warband", "zones": "map", "legend": "map"}


def kind_of(path: str | Path, root: Node) -> str | None:
    """"cards", "map" or "warband" for a composed file, or None.

    Told by its keys (``cards``, ``terrain``, ``creatures``), else by its
    folder (``cards/``, ``maps/``, ``warbands/``), else by a key only one
    kind has or a near-miss of a kind key (``creaturs``), so that a
    misspelt key is reported as such rather than as an unknown file.
    """
    keys: set[str] = set()
    if isinstance(root, MappingNode):
        keys = {k.value for k, _ in root.value if isinstance(k, ScalarNode)}
        for key, kind in KIND_KEYS.items():
            if key in keys:
                return kind
    by_folder = KIND_FOLDERS.get(Path(path).parent.name)
    if by_folder is not None:
        return by_folder
    for key, kind in HINT_KEYS.items():
        if key in keys:
            return kind
    for key in sorted(keys):
        close = difflib.get_close_matches(key, list(KIND_KEYS), n=1, cutoff=0.75)
        if close:
            return KIND_KEYS[close[0]]
    return None


def _cards_from(paths: list[Path]) -> tuple[dict[str, CreatureCard], list[Problem]]:
    catalogue: dict[str, CreatureCard] = {}
    first: dict[str, str] = {}
    problems: list[Problem] = []
    for path in paths:
        doc, root = read_doc(path)
        if root is not None:
            for card, id_node in parse_card_file(doc, root):
                where = f"{doc.path}:{id_node.start_mark.line + 1}"
                if card.id in catalogue:
                    doc.error(id_node, f"duplicate card id '{card.id}' (first defined at {first[card.id]})")
                    continue
                catalogue[card.id] = card
                first[card.id] = where
        problems.extend(doc.sorted_problems())
    return catalogue, problems


def _errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]


@lru_cache(maxsize=1)
def _shipped_catalogue() -> tuple[tuple[str, CreatureCard], ...]:
    catalogue, problems = _cards_from(shipped_card_files())
    if _errors(problems):
        raise ContentError(_errors(problems))
    return tuple(catalogue.items())


def load_catalogue(paths: list[Path] | None = None) -> dict[str, CreatureCard]:
    """Load card files into a catalogue (CARD-1..3).

    Args:
        paths: card files; None means every shipped card file (cached).
    Returns {card id: CreatureCard}, in file order.
    Raises ContentError listing every problem in every file (including a
    card id defined twice).
    """
    if paths is None:
        return dict(_shipped_catalogue())
    catalogue, problems = _cards_from([Path(p) for p in paths])
    if _errors(problems):
        raise ContentError(_errors(problems))
    return catalogue


def _expect(doc: Doc, root: Node, kind: str) -> None:
    found = kind_of(doc.path, root) if isinstance(root, MappingNode) else None
    if found is not None and found != kind:
        doc.error(root, f"this is a {KIND_NAMES[found]}; expected a {KIND_NAMES[kind]}")


def load_map(path: str | Path) -> MapDef:
    """Load a map file (SET-2..4, SCN-ASSAULT).

    Returns a MapDef whose ``id`` is the file stem.  Raises ContentError
    with every problem found (syntax, keys, symbols, ragged rows, missing or
    unreachable start areas and VP zones).
    """
    doc, root = read_doc(path)
    result = None
    if root is not None:
        _expect(doc, root, "map")
        if doc.ok:
            result = parse_map(doc, root, Path(path).stem)
    if result is None or not doc.ok:
        raise ContentError(doc.errors() or [Problem(doc.path, 0, 0, "not a usable map")])
    return result


def load_warband(path: str | Path, catalogue: dict[str, CreatureCard] | None = None) -> WarbandDef:
    """Load a warband file and check it is legal (WB-1..7).

    Args:
        path: the warband file; its ``points`` (default 200) is the limit.
        catalogue: card id → card; None means the shipped catalogue.
    Returns the WarbandDef.  Raises ContentError with every problem found,
    each at the line of the offending entry (unknown card ids, rule breaks).
    """
    if catalogue is None:
        catalogue = load_catalogue()
    doc, root = read_doc(path)
    result = None
    if root is not None:
        _expect(doc, root, "warband")
        if doc.ok:
            result = parse_warband(doc, root, catalogue)
    if result is None or not doc.ok:
        raise ContentError(doc.errors() or [Problem(doc.path, 0, 0, "not a usable warband")])
    return result
