"""What ``tactica play``, ``resume`` and ``replay`` do around the screen: the autosave lifetime of a
run, the battle to offer or open, the farewell line (no Textual here; ``tactica.tui.run`` starts
the screens).

A damaged or unknown save ends with one ``error: …`` line and exit status
1; the file is only read.  ``autosaving()`` owns the AutoSaver of one run:
it holds the battle store's connection, closed when the app ends (every
action is committed as it is made, so nothing is pending).  While the app runs,
SIGTERM and SIGHUP are the app's (``tui.app.TacticaApp``: save, then close
the screen properly, exit 143 / 129); outside it (before the first screen,
after the last) they write what is pending before the default action of the
signal ends the process.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from tactica.content.limits import clean_text
from tactica.saves.autosave import AutoSaver
from tactica.saves.codec import SaveError
from tactica.saves.commands import opened_store
from tactica.saves.db import StoreError, open_store
from tactica.saves.replay import rebuild

from .saving import OpenedSave, describe_save, open_save

_SIGNALS = tuple(s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM) if s is not None)


@contextmanager
def autosaving() -> Iterator[AutoSaver]:
    """An AutoSaver for the duration of the block; pending saves are flushed on exit and on SIGHUP/SIGTERM."""
    saver = AutoSaver()
    previous: dict[int, Callable[[int, FrameType | None], Any] | int | None] = {}

    def flush_then_die(signum: int, _frame: FrameType | None) -> None:
        saver.flush(2.0)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    if threading.current_thread() is threading.main_thread():
        for sig in _SIGNALS:
            previous[sig] = signal.signal(sig, flush_then_die)
    try:
        yield saver
    finally:
        saver.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def continue_offer(args: argparse.Namespace) -> OpenedSave | None:
    """The newest unfinished battle of the store to offer at ``tactica play``, or None (``--new``,
    none, or unusable).

    Opens the store first (which imports the old saves folder's new files, each refused file named
    once on standard error), even with ``--new``, so that a store that cannot be used is said before
    the screen opens: raises StoreError (one line).  Battles that cannot be used (a damaged row, a
    battle that no longer replays) are skipped, never in the way of a battle: one ``note:`` line on
    standard error names them, left on the terminal above the screen."""
    with opened_store() as store:
        if getattr(args, "new", False):
            return None
        infos = store.battles()
        skipped = [i.id for i in infos if i.problem]
        offer = None
        for info in infos:  # newest first: the first unfinished battle that also replays
            if info.problem or info.over:
                continue
            try:
                save = store.load(info.id)
                offer = OpenedSave(None, save, rebuild(save))
                break
            except SaveError:
                skipped.append(info.id)
    if skipped:
        names = ", ".join(clean_text(n) for n in skipped[:3])
        if len(skipped) > 3:
            names += f" and {len(skipped) - 3} more"
        print(f"note: {len(skipped)} saved battle{'s' if len(skipped) != 1 else ''} cannot be used and "
              f"{'were' if len(skipped) != 1 else 'was'} skipped: {names} (tactica saves says why)", file=sys.stderr)
    return offer


def newest_unfinished(exclude: str | None = None) -> OpenedSave | None:
    """The newest unfinished battle of the store that replays, other than the battle ``exclude``
    (the one on screen), opened; None when there is none or the store cannot be used."""
    try:
        with open_store(import_saves=False) as store:
            for info in store.battles():
                if info.problem or info.over or info.id == exclude:
                    continue
                try:
                    save = store.load(info.id)
                    return OpenedSave(None, save, rebuild(save))
                except SaveError:
                    continue
    except StoreError:
        return None
    return None


def open_to_resume_or_replay(args: argparse.Namespace) -> OpenedSave | int:
    """The battle ``tactica resume [ID_OR_FILE]`` or ``tactica replay FILE_OR_ID`` opens, or the exit
    status when there is none to open (the reason printed: no unfinished battle, a damaged or unknown
    save, a store that cannot be used, a finished battle to resume).

    Args:
        args: ``command`` ("resume" or "replay"), ``save`` (resume: id, file or None for the newest
            unfinished battle) or ``file`` (replay: id or file).
    Returns the OpenedSave (``saving.open_save``) or 1.  Reads files only.
    """
    resuming = args.command == "resume"
    ref = getattr(args, "save", None) if resuming else args.file
    try:
        if resuming and ref is None:
            with opened_store() as store:
                infos = store.battles()
            if not any(not i.problem and not i.over for i in infos):
                print("No unfinished battle to resume. Start one with: tactica play   "
                      "(tactica saves lists saved battles; tactica replay ID watches a finished one)")
                for info in infos:
                    if info.problem:
                        print(f"  not resumable — {info.problem}")
                return 1
        opened = open_save(ref)
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if resuming and opened.rebuilt.final.is_over:
        print(f"error: {opened.save.id} is finished ({describe_save(opened)}); "
              f"watch it with: tactica replay {opened.save.id}", file=sys.stderr)
        return 1
    return opened


def farewell(app: object) -> None:
    """After the app closed: say where an unfinished battle is saved and how to go on.

    ``app``: the finished app; its ``session`` attribute (a GameSession, or absent/None when no
    battle began) is read.  Prints two lines (each within 80 columns, so a terminal never breaks the
    command to type), or nothing for a finished or unsaved battle."""
    session = getattr(app, "session", None)
    if session is None or session.recorder is None or session.state.is_over:
        return
    print(f"Battle saved as {session.save_id} (round {session.state.round}, "
          f"VP {'–'.join(map(str, session.state.vp))}).\nContinue it with: tactica resume")
