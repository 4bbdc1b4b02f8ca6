"""How the end of a battle is worded (the log's last line and the winner screen)."""
from __future__ import annotations

from tactica.client.describe import describe_events, win_reason
from tactica.engine import BattleWon
from tactica.engine.sandbox import battle


def test_SCN_ASSAULT_two_sides_at_the_target_in_one_round_say_the_higher_total_won():
    assert win_reason("victory points", (207, 209), 200) == (
        "more than one side reached the victory point target in the same round: the higher total wins")
    assert win_reason("victory points", (150, 209), 200) == "reached the victory point target"
    assert win_reason("victory points") == "reached the victory point target"


def test_SCN_MULTI_the_last_line_gives_every_player_s_vp():
    state = battle("A.b", active="A")
    (line,) = describe_events([BattleWon(winner=2, reason="victory points", vp=(40, 90, 210))], state)
    assert line.text.endswith("VP 40–90–210")
