"""In the terminal, a grid35 battle shades the squares the engine's G35-DIAG count allows, no more."""
from __future__ import annotations

from tactica.engine import Move, Ruleset
from tactica.engine.sandbox import battle
from tactica.tui.widgets.battle_header import header_text
from tactica.tui.widgets.map_view import MapView

from .conftest import app_for_state

OPEN = """
...............
...............
...............
...............
...............
...............
...............
...A...........
"""


async def test_G35_DIAG_the_map_shades_the_grid35_move_range_and_the_header_names_the_module():
    st = battle(OPEN, active="A", rules=Ruleset(modules=("grid35",)))
    st.attack_used = True  # it has attacked: a move, not a run (G35-RUN)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        moves = {a.path[-1] for a in screen.session.legal() if isinstance(a, Move)}
        assert moves <= set(mv.overlay.reachable)
        assert (7, 3) in mv.overlay.reachable                        # four diagonals: 1 + 2 + 1 + 2
        assert (8, 2) not in mv.overlay.reachable                    # five: 7 squares, more than speed 6
        assert "grid35" in header_text(screen.session.state).plain
