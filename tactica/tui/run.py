"""The command line's entry points that start the screens: ``tactica play``, ``resume`` and ``replay``.

What happens around the screen is Textual-free (``tactica.client``: the factory built from the
arguments, the autosave lifetime, the save to open, the farewell line).  Content problems are
printed as the loader's ``path:line:col: error: msg`` lines and the exit status is 1 (2 when the
command line names the files the wrong number of times) — never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from typing import TypedDict

from tactica.client.content import BattleContentError
from tactica.client.factory import BattleFactory, make_factory
from tactica.client.resume import autosaving, continue_offer, farewell, open_to_resume_or_replay
from tactica.client.saving import resume_session
from tactica.client.settings import LoadedSettings, load_settings
from tactica.saves.codec import SaveError


class ScreenOptions(TypedDict):
    """The app's keyword arguments that ``play`` and ``resume`` share (``screen_options``)."""

    handoff: bool
    ring_bell: bool
    settings: LoadedSettings | None


def read_settings(args: argparse.Namespace) -> LoadedSettings:
    """Read the settings file (``client.settings``, the theme names checked against ``themes``) for
    ``play`` or ``resume``: sets ``args.settings`` (the values) and ``args.settings_loaded``, and prints
    the file's problems to standard error (the game starts with the defaults for them and says so
    again in a toast).  Returns what was read."""
    from .themes import theme_names
    loaded = load_settings(themes=theme_names())
    for problem in (*loaded.problems, *loaded.warnings):
        print(f"tactica: settings: {problem}", file=sys.stderr)
    args.settings = loaded.settings
    args.settings_loaded = loaded
    return loaded


def screen_options(args: argparse.Namespace) -> ScreenOptions:
    """The app's options from ``play`` and ``resume``'s arguments and the settings read
    (``read_settings``): ``handoff`` (the hot-seat hand-off screen) and ``ring_bell`` each from
    ``--handoff/--no-handoff`` and ``--bell/--no-bell`` when given, else the settings' ``handoff`` (on
    by default) and ``bell`` (off by default); and ``settings``."""
    loaded: LoadedSettings | None = getattr(args, "settings_loaded", None)
    handoff = getattr(args, "handoff", None)
    bell = getattr(args, "bell", None)
    if handoff is None:
        handoff = loaded.settings.handoff if loaded is not None else True
    if bell is None:
        bell = loaded.settings.bell if loaded is not None else False
    return {"handoff": bool(handoff), "ring_bell": bool(bell), "settings": loaded}


def no_terminal(command: str) -> int | None:
    """2 after an ``error:`` line when standard input or output is not a terminal (a battle screen
    needs one: with ``< /dev/null`` it would wait for keys that never come), else None."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    which = "input" if not sys.stdin.isatty() else "output"
    print(f"tactica {command}: error: standard {which} is not a terminal; the battle screen needs one "
          "(for battles without a screen use 'tactica sim')", file=sys.stderr)
    return 2


def run_play(args: argparse.Namespace) -> int:
    """Run the battle client; returns the process exit status.

    Args:
        args: ``--map`` (list or None), ``--warband`` (list or None),
            ``--seed`` (int or None), ``--setup`` (bool), ``--new`` (bool: do
            not offer to continue the last unfinished battle), ``opponent``
            (a ``tactica.client.opponent.Opponent`` or None for hot-seat; set by
            ``tactica.cli.play_opponent``), ``--cards`` (list or None: card
            files of the players' own, which the warbands may name).
    Returns the app's exit status; 1 when a content file is bad or the battle store cannot be
    used (one ``error:`` line), 2 when a
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
    refused = no_terminal("play")
    if refused is not None:
        return refused
    from .app import TacticaApp  # Textual only once the content is good

    factory.map_files = {m.id: f for m, f in zip(factory.maps, getattr(args, "map", None) or ())}
    try:
        offer = continue_offer(args)  # opens the battle store: one that cannot be used is said here
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    with autosaving() as saver:  # every battle autosaves after each action (issue 6)
        factory.saver = saver
        app = TacticaApp(factory, setup=bool(getattr(args, "setup", False)), offer=offer,
                         **screen_options(args))
        result = app.run()
    return _after(app, result)


def _after(app: object, result: object) -> int:
    """The exit status of a finished battle app (its result: 0, or 143 / 129 / 130 after SIGTERM,
    SIGHUP or Ctrl+C), after the farewell line — not after SIGHUP: the terminal is gone."""
    status = result if isinstance(result, int) else 0
    if status != 129:
        farewell(app)
    return status


def run_resume_or_replay(args: argparse.Namespace) -> int:
    """``tactica resume [ID_OR_FILE]`` or ``tactica replay FILE_OR_ID``; returns the exit status.

    Args:
        args: ``command`` ("resume" or "replay") and ``save`` or ``file`` (see
            ``client.resume.open_to_resume_or_replay``).
    Returns 0, or 1 when there is no save to open (the reason printed); a resumed battle's app
    status otherwise.
    """
    opened = open_to_resume_or_replay(args)
    if isinstance(opened, int):
        return opened
    refused = no_terminal(args.command)
    if refused is not None:
        return refused
    loaded = read_settings(args) if args.command == "resume" else None
    if args.command != "resume":
        from .replay_app import ReplayApp
        result = ReplayApp(opened).run()
        return result if isinstance(result, int) else 0
    from .app import TacticaApp

    with autosaving() as saver:
        session = resume_session(opened, saver, loaded.settings.pace if loaded is not None else None)
        factory = BattleFactory(warbands=opened.save.warbands, maps=opened.save.maps, saver=saver,
                                opponent=session.opponent)
        app = TacticaApp(factory, resume=session, **screen_options(args))
        result = app.run()
    return _after(app, result)


def run_tutorial(args: argparse.Namespace) -> int:
    """``tactica tutorial [--restart]``: the tutorial's battle on the screen (with the settings file's
    theme and keys); returns the exit status.

    Args:
        args: ``restart`` (bool): forget the step reached and begin at the first.
    Returns 0 (the app's status after Ctrl+C: 130), 2 without a terminal.  The tutorial's battle is
    not in the battle store; the step reached and the battle's actions are kept in its progress file
    (``client.tutorial.progress_file``), so the next ``tactica tutorial`` goes on with both.
    """
    from tactica.client.tutorial import progress_file

    refused = no_terminal("tutorial")
    if refused is not None:
        return refused
    if getattr(args, "restart", False):
        progress_file().unlink(missing_ok=True)
    from .app import TacticaApp

    loaded = read_settings(args)  # the theme and the [keys] of the settings file, as in a battle
    app = TacticaApp(BattleFactory(warbands=(), maps=()), tutorial=True, settings=loaded)
    result = app.run()
    from tactica.client.tutorial import Lesson
    lesson = Lesson.resumed(progress_file())
    if lesson.finished:
        print("Tutorial finished. 'tactica play' starts a battle against the normal AI; "
              "'tactica tutorial' does the tutorial again.")
    else:
        print(f"Tutorial kept at {lesson.where()}, its battle too: 'tactica tutorial' goes on from there "
              "('--restart' starts over).")
    return result if isinstance(result, int) else 0


def run_title(parser: argparse.ArgumentParser, opponent_of) -> int:
    """``tactica`` alone: the title screen (New battle, Continue, Tutorial, Build a warband, Rules
    reference, Settings, Quit); returns the exit status.

    Its battles are ``tactica play``'s: the settings file's AI level, pace, intent, hand-off and bell,
    the shipped maps and warbands, each battle autosaved.  Without a terminal on standard input or
    output there is nothing to show: the command line's help is printed and the status is 0, as
    before the title screen.  1 when the shipped content is broken or the battle store cannot be
    used (the problem printed).

    Args:
        parser: the command line's parser (its help; its ``play`` defaults).
        opponent_of: ``tactica.cli.play_opponent``: the AI of ``play``'s arguments.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        parser.print_help()
        return 0
    args = parser.parse_args(["play"])
    read_settings(args)
    args.opponent = opponent_of(args)
    try:
        factory = make_factory(args)
    except BattleContentError as error:
        for line in error.lines:
            print(line, file=sys.stderr)
        return 1
    from .app import TacticaApp

    with autosaving() as saver:
        factory.saver = saver
        app = TacticaApp(factory, title=True, **screen_options(args))
        result = app.run()
    return _after(app, result)
