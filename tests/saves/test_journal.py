"""The action journal beside a save file of tacticas before the battle store (``tactica.saves.journal``):
what it records, how it is folded back on load (and so on import into the store), and that a
damaged journal never spoils the save (issue 22)."""
from __future__ import annotations

from tactica.saves.codec import SaveFile
from tactica.saves.journal import Journal, journal_path
from tactica.saves.replay import Recorder, rebuild
from tactica.saves.store import load_save, write_save

from .helpers import play


def _no_sync(fd: int) -> None:
    """Tests cannot cut the power: skip fsync."""


def _journaled(tmp_path, seed: int = 5, steps: int = 30, written: int = 10):
    """A battle of ``steps`` actions whose save file was last written after ``written`` actions,
    every action journaled; returns (save path, the full SaveFile, the journal)."""
    path = tmp_path / "b.json"
    journal = Journal(journal_path(path), sync=_no_sync)

    def writer(save: SaveFile) -> None:
        if len(save.actions) <= written:
            write_save(save, path)
    _, save = play(seed, steps=steps, recorder_factory=lambda s: Recorder(s, writer, journal=journal))
    return path, save, journal


def test_load_folds_the_journal_into_an_older_save(tmp_path):
    path, full, _ = _journaled(tmp_path)
    assert len(SaveFile.from_json(path.read_text()).actions) == 10
    loaded = load_save(path)
    assert loaded.actions == full.actions
    assert loaded.checkpoints == full.checkpoints
    assert loaded.summary == full.summary
    rebuild(loaded)  # every checkpoint and the final digest match


def test_folding_a_journal_already_in_the_save_changes_nothing(tmp_path):
    path, full, _ = _journaled(tmp_path, written=30)
    loaded = load_save(path)
    assert (loaded.actions, loaded.checkpoints, loaded.notes) == (full.actions, full.checkpoints, full.notes)


def test_undo_and_notes_are_journaled(tmp_path):
    path = tmp_path / "u.json"
    journal = Journal(journal_path(path), sync=_no_sync)
    first = {}

    def writer(save: SaveFile) -> None:
        if "done" not in first:
            write_save(save, path)
            first["done"] = True
    states = []

    def factory(save):
        rec = Recorder(save, writer, journal=journal)
        original = rec.record

        def record(action, state):
            original(action, state)
            states.append(state)
        rec.record = record  # type: ignore[method-assign]
        return rec
    _, save = play(7, steps=12, recorder_factory=factory)
    rec = Recorder(save, writer, journal=journal)
    rec.truncate(8, states[7])
    rec.note(1, "AI (random) thinks")
    loaded = load_save(path)
    assert loaded.actions == save.actions[:8]
    assert loaded.notes == [(9, 1, "AI (random) thinks")]
    rebuild(loaded)


def test_a_line_cut_short_or_damaged_stops_the_fold_there(tmp_path):
    path, full, journal = _journaled(tmp_path)
    journal.close()
    jp = journal_path(path)
    lines = jp.read_bytes().split(b"\n")
    jp.write_bytes(b"\n".join(lines[:15]) + b"\n" + lines[15][:20])  # a kill mid-line
    assert load_save(path).actions == full.actions[:15]
    jp.write_bytes(b"\n".join(lines[:12]) + b'\n{"op": "act", "n": "x"}\n' + b"\n".join(lines[12:]))
    assert load_save(path).actions == full.actions[:12]
    jp.write_bytes(b"[" * 5000 + b"\n")
    assert load_save(path).actions == full.actions[:10]


def test_a_journal_that_does_not_follow_on_is_not_folded(tmp_path):
    path, full, journal = _journaled(tmp_path, written=3)
    journal.close()
    jp = journal_path(path)
    lines = jp.read_bytes().split(b"\n")
    jp.write_bytes(b"\n".join(lines[6:]))  # actions 4 and 5 missing: 7 cannot follow 3
    assert load_save(path).actions == full.actions[:3]
