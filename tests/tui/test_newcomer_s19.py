"""A newcomer's leftovers on the battle screen (s19 ux): a refusal stays readable until the player
changes something; the champion prompts' note goes when it no longer belongs; the threat view shows
the enemies' reach; fast mode survives a resume; the recap's words agree with its figures."""
from __future__ import annotations

from tactica.engine.sandbox import battle
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_against_ai, app_for_state

WALLED = "A.#..\n.....\n....b" + "\n....." * 6


async def test_a_refusal_stays_while_keys_only_say_something_and_goes_when_the_cursor_moves():
    """s19 ux 1: m on a square the creature cannot reach says why; a key that does nothing (x) or
    only changes a setting (i, the AI's intent) used to put its words in the refusal's place at once."""
    app = app_against_ai(battle(WALLED, active="A"), pace=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        screen.map_view.move_cursor((2, 0))  # a wall: the move is refused
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert status.refused
        said = status.message
        for key in ("x", "i"):
            await pilot.press(key)
            await pilot.pause()
            assert status.refused, key
            assert status.message and said.startswith(status.message.rstrip("…")), (key, status.message)
            assert status.note  # the key's own words are said before it
        await pilot.press("l")  # the cursor moved: the refusal was about the old square
        await pilot.pause()
        assert not status.refused and status.message != said


async def _o_with_no_prompt_muted(app, pilot):
    """Press o with no champion prompt muted: the status line says so; returns the status line."""
    await pilot.pause()
    status = app.screen.query_one(StatusLine)
    await pilot.press("o")
    await pilot.pause()
    assert "muted" in status.message
    return status


async def test_the_no_prompt_muted_note_goes_once_the_rules_screen_was_opened_and_closed():
    """s19 ux 2: "No champion prompt is muted" (o) stayed after r opened the rules and Esc closed them."""
    from tactica.tui.screens.rules import RulesScreen
    app = app_for_state(battle(WALLED, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        status = await _o_with_no_prompt_muted(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)
        assert "muted" not in status.message and not status.refused, status.message


async def test_the_no_prompt_muted_note_goes_after_a_resize():
    """s19 ux 2: the same note stayed after the terminal was resized (cut to the old width's room)."""
    app = app_for_state(battle(WALLED, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        status = await _o_with_no_prompt_muted(app, pilot)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert "muted" not in status.message and not status.refused, status.message


async def test_the_next_turn_threat_view_marks_no_star_for_ones_own_creature_but_an_enemys_reach():
    """s19 ux 3: in the "next turn" threat view, the ``*`` of one's own crossbowman covered the map and
    hid the enemies' marks.  Its reach is said as the enemies it could attack; an enemy's is marked."""
    from tactica.engine import threat_reach
    from tactica.engine.sandbox import card, ranged
    from tactica.tui.widgets.map_view import MapView
    cards = {"A": card("Crossbowman", speed=6, attacks=(ranged(range=10),)), "b": card("Rat", speed=2)}
    app = app_for_state(battle("..........\n....A.....\n.........b", cards, turn_player=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        mv.move_cursor((4, 1))  # on A, player 1's own
        await pilot.press("t", "t")  # the "next turn" mode
        await pilot.pause()
        assert screen.ctrl.threat_view.mode == "all"
        drawn = "".join(seg.text for y in range(mv._ch * 3) for seg in mv.render_line(y))
        assert "†" not in drawn and not mv.overlay.reach
        assert mv.overlay.threat  # the enemy's threats stay in view
        assert str(screen.cursor_line.content).splitlines()[1] == "† can attack next turn: b"
        mv.move_cursor((9, 2))  # on b, the enemy: its reach is marked
        await pilot.pause()
        assert mv.overlay.reach == threat_reach(screen.session.state, "b").squares


def test_the_targets_line_says_next_turn_in_the_next_turn_mode():
    from tactica.client.threat_words import targets_line
    assert targets_line(["b"], nearest_only=False) == "† can attack next turn: b"
    assert targets_line([], nearest_only=False) == "† no enemy in reach next turn"
    assert targets_line([], 26, nearest_only=False) == "† none in reach next turn"
    assert targets_line(["br3", "wa1", "og2"], 32, nearest_only=False) == "† next turn: br3, wa1, og2"
    assert targets_line(["br3", "wa1", "og2"], 24, nearest_only=False) == "† next turn: br3, +2"


async def test_the_settings_pace_survives_a_resume(tmp_path, monkeypatch):
    """s19 ux 4: the AI's pace of 0 set in the settings (the AI's turns at full speed) came back as the
    default's 0.4 s in a resumed battle: the save keeps no pace, and the resume did not read the
    settings' (f, fast mode, is kept in the save and already came back)."""
    from tactica.client.factory import BattleFactory
    from tactica.client.opponent import Opponent
    from tactica.client.saving import open_save
    from tactica.client.settings import LoadedSettings, Settings
    from tactica.saves.autosave import AutoSaver
    from tactica.tui.app import TacticaApp
    from tactica.tui.screens.battle import BattleScreen
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import answer_questions, skirmish_battle
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    quick = LoadedSettings(Settings(pace=0.0), None, True, ())
    saver = AutoSaver()
    try:
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver,
                                       opponent=Opponent(level="greedy", player=1, pace=0.0)), settings=quick)
        async with app.run_test(size=(120, 40)) as pilot:
            await answer_questions(pilot, app)
            screen = app.screen
            assert isinstance(screen, BattleScreen) and screen.ai_turn.ai.opponent.pace == 0.0
            save_id = screen.session.save_id
            await pilot.press("q", "q")
        assert saver.flush()
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver), offer=open_save(save_id), settings=quick)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceModal)
            await pilot.press("1")  # continue the saved battle
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            assert screen.session.resumed and screen.session.save_id == save_id
            assert screen.ai_turn.ai.opponent.pace == 0.0
    finally:
        saver.close()


async def test_the_recap_never_says_vp_scored_for_a_kill_it_leaves_out():
    """s19 ux 5: at 80×24 the recap after the AI's turn left out the player's own killing hit and "c was
    destroyed" (watched, the oldest) but kept "Player 1 scored 20 VP (destroyed)": VP for a kill it did
    not show.  The VP a destruction scores is said on the line of the creature destroyed."""
    from .test_turn_recap import _humans_turn_after_the_ais
    rows = [["."] * 30 for _ in range(16)]
    rows[0][0], rows[0][1], rows[1][0], rows[1][1], rows[6][0], rows[15][29] = "A", "b", "B", "c", "C", "d"
    board = "\n".join("".join(r) for r in rows)
    app = app_against_ai(battle(board, dice=(15,) * 80, turn_player=0, hp={"c": 10}), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        await _humans_turn_after_the_ais(pilot, screen)  # A idle, B's hit destroys c, the AI's turn
        assert screen.session.state.creature("c").destroyed
        panel = screen.recap_panel
        assert panel.shown
        shown = panel.rows()
        text = " ".join(" ".join(shown).split())
        assert "(destroyed)" not in text, shown  # no VP line on its own
        whole = " ".join(" ".join(panel.lines).split())
        assert "c was destroyed: Player 1 scored" in whole, panel.lines
        if "scored" in text:
            assert "c was destroyed" in text, shown


def test_a_kill_split_among_players_tells_each_share_on_the_kills_line():
    """s19 ux 5, SCN-MULTI: a destruction scored by two players says both shares on its line."""
    from tactica.client.handoff import summary_lines
    from tactica.engine import CreatureDestroyed, VictoryPointsScored
    st = battle("A.b.c")
    events = [CreatureDestroyed("b", 0), VictoryPointsScored(0, 7, "destroyed", 7),
              VictoryPointsScored(2, 7, "destroyed", 17), VictoryPointsScored(0, 10, "vp zone", 17)]
    lines = summary_lines(events, st, short=True)
    assert lines == ["b was destroyed: Player 1 scored 7 VP (7 in all); Player 3 scored 7 VP (17 in all).",
                     "Player 1 scored 10 VP (VP zone); 17 in all."]
