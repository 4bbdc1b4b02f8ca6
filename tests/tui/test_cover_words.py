"""The attack preview says where a target's cover comes from (issue 20, nm-tut 16: "−2 cover" with no
hint of the creature or wall in the way; the engine's ``cover_sources``, COV-1, COV-2, COV-4)."""
from __future__ import annotations

from tactica.client.controller import Controller
from tactica.client.rules_reference import load_reference
from tactica.client.session import GameSession
from tactica.engine import Reach
from tactica.engine.sandbox import battle, card, ranged

from .conftest import app_for_state

ARCHER = card("Archer", attacks=(ranged("Bow", bonus=7, damage=10, reach=Reach.SIGHT, basic=True),))


def _preview(board: str, target: str = "b") -> str:
    st = battle(board, {"A": ARCHER}, active="A")
    ctrl = Controller(GameSession(st))
    return ctrl.hints.preview(ARCHER.attacks[0], target, ctrl.session.attack_preview(0, target))


def test_cov_4_the_preview_names_the_enemy_in_the_way():
    assert "d20 +7 −2 cover (c in the way) vs AC" in _preview("A.c.b")


def test_cov_2_the_preview_names_the_wall_that_gives_cover():
    assert "−2 cover (wall at column 3, row 3) vs AC" in _preview("A....\n.....\n..#..\n.....\n....b")
    assert "cover" not in _preview("A...b")


def test_cov_1_the_rules_key_still_finds_cover_in_a_preview_with_its_source():
    found = load_reference().modifier_entries("Bow → b: d20 +7 −2 cover (c in the way) vs AC 16 — needs 9+")
    assert found and found[0].rule_id.startswith("COV")


async def test_cov_4_the_status_line_of_an_aimed_attack_names_the_cover():
    """Pilot: a pressed on the battle screen, the status line's preview names the creature in the way."""
    from tactica.tui.widgets.status_line import StatusLine
    app = app_for_state(battle("A.c.b", {"A": ARCHER}, active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((4, 0))
        await pilot.press("a")
        await pilot.pause()
        message = screen.query_one(StatusLine).message
        assert "−2 cover (c in the way)" in message, message
