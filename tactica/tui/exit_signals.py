"""SIGTERM and SIGHUP end a tactica app the ordinary way, so Textual restores the terminal (issue 22).

A process ended by a signal's default action leaves the terminal in Textual's
modes (alternate screen on, cursor hidden, mouse tracking on).  ``watch``
has the app's own event loop call back on SIGTERM and SIGHUP instead; the
callback saves what it must and calls ``App.exit`` with the exit status a
shell gives a process the signal ended (128 + its number: 143, 129).
"""
from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable

#: The exit status after each signal that ends the app: 128 + the signal's number, as a shell says.
EXIT_ON_SIGNAL: dict[signal.Signals, int] = {
    sig: 128 + int(sig) for sig in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
    if sig is not None}

#: The exit status after Ctrl+C (README: "130 after Ctrl+C").
EXIT_INTERRUPTED = 130


def watch(on_signal: Callable[[int], None]) -> list[signal.Signals]:
    """Have the running event loop call ``on_signal(status)`` on SIGTERM (status 143) and SIGHUP
    (129); returns the signals watched, for ``unwatch``.  Call from the app's ``on_mount`` (the
    loop of the main thread).  Where the loop cannot watch signals (another thread, another
    platform) nothing changes and fewer, or no, signals are returned."""
    loop = asyncio.get_running_loop()
    watched: list[signal.Signals] = []
    for sig, status in EXIT_ON_SIGNAL.items():
        try:
            loop.add_signal_handler(sig, on_signal, status)
        except (NotImplementedError, RuntimeError, ValueError):
            break
        watched.append(sig)
    return watched


def unwatch(watched: list[signal.Signals]) -> None:
    """Stop watching ``watched`` (from ``watch``; emptied): call from the app's ``on_unmount``.
    The signals' default actions hold again until the caller puts back handlers of its own."""
    loop = asyncio.get_running_loop()
    for sig in watched:
        loop.remove_signal_handler(sig)
    watched.clear()
