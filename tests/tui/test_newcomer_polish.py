"""What a newcomer found playing against the AI: target order, activations left, intent after
resume, the VP zone note, the cancelled opportunity-attack warning, help over the first-player dialog."""
from __future__ import annotations

import pytest

from tactica.engine.sandbox import battle, card, ranged
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_header import BattleHeader, header_text
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state


async def test_the_header_shows_only_the_activations_the_player_can_use():
    st = battle("A.B\n...\n..c")
    st.creature("B").activated = True                     # one creature left, two activations in the turn
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        text = header_text(screen.query_one(BattleHeader).state).plain
        assert "1 activation left" in text and "2 activations" not in text
        assert "(1 activation left this turn)" in screen.query_one(StatusLine).message


async def test_the_default_target_is_the_best_by_the_preview_and_tab_follows_that_order():
    shooter = card("Crossbowman", attacks=(ranged("Crossbow", bonus=6, damage=10),))
    soft = card("Goblin", ac=10)                          # easier to hit: more expected damage
    st = battle("A.....b\n.......\n......d\n.......\n......c", {"A": shooter, "d": soft},
                active="A", hp={"c": 5})                  # c dies to any hit: the kill shot, last in reading order
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        kill, dmg = {}, {}
        for u in "bcd":
            p = s.attack_preview(0, u)
            kill[u], dmg[u] = p.kill_chance, p.expected_damage
        assert kill["c"] > kill["b"] == kill["d"] == 0 and dmg["d"] > dmg["b"]
        pos = {u: st.creature(u).pos for u in "bcd"}
        await pilot.press("a")
        assert screen.map_view.square == pos["c"]
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            seen.append(screen.map_view.square)
        assert seen == [pos["d"], pos["b"], pos["c"]]
        await pilot.press("shift+tab")
        assert screen.map_view.square == pos["b"]


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
            await pilot.press("q")
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
            await pilot.press("q")
        assert saver.flush()
        assert "intent" not in open_save(save_id).save.players
    finally:
        saver.close()


def side_panel_text(screen) -> str:
    """The words the screen shows right of the map's border (the side panel), joined by spaces."""
    strips = screen._compositor.render_strips()
    side = screen.query_one("#side").region
    return " ".join(" ".join(s.text[side.x + 1:side.right - 1].split()) for s in strips[side.y:side.bottom])


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_vp_zone_note_is_drawn_in_full(size):
    from tactica.tui.screens.battle import zone_note
    st = battle("A.......\n........\n.......b", vp_zones={"A": {(6, 1)}, "B": {(1, 2)}})
    app = app_for_state(st)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.map_view.square == (0, 0)
        await pilot.press("down", *["right"] * 5)        # empty squares first: the short hint
        await pilot.press("right")                       # then Player 1's VP zone
        assert screen.map_view.square == (6, 1)
        await pilot.pause()
        note = zone_note(st, (6, 1))
        assert note.startswith("◆ Player 1's VP zone")
        await pilot.pause()
        assert " ".join(note.split()) in side_panel_text(screen)


async def test_esc_on_the_warning_refreshes_the_status_line_and_drops_the_toast():
    from tactica.engine.sandbox import battle as sandbox_battle

    from .test_battle_screen import walk_cursor
    app = app_for_state(sandbox_battle(".bA...\n......", active="A", dice=(1,) * 20))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (5, 0))
        status = screen.query_one(StatusLine)
        await pilot.press("m")
        await pilot.pause()
        assert status.warning and any(n.title == "Opportunity attack" for n in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
        assert not status.warning
        assert "Provokes" not in status.message and "Move cancelled" in status.message
        assert not any(n.title == "Opportunity attack" for n in app._notifications)
        assert screen.session.state.creature("A").pos == (2, 0)
        await pilot.press("left", "right")                # the cursor moves: the square's hint again
        assert "Provokes opportunity attacks" in status.message


async def test_help_opens_over_the_who_goes_first_dialog():
    from tactica.tui.screens.choice import ChoiceModal
    from tactica.tui.screens.help import HelpScreen

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceModal) and "goes first" in " ".join(dialog.options)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")                       # back to the question, still unanswered
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
