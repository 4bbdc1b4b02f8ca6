"""A save's ``notes``: log lines that are no events (the AI's intent), kept beside the actions so a
resumed battle's log shows them again.  They round-trip, play no part in the replay, go with the
actions they precede on undo, and a damaged entry is a clear error."""
from __future__ import annotations

import json

import pytest

from tactica.saves.codec import SaveError, SaveFile, state_digest
from tactica.saves.replay import Recorder, rebuild

from .helpers import play


def test_notes_round_trip_and_the_replay_ignores_them():
    state, save = play(5, steps=12)
    rec = Recorder(save)
    rec.note(1, "AI (normal) moves toward its VP zone.")
    rec.note(None, "⚠ The AI failed; it plays a random legal action instead.")
    assert save.notes == [(13, 1, "AI (normal) moves toward its VP zone."),
                          (13, None, "⚠ The AI failed; it plays a random legal action instead.")]
    loaded = SaveFile.from_json(save.to_json())
    assert loaded.notes == save.notes
    assert state_digest(rebuild(loaded).final) == state_digest(state)
    bare = json.loads(save.to_json())
    bare.pop("notes")
    assert SaveFile.from_json(json.dumps(bare)).notes == []  # an older save: none
    _, plain = play(5, steps=3)
    assert "notes" not in json.loads(plain.to_json())  # written only when there are some


def test_undo_drops_the_notes_of_the_actions_taken_back():
    state, save = play(5, steps=12)
    rec = Recorder(save)
    rec.note(0, "kept: before action 13")
    rec.truncate(12, state)  # action 13 taken back before it was recorded: its note goes
    assert save.notes == []
    rec.note(0, "before action 13 again")
    assert save.notes == [(13, 0, "before action 13 again")]
    rec.truncate(13, state)
    assert len(save.notes) == 1


@pytest.mark.parametrize("note", [{"step": "x", "text": "t"}, {"step": 1}, {"step": 1, "text": 3},
                                  {"step": 1, "player": "P1", "text": "t"}, "just text"])
def test_a_damaged_note_is_a_clear_error(note):
    _, save = play(5, steps=3)
    doc = json.loads(save.to_json())
    doc["notes"] = [note]
    with pytest.raises(SaveError, match="the save is damaged"):
        SaveFile.from_json(json.dumps(doc))
