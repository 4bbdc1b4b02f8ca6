"""The ``tactica balance`` command line's arguments (``add_parser``), apart from the command itself.

Building the command line imports only this module, so that ``tactica play`` (which builds the
whole parser) does not import the battles, the statistics or the HTML report's libraries
(issue 21: a faster start); ``command.run_balance`` runs the command.
"""
from __future__ import annotations

from typing import Any

from tactica.map_names import map_file

WHAT = {"map": "which start area and which player a map favours",
        "warbands": "the win matrix of a set of warbands",
        "cards": "each card's win contribution and the VP of its side (Sealed pools, or the given warbands)"}


def add_parser(sub: Any, rules_type: Any, rules_help: str, jobs_type: Any, cards_help: str,
               level_type: Any = str, games_type: Any = int) -> None:
    """Add ``balance`` and its three reports to the command line's subparsers ``sub``; ``level_type``
    checks an ``--ai`` level and ``games_type`` a ``--games`` count (the same checks, and the same words,
    as ``play`` and ``sim``)."""
    bal = sub.add_parser("balance", help="balance reports for map and card authors: many AI battles, "
                                         "win rates with 95%% intervals, an HTML report with charts")
    kinds = bal.add_subparsers(dest="report", metavar="REPORT", required=True)
    for kind, what in WHAT.items():
        p = kinds.add_parser(kind, help=what, description=f"tactica balance {kind}: {what}.")
        p.add_argument("--map", metavar="FILE", action="append", type=map_file,
                       help="the map (default: the shipped map)" if kind == "map" else
                       "map file; give it twice to offer a choice of two (default: the shipped map)")
        p.add_argument("--warband", metavar="FILE", action="append",
                       help={"map": "a warband file (repeatable; every ordered pairing plays, mirror matches "
                                    "too; default: the two quick-start warbands)",
                             "warbands": "a warband file (repeatable, at least two; default: every shipped "
                                         "200-point warband)",
                             "cards": "a warband file (repeatable, at least two; default: random Sealed "
                                      "warbands drawn from the card catalogue for every battle)"}[kind])
        p.add_argument("--cards", metavar="FILE", action="append", help=cards_help)
        p.add_argument("--ai", metavar="LEVEL", default="normal", type=level_type,
                       help="the AI level of both sides (random, greedy, normal, hard; default normal)")
        p.add_argument("--games", type=games_type, default=None, metavar="N",
                       help="battles per ordered pairing (default 10)" if kind != "cards" else
                       "battles (default 100 with Sealed pools; per ordered pairing with --warband, default 10)")
        p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the battles (default 0)")
        p.add_argument("--rules", type=rules_type, default=(), metavar="MODULES", help=rules_help)
        p.add_argument("--jobs", "-j", type=jobs_type, default=None, metavar="N",
                       help="worker processes (default: one per core); the figures do not depend on it")
        p.add_argument("--cluster", metavar="ADDRESS", default=None,
                       help="play the battles on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                            "(pip install 'tactica[cluster]'); the same figures as local processes")
        p.add_argument("--html", metavar="OUT", default=None, help="also write the HTML report with charts to OUT")
        p.add_argument("--json", action="store_true", help="print the figures as one JSON object")


__all__ = ["WHAT", "add_parser"]
