"""Python's cycle collector held off while a screen starts (issue 21: a faster first frame).

Before its first frame ``tactica play`` makes some 100,000 objects that live as long as the
program (modules, classes, the engine's values, Textual's styles and widgets) and almost no
garbage in cycles (about 1,600 objects).  The cycle collector runs every few hundred new objects
all the same, and each of its passes walks the young objects, now and then all of them: some
150 passes before the battle's first frame, about a tenth of the start's CPU time.

``hold()`` turns the collector off for the start (the command line calls it before it imports
the interface); ``release(freeze=True)`` is called once the first frame is on the screen
(``TacticaApp.on_ready``): it moves every object made so far into the collector's permanent
generation (``gc.freeze``: the long-lived objects are never walked again, so the passes made
while the battle is played are shorter too; the start's few cycles of garbage are kept) and
turns the collector back on.  ``release()`` without ``freeze`` (the command line's way out, on
any path) only turns it back on.  Reference counting frees every other object as before.
Nothing here changes what the program does, only when memory in cycles is reclaimed.
"""
from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Turn the cycle collector off until ``release``; nothing when it is already off."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release(freeze: bool = False) -> bool:
    """Turn the cycle collector back on if ``hold`` turned it off; with ``freeze``, first move every
    object made so far into its permanent generation (``gc.freeze``).

    Returns True when it was held (and is now on again), False when there was nothing to release.
    """
    global _held
    if not _held:
        return False
    _held = False
    if freeze:
        gc.freeze()
    gc.enable()
    return True


def held() -> bool:
    """Whether ``hold`` turned the collector off and it has not been released yet."""
    return _held


__all__ = ["held", "hold", "release"]
