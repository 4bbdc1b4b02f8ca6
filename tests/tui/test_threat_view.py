"""The threat view (t): every square an enemy could attack next turn, and the reach of the creature
under the cursor, drawn from the engine's answers with glyphs that read without colour."""
from __future__ import annotations

from tactica.engine import creature_threat, threat_squares
from tactica.engine.sandbox import battle, card, ranged
from tactica.tui.widgets.map_view import MapView, threat_text

from .conftest import app_for_state

BOARD = """
A.........
..........
.....#....
.......b..
.........c
"""


def threat_state():
    """Player 1's A against b (a rat, speed 2, melee) and c (an archer, range 3, who does not move)."""
    cards = {"b": card("Rat", speed=2), "c": card("Archer", speed=0, attacks=(ranged(range=3),))}
    return battle(BOARD, cards, turn_player=0)


def test_threat_text_marks_blank_columns_only():
    assert threat_text(" . ", True, False) == "!. "
    assert threat_text(" . ", False, True) == " .*"
    assert threat_text("[.]", True, True) == "[.]"          # the cursor's brackets stay
    assert threat_text("◆P1", True, True) == "◆P1"          # a zone's owner stays
    # a zone square on difficult ground: its first column is the zone's, so the mark takes the blank middle
    assert threat_text("◆ ^", True, False) == "◆!^" and threat_text("◆ ^", False, True) == "◆*^"
    # a reachable square drawn with its own glyph (:^:) keeps the threat marks (issue 20, ui-trials 9)
    assert threat_text(":^:", True, False) == "!^:" and threat_text(":^:", True, True) == "!^*"


async def test_t_shows_the_engine_threats_and_the_cursor_creatures_reach_then_hides_them():
    st = threat_state()
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        assert not mv.overlay.threat
        mv.move_cursor((7, 3))                                   # on b
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        state = screen.session.state
        assert mv.overlay.threat == threat_squares(state, 0) and (8, 4) in mv.overlay.threat
        assert mv.overlay.reach == creature_threat(state, "b")
        assert (0, 0) not in mv.overlay.threat                   # A is out of every enemy's reach
        row = "".join(seg.text for seg in mv.render_line(mv._ch * 3 + 0))
        assert "!" in row and "*" in row
        await pilot.press("t")
        await pilot.pause()
        assert not mv.overlay.threat and not mv.overlay.reach
        assert "!" not in "".join(seg.text for seg in mv.render_line(mv._ch * 3))


async def test_t_is_in_the_footer_at_both_sizes_and_in_the_help():
    from textual.widgets._footer import FooterKey

    from tactica.tui.screens.help import HELP
    from tactica.tui.widgets.battle_footer import BattleFooter
    for size in ((120, 40), (80, 24)):
        app = app_for_state(threat_state())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            keys = {k.key for k in app.screen.query_one(BattleFooter).query(FooterKey)}
            assert "t" in keys, size
    assert "| t | threat view" in HELP


async def _threats_on(pilot) -> None:
    await pilot.pause()
    pilot.app.screen.query_one(MapView).move_cursor((7, 3))
    await pilot.press("t")
    pilot.app.clear_notifications()
    await pilot.pause()


def test_threat_view_snapshot_120x40(snap_compare):
    assert snap_compare(app_for_state(threat_state()), run_before=_threats_on, terminal_size=(120, 40))


def test_threat_view_snapshot_80x24(snap_compare):
    assert snap_compare(app_for_state(threat_state()), run_before=_threats_on, terminal_size=(80, 24))


async def test_the_side_panel_names_the_enemies_that_threaten_the_empty_square_under_the_cursor():
    """Issue 20 (ui-trials 3): with the threat view on, the cursor on a ``!`` square makes the side panel
    name the enemies that could attack it next turn (each one's creature_threat), and nothing on a square
    no enemy threatens."""
    st = threat_state()
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        await pilot.press("t")
        state = screen.session.state
        empty = [sq for sq in sorted(threat_squares(state, 0)) if state.creature_at(sq) is None]
        kinds = {}
        for sq in empty:  # one square per set of enemies that threaten it
            kinds.setdefault(tuple(u for u in "bc" if sq in creature_threat(state, u)), sq)
        assert len(kinds) >= 2, kinds
        for who, sq in kinds.items():
            mv.move_cursor(sq)
            await pilot.pause()
            assert screen.stat_card.square_note.endswith("! Could be attacked next turn by: " + ", ".join(who)), sq
        mv.move_cursor((0, 1))  # out of every enemy's reach
        await pilot.pause()
        assert "Could be attacked" not in screen.stat_card.square_note


async def test_the_side_panel_names_who_could_attack_the_creature_under_the_cursor():
    """Issue 20: on a creature's square the side panel says which of its enemies could attack it next
    turn (whoever's creature it is: the viewer's, or an enemy's, attacked by the viewer's), and says
    so when none could."""
    st = battle("A.b.....c", {"c": card("Archer", speed=0, attacks=(ranged(range=3),))}, turn_player=0)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        await pilot.press("t")
        state = screen.session.state
        assert (0, 0) in creature_threat(state, "b") and (0, 0) not in creature_threat(state, "c")
        mv.move_cursor((0, 0))                                   # on A: b could, the archer c could not
        await pilot.pause()
        assert screen.stat_card.square_note.endswith("! Could be attacked next turn by: b")
        mv.move_cursor((2, 0))                                   # on the enemy b: Player 1's A could
        await pilot.pause()
        assert screen.stat_card.square_note.endswith("! Could be attacked next turn by: A")
    far = battle("A" + "." * 20 + "b", {"b": card("Rat", speed=2)}, turn_player=0)
    app = app_for_state(far)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        app.screen.query_one(MapView).move_cursor((0, 0))
        await pilot.pause()
        assert app.screen.stat_card.square_note.endswith("No enemy could attack it next turn.")
        await pilot.press("t")                                   # the view off: no word on threats
        await pilot.pause()
        assert "attack it next turn" not in app.screen.stat_card.square_note
