"""What helpers found playing at 80×24, 120×40 and 200×60: the pinned help key, the log read back,
the view kept round the cursor, the setup-roll toast, help and cards during the first questions."""
from __future__ import annotations

from textual.widgets._footer import FooterKey

from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.tui.widgets.battle_footer import BattleFooter

from .conftest import app_for_state


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
            footer = app.screen.query_one(BattleFooter)
            pinned = next(k for k in footer.query(FooterKey) if k.action == "help")
            assert pinned.region.right == footer.region.right == 80
            assert _screen_text(app.screen).splitlines()[-1].endswith("? Help")


async def test_help_opened_before_the_first_question_stays_on_top_until_closed(monkeypatch):
    """? pressed in the first second: the help stays up; who goes first is asked once it closes."""
    from tactica.tui.app import TacticaApp
    from tactica.tui.content import demo_battle
    from tactica.tui.factory import BattleFactory
    from tactica.tui.screens.battle import BattleScreen
    from tactica.tui.screens.choice import ChoiceModal
    from tactica.tui.screens.help import HelpScreen

    mounted = BattleScreen.on_mount

    def help_at_once(self) -> None:          # as if ? came before the question was pushed
        mounted(self)
        self.app.push_screen(HelpScreen())

    monkeypatch.setattr(BattleScreen, "on_mount", help_at_once)
    app = TacticaApp(BattleFactory(*demo_battle(), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(30):
            await pilot.pause(0.02)
        assert isinstance(app.screen, HelpScreen)
        assert not any(isinstance(s, ChoiceModal) for s in app.screen_stack)
        await pilot.press("escape")
        for _ in range(30):
            if isinstance(app.screen, ChoiceModal):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChoiceModal) and "who goes first" in app.screen.body_text


async def test_the_setup_roll_is_said_in_the_docked_question_not_in_a_toast_over_it():
    from textual.widgets._toast import Toast

    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:     # toasts drawn, as in a terminal
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChoiceModal)
        body = app.screen.body_text
        assert "Setup roll:" in body and "Initiative:" in body and body.endswith("who goes first this round?")
        assert not list(app.screen.query(Toast))
        shown = _screen_text(app.screen)
        assert "wins the setup roll" in shown.replace("\n", " ") and "2. Player" in shown
