"""Rule modules: the registry of every module a battle may switch on (see ``modules.base``).

``REGISTRY`` maps a module's name to the module; ``book(names)`` gives the
``RuleBook`` for a battle's ``Ruleset.modules`` (the core ``skirmish``
first, always on); ``book_of(state)`` the book of a battle;
``unknown_modules(names)`` the names no module has (for loaders and the
command line to refuse).
"""
from __future__ import annotations

from functools import lru_cache

from ..state import GameState
from .base import BARRED, Moment, MoveTally, RuleBook, RuleModule, Step
from .grid35 import Grid35, Grid35Simple
from .skirmish import Skirmish

#: The core module's name: always on, asked first.
CORE = "skirmish"

#: Every rule module by name (the core included).
REGISTRY: dict[str, RuleModule] = {m.name: m for m in (Skirmish(), Grid35(), Grid35Simple())}

#: The optional modules' names, in the order a help text lists them.
OPTIONAL_MODULES: tuple[str, ...] = tuple(name for name in REGISTRY if name != CORE)


def unknown_modules(names: tuple[str, ...] | list[str]) -> list[str]:
    """The names in ``names`` that no registered module has, in their order (empty: all known)."""
    return [n for n in names if n not in REGISTRY]


@lru_cache(maxsize=32)
def book(names: tuple[str, ...] = ()) -> RuleBook:
    """The rule book of the modules ``names`` (the core first, each name once, in order).

    Raises ValueError naming the unknown modules when a name has no module.
    """
    unknown = unknown_modules(names)
    if unknown:
        raise ValueError(f"unknown rule module(s): {', '.join(unknown)} "
                         f"(known: {', '.join(OPTIONAL_MODULES)})")
    order = [CORE] + [n for i, n in enumerate(names) if n != CORE and n not in names[:i]]
    return RuleBook(tuple(REGISTRY[n] for n in order))


def active_modules(state: GameState) -> tuple[str, ...]:
    """The optional rule modules ``state``'s battle plays with, by name, in the order asked (the
    core ``skirmish`` left out; empty: the skirmish rules alone).  For headers and help lines."""
    return book_of(state).names[1:]


def book_of(state: GameState) -> RuleBook:
    """The rule book of ``state``'s battle: the modules of its ``rules.modules``, then those its
    chosen map switches on (``MapDef.rules``; none before a map is chosen)."""
    if state.map is None or not state.map.rules:
        return book(state.rules.modules)
    return book(state.rules.modules + state.map.rules)


__all__ = ["BARRED", "CORE", "OPTIONAL_MODULES", "REGISTRY", "Moment", "MoveTally", "RuleBook", "RuleModule", "Step",
           "active_modules", "book", "book_of", "unknown_modules"]
