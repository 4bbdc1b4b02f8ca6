"""The log of a resumed battle (``tactica resume``) shows what the live battle's log showed: the
champion powers not offered because their subject was destroyed (CHP-2, rebuilt from the events) and
the AI's intent lines (no events: kept in the save beside the actions, ``SaveFile.notes``)."""
from __future__ import annotations

from tactica.client.describe import describe_events, saved_log
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.client.saving import open_save, resume_session
from tactica.engine import Attack, apply
from tactica.engine.sandbox import battle, card
from tactica.saves.autosave import AutoSaver
from tactica.saves.codec import SaveFile
from tactica.saves.replay import rebuild
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.battle_log import BattleLog

from .conftest import skirmish_battle
from .test_champion_lost import WARD
from .test_full_battle import play_one_step
from .test_vs_ai import human_turn, until

LOST = "Captain (C): Ward (ally is hit) not offered — Archer (A) was destroyed by the hit."


def test_CHP_2_the_saved_log_says_again_which_champion_power_was_not_offered():
    """b's hit destroys A, the subject of the captain's Ward: the log rebuilt from the steps says so
    right after the attack's lines, as the live log did."""
    captain = card("Captain", champion=2, champion_powers=(WARD,))
    st = battle("C..\nAb.", {"C": captain, "A": card("Archer")}, active="b", dice=(10,), hp={"A": 5})
    after, events = apply(st, Attack(0, ("A",)))
    assert after.creature("A").destroyed
    texts = [line.text for line in saved_log([[], events], [st, after])]
    attack_lines = [line.text for line in describe_events(events, after)]
    assert texts == attack_lines + [LOST]


def test_saved_log_puts_each_note_before_its_action_and_is_describe_events_without_any():
    """A note of step 1 comes before the lines of action 1; with no note and no lost power (a miss
    destroys nobody) the saved log is the events described all at once."""
    captain = card("Captain", champion=2, champion_powers=(WARD,))
    st = battle("C..\nAb.", {"C": captain, "A": card("Archer")}, active="b", dice=(1,))
    after, events = apply(st, Attack(0, ("A",)))  # a miss: nobody destroyed
    lines = saved_log([[], events], [st, after], [(1, 1, "AI (greedy) attacks Archer (A).")])
    assert lines[0].text == "AI (greedy) attacks Archer (A)." and lines[0].player == 1
    assert [line.text for line in lines[1:]] == [line.text for line in describe_events(events, after)]
    assert saved_log([[], events], [st, after]) == describe_events(events, after)


async def test_a_resumed_battle_against_the_ai_shows_its_intent_lines_where_the_live_log_had_them(
        tmp_path, monkeypatch):
    """A battle against the AI with its intent shown, autosaved: the log rebuilt on resume has the
    same lines as the live log (the intent lines in their places), the save replays and verifies,
    and a save without notes (older) still loads, its log without them."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    saver = AutoSaver()
    try:
        opponent = Opponent(level="greedy", player=1, pace=0.0, intent=True)
        app = TacticaApp(BattleFactory(wbs, maps, seed=3, saver=saver, opponent=opponent))
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(300):
                screen = app.screen
                if isinstance(screen, BattleScreen) and screen.session.state.round >= 2 and human_turn(app):
                    break
                await until(pilot, lambda: human_turn(app))
                await play_one_step(pilot, app)
            screen = app.screen
            assert isinstance(screen, BattleScreen) and screen.session.state.round >= 2
            live = [line.text for line in screen.query_one(BattleLog).entries]
            save_id = screen.session.save_id
        assert saver.flush()
    finally:
        saver.close()
    intents = [text for text in live if text.startswith("AI (greedy) ")]
    assert len(intents) >= 3  # the AI acted, and said why each time
    opened = open_save(save_id)
    assert [n[2] for n in opened.save.notes] == intents
    resumed = resume_session(opened, None)
    rebuilt = [line.text for line in resumed.history_log]
    start = live.index(rebuilt[0])  # the live log opens with the new battle's and who plays whom lines
    assert live[start:] == rebuilt
    again = TacticaApp(BattleFactory(wbs, maps, seed=3, opponent=resumed.opponent), resume=resumed)
    async with again.run_test(size=(120, 40)) as pilot:  # the resumed battle on the screen
        await pilot.pause()
        shown = [line.text for line in again.screen.query_one(BattleLog).entries]
    assert shown[0].startswith("Resumed battle ") and shown[2:2 + len(rebuilt)] == rebuilt
    assert rebuild(opened.save).final is not None  # the replay still verifies (digests unchanged)
    text = opened.save.to_json()
    older = SaveFile.from_json(text.replace('"notes"', '"not_known"'))
    assert older.notes == [] and older.actions == opened.save.actions
    assert not any(line.text in intents for line in saved_log(opened.rebuilt.events, opened.rebuilt.states))
