"""The threat view (t): every square an enemy could attack next turn, and the reach of the creature
under the cursor, drawn from the engine's answers with glyphs that read without colour."""
from __future__ import annotations

from tactica.client.threat_words import threat_lines, way_words
from tactica.engine import ThreatLevel, ThreatWay, creature_threat, threat_reach, threat_squares, threat_way
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


def test_threat_text_puts_the_glyph_where_the_dot_was_and_else_in_a_blank_column():
    assert threat_text(" . ", True, False) == " ! "          # clear ground: no shift to the left (nm s16 F7)
    assert threat_text(" . ", "?", True) == " ?†" and threat_text(" . ", "'", False) == " ' "
    assert threat_text(" . ", "", True) == " .†"
    assert threat_text("[.]", "?", True) == "[?]"            # the cursor's brackets stay round the glyph
    assert threat_text(":.:", "!", False) == ":!:"           # a reachable square keeps its colons
    assert threat_text(" ^ ", "?", False) == "?^ "           # other ground: the first column
    assert threat_text("◆P1", True, True) == "◆P1"          # a zone's owner stays
    # a zone square on difficult ground: its first column is the zone's, so the mark takes the blank middle
    assert threat_text("◆ ^", True, False) == "◆!^" and threat_text("◆ ^", False, True) == "◆†^"
    # a reachable square drawn with its own glyph (:^:) keeps the threat marks (issue 20, ui-trials 9)
    assert threat_text(":^:", True, False) == "!^:" and threat_text(":^:", True, True) == "!^†"


async def test_t_cycles_now_all_off_with_the_engines_levels_and_the_cursor_creatures_reach():
    """t: off → now (only what an enemy could attack without moving or after a shift, ``!``) → all (every
    square an enemy could attack next turn: ``!``, ``?`` after a move, ``'`` after a move and a charge)
    → off; each square's level is the nearest any enemy has (threat_reach), and ``*`` the reach of the
    creature under the cursor at the same levels."""
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
        b, c = threat_reach(state, "b"), threat_reach(state, "c")
        assert screen.ctrl.threat_view.mode == "now"
        assert mv.overlay.threat == b.now | c.now and not mv.overlay.threat_far and not mv.overlay.threat_charge
        assert mv.overlay.reach == b.now
        assert (4, 3) not in mv.overlay.threat                   # b gets there only after a move
        row = "".join(seg.text for seg in mv.render_line(mv._ch * 3))
        assert "!" in row and "?" not in row and "'" not in row
        await pilot.press("t")
        await pilot.pause()
        assert screen.ctrl.threat_view.mode == "all"
        assert mv.overlay.threat == threat_squares(state, 0) and mv.overlay.reach == creature_threat(state, "b")
        assert mv.overlay.threat_far == (b.move | c.move) - b.now - c.now
        assert mv.overlay.threat_charge == (b.charge | c.charge) - b.now - c.now - b.move - c.move
        assert (4, 3) in mv.overlay.threat_far and (3, 3) in mv.overlay.threat_charge
        assert (0, 0) not in mv.overlay.threat                   # A is out of every enemy's reach
        row = "".join(seg.text for seg in mv.render_line(mv._ch * 3))
        assert "!" in row and "?" in row and "'" in row and "†" in row
        await pilot.press("t")
        await pilot.pause()
        assert screen.ctrl.threat_view.mode == "off"
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
    """The threat view in its "all" mode, the cursor on an empty square two enemies threaten."""
    await pilot.pause()
    pilot.app.screen.query_one(MapView).move_cursor((6, 1))
    await pilot.press("t", "t")
    pilot.app.clear_notifications()
    await pilot.pause()


def test_the_reach_mark_is_no_terrain_symbol_and_no_other_mark_of_the_map():
    """s21 newcomer: the reach of the enemy under the cursor was marked ``*``, smoke's own symbol, so a
    square in smoke and a square in reach read alike.  It is now a glyph nothing else on the map uses."""
    from tactica.client.overlay import REACH_GLYPH, THREAT_GLYPHS
    from tactica.engine import SYMBOLS
    assert REACH_GLYPH == "†"
    assert REACH_GLYPH not in SYMBOLS and REACH_GLYPH not in THREAT_GLYPHS.values()
    assert REACH_GLYPH not in ": s o x ▪ ░ ◆ █".split()   # reach, shift, path, charge end, deploy, area
    assert threat_text(" * ", "", True) == " *†"             # smoke in reach: both read


def test_threat_view_snapshot_120x40(snap_compare):
    assert snap_compare(app_for_state(threat_state()), run_before=_threats_on, terminal_size=(120, 40))


def test_threat_view_snapshot_80x24(snap_compare):
    assert snap_compare(app_for_state(threat_state()), run_before=_threats_on, terminal_size=(80, 24))


async def test_under_the_cursors_square_the_side_panel_says_who_could_attack_it_and_how():
    """Issue 20 item 4: with the threat view on, the lines under the cursor's column and row name each
    enemy that could attack the square next turn and how (threat_way), the nearest first; a square no
    enemy reaches says so; in the "now" mode only what attacks without moving."""
    st = threat_state()
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        await pilot.press("t", "t")                              # all
        state = screen.session.state
        mv.move_cursor((6, 1))
        await pilot.pause()
        lines = str(screen.cursor_line.content).splitlines()
        assert lines[0] == "column 7, row 2"
        assert threat_way(state, "b", (6, 1)) == ThreatWay("b", ThreatLevel.NOW, "Sword", 1, shift=True, to=(6, 2))
        assert threat_way(state, "c", (6, 1)) == ThreatWay("c", ThreatLevel.NOW, "Bow", 0)
        assert screen.cursor_line.size.height == 4                # three lines for the threats, on every square
        # the side panel's 25 columns: the short form; a shift names its square first (s18 ux 4)
        assert lines[1:] == ["! c now: Bow", "! b shift to col 7 row 3"]
        mv.move_cursor((3, 3))                                   # b only, after a move and a charge
        await pilot.pause()
        assert str(screen.cursor_line.content).splitlines()[1] == "' b charge 3: Sword"
        mv.move_cursor((0, 1))                                   # out of every enemy's reach
        await pilot.pause()
        assert str(screen.cursor_line.content).splitlines()[1] == "✓ safe next turn"
        await pilot.press("t", "t")                              # off, then now
        mv.move_cursor((3, 3))
        await pilot.pause()
        assert str(screen.cursor_line.content).splitlines()[1] == "✓ safe now"
        await pilot.press("t", "t")                              # all, then off: the coordinates alone
        await pilot.pause()
        assert str(screen.cursor_line.content) == "column 4, row 4"


async def test_on_a_creatures_square_the_lines_name_its_own_enemies():
    """On a creature's square the lines say which of its enemies could attack it next turn (whoever's
    creature it is: the viewer's, or an enemy's, attacked by the viewer's), and say so when none could."""
    st = battle("A.b.....c", {"c": card("Archer", speed=0, attacks=(ranged(range=3),))}, turn_player=0)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        await pilot.press("t", "t")
        mv.move_cursor((0, 0))                                   # on A: b could, the archer c could not
        await pilot.pause()
        assert str(screen.cursor_line.content).splitlines()[1:] == ["† can attack next turn: b",  # s19 ux 3
                                                                     "! b shift to col 2 row 1"]
        mv.move_cursor((2, 0))                                   # on the enemy b: Player 1's A could
        await pilot.pause()
        assert str(screen.cursor_line.content).splitlines()[1] == "! A shift to col 2 row 1"
    far = battle("A" + "." * 20 + "b", {"b": card("Rat", speed=2)}, turn_player=0)
    app = app_for_state(far)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("t", "t")
        app.screen.query_one(MapView).move_cursor((0, 0))
        await pilot.pause()
        assert str(app.screen.cursor_line.content).splitlines()[1:] == ["† none in reach next turn",  # s19 ux 3
                                                                        "✓ safe next turn"]


def test_the_words_fit_the_side_panel_and_count_the_enemies_left_out():
    st = threat_state()
    now = ThreatWay("c", ThreatLevel.NOW, "Bow", 0)
    move = ThreatWay("b", ThreatLevel.MOVE, "Sword", 2)
    charge = ThreatWay("b", ThreatLevel.CHARGE, "Sword", 4)
    assert way_words(st, move) == "? b moves 2, then attacks (Sword)"
    assert way_words(st, move, 20) == "? b move 2: Sword"
    assert way_words(st, charge, 11) == "' b charge…"
    shift = ThreatWay("b", ThreatLevel.NOW, "Heavy Crossbow", 1, shift=True, to=(4, 6))   # s18 ux 4: where to
    assert way_words(st, shift) == "! b shifts to column 5, row 7, then attacks (Heavy Crossbow)"
    assert way_words(st, shift, 40) == "! b shift to col 5 row 7: Heavy Crossbow"
    assert way_words(st, shift, 25) == "! b shift to col 5 row 7"             # the square before the attack
    assert way_words(st, shift, 22) == "! b shift col 5 row 7"
    assert way_words(st, ThreatWay("b", ThreatLevel.NOW, "Bow", 1, shift=True), 20) == "! b shift: Bow"
    lines = threat_lines(st, [now, move, charge, charge], nearest_only=False, creature=False)
    assert lines == ["! c attacks without moving (Bow)", "? b moves 2, then attacks (Sword)",
                     "+2 more: 2 charging"]
    assert threat_lines(st, [now, now, move, charge], nearest_only=False, creature=False, width=30)[-1] == \
        "+2 more: 1 move, 1 charge"
    assert threat_lines(st, [now, now, now, move, charge], nearest_only=False, creature=False,
                        width=24)[-1] == "+3 more: 1! 1? 1'"
    assert threat_lines(st, [], nearest_only=True, creature=True, width=24) == ["✓ safe now"]


OWN_BOARD = """
..........
..........
....A.b...
..........
.........c
"""


async def test_in_the_now_mode_ones_own_creature_names_its_targets_instead_of_marking_its_reach():
    """s17 (ux 5): in the "now" mode, ``*`` on one's own ranged creature covered most of the map and
    drowned the enemies' ``!``.  There the map marks no ``*``: the side panel names the enemies it could
    attack now ("† can attack now: b"); an enemy under the cursor keeps its ``†`` (its danger zone).  The
    "all" mode does the same since s19 (ux 3): the enemies it could attack next turn, no ``*``."""
    cards = {"A": card("Crossbowman", speed=6, attacks=(ranged(range=10),)), "b": card("Rat", speed=2),
             "c": card("Archer", speed=0, attacks=(ranged(range=3),))}
    st = battle(OWN_BOARD, cards, turn_player=0)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mv = screen.query_one(MapView)
        mv.move_cursor((4, 2))                                   # on A, player 1's own
        await pilot.press("t")
        await pilot.pause()
        state = screen.session.state
        assert threat_reach(state, "A").now                      # a big reach, not drawn now
        assert not mv.overlay.reach and "†" not in "".join(
            seg.text for y in range(mv._ch * 5) for seg in mv.render_line(y))
        lines = str(screen.cursor_line.content).splitlines()
        assert lines[1] == "† can attack now: b, c"
        mv.move_cursor((6, 2))                                   # on b, an enemy: its reach is marked
        await pilot.pause()
        assert mv.overlay.reach == threat_reach(state, "b").now
        mv.move_cursor((4, 2))
        await pilot.press("t")                                   # all: A's reach said, not marked
        await pilot.pause()
        assert threat_reach(state, "A").squares and not mv.overlay.reach
        assert str(screen.cursor_line.content).splitlines()[1] == "† next turn: b, c"  # where it fits


def test_the_targets_line_fits_its_width():
    from tactica.client.threat_words import targets_line
    assert targets_line([]) == "† no enemy in reach now"
    assert targets_line(["br3", "wa1", "og2"], 26) == "† can attack now: br3, +2"


async def test_the_threat_views_words_are_the_status_lines_at_120x40_and_a_cursor_key_clears_the_panel():
    """nm s17 F8: at 120×40 the setup roll's toast and the threat view's ("Threats now…", "Threats next
    turn…") stacked over the side panel's top rows, hiding the threat lines they explain.  Now t says
    its words on the status line only, and a key that moves the cursor takes the read toasts away."""
    app = app_for_state(threat_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        app.notify("Setup roll: …", title="Setup roll", timeout=30)
        await pilot.press("t", "t")
        await pilot.pause()
        assert not [n for n in app._notifications if "Threats" in n.message]
        assert screen.status_line.note.startswith("Threats next turn:")
        assert [n.title for n in app._notifications] == ["Setup roll"]
        await pilot.press("l")
        await pilot.pause()
        assert not app._notifications


async def _threat_lines_on(board: str, squares: list, size: tuple[int, int]) -> list[list[str]]:
    """The side panel's threat lines ("now" mode) with the cursor on each of ``squares`` in turn."""
    app = app_for_state(battle(board, turn_player=0))
    said = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        for square in squares:
            screen.query_one(MapView).move_cursor(square)
            await pilot.pause()
            said.append(str(screen.cursor_line.content).splitlines()[1:])
    return said


async def test_on_a_wall_the_threat_view_says_nothing_of_safety():
    """s22 newcomer: the cursor on a wall read "✓ safe now": no creature stands there to be safe."""
    wall, beside = await _threat_lines_on("A.#..b\n......", [(2, 0), (3, 0)], (120, 40))
    assert wall == [] and beside  # clear ground beside it: said as before


async def test_on_an_enemys_square_none_of_yours_in_reach_is_not_called_safe():
    """s22 newcomer: on an enemy's square the side panel said "✓ safe now", which read as good news:
    it means none of the viewer's creatures can attack it."""
    from tactica.client.threat_words import threat_lines
    [lines] = await _threat_lines_on("A.........b", [(10, 0)], (80, 24))  # the enemy b, out of A's reach now
    assert lines and "safe" not in lines[0] and ("none of yours" in lines[0] or "None of your" in lines[0])
    st = battle("A.b")
    assert threat_lines(st, [], nearest_only=False, creature=True, enemy=True) == [
        "None of your creatures can attack it next turn."]
    assert threat_lines(st, [], nearest_only=True, creature=True, enemy=True, width=26) == [
        "none of yours in reach now"]
    assert threat_lines(st, [], nearest_only=True, creature=True, width=26) == ["✓ safe now"]
