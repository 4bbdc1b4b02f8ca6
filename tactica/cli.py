"""The ``tactica`` command line: parses arguments and hands over to a client.

Subcommands: ``play`` (the Textual battle screen), ``sim`` (headless AI
battles), ``validate`` (check content files), ``preview`` (draw a map
file), ``build`` (the warband builder), ``saves``, ``resume``,
``replay``, ``export`` for saved battles, and ``config`` (the settings file).  Bad input ends with a clear
message, never a traceback, and the same exit status in every command
(``EXIT_*``): 2 when the command line is wrong (argparse's own errors,
options that contradict each other or are given the wrong number of times),
1 when a file is bad or cannot be read (content, saves) or the command
failed, 0 otherwise (130 after Ctrl+C).
"""
from __future__ import annotations

import argparse
import os
import sys

from tactica import __version__
from tactica.map_names import map_file

#: Exit statuses, the same in every command.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
#: The engine's ``SCENARIOS``, written out so that ``--help`` imports no engine.
SCENARIOS = ("assault", "bounty", "uncontested", "combined", "sealed")
CARDS_HELP = ("a card file of your own, or a folder of them (repeatable): its cards join the shipped ones, "
              "so --warband files may name them (and Sealed packs hold them); an id that is already a shipped "
              "card's is an error")
SCENARIO_HELP = ("victory rules: assault (default), bounty, uncontested, combined (250 points), "
                 "sealed (warbands built from random pools drawn with the seed)")


def _rule_modules(text: str) -> tuple[str, ...]:
    """``--rules grid35`` (a comma-separated list) to module names, each one the engine knows
    (``tactica.engine.OPTIONAL_MODULES``); an unknown name is a usage error (exit 2)."""
    from tactica.engine import OPTIONAL_MODULES, module_conflict, unknown_modules
    given = [p.strip() for p in text.split(",") if p.strip()]
    names = tuple(dict.fromkeys(given))
    twice = next((n for n in names if given.count(n) > 1), None)
    if twice:  # as a map's 'rules:' list refuses it
        raise argparse.ArgumentTypeError(f"--rules names {twice} twice; name each module once")
    if not names:
        raise argparse.ArgumentTypeError("--rules names at least one rule module, e.g. grid35")
    unknown = unknown_modules(names)
    if "skirmish" in names:
        raise argparse.ArgumentTypeError("the skirmish rules are always on; --rules names optional modules: "
                                         f"{', '.join(OPTIONAL_MODULES)}")
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown rule module {', '.join(unknown)!r}; "
                                         f"choose from {', '.join(OPTIONAL_MODULES)}")
    clash = module_conflict(names)
    if clash:
        raise argparse.ArgumentTypeError(clash)
    return names


RULES_HELP = ("optional rule modules, comma-separated: grid35 (3.5-era movement: diagonals cost 1, 2, 1, 2 … "
              "across a move, hampered squares, low obstacles, reach 2, running), grid35-simple (the same, "
              "every diagonal 1.5), grid5e (split moves, difficult +1, prone; not with grid35), underground "
              "(low passages, digging, falls, fatigue, darkness, ice; with any of them); see docs/modules/")


def _days(text: str) -> int:
    """``--prune DAYS``: a whole number of days, 0 or more."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of days")
    return int(text)


def _players(text: str) -> int:
    """A player count for ``--players``: 2, 3 or 4 (SCN-MULTI)."""
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"{text!r}: a battle has 2, 3 or 4 players")
    return int(text)


def _jobs(text: str) -> int:
    """A worker count for ``tactica sim --jobs``: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: --jobs is a whole number of worker processes, at least 1")
    return int(text)


def _games(text: str) -> int:
    """A battle count for ``--games`` (``sim``, ``balance``): a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: --games is a whole number of battles, at least 1")
    return int(text)


def _content_path(text: str) -> str:
    """A ``tactica validate`` PATH: itself, unless it is a bare name that is no file or folder here but
    a shipped map's (``watchtower-hill``), then that map's file (as ``--map`` takes it)."""
    try:
        return map_file(text)
    except argparse.ArgumentTypeError:
        return text  # the validator says "no such file or folder" of it


def _ai_level(text: str) -> str:
    """An AI level name for ``--ai`` (checked against ``tactica.ai.bots.LEVELS``)."""
    from tactica.ai.bots import LEVELS
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown AI level {text!r}; choose one of {', '.join(LEVELS)}")
    return text


def _pace(text: str) -> float:
    """Seconds for ``--pace``: a number from 0 to 10."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("the pace is between 0 and 10 seconds")
    return value


def _seats(text: str, players: int) -> tuple[int, ...]:
    """``--ai-seats`` "2,4" to 0-based seats (1, 3); raises ValueError naming the problem."""
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isdigit() and 1 <= int(p) <= players for p in parts):
        raise ValueError(f"--ai-seats names players from 1 to {players}, e.g. 2,3")
    seats = tuple(dict.fromkeys(int(p) - 1 for p in parts))
    if len(seats) == players:
        raise ValueError("--ai-seats leaves no seat for a human; use 'tactica sim' for AI-only battles")
    return seats


def _setting(args: argparse.Namespace, name: str, fallback):
    """The settings file's ``name`` for ``play`` (``args.settings``, a ``client.settings.Settings`` set
    before ``play_opponent``), or ``fallback`` when no settings were read (tests, other commands)."""
    settings = getattr(args, "settings", None)
    return getattr(settings, name) if settings is not None else fallback


def play_opponent(args: argparse.Namespace, parser: argparse.ArgumentParser | None = None):
    """The AI of ``tactica play`` (a ``tactica.client.opponent.Opponent``), or None for hot-seat.

    Solo against ``normal`` unless ``--hotseat`` / ``--vs human``; a
    contradiction (``--hotseat --vs ai``, ``--ai`` with hot-seat) is a usage error.
    """
    from tactica.client.opponent import DEFAULT_PACE, Opponent

    def fail(message: str):
        if parser is not None:
            parser.error(message)
        raise ValueError(message)

    players = getattr(args, "players", None) or 2
    seats_text = getattr(args, "ai_seats", None)
    args.team_list = ()  # every seat on its own, as parse_teams says of no --teams
    if getattr(args, "teams", None):
        from tactica.ai.sim import parse_teams  # only then: the sim module loads multiprocessing
        try:
            args.team_list = parse_teams(args.teams, players)
        except ValueError as err:
            fail(str(err))
    if getattr(args, "teams", None) and players < 3:
        fail("--teams needs --players 3 or 4")
    if players > 2 or seats_text:  # SCN-MULTI hot-seat: humans, and the AI in --ai-seats
        if players < 3:
            fail("--ai-seats needs --players 3 or 4")
        if getattr(args, "vs", None) == "ai" and not seats_text:
            fail("with --players, name the AI's seats with --ai-seats (e.g. --ai-seats 2,3)")
        try:
            seats = _seats(seats_text, players) if seats_text else ()
        except ValueError as err:
            fail(str(err))
        if not seats:
            if getattr(args, "ai", None):
                fail("--ai chooses the AI's level; name its seats with --ai-seats")
            return None
        pace = getattr(args, "pace", None)
        return Opponent(level=getattr(args, "ai", None) or _setting(args, "ai_level", "normal"), player=seats[0],
                        others=seats[1:],
                        intent=bool(getattr(args, "intent", False) or _setting(args, "intent", False)),
                        pace=_setting(args, "pace", DEFAULT_PACE) if pace is None else pace)
    vs = getattr(args, "vs", None)
    if getattr(args, "hotseat", False):
        if vs == "ai":
            fail("--hotseat and --vs ai contradict each other")
        vs = "human"
    if vs == "human":
        if getattr(args, "ai", None):
            fail("--ai chooses the AI's level; it cannot be used with --hotseat / --vs human")
        return None
    pace = getattr(args, "pace", None)
    return Opponent(level=getattr(args, "ai", None) or _setting(args, "ai_level", "normal"),
                    player=2 - getattr(args, "side", 1),
                    intent=bool(getattr(args, "intent", False) or _setting(args, "intent", False)),
                    pace=_setting(args, "pace", DEFAULT_PACE) if pace is None else pace)


def cards_note(args: argparse.Namespace) -> str | None:
    """The note for ``--cards`` that no warband can use: no ``--warband`` and not Sealed, or None.

    The card files are still read and checked; the note says that the
    battle uses shipped warbands, so that the cards are never silently unused.
    """
    if not getattr(args, "cards", None) or getattr(args, "warband", None) or args.scenario == "sealed":
        return None
    return (f"tactica {args.command}: note: no --warband is given, so shipped warbands play and the cards "
            "of --cards are only checked; give a --warband that names them")


def _screen_options(command: argparse.ArgumentParser) -> None:
    """The battle screen's options of ``play``, ``resume`` and ``config``: the hot-seat hand-off and the
    bell, each on or off; given, it beats the settings file (``args.handoff`` / ``args.bell``: True,
    False, or None when not given)."""
    command.add_argument("--handoff", action=argparse.BooleanOptionalAction, default=None,
                         help="hot-seat: hide the board between two players' turns behind the hand-off "
                              "screen (--no-handoff: show it at once); beats the settings file's handoff "
                              "(on by default; never shown against the AI)")
    command.add_argument("--bell", action=argparse.BooleanOptionalAction, default=None,
                         help="ring the terminal's bell when the AI's turn ends and yours begins "
                              "(--no-bell: never); beats the settings file's bell (off by default)")


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser for every subcommand."""
    parser = argparse.ArgumentParser(prog="tactica", description="The D&D Miniatures skirmish game in a terminal.")
    parser.add_argument("--version", action="version", version=f"tactica {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    tut = sub.add_parser("tutorial", help="new to the game? a short battle that teaches it one step at a time "
                                          "(leave with q; it goes on where you left)")
    tut.add_argument("--restart", action="store_true", help="start the tutorial again from its first step")

    play = sub.add_parser("play", help="start a battle in the terminal: you against the normal AI on the shipped map "
                                       "and warbands (--hotseat: two players at one keyboard)")
    play.add_argument("--map", metavar="FILE", action="append", type=map_file,
                      help="map file or shipped map name, e.g. echoing-deep (give twice: one per player)")
    play.add_argument("--warband", metavar="FILE", action="append",
                      help="warband file (give twice: player 1, then player 2)")
    play.add_argument("--cards", metavar="FILE", action="append", help=CARDS_HELP)
    play.set_defaults(_parser=play)  # its usage errors say "tactica play: error: …"
    play.add_argument("--seed", type=int, default=None,
                      help="dice seed (the same seed and choices replay the same battle)")
    play.add_argument("--setup", action="store_true",
                      help="full setup: choose maps and warbands, roll, pick start areas, place each creature by hand")
    play.add_argument("--new", action="store_true",
                      help="start a new battle without offering to continue the last unfinished one")
    play.add_argument("--vs", choices=("ai", "human"), default=None,
                      help="play against the AI (default) or a human at the same keyboard")
    play.add_argument("--hotseat", action="store_true", help="two players at one keyboard (the same as --vs human)")
    play.add_argument("--ai", metavar="LEVEL", type=_ai_level, default=None,
                      help="the AI's level: random, greedy, normal (default) or hard")
    play.add_argument("--side", type=int, choices=(1, 2), default=1,
                      help="which player you are against the AI (default 1)")
    play.add_argument("--intent", action="store_true",
                      help="show why the AI chooses each action (i toggles it in the game)")
    play.add_argument("--pace", type=_pace, default=None, metavar="SECONDS",
                      help="pause between the AI's steps (default 0.4; f toggles fast mode in the game)")

    play.add_argument("--scenario", choices=SCENARIOS, default="assault", help=SCENARIO_HELP)
    play.add_argument("--rules", type=_rule_modules, default=(), metavar="MODULES", help=RULES_HELP)
    play.add_argument("--players", type=_players, default=None, metavar="N",
                      help="3 or 4: a multiplayer battle (free-for-all on the four-corner map, or teams "
                           "with --teams); every seat is human unless named in --ai-seats")
    play.add_argument("--teams", metavar="T", default=None,
                      help="team of each player, e.g. 1,2,1,2 (teams share a start area and a VP total)")
    play.add_argument("--ai-seats", metavar="SEATS", default=None,
                      help="with --players: seats the AI plays, e.g. 2,4 (level from --ai, default normal)")
    _screen_options(play)
    play.add_argument("--vp-target", type=int, choices=(200, 300, 400), default=None,
                      help="VP that win a team battle (default 100 per player)")
    sim = sub.add_parser("sim", help="headless AI-against-AI battles")
    sim.add_argument("--scenario", choices=SCENARIOS, default="assault", help=SCENARIO_HELP)
    sim.add_argument("--rules", type=_rule_modules, default=(), metavar="MODULES", help=RULES_HELP)
    sim.add_argument("--players", type=_players, default=None, metavar="N",
                     help="2 (default), 3 or 4 bots; give --ai once or once per player")
    sim.add_argument("--teams", metavar="T", default=None,
                     help="team of each player, e.g. 1,2,1,2 (default: free-for-all)")
    sim.add_argument("--map", metavar="FILE", action="append", type=map_file,
                     help="map file or shipped map name; give it twice to offer a choice of two maps "
                          "(default: the shipped map)")
    sim.add_argument("--warband", metavar="FILE", action="append",
                     help="warband file: once (every player brings it) or once per player in seat order "
                          "(default: shipped warbands of the map's battle size)")
    sim.add_argument("--cards", metavar="FILE", action="append", help=CARDS_HELP)
    sim.add_argument("--ai", metavar="LEVEL", action="append", type=_ai_level,
                     help="bot level (random, greedy, normal, hard), once or once per player "
                          "(default: normal against random); given 3 or 4 times without --players it "
                          "means 3 or 4 players: a free-for-all, or teams with --teams (a note on stderr says so)")
    sim.add_argument("--games", type=_games, default=10, metavar="N",
                     help="battles to play; two levels swap seats every game (default 10)")
    sim.add_argument("--seed", type=int, default=0, metavar="S",
                     help="seed of every game's dice and bots: the same seed gives the same battles (default 0)")
    sim.add_argument("--json", action="store_true",
                     help="print the summary as one JSON object instead of the text report, with "
                          "\"results\": one object per game (game, seed, levels by seat, winner as a "
                          "player number or null, vp, rounds)")
    sim.add_argument("--progress", action="store_true",
                     help="print one line per finished game to stderr (default: a progress bar when stderr "
                          "is a terminal, nothing otherwise)")
    sim.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                     help="worker processes playing games side by side (default: one per core); any N gives "
                          "the same results for the same seed")
    sim.add_argument("--cluster", metavar="ADDRESS", default=None,
                     help="play the games on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 (needs "
                          "pip install 'tactica[cluster]' here and on the workers); the same results as --jobs")

    from tactica.balance.arguments import add_parser as add_balance
    add_balance(sub, _rule_modules, RULES_HELP, _jobs, CARDS_HELP, _ai_level, _games)

    saves = sub.add_parser("saves", help="list saved battles (autosaved after every action)",
                           description="List the battles of the battle store (battles.sqlite3 in the data "
                                       "folder: TACTICA_DATA_DIR or the user data folder), newest first, with "
                                       "their round, VP, rule modules and AI. Save files of older tacticas in "
                                       "its saves folder are imported once; a damaged one is named once and "
                                       "left as it is. tactica export ID --save FILE writes one as a file.")
    tidy = saves.add_mutually_exclusive_group()
    tidy.add_argument("--delete", metavar="ID", default=None, help="remove the saved battle ID (an id from the list)")
    tidy.add_argument("--prune", metavar="DAYS", type=_days, default=None,
                      help="remove the finished battles last saved more than DAYS days ago (asks nothing)")
    res = sub.add_parser("resume", help="reopen the last unfinished battle exactly where it was")
    res.add_argument("save", nargs="?", metavar="ID_OR_FILE", help="a save id from 'tactica saves' or a save file")
    _screen_options(res)
    rep = sub.add_parser("replay", help="step through a saved battle, or check it with --verify")
    rep.add_argument("file", metavar="FILE_OR_ID")
    rep.add_argument("--verify", action="store_true",
                     help="rebuild headlessly and check the recorded end state (exit 0/1)")
    exp = sub.add_parser("export", help="write a saved battle's log as Markdown or plain text, or (--save) "
                                        "the battle as one save file to share")
    exp.add_argument("file", metavar="ID_OR_FILE")
    exp.add_argument("--format", choices=("md", "text"), default="md")
    exp.add_argument("--output", "-o", metavar="OUT", help="file to write (default: standard output)")
    exp.add_argument("--save", metavar="FILE", default=None,
                     help="write the battle as one self-contained save file (tactica resume FILE and "
                          "tactica replay FILE open it) instead of its log")

    val = sub.add_parser("validate", help="check map, warband and card files")
    val.add_argument("paths", nargs="*", metavar="PATH", type=_content_path,
                     help="map, warband and card files, or folders of them, or a shipped map's name "
                          "(optional with --cards)")
    val.add_argument("--cards", metavar="FILE", action="append",
                     help="a card file of your own, or a folder of them, whose cards the warbands checked may "
                          "name (repeatable; "
                          "card files given as PATH count too)")

    pre = sub.add_parser("preview", help="draw a map file in the terminal (errors: the validator's lines)")
    pre.add_argument("file", metavar="MAP", type=map_file, help="a map file, or a shipped map's name (e.g. "
                                                               "watchtower-hill)")
    pre.add_argument("--svg", metavar="OUT", help="also write the picture as an SVG file")

    bld = sub.add_parser("build", help="build a warband from the card catalogue, save it, start a battle")
    bld.add_argument("--points", type=int, choices=(100, 200), default=None, help="point limit (default 200)")
    bld.add_argument("--faction", metavar="F", default=None, help="faction to start with")
    bld.add_argument("--edit", metavar="FILE", default=None, help="a warband file to load and save back to")
    bld.add_argument("--cards", metavar="FILE", action="append",
                     help="a card file of your own, or a folder of them: its cards join the catalogue "
                          "(repeatable)")

    cfg = sub.add_parser("config", help="show the settings file's path and the settings in force (--init: write "
                                        "a commented default file)")
    cfg.add_argument("--init", action="store_true", help="write the commented default settings file")
    cfg.add_argument("--force", action="store_true", help="with --init: write over an existing file")
    cfg.add_argument("--ai", metavar="LEVEL", type=_ai_level, default=None, help="show the settings as with play --ai")
    cfg.add_argument("--pace", type=_pace, default=None, metavar="SECONDS", help="as with play --pace")
    cfg.add_argument("--intent", action="store_true", help="as with play --intent")
    _screen_options(cfg)
    return parser


#: The commands that open a battle's screen (or the title screen) in the terminal: Python's cycle
#: collector is held off until their first frame (``client.collector``; the app releases it).
SCREEN_COMMANDS = (None, "play", "tutorial", "resume")


def _refuse_unknown_command(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """A usage error (exit 2) when ``argv``'s command is not one of tactica's, naming the command it
    most likely meant (``tactica plya``: did you mean 'play'?); returns when the command is known or
    absent (an option first, e.g. ``--version``, is left to argparse)."""
    subcommands = _subcommands(parser)
    if not argv or argv[0].startswith("-") or subcommands is None or argv[0] in subcommands.choices:
        return
    word, commands = argv[0], list(subcommands.choices)
    close = _closest(word, commands, 0.6)
    if close:
        parser.error(f"unknown command {word!r}; did you mean {close!r}? (commands: {', '.join(commands)})")
    parser.error(f"unknown command {word!r}; choose one of {', '.join(commands)}")


def _subcommands(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    """``parser``'s subcommands (argparse keeps them among its actions), or None when it has none."""
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)  # noqa: SLF001


def _closest(word: str, known: list[str], cutoff: float) -> str | None:
    """The one of ``known`` nearest ``word`` (``difflib``, at least ``cutoff`` alike), or None."""
    import difflib  # noqa: PLC0415 - only for a mistyped word
    close = difflib.get_close_matches(word, known, n=1, cutoff=cutoff)
    return close[0] if close else None


def _command_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the (sub)command ``args`` were parsed for: ``tactica balance map``'s for
    ``balance map …``, the top level's when no command was given."""
    while True:
        subcommands = _subcommands(parser)
        name = getattr(args, subcommands.dest, None) if subcommands is not None else None
        if subcommands is None or name not in subcommands.choices:
            return parser
        parser = subcommands.choices[name]


def _option_hint(command: argparse.ArgumentParser, extras: list[str]) -> str:
    """"; did you mean --games?" for the first of ``extras`` that is a misspelt option of ``command``
    (``--gmaes``), else ""."""
    known = [o for action in command._actions for o in action.option_strings if o.startswith("--")]  # noqa: SLF001
    for word in extras:
        close = _closest(word.split("=", 1)[0], known, 0.7) if word.startswith("--") else None
        if close:
            return f"; did you mean {close}?"
    return ""


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    _refuse_unknown_command(parser, sys.argv[1:] if argv is None else argv)
    args, extras = parser.parse_known_args(argv)
    if extras:  # said by the command's own parser, with its usage (not the top level's)
        command = _command_parser(parser, args)
        command.error(f"unrecognized arguments: {' '.join(extras)}{_option_hint(command, extras)}")
    if args.command not in SCREEN_COMMANDS:
        return _run(parser, args)
    from tactica.client import collector
    collector.hold()  # until the screen's first frame (``TacticaApp.on_ready``), or the way out below
    try:
        return _run(parser, args)
    finally:
        collector.release()


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the parsed command ``args`` (``parser`` reports the command line's errors); returns the exit
    status (see the module's text)."""
    try:
        if args.command is None:  # the title screen in a terminal; the help otherwise
            from tactica.tui.run import run_title
            return run_title(parser, play_opponent)
        if args.command == "tutorial":
            from tactica.tui.run import run_tutorial
            return run_tutorial(args)
        if args.command == "play":
            from tactica.tui.run import read_settings, run_play
            play_parser = getattr(args, "_parser", parser)
            read_settings(args)  # the settings file's values where the command line gives none
            if args.scenario == "sealed" and args.warband:  # SCN-SEALED builds the warbands; never ignore a file
                play_parser.error("--scenario sealed builds every warband from random packs drawn with the seed, "
                                  "so it takes no --warband (give --cards to add cards of your own to the packs)")
            args.opponent = play_opponent(args, play_parser)
            if cards_note(args):
                print(cards_note(args), file=sys.stderr)
            return run_play(args)
        if args.command == "sim":
            from tactica.sim_command import run_sim
            if cards_note(args):
                print(cards_note(args), file=sys.stderr)
            return run_sim(args)
        if args.command == "balance":
            from tactica.balance.command import run_balance
            return run_balance(args)
        if args.command == "saves":
            from tactica.saves.commands import run_saves
            return run_saves(args)
        if args.command == "replay" and args.verify:
            from tactica.saves.commands import run_verify
            return run_verify(args.file)
        if args.command in ("resume", "replay"):
            from tactica.tui.run import run_resume_or_replay
            return run_resume_or_replay(args)
        if args.command == "export":
            from tactica.client.export import run_export
            return run_export(args)
        if args.command == "validate":
            from tactica.content.validate import run_validate
            return run_validate(args)
        if args.command == "preview":
            from tactica.tui.preview import run_preview
            return run_preview(args)
        if args.command == "build":
            from tactica.tui.build import run_build
            return run_build(args)
        if args.command == "config":
            from tactica.client.settings import run_config
            from tactica.tui.themes import theme_names
            return run_config(args, theme_names())
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `tactica saves | head`: the reader has what it wanted
        try:  # no second error when Python flushes stdout at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # stdout is not a file (captured): nothing to flush there
            pass
        return 0
    parser.error(f"unknown command {args.command}")
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
