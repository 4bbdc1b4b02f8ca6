"""Battles played by the AIs at full speed in a child process, SIGKILLed at random moments (issue 22).

Shared by ``tests/saves/test_kill_journal.py`` (a few kills, so the suite stays fast) and
``bench/kill_battles.py`` (hundreds).  Each child plays a seeded battle between two ``random`` AIs
through the client's own path (``GameSession`` + ``saving.record_new`` with a real ``AutoSaver``
writing to the battle store) and, after each ``GameSession.apply`` returns — the moment the battle
screen would show the result — writes the number of actions on a pipe.  The parent kills it after
a random delay, then loads the battle from the store (``db.BattleStore.load``): every action the
child reported shown must be there, the actions must be the battle's own (a prefix of the same
seed's battle played without a kill), and the battle must replay to its recorded digest.
"""
from __future__ import annotations

import os
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

from tactica.ai import make_bot
from tactica.client.saving import record_new
from tactica.client.session import GameSession
from tactica.saves import db
from tactica.saves.autosave import AutoSaver
from tactica.saves.replay import rebuild

from .helpers import small_setup


def battle(seed: int, report: int | None = None, save: bool = False) -> list:
    """Play battle ``seed`` (two ``random`` AIs, quick setup) to its end; returns its actions.

    With ``save``, it is autosaved as ``tactica play`` does; with ``report`` (a file descriptor),
    the action count is written there as one line after every action applied."""
    wbs, maps, _ = small_setup()
    session = GameSession.start(wbs, maps, seed)
    saver = AutoSaver() if save else None
    if saver is not None:
        record_new(session, saver)
    bots = [make_bot("random", 2 * seed + p) for p in range(len(wbs))]
    while not session.state.is_over:
        state = session.state
        session.apply(bots[state.decider].choose(state))
        if report is not None:
            os.write(report, f"{len(session.actions)}\n".encode())
    if saver is not None:
        saver.close()
    return list(session.actions)


@dataclass
class KillFigures:
    """What a run of kills measured."""

    kills: int = 0
    checked: int = 0            # kills that left a save (a kill before the first write leaves none)
    shown: int = 0              # actions reported shown, over all kills
    lost: int = 0               # of those, missing from the save after the kill
    ahead: int = 0              # kills where the store held an action not yet reported shown
    lengths: set[int] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)


def _child(seed: int, data_dir: Path, wfd: int, fsync: bool) -> None:
    os.environ["TACTICA_DATA_DIR"] = str(data_dir)
    if not fsync:  # a kill keeps what reached the kernel; fsync only matters for a power cut
        db.SYNCHRONOUS = "OFF"
    battle(seed, report=wfd, save=True)
    os.write(wfd, b"done\n")


def kill_battles(kills: int, base: Path, *, seeds: tuple[int, ...] = (1, 2, 3, 4), rng_seed: int = 22,
                 batch: int = 8, fsync: bool = False) -> KillFigures:
    """SIGKILL ``kills`` AI battles at random moments, each in its own folder below ``base``."""
    reference = {seed: battle(seed) for seed in seeds}
    began = time.monotonic()
    battle(seeds[0], save=False)
    span = max(0.3, 2.0 * (time.monotonic() - began))  # a saved battle runs slower than this one
    rng = random.Random(rng_seed)
    figures = KillFigures()
    for first in range(0, kills, batch):
        running = []
        for trial in range(first, min(first + batch, kills)):
            seed = seeds[trial % len(seeds)]
            folder = base / f"kill{trial}"
            rfd, wfd = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(rfd)
                try:
                    _child(seed, folder, wfd, fsync)
                finally:
                    os._exit(0)
            os.close(wfd)
            running.append((rng.uniform(0.0, span), trial, seed, folder, pid, rfd))
        start = time.monotonic()
        for delay, _, _, _, pid, _ in sorted(running):
            time.sleep(max(0.0, start + delay - time.monotonic()))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        for _, trial, seed, folder, _, rfd in running:
            _check(trial, seed, folder, rfd, reference[seed], figures)
    return figures


def _check(trial: int, seed: int, folder: Path, rfd: int, reference: list, figures: KillFigures) -> None:
    figures.kills += 1
    with os.fdopen(rfd) as fh:
        lines = fh.read().split()
    shown = max((int(x) for x in lines if x.isdigit()), default=0)
    path = folder / db.STORE_NAME
    battles = []
    if path.exists():
        with db.BattleStore(path) as store:
            battles = [store.load(info.id) for info in store.battles()]
    if not battles:
        if shown:
            figures.problems.append(f"kill {trial}: {shown} actions shown but no save")
            figures.lost += shown
        return
    figures.checked += 1
    figures.shown += shown
    save = battles[0]
    n = len(save.actions)
    figures.lengths.add(n)
    if n > shown:
        figures.ahead += 1
    if n < shown:
        figures.lost += shown - n
        figures.problems.append(f"kill {trial}: {shown} actions shown, {n} in the save")
    if save.actions != reference[:n]:
        figures.problems.append(f"kill {trial}: the saved actions are not the battle's")
    try:
        rebuild(save)
    except Exception as exc:  # a SaveError above all: report it with the others
        figures.problems.append(f"kill {trial}: the save does not replay ({exc})")
