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
    assert json.loads(path.read_text()) == {"step": STEPS[2].id, "intent": False}
    assert Lesson.resumed(path).index == 2
    path.write_text("not json")
    assert Lesson.resumed(path).index == 0  # a damaged file: from the start, never a traceback
    path.write_text('{"step": "done"}')
    assert Lesson.resumed(path).finished


def test_champion_step_counts_a_power_used_earlier():
    """A step done earlier in the battle (a champion power used during step 8) is passed at once when it
    comes up, and its title is given back for the screen to name (issue 20, nm-tut s15: "if it is done,
    why wait?"): the lesson goes on with the next step, nothing to wait for (CHP-1)."""
    state, mine, theirs = _mine_and_theirs()
    lesson = Lesson(index=[s.id for s in STEPS].index("champion"))
    used = ChampionPowerUsed(mine, "Blood Howl", 1, 2, mine, theirs, "extra damage")
    assert lesson.catch_up(Seen((used,), state)) == ["Champion powers"]
    assert lesson.step is not None and lesson.step.id == "finish"
    assert lesson.catch_up(Seen((used,), state)) == []  # the last step never passes by itself


def test_steps_done_earlier_are_passed_together_and_named_in_order():
    """Issue 20 (nm-tut s15, 5): after the intent step, an attack, a charge and a shift made earlier pass
    the attack, charge and shift steps at once, named in order; the flank step (not done) stays, and
    the zones step is never caught up from the past (it is taught when a round ends)."""
    from tactica.engine import RoundEnded
    state, mine, theirs = _mine_and_theirs()
    lesson = Lesson(index=[s.id for s in STEPS].index("attack"))
    history = Seen((_roll(mine, theirs), _roll(mine, theirs, kind="charge"),
                    CreatureMoved(mine, (0, 0), ((1, 0),), "shift"), RoundEnded(1, 0)), state)
    assert lesson.catch_up(history) == ["The attack preview and the dice", "A charge",
                                        "Opportunity attacks and the shift"]
    assert lesson.step is not None and lesson.step.id == "flank"
    lesson.advance()
    assert lesson.catch_up(history) == [] and lesson.step.id == "zones"


def test_the_zones_step_waits_for_a_round_end_after_the_learner_acted_under_it():
    """Issue 20 (nm-tut 1, 2): a round that ends in the AI's turn right after the zones step came up does
    not pass it; one that ends after the learner did something under it does (SCN-ASSAULT, RND-1)."""
    from tactica.engine import CreatureActivated, RoundEnded, VictoryPointsScored
    state, mine, theirs = _mine_and_theirs()
    lesson = Lesson(index=[s.id for s in STEPS].index("zones"))
    assert not lesson.catch_up(Seen((RoundEnded(1, 0),), state))  # taught when it happens, not caught up
    assert not lesson.observe(Seen((ActivationEnded(theirs), RoundEnded(1, 0)), state))
    assert not lesson.observe(Seen((VictoryPointsScored(1, 5, "vp zone", 5),), state))
    assert not lesson.observe(Seen((CreatureActivated(mine),), state))
    assert lesson.observe(Seen((ActivationEnded(theirs), RoundEnded(2, 0)), state))
    assert lesson.step.id == "champion" and not lesson.acted


def test_the_sparring_party_outlasts_a_learner_who_attacks_with_everything():
    """Issue 20 (nm-tut 1): played headless with the learner's side run by the greedy bot (every attack
    and charge it can make, from the first round) and by the normal bot, the tutorial's battle lasts
    more than three rounds — the lesson's last steps (VP zones at a round's end, a champion question)
    come while it goes on — and the learner's side still wins it."""
    from tactica.ai.bots import make_bot
    for level in ("greedy", "normal"):
        session = tutorial_session()
        learner, ai = make_bot(level, 0), make_bot("greedy", 0)
        for _ in range(3000):
            if session.state.is_over:
                break
            state = session.state
            assert session.apply((learner if state.decider == LEARNER else ai).choose(state)).ok
        assert session.state.is_over and session.state.round > 3, (level, session.state.round)
        assert session.state.winner == LEARNER, level


def test_a_finished_lesson_says_where_it_stands_and_a_battle_at_the_last_step_finishes_it(tmp_path):
    path = tmp_path / "tutorial.json"
    lesson = Lesson(index=[s.id for s in STEPS].index("charge"), path=path)
    assert lesson.where() == f"step {lesson.index + 1} of {len(STEPS)} (A charge)"
    lesson.finish()
    assert lesson.finished and Lesson.resumed(path).finished
    assert lesson.where() == "the end: every step is done"
    assert "tactica play" in lesson.text({"quit": "q"})



def test_the_zones_step_is_not_passed_by_a_kills_vp_in_the_middle_of_a_round():
    """Issue 20 (nm-tut s15, 3): a kill's VP (reason "destroyed") during the zones step is not the end of
    a round; a VP zone's award or the round's end is (SCN-ASSAULT, RND-1)."""
    from tactica.engine import CreatureActivated, RoundEnded, VictoryPointsScored
    state, mine, theirs = _mine_and_theirs()
    lesson = Lesson(index=[s.id for s in STEPS].index("zones"))
    assert not lesson.observe(Seen((CreatureActivated(mine), _roll(mine, theirs),
                                    VictoryPointsScored(0, 30, "destroyed", 30)), state))
    assert lesson.step.id == "zones"
    assert lesson.observe(Seen((VictoryPointsScored(0, 5, "vp zone", 35), RoundEnded(2, 0)), state))


def test_a_resumed_tutorial_keeps_the_intent_lines_as_the_learner_left_them(tmp_path):
    """Issue 20 (nm-tut s15, 8): the intent switched on before leaving is on again in the battle given
    back (``Lesson.intent`` in the progress file, ``tutorial_session(intent=…)``); a fresh battle starts
    with it off, and so does a progress file that does not say (written before the field existed)."""
    path = tmp_path / "tutorial.json"
    session = tutorial_session()
    first = session.legal()[0]
    assert session.apply(first).ok
    lesson = Lesson(path=path)
    lesson.keep(session.actions, {"ai_intent"}, intent=True)
    back = Lesson.resumed(path)
    assert back.intent and back.used == {"ai_intent"}
    resumed = tutorial_session(actions=back.actions, intent=back.intent)
    assert tuple(resumed.actions) == tuple(session.actions) and resumed.opponent.intent
    lesson.keep(session.actions, {"ai_intent"}, intent=False)
    assert json.loads(path.read_text())["intent"] is False and not Lesson.resumed(path).intent
    assert not tutorial_session(intent=True).opponent.intent  # no actions: a fresh battle, intent off
    path.write_text(json.dumps({"step": "move"}))
    assert not Lesson.resumed(path).intent
