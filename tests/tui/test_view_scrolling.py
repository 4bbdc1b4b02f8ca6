"""The map view scrolls to keep a margin of squares round the creature that matters: the one Tab
selects, a Large creature under the cursor (whole), the AI's creature that acts."""
from __future__ import annotations

from tactica.engine.sandbox import battle

from .conftest import app_for_state, view_squares


def _wide_state():
    """A 40×30 map (bigger than the view at 80×24): a Large ogre at (16, 5), a creature at (25, 20)."""
    from tactica.engine.sandbox import card as make_card
    rows = [["."] * 40 for _ in range(30)]
    for x, y in ((16, 5), (17, 5), (16, 6), (17, 6)):
        rows[y][x] = "L"
    rows[2][0], rows[20][25], rows[9][30] = "A", "C", "b"
    return battle("\n".join("".join(r) for r in rows), {"L": make_card("Ogre", size=2, speed=5)})


async def test_tab_keeps_squares_round_the_selected_creature_in_view_at_80x24():
    """Tab to a creature far off: the view keeps a margin of squares round it, not the window's edge."""
    from tactica.tui.widgets.map_view import SCROLL_MARGIN, MapView
    app = app_for_state(_wide_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        seen = set()
        for _ in range(4):
            await pilot.press("tab")
            await pilot.pause()
            who = app.screen.session.state.creature_at(mv.square)
            seen.add(who.uid)
            left, right, top, bottom = view_squares(mv)
            xs, ys = [q[0] for q in who.squares], [q[1] for q in who.squares]
            mx, my = SCROLL_MARGIN
            assert left <= max(0, min(xs) - mx) and right >= min(39, max(xs) + mx), (who.uid, left, right)
            assert top <= max(0, min(ys) - my) and bottom >= min(29, max(ys) + my), (who.uid, top, bottom)
            assert all(mv.in_view(q) for q in who.squares)
        assert seen == {"A", "C", "L"}


async def test_a_large_creature_under_the_cursor_is_scrolled_into_view_whole():
    """The ogre's label square is in view but its frame's right column is not: on it, the view shows all."""
    from tactica.tui.widgets.map_view import MapView
    app = app_for_state(_wide_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        assert mv.in_view((16, 5)) and not mv.in_view((17, 5))     # AS1 at the edge, its ──┐ cut off
        mv.move_cursor((16, 5))
        await pilot.pause()
        assert all(mv.in_view(q) for q in ((16, 5), (17, 5), (16, 6), (17, 6)))
        assert mv.scroll_offset.x % mv._cw == 0                    # the left edge on a square's edge


async def test_the_view_following_the_ai_keeps_squares_round_the_creature_that_acted():
    """At 80×24 the AI activates its creature far off to the right: the view scrolls to it and shows
    the squares round it (its neighbours), not the creature at the window's edge; only as far as that
    (issue 20: a calm camera, ``FOLLOW_MARGIN``)."""
    from tactica.tui.widgets.map_view import FOLLOW_MARGIN

    from .conftest import app_against_ai, view_home
    board = "\n".join(["A" + "." * 39] + ["." * 40] * 5 + ["." * 30 + "b" + "." * 9])
    app = app_against_ai(battle(board, turn_player=1), pace=1.5)  # time to look
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        await view_home(pilot, mv)
        st = screen.session.state
        for _ in range(300):                                 # until the AI's creature is activated
            await pilot.pause(0.02)
            st = screen.session.state
            if st.active_uid == "b":
                break
        assert st.active_uid == "b" and st.creature("b").pos == (30, 6), "the AI did not activate b first"
        for _ in range(100):                                 # the scroll is made after a refresh
            await pilot.pause(0.02)
            if mv.scroll_offset.x:
                break
        left, right, top, bottom = view_squares(mv)
        mx, my = FOLLOW_MARGIN
        assert left <= 30 - mx and right == 30 + mx, (left, right)   # its neighbours, and no further
        assert mv.square == (0, 0)


async def test_at_80x24_the_view_follows_the_ais_attack_to_its_target_then_comes_back():
    """Issue 20 (80×24, a map bigger than the view): while the AI plays, the view shows its acting
    creature and the target of its attack, far off to the right; when the human's turn comes the view
    is back on the human's cursor."""
    from tactica.engine import AttackRolled
    from tactica.engine.sandbox import card, ranged

    from .conftest import app_against_ai, view_home
    rows = [["."] * 40 for _ in range(16)]
    rows[0][0], rows[1][0], rows[12][36], rows[10][31] = "A", "D", "C", "b"
    shooter = card("Slinger", attacks=(ranged("Sling", bonus=5, damage=5, range=6, basic=True),))
    app = app_against_ai(battle("\n".join("".join(r) for r in rows), {"b": shooter}, turn_player=1,
                                dice=(15,) * 20), pace=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        mv = screen.map_view
        follow = screen.camera.follow
        views = []

        def watched(events):  # the view as the camera leaves it after each of the AI's actions
            follow(events)
            views.append((tuple(events), view_squares(mv)))
        screen.camera.follow = watched  # before view_home: on a loaded machine the AI may shoot meanwhile
        await view_home(pilot, mv)
        for _ in range(1500):
            await pilot.pause(0.02)
            if screen.session.state.turn_player == 0 and not screen.ai_decides():
                break
        seen_attack = next((view for events, view in views if any(isinstance(e, AttackRolled) for e in events)),
                           None)
        assert seen_attack is not None, [e.text for e in screen.battle_log.entries]
        left, right, top, bottom = seen_attack
        b, c = screen.session.state.creature("b").pos, screen.session.state.creature("C").pos
        assert left <= min(b[0], c[0]) and max(b[0], c[0]) <= right and top <= min(b[1], c[1]) and max(
            b[1], c[1]) <= bottom, (seen_attack, b, c)
        await pilot.pause(0.1)
        left, right, top, bottom = view_squares(mv)
        x, y = mv.square
        assert left <= x <= right and top <= y <= bottom, (view_squares(mv), mv.square)
        assert left == 0  # back on the human's side of the map


def _shot_state(target_x: int):
    """A 40×30 map: the archer A at (3, 10), active, its target b at (``target_x``, 10), c far off."""
    from tactica.engine.sandbox import card as make_card
    from tactica.engine.sandbox import ranged
    rows = [["."] * 40 for _ in range(30)]
    rows[10][3], rows[10][target_x], rows[25][38] = "A", "b", "c"
    archer = make_card("Archer", attacks=(ranged("Bow", bonus=8, damage=1, range=30, basic=True),))
    return battle("\n".join("".join(r) for r in rows), {"A": archer}, active="A", dice=(15,) * 20)


async def test_after_an_attack_the_view_stays_where_it_happened_while_the_attacker_is_in_it():
    """s18 ux 9: after an attack the cursor goes back to the attacker and the view scrolled back to the
    player's own side with it; while the attacker is whole in the view, the view stays where it is."""
    app = app_for_state(_shot_state(14))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.map_view
        await pilot.press("a")
        await pilot.pause()
        aimed = mv.view_offset
        assert mv.square == (14, 10) and aimed != (0, 0) and mv.in_view((3, 10))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.state.attack_used and mv.square == (3, 10)  # the cursor on the attacker
        assert mv.view_offset == aimed and mv.in_view((14, 10))


async def test_after_an_attack_with_the_attacker_off_the_view_it_shows_the_attacker_and_the_target():
    """The attacker is off the view aimed at b: the view scrolls as little as it must to show the attacker
    (the cursor), and b with it where both fit (not back to the map's edge, b out of view)."""
    app = app_for_state(_shot_state(17))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        mv = app.screen.map_view
        await pilot.press("a")
        await pilot.pause()
        assert mv.square == (17, 10) and not mv.in_view((3, 10))
        await pilot.press("enter")
        await pilot.pause()
        assert mv.square == (3, 10) and mv.in_view((3, 10)) and mv.in_view((17, 10))
