"""The log reader and keys typed ahead (nm s15 B3: "PgUp opened the log reader on an empty page; a
Page Up pressed while the AI played opened the reader later, over a champion question, and my next key
went to the reader").  A Page Up that arrived before a question was drawn opens no reader over it (it
was meant for the battle screen); the reader shows its log only once the log's last page is drawn."""
from __future__ import annotations

import pytest
from textual import events

from tactica.engine import Phase
from tactica.engine.actions import DeclinePower
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card
from tactica.tui.screens.champion_prompt import PowerPrompt
from tactica.tui.screens.log_reader import LogReader
from tactica.tui.widgets.battle_log import BattleLog

from .conftest import app_for_state
from .test_log_reader import shown_text

PRESS = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)


async def _prompt_up(pilot, app) -> PowerPrompt:
    await pilot.press("a", "enter")                            # A hits b: Player 1 is asked about the power
    for _ in range(300):
        await pilot.pause(0.02)
        prompt = app.screen
        if isinstance(prompt, PowerPrompt) and prompt.shown_at != float("inf"):
            return prompt
    raise AssertionError("no prompt")


@pytest.mark.parametrize("key", ["pageup", "home"])
async def test_a_page_up_typed_before_the_question_was_drawn_opens_no_reader_over_it(key):
    st = battle("C..\nAb.", {"C": card("Captain", champion=2, champion_powers=(PRESS,))}, active="A", dice=(10,))
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = await _prompt_up(pilot, app)
        early = events.Key(key, None)
        early.time = prompt.shown_at - 0.5                     # pressed while the screen under it was up
        app.post_message(early)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is prompt                            # no reader over the question
        await pilot.press("n")                                 # the next key answers the question
        await pilot.pause()
        session = app.screen_stack[0].session if hasattr(app.screen_stack[0], "session") else app.screen.session
        assert isinstance(session.actions[-1], DeclinePower) and session.state.phase is not Phase.CHAMPION


async def test_a_page_up_pressed_once_the_question_is_drawn_opens_the_reader():
    st = battle("C..\nAb.", {"C": card("Captain", champion=2, champion_powers=(PRESS,))}, active="A", dice=(10,))
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = await _prompt_up(pilot, app)
        await pilot.press("pageup")
        await pilot.pause()
        assert isinstance(app.screen, LogReader) and app.screen_stack[-2] is prompt


@pytest.mark.parametrize("count", [30, 300])
async def test_the_reader_never_shows_its_log_before_its_last_page_is_drawn(count):
    from textual.app import App

    from tactica.client.describe import LogLine
    lines = [LogLine(f"line {i} " + "word " * (i % 25), "info", i % 2) for i in range(count)]
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogReader(lines, 1, back="the battle"))
        frames = 0
        for _ in range(300):
            await pilot.pause(0.01)
            reader = app.screen
            if not isinstance(reader, LogReader):
                continue
            log = reader.query_one(BattleLog)
            if log.styles.text_opacity > 0:
                frames += 1
                text = shown_text(reader)
                assert f"line {count - 1} " in text, text      # visible: its last page, never blank
                if frames >= 3:
                    break
        assert frames >= 3
