"""The tutorial's lesson without a screen (``tactica.client.tutorial``): its battle, each step's check
on the engine's events, the wrong-key rule, skipping and the progress file."""
from __future__ import annotations

import json

from tactica.client.tutorial import (
    LEARNER,
    STEPS,
    Lesson,
    Seen,
    tutorial_session,
)
from tactica.engine import (
    ActivationEnded,
    AttackRolled,
    ChampionPowerUsed,
    CreatureMoved,
    OpportunityAttackProvoked,
    Phase,
)


def _state():
    return tutorial_session().state


def _mine_and_theirs():
    state = _state()
    mine = next(c.uid for c in state.creatures if c.player == LEARNER)
    theirs = next(c.uid for c in state.creatures if c.player != LEARNER)
    return state, mine, theirs


def _step(step_id: str):
    return next(s for s in STEPS if s.id == step_id)


def _roll(attacker, target, kind="attack", modifiers=()):
    return AttackRolled(attacker, target, "Axe", 12, 8, modifiers, 20, "AC", 15, True, False, kind)


def test_tutorial_battle_is_the_practice_yard_against_the_greedy_ai():
    session = tutorial_session()
    assert session.state.phase is Phase.CHOOSE_FIRST
    assert session.opponent is not None and session.opponent.level == "greedy" and session.opponent.player == 1
    assert not session.opponent.intent  # the learner turns it on in the intent step
    assert [m.name for m in session.state.maps] == ["Practice Yard"]
    assert sum(c.player == LEARNER for c in session.state.creatures) == 4


def test_each_step_is_completed_by_its_own_events_only():
    state, mine, theirs = _mine_and_theirs()
    moved = CreatureMoved(mine, (0, 0), ((1, 0),), "move")
    assert _step("move").done(Seen((moved,), state))
    assert not _step("move").done(Seen((CreatureMoved(theirs, (0, 0), ((1, 0),), "move"),), state))
    assert _step("shift").done(Seen((CreatureMoved(mine, (0, 0), ((1, 0),), "shift"),), state))
    assert _step("shift").done(Seen((OpportunityAttackProvoked(theirs, mine, "move"),), state))
    assert not _step("shift").done(Seen((moved,), state))
    assert _step("attack").done(Seen((_roll(mine, theirs),), state))
    assert not _step("attack").done(Seen((_roll(theirs, mine),), state))
    assert _step("charge").done(Seen((_roll(mine, theirs, "charge"),), state))
    assert not _step("charge").done(Seen((_roll(mine, theirs),), state))
    # FLK-1 / CA-1: flanking shows in the roll as combat advantage
    assert _step("flank").done(Seen((_roll(mine, theirs, modifiers=(("combat advantage", 2),)),), state))
    assert not _step("flank").done(Seen((_roll(mine, theirs),), state))
    assert _step("end").done(Seen((ActivationEnded(mine),), state))
    assert not _step("end").done(Seen((ActivationEnded(theirs),), state))
    assert _step("undo").done(Seen((), state, undone=True))
    assert _step("champion").done(Seen((ChampionPowerUsed(mine, "Tusk Oath", 2, 1, mine, theirs, "heal"),),
                                       state))


def test_intent_step_waits_for_an_intent_line():
    """The key alone does not do it (issue 20): an AI activation must end after an intent line was shown."""
    state, mine, theirs = _mine_and_theirs()
    ended = (ActivationEnded(theirs),)
    line = ("AI (greedy) charges Broken Tusk Raider (BR1): 70% to hit",)
    assert not _step("intent").done(Seen(ended, state))
    assert not _step("intent").done(Seen(ended, state, used=frozenset({"ai_intent"})))
    assert not _step("intent").done(Seen((ActivationEnded(mine),), state, intents=line))
    assert _step("intent").done(Seen(ended, state, intents=line))


def test_wrong_key_is_any_key_outside_the_step_but_the_neutral_ones():
    lesson = Lesson(index=[s.id for s in STEPS].index("select"))
    assert lesson.wrong_key(None)  # a key bound to nothing
    assert lesson.wrong_key("attack")
    assert not lesson.wrong_key("select")
    assert not lesson.wrong_key("cursor") and not lesson.wrong_key("help") and not lesson.wrong_key("skip_step")
    assert "Hint" not in lesson.hint({}) and "Tab" in lesson.hint({"next": "Tab", "select": "Enter"})


def test_progress_is_kept_and_resumed(tmp_path):
    path = tmp_path / "tutorial.json"
    lesson = Lesson.resumed(path)
    assert lesson.index == 0
    lesson.advance()
    lesson.advance()
    assert json.loads(path.read_text()) == {"step": STEPS[2].id}
    assert Lesson.resumed(path).index == 2
    path.write_text("not json")
    assert Lesson.resumed(path).index == 0  # a damaged file: from the start, never a traceback
    path.write_text('{"step": "done"}')
    assert Lesson.resumed(path).finished


def test_champion_step_counts_a_power_used_earlier():
    state, mine, theirs = _mine_and_theirs()
    lesson = Lesson(index=[s.id for s in STEPS].index("champion"))
    used = ChampionPowerUsed(mine, "Blood Howl", 1, 2, mine, theirs, "extra damage")
    assert lesson.catch_up(Seen((used,), state))
    # done earlier: the step stays on screen once, marked done, and the next thing that happens goes on
    assert lesson.step is not None and lesson.step.id == "champion" and lesson.ready
    assert lesson.text({}).startswith("✓ Done already, earlier in this battle.")
    assert not lesson.wrong_key("threats") and not lesson.wrong_key(None)  # no hint while it waits
    assert not lesson.observe(Seen((), state))                             # nothing happened yet
    assert lesson.observe(Seen((used,), state))
    assert lesson.step is not None and lesson.step.id == "finish" and not lesson.ready


def test_a_finished_lesson_says_where_it_stands_and_a_battle_at_the_last_step_finishes_it(tmp_path):
    path = tmp_path / "tutorial.json"
    lesson = Lesson(index=[s.id for s in STEPS].index("charge"), path=path)
    assert lesson.where() == f"step {lesson.index + 1} of {len(STEPS)} (A charge)"
    lesson.finish()
    assert lesson.finished and Lesson.resumed(path).finished
    assert lesson.where() == "the end: every step is done"
    assert "tactica play" in lesson.text({"quit": "q"})

