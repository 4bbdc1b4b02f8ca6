"""The recap after the AI's turn (``tactica.client.handoff.TurnRecap``, ``recap_rows``; issue 20: at
80×24 the player's own result scrolled off the log's four lines while the AI played)."""
from __future__ import annotations

from tactica.client.handoff import RECAP_GAP, RECAP_YOU, TurnRecap, recap_rows
from tactica.engine import Activate, Attack, EndActivation, Move, apply
from tactica.engine.sandbox import battle

OWN = ["You: LA1 moved 3 squares to column 22, row 8.", "LA1 hit br1 with Halberd: 10 damage, 5 HP left."]
AI = ["Player 2's turn.", "br1 moved 6 squares to column 12, row 8.", "br1 hit LA1 with Axe: 8 damage, 12 HP left.",
      "br2 moved 6 squares to column 12, row 9.", "br2 missed LA1 with Axe.", "Round 1 ended.", "Round 2 began."]


def test_recap_rows_side_by_side_a_turn_on_a_row_of_its_own():
    rows = recap_rows(OWN + AI, 118, 10, own=2)
    assert rows == [
        "You: LA1 moved 3 squares to column 22, row 8.  LA1 hit br1 with Halberd: 10 damage, 5 HP left.",
        "Player 2's turn:  br1 moved 6 squares to column 12, row 8.  br1 hit LA1 with Axe: 8 damage, 12 HP left.  "
        "br2 moved 6",
        "  squares to column 12, row 9.  br2 missed LA1 with Axe.  Round 1 ended.  Round 2 began."]


def test_recap_rows_at_80x24_keep_the_players_own_result_and_the_ais_hits_leaving_its_moves_out():
    rows = recap_rows(OWN + AI, 78, 4, own=2)
    text = " ".join(" ".join(rows).split())  # the words, wrapped or not
    assert len(rows) <= 4 and all(len(r) <= 78 for r in rows)
    assert rows[0].startswith("You: LA1 moved 3 squares") and "LA1 hit br1 with Halberd: 10" in rows[0]
    assert "br1 hit LA1 with Axe: 8 damage, 12 HP left." in text and "br2 missed LA1 with Axe." in text
    assert " moved 6 squares" not in text and "Round 2 began" not in text          # the AI's moves left out


def test_recap_rows_in_three_rows_leave_out_the_oldest_of_the_rest_and_say_so():
    rows = recap_rows(OWN + AI, 78, 3, own=2)
    assert len(rows) == 3 and rows[0].startswith("You: ")
    assert rows[2].startswith("Player 2's turn:  " + RECAP_GAP + "  ")       # the turn's line stays, then the gap
    assert rows[2].endswith("Round 1 ended.")                                   # the newest line is kept
    assert recap_rows(OWN, 78, 0) == [] and len(recap_rows(OWN + AI, 40, 1, own=2)) == 1


def test_the_recap_begins_at_the_humans_last_activation_and_says_its_result_first():
    st = battle("A.......\nBb......\n........\n.......c", dice=(15,) * 40, turn_player=0)
    recap = TurnRecap(frozenset({0}))
    for action in (Activate("A"), EndActivation()):                   # the human's first activation: idle
        st, events = apply(st, action)
        assert recap.after(events, st, by_human=True) == isinstance(action, Activate)
    for action in (Activate("B"), Attack(0, ("b",)), EndActivation()):  # its last: a hit
        st, events = apply(st, action)
        recap.after(events, st, by_human=True)
    assert not recap.due and st.decider == 1                          # the AI's turn now
    recap.after([], st, by_human=False)            # the AI's answer in a champion power's window: no activation
    assert not recap.due
    x, y = st.creature("c").pos
    for action in (Activate("c"), Move(((x - 1, y),)), EndActivation()):
        st, events = apply(st, action)
        assert not recap.after(events, st, by_human=False)
    assert recap.due
    lines, own = recap.take(st)
    assert not recap.due
    assert own == 1 and lines == [RECAP_YOU + "B hit b with Sword: 10 damage, 40 HP left.",
                                  "Player 2's turn.", "c moved 1 square to column 7, row 4."]
