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


LONG = card("Exalted Sister of the Dawn Bell Chapel of the Western Marches")
"""An enemy whose card name alone takes most of a status line row at 80 columns."""

BESIEGED = "bcd.....\neAf.....\ng.......\n........"
"""The active creature A with six enemies next to it: none can be charged (CHG-3)."""


def _shown(screen) -> str:
    """The status line's rows as drawn, joined as one text."""
    return " ".join(row.strip() for row in _status_rows(screen)).strip()


async def test_the_charge_refusal_with_long_named_enemies_fits_the_status_line_at_80x24():
    """Six long-named enemies round the active creature, all too close to charge (CHG-3): c lists the
    nearest three by label with the reason in few words, and the whole refusal is in view, "3 more too
    close (CHG-3)" included (at full length it ran past the status line's three rows)."""
    st = battle(BESIEGED, {x: LONG for x in "bcdefg"}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert status.refused
        assert status.message == ("No enemy in reach of a charge: b too close (CHG-3); c too close (CHG-3); "
                                  "d too close (CHG-3); 3 more too close (CHG-3)."), status.message
        assert _shown(screen) == "✗ " + status.message


async def test_the_charge_refusal_keeps_its_full_words_where_they_fit():
    """At 200×60 a refusal about two such enemies names them in full, the reason in the usual words."""
    st = battle("bc......\n.A......\n........", {x: LONG for x in "bc"}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        message = app.screen.query_one(StatusLine).message
        assert message.startswith("No enemy in reach of a charge: Exalted Sister of the Dawn Bell Chapel of "
                                  "the Western Marches (b) too close: a charge moves at least 2 squares (CHG-3); "
                                  "Exalted "), message


async def test_the_attack_refusal_with_long_names_fits_the_status_line_at_80x24():
    """A long-named enemy out of reach of three long-named attacks: a names it by label and the attacks
    by their first words (s16 keys 7: "attack 1" could not be told from the card), all in view (ATK-1,
    RNG-1, RNG-2)."""
    archer = card("Silverhelm Knight-Captain of the Dawn", attacks=(
        melee("Notched Greataxe of Ruin and Sorrow"), ranged("Longbow of the Western Marches", range=3),
        ranged("Crossbow of the Eastern Watchtowers", range=2)))
    st = battle("A......b\n........", {"A": archer, "b": LONG}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("a")
        await pilot.pause()
        message = screen.query_one(StatusLine).message
        assert message == ("No attack has a target in reach: the nearest enemy, b, is 7 squares away by range count; "
                           "Notched Greataxe…: adjacent only (RNG-1); Longbow…: range 3 (RNG-2); Crossbow…: "
                           "range 2."), message
        assert _shown(screen) == "✗ " + message


async def test_the_opportunity_attack_warning_names_long_named_attackers_by_label_at_80x24():
    """A move past three long-named enemies (OA-1): the warning waiting for m again names them by label
    and ends in view with what to press."""
    st = battle(".b......\n.Ac.....\n.e......\n........", {x: LONG for x in "bce"}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        screen.map_view.move_cursor((4, 3))
        await pilot.press("m")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert status.warning and status.message.startswith("This move gives b, c and e opportunity attacks (OA-1)!")
        assert _shown(screen) == "⚠ " + status.message


def test_fit_status_cuts_long_names_then_words():
    """The last resort for any message (the engine's own sentences): long card names to their first
    words, then the text at a word, with "…"; a message that fits is left alone."""
    from tactica.tui.widgets.status_line import fit_status
    name = LONG.name
    assert fit_status("Short.", 10) == "Short."
    said = fit_status(f"{name} has no line of sight to {name}.", 60, (name,))
    assert said == "Exalted Sister… has no line of sight to Exalted Sister….", said
    cut = fit_status("word " * 30, 40)
    assert len(cut) <= 40 and cut.endswith("word…")
    assert fit_status("a sentence", 0) == "…"  # a terminal too narrow for any: one character


async def test_the_pick_hint_beside_a_note_is_said_whole_at_80x24():
    """s18 ux 10: beside a note ("The cursor went to …", the threat view's words) the pick hint was cut
    ("Enter activates (1 activation left this…", or "…" alone after t): a shorter wording fits whole, and
    the note and the hint fit the status line's rows as drawn."""
    app = app_for_state(battle("A....b\n.....C\nD.....", turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusLine)
        screen.toasts.note("The cursor went to Warlord of the Broken Tusk (WA1), the nearest creature that can act "
                           "(Tab: the others).")
        await pilot.pause()
        assert status.message == "Pick a creature: Tab cycles, Enter activates (2 activations left)."
        for _ in range(3):                                  # the threat view: now, all, off
            await pilot.press("t")
            await pilot.pause()
            assert not status.message.endswith("…"), (status.note, status.message)
            assert "Enter activates (2 activations left" in status.message
            rows = " ".join(" ".join(_status_rows(screen)).split())
            assert rows.endswith(status.message), rows      # drawn whole: its last words on screen
