"""Win rates with 95% intervals (``tactica.balance.stats``): Wilson's and Newcombe's intervals."""
from __future__ import annotations

import pytest

from tactica.balance.stats import Difference, Rate, wilson


def test_wilson_interval_matches_worked_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_a_rate_counts_draws_as_half_and_says_itself_in_words():
    r = Rate(2.5, 5)
    assert r.rate == 0.5 and r.low < 0.5 < r.high
    assert str(r) == "50% (17%–83%, n=5)"
    assert str(Rate(0, 0)) == "—" and Rate(0, 0).rate == 0.5
    assert Rate(7, 10).as_dict() == {"wins": 7, "games": 10, "rate": 0.7, "low": 0.3968, "high": 0.8922}


def test_difference_uses_newcombes_hybrid_interval():
    d = Difference(Rate(56, 70), Rate(48, 80))   # Newcombe (1998), example (a): 0.8 − 0.6
    low, high = d.interval
    assert round(d.value, 4) == 0.2
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    assert Difference(Rate(1, 2), Rate(0, 0)).interval == (-1.0, 1.0)
