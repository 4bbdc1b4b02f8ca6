"""The camera during the AI's turn at 80×24 (issue 20: "the view jumps to each AI creature as it acts;
I lost track of my own creatures"): it pans only as far as the AI's action needs, never moves the
player's cursor, and when the human's turn comes back the view returns to where the human left it (or
where they looked meanwhile), saying so briefly."""
from __future__ import annotations

from tactica.engine import Phase
from tactica.engine.sandbox import battle
from tactica.tui.widgets.map_view import FOLLOW_MARGIN

from .conftest import app_against_ai, view_home, view_squares

#: 40×30: the human's A and B at the top left, the AI's b and c far off at the bottom right.
BOARD = "\n".join(["." * 40] * 5 + [".....AB" + "." * 33] + ["." * 40] * 19
                  + ["." * 34 + "b" + "." * 5] + ["." * 40] + ["." * 37 + "c.."] + ["." * 40] * 2)


class _Gate:
    """Holds the AI's answers back while ``passes()`` says no, until ``open``: a test sets up (moves the
    cursor, opens the overview) before the AI goes on, however loaded the machine is."""

    def __init__(self, screen, passes=lambda: False) -> None:
        self.screen, self.passes, self.held, self.opened = screen, passes, [], False
        self.play = screen.ai_play
        screen.ai_play = self._gated  # the pace's timers call whatever is here when they are made

    def _gated(self, thought) -> bool:
        if self.opened or self.passes():
            return self.play(thought)
        self.held.append(thought)
        return False

    def open(self) -> None:
        self.opened = True
        for thought in self.held:
            self.play(thought)
        self.held.clear()


async def _until_the_humans_turn(pilot, screen, tries: int = 1500) -> None:
    for _ in range(tries):
        await pilot.pause(0.02)
        st = screen.session.state
        if st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides():
            await pilot.pause()
            return
    raise AssertionError("the AI's turn did not end")


def _inside(view: tuple[int, int, int, int], squares, margin=(0, 0)) -> bool:
    left, right, top, bottom = view
    mx, my = margin
    return all(left + mx <= x <= right - mx and top + my <= y <= bottom - my for x, y in squares)


async def test_the_ais_turn_pans_only_as_needed_and_the_view_comes_back_where_the_human_left_it():
    app = app_against_ai(battle(BOARD, turn_player=1), pace=0.15)  # the AI (b, c) plays first
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        follow = screen.camera.follow
        seen: list[tuple[tuple[int, int, int, int], tuple[int, int, int, int], list]] = []

        def watched(events):  # the view before and after the camera follows each of the AI's actions
            before = view_squares(mv)
            follow(events)
            moved = [e for e in events if getattr(e, "path", None)]
            seen.append((before, view_squares(mv), moved))
        screen.camera.follow = watched
        gate = _Gate(screen)                                        # the AI waits while the test sets up
        await view_home(pilot, mv)
        mv.move_cursor((6, 6))                                      # the player looks at an empty square
        home = mv.view_offset
        assert home == (0, 0) and screen.ai_decides() and screen.session.state.decider == 1
        gate.open()
        cursors = set()
        for _ in range(1500):
            await pilot.pause(0.02)
            if screen.ai_decides():
                cursors.add(mv.square)
            st = screen.session.state
            if st.phase is Phase.ACTIVATE and st.decider == 0 and not screen.ai_decides():
                break
        await pilot.pause()
        assert cursors <= {(6, 6)}, cursors                         # the AI never took the cursor
        assert len(seen) >= 2, seen
        st = screen.session.state
        for before, after, moved in seen:
            for e in moved:                                         # what moved ended on screen
                assert _inside(after, st.creature(e.uid).squares if e.path[-1] == st.creature(e.uid).pos
                               else [e.path[-1]]), (before, after, e)
                ends = [e.start, e.path[-1]]
                if _inside(before, ends, FOLLOW_MARGIN):            # already on screen: the view stays
                    assert after == before, (before, after, e)
        assert any(after != before for before, after, _ in seen)   # b and c were far off: it did pan
        assert mv.view_offset == home                              # back where the human left it
        assert mv.square in (st.creature("A").pos, st.creature("B").pos)
        assert "Your turn: the view is back where you left it." in screen.status_line.note


async def test_a_view_chosen_during_the_ais_turn_is_the_one_the_human_gets_back():
    app = app_against_ai(battle(BOARD, turn_player=1), pace=0.6)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        gate = _Gate(screen, lambda: screen.camera.home is None)  # the AI's first action, then it waits
        await view_home(pilot, mv)
        for _ in range(1500):                                       # the AI's first action: the camera leaves
            await pilot.pause(0.02)
            if screen.camera.home is not None:
                break
        assert screen.ai_decides() and screen.camera.home is not None
        mv.scroll_view_to((0, 0))
        mv.action_scroll_squares(1, 1)                              # shift+right, shift+down meanwhile
        chosen = mv.view_offset
        assert chosen == (9, 3)                                     # three squares across, three rows down
        await pilot.pause()
        assert screen.camera.home == chosen
        gate.open()
        await _until_the_humans_turn(pilot, screen)
        assert mv.view_offset == chosen                             # A and B are in it: the view chosen
        assert mv.square in (screen.session.state.creature("A").pos, screen.session.state.creature("B").pos)
        assert "Your turn: the view is back where you left it." in screen.status_line.note


async def test_the_camera_comes_back_without_a_word_where_the_map_fits_whole():
    app = app_against_ai(battle(BOARD, turn_player=1), pace=0.05)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = app.screen
        mv = screen.map_view
        await view_home(pilot, mv)
        notes = []
        acknowledge = screen.acknowledge
        screen.acknowledge = lambda text: (notes.append(text), acknowledge(text))
        await _until_the_humans_turn(pilot, screen)
        assert mv.hidden_squares() == (0, 0, 0, 0)
        assert not any(n.startswith("Your turn: the view") for n in notes), notes


async def test_v_and_t_during_the_ais_turn_work_with_the_camera():
    """v (the whole map) during the AI's turn: Enter there takes the view, and that is the view the
    human's turn comes back to; t (threats) is on through the turn's change."""
    app = app_against_ai(battle(BOARD, turn_player=1), pace=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        gate = _Gate(screen, lambda: screen.camera.home is None)  # the AI's first action only, then it
        await view_home(pilot, mv)                                  # waits (a loaded machine is slower than its pace)
        for _ in range(1500):                                       # the AI's first action: the camera leaves
            await pilot.pause(0.02)
            if screen.camera.home is not None:
                break
        assert screen.ai_decides() and screen.camera.home is not None
        await pilot.press("t")
        await pilot.press("v")
        await pilot.pause()
        assert type(app.screen).__name__ == "MapOverview"
        start = mv.square
        await pilot.press("right", "right", "right", "down", "down", "down", "enter")
        await pilot.pause()
        assert start == (0, 0) and app.screen is screen and mv.square == (3, 3)  # the AI never moved it
        assert screen.ai_decides()                                  # still the AI's turn
        chosen = screen.camera.home
        assert chosen == (0, 0) == mv.view_offset                   # where the player looked: the top left
        gate.open()                                                 # the AI plays on
        await _until_the_humans_turn(pilot, screen)
        st = screen.session.state
        cursor = mv.square
        assert cursor in (st.creature("A").pos, st.creature("B").pos)
        assert mv.view_offset == chosen
        assert "Your turn: the view is back where you left it." in screen.status_line.note
        assert screen.ctrl.threat_view.on and screen.ctrl.overlay(cursor).threat  # the threat view stayed on


async def test_a_new_battle_opens_on_the_players_own_creatures_while_who_goes_first_is_asked():
    """nm-tut (s15): at 80×24 the view sat on the enemy's start area while "who goes first?" was asked,
    the player's own creatures off screen.  Both sides of the shipped battle, whichever start area the
    human is given: the cursor and the view are on one of the human's creatures."""
    from tactica.client.content import load_battle
    from tactica.client.factory import BattleFactory
    from tactica.client.opponent import Opponent
    from tactica.tui.app import TacticaApp
    from tactica.tui.screens.battle import BattleScreen
    wbs, maps = load_battle(None, None)
    sides = set()
    for seed in (1, 2, 3, 4, 5, 6):
        app = TacticaApp(BattleFactory(wbs, maps, seed=seed,  # the AI waits: its first step would pan
                                       opponent=Opponent(level="normal", player=1, pace=30.0)))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if len(app.screen_stack) > 1 or app.screen.session.state.round >= 1:
                    break
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
            st, mv = screen.session.state, screen.map_view
            here = st.creature_at(mv.square)
            assert here is not None and here.player == 0, (seed, mv.square)
            assert all(mv.in_view(q) for q in here.squares), (seed, mv.view_offset)
            sides.add(mv.view_offset[0] == 0)
        if len(sides) == 2:
            break
    assert sides == {True, False}  # the human was given the left start area in one battle, the right in another
