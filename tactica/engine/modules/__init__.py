"""Rule modules: the registry of every module a battle may switch on (see ``modules.base``).

``REGISTRY`` maps a module's name to the module; ``book(names)`` gives the
``RuleBook`` for a battle's ``Ruleset.modules`` (the core ``skirmish``
first, always on); ``book_of(state)`` the book of a battle;
``unknown_modules(names)`` the names no module has and ``conflict(names)``
why modules named together cannot play together (for loaders and the command
line to refuse).
"""
from __future__ import annotations

from functools import lru_cache

from ..state import GameState
from .base import (
    BARRED,
    MOMENT_ACTIVATION_ENDED,
    MOMENT_ACTIVATION_STARTED,
    MOMENT_ROUND_ENDED,
    MOMENT_ROUND_STARTED,
    SAFE,
    SERVICES,
    Moment,
    MoveTally,
    RuleBook,
    RuleModule,
    SquareRisk,
    Step,
)
from .grid5e import Grid5e
from .grid35 import Grid35, Grid35Simple
from .skirmish import Skirmish
from .underground import Underground

#: The core module's name: always on, asked first.
CORE = "skirmish"

#: Every rule module by name (the core included).
REGISTRY: dict[str, RuleModule] = {m.name: m for m in (Skirmish(), Grid35(), Grid35Simple(), Grid5e(),
                                                         Underground())}

#: The kinds of action rule modules add, each with its module's name (UG-RUBBLE: Dig).
MODULE_ACTIONS: dict[type, str] = {kind: m.name for m in REGISTRY.values() for kind in m.action_kinds}

#: The optional modules' names, in the order a help text lists them.
OPTIONAL_MODULES: tuple[str, ...] = tuple(name for name in REGISTRY if name != CORE)


def unknown_modules(names: tuple[str, ...] | list[str]) -> list[str]:
    """The names in ``names`` that no registered module has, in their order (empty: all known)."""
    return [n for n in names if n not in REGISTRY]


def conflict(names: tuple[str, ...] | list[str]) -> str | None:
    """Why the modules ``names`` cannot be switched on together, or None when they can.

    Two modules conflict when one lists the other in its ``excludes`` (grid35
    and grid5e both price diagonals and difficult terrain).  Unknown names are
    ``unknown_modules``' business and are skipped here.
    """
    known = [REGISTRY[n] for n in dict.fromkeys(names) if n in REGISTRY]
    for i, a in enumerate(known):
        for b in known[i + 1:]:
            if b.name in a.excludes or a.name in b.excludes:
                return (f"rule modules {a.name} and {b.name} cannot be on together: "
                        f"both price diagonals and difficult terrain (choose one)")
    return None


@lru_cache(maxsize=32)
def book(names: tuple[str, ...] = ()) -> RuleBook:
    """The rule book of the modules ``names`` (the core first, each name once, in order).

    Raises ValueError naming the unknown modules when a name has no module, or
    saying which two conflict (``conflict``).
    """
    unknown = unknown_modules(names)
    if unknown:
        raise ValueError(f"unknown rule module(s): {', '.join(unknown)} "
                         f"(known: {', '.join(OPTIONAL_MODULES)})")
    clash = conflict(names)
    if clash:
        raise ValueError(clash)
    order = [CORE] + [n for i, n in enumerate(names) if n != CORE and n not in names[:i]]
    return RuleBook(tuple(REGISTRY[n] for n in order))


def active_modules(state: GameState) -> tuple[str, ...]:
    """The optional rule modules ``state``'s battle plays with, by name, in the order asked (the
    core ``skirmish`` left out; empty: the skirmish rules alone).  For headers and help lines."""
    return book_of(state).names[1:]


def book_of(state: GameState) -> RuleBook:
    """The rule book of ``state``'s battle: the modules of its ``rules.modules``, then those its
    chosen map switches on (``MapDef.rules``; none before a map is chosen).

    Found once and kept beside the state's fields with the map and rules it was found for (copies
    share it; a state whose map or rules differ finds its own)."""
    d = state.__dict__
    m, rules = d["map"], d["rules"]
    kept = d.get("_book")
    if kept is not None and kept[0] is m and kept[1] is rules:
        found: RuleBook = kept[2]
        return found
    found = book(rules.modules) if m is None or not m.rules else book(rules.modules + m.rules)
    d["_book"] = (m, rules, found)
    return found


SERVICES.book_of = book_of  # for the modules that must ask the book (underground: grid5e's prone rules)

__all__ = ["BARRED", "CORE", "MODULE_ACTIONS", "SERVICES", "SAFE",
           "MOMENT_ACTIVATION_ENDED", "MOMENT_ACTIVATION_STARTED", "MOMENT_ROUND_ENDED", "MOMENT_ROUND_STARTED",
           "OPTIONAL_MODULES", "REGISTRY", "Moment", "MoveTally", "RuleBook", "RuleModule", "SquareRisk", "Step",
           "active_modules", "book", "book_of", "conflict", "unknown_modules"]
