"""The cursor and the view when the human's turn comes back after the AI's (issue 20, s15's last checks):
the first screen of ``play`` said "the view is back where you left it" before the player had done
anything; after later AI turns the cursor went to the next creature in reading order instead of where
the player had left it.  Now "where you left it" is said only once the player has chosen a view, and
the cursor stays where it was unless its creature cannot act, then goes to the nearest one that can,
saying so."""
from __future__ import annotations

from tactica.engine import Activate, EndActivation, Phase
from tactica.engine.sandbox import battle

from .conftest import app_against_ai
from .test_ai_turn_camera import _Gate

#: 30×16: the human's A, B and D along the top row, C just below B; the AI's b and c far off.
ROWS = [["."] * 30 for _ in range(16)]
ROWS[0][0], ROWS[0][10], ROWS[0][20], ROWS[2][11], ROWS[15][29], ROWS[15][27] = "A", "B", "D", "C", "b", "c"
BOARD = "\n".join("".join(r) for r in ROWS)


async def _until_the_humans_turn(pilot, screen, tries: int = 1500) -> None:
    for _ in range(tries):
        await pilot.pause(0.02)
        st = screen.session.state
        if st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides():
            await pilot.pause()
            return
    raise AssertionError("the AI's turn did not end")


def _noted(screen) -> list[str]:
    notes: list[str] = []
    acknowledge = screen.acknowledge
    screen.acknowledge = lambda text: (notes.append(text), acknowledge(text))
    return notes


async def test_a_battle_that_opens_on_the_ais_turn_does_not_say_the_view_is_back_where_you_left_it():
    app = app_against_ai(battle(BOARD, turn_player=1), pace=0.05)  # the AI plays first; the player waits
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        notes = _noted(screen)
        await _until_the_humans_turn(pilot, screen)
        assert not screen.camera.chosen                            # the player chose no view
        assert not any("where you left it" in n for n in notes), notes
        st, mv = screen.session.state, screen.map_view
        here = st.creature_at(mv.square)
        assert here is not None and here.player == 0 and all(mv.in_view(q) for q in here.squares)


async def test_after_a_later_ais_turn_the_cursor_goes_to_the_nearest_creature_that_can_act_and_says_so():
    app = app_against_ai(battle(BOARD, turn_player=0), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        notes = _noted(screen)
        gate = _Gate(screen)                                       # the AI waits until the test has looked
        for action in (Activate("A"), EndActivation(), Activate("B"), EndActivation()):
            assert screen.apply_action(action), action
            await pilot.pause()
        assert screen.ai_decides()
        assert screen.map_view.square == screen.session.state.creature("B").pos  # left on B, which has acted
        gate.open()
        await _until_the_humans_turn(pilot, screen)
        st = screen.session.state
        assert st.round == 1 and "B" not in screen.session.activatable()
        assert screen.map_view.square == st.creature("C").pos      # the nearest that can (D is next in reading order)
        assert "Your turn: B has acted this round; the cursor is on C, the nearest that can." in notes, notes


async def test_after_a_later_ais_turn_the_cursor_stays_on_the_creature_it_was_left_on():
    app = app_against_ai(battle(BOARD, turn_player=0), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        notes = _noted(screen)
        gate = _Gate(screen)                                       # the AI waits while the player looks
        for action in (Activate("A"), EndActivation(), Activate("B"), EndActivation()):
            assert screen.apply_action(action), action
            await pilot.pause()
        assert screen.ai_decides()
        screen.map_view.move_cursor(screen.session.state.creature("D").pos)  # the player looks at D, which can act
        gate.open()
        await _until_the_humans_turn(pilot, screen)
        assert screen.map_view.square == screen.session.state.creature("D").pos
        assert not any("has acted" in n for n in notes), notes


async def test_a_champion_answer_that_ends_the_ais_turn_brings_the_recap_and_the_view_back():
    """nm s16 F2: the AI's last creature moved and hit, the player said no to a champion power, and the
    creature's activation ended by itself: the AI's turn ended inside the player's answer, and no recap
    came (the log's three rows began mid-sentence), nor the view back."""
    from tactica.engine import Attack, Move, apply
    from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
    from tactica.engine.sandbox import card
    from tactica.tui.screens.champion_prompt import PowerPrompt
    ward = ChampionPower("Ward", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=10)
    rows = [["."] * 30 for _ in range(16)]
    rows[4][0], rows[1][0], rows[1][3], rows[15][29] = "C", "A", "b", "d"
    st = battle("\n".join("".join(r) for r in rows), {"C": card("Captain", champion=2, champion_powers=(ward,))},
                turn_player=1, dice=(19,) * 10)
    for action in (Activate("d"), EndActivation()):           # the AI's first activation, before the screen
        st, _ = apply(st, action)
    app = app_against_ai(st, pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        _Gate(screen)                                          # the test plays the AI's last activation
        await pilot.pause()
        notes = _noted(screen)
        assert screen.ai_decides()
        for action in (Activate("b"), Move(((2, 1), (1, 1))), Attack(0, ("A",))):
            assert screen.apply_action(action), action         # b's move and its hit on A: both actions used
        for _ in range(300):                                   # Player 1 is asked about Ward
            await pilot.pause(0.02)
            if isinstance(app.screen, PowerPrompt):
                break
        assert isinstance(app.screen, PowerPrompt)
        await pilot.press("n")                                 # b's activation ends, and the AI's turn
        await pilot.pause()
        await pilot.pause()
        st = screen.session.state
        assert st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides()
        assert screen.camera.home is None                      # the camera came back (``come_back``)
        assert screen.recap_panel.shown                        # and the recap stands where the log is
        text = " ".join(" ".join(screen.recap_panel.rows()).split())
        assert "b moved 2 squares to column 2, row 2." in text and "b hit A with Sword" in text, text
        assert not any("where you left it" in n for n in notes), notes
