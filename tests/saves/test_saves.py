"""Save format, atomic autosave, replay verification and tamper detection (issue 6)."""
from __future__ import annotations

import json

import pytest

from tactica.saves import SaveError, load_save, state_digest, write_save
from tactica.saves.db import open_store
from tactica.saves.replay import rebuild

from .helpers import play


def test_round_trip_rebuilds_the_same_state(tmp_path):
    state, save = play(seed=3)
    path = write_save(save, tmp_path / "b.json")
    loaded = load_save(path)
    assert loaded.actions == save.actions
    again = rebuild(loaded)
    assert state_digest(again.final) == state_digest(state)
    assert again.final.winner == state.winner


def test_tampered_save_is_detected(tmp_path):
    _, save = play(seed=4)
    path = write_save(save, tmp_path / "b.json")
    doc = json.loads(path.read_text())
    # change one recorded action: a different first-player choice
    for a in doc["actions"]:
        if a["type"] == "ChooseFirstPlayer":
            a["player"] = 1 - a["player"]
            break
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as err:
        rebuild(load_save(path))
    assert "differs" in str(err.value) or "refused" in str(err.value) or "does not end" in str(err.value)


@pytest.mark.parametrize("text,words", [
    ("{not json", "not a tactica save"),
    ('{"format": "other"}', "not a tactica save file"),
    ('{"format": "tactica-save", "version": 99, "tactica": "9.0"}', "newer tactica"),
    ('{"format": "tactica-save", "version": 1}', "damaged"),
])
def test_corrupt_saves_get_a_clear_message(tmp_path, text, words):
    p = tmp_path / "bad.json"
    p.write_text(text)
    with pytest.raises(SaveError) as err:
        load_save(p)
    assert words in str(err.value)


def test_listing_imports_the_files_names_the_damaged_one_and_finds_unfinished(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    _, done = play(seed=5)
    _, half = play(seed=6, steps=40)
    write_save(done, tmp_path / "saves" / "done.json")
    write_save(half, tmp_path / "saves" / "half.json")
    (tmp_path / "saves" / "junk.json").write_text("][")
    with open_store() as store:
        assert [p.split(":")[0] for p in store.last_import.refused] == [str(tmp_path / "saves" / "junk.json")]
        infos = store.battles()
        assert {i.id for i in infos} == {"test-5", "test-6"}
        assert store.latest_unfinished().id == "test-6"
