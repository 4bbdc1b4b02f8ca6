"""The setup screen refuses warbands of different battle sizes (WB-3/WB-8) and picks maps drawn
for the warbands' size, with the engine's check (``check_battle``), as ``tactica play`` does."""
from __future__ import annotations

from textual.widgets import OptionList, Static

from tactica.engine import Phase
from tactica.tui.screens.setup import SetupScreen

from .conftest import make_app


def _highlight(screen: SetupScreen, key: str, name: str, items) -> None:
    screen.query_one(f"#{key}", OptionList).highlighted = next(i for i, x in enumerate(items) if x.name == name)


async def test_WB_3_setup_refuses_warbands_of_different_battle_sizes():
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        _highlight(screen, "wb1", "Cinderscale Horde", screen.choices.warbands)
        _highlight(screen, "wb2", "The Hollow Choir", screen.choices.warbands)
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen  # no battle started
        about = str(screen.query_one("#about", Static).render())
        assert "Cannot start" in about
        assert "different battle sizes" in about
        assert "Cinderscale Horde (500 points)" in about


async def test_WB_8_setup_picks_a_map_drawn_for_an_epic_battle():
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        _highlight(screen, "wb1", "Cinderscale Horde", screen.choices.warbands)
        _highlight(screen, "wb2", "Mountainroot Host", screen.choices.warbands)
        await pilot.pause()
        maps = screen.choices.maps
        for key in ("map1", "map2"):
            assert maps[screen.query_one(f"#{key}", OptionList).highlighted].name == "Titans' Ford"
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        state = app.session.state
        assert [m.name for m in state.maps] == ["Titans' Ford"]
        assert state.rules.point_limit == 500
        assert app.session.phase in (Phase.CHOOSE_AREA, Phase.CHOOSE_MAP)


async def test_WB_8_setup_refuses_a_map_of_another_size():
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        _highlight(screen, "wb1", "Oakheart Circle", screen.choices.warbands)
        _highlight(screen, "wb2", "The Hollow Choir", screen.choices.warbands)
        await pilot.pause()
        _highlight(screen, "map1", "Watchtower Hill", screen.choices.maps)
        _highlight(screen, "map2", "Watchtower Hill", screen.choices.maps)
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen
        about = str(screen.query_one("#about", Static).render())
        assert "Watchtower Hill is drawn for 100-point battles" in about


async def test_WB_8_setup_names_each_warband_by_its_battle_size_and_the_refusal_does_too():
    """The lists name an Epic warband by its battle size, as the refusal does ("500 points"), and the
    refusal is said in the panel, with no "Cannot start" toast over it (issue 20)."""
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        items = [str(screen.query_one("#wb1", OptionList).get_option_at_index(i).prompt)
                 for i in range(len(screen.choices.warbands))]
        horde = next(x for x in items if x.startswith("Cinderscale Horde"))
        assert horde.endswith("/500 pts Epic)"), horde
        _highlight(screen, "wb2", "The Hollow Choir", screen.choices.warbands)
        _highlight(screen, "wb1", "Cinderscale Horde", screen.choices.warbands)
        await pilot.pause()
        from tactica.tui.screens.setup import warband_text
        horde_def = next(w for w in screen.choices.warbands if w.name == "Cinderscale Horde")
        assert "of a 500-point battle, an Epic warband" in str(warband_text(horde_def))
        await pilot.press("s")
        await pilot.pause()
        assert "Cinderscale Horde (500 points)" in str(screen.query_one("#about", Static).render())
        assert not app._notifications                               # nothing over the panel


async def test_SET_1_setup_is_usable_at_80x24():
    """At 80×24 each list shows several entries on one line each, and the panel below them stays."""
    app = make_app(setup=True, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-narrow")
        for key in ("wb1", "wb2", "map1", "map2"):
            shown = screen.query_one(f"#{key}", OptionList)
            assert shown.content_region.height >= 5, (key, shown.content_region)
        about = screen.query_one("#about", Static).region
        assert about.height >= 3 and about.bottom <= 23
        rows = [s.text for s in screen._compositor.render_strips()]
        assert any("Keep Guard (63/200 pts)" in row for row in rows)
