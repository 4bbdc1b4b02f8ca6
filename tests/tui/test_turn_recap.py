"""The recap where the log is when the AI's turn ends (issue 20: at 80×24 the player's own hit had
scrolled off the log's four lines before the AI was done; ``RecapPanel``, ``client.handoff.TurnRecap``)."""
from __future__ import annotations

import pytest

from tactica.engine import Activate, Attack, EndActivation, Phase
from tactica.engine.sandbox import battle

from .conftest import app_against_ai

#: 30×16: the human's A, B, C on the left, the AI's b and c beside A and B, d far off.
ROWS = [["."] * 30 for _ in range(16)]
ROWS[0][0], ROWS[0][1], ROWS[1][0], ROWS[1][1], ROWS[6][0], ROWS[15][29] = "A", "b", "B", "c", "C", "d"
BOARD = "\n".join("".join(r) for r in ROWS)


async def _humans_turn_after_the_ais(pilot, screen):
    """Play the human's first turn (A idle, B hits c), then wait for the AI's turn to end."""
    for action in (Activate("A"), EndActivation(), Activate("B"), Attack(0, ("c",)), EndActivation()):
        assert screen.apply_action(action), action
        await pilot.pause()
    for _ in range(1500):
        await pilot.pause(0.02)
        st = screen.session.state
        if st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides():
            break
    await pilot.pause()
    st = screen.session.state
    assert st.decider == 0 and st.round == 1, "the AI's turn did not hand the round back"


async def test_at_80x24_the_recap_shows_the_players_own_hit_and_the_ais_turn_until_the_player_acts():
    app = app_against_ai(battle(BOARD, dice=(15,) * 80, turn_player=0), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        await _humans_turn_after_the_ais(pilot, screen)
        panel, log = screen.recap_panel, screen.battle_log
        assert panel.shown and not log.display                          # it stands where the log was
        rows = panel.rows()
        assert 1 <= len(rows) <= panel.content_region.height == 4
        # nm s17 F2: the player's own hit (watched) goes before the AI's hits on the player's creatures
        assert rows[0].startswith("Player 2's turn:  b charged")
        text = " ".join(" ".join(rows).split())
        # s15: the AI's first charge was left out ("…") and b seemed to come from nowhere: the charges
        # stay, with what their attacks did (nm s17 F3), and the last row counts what is left out
        assert "b charged 5 squares to column 1, row 6 and hit C with Sword: 10 damage, 40 HP left." in text
        assert "c charged 4 squares to column 2, row 6 and hit C with Sword: 10 damage, 30 HP left." in text
        assert text.index("b charged") < text.index("c charged")
        assert rows[-1].endswith("… 4 more in the log: PgUp")
        await pilot.press("pageup")                                     # the whole log: the reader
        await pilot.pause()
        assert type(app.screen).__name__ == "LogReader"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and panel.shown                     # reading is not acting
        screen.map_view.move_cursor(screen.session.state.creature("C").pos)
        await pilot.press("enter")                                      # the player acts: the log again
        await pilot.pause()
        await pilot.pause()
        assert not panel.shown and log.display
        assert log.entries[-1].text == "Creature C (C) activates"
        assert "Creature C (C) activates" in log.lines[-1].text          # drawn at the log's width, not blank


async def test_at_120x40_the_recap_packs_the_same_turn_in_its_rows():
    app = app_against_ai(battle(BOARD, dice=(15,) * 80, turn_player=0), pace=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.pause()
        await _humans_turn_after_the_ais(pilot, screen)
        panel, log = screen.recap_panel, screen.battle_log
        assert panel.shown                               # 17 lines of the AI's turn, opportunity attacks and all
        rows = panel.rows()
        assert rows[0].startswith("You: B hit c with Sword: 10 damage, 40 HP left.")
        assert len(rows) <= panel.content_region.height and all(len(r) <= panel.content_region.width for r in rows)
        text = " ".join(" ".join(rows).split())
        assert "and hit C with Sword: 10 damage, 40 HP left." in text and "and hit C with Sword: 10 damage, 30" in text
        # s16: the recap stood alone in the log's 17 rows and left a dozen empty; now it is as tall as its
        # rows, and the log's newest lines fill the rest below it
        assert panel.content_region.height == len(rows) == 5
        assert log.display and log.region.y == panel.region.bottom
        assert log.region.bottom == screen.query_one("BattleFooter").region.y     # no row left over
        assert log.region.height >= 4 and log.lines and log.scroll_y == log.max_scroll_y
        assert "Player 1's turn (1 activation)" in log.lines[-1].text              # its newest line last
        await pilot.resize_terminal(80, 24)                 # too small for both: the recap alone again
        await pilot.pause()
        await pilot.pause()
        assert panel.shown and not log.display and panel.content_region.height == 4
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert log.display and panel.content_region.height == 5


async def test_where_the_log_holds_the_ais_turn_no_recap_covers_it():
    app = app_against_ai(battle(BOARD, dice=(15,) * 80, turn_player=0), pace=0.05)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = app.screen
        await pilot.pause()
        await _humans_turn_after_the_ais(pilot, screen)
        log = screen.battle_log
        assert log.rows_for(log.entries[screen._recap_mark:]) <= log.scrollable_content_region.height
        assert not screen.recap_panel.shown and log.display


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_hot_seat_has_no_recap(size):
    from .conftest import app_for_state
    app = app_for_state(battle(BOARD, dice=(15,) * 80, turn_player=0))
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await pilot.pause()
        assert screen.recap is None and not screen.recap_panel.shown


async def _recap_up(pilot) -> None:
    """The human's first turn, the AI's, and the human's turn back with the recap up; no toast and no
    acknowledgement (they vanish after a few seconds: a slow machine would take them or not)."""
    screen = pilot.app.screen
    await pilot.pause()
    await _humans_turn_after_the_ais(pilot, screen)
    pilot.app.clear_notifications()
    screen.toasts.drop_note()
    screen.refresh_view()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_of_the_recap(snap_compare, size):
    app = app_against_ai(battle(BOARD, dice=(15,) * 80, turn_player=0), pace=0.05)
    assert snap_compare(app, run_before=_recap_up, terminal_size=size)


#: 30×16: the human's A far from the AI's b and c (no attack in two rounds).
FAR = ["." * 30 for _ in range(16)]
FAR[0], FAR[14], FAR[15] = "A" + "." * 29, "." * 29 + "b", "." * 29 + "c"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_rnd_1_a_round_begun_in_the_recap_says_who_won_the_initiative_and_goes_first(size):
    """Issue 20: the recap lacked the round's initiative.  A's move ends the human's turn, the AI's b and c
    end round 1, the AI wins round 2's initiative (15 to 5) and goes first: the recap says so."""
    app = app_against_ai(battle("\n".join(FAR), dice=(5, 15) * 20, turn_player=0), pace=0.05)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await pilot.pause()
        from tactica.engine import Move
        for action in (Activate("A"), Move(((1, 0),)), EndActivation()):
            assert screen.apply_action(action), action
            await pilot.pause()
        for _ in range(1500):
            await pilot.pause(0.02)
            st = screen.session.state
            if st.round == 2 and st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides():
                break
        await pilot.pause()
        assert screen.session.state.round == 2 and screen.recap_panel.shown
        text = " ".join(" ".join(screen.recap_panel.rows()).split())
        assert "Round 2: Player 2 won the initiative and goes first." in text
        if size == (120, 40):                                   # room for the player's own move too
            assert text.startswith("You: A moved 1 square to column 2, row 1.")


def _two_ai_turns():
    """s18 ux 1, as events: the human's B moves and misses; the AI's b destroys A (14 VP) in round 2; in round 3
    c hits B with d's champion power's extra damage (CHP-2) and destroys C (20 VP), and the AI's zone scores
    (11 VP: 45 in all)."""
    from tactica.engine import (
        ActivationEnded,
        AttackRolled,
        ChampionPowerUsed,
        CreatureActivated,
        CreatureDestroyed,
        CreatureMoved,
        DamageDealt,
        FirstPlayerChosen,
        RollWon,
        RoundEnded,
        RoundStarted,
        TurnStarted,
        VictoryPointsScored,
    )

    def roll(attacker: str, target: str, hit: bool) -> AttackRolled:
        return AttackRolled(attacker=attacker, target=target, attack="Sword", natural=18 if hit else 2, bonus=5,
                            modifiers=(), total=23 if hit else 7, defense="AC", target_number=15, hit=hit,
                            critical=False, kind="attack")
    own = [CreatureActivated("B"), CreatureMoved("B", (0, 1), ((0, 2), (0, 3)), "move"), roll("B", "c", False),
           ActivationEnded("B")]
    ai = [TurnStarted(1, 1), CreatureActivated("b"), CreatureMoved("b", (1, 0), ((2, 0),), "move"),
          roll("b", "A", True), DamageDealt("A", 50, "", 0, True), CreatureDestroyed("A", 1),
          VictoryPointsScored(1, 14, "destroyed", 14), ActivationEnded("b"), RoundEnded(2, 0), RoundStarted(3),
          RollWon("initiative", 1, "roll"), FirstPlayerChosen(1, 1), TurnStarted(1, 1), CreatureActivated("c"),
          CreatureMoved("c", (1, 1), ((1, 2),), "move"), roll("c", "B", True), DamageDealt("B", 10, "", 25, True),
          ChampionPowerUsed("d", "Press the Attack", 1, 0, "c", "B", "extra damage"),
          DamageDealt("B", 10, "", 15, True, "champion"), roll("c", "C", True), DamageDealt("C", 50, "", 0, True),
          CreatureDestroyed("C", 1), VictoryPointsScored(1, 20, "destroyed", 34), ActivationEnded("c"),
          VictoryPointsScored(1, 11, "vp zone", 45), RoundEnded(3, 0), RoundStarted(4),
          RollWon("initiative", 0, "roll"), FirstPlayerChosen(0, 0), TurnStarted(0, 2)]
    return own, ai


async def test_at_80x24_the_recap_keeps_the_newest_turns_lines_and_no_turn_line_over_nothing():
    """s18 ux 1: the recap at 80×24 said "Round 3 — Player 2's turn:  … 7 more in the log" with nothing under
    it while the score jumped 0–14 → 0–45: it had kept an older kill.  The newest turn's kill and VP show
    (VP weighs as a kill; among equals the newer stay), and no turn's line stands over nothing."""
    app = app_against_ai(battle(BOARD, dice=(15,) * 80, turn_player=0), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        own, ai = _two_ai_turns()
        st = screen.session.state
        screen.recap.after(own, st, by_human=True)
        screen.recap.after(ai, st, by_human=False)
        screen.recap_panel.show(*screen.recap.take(st))
        screen.fit_recap()
        await pilot.pause()
        rows = screen.recap_panel.rows()
        assert len(rows) <= screen.recap_panel.content_region.height == 4
        text = " ".join(" ".join(rows).split())
        # s19 ux 5: a kill's VP is told on its line (never kept without the kill)
        assert "C was destroyed: Player 2 scored 20 VP (34 in all)." in text, rows
        assert "Player 2 scored 11 VP (VP zone); 45 in all." in text, rows
        assert "A was destroyed" not in text, rows   # the newer kill stays
        for row in rows:                                  # every turn's line has a line of its turn after it
            assert not row.rstrip().endswith("turn:") and "turn:  …" not in row, rows


async def test_a_resumed_battle_against_the_ai_shows_the_recap_it_had_when_left(tmp_path, monkeypatch):
    """s22 newcomer: after tactica resume the recap of the AI's turn ("Since your last activation") was
    gone.  The save's actions since the human's last activation began rebuild it."""
    from tactica.ai.bots import make_bot
    from tactica.client.content import load_battle
    from tactica.client.factory import BattleFactory
    from tactica.client.opponent import Opponent
    from tactica.client.saving import open_save, resume_session
    from tactica.engine import CreatureActivated
    from tactica.saves.autosave import AutoSaver
    from tactica.tui.app import TacticaApp
    from tactica.tui.screens.battle import BattleScreen
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path))
    saver = AutoSaver()
    try:
        wbs, maps = load_battle(None, None)
        session = BattleFactory(wbs, maps, seed=3, saver=saver, opponent=Opponent("greedy", player=1)).quick()
        bot, mine, theirs = make_bot("greedy", 1), False, False
        for _ in range(400):  # the human activates, then the AI, until the human decides again
            st = session.state
            if mine and theirs and st.decider == 0 and st.phase is Phase.ACTIVATE:
                break
            outcome = session.apply(bot.choose(st))
            for e in outcome.events:
                if isinstance(e, CreatureActivated):
                    owner = session.state.creature(e.uid).player
                    mine, theirs = mine or owner == 0, theirs or (mine and owner == 1)
        assert mine and theirs and saver.flush()
        resumed = resume_session(open_save(session.save_id), saver)
        assert resumed.recent_steps and resumed.recent_steps[0][2]  # from the human's activation on
        app = TacticaApp(BattleFactory(wbs, maps, saver=saver), resume=resumed)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            assert screen.recap_panel.shown, "no recap after tactica resume"
            assert any("Player 2's turn" in row for row in screen.recap_panel.rows())
    finally:
        saver.close()


async def test_i_turned_on_after_the_ais_turn_says_why_it_did_what_it_did():
    """s22 newcomer: intent off, the AI played; i then said nothing of that turn until the next.  Now the
    log first says the reasons of the turn just watched, once, and stands where the recap stood (80×24)."""
    app = app_against_ai(battle(BOARD, dice=(15,) * 80, turn_player=0), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        await _humans_turn_after_the_ais(pilot, screen)
        assert screen.recap_panel.shown and screen.ai_turn.unshown
        unshown = [line.text for line in screen.ai_turn.unshown]
        log = screen.battle_log
        assert not any(line.startswith("AI (greedy) ") for line in log.lines_written)
        await pilot.press("i")
        await pilot.pause()
        lines = list(log.lines_written)
        head = lines.index("Why AI (greedy) did what it did in its last turn:")
        assert lines[head + 1:head + 1 + len(unshown)] == unshown and unshown[0].startswith("AI (greedy) ")
        assert screen.ai_turn.unshown == []
        assert log.display and not screen.recap_panel.shown  # the reasons in view, not under the recap
        await pilot.press("i", "i")  # off and on again: nothing said twice
        await pilot.pause()
        assert sum("did what it did in its last turn" in line for line in log.lines_written) == 1
