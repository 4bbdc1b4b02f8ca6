"""Log lines of the underground module's events, and the g key's dig (docs/modules/underground.md)."""
from __future__ import annotations

from tactica.client.describe import describe_events
from tactica.engine import (
    CaveCheck,
    CreatureCaughtOn,
    CreatureDrifted,
    CreatureFellDown,
    CreatureSlid,
    CreatureSlipped,
    CreatureStoodUp,
    FatigueChanged,
    RubbleDug,
)
from tactica.engine.sandbox import battle


def _texts(events):
    st = battle(".A.b.")
    return [line.text for line in describe_events(events, st)]


def test_ug_fall_the_log_says_how_far_and_onto_what():
    assert _texts([CaveCheck("b", "UG-FALL", "catch on", 12, 0, 15, False),
                   CreatureFellDown("b", (2, 0), (3, 0), 20, "rough", 20),
                   CreatureCaughtOn("A", (1, 0))]) == [
        "Creature b (b): catch on: d20 12 vs 15 — fails (UG-FALL)",
        "Creature b (b) falls 20 feet into column 4, row 1 onto rough ground (UG-FALL)",
        "Creature A (A) catches on the wall and hangs on at column 2, row 1 (UG-FALL)"]


def test_ug_slide_ug_dark_ug_slip_the_log_names_each_rule():
    assert _texts([CreatureSlid("A", (1, 0), (4, 0), 60, 25),
                   CreatureDrifted("A", (3, 2), (3, 3), 10, 2, 60),
                   CreatureSlipped("A", (3, 0), "turn"),
                   CreatureStoodUp("A", 0)]) == [
        "Creature A (A) slides 60 feet down the slope to column 5, row 1 (UG-SLIDE)",
        "Creature A (A) drifts 60° right in the dark: d12 10 −2, and ends at column 4, row 4 (UG-DARK)",
        "Creature A (A) slips turning on the ice at column 4, row 1 and falls prone (UG-SLIP)",
        "Creature A (A) gets up off the ice: that takes its whole activation (UG-SLIP)"]


def test_ug_fatigue_and_ug_rubble_log_lines():
    assert _texts([FatigueChanged("A", "fatigued"), RubbleDug("A", (2, 0), 3, 3, False),
                   RubbleDug("A", (2, 0), 2, 5, True)]) == [
        "Creature A (A) is fatigued now: −2 to attack, −5 damage, its fatigue checks at −2 (UG-FATIGUE)",
        "Creature A (A) digs 3 feet into the rubble at column 3, row 1: 3 of 5 feet dug (UG-RUBBLE)",
        "Creature A (A) digs 2 feet and clears the rubble at column 3, row 1 (UG-RUBBLE)"]


def test_ug_rubble_a_dig_shows_its_dice():
    """The log shows a dig's d4s as every roll (nm-underground F5): one die, two dice, none in rock."""
    assert _texts([RubbleDug("A", (2, 0), 3, 3, False, (3,)), RubbleDug("A", (2, 0), 5, 5, True, (3, 2)),
                   RubbleDug("A", (2, 0), 1, 1, False)]) == [
        "Creature A (A) digs d4 3: 3 feet into the rubble at column 3, row 1: 3 of 5 feet dug (UG-RUBBLE)",
        "Creature A (A) digs 2d4 3+2 = 5 feet and clears the rubble at column 3, row 1 (UG-RUBBLE)",
        "Creature A (A) digs 1 foot into the rubble at column 3, row 1: 1 of 5 feet dug (UG-RUBBLE)"]


def test_ug_fatigue_the_fatigued_checks_minus_two_is_named_and_added_up():
    """The endurance check of a fatigued creature shows its −2 with what it is and the total (it read
    "d20 3 -2 vs 10", the −2 unnamed: nm2-underground 9); each level says what it does."""
    assert _texts([CaveCheck("A", "UG-FATIGUE", "endurance", 3, -2, 10, False),
                   CaveCheck("A", "UG-FATIGUE", "endurance", 12, 0, 10, True),
                   FatigueChanged("A", "exhausted"), FatigueChanged("A", "fresh")]) == [
        "Creature A (A): endurance: d20 3 −2 fatigued = 1 vs 10 — fails (UG-FATIGUE)",
        "Creature A (A): endurance: d20 12 vs 10 — passes (UG-FATIGUE)",
        "Creature A (A) is exhausted now: −4 to attack, −10 damage (UG-FATIGUE)",
        "Creature A (A) is fresh now: no fatigue penalty (UG-FATIGUE)"]
