"""Loading content files: card catalogues, maps and warbands.

Every loader reads the whole file, collects every problem it can find and
raises ``ContentError`` with all of them (``path:line:col: error: …``).

A file read before without a problem comes from ``cache``; the reading half
(YAML, ``schema``, ``cards``, ``maps``, ``warbands``) is imported only when a
file has to be read (issue 21: a warm start imports no YAML at all).
"""
from __future__ import annotations

import difflib
import hashlib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from tactica.engine import CreatureCard, MapDef, WarbandDef

from . import cache, plain
from .limits import MAX_CONTENT_BYTES, FileRefused, clean_text, read_regular
from .problems import ContentError, Problem
from .shipped import SUFFIXES, shipped_card_files

if TYPE_CHECKING:
    from .schema import Doc
    from .yamlsafe import Node

#: Top-level key that identifies each kind of content file.
KIND_KEYS = {"cards": "cards", "terrain": "map", "creatures": "warband"}
#: How messages name each kind of file.
KIND_NAMES = {"cards": "card file", "map": "map file", "warband": "warband file"}
#: Folder names that identify a file's kind when its keys do not.
KIND_FOLDERS = {"cards": "cards", "maps": "map", "warbands": "warband"}


def read_doc(path: str | Path, data: bytes | None = None) -> tuple[Doc, Node | None]:
    """Read and compose one file safely; returns its Doc and root node (None after a problem).

    ``data``: the file's bytes when they were read already (``_file_bytes``), else None to read them.
    """
    from .schema import Doc
    from .yamlsafe import compose, read_text

    shown = clean_text(str(path))  # a file's name may hold control characters too
    doc = Doc(shown)
    text: str | None = None
    if data is not None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None  # read_text reports where
    if text is None:
        text = read_text(Path(path), shown, doc.problems)
    if text is None:
        return doc, None
    doc.lines = text.splitlines()
    return doc, compose(text, shown, doc.problems)


def _file_bytes(path: str | Path) -> bytes | None:
    """The bytes of a content file, or None when it cannot be read (``read_doc`` then says why)."""
    try:
        return read_regular(path, MAX_CONTENT_BYTES)
    except (FileRefused, OSError):
        return None


def _cached_cards(raw: object) -> list[tuple[CreatureCard, int]]:
    """A card file's cache entry (``[[card, line], …]``, plain data) as (card, line of its id).

    Raises plain.BadEntry when the entry is not such a list (it is then a miss).
    """
    kept = list(plain.decode(raw, tuple[tuple[CreatureCard, int], ...]))
    if not kept or any(line < 1 for _, line in kept):
        raise plain.BadEntry("a card file's entry holds at least one card, each at a line from 1")
    return kept


def _fits(kept: list[tuple[CreatureCard, int]], catalogue: dict[str, CreatureCard],
          taken: dict[str, str] | None) -> bool:
    """Whether cached cards (card, line) join ``catalogue`` without a duplicate or a shipped card's id.

    When they do not, the file is read again so that the problem is reported at its position.
    """
    ids = [card.id for card, _ in kept]
    return (len(ids) == len(set(ids))
            and not any(i in catalogue or (taken and i in taken) for i in ids))


#: Other keys that only one kind of file has (used when the kind key is misspelt).
HINT_KEYS = {"faction": "warband", "zones": "map", "legend": "map"}


def kind_of(path: str | Path, root: Node) -> str | None:
    """"cards", "map" or "warband" for a composed file, or None.

    Told by its keys (``cards``, ``terrain``, ``creatures``), else by its
    folder (``cards/``, ``maps/``, ``warbands/``) unless it is one card's
    keys without the ``cards:`` list (a card file), else by a key only one
    kind has or a near-miss of a kind key (``creaturs``), so that a
    misspelt key is reported as such rather than as an unknown file.
    """
    from .cards import looks_like_one_card
    from .yamlsafe import MappingNode, ScalarNode

    keys: set[str] = set()
    if isinstance(root, MappingNode):
        keys = {k.value for k, _ in root.value if isinstance(k, ScalarNode)}
        for key, kind in KIND_KEYS.items():
            if key in keys:
                return kind
    if looks_like_one_card(root):
        return "cards"  # one card without its 'cards:' list: parse_card_file says how to wrap it
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


def read_card_files(paths: list[Path], taken: dict[str, str] | None = None,
                    expect: bool = False) -> tuple[dict[str, CreatureCard], list[Problem], dict[str, str]]:
    """Read card files into one catalogue.

    Args:
        paths: the card files, in order; a card id defined twice is a problem
            at the second definition naming the first (file:line).
        taken: card id → "file:line" of cards already in the catalogue (the
            shipped ones) that these files may not define again.
        expect: check that each file is a card file (``--cards``).
    Returns (card id → card, every problem, card id → "file:line" where each was defined).
    """
    catalogue: dict[str, CreatureCard] = {}
    first: dict[str, str] = {}
    problems: list[Problem] = []
    for path in paths:
        data = _file_bytes(path)
        kept = cache.load("cards", data, _cached_cards) if data is not None else None
        if kept and _fits(kept, catalogue, taken):  # read before without a problem
            shown = clean_text(str(path))
            for card, line in kept:
                catalogue[card.id] = card
                first[card.id] = f"{shown}:{line}"
            continue
        from .cards import parse_card_file

        doc, root = read_doc(path, data)
        if root is not None and expect:
            _expect(doc, root, "cards")
        if root is not None and (doc.ok or not expect):
            parsed = parse_card_file(doc, root)
            if (data is not None and parsed and not doc.problems  # never a file with a problem (cache)
                    and len({card.id for card, _ in parsed}) == len(parsed)):  # nor a card id twice
                cache.store("cards", data, plain.encode([(card, id_node.start_mark.line + 1)
                                                         for card, id_node in parsed]))
            for card, id_node in parsed:
                where = f"{doc.path}:{id_node.start_mark.line + 1}"
                if taken and card.id in taken:
                    doc.error(id_node, f"card id '{card.id}' is a shipped card's ({taken[card.id]}); a card "
                                       "file of your own adds cards and never replaces one: give this card "
                                       "another id")
                    continue
                if card.id in catalogue:
                    doc.error(id_node, f"duplicate card id '{card.id}' (first defined at {first[card.id]})")
                    continue
                catalogue[card.id] = card
                first[card.id] = where
        problems.extend(doc.sorted_problems())
    return catalogue, problems, first


def _errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]


@lru_cache(maxsize=1)
def shipped_catalogue() -> tuple[tuple[tuple[str, CreatureCard], ...], tuple[tuple[str, str], ...]]:
    """The shipped cards (id, card) and where each is defined (id, "file:line"); cached."""
    catalogue, problems, where = read_card_files(shipped_card_files())
    if _errors(problems):
        raise ContentError(_errors(problems))
    return tuple(catalogue.items()), tuple(where.items())


def load_catalogue(paths: list[Path] | None = None) -> dict[str, CreatureCard]:
    """Load card files into a catalogue (CARD-1..3).

    Args:
        paths: card files; None means every shipped card file (cached).
    Returns {card id: CreatureCard}, in file order.
    Raises ContentError listing every problem in every file (including a
    card id defined twice).
    """
    if paths is None:
        return dict(shipped_catalogue()[0])
    catalogue, problems, _ = read_card_files([Path(p) for p in paths])
    if _errors(problems):
        raise ContentError(_errors(problems))
    return catalogue


def _own_files(card_files) -> tuple[list[Path], list[Problem]]:
    """``--cards`` files, each once, a folder standing for the YAML files inside it (recursively, in
    name order, as ``tactica validate`` reads one); a shipped card file named again is left out (it
    is loaded already).  Returns (files, problems: a folder with no YAML file in it, a name that is
    nothing on disk)."""
    shipped = {p.resolve() for p in shipped_card_files()}
    out: list[Path] = []
    problems: list[Problem] = []
    seen: set[Path] = set()
    for name in card_files:
        given = Path(name)
        if given.is_dir():
            inside = sorted(p for p in given.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            if not inside:
                problems.append(Problem(str(name), 0, 0, "no .yaml files in this folder"))
        elif not given.exists() and not given.is_symlink():  # as tactica validate says it
            problems.append(Problem(str(name), 0, 0, "no such file or folder"))
            continue
        else:
            inside = [given]
        for path in inside:
            try:
                real = path.resolve()
            except OSError:
                real = path
            if real in shipped or real in seen:
                continue
            seen.add(real)
            out.append(path)
    return out, problems


def read_catalogue(card_files=()) -> tuple[dict[str, CreatureCard], list[Problem], dict[str, str]]:
    """The shipped catalogue plus the cards of ``card_files`` (``--cards``), without raising.

    Args:
        card_files: card files of the player's own (paths as the user named
            them; a folder stands for the YAML files in it); a card there adds to the shipped cards.  Its id may not be
            a shipped card's id (an error naming both files: a shipped card is
            never silently replaced, so that shipped warbands and saves mean
            what they say) nor another given file's.
    Returns (catalogue, error problems of the given files, card id → card
    file for the cards those files define but that have problems, so that a
    warband naming one can say so rather than "unknown card").
    Raises ContentError when the shipped cards themselves are broken.
    """
    catalogue = load_catalogue()
    files, missing = _own_files(card_files)
    if not files:
        return catalogue, missing, {}
    taken = dict(shipped_catalogue()[1])
    own, problems, _ = read_card_files(files, taken, expect=True)
    problems = missing + problems
    catalogue.update(own)
    from .cards import card_ids

    broken: dict[str, str] = {}
    for path in files:
        doc, root = read_doc(path)
        if root is not None:
            broken.update((cid, doc.path) for cid in card_ids(root) if cid not in catalogue)
    return catalogue, _errors(problems), broken


def catalogue_with(card_files=()) -> dict[str, CreatureCard]:
    """The shipped catalogue plus the cards of ``card_files`` (see ``read_catalogue``).

    Returns {card id: CreatureCard}.  Raises ContentError with every problem
    of the given files (``path:line:col``), including a file that is not a
    card file and a card id that is already taken.
    """
    catalogue, problems, _ = read_catalogue(card_files)
    if problems:
        raise ContentError(problems)
    return catalogue


def _expect(doc: Doc, root: Node, kind: str) -> None:
    from .yamlsafe import MappingNode

    found = kind_of(doc.path, root) if isinstance(root, MappingNode) else None
    if found is not None and found != kind:
        doc.error(root, f"this is a {KIND_NAMES[found]}; expected a {KIND_NAMES[kind]}")


def load_map(path: str | Path) -> MapDef:
    """Load a map file (SET-2..4, SCN-ASSAULT); a map read before without a problem comes from ``cache``.

    Returns a MapDef whose ``id`` is the file stem.  Raises ContentError
    with every problem found (syntax, keys, symbols, ragged rows, missing or
    unreachable start areas and VP zones).
    """
    data = _file_bytes(path)
    kind = f"map:{Path(path).stem}"  # the map's id is its file's stem
    kept = cache.load(kind, data, lambda raw: plain.decode(raw, MapDef)) if data is not None else None
    if kept is not None:  # read before without a problem
        return kept
    doc, root = read_doc(path, data)
    result = None
    if root is not None:
        _expect(doc, root, "map")
        if doc.ok:
            from .maps import parse_map
            result = parse_map(doc, root, Path(path).stem)
    if result is None or not doc.ok:
        raise ContentError(doc.errors() or [Problem(doc.path, 0, 0, "not a usable map")])
    if data is not None and not doc.problems:  # never a map with a problem, not even a warning
        cache.store(kind, data, plain.encode(result))
    return result


def load_warband(path: str | Path, catalogue: dict[str, CreatureCard] | None = None,
                 broken_cards: dict[str, str] | None = None) -> WarbandDef:
    """Load a warband file and check it is legal (WB-1..7).

    A warband read before without a problem, against the shipped cards, comes from ``cache``.

    Args:
        path: the warband file; its ``points`` (default 200) is the limit.
        catalogue: card id → card; None means the shipped catalogue.
        broken_cards: card id → card file with problems that defines it
            (``read_catalogue``); such a card is named as waiting on that file.
    Returns the WarbandDef.  Raises ContentError with every problem found,
    each at the line of the offending entry (unknown card ids, rule breaks).
    """
    if catalogue is None:
        catalogue = load_catalogue()
    mark = None if broken_cards else _shipped_mark(catalogue)
    data = _file_bytes(path) if mark is not None else None
    kind = f"warband:{mark}"  # what a warband is, and whether it is legal, depends on the cards too
    kept = cache.load(kind, data, lambda raw: _cached_warband(raw, catalogue)) if data is not None else None
    if kept is not None:  # read before, with these very cards, without a problem
        return kept
    doc, root = read_doc(path, data)
    result = None
    if root is not None:
        _expect(doc, root, "warband")
        if doc.ok:
            from .warbands import parse_warband
            result = parse_warband(doc, root, catalogue, broken_cards)
    if result is None or not doc.ok:
        raise ContentError(doc.errors() or [Problem(doc.path, 0, 0, "not a usable warband")])
    if data is not None and not doc.problems:  # never a warband with a problem, not even a warning
        cache.store(kind, data, {"warband": plain.encode(replace(result, cards=())),
                                 "cards": [card.id for card in result.cards]})
    return result


@lru_cache(maxsize=1)
def _shipped_cards_digest() -> str:
    """The SHA-256 of the shipped card files' names and bytes (the shipped catalogue's identity)."""
    h = hashlib.sha256()
    for path in shipped_card_files():
        h.update(f"\n{path.name}\n".encode())
        h.update(read_regular(path, MAX_CONTENT_BYTES))
    return h.hexdigest()


def _shipped_mark(catalogue: dict[str, CreatureCard]) -> str | None:
    """``_shipped_cards_digest()`` when ``catalogue`` is the shipped catalogue (the same cards), else None.

    A warband is cached only against the shipped cards: a catalogue with cards of the player's own
    (``--cards``) has no identity cheap enough to key an entry by, and is read every time.
    """
    try:
        shipped = shipped_catalogue()[0]
        if len(catalogue) != len(shipped) or any(catalogue.get(i) is not c for i, c in shipped):
            return None
        return _shipped_cards_digest()
    except (ContentError, OSError, FileRefused):
        return None


def _cached_warband(raw: object, catalogue: dict[str, CreatureCard]) -> WarbandDef:
    """A warband's cache entry (its fields without cards, and its card ids) with the catalogue's cards.

    Raises plain.BadEntry when the entry is not such a mapping or names a card the catalogue lacks.
    """
    if not isinstance(raw, dict) or set(raw) != {"warband", "cards"}:
        raise plain.BadEntry("a warband's entry holds 'warband' and 'cards'")
    band = plain.decode(raw["warband"], WarbandDef)
    ids = plain.decode(raw["cards"], tuple[str, ...])
    if band.cards or not ids or any(i not in catalogue for i in ids):
        raise plain.BadEntry("a warband's entry names cards the catalogue holds, at least one")
    return replace(band, cards=tuple(catalogue[i] for i in ids))


def load_battle_files(warband_files=(), map_files=(), card_files=()
                      ) -> tuple[list[WarbandDef], list[MapDef], dict[str, CreatureCard]]:
    """Read the files a battle is given (``--warband``, ``--map``, ``--cards``), each file once.

    Warbands may name the cards of ``card_files`` as well as the shipped
    ones (see ``read_catalogue``).
    Returns (the warbands in the order named, the maps in the order named,
    the catalogue: shipped cards plus the card files').
    Raises ContentError with every problem of every file: the card files'
    first, then the warbands', then the maps', each file's in file order.
    """
    catalogue, problems, broken = read_catalogue(card_files)
    problems = list(problems)

    def band(path):
        return load_warband(path, catalogue, broken)

    out: list[list] = []
    for loader, names in ((band, warband_files), (load_map, map_files)):
        done: dict[str, object] = {}
        for name in names:
            if str(name) not in done:
                try:
                    done[str(name)] = loader(name)
                except ContentError as err:
                    problems.extend(err.problems)
                    done[str(name)] = None
        out.append([done[str(name)] for name in names])
    if problems:
        raise ContentError(problems)
    return out[0], out[1], catalogue
