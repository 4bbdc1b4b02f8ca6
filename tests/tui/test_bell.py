"""``--bell`` (issue 20 item 8): the terminal's bell rings when the AI is done and a human decides
next; never without the option."""
from __future__ import annotations

from tactica.cli import build_parser
from tactica.client.opponent import Opponent
from tactica.client.session import GameSession
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp
from tactica.tui.run import screen_options

from .conftest import FixedFactory


def _app(ring_bell: bool) -> tuple[TacticaApp, list[int]]:
    state = battle("A....b", active="b", dice=(17, 4) * 30)
    session = GameSession(state=state, seed=0, opponent=Opponent(level="greedy", player=1, pace=0.0))
    app = TacticaApp(FixedFactory(session), ring_bell=ring_bell)
    rings: list[int] = []
    app.bell = lambda: rings.append(app.session.state.turn_player)  # type: ignore[method-assign]
    return app, rings


async def _until_human(pilot, app) -> None:
    for _ in range(300):
        if app.session.state.turn_player == 0 and not app.screen.ai_decides():
            break
        await pilot.pause(0.02)
    await pilot.pause()


async def test_the_bell_rings_once_when_the_human_is_to_play():
    app, rings = _app(True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_human(pilot, app)
        assert app.session.state.turn_player == 0
        assert rings == [0]


async def test_no_bell_without_the_option():
    app, rings = _app(False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_human(pilot, app)
        assert app.session.state.turn_player == 0
        assert rings == []


def test_play_and_resume_take_bell_and_no_handoff_the_hand_off_on_by_default():
    parser = build_parser()
    for argv in (["play", "--bell", "--no-handoff"], ["resume", "--bell", "--no-handoff"]):
        assert screen_options(parser.parse_args(argv)) == {"handoff": False, "ring_bell": True, "settings": None}
    for argv in (["play"], ["resume"], ["play", "--hotseat"]):  # the hand-off is on by default
        assert screen_options(parser.parse_args(argv)) == {"handoff": True, "ring_bell": False, "settings": None}


def test_handoff_and_bell_options_beat_the_settings_file_both_ways(tmp_path, monkeypatch):
    """--handoff/--no-handoff and --bell/--no-bell override the settings file's values (issue 20)."""
    from tactica.tui.run import read_settings
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.toml").write_text("handoff = false\nbell = true\n")
    parser = build_parser()
    for argv, handoff, bell in ((["play"], False, True), (["play", "--handoff", "--no-bell"], True, False),
                                (["resume", "--handoff"], True, True), (["resume", "--no-bell"], False, False)):
        args = parser.parse_args(argv)
        read_settings(args)
        options = screen_options(args)
        assert (options["handoff"], options["ring_bell"]) == (handoff, bell), argv
