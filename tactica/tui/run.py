"""``tactica play``: load the content, build the battle, run the app.

Content problems are printed as the loader's ``path:line:col: error: msg``
lines and the exit status is 1 — never a traceback.
"""
from __future__ import annotations

import argparse
import sys

from .content import BattleContentError, load_battle
from .factory import BattleFactory


def make_factory(args: argparse.Namespace) -> BattleFactory:
    """The BattleFactory for the parsed ``play`` arguments (raises BattleContentError)."""
    warbands, maps = load_battle(getattr(args, "map", None), getattr(args, "warband", None))
    return BattleFactory(warbands=warbands, maps=maps, seed=getattr(args, "seed", None))


def run_play(args: argparse.Namespace) -> int:
    """Run the battle client; returns the process exit status.

    Args:
        args: ``--map`` (list or None), ``--warband`` (list or None),
            ``--seed`` (int or None), ``--setup`` (bool).
    """
    try:
        factory = make_factory(args)
        if getattr(args, "setup", False):
            factory.choices()  # report broken shipped content before the screen opens
    except BattleContentError as error:
        for line in error.lines:
            print(line, file=sys.stderr)
        return 1
    from .app import TacticaApp  # Textual only once the content is good

    app = TacticaApp(factory, setup=bool(getattr(args, "setup", False)))
    result = app.run()
    return result if isinstance(result, int) else 0
