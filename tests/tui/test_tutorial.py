"""``tactica tutorial`` (issue 20 part 1): the lesson's screen driven by keys through every step, the
wrong-key hint, skipping, leaving and resuming, and its snapshots at 80×24 and 120×40."""
from __future__ import annotations

import json
import time

import pytest

from tactica.client.factory import BattleFactory
from tactica.client.tutorial import STEPS
from tactica.engine import Phase
from tactica.tui.app import TacticaApp
from tactica.tui.screens.tutorial import TutorialScreen


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    return tmp_path


def _app() -> TacticaApp:
    app = TacticaApp(BattleFactory(warbands=(), maps=()), tutorial=True)
    app.ai_fast = True  # the AI's steps without the readable pace
    return app


def _screen(app: TacticaApp) -> TutorialScreen:
    return next(s for s in app.screen_stack if isinstance(s, TutorialScreen))


async def _settle(pilot, screen: TutorialScreen) -> None:
    """Wait until the AI is done and no question is up (or a question is, for the caller to answer);
    checks every 5 ms, gives up after 8 s and lets the test go on."""
    deadline = time.monotonic() + 8.0
    while time.monotonic() < deadline:
        await pilot.pause(0.005)
        if not screen.ai_decides() and screen.ai_turn.waiting is None and pilot.app.screen is screen:
            return
        if pilot.app.screen is not screen and not screen.ai_decides():
            return


async def _answer(pilot, screen: TutorialScreen) -> None:
    """Answer any question up (the first option: Player 1 first, use a champion power…)."""
    for _ in range(5):
        if pilot.app.screen is screen or screen.session.phase is Phase.OVER:
            return
        await pilot.press("enter")
        await _settle(pilot, screen)


def _flanking_square(screen: TutorialScreen):
    """A legal move destination across an enemy from one of the mover's allies (FLK-1), or None."""
    state = screen.session.state
    me = state.active_creature
    allies = {c.pos for c in state.creatures if c.player == me.player and c.uid != me.uid and c.pos is not None}
    for e in state.creatures:
        if e.player == me.player or e.pos is None:
            continue
        for sq in screen.session.moves():
            if (2 * e.pos[0] - sq[0], 2 * e.pos[1] - sq[1]) in allies and max(
                    abs(sq[0] - e.pos[0]), abs(sq[1] - e.pos[1])) == 1:
                return sq
    return None


def _nearest_enemy_square(screen: TutorialScreen):
    """The legal move destination nearest an enemy of the active creature."""
    state = screen.session.state
    me = state.active_creature
    enemies = [c.pos for c in state.creatures if c.player != me.player and c.pos is not None]
    moves = screen.session.moves()
    return min(moves, key=lambda sq: min(max(abs(sq[0] - e[0]), abs(sq[1] - e[1])) for e in enemies))


async def _activate(pilot, screen: TutorialScreen) -> bool:
    await _answer(pilot, screen)
    if screen.session.phase is Phase.OVER:
        return False
    await pilot.press("tab", "enter")
    await _settle(pilot, screen)
    await _answer(pilot, screen)
    return screen.session.state.active_creature is not None


def _flank_plan(screen: TutorialScreen):
    """(creature, square, enemy): one of the learner's creatures that may be activated, a free square
    it may reach opposite an ally across an enemy (FLK-1), and that enemy; None when there is none."""
    st = screen.session.state
    mine = [c for c in st.creatures if c.player == 0 and c.pos is not None]
    ready = set(screen.session.activatable())
    for enemy in (c for c in st.creatures if c.player != 0 and c.pos is not None):
        ex, ey = enemy.pos
        for ally in mine:
            ax, ay = ally.pos
            if max(abs(ax - ex), abs(ay - ey)) != 1:
                continue
            opposite = (2 * ex - ax, 2 * ey - ay)
            if not st.battle_map.in_bounds(opposite) or st.creature_at(opposite) is not None:
                continue
            for c in mine:
                if c.uid in ready and c.uid != ally.uid and max(
                        abs(c.pos[0] - opposite[0]), abs(c.pos[1] - opposite[1])) <= c.card.speed:
                    return c, opposite, enemy
    return None


async def _end_if_still_active(pilot, screen: TutorialScreen) -> None:
    """End the learner's activation when it is still going on (e twice: it may ask again), then
    answer what comes up."""
    active = screen.session.state.active_creature
    if active is not None and active.player == 0 and pilot.app.screen is screen:
        await pilot.press("e", "e")
    await _settle(pilot, screen)
    await _answer(pilot, screen)


async def _flank(pilot, screen: TutorialScreen) -> bool:
    """Activate a creature (Tab until the cursor is on it, Enter), move it opposite an ally across
    an enemy and attack that enemy; False when no such move is open (nothing was done)."""
    plan = _flank_plan(screen)
    if plan is None:
        return False
    who, square, enemy = plan
    for _ in range(8):
        if screen.map_view.square == who.pos:
            break
        await pilot.press("tab")
    if screen.map_view.square != who.pos:
        return False
    await pilot.press("enter")
    await _settle(pilot, screen)
    s = screen.session
    if s.state.active_uid != who.uid:
        return False
    if square in s.moves():
        screen.map_view.move_cursor(square)
        await pilot.press("m", "m")
        await _settle(pilot, screen)
        await _answer(pilot, screen)
    if enemy.uid in s.attack_targets(0) and s.state.active_uid == who.uid:
        screen.map_view.move_cursor(s.state.creature(enemy.uid).pos)
        await pilot.press("a", "enter")
        await _settle(pilot, screen)
        await _answer(pilot, screen)
    await _end_if_still_active(pilot, screen)
    return True


async def _act(pilot, screen: TutorialScreen, step: str) -> None:
    """One activation of the learner's that plays the step ``step`` if the board allows."""
    if step == "intent" and not screen.ai_turn.show_intent:
        await pilot.press("i")  # the AI's intent on: its next activation completes the step
    await _answer(pilot, screen)
    if step == "flank" and screen.session.phase is not Phase.OVER and await _flank(pilot, screen):
        return
    if not await _activate(pilot, screen):
        return
    s = screen.session
    if step == "undo" and s.moves():
        screen.map_view.move_cursor(next(iter(s.moves())))
        await pilot.press("m", "m", "z")
        await _settle(pilot, screen)
    if step == "shift" and s.shifts():
        screen.map_view.move_cursor(next(iter(s.shifts())))
        await pilot.press("s")
    elif step == "flank" and _flanking_square(screen) is not None:
        screen.map_view.move_cursor(_flanking_square(screen))
        await pilot.press("m", "m")
        await _settle(pilot, screen)
        if s.usable_attacks():
            await pilot.press("a", "enter")
    elif s.charges() and step not in ("move", "end"):
        await pilot.press("c", "enter", "enter", "enter")
    elif s.usable_attacks() and step not in ("move", "end"):
        await pilot.press("a", "enter")
    elif s.moves():
        screen.map_view.move_cursor(_nearest_enemy_square(screen))
        await pilot.press("m", "m")
    await _settle(pilot, screen)
    await _answer(pilot, screen)
    await _end_if_still_active(pilot, screen)


async def test_tutorial_every_step_to_the_end():
    """Driven by keys only (the cursor put on squares as a player's arrows would), the lesson goes
    through every step to "Tutorial done", each completed by doing it, none skipped."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        done = []
        for _ in range(80):
            lesson = screen.lesson
            if lesson.finished or lesson.step.id == "finish" or screen.session.phase is Phase.OVER:
                break
            before = lesson.index
            await _act(pilot, screen, lesson.step.id)
            if lesson.index > before:
                done.extend(STEPS[i].id for i in range(before, lesson.index))
        assert screen.lesson.step is not None and screen.lesson.step.id == "finish"
        # every step between the first (answered before the loop) and the last done by playing it
        assert done == [step.id for step in STEPS[1:-1]]
        assert json.loads((_data_dir_path(screen)).read_text())["step"] == "finish"
        assert "Step 13 of 13" in str(screen.lesson_panel.render())


def _data_dir_path(screen: TutorialScreen):
    assert screen.lesson.path is not None
    return screen.lesson.path


async def test_tutorial_wrong_key_gets_the_hint_and_the_step_goes_on():
    """A key that is no part of the step (x: bound to nothing; a: attack, while the step asks to
    select) shows the step's hint with the bound keys; the right keys still complete the step."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        assert screen.lesson.step.id == "select"
        assert "Hint" not in str(screen.lesson_panel.render())
        await pilot.press("x")
        panel = str(screen.lesson_panel.render())
        assert "Hint: Press Tab to reach one of your creatures, then Enter to activate it." in panel
        await pilot.press("a")  # a real key of the battle: it says why it cannot attack, the hint stays
        assert "Hint:" in str(screen.lesson_panel.render())
        await pilot.press("tab", "enter")
        await _settle(pilot, screen)
        assert screen.lesson.step.id == "move"
        assert "Hint" not in str(screen.lesson_panel.render())


async def test_tutorial_skip_leave_and_resume(tmp_path):
    """ctrl+n skips the step on screen; q leaves; the next tutorial begins at the step reached, in the
    battle as it was left (its actions kept in the progress file), with the AI's intent lines on as
    the learner left them (nm-tut s15, 8), and its log's first line says so (no 'tactica play
    --seed'); --restart's file removal begins it at the first again."""
    from tactica.saves.codec import state_digest
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        assert await _activate(pilot, screen)  # the battle moves on: a creature activated (step 2 done)
        await pilot.press("ctrl+n", "ctrl+n")
        assert screen.lesson.step.id == "intent"
        await pilot.press("i")
        assert screen.ai_turn.show_intent
        left = (tuple(screen.session.actions), state_digest(screen.session.state))
        assert "tactica play --seed" not in screen.battle_log.lines_written[0]
        await pilot.press("q", "q")
    saved = json.loads((tmp_path / "tutorial.json").read_text())
    assert saved["step"] == "intent" and len(saved["actions"]) == len(left[0]) and saved["intent"] is True
    again = _app()
    async with again.run_test(size=(120, 40)) as pilot:
        screen = _screen(again)
        assert screen.lesson.step.id == "intent"
        assert "Step 5 of 13: The opponent's turn  (Ctrl+N skips it, q leaves)" in str(screen.lesson_panel.render())
        assert screen.resumed_battle and screen.ai_turn.show_intent
        assert (tuple(screen.session.actions), state_digest(screen.session.state)) == left
        first = screen.battle_log.lines_written[0]
        assert first.startswith("The tutorial's battle, as you left it") and "--seed" not in first
    (tmp_path / "tutorial.json").unlink()  # tactica tutorial --restart
    fresh = _app()
    async with fresh.run_test(size=(120, 40)) as pilot:
        screen = _screen(fresh)
        assert screen.lesson.step.id == "first" and not screen.resumed_battle


def test_a_progress_file_of_another_battle_gives_a_fresh_battle(tmp_path):
    """Actions that do not replay on the tutorial's battle (a hand-edited file) are not trusted."""
    from tactica.client.tutorial import Lesson, tutorial_session
    from tactica.engine import EndActivation
    fresh = tutorial_session()
    path = tmp_path / "tutorial.json"
    lesson = Lesson(path=path)
    lesson.keep([*fresh.actions, EndActivation()])  # nothing is active: refused
    again = Lesson.resumed(path)
    session = tutorial_session(actions=again.actions)
    assert tuple(session.actions) == tuple(fresh.actions) and not again.resumes(session)
    path.write_text('{"step": "move", "actions": [{"type": "Nonsense"}]}')
    broken = Lesson.resumed(path)
    assert broken.step.id == "move" and broken.actions == ()


async def test_tutorial_from_the_command_palette():
    """The palette's "Tutorial" leaves the battle on screen and opens the tutorial."""
    from tests.tui.conftest import skirmish_battle
    wbs, maps = skirmish_battle()
    app = TacticaApp(BattleFactory(warbands=wbs, maps=maps, seed=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_tutorial()
        await pilot.pause()
        assert isinstance(_screen(app), TutorialScreen)


async def _to_select(pilot) -> None:
    screen = _screen(pilot.app)
    await _settle(pilot, screen)
    await _answer(pilot, screen)
    await pilot.press("x")  # the hint shown too
    await pilot.pause()


def test_tutorial_snapshot_80x24(snap_compare):
    assert snap_compare(_app(), run_before=_to_select, terminal_size=(80, 24))


def test_tutorial_snapshot_120x40(snap_compare):
    assert snap_compare(_app(), run_before=_to_select, terminal_size=(120, 40))


def test_every_key_named_in_the_steps_is_a_battle_key():
    from tactica.client.tutorial import placeholders
    from tactica.tui.screens.tutorial import key_names
    names = key_names(TutorialScreen.BINDINGS)
    missing = placeholders() - set(names)
    assert not missing, f"the lesson names keys no binding has: {missing}"


def test_tutorial_command_without_a_terminal_is_refused_with_a_clear_line(tmp_path):
    """``tactica tutorial`` (and ``--restart``) refuse at once without a terminal, exit 2, no traceback."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "TACTICA_DATA_DIR": str(tmp_path), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-m", "tactica", "tutorial", "--restart"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, env=env, cwd=root)
    assert done.returncode == 2
    assert "tactica tutorial: error: standard input is not a terminal" in done.stderr
    assert "Traceback" not in done.stderr


async def test_tutorial_names_the_keys_the_settings_bind():
    """With ``move = "x"`` in the settings' [keys], the lesson says x where it said m."""
    from tactica.client.settings import Settings
    app = _app()
    app.settings = Settings(keys={"move": "x"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        await pilot.press("ctrl+n")  # to the move step
        panel = str(screen.lesson_panel.render())
        assert "Step 3 of 13: Move" in panel and "press x" in panel and "press m" not in panel


async def test_the_opening_lines_are_logged_once():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = [e.text for e in _screen(app).battle_log.entries]
        assert sum("Setup roll:" in t for t in lines) == 1, lines


async def test_a_battle_that_ends_before_the_lesson_says_how_to_go_on_and_one_at_the_last_step_finishes_it():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.lesson.index = [s.id for s in STEPS].index("charge")
        assert screen.winner_note() == ("Tutorial: the battle ended before the lesson did. Press n for a fresh "
                                        f"battle at step {screen.lesson.index + 1} of {len(STEPS)} (A charge).")
        screen.lesson.index = len(STEPS) - 1
        assert screen.winner_note().startswith("Tutorial finished")
        assert screen.lesson.finished and not screen.check_action("skip_step", ())


async def _to_step(pilot, screen: TutorialScreen, step_id: str) -> None:
    """Answer the first question and skip (ctrl+n) to step ``step_id``."""
    await _settle(pilot, screen)
    await _answer(pilot, screen)
    while screen.lesson.step.id != step_id:
        await pilot.press("ctrl+n")


async def test_the_intent_step_waits_for_an_intent_line_and_quotes_it():
    """Issue 20: pressing i is not enough (twice: the intent is off again) — the step is done only when
    one of the AI's activations ends after the log showed one of its intent lines, and the panel then
    quotes that line (its start) and says what it is; while the step is up it says whether the intent is
    on; at 80×24 the panel's text is whole."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _to_step(pilot, screen, "intent")
        assert "Intent is off: press i." in str(screen.lesson_panel.render())
        await pilot.press("i", "i")  # on and off again: no line will be shown
        assert not screen.ai_turn.show_intent
        for _ in range(3):  # three activations of the learner's, the AI's in between
            await _act(pilot, screen, "end")
        assert screen.lesson.step.id == "intent" and screen.ai_turn.intent_lines == []
        await pilot.press("i")
        assert "Intent is on" in str(screen.lesson_panel.render())
        for _ in range(4):
            if screen.lesson.step.id != "intent":
                break
            await _act(pilot, screen, "end")
        assert screen.lesson.step.id != "intent"
        line = screen.ai_turn.intent_lines[-1]
        assert line.startswith("AI (greedy) ")
        assert any(e.text == line for e in screen.battle_log.entries)
        panel = str(screen.lesson_panel.render())
        assert "✓ Done: \"AI (greedy) " in panel and "is an intent line: what the AI did and why." in panel


async def test_step_one_is_shown_in_the_who_goes_first_question():
    """Issue 20: the who-goes-first question covers the lesson's panel, so step 1's heading and text
    are at the top of the question itself; once it is answered the panel goes on with step 2."""
    from textual.widgets import Static

    from tactica.tui.screens.choice import ChoiceModal
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        question = app.screen
        assert isinstance(question, ChoiceModal)
        note = str(question.query_one("#note", Static).render())
        assert "Step 1 of 13: Who goes first" in note and "press Enter" in note
        assert question.query_one("#note", Static).region.y >= 0 and question.query_one("#options").region.bottom <= 24
        await _answer(pilot, screen)
        assert screen.lesson.step.id == "select"
        assert "✓ Done: Who goes first." in str(screen.lesson_panel.render())


async def _at_question(pilot) -> None:
    await _settle(pilot, _screen(pilot.app))


def test_tutorial_question_snapshot_80x24(snap_compare):
    assert snap_compare(_app(), run_before=_at_question, terminal_size=(80, 24))


def test_tutorial_question_snapshot_120x40(snap_compare):
    assert snap_compare(_app(), run_before=_at_question, terminal_size=(120, 40))


async def test_the_intent_steps_panel_fits_at_80x24_before_and_after():
    """The intent step's text with its "Intent is off" note, and the next step's text under the quoted
    intent line, are whole in the lesson's panel at 80×24 (none cut by its height)."""
    from tactica.client.tutorial import Seen
    from tactica.engine import ActivationEnded
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _to_step(pilot, screen, "intent")
        await pilot.pause()
        panel = screen.lesson_panel
        assert len(panel.render().wrap(panel.content_region.width)) <= panel.content_region.height, str(panel.render())
        theirs = next(c.uid for c in screen.session.state.creatures if c.player == 1)
        line = "AI (greedy) charges Broken Tusk Raider (BR1): 70% to hit, about 8 damage expected."
        screen.lesson_saw(Seen((ActivationEnded(theirs),), screen.session.state, intents=(line,)))
        await pilot.pause()
        assert screen.lesson.step.id == "end"
        assert len(panel.render().wrap(panel.content_region.width)) <= panel.content_region.height, str(panel.render())


async def test_an_aggressive_learner_still_reaches_the_vp_zone_step_and_the_end_of_the_lesson():
    """Issue 20 (nm-tut 1): the newcomer's line — each step done as told, but every activation charging
    or attacking whenever it can, from the first round — no longer ends the battle during step 10: the
    lesson reaches step 11 (VP zones and the end of a round) and the last step with the battle still
    going on, each step passed only once the learner had done something under it (the zones step is no
    longer passed by a round that ends in the AI's turn), and the lesson is not "finished" before the
    last step (a second ``tactica tutorial`` then does not say "Every step is done")."""
    app = _app()
    passed: dict[str, bool] = {}  # step id -> the learner had acted under it when it was passed
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        lesson = screen.lesson
        advance = lesson.advance

        def recorded() -> None:
            if lesson.step is not None:
                passed[lesson.step.id] = lesson.acted or lesson.step.past
            advance()

        lesson.advance = recorded
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        for _ in range(80):
            if lesson.finished or lesson.step.id == "finish" or screen.session.phase is Phase.OVER:
                break
            step = lesson.step.id
            await _act(pilot, screen, step if step in ("undo", "intent", "shift", "flank") else "charge")
        assert screen.session.phase is not Phase.OVER, "the battle ended before the lesson did"
        assert lesson.step.id == "finish" and not lesson.finished
        assert list(passed) == [step.id for step in STEPS[:-1]]
        assert passed["zones"], "a round's end passed the zones step before the learner did anything under it"
        assert "Step 13 of 13" in str(screen.lesson_panel.render())


async def test_every_steps_text_fits_the_panel_at_80x24_and_the_zones_step_gives_its_numbers():
    """Issue 20 (nm-tut 2, 12): each step's text is whole in the lesson's panel at
    80×24; the charge step says a move may come first (about twice the speed) and names the threat view's
    key; the zones step names the VP a held zone scores and the target, from the battle's own rules."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        rules = screen.session.state.rules
        panel = screen.lesson_panel
        while not screen.lesson.finished:
            screen.show_lesson()
            await pilot.pause()
            text = str(panel.render())
            lines = panel.render().wrap(panel.content_region.width)
            assert len(lines) <= panel.content_region.height, text
            if screen.lesson.step.id == "charge":
                assert "twice its speed" in text and "t: ! an enemy attacks there without moving" in text
            if screen.lesson.step.id == "zones":
                assert f"you score {rules.held_zone_vp} VP" in text and f"{rules.target} VP wins" in text
                assert (rules.held_zone_vp, rules.target) == (5, 100)
            await pilot.press("ctrl+n")


async def test_skip_key_and_a_wrong_key_in_step_one_under_the_who_goes_first_question():
    """Issue 20 (nm-tut 7, 10): the question hides the footer, so its note names the skip key; a key the
    question does not use (x) puts step 1's hint in the note; Ctrl+N skips step 1 there (the note says so
    and that the question still wants its answer); answering it goes on with step 2."""
    from textual.widgets import Static

    from tactica.tui.screens.choice import ChoiceModal
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        question = app.screen
        assert isinstance(question, ChoiceModal)
        note = question.query_one("#note", Static)
        assert "(Ctrl+N skips it, q leaves)" in str(note.render())
        await pilot.press("x")
        assert "Hint: Answer the question at the bottom of the screen" in str(note.render())
        await pilot.press("down", "up")  # the question's own keys: no hint for them, the note stays
        assert screen.lesson.step.id == "first"
        await pilot.press("ctrl+n")
        assert screen.lesson.step.id == "select" and app.screen is question
        assert "step 1 skipped" in str(note.render()) and "step 2 of 13 (Select a creature)" in str(note.render())
        await _answer(pilot, screen)
        assert screen.session.phase is not Phase.CHOOSE_FIRST and screen.lesson.step.id == "select"


async def test_q_in_the_tutorial_asks_first_and_says_the_place_is_kept():
    """Issue 20 (nm-tut 8): the first q asks, saying that the step reached and the battle are kept and
    where ``tactica tutorial`` goes on; another key stays; q twice leaves.  s17 (ux 8): the question is
    the status line's, as in any battle, not a line between the step's heading and its text."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        await pilot.press("q")
        assert screen.status_line.message == (
            "Leave the tutorial? Your place (step 2 of 13) and its battle are kept: 'tactica tutorial' goes "
            "on from there. q again or y leaves, any other key stays.")
        assert screen.status_line.warning  # drawn "⚠ …": a question, read without colour
        panel = str(screen.lesson_panel.render())
        assert "Leave the tutorial?" not in panel
        assert panel.splitlines()[1].startswith("Your creatures are upper-case letters")  # the text under the heading
        assert app.screen is screen and app.return_code is None
        await pilot.press("tab")
        assert "Leave the tutorial?" not in screen.status_line.message
        assert screen.lesson.step.id == "select"  # the key only withdrew the question
        await pilot.press("q", "y")
        await pilot.pause()
        assert app.return_code is not None


async def test_a_finished_tutorial_opens_again_at_step_one_and_says_so(_data_dir):
    """nm s16 F6: after the last step, `tactica tutorial` (and the palette's Tutorial) begins again at
    step 1 in a new battle, saying so, instead of the old battle with no lesson."""
    (_data_dir / "tutorial.json").write_text(json.dumps({"step": "done"}) + "\n", encoding="utf-8")
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        assert screen.lesson.index == 0 and screen.lesson.again
        assert not screen.resumed_battle
        # the who-goes-first question covers the panel; the panel holds the line for after it
        assert "You finished the tutorial before: here it is again from step 1" in screen._said
        assert "You finished the tutorial before" in screen.question_note()  # said over the first question
        assert "Step 1 of 13" in str(screen.lesson_panel.render())
    assert json.loads((_data_dir / "tutorial.json").read_text())["step"] == "first"


async def test_the_palettes_tutorial_from_the_start_forgets_the_step_reached(_data_dir):
    """README: --restart is also in the Ctrl+P palette ("Tutorial from the start")."""
    (_data_dir / "tutorial.json").write_text(json.dumps({"step": "charge"}) + "\n", encoding="utf-8")
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        assert screen.lesson.step.id == "charge"
        app.action_tutorial_restart()
        await pilot.pause()
        screen = _screen(app)
        await _settle(pilot, screen)
        assert screen.lesson.index == 0 and not screen.lesson.again
    assert json.loads((_data_dir / "tutorial.json").read_text())["step"] == "first"


async def test_CHP_2_a_champion_question_before_its_step_carries_that_steps_lesson():
    """nm s16 F4, F5: the battle asks about a champion power when it asks, often steps before the
    champion step, and the question covers the lesson's panel: the question then carries that step's
    lesson (what the champion rating is, what yes and n do); once the step is done, nothing."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        note = screen.champion_note()
        assert note.startswith("[b]Tutorial — Champion powers[/b] (step 12 of 13, here early)")
        assert "champion rating" in note and "n keeps them" in note
        ids = [s.id for s in STEPS]
        screen.lesson.index = ids.index("champion")
        assert "here early" not in screen.champion_note() and "Champion powers" in screen.champion_note()
        screen.lesson.index = ids.index("champion") + 1
        assert screen.champion_note() == ""


async def test_q_under_the_who_goes_first_question_asks_first_as_at_every_step():
    """s16 keys 1 (a newcomer's s15 finding): at step 1 the who-goes-first question covers the lesson's
    panel, and one q left at once where every later step asks first.  Now the first q asks above the
    answers; another key withdraws the question (the step's question stays); q twice leaves, the place
    kept."""
    from textual.widgets import Label

    from tactica.tui.screens.choice import ChoiceModal
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        question = app.screen
        assert isinstance(question, ChoiceModal) and screen.lesson.step.id == "first"
        await pilot.press("q")
        await pilot.pause()
        asked = question.query_one("#refusal", Label)
        assert app.return_code is None and app.screen is question
        assert asked.has_class("-shown") and ("Leave the tutorial? Your place (step 1 of 13)"
                                              in str(asked.render()))
        assert "q again or y leaves, any other key stays." in str(asked.render())
        await pilot.press("down")  # another key: stays, the leave question withdrawn
        await pilot.pause()
        assert not asked.has_class("-shown") and app.screen is question and app.return_code is None
        await pilot.press("q", "q")
        await pilot.pause()
        assert app.return_code is not None


async def test_the_intent_steps_key_stays_in_the_footer_at_80_columns_once_pressed():
    """s16 keys 4 (a newcomer's s15 note: i left the footer once pressed in the intent step, its label
    "Intent ✓" longer, until the AI's turn): the keys the step on screen teaches rank first in the
    footer, so i is there before and after it is pressed."""
    from textual.widgets._footer import FooterKey
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        while screen.lesson.step.id != "intent":
            await pilot.press("ctrl+n")
            await pilot.pause()
        for _ in range(2):
            await pilot.pause()
            keys = [k.key_display for k in screen.query(FooterKey)]
            assert "i" in keys, keys
            await pilot.press("i")


async def test_the_intent_step_says_e_twice_for_a_creature_that_did_nothing():
    """s17 (ux 2): step 5 said "press i … then e", but the first e of an activation that did nothing
    only asks (ACT-1's warning): the step says to press e twice then, and two e do end it."""
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        assert await _activate(pilot, screen)  # step 2 done; the creature has done nothing
        while screen.lesson.step.id != "intent":
            await pilot.press("ctrl+n")
        panel = str(screen.lesson_panel.render())
        assert "Then end an activation with e (twice if it did nothing; none active? Enter activates one)" in panel
        await pilot.press("i", "e")
        await pilot.pause()
        assert screen.status_line.warning and "Press e again" in screen.status_line.message
        assert screen.session.state.active_creature is not None
        mine = screen.session.state.active_creature.uid
        await pilot.press("e")
        await pilot.pause()
        now = screen.session.state.active_creature
        assert now is None or now.uid != mine  # ended: the AI's turn, or the learner's next creature


async def test_the_intent_step_says_nothing_untrue_once_z_took_the_activation_back():
    """s18 ux 8: after z twice (the move, then the activation taken back) step 5 still said "Before you end
    this activation" with no creature active; its words hold either way and say how to activate one."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        assert await _activate(pilot, screen)
        while screen.lesson.step.id != "intent":
            await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("z")                                       # the activation taken back
        await pilot.pause()
        assert screen.session.state.active_creature is None and screen.lesson.step.id == "intent"
        panel = " ".join(str(screen.lesson_panel.render()).split())
        assert "this activation" not in panel and "Before you end" not in panel
        assert "none active? Enter activates one" in panel
        await pilot.press("enter")                                   # and Enter does
        await pilot.pause()
        assert screen.session.state.active_creature is not None


@pytest.mark.parametrize("step,said", [
    ("charge", "✓ Done: End the activation. ✓ Done earlier in this battle: The attack preview and the dice."),
    ("finish", "✓ Done: Champion powers. ✓ Done earlier in this battle: A charge, Flanking."),
    ("select", "Welcome back: the battle as you left it, on with step 2 of 13 (Select a creature); "
               "'tactica tutorial --restart' starts over."),
])
async def test_the_steps_whole_text_shows_at_80x24_under_a_done_or_welcome_line(step, said):
    """nm s17 F1, F4, F7: at 80×24 a "✓ Done … ✓ Done earlier …" or "Welcome back" line over the heading
    pushed the end of the step's text (what to press) out of the panel.  Now the line is said shorter,
    or on the status line instead, and the whole text shows."""
    from textual.content import Content

    from tactica.tui.screens.tutorial import PANEL_ROWS
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await _settle(pilot, screen)
        await _answer(pilot, screen)
        screen.lesson.index = [s.id for s in STEPS].index(step)
        screen._said = said
        screen.show_lesson()
        await pilot.pause()
        panel = screen.lesson_panel
        rows = Content.from_markup(str(panel.render().markup)).wrap(panel.content_region.width)
        assert len(rows) <= panel.content_region.height <= PANEL_ROWS, [r.plain for r in rows]
        shown = " ".join(r.plain for r in rows)
        end = screen.lesson.text(screen.key_names()).split()[-3:]
        assert " ".join(end) in shown                        # the text's last words are in view
        first = said.split(". ")[0]
        assert first in shown or first in screen.status_line.note  # the line is said somewhere
