"""The ``tactica`` command line: parses arguments and hands over to a client.

Subcommands: ``play`` (the Textual battle screen), ``sim`` (headless AI
battles), ``validate`` (check content files).  Bad input ends with a clear
message and exit status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser for every subcommand."""
    parser = argparse.ArgumentParser(prog="tactica", description="The D&D Miniatures skirmish game in a terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start a battle in the terminal (default: quick start on the shipped map and warbands)")
    play.add_argument("--map", metavar="FILE", action="append", help="map file (give twice: one per player)")
    play.add_argument("--warband", metavar="FILE", action="append", help="warband file (give twice: player 1, then player 2)")
    play.add_argument("--seed", type=int, default=None, help="dice seed (the same seed and choices replay the same battle)")
    play.add_argument("--setup", action="store_true", help="full setup: choose maps and warbands, roll, pick start areas, place each creature by hand")

    sim = sub.add_parser("sim", help="headless AI-against-AI battles")
    sim.add_argument("--map", metavar="FILE", action="append")
    sim.add_argument("--warband", metavar="FILE", action="append")
    sim.add_argument("--ai", metavar="LEVEL", action="append")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true")

    val = sub.add_parser("validate", help="check map, warband and card files")
    val.add_argument("paths", nargs="+", metavar="PATH")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        if args.command == "play":
            from tactica.tui.run import run_play
            return run_play(args)
        if args.command == "sim":
            from tactica.ai.sim import run_sim
            return run_sim(args)
        if args.command == "validate":
            from tactica.content.validate import run_validate
            return run_validate(args)
    except KeyboardInterrupt:
        return 130
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
