"""Cost tracks strength: every shipped card costs what the yardstick (``tactica.balance.yardstick``) says."""
from __future__ import annotations

import pytest

from tactica.balance.yardstick import worth
from tactica.content import load_catalogue


@pytest.mark.parametrize("card", load_catalogue().values(), ids=lambda c: c.id)
def test_cost_tracks_strength(card):
    assert abs(card.cost - worth(card)) <= max(3, 0.15 * worth(card)), f"{card.id}: worth {worth(card):.1f}"


def test_yardstick_orders_obvious_cases():
    cards = load_catalogue()
    assert cards["cobblestone-militia"].cost < cards["lamplighter-watchman"].cost < cards["anvilborn-shieldwarden"].cost
    standard = [c for c in cards.values() if c.size < 3]   # Huge creatures play only in Epic (WB-7)
    assert max(standard, key=lambda c: c.cost).id == "lightless-abomination"
