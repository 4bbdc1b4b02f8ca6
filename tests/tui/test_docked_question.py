"""While a question is docked under the map (who goes first): the setup roll said in it, not in a
toast over it; the cards looked at with Tab, h j k l and the mouse; help opened over it, or before it."""
from __future__ import annotations

from tactica.tui.screens.battle import BattleScreen


def _screen_text(screen) -> str:
    """Every character the screen shows now, line by line."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


async def test_help_opens_over_the_who_goes_first_dialog():
    from tactica.tui.screens.choice import ChoiceModal
    from tactica.tui.screens.help import HelpScreen

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceModal) and "goes first" in " ".join(dialog.options)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")                       # back to the question, still unanswered
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)


async def test_help_opened_before_the_first_question_stays_on_top_until_closed(monkeypatch):
    """? pressed in the first second: the help stays up; who goes first is asked once it closes."""
    from tactica.client.content import demo_battle
    from tactica.client.factory import BattleFactory
    from tactica.tui.app import TacticaApp
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


async def test_cards_can_be_looked_at_while_who_goes_first_is_asked():
    """Under the docked question Tab, h j k l and the mouse move the map's cursor; the card follows."""
    from tactica.tui.screens.battle import BattleScreen
    from tactica.tui.screens.choice import ChoiceModal
    from tactica.tui.widgets.map_view import MapView
    from tactica.tui.widgets.stat_card import StatCard

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and modal.browse
        battle_screen = app.screen_stack[-2]
        assert isinstance(battle_screen, BattleScreen)
        mv, card = battle_screen.query_one(MapView), battle_screen.query_one(StatCard)
        st = battle_screen.session.state
        seen = []
        for _ in range(len([c for c in st.creatures if c.pos is not None])):
            await pilot.press("tab")
            await pilot.pause()
            here = st.creature_at(mv.square)
            assert here is not None and card.creature is not None and card.creature.uid == here.uid
            assert mv.in_view(here.pos)
            seen.append(here.uid)
        assert len(set(seen)) == len(seen) and {st.creature(u).player for u in seen} == {0, 1}
        await pilot.press("shift+tab")
        await pilot.pause()
        assert st.creature_at(mv.square).uid == seen[-2]
        before = mv.square
        key, dx = ("l", 1) if before[0] + 1 < st.battle_map.width else ("h", -1)  # a creature on the right edge
        await pilot.press(key)
        assert mv.square == (before[0] + dx, before[1])
        pointed = next(u for u in seen if mv.in_view(st.creature(u).pos) and st.creature(u).pos != mv.square)
        target = st.creature(pointed).pos
        box = mv.content_region
        offset = (box.x + mv._margin() + target[0] * mv._cw - mv.scroll_offset.x + 1,
                  box.y + target[1] * mv._ch - mv.scroll_offset.y)
        await pilot.hover(offset=offset)                                 # the mouse over the map
        await pilot.pause()
        assert mv.square == target and card.creature.uid == pointed
        assert app.screen is modal and "see the creatures" in str(modal.query_one("#title").render())
        await pilot.press("2")                                           # then the answer, as before
        await pilot.pause()
        assert app.screen is battle_screen
