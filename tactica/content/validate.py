"""``tactica validate PATH...``: check content files and print every problem.

Card files are read first, so warbands may use cards from card files given
in the same run as well as the shipped catalogue.  Output: one problem per
line (``path:line:col: error: message`` or ``… warning: …``) on standard
output and a summary on standard error.  Exit status 0 when no file has an
error (warnings are allowed), else 1.  Never a
traceback: an unexpected failure is reported as a problem of that file.
"""
from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from .cards import card_ids
from .loader import (
    KIND_NAMES,
    kind_of,
    load_catalogue,
    read_card_files,
    read_doc,
    shipped_catalogue,
)
from .maps import parse_map
from .problems import ContentError, Problem
from .shipped import SUFFIXES, shipped_card_files
from .warbands import parse_warband


def expand(paths: list[str]) -> tuple[list[Path], list[Problem]]:
    """Files named, and YAML files inside folders named (recursively, sorted)."""
    files: list[Path] = []
    problems: list[Problem] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            if not found:
                problems.append(Problem(name, 0, 0, "no .yaml files in this folder"))
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            problems.append(Problem(name, 0, 0, "no such file or folder"))
    return files, problems


def validate_paths(paths: list[str], card_files: Sequence[str] = ()) -> tuple[list[Problem], int]:
    """Check every file under ``paths``; returns (problems, number of files checked).

    ``card_files`` (``--cards``) are checked too and must be card files.
    Warbands may name the cards of every card file given (either way) and
    of the shipped catalogue.  A card file of one's own may not define a
    shipped card's id again (an error naming both files); the shipped card
    files themselves, when given, are checked against each other.
    """
    files, problems = expand(paths)
    own_cards, more = expand(list(card_files))
    problems.extend(more)
    docs = []
    for path in [p for p in own_cards if p not in files] + files:  # --cards first: the warbands need them
        doc, root = read_doc(path)
        kind = kind_of(path, root) if root is not None else None
        if path in own_cards and root is not None and kind != "cards":
            doc.error(root, f"--cards names card files; this is a {KIND_NAMES[kind]}" if kind
                      else "--cards names card files ('cards:'); this file has no 'cards' list")
            kind = None
        elif root is not None and kind is None:
            doc.error(root, "cannot tell what this file is: expected a card file ('cards:'), a map "
                            "('terrain:') or a warband ('creatures:')")
        docs.append((path, doc, root, kind))
    card_paths = [p for p, doc, root, kind in docs if kind == "cards" and root is not None]
    shipped = {p.resolve() for p in shipped_card_files()}
    given_shipped = [p for p in card_paths if p.resolve() in shipped]
    cards, card_problems, where = read_card_files(given_shipped)
    try:
        catalogue = load_catalogue()
        taken = {**dict(shipped_catalogue()[1]), **where}
    except ContentError:
        catalogue, taken = {}, where  # the shipped cards' own problems show when they are validated
    own, own_problems, _ = read_card_files([p for p in card_paths if p.resolve() not in shipped], taken)
    cards.update(own)
    card_problems += own_problems
    catalogue.update(cards)
    broken_cards = {cid: doc.path for path, doc, root, kind in docs if kind == "cards" and root is not None
                    for cid in card_ids(root) if cid not in cards}
    by_file: dict[str, list[Problem]] = {}
    for p in card_problems:
        by_file.setdefault(p.path, []).append(p)
    for path, doc, root, kind in docs:
        if root is not None and doc.ok:
            try:
                if kind == "map":
                    parse_map(doc, root, path.stem)
                elif kind == "warband":
                    parse_warband(doc, root, catalogue, broken_cards)
                elif kind == "cards":
                    doc.problems.extend(by_file.get(doc.path, []))
            except Exception as err:  # noqa: BLE001 - a checker bug must not become a traceback
                doc.problems.append(Problem(doc.path, 0, 0, f"internal error while checking: {err!r}"))
        problems.extend(doc.sorted_problems())
    return problems, len(docs)


def run_validate(args) -> int:
    """Run ``tactica validate``.

    Args:
        args: a namespace whose ``paths`` lists files or folders and whose
            ``cards`` lists ``--cards`` files (either may be empty, not both).
    Returns 0 when no file has an error (warnings allowed), 1 otherwise
    (also when a path does not exist), 2 when nothing was named.  Prints one
    problem per line to standard output.
    """
    paths, cards = list(args.paths or ()), list(getattr(args, "cards", None) or ())
    if not paths and not cards:
        print("tactica validate: error: name at least one file or folder to check (PATH), or a card file "
              "with --cards FILE", file=sys.stderr)
        return 2
    problems, count = validate_paths(paths, cards)
    for problem in problems:
        print(problem)
    errors = [p for p in problems if p.severity == "error"]
    warnings = len(problems) - len(errors)
    also = f", {warnings} warning(s)" if warnings else ""
    if errors:
        bad = len({p.path for p in errors})
        print(f"{len(errors)} error(s){also} in {bad} path(s); {count} file(s) read", file=sys.stderr)
        return 1
    named = f": {paths[0]}" if count == 1 and len(paths) == 1 and not cards else ""  # e.g. a shipped map's file
    print(f"{count} file(s) OK{also}{named}", file=sys.stderr)
    return 0
