"""The registry of opponent levels: ``make_bot(level, seed) -> Bot``."""
from __future__ import annotations

from .base import Bot
from .greedy import GreedyBot
from .hard import HardBot
from .normal import NormalBot
from .random_bot import RandomBot

#: Level name -> bot class, weakest first.
LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "normal": NormalBot,
                                "hard": HardBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """Return a new bot of ``level`` ("random", "greedy", "normal", "hard") seeded with ``seed``.

    Each call returns an independent object (no shared state), safe to use
    from a worker thread.  Raises ValueError for an unknown level.
    """
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return cls(seed)


__all__ = ["LEVELS", "Bot", "make_bot"]
