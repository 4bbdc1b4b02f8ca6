"""The f (fast AI) and i (AI intent) keys say what they changed without hiding the log: at 80×24 (a log of
four lines, where a toast would cover the end of a line for seconds) at the head of the status line,
for a few seconds; at 120×40 and 200×60, where the log has room, in a toast as before.  The i key's
setting is kept in the save and comes back on resume."""
from __future__ import annotations

import pytest

from tactica.client.content import demo_battle
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.tui.app import TacticaApp
from tactica.tui.screens import battle as battle_module
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .test_vs_ai import human_turn, until

FAST = "Fast: the AI no longer pauses between steps."
INTENT = "The AI's intent is shown in the log."


def demo_vs_ai(battle=demo_battle) -> TacticaApp:
    """The demo battle (its map leaves 80×24 a small log) against the greedy AI, at no pace."""
    wbs, maps = battle()
    return TacticaApp(BattleFactory(wbs, maps, seed=7, opponent=Opponent(level="greedy", player=1, pace=0.0)))


def rows_of(screen, widget) -> list[str]:
    """The rows the screen draws where ``widget`` is (whatever is drawn over it, a toast included)."""
    strips = list(screen._compositor.render_strips())
    return [strips[y].text for y in range(widget.region.y, widget.region.y + widget.region.height)]


async def players_turn(pilot, app) -> BattleScreen:
    """Answer the setup questions until the human picks a creature on the battle screen."""
    from tactica.tui.screens.choice import ChoiceModal
    for _ in range(100):
        if isinstance(app.screen, ChoiceModal):
            await pilot.press("enter")
        await until(pilot, lambda: human_turn(app))
        screen = app.screen
        if isinstance(screen, BattleScreen) and screen.session.state.round >= 1 and not screen._asking:
            await pilot.pause()
            return screen
        await pilot.pause(0.02)
    raise AssertionError("the player's turn never came")


def toasts(app) -> list[str]:
    return [note.message for note in app._notifications]


async def test_f_and_i_at_80x24_are_said_in_the_status_line_and_cover_no_log_line(monkeypatch):
    monkeypatch.setattr(battle_module, "NOTE_SECONDS", 60.0)  # in view for every check, however slow
    app = demo_vs_ai()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await players_turn(pilot, app)
        assert not screen._toasts_fit()  # the case: a log too small for a toast over it
        log, status = screen.query_one(BattleLog), screen.query_one(StatusLine)
        app.clear_notifications()
        await pilot.pause()
        before = rows_of(screen, log)
        await pilot.press("f")
        await pilot.pause()
        assert screen.ai_fast
        assert toasts(app) == []
        assert rows_of(screen, log) == before  # every log line still in view, whole
        shown = " ".join(row.strip() for row in rows_of(screen, status)).strip()
        assert shown.startswith("✓ " + FAST), shown
        hint = status.message
        assert shown.endswith(hint[-20:]), shown  # the hint after it still ends in view
        await pilot.press("i")
        await pilot.pause()
        assert toasts(app) == [] and status.note == INTENT  # the newer note replaces the older
        monkeypatch.setattr(battle_module, "NOTE_SECONDS", 0.2)
        await pilot.press("i")  # "The AI's intent is hidden.", on a short timer this time
        await until(pilot, lambda: status.note == "", timeout=5)  # gone after NOTE_SECONDS
        await pilot.pause()
        assert not any("✓" in row for row in rows_of(screen, status))


async def test_at_80x24_a_small_map_too_keeps_the_note_in_the_status_line():
    """The skirmish map leaves 80×24 a log of ten rows, tall enough for a toast, but a toast 80 columns
    wide still covers the end of its lines: f is said in the status line there too."""
    from .conftest import skirmish_battle
    app = demo_vs_ai(skirmish_battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await players_turn(pilot, app)
        # a map row of nine rows: no toast pops up here (it would reach the status line, TOAST_BODY)
        app.clear_notifications()
        await pilot.press("f")
        await pilot.pause()
        assert toasts(app) == [] and screen.query_one(StatusLine).note == FAST


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_f_and_i_at_larger_sizes_still_pop_up_a_toast(size):
    app = demo_vs_ai()
    async with app.run_test(size=size) as pilot:
        screen = await players_turn(pilot, app)
        assert screen._toasts_fit()
        app.clear_notifications()
        await pilot.press("f")
        await pilot.pause()
        assert toasts(app) == [FAST]
        assert screen.query_one(StatusLine).note == ""
        await pilot.press("i")
        await pilot.pause()
        assert INTENT in toasts(app)


async def test_a_long_intent_in_the_status_line_leaves_the_keys_reminder_out_at_80x24():
    """While the AI plays, "Last: it …" with a long intent would push the status line past its rows at
    80×24: the "(f: fast · i: intent …)" reminder is left out (the footer shows both keys)."""
    from tactica.client.opponent import Thought
    app = demo_vs_ai()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await players_turn(pilot, app)
        room = screen._status_room()
        screen.ai_show_intent = True
        screen.ai_last = Thought(screen.session.state, None, "charges " + "a very long name " * 7)
        said = screen.ai_status(room)
        assert said.startswith("AI (greedy) ") and "Last: it charges a very long name" in said
        assert "(f:" not in said and len(said) <= room
        screen.ai_last = Thought(screen.session.state, None, "moves")
        assert "(f: fast · i: intent" in screen.ai_status(room)  # a short one keeps it


async def test_the_ai_intent_setting_survives_q_and_resume(tmp_path, monkeypatch):
    from tactica.client.factory import BattleFactory
    from tactica.client.opponent import Opponent
    from tactica.client.saving import open_save, resume_session
    from tactica.saves.autosave import AutoSaver
    from tactica.tui.app import TacticaApp

    from .conftest import answer_questions, skirmish_battle
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    saver = AutoSaver()
    try:
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver,
                                       opponent=Opponent(level="greedy", player=1, pace=0.0)))
        async with app.run_test(size=(120, 40)) as pilot:
            await answer_questions(pilot, app)
            screen = app.screen
            assert isinstance(screen, BattleScreen) and not screen.ai_show_intent
            await pilot.press("i")
            assert screen.ai_show_intent
            save_id = screen.session.save_id
            await pilot.press("q", "q")
        assert saver.flush()
        opened = open_save(save_id)
        assert opened.save.players.get("intent") is True
        resumed = resume_session(opened, saver)
        assert resumed.opponent.intent
        app = TacticaApp(BattleFactory(wbs, maps, saver=saver, opponent=resumed.opponent), resume=resumed)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            assert screen.ai_show_intent                  # the intent lines go on appearing
            while not isinstance(app.screen, BattleScreen):
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("i")                        # hidden again: the save forgets it too
            assert not screen.ai_show_intent
            await pilot.press("q", "q")
        assert saver.flush()
        assert "intent" not in open_save(save_id).save.players
    finally:
        saver.close()


async def test_fast_mode_survives_q_and_resume(tmp_path, monkeypatch):
    """f is kept in the save beside the quick setup's flag, and tactica resume plays on in fast mode
    (issue 20's earlier newcomers)."""
    from tactica.client.factory import BattleFactory
    from tactica.client.opponent import Opponent
    from tactica.client.saving import open_save, resume_session
    from tactica.saves.autosave import AutoSaver
    from tactica.tui.app import TacticaApp

    from .conftest import answer_questions, skirmish_battle
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    saver = AutoSaver()
    try:
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver,
                                       opponent=Opponent(level="greedy", player=1, pace=0.0)))
        async with app.run_test(size=(120, 40)) as pilot:
            await answer_questions(pilot, app)
            screen = app.screen
            assert isinstance(screen, BattleScreen) and not screen.ai_fast
            await pilot.press("f")
            assert screen.ai_fast
            save_id = screen.session.save_id
            await pilot.press("q", "q")
        assert saver.flush()
        opened = open_save(save_id)
        assert opened.save.players.get("fast") is True and opened.save.players.get("quick_setup") is True
        resumed = resume_session(opened, saver)
        assert resumed.opponent.fast
        app = TacticaApp(BattleFactory(wbs, maps, saver=saver, opponent=resumed.opponent), resume=resumed)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            assert screen.ai_fast                          # resumed in fast mode
            while not isinstance(app.screen, BattleScreen):
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("f")                         # back to the pace: the save forgets it too
            assert not screen.ai_fast
            await pilot.press("q", "q")
        assert saver.flush()
        assert "fast" not in open_save(save_id).save.players
    finally:
        saver.close()
