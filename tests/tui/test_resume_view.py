"""s17 (ux 3): ``tactica resume`` brings back the map cursor's square and the threat view's mode (off,
now, all) as the battle was left: the client keeps them in the save's ``players`` field (as the AI's
intent and fast mode), and an old save without them opens as before."""
from __future__ import annotations

from tactica.client.factory import BattleFactory
from tactica.client.saving import keep_view, open_save, resume_session, saved_view
from tactica.client.session import SavedView
from tactica.saves.autosave import AutoSaver
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen

from .conftest import answer_questions, skirmish_battle


def test_saved_view_reads_what_keep_view_writes_and_none_from_an_old_save():
    assert saved_view({}) is None
    assert saved_view({"ai": "normal", "ai_player": 2}) is None
    assert saved_view({"cursor": [4, 2]}) == SavedView((4, 2), "off")
    assert saved_view({"threats": "all"}) == SavedView(None, "all")


async def _leave_with_view(app, pilot, square, threats_presses: int) -> str:
    """Answer the setup, put the cursor on ``square``, press t ``threats_presses`` times, then q y."""
    await answer_questions(pilot, app)
    screen = app.screen
    assert isinstance(screen, BattleScreen)
    screen.map_view.move_cursor(square)
    for _ in range(threats_presses):
        await pilot.press("t")
    await pilot.pause()
    save_id = screen.session.save_id
    await pilot.press("q", "y")
    await pilot.pause()
    return save_id


def _resumed_app(save_id, saver) -> TacticaApp:
    wbs, maps = skirmish_battle()
    resumed = resume_session(open_save(save_id), saver)
    return TacticaApp(BattleFactory(wbs, maps, saver=saver), resume=resumed)


async def test_resume_brings_back_the_cursor_and_the_threat_view(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    saver = AutoSaver()
    try:
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver))
        async with app.run_test(size=(120, 40)) as pilot:
            save_id = await _leave_with_view(app, pilot, (5, 2), 2)  # t twice: every threat next turn
        assert saver.flush()
        players = open_save(save_id).save.players
        assert players["cursor"] == [5, 2] and players["threats"] == "all"
        app = _resumed_app(save_id, saver)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            assert screen.map_view.square == (5, 2)
            assert screen.ctrl.threat_view.mode == "all" and screen.map_view.overlay.threat
            await pilot.press("t")  # all → off: the save forgets it
            await pilot.pause()
            await pilot.press("q", "y")
            await pilot.pause()
        assert saver.flush()
        assert "threats" not in open_save(save_id).save.players
    finally:
        saver.close()


async def test_an_old_save_without_a_view_opens_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    saver = AutoSaver()
    try:
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver))
        async with app.run_test(size=(120, 40)) as pilot:
            await answer_questions(pilot, app)
            session = app.screen.session
            save_id = session.save_id
            first = app.screen.map_view.square
        keep_view(session, None, "off")  # as a save from before s17: no cursor, no threats
        assert saver.flush()
        assert not {"cursor", "threats"} & set(open_save(save_id).save.players)
        app = _resumed_app(save_id, saver)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            assert screen.session.saved_view is None
            assert screen.ctrl.threat_view.mode == "off" and screen.map_view.square == first
    finally:
        saver.close()
