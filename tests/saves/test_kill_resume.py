"""Kill a battle at random moments; the autosave always holds the last completed action (issue 6).

Each trial forks a child that plays a seeded battle, autosaving after every
action and reporting on a pipe how many actions were saved.  The parent
kills it (SIGKILL) after a random delay, then loads the save: it must load,
replay to its recorded digest, hold at least every action the child reported
saved, and be a prefix of the battle's known action list.

The children skip ``fsync``: it makes a save survive a power cut, which no
test can cut; a killed process's writes stay in the kernel's cache either
way, so what a kill leaves behind (the write to a temporary file, then the
rename) is the same, at half the cost of each autosave.

The test kills 32 battles (one batch), enough to land kills all through a battle; the long series
(hundreds of kills) is the bench's: ``python -m bench.kill_saves --kills 240``.
"""
from __future__ import annotations

import os
import random
import signal
import time

import pytest

from tactica.saves import load_save, write_save
from tactica.saves.replay import Recorder, rebuild

from .helpers import play

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

TRIALS = 32
SEEDS = (11, 12, 13, 14)


def _child(seed: int, path, wfd: int) -> None:
    os.fsync = lambda fd: None  # this process only: see the module's docstring

    def factory(save):
        def autosave(s):
            write_save(s, path)
            os.write(wfd, f"{len(s.actions)}\n".encode())
        return Recorder(save, autosave)
    play(seed, recorder_factory=factory)
    os.write(wfd, b"done\n")


def _spawn(seed: int, path):
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(rfd)
        try:
            _child(seed, path, wfd)
        finally:
            os._exit(0)
    os.close(wfd)
    return pid, rfd


def _check(trial: int, seed: int, path, rfd: int, reference, lengths: list[int]) -> bool:
    reported = 0
    with os.fdopen(rfd) as fh:
        for line in fh.read().split():
            if line.isdigit():
                reported = int(line)
    if not path.exists():
        assert reported == 0, f"trial {trial}: {reported} actions reported saved but no file"
        return False
    save = load_save(path)
    assert reported <= len(save.actions) <= reported + 1, (trial, reported, len(save.actions))
    assert save.actions == reference[seed][:len(save.actions)]
    lengths.append(len(save.actions))
    rebuild(save)  # every digest matches: the state is exactly the recorded one
    return True


def kill_saves(folder, trials: int, batch: int = 24) -> tuple[int, list[int]]:
    """Fork ``trials`` autosaving battles in batches of ``batch``, SIGKILL each after a random delay and
    check its save (see the module's docstring); returns (saves checked, the action count of each).

    Shared by the test below and ``bench/kill_saves.py``; raises AssertionError at the first save that
    is broken, holds fewer actions than reported or is not a prefix of its battle."""
    reference = {seed: play(seed)[1].actions for seed in SEEDS}
    # spread the kills over a whole autosaved battle as long as one takes on this machine now
    began = time.monotonic()
    play(SEEDS[0], recorder_factory=lambda save: Recorder(save, lambda s: write_save(s, folder / "probe.json")))
    span = max(0.3, 2.5 * (time.monotonic() - began))
    rng = random.Random(2026)
    checked = 0
    lengths: list[int] = []
    for first in range(0, trials, batch):
        running = []
        for trial in range(first, min(first + batch, trials)):
            seed = SEEDS[trial % len(SEEDS)]
            path = folder / f"trial{trial}.json"
            pid, rfd = _spawn(seed, path)
            running.append((rng.uniform(0.0, span), trial, seed, path, pid, rfd))
        start = time.monotonic()
        for delay, _, _, _, pid, _ in sorted(running):
            time.sleep(max(0.0, start + delay - time.monotonic()))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        for _, trial, seed, path, _, rfd in running:
            checked += _check(trial, seed, path, rfd, reference, lengths)
        for p in folder.iterdir():  # a kill mid-write may leave a temp file, never a broken save
            if p.name.startswith("."):
                p.unlink()
    return checked, lengths


def test_resume_after_kill_brings_back_last_completed_action(tmp_path):
    checked, lengths = kill_saves(tmp_path, TRIALS, batch=TRIALS)
    assert checked > TRIALS // 2
    # the kills land all through the battles, not only at their start
    assert len(set(lengths)) >= 10, sorted(set(lengths))
