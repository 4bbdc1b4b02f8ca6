"""Small synthetic battles for the AI tests (fast: a 12×10 map, four creatures a side)."""
from __future__ import annotations

import pytest

from tactica.ai import scenarios


@pytest.fixture(scope="session")
def small_battle():
    """((warband 1, warband 2), (map,)) of a small quick battle."""
    return ((scenarios.warband(4, name="Blue"), scenarios.warband(4, offset=2, name="Red")),
            (scenarios.battle_map(12, 10, seed=3),))
