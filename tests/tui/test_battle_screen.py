"""The battle screen driven through the real app with key presses."""
from __future__ import annotations

from tactica.engine import Move, Phase
from tactica.engine.sandbox import battle, card, melee
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.help import HelpScreen
from tactica.tui.widgets.battle_header import BattleHeader
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.map_view import MapView
from tactica.tui.widgets.stat_card import StatCard
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state


def log_text(app) -> str:
    return "\n".join(app.screen.query_one(BattleLog).lines_written)


async def walk_cursor(pilot, screen: BattleScreen, target) -> None:
    """Press arrow keys (and the y/u/b/n diagonals) until the cursor is on ``target``."""
    keys = {(-1, -1): "y", (1, -1): "u", (-1, 1): "b", (1, 1): "n",
            (-1, 0): "left", (1, 0): "right", (0, -1): "up", (0, 1): "down"}
    for _ in range(100):
        x, y = screen.map_view.square
        dx = (target[0] > x) - (target[0] < x)
        dy = (target[1] > y) - (target[1] < y)
        if (dx, dy) == (0, 0):
            return
        await pilot.press(keys[(dx, dy)])
    raise AssertionError("cursor did not reach the target")


async def test_quick_start_shows_rolls_and_lands_on_round_1(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(demo_app.screen, ChoiceModal)  # who goes first (RND-1)
        await pilot.press("enter")
        await pilot.pause()
        screen = demo_app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.session.phase is Phase.ACTIVATE
        text = log_text(demo_app)
        assert "Setup roll: Player 1 rolls" in text
        assert "Initiative: Player 1 rolls" in text and "chooses who goes first" in text
        assert "seed 7" in text
        header = str(screen.query_one(BattleHeader).render())
        assert "Round 1" in header and "VP 0–0" in header and ("activation left" in header or "· 1 left" in header)


async def test_select_a_creature_and_move_it(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")  # the initiative winner goes first
        screen = demo_app.screen
        uid = screen.session.state.creature_at(screen.map_view.square).uid
        await pilot.press("tab", "enter")  # Tab cycles unactivated creatures; Enter activates
        session = screen.session
        assert session.phase is Phase.ACTING
        me = session.state.active_creature
        card_shown = screen.query_one(StatCard).creature
        assert card_shown is not None and card_shown.uid == me.uid
        moves = session.moves()
        dest = max(moves, key=lambda sq: len(moves[sq].path))
        await walk_cursor(pilot, screen, dest)
        assert screen.map_view.overlay.path == moves[dest].path  # the path is previewed
        assert "Move" in screen.query_one(StatusLine).message
        await pilot.press("m")
        assert session.state.creature(me.uid).pos == dest
        assert isinstance(session.actions[-1], Move)
        assert "moves" in log_text(demo_app)
        assert uid  # a creature was under the cursor at the start


async def test_attack_with_scripted_dice_writes_every_number():
    ogre = card("Ogre", ac=16, attacks=(melee("Club", bonus=9, damage=15),))
    kobold = card("Kobold", ac=16, hp=15, cost=12)
    st = battle("""
        A.b
        .k.
    """.replace(" ", ""), {"A": ogre, "k": kobold, "b": card("Bandit")}, dice=(14,), active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a")
        assert screen.map_view.square == (1, 1)  # the only target
        status = screen.query_one(StatusLine).message
        assert "Club → Kobold (k)" in status and "% to hit" in status and "expected" in status
        await pilot.press("enter")
        await pilot.pause()
        assert ("Creature A (A) → Kobold (k): Club d20 14 +9 = 23 vs AC 16: HIT, 15 damage "
                "(Kobold destroyed, +12 VP)") in log_text(app).replace("Ogre", "Creature A")


async def test_refused_action_shows_the_engines_reason(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        screen = demo_app.screen
        st = screen.session.state
        enemy = next(c for c in st.alive(1 - st.turn_player))
        await walk_cursor(pilot, screen, enemy.pos)
        await pilot.press("enter")
        status = screen.query_one(StatusLine)
        assert status.refused
        assert status.message == (f"{enemy.card.name} belongs to the other player: a player activates only their own "
                                  "creatures (RND-2).")


async def test_help_opens_and_closes(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "question_mark")
        assert isinstance(demo_app.screen, HelpScreen)
        from tactica.tui.screens.help import HELP
        assert "Esc, ? or q closes this help" in "\n".join(HELP.splitlines()[:4])  # said at its top
        await pilot.press("escape")
        assert isinstance(demo_app.screen, BattleScreen)


async def test_footer_keys_follow_the_legal_actions(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        screen = demo_app.screen
        assert screen.check_action("move", ()) is False  # nobody is active yet
        assert screen.check_action("select", ())
        await pilot.press("enter")
        assert screen.check_action("move", ())
        assert screen.check_action("end", ())
        assert screen.check_action("cancel", ()) is False


async def test_too_small_terminal_says_what_it_needs(demo_app):
    async with demo_app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        from tactica.tui.screens.too_small import TooSmallScreen
        assert isinstance(demo_app.screen, TooSmallScreen)
        text = str(demo_app.screen.query_one("Static").render())
        assert "tactica needs at least 80×24; this terminal is 60×20" in text


async def test_layout_at_80x24_is_usable_and_follows_the_cursor(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = demo_app.screen
        assert isinstance(screen, BattleScreen)
        mv = screen.query_one(MapView)
        assert mv.region.width >= 40 and mv.region.height >= 10
        assert screen.query_one(StatCard).region.width >= 20
        assert screen.query_one(BattleLog).region.height >= 3
        for _ in range(19):
            await pilot.press("right")
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "down", "down", "down",
                          "down", "down", "down")
        assert mv.square == (19, 13)
        x, y = mv.cursor
        region = mv.scrollable_content_region
        assert mv.scroll_offset.x <= x * 3 < mv.scroll_offset.x + region.width
        assert mv.scroll_offset.y <= y < mv.scroll_offset.y + region.height


async def test_double_enter_on_a_dialog_answers_once(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        modal = demo_app.screen
        assert isinstance(modal, ChoiceModal)
        modal.action_choose(0)
        modal.action_choose(0)  # a second answer (key repeat) must not pop the battle screen
        await pilot.pause()
        assert isinstance(demo_app.screen, BattleScreen)


async def test_click_selects_a_creature(demo_app):
    async with demo_app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        screen = demo_app.screen
        mv = screen.map_view
        uid = screen.session.activatable()[-1]
        x, y = screen.session.state.creature(uid).pos
        await pilot.click(MapView, offset=(mv._margin() + x * mv._cw + 1, y))
        await pilot.pause()
        assert screen.session.state.active_uid == uid


async def test_too_small_goes_away_when_the_terminal_grows(demo_app):
    from tactica.tui.screens.too_small import TooSmallScreen
    async with demo_app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(demo_app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not isinstance(demo_app.screen, TooSmallScreen)
