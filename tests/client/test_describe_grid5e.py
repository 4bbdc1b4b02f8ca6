"""Log lines of the grid5e module's events: dropping prone, standing up, a flier falling."""
from __future__ import annotations

from tactica.client.describe import describe_events
from tactica.engine import CreatureDroppedProne, CreatureStoodUp, FlierFell
from tactica.engine.sandbox import battle


def _texts(events):
    st = battle(".A.b.")
    return [line.text for line in describe_events(events, st)]


def test_G5E_PRONE_the_log_says_who_drops_prone_and_who_stands_up_for_what():
    texts = _texts([CreatureDroppedProne("A"), CreatureStoodUp("A", 3)])
    assert texts == ["Creature A (A) drops prone (G5E-PRONE)",
                     "Creature A (A) stands up, spending 3 squares of movement (G5E-PRONE)"]


def test_G5E_FALL_the_log_says_a_flier_falls_and_why():
    assert _texts([FlierFell("b", (3, 0), "immobilized")]) == [
        "Creature b (b) is immobilized in the air and falls at column 4, row 1 (G5E-FALL)"]
