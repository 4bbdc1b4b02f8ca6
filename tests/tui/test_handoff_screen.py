"""The hot-seat hand-off screen (issue 20 item 3): it hides the board when the keyboard passes
from one human player to another, says what happened meanwhile, and goes with Enter; never
against the AI, nor with ``--no-handoff``.  Snapshots at 80×24 and 120×40 (regenerate with
--snapshot-update; never edit by hand)."""
from __future__ import annotations

from tactica.client.session import GameSession
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.handoff import HandoffScreen

from .conftest import FixedFactory, settle

#: Player 1's archer in its activation, Player 2's brute across the field.
FIELD = """
......
.A..b.
......
"""


def _app(*, handoff: bool = True, ai: bool = False) -> TacticaApp:
    from tactica.client.opponent import Opponent
    state = battle(FIELD, active="A")
    opponent = Opponent(level="random", player=1, pace=5.0) if ai else None
    session = GameSession(state=state, seed=0, opponent=opponent)
    return TacticaApp(FixedFactory(session), handoff=handoff)


async def _end_turn(pilot, app) -> None:
    await settle(pilot, app)
    await pilot.press("e")
    await pilot.pause()
    if not isinstance(app.screen, HandoffScreen) and app.screen.confirms.pending:  # an idle activation
        await pilot.press("e")
    await pilot.pause()


async def test_the_board_is_hidden_until_the_next_player_presses_enter():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _end_turn(pilot, app)
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == 1
        assert not app.query("MapView")  # the board is not on screen
        text = str(screen.query_one("#handoff-title").render())
        assert "Player 2 — press Enter when ready" in text
        assert "Player 2's turn." not in screen.lines  # a turn in which nothing happened yet says nothing
        await pilot.press("m", "x")  # no other key lets the board through
        assert app.screen is screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.session.state.turn_player == 1


async def test_q_on_the_handoff_screen_leaves_without_showing_the_board():
    """q on the hand-off screen leaves as the battle screen's q does (here: tactica exits), and the
    battle stays saved as after any q."""
    app = _app()
    exits: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _end_turn(pilot, app)
        assert isinstance(app.screen, HandoffScreen)
        app.exit = lambda *a, **k: exits.append(type(app.screen).__name__)  # type: ignore[method-assign]
        await pilot.press("q")
        await pilot.pause()
    assert exits == ["BattleScreen"]  # the hand-off closed, then the battle screen's q left at once


async def test_no_handoff_and_the_ai_show_the_board_at_once():
    for app in (_app(handoff=False), _app(ai=True)):
        async with app.run_test(size=(80, 24)) as pilot:
            await _end_turn(pilot, app)
            assert not isinstance(app.screen, HandoffScreen)
            assert app.session.state.turn_player == 1


async def _to_handoff(pilot) -> None:
    await _end_turn(pilot, pilot.app)
    pilot.app.clear_notifications()
    await pilot.pause()


def test_handoff_screen_80x24(snap_compare):
    assert snap_compare(_app(), run_before=_to_handoff, terminal_size=(80, 24))


def test_handoff_screen_120x40(snap_compare):
    assert snap_compare(_app(), run_before=_to_handoff, terminal_size=(120, 40))


async def test_the_initiative_winner_gets_the_keyboard_before_the_who_goes_first_question():
    """Issue 20 (ui-trials 12): Player 2 ends the round; Player 1 wins the initiative: the hand-off to
    Player 1 comes first ("Round 1 ended."), and the who-goes-first question (RND-1) only after Enter."""
    from tactica.engine import Phase
    from tactica.tui.screens.choice import ChoiceModal
    state = battle(FIELD, active="A", dice=(15, 5) * 10)
    app = TacticaApp(FixedFactory(GameSession(state=state, seed=0)), handoff=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _end_turn(pilot, app)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == 1
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("tab", "enter")  # Player 2 activates b and ends: the round ends
        await settle(pilot, app)
        await _end_turn(pilot, app)
        await pilot.pause()
        session = app.session
        assert session.state.phase is Phase.CHOOSE_FIRST and session.state.decider == 0
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and handoff.player == 0, app.screen
        assert "Round 1 ended." in handoff.lines
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceModal) and "Player 1" in app.screen.title_text


async def test_a_long_summary_says_that_more_lines_are_below():
    from textual.app import App

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(HandoffScreen(1, [f"Goblin (gb{i}) moved 2 squares." for i in range(14)]))

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "more lines below" in str(app.screen.query_one("#handoff-note").render())


def _resumed_app(*, ai: bool = False, handoff: bool = True) -> TacticaApp:
    """The FIELD battle as ``tactica resume`` reopens it (``GameSession.resumed``)."""
    from tactica.client.opponent import Opponent
    state = battle(FIELD, active="A")
    opponent = Opponent(level="random", player=1, pace=5.0) if ai else None
    session = GameSession(state=state, seed=0, opponent=opponent, resumed=True, history_log=[])
    return TacticaApp(FixedFactory(session), handoff=handoff)


async def test_a_resumed_hot_seat_battle_opens_on_the_handoff_screen():
    """Issue 20 (nm-tut 23): ``tactica resume`` of a hot-seat battle showed the board at once; it now
    opens on the hand-off screen of the player holding the keyboard, which says the battle resumed;
    Enter shows the board.  Against the AI, or with the hand-off off, the board shows at once."""
    app = _resumed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == 0
        assert not app.query("MapView")
        assert "Player 1 — press Enter when ready" in str(screen.query_one("#handoff-title").render())
        assert screen.lines[0] == "The battle resumed in round 1: Player 1 holds the keyboard."
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
    for other in (_resumed_app(ai=True), _resumed_app(handoff=False)):
        async with other.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(other.screen, BattleScreen)


async def _settled(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


def test_resumed_handoff_screen_80x24(snap_compare):
    assert snap_compare(_resumed_app(), run_before=_settled, terminal_size=(80, 24))


async def test_another_players_champion_question_mid_turn_waits_for_that_player_at_the_keyboard():
    """nm-g5e 8: in hot-seat, Player 1's champion-power question came up in Player 2's turn and Player
    2's next cursor key (n, y: cursor keys, and the prompt's answers) answered it.  Now a hand-off gate
    for Player 1 comes first, which no cursor key passes; Enter there, then Player 1 answers."""
    from tactica.engine import ChampionEffect, ChampionPower, ChampionTrigger, UseChampionPower
    from tactica.engine.sandbox import card
    from tactica.tui.screens.champion_prompt import PowerPrompt
    ward = ChampionPower("Ward", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=10)
    state = battle("C..\nAb.", {"C": card("Chief", champion=2, champion_powers=(ward,))}, active="b",
                   dice=(19,) + (10,) * 20)
    app = TacticaApp(FixedFactory(GameSession(state=state, seed=0)), handoff=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("a", "enter")                            # Player 2's b hits A: Player 1's Ward?
        await settle(pilot, app)
        gate = app.screen
        assert isinstance(gate, HandoffScreen) and gate.player == 0, gate
        assert "champion power" in gate.reason and "Player 2's turn goes on" in gate.reason
        await pilot.press("n", "y", "h")                           # Player 2's keys: nothing answers
        await pilot.pause()
        assert app.screen is gate
        assert not any(isinstance(a, UseChampionPower) for a in app.session.actions)
        await pilot.press("enter")                                 # Player 1 at the keyboard
        await settle(pilot, app)
        assert isinstance(app.screen, PowerPrompt) and app.screen.title_text.startswith("Player 1")
        await pilot.press("y")
        await settle(pilot, app)
        assert any(isinstance(a, UseChampionPower) for a in app.session.actions)
        assert not isinstance(app.screen, HandoffScreen)           # back to Player 2's turn, no gate


async def test_a_turn_heads_its_lines_on_the_handoff_screen_with_no_empty_bullet():
    """nm s16: the summary began with "• Player 1's turn." that carried nothing.  The screen shows a turn's
    line (who activated) unbulleted, over that turn's lines as bullets, and the round's initiative."""
    from textual.app import App

    lines = ["Round 1 ended.", "Round 2: Player 1 won the initiative and goes first.",
             "Player 1's turn: Guard (GU1) and Lancer (LA1) activated.",
             "Guard (GU1) moved 2 squares to column 4, row 2.", "Lancer (LA1) missed Goblin (gb1) with Lance."]

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(HandoffScreen(1, lines))

    for size in ((80, 24), (120, 40)):
        app = One()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            from io import StringIO

            from rich.console import Console
            console = Console(width=72, record=True, file=StringIO())
            console.print(app.screen.query_one("#handoff-since Static").content)
            rows = [row.rstrip() for row in console.export_text().splitlines()]
            assert rows[0] == "Since your last turn:"
            assert rows[1:4] == ["Round 1 ended.", "Round 2: Player 1 won the initiative and goes first.",
                                 "Player 1's turn: Guard (GU1) and Lancer (LA1) activated."]
            assert rows[4] == "  • Guard (GU1) moved 2 squares to column 4, row 2."
            assert rows[5] == "  • Lancer (LA1) missed Goblin (gb1) with Lance."
            assert not any(row.startswith("• Player") for row in rows)


#: A summary as ``summary_lines`` words it: the end of a round, the next round's initiative, a turn and what
#: it did (issue 20; nm s16: no bare "• Player 1's turn.").
SUMMARY = ["Round 1 ended.", "Round 2: Player 2 won the initiative and goes first.",
           "Player 2's turn: Warlord of the Broken Tusk (wa1) and Hill Ogre Brute (hi1) activated.",
           "Warlord of the Broken Tusk (wa1) charged 5 squares to column 9, row 3 and hit Guard (GA1) with "
           "Greataxe: 10 damage and 10 more from Shaman (sh1)'s Press the Attack (champion power), 5 HP left.",
           "Hill Ogre Brute (hi1) moved 4 squares to column 14, row 2, into its VP zone."]


async def _summary_up(pilot) -> None:
    """Over the battle, the hand-off to Player 1 with ``SUMMARY``."""
    await pilot.pause()
    pilot.app.push_screen(HandoffScreen(0, SUMMARY))
    await pilot.pause()
    await pilot.pause()


def test_handoff_summary_snapshot_80x24(snap_compare):
    assert snap_compare(_app(), run_before=_summary_up, terminal_size=(80, 24))


def test_handoff_summary_snapshot_120x40(snap_compare):
    assert snap_compare(_app(), run_before=_summary_up, terminal_size=(120, 40))


async def test_rnd_1_the_first_handoff_of_a_new_battle_names_who_won_round_1s_initiative():
    """s18 ux 7: from round 2 on the hand-off said who won the initiative; the first one, in round 1, did
    not (the round began before the hand-off was set up).  A new hot-seat battle: Player 1 wins round 1's
    initiative (seed 7), goes first and ends its activation: Player 2's hand-off says so first."""
    from tactica.client.factory import BattleFactory
    from tactica.engine import Phase
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import demo_battle
    wbs, maps = demo_battle()
    app = TacticaApp(BattleFactory(wbs, maps, seed=7), handoff=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceModal) and app.session.state.phase is Phase.CHOOSE_FIRST
        assert app.session.state.decider == 0
        await pilot.press("enter")                                 # Player 1 goes first
        await settle(pilot, app)
        await pilot.press("enter")                                 # activates the creature under the cursor
        await settle(pilot, app)
        await _end_turn(pilot, app)
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and handoff.player == 1
        assert handoff.lines[0] == "Round 1: Player 1 won the initiative and goes first.", handoff.lines
        assert handoff.lines[1].startswith("Player 1's turn: ")
