"""The footer at 80×24 in every mode of the battle screen, hot-seat and against the AI: each key shown
is whole ("PgU▏ ? Help" was cut), "? Help" always, the keys of the moment kept before the others."""
from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from tactica.client.modes import Mode
from tactica.engine import ForcedMoveEffect, ForceKind
from tactica.engine.sandbox import area, battle, card, melee, ranged
from tactica.tui.widgets.battle_footer import KEEP, BattleFooter, fitting, importance

from .conftest import app_against_ai, app_for_state

BUSY = card("Battlemage", speed=6, keywords=("Human", "Wizard", "Soldier"),
            attacks=(ranged("Bow", basic=False, targets=2),
                     area("Fireball", range=10, radius=1),
                     melee("Shove", bonus=30, basic=True, effects=(ForcedMoveEffect(ForceKind.PUSH, 2),))))
"""A creature with every kind of key: two targets (Space), an area attack, a push (forced movement)."""

BOARD = "\n".join(["." * 21, "..A....b" + "." * 13, "." * 21, "......c" + "." * 14, "." * 21, "..D" + "." * 18])
"""A's enemies: b to charge, c to aim the fireball at; D, its ally, leaves activations to pick."""
NEXT_TO = "\n".join(["." * 21, "..A....b" + "." * 13, "...c" + "." * 17, "." * 21, "." * 21, "..D" + "." * 18])
"""c moved next to A, to be shoved (forced movement)."""

MODES = {  # keys from the start of A's activation, the mode they lead to, key actions it must keep
    "pick": ((), Mode.PICK, ("select", "next")),
    "act": ((), Mode.ACT, ("select", "move", "shift", "attack", "charge", "end")),
    "attack": (("a",), Mode.ATTACK, ("select", "pick", "charge", "end", "cancel")),
    "area": (("a", "2"), Mode.AREA, ("select", "charge", "end", "cancel")),
    "charge": (("c",), Mode.CHARGE, ("select", "attack", "end", "cancel")),
    "charge end": (("c", "enter"), Mode.CHARGE_END, ("select", "attack", "end", "cancel")),
    "force": (("a", "3", "enter"), Mode.FORCE, ("select", "cancel")),
}


def footer_line(screen) -> str:
    """The last row of the screen as drawn."""
    return list(screen._compositor.render_strips())[-1].text


async def footer_drawn(pilot, app) -> None:
    """Let the footer compose the keys of the moment and draw them (up to 5 s on a busy machine)."""
    for _ in range(250):
        await pilot.pause(0.02)
        screen = app.screen
        wanted = {b.binding.action for b in screen.active_bindings.values() if b.binding.show}
        keys = list(screen.query_one(BattleFooter).query(FooterKey))
        if (len(keys) > 1 and {k.action for k in keys} <= wanted and all(k.region.width for k in keys)
                and "? Help" in footer_line(screen)):
            return


@pytest.mark.parametrize("ai", [False, True], ids=["hotseat", "vs-ai"])
@pytest.mark.parametrize("mode", list(MODES))
async def test_every_footer_key_is_whole_at_80x24(mode, ai):
    keys, expected, kept = MODES[mode]
    st = battle(NEXT_TO if mode == "force" else BOARD, {"A": BUSY}, active=None if mode == "pick" else "A",
                dice=(20,) * 8, turn_player=0)
    app = app_against_ai(st, player=1, pace=30.0) if ai else app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await footer_drawn(pilot, app)
        assert screen.ctrl.mode is expected
        footer = screen.query_one(BattleFooter)
        shown = list(footer.query(FooterKey))
        pinned = next(k for k in shown if k.action == "help")
        line = footer_line(screen)
        assert line.rstrip().endswith("? Help")
        for k in shown:
            if k is not pinned:
                assert k.region.right <= pinned.region.x, f"{k.key_display} {k.description} runs under ? Help"
                assert f"{k.key_display} {k.description}" in line
        ranks = {importance(k) for k in shown if k is not pinned}
        assert {KEEP.index(a) for a in kept} <= ranks, line       # the keys of the moment stay


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_a_wide_footer_shortens_its_labels_before_it_leaves_a_key_out(size):
    st = battle(BOARD, {"A": BUSY}, active="A", turn_player=0)
    app = app_against_ai(st, player=1, pace=30.0)
    async with app.run_test(size=size) as pilot:
        await footer_drawn(pilot, app)
        screen = app.screen
        wanted = {b.binding.action for b in screen.active_bindings.values() if b.binding.show}
        footer = screen.query_one(BattleFooter)
        shown = list(footer.query(FooterKey))
        assert {k.action for k in shown} == wanted               # every key of the moment, none left out
        pinned = next(k for k in shown if k.action == "help")
        line = footer_line(screen)
        for k in shown:
            if k is not pinned:
                assert k.region.right <= pinned.region.x and f"{k.key_display} {k.description}" in line


def test_fitting_keeps_the_most_important_keys_that_fit_whole():
    class Key:
        def __init__(self, action, label):
            self.action, self.key_display, self.description = action, label[0], label[2:]
    keys = [Key("next(1)", "t Next"), Key("move", "m Move"), Key("quit", "q Quit"), Key("end", "e End")]
    assert fitting(keys, 100, True) == {0, 1, 2, 3}
    assert fitting(keys, 7 + 7 + 6, True) == {0, 1, 3}        # quit goes first
    assert fitting(keys, 7 + 6, True) == {1, 3}               # then Tab; the action keys stay
    assert fitting(keys, 6, True) == {3}                      # move does not fit whole: end does


async def _footer_says(pilot, app, words: str) -> str:
    """The footer's line once it holds ``words`` (up to 5 s on a busy machine)."""
    for _ in range(250):
        await pilot.pause(0.02)
        line = footer_line(app.screen)
        if words in line:
            break
    return line


@pytest.mark.parametrize("size,on,off", [((80, 24), "f Fast ✓", "f Fast "), ((120, 40), "f Fast AI ✓", "f Fast AI ")])
async def test_the_footer_says_when_the_ais_fast_mode_is_on(size, on, off):
    """f turns the AI's fast mode on: its key reads "Fast ✓" until f turns it off; at 80×24 every key
    shown stays whole, "? Help" at the right end."""
    st = battle(BOARD, {"A": BUSY}, turn_player=0)
    app = app_against_ai(st, player=1, pace=30.0)
    async with app.run_test(size=size) as pilot:
        await footer_drawn(pilot, app)
        line = footer_line(app.screen)
        assert off in line and "✓" not in line, line
        await pilot.press("f")
        line = await _footer_says(pilot, app, on)
        assert on in line and app.screen.ai_fast, line
        assert line.rstrip().endswith("? Help")
        footer = app.screen.query_one(BattleFooter)
        pinned = next(k for k in footer.query(FooterKey) if k.action == "help")
        assert all(k.region.right <= pinned.region.x for k in footer.query(FooterKey) if k is not pinned)
        await pilot.press("f")
        line = await _footer_says(pilot, app, off)
        assert off in line and "✓" not in line and not app.screen.ai_fast, line


@pytest.mark.parametrize("size,on,off", [((80, 24), "i Intent ✓", "i Intent "),
                                         ((120, 40), "i AI intent ✓", "i AI intent ")])
async def test_the_footer_says_when_the_ais_intent_is_shown(size, on, off):
    """i shows the AI's intent: its key reads "Intent ✓" until i hides it again; "? Help" stays at
    the right end."""
    st = battle(BOARD, {"A": BUSY}, turn_player=0)
    app = app_against_ai(st, player=1, pace=30.0)
    async with app.run_test(size=size) as pilot:
        await footer_drawn(pilot, app)
        assert not app.screen.ai_show_intent
        line = footer_line(app.screen)
        assert off in line and "Intent ✓" not in line and "intent ✓" not in line, line
        await pilot.press("i")
        line = await _footer_says(pilot, app, on)
        assert on in line and app.screen.ai_show_intent, line
        assert line.rstrip().endswith("? Help")
        await pilot.press("i")
        line = await _footer_says(pilot, app, off)
        assert off in line and "✓" not in line and not app.screen.ai_show_intent, line


def _screen_text(screen) -> str:
    """Every character the screen shows now, line by line."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


def _archer_state():
    archer = card("Archer", speed=8, attacks=(ranged("Bow", basic=True, targets=2), melee("Knife", basic=True)))
    rows = ["A" + "." * 30] + ["." * 31] * 4 + ["....bc" + "." * 25] + ["." * 31] * 10
    return battle("\n".join(rows), {"A": archer}, active="A")


async def test_the_pinned_help_key_covers_the_footers_last_column():
    """At 80×24 the keys overflow under "? Help": no letter of them may show after it ("? Helpt")."""
    app = app_for_state(_archer_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("", "a"):                                # acting, then attack mode
            if key:
                await pilot.press(key)
                await pilot.pause()
            for _ in range(200):  # the footer settles after the key's refresh (seconds on a busy machine)
                footer = app.screen.query_one(BattleFooter)
                pinned = next(k for k in footer.query(FooterKey) if k.action == "help")
                last = _screen_text(app.screen).splitlines()[-1]
                if pinned.region.right == footer.region.right == 80 and last.endswith("? Help"):
                    break
                await pilot.pause(0.05)
            assert pinned.region.right == footer.region.right == 80
            assert last.endswith("? Help")


@pytest.mark.parametrize("ai", [False, True], ids=["hotseat", "vs-ai"])
async def test_t_threats_stays_in_the_footer_at_80_columns_while_a_creature_acts(ai):
    """s17 (ux 7): while a creature acts, "t Threats" dropped out at 80 columns (the moment the player
    looks for a safe square); it ranks above Tab now, and z Undo stays too after a move."""
    st = battle(BOARD, {"A": BUSY}, active="A", dice=(20,) * 8, turn_player=0)
    app = app_against_ai(st, player=1, pace=30.0) if ai else app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await footer_drawn(pilot, app)
        assert "t Threats" in footer_line(app.screen)
        await pilot.press("j", "m")  # a move: z may take it back
        await pilot.pause()
        await footer_drawn(pilot, app)
        line = footer_line(app.screen)
        assert app.screen.session.state.move_used
        assert "t Threats" in line and "z Undo" in line and "e End" in line, line
