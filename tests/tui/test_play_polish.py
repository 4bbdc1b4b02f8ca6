"""What helpers found playing at 80×24, 120×40 and 200×60: the pinned help key, the log read back,
the view kept round the cursor, the setup-roll toast, help and cards during the first questions."""
from __future__ import annotations

from textual.widgets._footer import FooterKey

from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.tui.widgets.battle_footer import BattleFooter

from .conftest import app_for_state, view_squares


def _screen_text(screen) -> str:
    """Every character the screen shows now, line by line."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


def _archer_state():
    archer = card("Archer", speed=8, attacks=(ranged("Bow", basic=True, targets=2), melee("Knife", basic=True)))
    rows = ["A" + "." * 30] + ["." * 31] * 4 + ["....bc" + "." * 25] + ["." * 31] * 10
    return battle("\n".join(rows), {"A": archer}, active="A")


async def test_the_pinned_help_key_covers_the_footers_last_column():
    """At 80×24 the keys overflow under "? Help": no letter of them may show after it ("? Helpt")."""
    app = app_for_state(_archer_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("", "a"):                                # acting, then attack mode
            if key:
                await pilot.press(key)
                await pilot.pause()
            for _ in range(200):  # the footer settles after the key's refresh (seconds on a busy machine)
                footer = app.screen.query_one(BattleFooter)
                pinned = next(k for k in footer.query(FooterKey) if k.action == "help")
                last = _screen_text(app.screen).splitlines()[-1]
                if pinned.region.right == footer.region.right == 80 and last.endswith("? Help"):
                    break
                await pilot.pause(0.05)
            assert pinned.region.right == footer.region.right == 80
            assert last.endswith("? Help")


async def test_help_opened_before_the_first_question_stays_on_top_until_closed(monkeypatch):
    """? pressed in the first second: the help stays up; who goes first is asked once it closes."""
    from tactica.client.content import demo_battle
    from tactica.client.factory import BattleFactory
    from tactica.tui.app import TacticaApp
    from tactica.tui.screens.battle import BattleScreen
    from tactica.tui.screens.choice import ChoiceModal
    from tactica.tui.screens.help import HelpScreen

    mounted = BattleScreen.on_mount

    def help_at_once(self) -> None:          # as if ? came before the question was pushed
        mounted(self)
        self.app.push_screen(HelpScreen())

    monkeypatch.setattr(BattleScreen, "on_mount", help_at_once)
    app = TacticaApp(BattleFactory(*demo_battle(), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(30):
            await pilot.pause(0.02)
        assert isinstance(app.screen, HelpScreen)
        assert not any(isinstance(s, ChoiceModal) for s in app.screen_stack)
        await pilot.press("escape")
        for _ in range(30):
            if isinstance(app.screen, ChoiceModal):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChoiceModal) and "who goes first" in app.screen.body_text


async def test_the_setup_roll_is_said_in_the_docked_question_not_in_a_toast_over_it():
    from textual.widgets._toast import Toast

    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:     # toasts drawn, as in a terminal
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChoiceModal)
        body = app.screen.body_text
        assert "Setup roll:" in body and "Initiative:" in body and body.endswith("who goes first this round?")
        assert not list(app.screen.query(Toast))
        shown = _screen_text(app.screen)
        assert "wins the setup roll" in shown.replace("\n", " ") and "2. Player" in shown


def _wide_state():
    """A 40×30 map (bigger than the view at 80×24): a Large ogre at (16, 5), a creature at (25, 20)."""
    from tactica.engine.sandbox import card as make_card
    rows = [["."] * 40 for _ in range(30)]
    for x, y in ((16, 5), (17, 5), (16, 6), (17, 6)):
        rows[y][x] = "L"
    rows[2][0], rows[20][25], rows[9][30] = "A", "C", "b"
    return battle("\n".join("".join(r) for r in rows), {"L": make_card("Ogre", size=2, speed=5)})


async def test_tab_keeps_squares_round_the_selected_creature_in_view_at_80x24():
    """Tab to a creature far off: the view keeps a margin of squares round it, not the window's edge."""
    from tactica.tui.widgets.map_view import SCROLL_MARGIN, MapView
    app = app_for_state(_wide_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        seen = set()
        for _ in range(4):
            await pilot.press("tab")
            await pilot.pause()
            who = app.screen.session.state.creature_at(mv.square)
            seen.add(who.uid)
            left, right, top, bottom = view_squares(mv)
            xs, ys = [q[0] for q in who.squares], [q[1] for q in who.squares]
            mx, my = SCROLL_MARGIN
            assert left <= max(0, min(xs) - mx) and right >= min(39, max(xs) + mx), (who.uid, left, right)
            assert top <= max(0, min(ys) - my) and bottom >= min(29, max(ys) + my), (who.uid, top, bottom)
            assert all(mv.in_view(q) for q in who.squares)
        assert seen == {"A", "C", "L"}


async def test_a_large_creature_under_the_cursor_is_scrolled_into_view_whole():
    """The ogre's label square is in view but its frame's right column is not: on it, the view shows all."""
    from tactica.tui.widgets.map_view import MapView
    app = app_for_state(_wide_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        assert mv.in_view((16, 5)) and not mv.in_view((17, 5))     # AS1 at the edge, its ──┐ cut off
        mv.move_cursor((16, 5))
        await pilot.pause()
        assert all(mv.in_view(q) for q in ((16, 5), (17, 5), (16, 6), (17, 6)))
        assert mv.scroll_offset.x % mv._cw == 0                    # the left edge on a square's edge


async def test_the_log_is_read_back_with_page_up_and_new_lines_do_not_yank_the_reader():
    from tactica.client.describe import LogLine
    from tactica.tui.screens.help import HELP
    from tactica.tui.widgets.battle_log import BattleLog
    from tactica.tui.widgets.map_view import MapView
    app = app_for_state(battle("A.b\n...\n...", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen, log, mv = app.screen, app.screen.query_one(BattleLog), app.screen.query_one(MapView)
        log.add([LogLine(f"AI step {n}", "move", 1) for n in range(40)])   # an AI's double turn
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y and log.following
        assert screen.check_action("log_scroll", (-1,))
        assert "Read log" in [k.description for k in screen.query(FooterKey)]
        cursor = mv.square
        await pilot.press("pageup")
        await pilot.pause()
        back = log.scroll_y
        assert back < log.max_scroll_y and not log.following and "reading back" in str(log.border_title)
        assert mv.square == cursor and mv.scroll_offset == (0, 0)           # the map kept its keys
        log.add([LogLine(f"AI step {n}", "move", 1) for n in range(40, 43)])  # the AI goes on
        await pilot.pause()
        assert log.scroll_y == back and "3 new lines below" in str(log.border_title)
        await pilot.press("pagedown")
        assert back < log.scroll_y <= log.max_scroll_y
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and log.following and not log.border_title
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0 and not log.following
        await pilot.click(BattleLog)                                         # a click leaves the map its keys
        await pilot.press("right")
        assert mv.square == (cursor[0] + 1, cursor[1])
        await pilot.press("e", "e")                                             # the player's own action
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and log.following
        assert "PgUp / PgDn, Home / End" in HELP and "read the battle log back" in HELP


async def test_cards_can_be_looked_at_while_who_goes_first_is_asked():
    """Under the docked question Tab, h j k l and the mouse move the map's cursor; the card follows."""
    from tactica.tui.screens.battle import BattleScreen
    from tactica.tui.screens.choice import ChoiceModal
    from tactica.tui.widgets.map_view import MapView
    from tactica.tui.widgets.stat_card import StatCard

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and modal.browse
        battle_screen = app.screen_stack[-2]
        assert isinstance(battle_screen, BattleScreen)
        mv, card = battle_screen.query_one(MapView), battle_screen.query_one(StatCard)
        st = battle_screen.session.state
        seen = []
        for _ in range(len([c for c in st.creatures if c.pos is not None])):
            await pilot.press("tab")
            await pilot.pause()
            here = st.creature_at(mv.square)
            assert here is not None and card.creature is not None and card.creature.uid == here.uid
            assert mv.in_view(here.pos)
            seen.append(here.uid)
        assert len(set(seen)) == len(seen) and {st.creature(u).player for u in seen} == {0, 1}
        await pilot.press("shift+tab")
        await pilot.pause()
        assert st.creature_at(mv.square).uid == seen[-2]
        before = mv.square
        await pilot.press("l")
        assert mv.square == (before[0] + 1, before[1])
        pointed = next(u for u in seen if mv.in_view(st.creature(u).pos) and st.creature(u).pos != mv.square)
        target = st.creature(pointed).pos
        box = mv.content_region
        offset = (box.x + mv._margin() + target[0] * mv._cw - mv.scroll_offset.x + 1,
                  box.y + target[1] * mv._ch - mv.scroll_offset.y)
        await pilot.hover(offset=offset)                                 # the mouse over the map
        await pilot.pause()
        assert mv.square == target and card.creature.uid == pointed
        assert app.screen is modal and "see the creatures" in str(modal.query_one("#title").render())
        await pilot.press("2")                                           # then the answer, as before
        await pilot.pause()
        assert app.screen is battle_screen


async def test_the_view_following_the_ai_keeps_squares_round_the_creature_that_acted():
    """At 80×24 the AI activates its creature far off to the right: the view scrolls to it and shows
    the squares round it (its neighbours), not the creature at the window's edge."""
    from tactica.tui.widgets.map_view import SCROLL_MARGIN

    from .conftest import app_against_ai, view_home
    board = "\n".join(["A" + "." * 39] + ["." * 40] * 5 + ["." * 30 + "b" + "." * 9])
    app = app_against_ai(battle(board, turn_player=1), pace=1.5)  # time to look
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        await view_home(pilot, mv)
        st = screen.session.state
        for _ in range(300):                                 # until the AI's creature is activated
            await pilot.pause(0.02)
            st = screen.session.state
            if st.active_uid == "b":
                break
        assert st.active_uid == "b" and st.creature("b").pos == (30, 6), "the AI did not activate b first"
        for _ in range(100):                                 # the scroll is made after a refresh
            await pilot.pause(0.02)
            if mv.scroll_offset.x:
                break
        left, right, top, bottom = view_squares(mv)
        mx, my = SCROLL_MARGIN
        assert left <= 30 - mx and right >= 30 + mx, (left, right)
        assert mv.square == (0, 0)


def test_the_help_keeps_its_key_column_narrow():
    """The keys table sizes its columns by their longest cell: a long key cell squeezes every
    description into a narrow column at 120×40 (the context goes in the description)."""
    from tactica.tui.screens.help import HELP
    keys = [row.split("|")[1].strip() for row in HELP.splitlines() if row.startswith("| ") and "---" not in row]
    assert len(keys) > 10 and max(map(len, keys)) <= 36, max(keys, key=len)
