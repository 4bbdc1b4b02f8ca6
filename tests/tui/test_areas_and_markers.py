"""Area previews, condition markers and aura squares on the battle screen (issue 3, Interface).

Driven through the real app with key presses (``App.run_test`` pilot).
"""
from __future__ import annotations

from tactica.engine import AreaAttack
from tactica.engine.abilities import Aura
from tactica.engine.model import ConditionEffect, Duration, HealEffect, Reach
from tactica.engine.sandbox import area, battle, card, close, melee
from tactica.engine.state import ActiveEffect
from tactica.tui.widgets.map_view import MapView
from tactica.tui.widgets.stat_card import StatCard, card_text
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state
from .test_battle_screen import log_text, walk_cursor

MAGE = card("Mage", attacks=(melee("Staff", damage=5), area("Fireball", range=10, radius=1, bonus=6,
                                                           damage=10)))


def _board(text: str) -> str:
    return text.replace(" ", "")


async def test_area_attack_previews_squares_creatures_and_chances_before_committing():
    st = battle(_board("""
        A.......
        ........
        ....bc..
        .....B..
    """), {"A": MAGE}, active="A", dice=(15, 3, 12))
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "2")                        # the Fireball: aim mode
        await walk_cursor(pilot, screen, (5, 2))
        ov = screen.map_view.overlay
        assert ov.area == frozenset((x, y) for x in (4, 5, 6) for y in (1, 2, 3))
        assert ov.targets == {"b", "c", "B"}               # the ally B is inside too (ATK-2)
        status = screen.query_one(StatusLine).message
        assert "Fireball: its area covers 9 squares and strikes" in status   # its size, not a distance
        assert "Creature b (b) 70% ~8" in status and "Creature B (B) ally! 70%" in status  # 7+6 vs DEF 13
        assert "Enter attacks" in status
        assert screen.session.state.creature("b").hp == 50                    # nothing happened yet
        await pilot.press("enter")
        await pilot.pause()
        action = screen.session.actions[-1]
        assert isinstance(action, AreaAttack) and action.origin == (5, 2)
        assert "uses Fireball on 9 squares" in log_text(app)


async def test_area_aim_out_of_range_is_explained_and_escape_cancels():
    far = card("Mage", attacks=(melee("Staff"), area("Fireball", range=2, radius=1)))
    st = battle(_board("""
        A.......
        ...b....
    """), {"A": far}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "2")
        await walk_cursor(pilot, screen, (7, 1))
        assert screen.map_view.overlay.area == frozenset()
        assert "Fireball (range 2" in screen.query_one(StatusLine).message
        assert "cannot be aimed here: out of range or out of sight" in screen.query_one(StatusLine).message
        await pilot.press("enter")
        status = screen.query_one(StatusLine)
        assert status.refused and "cannot be aimed there" in status.message
        await pilot.press("escape")
        assert screen.map_view.overlay.area == frozenset()
        assert screen.ctrl.mode.value == "act"


async def test_cone_points_at_the_cursor_quadrant():
    dragon = card("Drake", attacks=(melee("Bite"), close("Breath", reach=Reach.SMALL_CONE)))
    st = battle(_board("""
        .......
        .......
        ...A...
        .......
        ....b..
    """), {"A": dragon}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "2")
        await walk_cursor(pilot, screen, (4, 4))
        south_east = screen.map_view.overlay.area
        assert (4, 4) in south_east and all(x >= 4 and y >= 3 for x, y in south_east)
        assert screen.map_view.overlay.targets == {"b"}
        await walk_cursor(pilot, screen, (1, 0))
        north_west = screen.map_view.overlay.area
        assert north_west and all(x <= 2 and y <= 1 for x, y in north_west)


async def test_conditions_show_on_the_map_and_on_the_card_with_durations():
    st = battle("A.b", active="A", effects={"b": (ActiveEffect("dazed", Duration.SAVE_ENDS),
                                                    ActiveEffect("ongoing", Duration.SAVE_ENDS, amount=5,
                                                                 damage_type="fire"))})
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        mv = screen.query_one(MapView)
        text, style = mv._cell3((2, 0))
        assert style.underline                                        # the condition marker
        assert not mv._cell3((0, 0))[1].underline
        await walk_cursor(pilot, screen, (2, 0))
        shown = " ".join(str(screen.query_one(StatCard).render()).split())  # the card wraps at its width
        assert "Conditions dazed (save ends), ongoing 5 fire (save ends)" in shown
        assert "condition" in str(screen.query_one("#legend").render())


async def test_big_map_cells_mark_conditions_with_a_bang():
    st = battle("A.b", active="A", conditions={"b": {"slowed"}})
    app = app_for_state(st)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        mv = app.screen.query_one(MapView)
        assert mv._cw == 5
        assert mv._cell((2, 0)).text.endswith("!") and not mv._cell((0, 0)).text.endswith("!")


HYMN = Aura(radius=2, effect="attack", amount=2, name="Gate Hymn")


async def test_aura_squares_show_when_the_cursor_is_on_its_creature_and_on_covered_cards():
    herald = card("Herald", abilities=(HYMN,))
    st = battle(_board("""
        A.....
        .H....
        ......
        .....b
    """), {"H": herald}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert screen.map_view.overlay.aura == frozenset()
        shown = " ".join(str(screen.query_one(StatCard).render()).split())  # the card wraps at its width
        assert "Auras on it Gate Hymn: +2 attack (H)" in shown         # A stands in it
        await walk_cursor(pilot, screen, (1, 1))
        aura = screen.map_view.overlay.aura
        assert (3, 3) in aura and (4, 1) not in aura and len(aura) == 16
        shown = " ".join(str(screen.query_one(StatCard).render()).split())  # the card wraps at its width
        assert "Aura 2 (Gate Hymn): allies +2 attack" in shown


def test_every_card_ability_and_attack_effect_is_on_the_card_with_its_numbers():
    from tactica.engine.abilities import MultiActivation
    from tactica.engine.model import OngoingEffect
    twin = card("Twin", abilities=(MultiActivation(2), HYMN),
                attacks=(melee("Bite", effects=(HealEffect(5), ConditionEffect("dazed"),
                                                 OngoingEffect(5, "fire"))),))
    st = battle("A.b", {"A": twin})
    text = str(card_text(st.creature("A")))
    assert "Multi-Activation 2" in text and "Aura 2 (Gate Hymn): allies +2 attack" in text
    assert "hit: it regains 5 HP" in text and "hit: dazed (end of next turn)" in text
    assert "hit: ongoing 5 fire damage (save ends)" in text
    assert "Activated 0 of 2 times this round" in text


async def test_tab_in_area_aim_cycles_only_the_enemies_in_reach():
    far = card("Mage", attacks=(melee("Staff"), area("Fireball", range=2, radius=1)))
    st = battle(_board("""
        A.......
        ..b....c
    """), {"A": far}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "2")
        seen = set()
        for _ in range(3):
            await pilot.press("tab")
            seen.add(screen.map_view.square)
        assert seen == {(2, 1)}                                   # never c, out of range
        assert "cannot be aimed" not in screen.query_one(StatusLine).message
