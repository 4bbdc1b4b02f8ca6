"""A long attack preview in the status line at 80×24 keeps its last words (the key to press): it is
said again in short (labels, no roll terms) instead of being cut at "… Enter:" (a newcomer's report,
seen after an undo with the cursor left on an enemy)."""
from __future__ import annotations

from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state

ARCHER = card("Silverhelm Knight-Captain of the Dawn",
              attacks=(melee("Notched Greataxe of Ruin"), ranged("Longbow of the Western Marches", range=8)))
FOE = card("Sister of the Dawn Bell Chapel")


def _status_rows(screen) -> list[str]:
    """The status line's rows as drawn now."""
    status = screen.query_one(StatusLine)
    strips = list(screen._compositor.render_strips())
    return [strips[y].text for y in range(status.region.y, status.region.y + status.region.height)]


async def test_a_long_preview_after_an_undo_keeps_the_key_in_view_at_80x24():
    """The archer stands between two enemies (a bow shot provokes both, OA-1); it shifts, the shift is
    undone, and the cursor rests on the third enemy: the preview fits, ending with the key to press."""
    st = battle("........\n.bAc....\n........\n......d.", {"A": ARCHER, "b": FOE, "c": FOE, "d": FOE},
                active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        screen.map_view.move_cursor((2, 0))
        await pilot.press("s")  # a shift: no opportunity attacks
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (2, 0)
        await pilot.press("z")
        await pilot.pause()
        assert screen.session.state.creature("A").pos == (2, 1)
        screen.map_view.move_cursor((6, 3))
        await pilot.pause()
        message = screen.query_one(StatusLine).message
        assert message.startswith("Longbow of the Western Marches → d: needs"), message
        assert "Provokes an opportunity attack from b, c." in message
        shown = " ".join(row.strip() for row in _status_rows(screen)).strip()
        assert shown.endswith("Enter: choose this attack."), _status_rows(screen)


async def test_a_preview_that_fits_keeps_its_full_words():
    """At 200×60 the same preview has room: the full names and the roll's terms."""
    st = battle("........\n.bAc....\n........\n......d.", {"A": ARCHER, "b": FOE, "c": FOE, "d": FOE},
                active="A")
    app = app_for_state(st)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        app.screen.map_view.move_cursor((6, 3))
        await pilot.pause()
        message = app.screen.query_one(StatusLine).message
        assert message.startswith("Longbow of the Western Marches → Sister of the Dawn Bell Chapel (d): d20")


async def test_a_provoking_move_names_the_attackers_by_label_when_the_full_names_do_not_fit():
    """Three long-named enemies round the mover (OA-1): at 80×24 the move's hint names them by label
    and ends in view with the key to press again."""
    st = battle(".b......\n.Ac.....\n.e......\n........", {"b": FOE, "c": FOE, "e": FOE}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        screen.map_view.move_cursor((4, 3))
        await pilot.pause()
        message = screen.query_one(StatusLine).message
        assert "Provokes opportunity attacks from b, c, e!" in message, message
        shown = " ".join(row.strip() for row in _status_rows(screen)).strip()
        assert shown == message
