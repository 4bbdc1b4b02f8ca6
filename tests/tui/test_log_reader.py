"""Reading the battle log back: Page Up in the battle screen (new lines do not yank the reader), and
Page Up over a docked question (who goes first, a champion-power prompt) that hides the battle log:
the log on the whole screen, read back before answering; Esc or Enter comes back to the question."""
from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from tactica.engine import Phase
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card
from tactica.tui.screens.champion_prompt import PowerPrompt
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.log_reader import LogReader
from tactica.tui.widgets.battle_log import BattleLog

from .conftest import app_for_state, make_app, settle


def shown_text(screen) -> str:
    """Every character the screen shows now."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_page_up_over_who_goes_first_reads_the_whole_log_and_esc_comes_back(size):
    app = make_app()                                           # hot-seat quick start: who goes first
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        question = app.screen
        for _ in range(200):                                   # drawn (a busy machine takes a while)
            await pilot.pause(0.02)
            if "Player 1 goes first" in shown_text(question):
                break
        assert isinstance(question, ChoiceModal) and question.has_class("-docked")
        battle_log = app.screen_stack[-2].query_one(BattleLog)
        assert "PgUp: read the log" in shown_text(question)    # its top border says how
        await pilot.press("pageup")
        await pilot.pause()
        reader = app.screen
        assert isinstance(reader, LogReader)
        log = reader.query_one(BattleLog)
        assert log.lines_written == battle_log.lines_written   # every line, in order
        text = shown_text(reader)
        assert "Initiative:" in text                           # the newest lines are in view
        assert log.region.height >= size[1] - 2                # on the whole screen, not four lines
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0 and "New battle, seed 7" in shown_text(reader)
        await pilot.press("enter")                             # Enter closes the reader: it answers nothing
        await pilot.pause()
        assert app.screen is question and question.is_current
        assert app.screen_stack[-2].session.phase is Phase.CHOOSE_FIRST
        await pilot.press("pageup")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is question                          # still unanswered
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen_stack[-1].session.phase is Phase.ACTIVATE


async def test_page_up_over_a_champion_prompt_reads_the_log_and_esc_does_not_decline():
    press = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                          amount=10)
    st = battle("C..\nAb.", {"C": card("Captain", champion=2, champion_powers=(press,))}, active="A", dice=(10,))
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")                        # A hits b: P1 is asked about the power
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PowerPrompt)
        await pilot.press("pageup")
        await pilot.pause()
        assert isinstance(app.screen, LogReader)
        assert "Creature b (b)" in shown_text(app.screen)     # the hit that opened the prompt
        await pilot.press("escape")                            # closes the reader, does not answer "No"
        await pilot.pause()
        assert app.screen is prompt
        assert app.screen_stack[-2].session.phase is Phase.CHAMPION


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_page_up_in_battle_at_a_small_log_reads_the_whole_log(size):
    """At 80×24 the log pane is four rows, so a page back showed three lines: Page Up opens the whole
    log on the whole screen (Esc: back to the battle).  A taller log pages back in place (no reader)."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, ChoiceModal):
                break
        await pilot.press("enter")                             # who goes first: answered
        for _ in range(200):
            await pilot.pause(0.02)
            if not isinstance(app.screen, ChoiceModal):
                break
        battle_screen = app.screen
        log = battle_screen.query_one(BattleLog)
        for _ in range(200 if size == (80, 24) else 0):       # the log is longer than its pane
            await pilot.pause(0.02)
            if log.max_scroll_y > 0:
                break
        await pilot.press("pageup")
        await pilot.pause()
        if size == (80, 24):
            reader = app.screen
            assert isinstance(reader, LogReader)
            assert reader.query_one(BattleLog).lines_written == log.lines_written
            assert "back to the battle" in shown_text(reader)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is battle_screen
        else:
            assert app.screen is battle_screen                 # the log pane pages back in place


async def test_a_long_log_opens_at_its_newest_lines_at_once_never_blank_nor_at_its_top(monkeypatch):
    """The result screen's PgUp on a long battle: the newest lines are drawn first (not after every
    line is wrapped, nor the top for a moment), then the whole log is written, the view at its end."""
    from textual.app import App

    from tactica.client.describe import LogLine
    monkeypatch.setattr(LogReader, "FILL_AFTER", 60.0)                  # the whole log: only when asked
    lines = [LogLine(f"line {i} " + "word " * (i % 25), "info", i % 2) for i in range(300)]
    app = App()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(LogReader(lines, 1, back="the result"))
        for _ in range(300):
            await pilot.pause(0.02)
            if "line 299 " in shown_text(app.screen):
                break
        reader = app.screen
        text = shown_text(reader)
        assert "line 299 " in text and "line 0 " not in text
        log = reader.query_one(BattleLog)
        assert len(log.lines_written) == LogReader.FIRST_ROWS             # drawn before the rest
        reader._fill()
        await pilot.pause()
        assert log.lines_written == [line.text for line in lines]
        assert log.scroll_y == log.max_scroll_y > 0 and "line 299 " in shown_text(reader)
        await pilot.press("home")
        await pilot.pause()
        assert "line 0 " in shown_text(reader)


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


async def test_a_page_up_before_the_whole_log_is_written_is_kept():
    """nm-tut 19: the reader opens on a long log's last lines and writes the rest a moment later; a
    Page Up pressed in that moment was undone (the view went back to the end), so the first Page Up
    seemed to do nothing.  Now the view stays as far back as the player paged."""
    from tactica.client.describe import LogLine
    app = app_for_state(battle("A.b"))
    lines = [LogLine(f"line {i}", "info") for i in range(LogReader.FIRST_ROWS * 3)]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        reader = LogReader(lines)
        reader.FILL_AFTER = 3600.0  # written only when the test says so (no race with a loaded machine)
        app.push_screen(reader)
        await pilot.pause()
        await pilot.pause()
        log = reader.query_one(BattleLog)
        assert len(log.lines_written) == LogReader.FIRST_ROWS    # the last lines only, for now
        await pilot.press("pageup")
        await pilot.pause()
        back = log.max_scroll_y - log.scroll_y
        assert back > 0
        reader._fill()                                           # the moment the rest is written
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines_written) == len(lines)
        assert log.max_scroll_y - log.scroll_y == back            # still a page back from the end


async def test_home_opens_the_reader_at_the_oldest_line_the_first_time():
    """nm s17 F18: at 80×24 the first Home from the battle opened the whole log in the middle (its
    lines written following the end); a second Home went to the top.  Opened with Home, the reader
    shows the oldest line, and stays there once every line is laid out."""
    from textual.app import App

    from tactica.client.describe import LogLine
    lines = [LogLine(f"line {i} " + "word " * (i % 25), "info", i % 2) for i in range(200)]
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogReader(lines, -1, back="the battle"))
        for _ in range(100):
            await pilot.pause(0.02)
        reader = app.screen
        log = reader.query_one(BattleLog)
        assert log.max_scroll_y > 0 and log.scroll_y == 0
        assert "line 0 " in shown_text(reader) and "new line" not in shown_text(reader)
