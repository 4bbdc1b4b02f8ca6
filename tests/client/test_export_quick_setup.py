"""``tactica export`` words the quick setup's start areas as the battle screen did: "is given start
area A (quick setup; …)", not "chooses" (issue 20; SET-2)."""
from __future__ import annotations

from tactica.client.export import export_log
from tactica.client.factory import BattleFactory
from tactica.client.saving import open_save
from tactica.saves.autosave import AutoSaver

from ..tui.conftest import skirmish_battle


def _export(tmp_path, monkeypatch, quick: bool) -> str:
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    saver = AutoSaver()
    try:
        factory = BattleFactory(*skirmish_battle(), seed=3, saver=saver)
        session = factory.quick()
        assert saver.flush()
        save = open_save(session.save_id).save
    finally:
        saver.close()
    if not quick:                                       # as a save of tactica play --setup reads
        save.players.pop("quick_setup")
    return export_log(save, "text")


def test_SET_2_export_says_the_quick_setup_gave_the_start_areas(tmp_path, monkeypatch):
    text = _export(tmp_path, monkeypatch, quick=True)
    assert "is given start area A (quick setup; tactica play --setup to choose)" in text
    assert "chooses start area" not in text


def test_SET_2_export_says_a_player_chose_when_no_quick_setup(tmp_path, monkeypatch):
    text = _export(tmp_path, monkeypatch, quick=False)
    assert "chooses start area A" in text and "quick setup" not in text
