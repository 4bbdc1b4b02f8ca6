"""A flier's move, charge or end of activation that leaves it over a pit says so and asks for its key
again (TER-PIT); e on an activation that did nothing asks for e again (ACT-1)."""
from __future__ import annotations

import pytest

from tactica.engine.abilities import Flight
from tactica.engine.sandbox import battle, card
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state
from .test_battle_screen import walk_cursor

BAT = card("Bat", abilities=(Flight(),))
#: A, a flier, beside a pit; C an ally far off (the bat's loss does not end the battle); b the enemy.
BOARD = """
A.OO..b
......C
"""


def bat_battle(attack_used: bool = True, under=None):
    st = battle(BOARD, {"A": BAT}, active="A", under=under)
    st.attack_used = attack_used
    return st


async def test_TER_PIT_a_move_that_ends_the_activation_over_a_pit_warns_and_asks_twice():
    app = app_for_state(bat_battle())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        status = screen.query_one(StatusLine)
        assert "Ends its activation over a pit: it is destroyed (TER-PIT)!" in status.message
        await pilot.press("m")
        st = screen.session.state
        assert st.creature("A").pos == (0, 0)                      # only a warning
        assert status.warning and "Press m again to move anyway" in status.message
        await pilot.press("m")
        assert screen.session.state.creature("A").destroyed


async def test_TER_PIT_a_move_over_a_pit_with_an_action_left_only_says_so():
    app = app_for_state(bat_battle(attack_used=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        assert "Over a pit: it must move on before its activation ends" in screen.query_one(StatusLine).message
        await pilot.press("m")
        assert screen.session.state.creature("A").pos == (2, 0)     # one key: it may fly on


async def test_TER_PIT_e_over_a_pit_asks_for_e_again_and_another_key_cancels():
    from tactica.engine.model import Terrain
    st = battle("AOO..b\n.....C", {"A": BAT}, active="A", under={"A": Terrain.PIT})
    st.move_used = True
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        await pilot.press("e")
        assert screen.session.state.active_uid == "A"
        assert "ends its turn over a pit: it is destroyed" in status.message and status.warning
        await pilot.press("x")
        assert not status.warning and screen.session.state.active_uid == "A"
        await pilot.press("e", "e")
        assert screen.session.state.creature("A").destroyed


async def test_ACT_1_e_on_an_activation_that_did_nothing_asks_for_e_again():
    app = app_for_state(battle("A....b\n.....C", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        await pilot.press("e")
        assert screen.session.state.active_uid == "A"
        assert "used neither its move nor its attack action" in status.message
        assert "Press e again" in str(status.render())
        await pilot.press("left")                                     # any other key cancels
        assert not status.warning and screen.session.state.active_uid == "A"
        await pilot.press("e", "e")
        assert screen.session.state.active_uid != "A"


async def test_e_after_a_move_ends_at_once():
    app = app_for_state(battle("A....b\n.....C", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        await pilot.press("m", "e")
        assert screen.session.state.active_uid != "A"


ISLAND = """
A.OOO..
..OOO..
..ObO..
..OOO..
......C
"""


async def test_TER_PIT_a_charge_that_ends_over_a_pit_warns_and_asks_for_enter_again():
    app = app_for_state(battle(ISLAND, {"A": BAT}, active="A", dice=(1,) * 10))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c")
        assert screen.ctrl.mode.value == "charge"
        await pilot.press("enter")                                   # the charge target: b
        assert screen.ctrl.mode.value == "charge end"
        status = screen.query_one(StatusLine)
        assert "Ends its activation over a pit: it is destroyed (TER-PIT)!" in status.message
        await pilot.press("enter")
        assert screen.session.state.creature("A").pos == (0, 0) and status.warning
        assert "Press Enter again to charge anyway" in status.message
        await pilot.press("enter")
        assert screen.session.state.creature("A").destroyed


async def test_MOV_2_m_on_a_square_no_move_ends_on_says_the_engines_reason():
    app = app_for_state(battle("A.#S.O....\nb.........", {"A": card("Snail", speed=3)}, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        for square, words in (((2, 0), "there — a move cannot end in a wall"), ((3, 0), "statue"),
                              ((5, 0), "only flying creatures may end a move in a pit"),
                              ((7, 1), "needs 7 squares of movement; Snail has 3")):
            await walk_cursor(pilot, screen, square)
            await pilot.press("m")
            assert status.refused and words in status.message, status.message


async def test_esc_from_attack_charge_or_area_targeting_puts_the_cursor_back_on_the_active_creature():
    from tactica.engine.sandbox import area
    app = app_for_state(battle("A.....\n......\n.....b", {"A": card("Mage", attacks=(area("Firebomb"),))},
                               active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.map_view
        await pilot.press("a")
        assert screen.ctrl.mode.value == "area" and mv.square == (5, 2)
        await pilot.press("escape")
        assert screen.ctrl.mode.value == "act" and mv.square == (0, 0)
    app = app_for_state(battle("A....\n.....\n...b.", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c")
        assert screen.ctrl.mode.value == "charge" and screen.map_view.square == (3, 2)
        await pilot.press("escape")
        assert screen.ctrl.mode.value == "act" and screen.map_view.square == (0, 0)


async def test_SPW_1_w_that_can_use_no_power_says_why():
    from tactica.engine.powers import PowerAction, PowerEffect, SpecialPower
    wind = SpecialPower("Second Wind", PowerAction.MOVE, PowerEffect.HEAL, amount=10, uses=1)
    for cards, words in (({}, "A has no special power (its card lists none)"),
                         ({"A": card("Brute", special_powers=(wind,))}, "Second Wind works on itself")):
        app = app_for_state(battle("A....b\n.....C", cards, active="A"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            status = app.screen.query_one(StatusLine)
            await pilot.press("w")
            assert status.refused and words in status.message, status.message


async def test_the_log_says_the_quick_setup_gave_the_start_areas_not_that_a_player_chose():
    from tactica.client.describe import describe_events
    from tactica.client.factory import BattleFactory
    from tactica.tui.app import TacticaApp
    from tactica.tui.widgets.battle_log import BattleLog

    from .conftest import FixedFactory, skirmish_battle
    session = BattleFactory(*skirmish_battle(), seed=3).quick()
    app = TacticaApp(FixedFactory(session))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = "\n".join(app.screen_stack[1].query_one(BattleLog).lines_written)
        assert "is given start area A (quick setup; tactica play --setup to choose)" in lines
        assert "chooses start area" not in lines
    chosen = describe_events(session.events, session.state)          # a player's own choice (--setup)
    assert any("chooses start area A" in line.text for line in chosen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_toast_covers_the_newest_log_lines_or_the_status_line(size):
    from textual.widgets._toast import Toast

    from tactica.tui.widgets.battle_log import BattleLog
    app = app_for_state(battle("A.#..b\n.....C", active="A"))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        await pilot.press("m")                                       # a wall: a "Not allowed" toast
        await pilot.pause(0.3)
        toasts = list(screen.query(Toast))
        assert screen.query_one(StatusLine).refused
        assert bool(toasts) == (size == (120, 40))                   # 80×24: a map row of 9 rows, no toast
        log, status = screen.query_one(BattleLog).region, screen.query_one(StatusLine).region
        for toast in toasts:
            assert not toast.region.overlaps(log) and not toast.region.overlaps(status), toast.region


def test_TER_PIT_the_pit_warning_does_not_depend_on_the_coming_rolls():
    """A flier whose way to the pit passes an enemy: whether that opportunity attack would destroy it
    (the next roll, hidden from the player) must not change the warning, or the warning would tell
    the player the roll.  With dice that hit (20) and that miss (1) the answer is the same."""
    from tactica.client.session import GameSession
    from tactica.engine import Move
    from tactica.engine.dice import ScriptedDice
    answers = []
    for face in (20, 1):
        st = battle("A.OO..\nb....C", {"A": BAT}, active="A", hp={"A": 5})
        st.attack_used = True
        st.dice = ScriptedDice((face,) * 30)
        session = GameSession(st)
        answers.append(session.pit_ending(Move(((1, 0), (2, 0)))))
    assert answers == [True, True]


async def test_TER_PIT_after_a_move_onto_a_pit_the_status_line_keeps_the_pit():
    """The bat moved over the pit with its attack left: on its own square the status line still
    says it must move on (issue 20: it forgot the pit once the move was made)."""
    app = app_for_state(bat_battle(attack_used=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (2, 0))
        await pilot.press("m")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (2, 0)
        assert screen.map_view.square == (2, 0)
        message = screen.query_one(StatusLine).message
        assert "is active" in message and "Over a pit: it must move on before its activation ends" in message


@pytest.mark.parametrize("key", ["z", "t", "q", "escape"])
async def test_ACT_1_the_end_warning_is_called_off_by_z_t_q_and_esc_and_a_later_e_warns_again(key):
    """s18 ux 3: the "e again to end its activation anyway" warning stayed armed through z, t, q and Esc (after q
    the next e ended the activation; after t the next e's warning showed as "⚠ …" behind the threat view's
    note).  Each calls it off; the next e warns again, in words; e once more ends."""
    app = app_for_state(battle("A....b\n.....C", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        await pilot.press("e")
        assert screen.confirms.pending is not None
        await pilot.press(key)
        await pilot.pause()
        assert screen.confirms.pending is None, key
        if key == "q":
            await pilot.press("x")                                    # stay: the leave question withdrawn
            await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert screen.session.state.active_uid == "A" and status.warning
        assert "Press e again to end its activation anyway" in " ".join(str(status.render()).split()), key
        await pilot.press("e")
        assert screen.session.state.active_uid != "A"


async def test_ACT_1_reading_keys_keep_the_end_warning_waiting():
    """PgUp reads the log back and leaves the warning armed (a newcomer read the log between two e)."""
    app = app_for_state(battle("A....b\n.....C", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("e", "pageup")
        await pilot.pause()
        assert screen.confirms.pending is not None and screen.session.state.active_uid == "A"
        await pilot.press("e")
        assert screen.session.state.active_uid != "A"
