"""Proportions with 95% intervals: a win rate and the difference of two (``tactica balance``).

Win rates are binomial proportions; their interval is Wilson's score
interval, which stays inside 0..1 and behaves with few battles or rates
near 0 or 1.  A difference of two independent rates (a card's side with
it against sides without it) takes Newcombe's hybrid interval built from
the two Wilson intervals.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval (low, high) for ``wins`` of ``games`` (0..1 each; (0, 1) with no games).

    Raises ValueError when ``wins`` is negative or more than ``games``.
    """
    if wins < 0 or wins > games:
        raise ValueError(f"{wins} wins of {games} games")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """A win rate: ``wins`` (a draw counts one half) of ``games``, with its 95% interval.

    Attributes: wins, games; properties ``rate`` (0..1; 0.5 with no games), ``low``, ``high``.
    """

    wins: float
    games: int

    @property
    def rate(self) -> float:
        """wins / games (0.5 when no battle was played: nothing known)."""
        return self.wins / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval (low, high)."""
        return wilson(self.wins, self.games)

    @property
    def low(self) -> float:
        """The interval's low end."""
        return self.interval[0]

    @property
    def high(self) -> float:
        """The interval's high end."""
        return self.interval[1]

    def __str__(self) -> str:
        if not self.games:
            return "—"
        low, high = self.interval
        return f"{self.rate:.0%} ({low:.0%}–{high:.0%}, n={self.games})"

    def as_dict(self) -> dict[str, float | int]:
        """JSON-ready: wins, games, rate, low, high (rates rounded to 4 places)."""
        low, high = self.interval
        return {"wins": self.wins, "games": self.games, "rate": round(self.rate, 4),
                "low": round(low, 4), "high": round(high, 4)}


@dataclass(frozen=True)
class Difference:
    """The difference ``with_ - without`` of two independent win rates, with its 95% interval
    (Newcombe's hybrid score method from the two Wilson intervals)."""

    with_: Rate
    without: Rate

    @property
    def value(self) -> float:
        """The difference of the rates (−1..1)."""
        return self.with_.rate - self.without.rate

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval (low, high); (−1, 1) when either side has no games."""
        if not self.with_.games or not self.without.games:
            return -1.0, 1.0
        p1, (l1, u1) = self.with_.rate, self.with_.interval
        p2, (l2, u2) = self.without.rate, self.without.interval
        d = p1 - p2
        return d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.value:+.0%} ({low:+.0%} to {high:+.0%})"
