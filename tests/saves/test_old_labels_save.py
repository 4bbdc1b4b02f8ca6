"""A save written before labels became unique across sides (SCN-MULTI) still loads, verifies and resumes.

``fixtures/labels-before-s15.json`` was written by tactica's main branch before the change: the
default battle (Silverhelm Vanguard against Broken Tusk Raiders) after 101 actions, Player 2 the
normal AI with its intent lines kept as notes, which name the Broken Tusk Raiders ``br1``..``br3``.
A save keeps no labels: they come from the warbands at ``new_game``, so the battle resumed from
it shows the labels of today (``bt1``) while the saved intent lines keep the words they were
written with.
"""
from __future__ import annotations

from pathlib import Path

from tactica.client.opponent import AiPlayer
from tactica.client.saving import open_save, resume_session
from tactica.saves.commands import run_verify
from tactica.saves.store import load_save

OLD = Path(__file__).resolve().parent / "fixtures" / "labels-before-s15.json"


def test_scn_multi_an_old_save_verifies_with_the_new_labels(capsys):
    assert run_verify(str(OLD)) == 0
    assert "101 actions replayed; round 2, VP 0–26, in progress; every checkpoint matches." in capsys.readouterr().out


def test_scn_multi_an_old_save_resumes_with_labels_that_differ_by_letters():
    assert any("(br3)" in text for _, _, text in load_save(OLD).notes)         # written with the old labels
    opened = open_save(str(OLD))
    session = resume_session(opened, None)
    labels = {c.card.id: c.label for c in session.state.creatures if c.player == 1}
    assert labels["broken-tusk-raider"].startswith("bt")
    mine = {c.label.lower().rstrip("0123456789") for c in session.state.creatures if c.player == 0}
    theirs = {c.label.rstrip("0123456789") for c in session.state.creatures if c.player == 1}
    assert not mine & theirs and "br" in mine
    assert session.history_log                                                # the log so far, rebuilt
    assert session.opponent is not None and session.opponent.intent
    ai = AiPlayer(session.opponent, session.seed or 0)
    human = session.legal()
    action = ai.think(session.state).action if ai.decides(session.state) else human[0]
    assert session.apply(action).ok                                            # and the battle goes on
