"""Multiplayer and scenario choice in the battle client (SCN-MULTI, SCN-SEALED)."""
from __future__ import annotations

from tactica.cli import build_parser, play_opponent
from tactica.client.factory import make_factory
from tactica.engine import Phase
from tactica.engine import events as ev
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.screens.setup import SetupScreen
from tactica.tui.widgets.battle_header import header_text

from .conftest import make_app


def _factory(*argv):
    parser = build_parser()
    args = parser.parse_args(["play", *argv])
    args.opponent = play_opponent(args, parser)
    return make_factory(args)


async def test_scn_multi_three_player_hotseat_pilot():
    factory = _factory("--players", "3", "--seed", "5")
    assert len(factory.warbands) == 3 and factory.opponent is None
    app = TacticaApp(factory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.session
        st = session.state
        assert st.players == 3 and st.free_for_all and sorted(st.areas.values()) == ["A", "B", "C"]
        assert "VP 0–0–0 of 200" in header_text(st).plain
        # the initiative winner chooses among all three players
        assert isinstance(app.screen, ChoiceModal)
        assert len(app.screen.query_one("OptionList").options) == 3
        winner = st.decider
        await pilot.press("2")  # the second option: the next seat after the winner
        await pilot.pause()
        assert session.state.phase is Phase.ACTIVATE
        assert session.state.turn_player == (winner + 1) % 3
        seen = [session.state.turn_player]
        assert isinstance(app.screen, BattleScreen)
        # play activations by keys: Enter activates the highlighted creature, e ends it
        for _ in range(5):
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("e", "e")  # nothing done: e asks for e again
            await pilot.pause()
            if session.state.turn_player != seen[-1]:
                seen.append(session.state.turn_player)
        # turns go round the table from the first player: 1 activation, then 2 each
        assert seen[:3] == [seen[0], (seen[0] + 1) % 3, (seen[0] + 2) % 3]
        assert f"Player {session.state.turn_player + 1}'s turn" in header_text(session.state).plain


async def test_scn_multi_ai_seats_play_by_themselves():
    factory = _factory("--players", "3", "--ai-seats", "2,3", "--ai", "random", "--pace", "0", "--seed", "2")
    assert factory.opponent.seats == (1, 2)
    app = TacticaApp(factory)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            st = app.session.state
            ai_turns = {e.player for e in app.session.events if isinstance(e, ev.TurnStarted)} - {0}
            if ai_turns == {1, 2} or st.is_over:
                break
            if st.decider != 0:
                continue  # the AI plays its seats by itself
            if isinstance(app.screen, ChoiceModal):
                await pilot.press("1")
            elif st.phase is Phase.ACTIVATE:
                await pilot.press("enter")
            elif st.phase is Phase.ACTING:
                await pilot.press("e")
        assert ai_turns == {1, 2}


async def test_scn_sealed_setup_screen_chooses_the_scenario():
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        scen = app.screen.query_one("#scenario")
        scen.focus()
        await pilot.pause()
        for _ in range(4):  # assault -> bounty -> uncontested -> combined -> sealed
            await pilot.press("down")
        await pilot.pause()
        assert "Sealed" in str(app.screen.query_one("#about").render())
        await pilot.press("s")
        await pilot.pause()
        st = app.session.state
        assert st.rules.scenario == "sealed" and st.rules.target == 200
        assert all(w.name.startswith("Sealed pool") and w.cost <= 200 for w in st.warbands)
        from tactica.tui.screens.battle import sealed_lines
        lines = [line.text for line in sealed_lines(st)]
        assert lines[0].startswith("Sealed:") and lines[1].startswith("Player 1's warband (")


async def test_setup_screen_chooses_bounty():
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#scenario").focus()
        await pilot.press("down")
        await pilot.press("s")
        await pilot.pause()
        assert app.session.state.rules.scenario == "bounty"


def test_scn_sealed_play_draws_the_same_warbands_for_the_same_seed():
    one = _factory("--scenario", "sealed", "--seed", "9").quick().state
    two = _factory("--scenario", "sealed", "--seed", "9").quick().state
    assert one.warbands == two.warbands and one.rules.sealed
    other = _factory("--scenario", "sealed", "--seed", "10").quick().state
    assert other.warbands != one.warbands


def test_scn_multi_teams_from_the_command_line():
    st = _factory("--players", "4", "--teams", "1,2,1,2", "--seed", "3").quick().state
    assert st.rules.teams == (0, 1, 0, 1) and st.rules.target == 400 and not st.free_for_all
    assert st.areas[0] == st.areas[2] != st.areas[1] == st.areas[3]
    text = header_text(st).plain
    assert "VP 0+0–0+0 of 400" in text
