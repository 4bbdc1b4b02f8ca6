"""The suite's pilot tests skip the paint a headless app throws away (``tests/conftest.py``): what they
still draw, so that a widget that cannot draw itself fails a test."""
from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget


class _Unpaintable(Widget):
    """A widget of a fixed size (so that no layout asks it for its content) whose drawing fails."""

    DEFAULT_CSS = "_Unpaintable { width: 12; height: 3; }"

    def render(self):
        raise RuntimeError("this widget cannot draw itself")


class _Host(App):
    def compose(self) -> ComposeResult:
        yield _Unpaintable()


async def test_the_screen_a_pilot_test_ends_on_is_drawn_whole():
    with pytest.raises(Exception) as failed:  # noqa: PT011 - Textual may wrap the widget's error
        async with _Host().run_test(size=(40, 10)) as pilot:
            await pilot.pause()
    assert "cannot draw itself" in "".join(str(e) for e in (failed.value, failed.value.__cause__,
                                                             failed.value.__context__) if e is not None)


async def test_a_screen_read_by_a_test_is_drawn_as_a_terminal_shows_it():
    from textual.widgets import Static

    class Shown(App):
        def compose(self) -> ComposeResult:
            yield Static("the battle goes on")

    async with Shown().run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        assert "the battle goes on" in pilot.app.screen._compositor.render_strips()[0].text
