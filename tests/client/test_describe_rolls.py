"""The setup roll and the initiative say why a player rolls twice (SET-1, RND-1; nm s16: "Player 1 rolls
3 and 12 (keeps 12)" did not say why): "rolls twice for the higher champion rating: 3 and 12, keeps 12",
in the battle log and in ``tactica export`` alike."""
from __future__ import annotations

from dataclasses import replace

from tactica.client.describe import describe_events
from tactica.client.export import export_log
from tactica.client.factory import BattleFactory
from tactica.client.saving import open_save
from tactica.engine import ScriptedDice, WarbandDef, new_game
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card
from tactica.saves.autosave import AutoSaver

from ..engine._util import open_map, warband
from ..tui.conftest import skirmish_battle


def test_set_1_the_log_says_the_higher_champion_rating_rolls_twice():
    wb0, wb1 = warband(card("P0", champion=2)), warband(card("Q0", champion=1))
    st, out = new_game((wb0, wb1), (open_map(id="m1"), open_map(id="m2")), dice=ScriptedDice((3, 12, 14)))
    (line,) = [line for line in describe_events(out, st) if line.text.startswith("Setup roll")]
    assert line.text == ("Setup roll: Player 1 rolls twice for the higher champion rating: 3 and 12, keeps 12, "
                         "Player 2 rolls 14 — Player 2 chooses the map")


def test_rnd_1_the_initiative_says_who_rolls_twice_and_why_and_a_tie_rolled_again():
    st = battle("A.\n.b")
    events = [ev.DieRolled("initiative", 0, (7,), 7), ev.DieRolled("initiative", 1, (2, 7), 7),
              ev.DieRolled("initiative", 0, (4,), 4), ev.DieRolled("initiative", 1, (9, 1), 9),
              ev.RollWon("initiative", 1, "roll")]
    (line,) = describe_events(events, st)
    assert line.text == ("Initiative: Player 1 rolls 7, Player 2 rolls twice for the higher champion rating: "
                         "2 and 7, keeps 7; tie, roll again: Player 1 rolls 4, Player 2 rolls twice for the "
                         "higher champion rating: 9 and 1, keeps 9 — Player 2 chooses who goes first")


def test_set_1_with_three_players_the_highest_champion_rating_rolls_twice():
    st = battle("A.c\n.b.", owners={"c": 2})
    assert st.players == 3
    events = [ev.DieRolled("setup", 2, (5, 16), 16)]
    assert describe_events(events, st)[0].text == \
        "Player 3 rolls twice for the highest champion rating: 5 and 16, keeps 16"


def test_set_1_export_says_it_in_the_same_words(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    (reds, blues), maps = skirmish_battle()
    brute, archer = reds.cards
    reds = WarbandDef(reds.name, reds.faction, (replace(brute, champion=2), archer))
    saver = AutoSaver()
    try:
        session = BattleFactory((reds, blues), maps, seed=3, saver=saver).quick()
        assert saver.flush()
        save = open_save(session.save_id).save
    finally:
        saver.close()
    text = export_log(save, "text")
    assert "Setup roll: Player 1 rolls twice for the higher champion rating: " in text
    assert "(keeps " not in text
