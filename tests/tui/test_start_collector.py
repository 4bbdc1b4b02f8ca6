"""The cycle collector is held off while a screen starts and runs again after its first frame
(issue 21: a faster first frame; ``tactica.client.collector``)."""
from __future__ import annotations

import gc

import pytest

from tactica import cli
from tactica.client import collector

from .conftest import make_app


@pytest.fixture
def collector_on():
    """The collector on and not held before the test, and so again after it, whatever the test did."""
    assert gc.isenabled() and not collector.held()
    yield
    collector.release()
    gc.enable()
    gc.unfreeze()


def test_hold_and_release(collector_on):
    assert collector.release() is False  # nothing held: nothing to do
    collector.hold()
    assert not gc.isenabled() and collector.held()
    assert collector.release() is True
    assert gc.isenabled() and not collector.held()
    gc.disable()  # off already (someone else's choice): hold leaves it to them
    collector.hold()
    assert not collector.held() and collector.release() is False and not gc.isenabled()


def test_play_holds_the_collector_while_it_starts_and_lets_it_go_on_the_way_out(collector_on, monkeypatch,
                                                                                  tmp_path):
    from textual.app import App
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr("tactica.tui.run.no_terminal", lambda command: None)  # as in a terminal
    seen = []

    def run(self, **kw):  # the app never draws here: no first frame, no release by the app
        seen.append((gc.isenabled(), collector.held()))
        return 0
    monkeypatch.setattr(App, "run", run)
    frozen = gc.get_freeze_count()
    assert cli.main(["play", "--new", "--seed", "3"]) == 0
    assert seen == [(False, True)]
    # nothing frozen: the count cannot grow (it may drop: a frozen object that dies leaves the permanent
    # generation, e.g. one the suite froze between two earlier tests)
    assert gc.isenabled() and not collector.held() and gc.get_freeze_count() <= frozen


def test_the_apps_first_frame_releases_the_collector_and_freezes_the_starts_objects(collector_on):
    async def first_frame():
        app = make_app()
        collector.hold()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return gc.isenabled(), collector.held(), gc.get_freeze_count()

    import asyncio
    enabled, held, frozen = asyncio.run(first_frame())
    assert enabled and not held and frozen > 10_000


async def test_an_app_started_without_a_hold_leaves_the_collector_alone(collector_on):
    app = make_app()
    frozen = gc.get_freeze_count()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() <= frozen  # nothing frozen (the count may drop)
