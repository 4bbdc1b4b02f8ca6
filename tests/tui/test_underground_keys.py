"""The battle screen with the underground rules: g digs at rubble beside the active creature
(UG-RUBBLE), the status line offers it, the log says how far, the map draws rubble as ▒."""
from __future__ import annotations

from dataclasses import replace

from tactica.engine import CustomTerrain, Geometry, Ruleset, TerrainRules
from tactica.engine.sandbox import battle
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state

UG = Ruleset(modules=("underground",))
RUBBLE = CustomTerrain("Rubble", TerrainRules("R", rubble="loose", blocks_movement=True, blocks_sight=True,
                                              blocks_effect=True, can_stop=False, deploy=False))


def _state(rules=UG):
    st = battle("A.....\n......\n.....b\n", active="A", rules=rules, dice=(3,) * 20)
    rows = [list(r) for r in st.map.terrain]
    rows[0][1] = RUBBLE
    new = replace(st.map, terrain=tuple(tuple(r) for r in rows))
    st = st.copy()
    st.map, st.geo, st.maps = new, Geometry.for_map(new), (new,)
    return st


async def test_ug_rubble_g_digs_and_the_log_and_status_line_say_so():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert "g dig" in screen.query_one(StatusLine).message
        await pilot.press("g")  # digging takes the whole activation: it asks first (nm-underground F5)
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert status.warning and "1d4 feet" in status.message and "whole activation" in status.message
        assert "Press g again to dig" in status.message
        assert "digs" not in "\n".join(screen.query_one(BattleLog).lines_written)
        await pilot.press("g")
        await pilot.pause()
        log = "\n".join(screen.query_one(BattleLog).lines_written)
        assert "digs d4 3: 3 feet into the rubble at column 2, row 1: 3 of 5 feet dug (UG-RUBBLE)" in log


async def test_ug_rubble_g_does_nothing_without_the_module():
    app = app_for_state(_state(Ruleset()))
    async with app.run_test(size=(120, 40)) as pilot:
        assert "g dig" not in app.screen.query_one(StatusLine).message
        await pilot.press("g")
        await pilot.pause()
        assert "digs" not in "\n".join(app.screen.query_one(BattleLog).lines_written)


async def test_UG_RUBBLE_g_after_a_move_says_why_naming_the_rule():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        status = screen.query_one(StatusLine)
        await pilot.press("down", "m")  # a move of 1 square down: the move action is used
        await pilot.pause()
        assert screen.session.state.move_used
        await pilot.press("g")
        await pilot.pause()
        assert status.refused and status.message == (
            "Digging takes the whole activation: Creature A has used an action (UG-RUBBLE).")


async def test_UG_RUBBLE_g_with_no_rubble_beside_says_why_naming_the_rule():
    st = _state()
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("down", "down", "right", "right", "m")  # two squares away from the rubble
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert status.refused and status.message.startswith("No rubble touches Creature A: g digs at a rubble "
                                                            "square (▒) next to it")
        assert status.message.endswith("(UG-RUBBLE).")


async def test_UG_RUBBLE_g_without_the_module_names_the_module_and_its_rule():
    app = app_for_state(_state(Ruleset()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        assert status.refused and status.message == (
            "g digs through rubble, a rule of the underground module (UG-RUBBLE); this battle plays without it.")


async def test_G5E_PRONE_d_says_why_it_cannot_stand_up_naming_the_rule():
    st = battle("A.....\n......\n.....b\n", active="A", rules=Ruleset(modules=("grid5e",)),
                conditions={"A": {"prone"}})
    st.move_used, st.attack_used, st.move_spent = True, True, 5  # one square left: standing needs 3
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        assert status.refused and status.message == (
            "Standing up costs half the speed, 3 squares of movement; Creature A has 1 left (G5E-PRONE).")


async def test_UG_RUBBLE_the_card_says_what_the_square_under_the_cursor_is():
    """With no creature active nor under the cursor, the card's note says what the square's terrain
    does: the rubble's kind and that g digs it (nm-underground F4); on clear ground, nothing."""
    from tactica.tui.widgets.stat_card import StatCard
    st = battle("A.....\n......\n.....b\n", rules=UG)
    rows = [list(r) for r in st.map.terrain]
    rows[0][1] = RUBBLE
    new = replace(st.map, terrain=tuple(tuple(r) for r in rows))
    st = st.copy()
    st.map, st.geo, st.maps = new, Geometry.for_map(new), (new,)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((1, 0))
        await pilot.pause()
        card = screen.query_one(StatCard)
        assert card.creature is None, card.creature
        assert card.square_note == "Rubble: loose rubble: dig it out (g).", card.square_note
        screen.map_view.move_cursor((3, 1))
        await pilot.pause()
        assert card.square_note == ""


async def test_ug_rubble_dig_progress_shows_on_the_square_and_on_the_diggers_card():
    """After a dig that leaves the rubble standing (3 of 5 feet), the progress is not only in the log:
    the side panel's line for the square under the cursor and the square's note say it, and so does
    the card of the creature beside the rubble (nm-underground: "1 of 5" only in the log)."""
    from tactica.tui.widgets.stat_card import StatCard, card_text
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("g", "g")
        await pilot.pause()
        st = screen.session.state
        assert "Digging column 2, row 1: 3 of 5 feet dug (g digs on, UG-RUBBLE)" in card_text(
            st.creature("A"), state=st).plain
        assert "Digging" not in card_text(st.creature("b"), state=st).plain  # b is far from the rubble
        screen.map_view.move_cursor((1, 0))                       # onto the rubble
        await pilot.pause()
        assert str(screen.query_one("#cursor-line").render()).startswith("c2 r1 · dug 3/5 · Rubble")
        assert "3 of the 5 feet that clear it are dug (UG-RUBBLE)." in screen.query_one(StatCard).square_note
        screen.map_view.move_cursor((0, 0))                       # onto the digger: its card says it
        await pilot.pause()
        assert "3 of 5 feet dug" in str(screen.query_one(StatCard).render())


def test_ug_rubble_the_square_words_keep_the_digging_when_cut_short():
    from tactica.client.battle_words import square_words
    st = _state().copy()
    st.notes = frozenset({("dug", "1,0", 3)})
    assert square_words(st, (1, 0)) == "column 2, row 1 · Rubble · 3 of 5 ft dug"
    assert square_words(st, (1, 0), 31) == "col 2 row 1 · dug 3/5 · Rubble"
    assert square_words(st, (1, 0), 25) == "c2 r1 · dug 3/5 · Rubble"
    assert square_words(st, (1, 0), 20) == "c2 r1 · dug 3/5 · R…"
    assert square_words(st, (0, 1)) == "column 1, row 2"


async def test_UG_RUBBLE_g_digs_the_rubble_under_the_cursor_of_two_touching_squares():
    """nm-ug finding 5c: with two rubble squares beside the creature, g named one and the player found no
    way to dig the other; the warning names the other and how to choose it, and the cursor chooses."""
    st = _state()
    rows = [list(r) for r in st.map.terrain]
    rows[1][1] = RUBBLE                                    # a second rubble square touching A at (0, 0)
    new = replace(st.map, terrain=tuple(tuple(r) for r in rows))
    st = st.copy()
    st.map, st.geo, st.maps = new, Geometry.for_map(new), (new,)
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("g")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert "Dig at column 2, row 1 (the cursor on column 2, row 2, then g: digs there): A digs" in status.message
        await pilot.press("n")                             # the cursor to (1, 1): the move cancels the dig
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert "Dig at column 2, row 2 (the cursor on column 2, row 1, then g: digs there)" in status.message
        await pilot.press("g")
        await pilot.pause()
        log = "\n".join(screen.query_one(BattleLog).lines_written)
        assert "feet into the rubble at column 2, row 2" in log
