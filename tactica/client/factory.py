"""BattleFactory: makes GameSessions for the app (no Textual here).

A quick start uses the loaded warbands and maps with automatic set-up
(``tactica.ai.setup.auto_setup``); a custom battle starts at the setup roll
with the players' own choices.  Seeds: the given one for the first battle
(then one more for each new battle), or a random one when none was given.
"""
from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from tactica.content import catalogue_with, load_catalogue
from tactica.engine import MapDef, WarbandDef, module_conflict, sealed_warbands
from tactica.saves.autosave import AutoSaver

from .content import BattleContentError, Choices, load_battle, load_multi, setup_choices
from .opponent import Opponent
from .saving import record_new
from .session import GameSession


@dataclass
class BattleFactory:
    """Makes the sessions of one ``tactica play`` run.

    Attributes:
        warbands: player 1's and player 2's warbands for a quick start.
        maps: the maps brought for a quick start.
        seed: the first battle's seed, or None for random seeds.
        saver: autosaves every battle it makes (``tactica play``), or None.
        map_files: map id -> file of the ``--map`` files (live reload).
        opponent: the AI every battle is played against, or None for hot-seat.
        scenario: the victory rules of every battle (SCN-*; ``--scenario``);
            "sealed" replaces the warbands of every battle by ones built
            from pools drawn with that battle's seed (SCN-SEALED).
        teams: team of each player (SCN-MULTI; empty: each on its own).
        vp_target: VP a team needs (None: 100 per player).
        modules: the optional rule modules of every battle (``--rules``).
        catalogue: the cards Sealed packs are drawn from (card id -> card;
            None: the shipped cards; ``--cards`` adds the players' own).
    """

    warbands: tuple[WarbandDef, ...]
    maps: tuple[MapDef, ...]
    seed: int | None = None
    saver: AutoSaver | None = None
    map_files: dict[str, str] = field(default_factory=dict)
    opponent: Opponent | None = None
    scenario: str = "assault"
    teams: tuple[int, ...] = ()
    vp_target: int | None = None
    modules: tuple[str, ...] = ()
    catalogue: dict | None = None
    _count: int = field(default=0, repr=False)

    def next_seed(self) -> int:
        """The seed of the next battle."""
        self._count += 1
        if self.seed is None:
            return random.SystemRandom().randrange(1, 1_000_000)
        return self.seed + self._count - 1

    def quick(self) -> GameSession:
        """A battle with set-up done automatically, waiting for the first initiative choice."""
        return self._start(self.warbands, self.maps, quick=True, scenario=self.scenario)

    def custom(self, warbands: tuple[WarbandDef, ...], maps: tuple[MapDef, ...],
               scenario: str | None = None) -> GameSession:
        """A battle of the chosen warbands and maps, waiting at the first set-up decision.

        ``scenario`` (from the setup screen) overrides the factory's.
        """
        return self._start(warbands, maps, quick=False, scenario=scenario or self.scenario)

    def _start(self, warbands, maps, *, quick: bool, scenario: str) -> GameSession:
        seed = self.next_seed()
        if scenario == "sealed":  # SCN-SEALED: every player's pool drawn with the battle's seed
            warbands = sealed_battle(seed, len(warbands), self.catalogue)
        return self._saved(GameSession.start(warbands, maps, seed, quick=quick, scenario=scenario,
                                             teams=self.teams, vp_target=self.vp_target,
                                             modules=self.modules))

    def _saved(self, session: GameSession) -> GameSession:
        """Attach the run's map files, AI and autosave to ``session``."""
        session.map_files = dict(self.map_files)
        session.opponent = self.opponent
        if self.saver is not None:
            record_new(session, self.saver)
        return session

    def choices(self) -> Choices:
        """The maps and warbands for the setup screen: this run's own first, then the shipped ones.

        Raises BattleContentError when a shipped file is broken.
        """
        shipped = setup_choices()

        def merged(own, more):
            out = list(own)
            for item in more:
                if all(item.name != o.name for o in out):
                    out.append(item)
            return tuple(out)

        return Choices(maps=merged(self.maps, shipped.maps), warbands=merged(self.warbands, shipped.warbands))


def sealed_battle(seed: int, players: int = 2, catalogue: dict | None = None) -> tuple[WarbandDef, ...]:
    """The Sealed warbands of a battle seeded ``seed`` (SCN-SEALED): each player's two packs
    drawn from ``catalogue`` (None: the shipped cards) with ``seed``, each built into a legal
    200-point warband."""
    _, warbands = sealed_warbands(catalogue if catalogue is not None else load_catalogue(), seed, players)
    return warbands


def make_factory(args: argparse.Namespace) -> BattleFactory:
    """The BattleFactory for the parsed ``tactica play`` arguments.

    Args:
        args: ``map`` and ``warband`` (lists of files or None), ``cards`` (card files or None),
            ``players`` (2-4), ``team_list``, ``seed``, ``opponent``, ``scenario``, ``vp_target``;
            any may be missing (the defaults of ``tactica play``).
    Raises BattleContentError (``client.content``) when a file is bad, the files do not make a
    battle (WB-8, SCN-MULTI, SCN-SEALED), or a map's rule modules cannot be on with ``--rules``.
    """
    players = getattr(args, "players", None) or 2
    teams = tuple(getattr(args, "team_list", None) or ())
    cards = getattr(args, "cards", None) or ()
    if players > 2:  # SCN-MULTI
        warbands, maps = load_multi(getattr(args, "map", None), getattr(args, "warband", None), players, teams,
                                    cards)
    else:
        warbands, maps = load_battle(getattr(args, "map", None), getattr(args, "warband", None), cards)
    modules = tuple(getattr(args, "rules", None) or ())
    files = getattr(args, "map", None) or ()
    clashes = [f"{files[i]}: {clash}" if i < len(files) else clash
               for i, m in enumerate(maps) if (clash := module_conflict(modules + m.rules))]
    if clashes:  # a map's rules: with --rules (G5E-SPLIT: grid35 and grid5e never together)
        raise BattleContentError([f"error: {line}" for line in clashes], usage=True)
    catalogue = None
    if cards:  # SCN-SEALED: the players' own cards join the packs too
        catalogue = catalogue_with(cards)  # read and checked once already, by load_battle
    return BattleFactory(warbands=warbands, maps=maps, seed=getattr(args, "seed", None),
                         opponent=getattr(args, "opponent", None),
                         scenario=getattr(args, "scenario", None) or "assault",
                         teams=teams, vp_target=getattr(args, "vp_target", None), catalogue=catalogue,
                         modules=modules)
