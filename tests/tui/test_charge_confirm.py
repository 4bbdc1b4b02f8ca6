"""A charge that provokes opportunity attacks (OA-1, CHG-1) asks for its key again, as a provoking move
does (issue 20: it went through on one Enter)."""
from __future__ import annotations

from tactica.client.battle_words import asks_first, cancelled_text, confirm_text
from tactica.client.session import GameSession
from tactica.engine import Charge
from tactica.engine.sandbox import battle
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state

#: A next to b: a charge at c leaves b's side and provokes b's opportunity attack; the dice miss.
BOARD = "bA....c\n......."


def charge_state():
    return battle(BOARD, active="A", dice=(1,) * 20)


def test_OA_1_a_provoking_charge_asks_first_and_names_the_attacker():
    session = GameSession(state=charge_state(), seed=0)
    charge = next(a for a in session.legal() if isinstance(a, Charge))
    assert asks_first(session, charge) == "Opportunity attack"
    text = confirm_text(session, ("enter", charge))
    assert "This charge gives Creature b (b) an opportunity attack on the way" in text
    assert "Press Enter again to charge anyway" in text
    assert "always asks twice" in cancelled_text(session, charge)


def test_a_charge_that_provokes_nobody_asks_nothing():
    session = GameSession(state=battle("A....c\n......", active="A"), seed=0)
    charge = next(a for a in session.legal() if isinstance(a, Charge))
    assert asks_first(session, charge) == ""


async def test_OA_1_enter_on_a_provoking_charge_warns_and_enter_again_charges():
    app = app_for_state(charge_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c")
        assert screen.ctrl.mode.value == "charge"
        await pilot.press("enter")                                   # the charge target: c
        assert screen.ctrl.mode.value == "charge end"
        await pilot.press("enter")
        status = screen.query_one(StatusLine)
        assert screen.session.state.creature("A").pos == (1, 0) and status.warning
        assert "opportunity attack on the way" in status.message
        await pilot.press("enter")
        assert screen.session.state.creature("A").pos[0] == 5
