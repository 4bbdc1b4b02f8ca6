"""``tactica play`` starts over a hostile old saves folder (issue 22): the import into the battle store
names every bad file once and the first screen comes up, offering the one battle that loads (its
names cleaned)."""
from __future__ import annotations

import argparse

from tactica.client.factory import BattleFactory
from tactica.client.resume import continue_offer
from tactica.saves.autosave import AutoSaver
from tactica.tui.app import TacticaApp
from tactica.tui.screens.choice import ChoiceModal

from ..saves.hostile import hostile_folder
from .conftest import skirmish_battle


async def test_play_starts_over_a_hostile_saves_folder_and_offers_the_good_battle(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    hostile_folder(tmp_path / "saves")
    (tmp_path / "saves" / "good.json").unlink()  # the battle offered is the one with the hostile name
    offer = continue_offer(argparse.Namespace(new=False))
    assert offer is not None and offer.save.id == "bidi-long-name"
    err = capsys.readouterr().err  # the import names each file it refused, once, above the screen
    assert err.count("note: not imported, left as it is: ") == 13 and err.count("\n") == 14
    assert "note: imported 1 saved battle from " in err
    assert continue_offer(argparse.Namespace(new=False)).save.id == "bidi-long-name"
    assert capsys.readouterr().err == ""  # said once
    name = offer.save.warbands[0].name
    assert name.startswith("Reds[2J") and len(name) == 80 and name.isprintable()
    saver = AutoSaver()
    try:
        app = TacticaApp(BattleFactory(*skirmish_battle(), seed=9, saver=saver), offer=offer)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceModal)
            assert app.screen.options[0] == "Continue the last battle (round 2, VP 0–0)"
    finally:
        saver.close()
