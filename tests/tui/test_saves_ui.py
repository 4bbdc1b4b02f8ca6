"""Saves in the battle client (issue 6): autosave, resume, continue offer, replay screen, undo.

Every test writes into its own TACTICA_DATA_DIR; battles are the small
skirmish one (conftest) so a whole battle takes a fraction of a second.
"""
from __future__ import annotations

import argparse
import os

import pytest

from tactica.ai.bots import make_bot
from tactica.client.factory import BattleFactory
from tactica.client.resume import continue_offer
from tactica.client.saving import open_save, resume_session
from tactica.client.undo import NEW_TURN, undo_refusal
from tactica.engine import Activate, Attack, EndActivation, Move, Phase
from tactica.engine import events as ev
from tactica.saves.autosave import AutoSaver
from tactica.saves.codec import state_digest
from tactica.saves.commands import run_verify
from tactica.saves.db import BattleStore, StoreError, list_saves, load_battle
from tactica.tui.app import TacticaApp
from tactica.tui.replay_app import ReplayApp
from tactica.tui.run import run_resume_or_replay
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.replay import ReplayScreen
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import skirmish_battle

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Saves go to a fresh folder for every test."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def saver():
    s = AutoSaver()
    yield s
    s.close()


def started(saver, seed=3):
    """A quick-start skirmish battle that autosaves, as ``tactica play`` makes it."""
    wbs, maps = skirmish_battle()
    return BattleFactory(wbs, maps, seed=seed, saver=saver).quick()


def play_on(session, actions: int, seed: int = 1) -> None:
    """Let the greedy bot make ``actions`` more moves for whoever decides."""
    bot = make_bot("greedy", seed)
    for _ in range(actions):
        if session.state.is_over:
            return
        assert session.apply(bot.choose(session.state)).ok


# -- autosave ------------------------------------------------------------------------
def test_quick_start_autosaves_and_the_save_replays_to_the_live_state(saver, capsys):
    session = started(saver)
    assert session.save_id and len(session.actions) > 0      # the set-up actions are recorded too
    play_on(session, 30)
    save = load_battle(session.save_id)
    assert save.seed == session.seed and save.actions == session.actions
    assert run_verify(session.save_id) == 0
    assert open_save(session.save_id).rebuilt.final.round == session.state.round
    assert state_digest(open_save(session.save_id).rebuilt.final) == state_digest(session.state)


def test_a_failing_disk_warns_once_and_the_game_goes_on(data_dir, monkeypatch):
    bad = AutoSaver()
    try:
        session = started(bad)
        good = len(session.actions)

        def full(self):
            raise StoreError("battles.sqlite3: the battle store cannot be used (database or disk is full)")
        with monkeypatch.context() as patch:
            patch.setattr(BattleStore, "_write", full)
            play_on(session, 3)
            warning = session.autosave_warning()
            assert "disk is full" in warning and "battle goes on" in warning
            play_on(session, 3)
            assert session.autosave_warning() is None    # said once
        assert len(load_battle(session.save_id).actions) == good
        play_on(session, 1)  # the disk has room again: the next write catches up
        assert bad.problem is None and load_battle(session.save_id).actions == session.actions
    finally:
        bad.close()


# -- resume ----------------------------------------------------------------------------
async def test_resume_reopens_at_the_same_round_vp_and_active_creature(saver):
    session = started(saver)
    play_on(session, 12)
    for _ in range(20):                               # stop in the middle of an activation
        if session.state.phase is Phase.ACTING:
            break
        play_on(session, 1)
    assert session.state.phase is Phase.ACTING
    saver.flush()
    opened = open_save(None)                          # the newest unfinished battle
    assert opened.save.id == session.save_id
    again = resume_session(opened, saver)
    assert again.can_undo() and again.can_undo() == session.can_undo()   # undo survives the resume
    probe = resume_session(opened, None)
    assert probe.undo().ok and state_digest(probe.state) != state_digest(again.state)
    app = TacticaApp(BattleFactory(*skirmish_battle(), saver=saver), resume=again)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        st = app.session.state
        assert (st.round, st.vp, st.active_uid, st.phase) == (session.state.round, session.state.vp,
                                                              session.state.active_uid, Phase.ACTING)
        log = app.screen.query_one(BattleLog).lines_written
        assert log[0].startswith(f"Resumed battle {session.save_id}") and len(log) > 10
        await pilot.press("e", "e")                    # carry on: end the activation (nothing done yet: e twice)
        await pilot.pause()
    saver.flush()
    assert len(load_battle(opened.save.id).actions) == len(session.actions) + 1   # same battle, one more action


def test_resume_of_a_damaged_save_says_why_exits_1_and_leaves_the_file(data_dir, capsys):
    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    bad = folder / "broken.json"
    bad.write_text('{"format": "tactica-save", "version": 1, "seed": 3,')
    before = bad.read_bytes(), os.stat(bad).st_mtime_ns
    code = run_resume_or_replay(argparse.Namespace(command="resume", save=str(bad)))
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("error: ") and "broken JSON" in err and "Traceback" not in err
    assert (bad.read_bytes(), os.stat(bad).st_mtime_ns) == before


def test_resume_with_nothing_saved_says_how_to_start(capsys):
    assert run_resume_or_replay(argparse.Namespace(command="resume", save=None)) == 1
    assert "tactica play" in capsys.readouterr().out


# -- the continue offer -----------------------------------------------------------------
async def test_play_offers_to_continue_the_last_unfinished_battle(saver):
    session = started(saver)
    play_on(session, 8)
    assert not session.state.is_over
    saver.flush()
    assert continue_offer(argparse.Namespace(new=True)) is None      # --new skips the question
    offer = continue_offer(argparse.Namespace(new=False))
    assert offer is not None and offer.save.id == session.save_id
    app = TacticaApp(BattleFactory(*skirmish_battle(), seed=9, saver=saver), offer=offer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert f"round {session.state.round}" in modal.options[0]
        assert f"VP {session.state.vp[0]}–{session.state.vp[1]}" in modal.options[0]
        await pilot.press("1")
        await pilot.pause()
        assert app.session.resumed and state_digest(app.session.state) == state_digest(session.state)


async def test_start_a_new_battle_instead(saver):
    session = started(saver)
    play_on(session, 5)
    saver.flush()
    app = TacticaApp(BattleFactory(*skirmish_battle(), seed=9, saver=saver),
                     offer=continue_offer(argparse.Namespace(new=False)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert not app.session.resumed and app.session.seed == 9 and app.session.save_id != session.save_id
    saver.flush()
    assert len(list_saves()) == 2


async def test_esc_on_the_continue_question_continues_the_battle_the_safe_answer(saver):
    session = started(saver)
    play_on(session, 5)
    saver.flush()
    app = TacticaApp(BattleFactory(*skirmish_battle(), seed=9, saver=saver),
                     offer=continue_offer(argparse.Namespace(new=False)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert "Esc" in str(modal.query_one("#options").get_option_at_index(0).prompt)
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.resumed and app.session.save_id == session.save_id


# -- replay screen ----------------------------------------------------------------------
async def test_replay_steps_forward_and_back_and_jumps_rounds(saver):
    session = started(saver)
    play_on(session, 400)
    assert session.state.is_over and session.state.round >= 2
    saver.flush()
    app = ReplayApp(open_save(session.save_id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        track = screen.track
        assert screen.step == track.round_starts[1]
        await pilot.press("right", "right", "n")
        assert screen.step == track.round_starts[1] + 3
        await pilot.press("left")
        assert screen.step == track.round_starts[1] + 2
        status = screen.query_one(StatusLine).message
        assert status.startswith(f"Action {screen.step} of {track.last}")
        await pilot.press("pagedown")
        assert screen.step == track.round_starts[2]
        await pilot.press("pageup")
        assert screen.step == track.round_starts[1]
        await pilot.press("2")
        assert screen.step == track.round_starts[2]
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert screen.step == track.round_starts[1]
        await pilot.press("end")
        assert screen.step == track.last
        assert any("wins" in line for line in screen.query_one(BattleLog).lines_written[-5:])
        await pilot.press("home")
        assert screen.step == 0 and screen.query_one(StatusLine).message.startswith("Start")
        await pilot.press("p")
        assert screen.step == 0
        # every attack step shows its roll with the numbers
        attack = next(i for i, a in enumerate(session.actions, 1) if isinstance(a, Attack))
        screen.show(attack)
        await pilot.pause()
        mine = [t for t in screen.query_one(BattleLog).lines_written if t.startswith("▶")]
        assert mine and any(" d20 " in t and " vs " in t for t in mine)


# -- undo --------------------------------------------------------------------------------
async def _to_activation(pilot, app):
    await pilot.pause()
    await pilot.press("1")        # Player 1 goes first
    await pilot.pause()
    await pilot.press("enter")    # activate the creature under the cursor
    await pilot.pause()
    assert app.session.state.phase is Phase.ACTING


def footer_keys(app) -> set[str]:
    return {b.binding.key for b in app.screen.active_bindings.values() if b.binding.show}


async def test_undo_of_a_plain_move_restores_the_position_and_the_footer(saver):
    app = TacticaApp(BattleFactory(*skirmish_battle(), seed=3, saver=saver))
    async with app.run_test(size=SIZE) as pilot:
        await _to_activation(pilot, app)
        s = app.session
        me = s.state.active_creature
        quiet = [d for d, m in s.moves().items() if not s.provokers(m.path)]
        app.screen.map_view.move_cursor(quiet[-1])
        await pilot.press("m")
        await pilot.pause()
        assert s.state.active_creature.pos == quiet[-1] and "z" in footer_keys(app)
        before_dice = s.state.dice
        await pilot.press("z")
        await pilot.pause()
        assert s.state.active_creature.pos == me.pos and s.state.dice == before_dice
        assert isinstance(s.actions[-1], Activate)
        assert app.screen.query_one(BattleLog).lines_written[-1].startswith("↶ Undone:")
        await pilot.press("ctrl+z")   # the activation itself
        await pilot.pause()
        assert s.state.phase is Phase.ACTIVATE and "z" not in footer_keys(app)
        await pilot.press("z")        # nothing left: the key says why
        await pilot.pause()
        assert app.screen.query_one(StatusLine).message.startswith("Nothing to undo")
    saver.flush()
    assert load_battle(s.save_id).actions == s.actions   # the save was cut too


async def test_undo_is_refused_after_an_attack_roll(saver):
    session = started(saver)
    bot = make_bot("greedy", 1)
    for _ in range(200):
        if isinstance(session.actions[-1], Attack) or session.state.is_over:
            break
        assert session.apply(bot.choose(session.state)).ok
    assert isinstance(session.actions[-1], Attack)
    assert session.state.phase is Phase.ACTING or not session.can_undo()
    app = TacticaApp(BattleFactory(*skirmish_battle(), saver=saver), resume=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        n = len(session.actions)
        assert "z" not in footer_keys(app)
        await pilot.press("z")
        await pilot.pause()
        assert len(session.actions) == n
        assert "dice were rolled" in app.screen.query_one(StatusLine).message


async def test_z_at_the_start_of_a_turn_says_nothing_is_undone_yet_this_turn(saver):
    """z before anything was done this turn (RND-2) does not speak of an ended activation: nothing
    is undone yet this turn, and undo works within an activation until a die is rolled."""
    app = TacticaApp(BattleFactory(*skirmish_battle(), seed=3, saver=saver))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")        # Player 1 goes first: its turn starts
        await pilot.pause()
        assert app.session.state.phase is Phase.ACTIVATE
        n = len(app.session.actions)
        await pilot.press("z")
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        assert status.message == NEW_TURN and status.refused, status.message
        assert len(app.session.actions) == n


def test_undo_rules_in_the_session(saver):
    session = started(saver)
    play_on(session, 1)                 # Player 1 goes first (no roll)
    uid = session.activatable()[0]
    assert session.apply(Activate(uid)).ok and session.can_undo()
    assert session.apply(EndActivation()).ok
    assert not session.can_undo() and session.undo_refusal() == NEW_TURN   # Player 2's turn began
    assert session.apply(Activate(session.activatable()[0])).ok
    assert session.apply(EndActivation()).ok                        # Player 2 has a second activation
    assert session.state.phase is Phase.ACTIVATE and "activation has ended" in session.undo_refusal()
    assert session.apply(Activate(session.activatable()[0])).ok
    acting = session.state
    moved = ev.CreatureMoved(acting.active_uid, (0, 0), ((1, 0),), "move")
    assert undo_refusal(Move(((1, 0),)), [moved], acting, acting) is None
    oa = ev.OpportunityAttackProvoked("x", acting.active_uid, "move")
    assert "opportunity attack" in undo_refusal(Move(((1, 0),)), [moved, oa], acting, acting)
    assert "changed more" in undo_refusal(Move(((1, 0),)), [moved, ev.ConditionEnded("x", "dazed", "save")],
                                          acting, acting)
