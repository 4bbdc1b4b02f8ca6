"""``tactica play``: load the content, build the battle, run the app.

Content problems are printed as the loader's ``path:line:col: error: msg``
lines and the exit status is 1 (2 when the command line names the files the
wrong number of times) — never a traceback.
"""
from __future__ import annotations

import argparse
import sys

from .content import BattleContentError, load_battle, load_multi
from .factory import BattleFactory


def make_factory(args: argparse.Namespace) -> BattleFactory:
    """The BattleFactory for the parsed ``play`` arguments (raises BattleContentError)."""
    players = getattr(args, "players", None) or 2
    teams = tuple(getattr(args, "team_list", None) or ())
    cards = getattr(args, "cards", None) or ()
    if players > 2:  # SCN-MULTI
        warbands, maps = load_multi(getattr(args, "map", None), getattr(args, "warband", None), players, teams,
                                    cards)
    else:
        warbands, maps = load_battle(getattr(args, "map", None), getattr(args, "warband", None), cards)
    catalogue = None
    if cards:  # SCN-SEALED: the players' own cards join the packs too
        from tactica.content import catalogue_with
        catalogue = catalogue_with(cards)  # read and checked once already, by load_battle
    return BattleFactory(warbands=warbands, maps=maps, seed=getattr(args, "seed", None),
                         opponent=getattr(args, "opponent", None),
                         scenario=getattr(args, "scenario", None) or "assault",
                         teams=teams, vp_target=getattr(args, "vp_target", None), catalogue=catalogue,
                         modules=tuple(getattr(args, "rules", None) or ()))


def run_play(args: argparse.Namespace) -> int:
    """Run the battle client; returns the process exit status.

    Args:
        args: ``--map`` (list or None), ``--warband`` (list or None),
            ``--seed`` (int or None), ``--setup`` (bool), ``--new`` (bool: do
            not offer to continue the last unfinished battle), ``opponent``
            (a ``tactica.tui.opponent.Opponent`` or None for hot-seat; set by
            ``tactica.cli.play_opponent``), ``--cards`` (list or None: card
            files of the players' own, which the warbands may name).
    Returns the app's exit status; 1 when a content file is bad, 2 when a
    file option is given the wrong number of times (the CLI's convention:
    2 for the command line, 1 for the files).
    """
    try:
        factory = make_factory(args)
        if getattr(args, "setup", False):
            factory.choices()  # report broken shipped content before the screen opens
    except BattleContentError as error:
        for line in error.lines:
            print(line, file=sys.stderr)
        return 2 if error.usage else 1
    from .app import TacticaApp  # Textual only once the content is good
    from .resume import autosaving, continue_offer, farewell

    factory.map_files = {m.id: f for m, f in zip(factory.maps, getattr(args, "map", None) or ())}
    with autosaving() as saver:  # every battle autosaves after each action (issue 6)
        factory.saver = saver
        app = TacticaApp(factory, setup=bool(getattr(args, "setup", False)), offer=continue_offer(args))
        result = app.run()
    farewell(app)
    return result if isinstance(result, int) else 0


def run_resume_or_replay(args: argparse.Namespace) -> int:
    """``tactica resume [ID_OR_FILE]`` and ``tactica replay FILE_OR_ID`` (see ``tactica.tui.resume``)."""
    from .resume import run_resume_or_replay as run
    return run(args)
