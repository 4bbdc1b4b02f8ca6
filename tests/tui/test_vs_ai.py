"""Solo play against the AI (issue 4): the AI's turns in a worker, pace, fast mode, intent, safety.

Battles are the small skirmish one (conftest).  A "gated" bot waits on an
event before answering, so a test can look at the screen while the AI is
still thinking.
"""
from __future__ import annotations

import argparse
import threading
import time

import pytest

from tactica.ai.bots import make_bot
from tactica.cli import build_parser, play_opponent
from tactica.client.factory import BattleFactory
from tactica.client.opponent import AiPlayer, Opponent
from tactica.engine import Activate, Phase
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.battle_ai import AI_UNDO
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.winner import WinnerScreen
from tactica.tui.widgets.battle_header import BattleHeader
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import skirmish_battle
from .test_full_battle import play_one_step

SIZE = (120, 40)


def ai_app(level: str = "greedy", *, seed: int = 3, human: int = 1, pace: float = 0.0,
           intent: bool = False) -> TacticaApp:
    """The real app on the skirmish battle against the AI (``human`` is 1 or 2)."""
    wbs, maps = skirmish_battle()
    opponent = Opponent(level=level, player=2 - human, pace=pace, intent=intent)
    return TacticaApp(BattleFactory(wbs, maps, seed=seed, opponent=opponent))


def log_text(app) -> str:
    return "\n".join(app.screen.query_one(BattleLog).lines_written)


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds (fails after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        await pilot.pause(0.02)


def human_turn(app) -> bool:
    """True when the human has something to do (or the battle is over)."""
    screen = app.screen
    if isinstance(screen, (WinnerScreen, ChoiceModal)):
        return True
    return isinstance(screen, BattleScreen) and not screen.ai_decides()


class Gate:
    """Holds every AI's ``think`` until ``open()`` is called (the screen sees the AI thinking)."""

    def __init__(self):
        self.event = threading.Event()
        self.asked = 0

    def open(self) -> None:
        self.event.set()


@pytest.fixture
def gate(monkeypatch) -> Gate:
    """AiPlayer.think waits for the gate (installed before the app starts)."""
    g = Gate()
    think = AiPlayer.think

    def held(self, state):
        g.asked += 1
        g.event.wait(120)  # 10 s ran out under load (a test saw "playing" for "thinking"); the teardown opens it
        return think(self, state)

    monkeypatch.setattr(AiPlayer, "think", held)
    yield g
    g.open()


async def ai_thinking(pilot, app, gate: Gate) -> BattleScreen:
    """Play human steps by keys until the (gated) AI is thinking; return the battle screen."""
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, BattleScreen) and screen.ai_decides():
            await until(pilot, lambda: gate.asked >= 1)
            return screen
        await play_one_step(pilot, app)
    raise AssertionError("the AI never had to decide")


# -- the command line ---------------------------------------------------------------
def test_play_defaults_to_the_normal_ai_and_hotseat_is_one_flag_away():
    parser = build_parser()
    solo = play_opponent(parser.parse_args(["play"]))
    assert solo == Opponent(level="normal", player=1)
    assert play_opponent(parser.parse_args(["play", "--ai", "hard", "--side", "2", "--intent"])) == \
        Opponent(level="hard", player=0, intent=True)
    assert play_opponent(parser.parse_args(["play", "--hotseat"])) is None
    assert play_opponent(parser.parse_args(["play", "--vs", "human"])) is None
    with pytest.raises(ValueError):
        play_opponent(parser.parse_args(["play", "--hotseat", "--ai", "hard"]))
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--ai", "grandmaster"])


def test_unknown_level_is_a_clear_usage_error(capsys):
    from tactica.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--ai", "grandmaster"])
    assert exit_.value.code == 2
    assert "unknown AI level 'grandmaster'; choose one of random, greedy, normal, hard" in capsys.readouterr().err


# -- the AI's turns -----------------------------------------------------------------------
async def test_the_ai_thinks_in_a_worker_while_the_screen_stays_live_and_player_keys_are_hidden(gate):
    app = ai_app("greedy")
    async with app.run_test(size=SIZE) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        state = screen.session.state
        assert screen.ai_pending is state
        assert "AI (greedy) is thinking" in str(screen.query_one(BattleHeader).render())
        assert "AI (greedy) is thinking" in screen.query_one(StatusLine).message
        for name in ("select", "next", "move", "attack", "charge", "end", "undo", "auto_place"):
            assert screen.check_action(name, ()) is False, name
        shown = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert not shown & {"move", "attack", "end", "select", "undo"}
        assert {"help", "quit", "ai_fast", "ai_intent"} <= shown
        # the player's keys do nothing; the cursor and help still work
        square = screen.map_view.square
        await pilot.press("enter", "e", "m", "a", "z", "right")
        assert screen.session.state is state
        assert screen.map_view.square != square
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        gate.open()
        await until(pilot, lambda: screen.session.state is not state)
        assert screen.session.actions[-1] is not None


async def test_a_stale_answer_is_dropped_and_the_ai_asked_again(gate):
    app = ai_app("greedy")
    async with app.run_test(size=SIZE) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        old = screen.session.state
        played: list[tuple[int, bool]] = []
        ai_play = screen.ai_play

        def spy(thought):
            applied = ai_play(thought)
            played.append((thought.step, applied))
            return applied

        screen.ai_play = spy
        # the battle moves on under the thinking bot (as a reload or an undo would)
        assert screen.session.apply(make_bot("greedy").choose(old)).ok
        gate.open()
        await until(pilot, lambda: bool(played))
        assert played[0] == (old.step, False)  # the answer to the old state is not applied
        await until(pilot, lambda: human_turn(app))
        assert all(applied for _, applied in played[1:])  # asked again about the new state


async def test_a_whole_battle_by_keys_against_the_greedy_ai_reaches_the_winner_screen():
    app = ai_app("greedy", intent=True)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(800):
            if isinstance(app.screen, WinnerScreen):
                break
            if human_turn(app):
                await play_one_step(pilot, app)
            else:
                await pilot.pause(0.01)
        assert isinstance(app.screen, WinnerScreen), "the battle did not end"
        st = app.session.state
        assert st.phase is Phase.OVER and st.winner in (0, 1)
        summary = str(app.screen.query_one("#summary").render())
        assert ("You win!" in summary) == (st.winner != app.session.opponent.player)
        assert ("AI (greedy) wins." in summary) == (st.winner == app.session.opponent.player)
        battle = app.screen_stack[-2]
        text = "\n".join(battle.query_one(BattleLog).lines_written)
        assert "AI (greedy) activates" in text  # intent lines
        ai_player = app.session.opponent.player
        assert any(isinstance(a, Activate) and st.creature(a.uid).player == ai_player for a in app.session.actions)


async def test_pace_holds_each_step_and_fast_mode_drops_the_pause(gate):
    app = ai_app("greedy", pace=30.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        state = screen.session.state
        gate.open()
        await pilot.pause(0.5)
        assert screen.session.state is state  # answered long ago, but waiting for the pace
        assert "is playing" in str(screen.query_one(BattleHeader).render())
        await pilot.press("f")
        assert screen.ai_fast
        await until(pilot, lambda: human_turn(app), timeout=5)  # this step at once, the rest without pauses
        await pilot.press("f")
        assert not screen.ai_fast


async def test_a_failing_bot_falls_back_to_a_random_legal_action_with_a_warning():
    app = ai_app("normal")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        def broken(state):
            raise RuntimeError("bot bug")

        screen = app.screen if isinstance(app.screen, BattleScreen) else app.screen_stack[-2]
        screen.ai.bot.choose = broken
        text = lambda: "\n".join(screen.query_one(BattleLog).lines_written)  # noqa: E731
        for _ in range(200):
            if "normal AI failed (RuntimeError: bot bug)" in text():
                break
            if human_turn(app) and not isinstance(app.screen, WinnerScreen):
                await play_one_step(pilot, app)
            else:
                await pilot.pause(0.01)
        assert "normal AI failed (RuntimeError: bot bug)" in text()
        ai_player = screen.ai.opponent.player
        assert any(isinstance(a, Activate) and screen.session.state.creature(a.uid).player == ai_player
                   for a in screen.session.actions)  # the stand-in played
        assert app.is_running


async def test_undo_never_takes_back_the_ai(gate):
    app = ai_app("greedy")
    async with app.run_test(size=SIZE) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        session = screen.session
        gate.open()
        await until(pilot, lambda: human_turn(app))
        assert isinstance(app.screen, BattleScreen) and session.phase is Phase.ACTIVATE
        assert not session.can_undo() and session.undo_refusal() == AI_UNDO
        await pilot.press("z")
        assert "the AI has played since" in screen.query_one(StatusLine).message
        await pilot.press("tab", "enter")  # the player's own activation can be taken back
        assert session.can_undo()


async def test_the_ai_can_play_player_1_and_intent_toggles(gate):
    app = ai_app("greedy", human=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        assert screen.ai.opponent.player == 0
        assert "you: P2 vs AI (greedy)" in str(screen.query_one(BattleHeader).render())
        assert not screen.ai_show_intent
        await pilot.press("i")
        assert screen.ai_show_intent
        gate.open()
        await until(pilot, lambda: "AI (greedy) " in log_text(app) and human_turn(app))


async def test_hotseat_still_asks_both_players():
    wbs, maps = skirmish_battle()
    app = TacticaApp(BattleFactory(wbs, maps, seed=3, opponent=play_opponent(
        argparse.Namespace(hotseat=True, vs=None, ai=None))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        battle = app.screen_stack[1]
        assert battle.ai is None
        assert "hot-seat" in str(battle.query_one(BattleHeader).render())
        def activated() -> set[int]:
            return {app.session.state.creature(a.uid).player for a in app.session.actions
                    if isinstance(a, Activate)}

        for _ in range(60):  # both players' turns come to the keyboard
            if activated() == {0, 1} or isinstance(app.screen, WinnerScreen):
                break
            await play_one_step(pilot, app)
        assert activated() == {0, 1}


def test_bots_explain_their_choices():
    from tactica.client.session import GameSession
    from tactica.engine import Attack, Charge, GameState, Move
    wbs, maps = skirmish_battle()
    session = GameSession.start(wbs, maps, 3)
    bots = {0: make_bot("normal", 1), 1: make_bot("greedy", 2)}
    seen: dict[type, str] = {}
    assert make_bot("hard").explain() is None  # nothing chosen yet
    while not session.state.is_over:
        state: GameState = session.state
        bot = bots[state.decider]
        action = bot.choose(state)
        seen.setdefault(type(action), bot.explain())
        assert session.apply(action).ok
    assert seen[Activate].startswith("activates ")
    assert "% to hit" in (seen.get(Attack) or seen.get(Charge))
    assert seen[Move].startswith(("moves toward", "moves into its VP zone"))


# -- saves --------------------------------------------------------------------------------
def test_the_save_remembers_the_ai_and_resume_plays_on_against_it(tmp_path, monkeypatch):
    from tactica.client.saving import describe_save, open_save, resume_session
    from tactica.saves.autosave import AutoSaver
    from tactica.saves.codec import SaveFile
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    wbs, maps = skirmish_battle()
    saver = AutoSaver()
    try:
        opponent = Opponent(level="hard", player=0)
        session = BattleFactory(wbs, maps, seed=3, saver=saver, opponent=opponent).quick()
        bot, human = make_bot("greedy", 1), make_bot("greedy", 2)
        while not (session.state.decider == 1 and isinstance(session.actions[-1], Activate)
                   and session.state.phase is Phase.ACTING):  # stop when the human just activated
            st = session.state
            assert session.apply((bot if st.decider == 0 else human).choose(st)).ok
        assert saver.flush()
        opened = open_save(session.save_id)
        assert opened.save.players == {"ai": "hard", "ai_player": 1, "quick_setup": True}
        assert "against AI (hard)" in describe_save(opened)
        resumed = resume_session(opened, saver)
        assert resumed.opponent == Opponent(level="hard", player=0)
        assert resumed.can_undo()  # the player's own activation
        # after an AI step, nothing before it can be taken back after a resume
        while resumed.state.decider == 1:
            assert resumed.apply(human.choose(resumed.state)).ok
        assert resumed.apply(bot.choose(resumed.state)).ok
        assert saver.flush()
        again = resume_session(open_save(session.save_id), None)
        assert not again.can_undo()
        # a save without the field (older, or hot-seat) resumes as hot-seat
        text = opened.save.to_json()
        old = SaveFile.from_json(text.replace('"players"', '"unknown_field"'))
        assert old.players == {} and Opponent.from_save(old.players) is None
    finally:
        saver.close()


async def test_full_setup_against_the_ai_it_chooses_and_deploys_by_itself():
    wbs, maps = skirmish_battle()

    class SetupFactory(BattleFactory):
        def quick(self):
            return self.custom(self.warbands, self.maps)

    app = TacticaApp(SetupFactory(wbs, maps, seed=5, opponent=Opponent(level="normal", player=1, pace=0)))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            screen = app.screen
            st = app.session.state if app.session else None
            if st is not None and st.round >= 1:
                break
            if isinstance(screen, ChoiceModal):
                await pilot.press("enter")
            elif isinstance(screen, BattleScreen) and not screen.ai_decides() and st.phase is Phase.DEPLOY:
                await pilot.press("p")
            else:
                await pilot.pause(0.01)
        session = app.session
        assert session.state.round >= 1
        placed_by_ai = [a for a in session.actions if type(a).__name__ == "Place"
                        and session.state.creature(a.uid).player == 1]
        assert len(placed_by_ai) == len(wbs[1].cards)


async def test_while_the_ai_thinks_after_the_players_move_no_old_intent_is_shown(gate):
    """The status line's "Last: it …" is the AI's latest step; once the player has moved since, the
    AI thinking about its next turn shows no intent from before that move."""
    app = ai_app("greedy", intent=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        gate.open()                                          # the AI plays its turn
        await until(pilot, lambda: human_turn(app))
        assert screen.ai_last is not None and "Last: it" in screen.ai_status()
        gate.event.clear()
        gate.asked = 0
        screen = await ai_thinking(pilot, app, gate)         # the player moves; the AI thinks again
        assert screen.ai_last is None and "Last:" not in screen.ai_status()
        assert "is thinking" in screen.ai_status()
        gate.open()
