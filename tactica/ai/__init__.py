"""Opponents and automatic choices: clients of the engine API, never rule-deciders.

``make_bot(level, seed).choose(state)`` returns the action of a ``random``,
``greedy``, ``normal`` or ``hard`` opponent; ``tactica.ai.sim`` plays
headless battles between them.

The bots are imported when one of these names is first used (``__getattr__``), not with the
package: ``tactica play``'s quick start needs only ``tactica.ai.setup`` before its battle's first
frame, and the AI's modules load when it first thinks (issue 21, ``tests/test_startup_imports.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .bots import LEVELS, Bot, make_bot

__all__ = ["LEVELS", "Bot", "make_bot"]


def __getattr__(name: str) -> object:
    """``LEVELS``, ``Bot`` or ``make_bot`` of ``tactica.ai.bots`` (imported at the first such use);
    raises AttributeError for any other name."""
    if name in __all__:
        from . import bots
        return getattr(bots, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
