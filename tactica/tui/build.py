"""``tactica build``: the warband builder app, then (if asked) a battle with the result.

``run_build`` loads the catalogue (and ``--edit``'s warband), runs
``BuilderApp`` and prints the path of every file saved.  When the player
chose "Save & battle", it hands over to ``tactica play`` (``run.run_play``)
with the saved warband against a shipped opponent of the same point limit
on a shipped map of the right size (WB-8: 100-point battles use a half-size
map), played by the AI level or the second player the builder asked for
(the AI's ``normal`` by default, as ``tactica play``).  Content problems
print as ``path:line:col: error: …`` and exit 1.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import App

from tactica.client.builder_battle import default_map, default_opponent, other_side
from tactica.content import ContentError, catalogue_with, load_warband
from tactica.content.draft import WarbandDraft
from tactica.content.schema import did_you_mean
from tactica.engine import FACTIONS, CreatureCard

from .screens.builder import BuilderScreen, BuildResult


class BuilderApp(App[BuildResult]):
    """A thin app that shows the builder screen and exits with its ``BuildResult``.

    Args:
        catalogue: card id -> card.
        draft: the warband to start from.
        save_path: ``--edit``'s file, or None for the user's data folder.
    """

    TITLE = "tactica · warband builder"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, catalogue: dict[str, CreatureCard], draft: WarbandDraft | None = None,
                 save_path: Path | None = None) -> None:
        super().__init__()
        self.catalogue, self.draft, self.save_path = catalogue, draft, save_path

    def on_mount(self) -> None:
        """Show the builder; its BuildResult becomes the app's return value."""
        self.push_screen(BuilderScreen(self.catalogue, self.draft, self.save_path, other_side), self.exit)


def _starting_draft(args: argparse.Namespace, catalogue: dict[str, CreatureCard]) -> WarbandDraft:
    """The draft ``--edit``, ``--points`` and ``--faction`` ask for (raises ContentError, ValueError)."""
    draft = WarbandDraft()
    if args.edit:
        draft = WarbandDraft.from_def(load_warband(args.edit, catalogue))
    if args.points:
        draft.points = args.points
    if args.faction:
        if args.faction not in FACTIONS:
            hint = did_you_mean(args.faction, FACTIONS) or f"; expected one of: {', '.join(FACTIONS)}"
            raise ValueError(f"unknown faction '{args.faction}'{hint}")
        draft.faction = args.faction
    return draft


def run_build(args: argparse.Namespace, app_factory=BuilderApp) -> int:
    """Run ``tactica build``; returns the process exit status.

    Args:
        args: ``points`` (100, 200 or None), ``faction`` (or None), ``edit``
            (a warband file or None), ``cards`` (card files of one's own,
            whose cards join the catalogue, or None).
        app_factory: makes the app (tests pass a stand-in).
    Returns 0 after leaving the builder (or the battle's status when one was
    started), 1 for broken content, 2 for a bad ``--faction``.
    """
    try:
        catalogue = catalogue_with(getattr(args, "cards", None) or ())
        draft = _starting_draft(args, catalogue)
    except ContentError as err:
        print(err, file=sys.stderr)
        return 1
    except ValueError as err:
        print(f"tactica build: error: {err}", file=sys.stderr)
        return 2
    app = app_factory(catalogue, draft, Path(args.edit) if args.edit else None)
    result = app.run()
    if not isinstance(result, BuildResult) or result.saved is None:
        return 0
    print(f"saved {result.saved}")
    if not result.battle:
        return 0
    try:
        opponent, battle_map = default_opponent(draft.points, draft.faction), default_map(draft.points)
    except (ContentError, StopIteration, ValueError):
        print(f"tactica build: error: no shipped opponent or map for {draft.points} points", file=sys.stderr)
        return 1
    from tactica.client.opponent import DEFAULT_PACE, Opponent  # noqa: PLC0415 - only when asked for

    from .run import run_play  # noqa: PLC0415

    cards = list(getattr(args, "cards", None) or ())
    human = result.opponent == "human"
    play = argparse.Namespace(command="play", map=[str(battle_map)], warband=[str(result.saved), str(opponent)],
                              seed=None, setup=False, new=True, cards=cards,
                              # as tactica play: the builder's warband is player 1, the AI player 2
                              opponent=None if human else Opponent(level=result.opponent, player=1,
                                                                   pace=DEFAULT_PACE))
    print(f"tactica play --map {battle_map} --warband {result.saved} --warband {opponent}"
          + "".join(f" --cards {c}" for c in cards) + (" --hotseat" if human else f" --ai {result.opponent}"))
    return run_play(play)
