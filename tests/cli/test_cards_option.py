"""``--cards FILE``: play, sim, validate and build with cards of one's own; saves of such battles."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tactica import cli
from tactica.content import shipped_card_files

FIXTURES = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "good"
NEEDS = "(a card of your own needs its file: --cards FILE)"


@pytest.fixture
def own(tmp_path, monkeypatch):
    """A card file and a warband naming its cards, in folders of their own (as an author keeps them)."""
    monkeypatch.setenv("TACTICA_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "cards").mkdir()
    (tmp_path / "bands").mkdir()
    cards = tmp_path / "cards" / "mine.yaml"
    band = tmp_path / "bands" / "mine.yaml"
    shutil.copy(FIXTURES / "cards.yaml", cards)
    shutil.copy(FIXTURES / "warband.yaml", band)  # 100 points: test-soldier ×2, test-archer
    return cards, band


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _headless(monkeypatch, checks: list):
    """Run TacticaApp headless: ``checks[0](app)`` runs once the battle is up, then the app exits."""
    from textual.app import App

    from tactica.tui.app import TacticaApp
    from tactica.tui.screens.battle import BattleScreen
    real_run = App.run  # not TacticaApp.run: a test may patch it twice

    async def pilot_fn(pilot):
        app = pilot.app
        for _ in range(500):
            if isinstance(app.screen, BattleScreen) and app.session is not None:
                break
            await pilot.pause(0.01)
        checks.pop(0)(app)
        app.exit(0)

    monkeypatch.setattr(TacticaApp, "run", lambda self: real_run(self, headless=True, size=(120, 40),
                                                                    auto_pilot=pilot_fn))


def test_play_with_own_cards_then_resume_and_replay_after_the_card_file_is_gone(capsys, monkeypatch, own):
    from tactica.ai.bots import make_bot
    cards, band = own
    seen: dict = {}

    def battle(app):  # player 1's and player 2's creatures are the author's cards; play some of it
        state = app.session.state
        seen["cards"] = sorted({c.card.id for c in state.creatures})
        bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
        for _ in range(12):
            assert app.session.apply(bots[app.session.state.decider].choose(app.session.state)).ok
        seen["actions"] = len(app.session.actions)
        seen["id"] = app.session.save_id

    _headless(monkeypatch, [battle])
    code, _, err = _run(capsys, "play", "--hotseat", "--new", "--seed", "5", "--cards", cards, "--warband", band)
    assert code == 0, err
    assert seen["cards"] == ["test-archer", "test-soldier"] and seen["actions"] >= 12
    # the save holds the cards in full: the battle still replays and resumes without the card file
    shutil.rmtree(cards.parent)
    code, out, err = _run(capsys, "replay", "--verify", seen["id"])
    assert code == 0 and out.startswith(f"ok: {seen['actions']} actions replayed"), err

    def resumed(app):
        seen["resumed"] = (sorted({c.card.id for c in app.session.state.creatures}), len(app.session.actions))

    _headless(monkeypatch, [resumed])
    code, _, err = _run(capsys, "resume", seen["id"])
    assert code == 0, err
    assert seen["resumed"] == (["test-archer", "test-soldier"], seen["actions"])
    code, out, _ = _run(capsys, "export", seen["id"], "--format", "text")
    assert code == 0 and "Test Soldier" in out


def test_play_without_cards_names_the_card_file_to_give(capsys, own):
    cards, band = own
    code, out, err = _run(capsys, "play", "--hotseat", "--new", "--warband", band)
    assert code == 1 and out == ""
    assert err.splitlines()[0] == (f"{band}:5:12: error: unknown card 'test-soldier': it is in {cards}, which "
                                   f"was not loaded; add --cards {cards}")


def test_sim_with_own_cards(capsys, own):
    cards, band = own
    code, out, err = _run(capsys, "sim", "--cards", cards, "--warband", band, "--games", "1", "--json",
                          "--ai", "random")
    assert code == 0, err
    assert json.loads(out)["games"] == 1
    far = band.parent / "far.yaml"  # no card file beside it: the message says what --cards is for
    far.write_text(band.read_text().replace("test-archer", "test-archr"))
    shutil.rmtree(cards.parent)
    code, out, err = _run(capsys, "sim", "--warband", far, "--games", "1")
    assert code == 1 and out == ""
    assert err.splitlines()[0] == (f"{far}:5:12: error: unknown card 'test-soldier': neither a shipped card "
                                   f"nor in a --cards file {NEEDS}")


def test_sealed_packs_hold_own_cards(capsys, monkeypatch, own):
    from tactica.ai import sim
    cards, _ = own
    got = {}
    monkeypatch.setattr(sim, "run_games", lambda *a, **k: got.update(k) or {})
    monkeypatch.setattr(sim, "format_summary", lambda summary: "")
    code, _, err = _run(capsys, "sim", "--scenario", "sealed", "--cards", cards, "--games", "1")
    assert code == 0 and err == ""  # no note: Sealed packs use the cards
    assert {"test-soldier", "test-archer"} <= set(got["catalogue"])
    from argparse import Namespace

    from tactica.client.factory import make_factory
    factory = make_factory(Namespace(cards=[str(cards)], scenario="sealed", map=None, warband=None))
    assert "test-archer" in factory.catalogue


@pytest.mark.parametrize("command", ["play", "sim", "validate", "build"])
def test_a_card_with_a_shipped_id_stops_every_command_naming_both_files(capsys, monkeypatch, own, command):
    from textual.app import App

    from tactica.ai import sim
    monkeypatch.setattr(App, "run", lambda self, **kw: 0)  # should the check fail, no battle starts here
    monkeypatch.setattr(sim, "run_games", lambda *a, **k: {})
    monkeypatch.setattr(sim, "format_summary", lambda summary: "")
    cards, band = own
    text = cards.read_text().replace("id: test-soldier", "id: lamplighter-watchman")
    cards.write_text(text)
    shipped = next(p for p in shipped_card_files() if "id: lamplighter-watchman" in p.read_text())
    argv = {"play": ["play", "--new", "--cards", cards, "--warband", band],
            "sim": ["sim", "--games", "1", "--cards", cards, "--warband", band],
            "validate": ["validate", "--cards", cards, band],
            "build": ["build", "--cards", cards]}[command]
    code, out, err = _run(capsys, *argv)
    assert code == 1
    lines = (out + err).splitlines()
    assert lines[0].startswith(f"{cards}:3:9: error: card id 'lamplighter-watchman' is a shipped card's "
                               f"({shipped}:")
    assert "never replaces one: give this card another id" in lines[0]


def test_cards_that_no_warband_uses_get_a_note(capsys, monkeypatch, own):
    cards, _ = own
    from tactica.ai import sim
    monkeypatch.setattr(sim, "run_games", lambda *a, **k: {})
    monkeypatch.setattr(sim, "format_summary", lambda summary: "")
    code, _, err = _run(capsys, "sim", "--cards", cards, "--games", "1")
    assert code == 0
    assert err == ("tactica sim: note: no --warband is given, so shipped warbands play and the cards of --cards "
                   "are only checked; give a --warband that names them\n")


def test_build_with_own_cards_offers_them_and_plays_with_them(capsys, monkeypatch, own):
    from tactica.tui import build
    from tactica.tui.screens.builder import BuildResult
    cards, band = own
    seen = {}

    class StandIn:
        def __init__(self, catalogue, draft, path):
            seen["catalogue"], seen["draft"] = catalogue, draft

        def run(self):
            return BuildResult(saved=band, battle=True)

    played = []
    monkeypatch.setattr("tactica.tui.run.run_play", lambda ns: played.append(ns) or 0)
    args = cli.build_parser().parse_args(["build", "--cards", str(cards), "--edit", str(band)])
    assert build.run_build(args, app_factory=StandIn) == 0
    assert "test-archer" in seen["catalogue"] and seen["draft"].points == 100
    assert played[0].cards == [str(cards)]
    assert f"--cards {cards}" in capsys.readouterr().out


def test_a_broken_card_file_is_named_by_the_warband_that_needs_it(capsys, own):
    cards, band = own
    cards.write_text(cards.read_text().replace("cost: 12", "cost: twelve"))
    code, out, err = _run(capsys, "sim", "--games", "1", "--cards", cards, "--warband", band)
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"{cards}:5:11: error: expected a whole number for the cost of card 'test-soldier'; got text 'twelve'",
        f"{band}:5:12: error: card 'test-soldier' is defined in {cards}, which has problems; fix them first"]


def test_multiplayer_battles_take_own_cards_too(own):
    from argparse import Namespace

    from tactica.client.factory import make_factory
    cards, band = own
    band.write_text(band.read_text().replace("points: 100", "points: 200"))  # the four-corner map's size
    factory = make_factory(Namespace(cards=[str(cards)], players=3, warband=[str(band)] * 3, map=None))
    assert [sorted({c.id for c in wb.cards}) for wb in factory.warbands] == [["test-archer", "test-soldier"]] * 3


def test_a_folder_of_card_files_is_taken_by_sim_play_and_validate_alike(capsys, monkeypatch, own):
    """--cards DIR: every command reads the YAML files in the folder as tactica validate does (issue 20);
    an empty folder and a missing one get validate's own words everywhere."""
    from tactica.ai import sim
    cards, band = own
    folder = cards.parent
    code, out, err = _run(capsys, "sim", "--cards", folder, "--warband", band, "--games", "1", "--json",
                          "--ai", "random")
    assert code == 0, err
    assert json.loads(out)["games"] == 1
    code, out, err = _run(capsys, "validate", "--cards", folder, band)
    assert code == 0, out + err
    seen: dict = {}
    _headless(monkeypatch, [lambda app: seen.update(cards={c.card.id for c in app.session.state.creatures})])
    code, _, err = _run(capsys, "play", "--new", "--cards", folder, "--warband", band, "--warband", band)
    assert code == 0, err
    assert {"test-soldier", "test-archer"} <= seen["cards"]
    monkeypatch.setattr(sim, "run_games", lambda *a, **k: {})
    empty = folder.parent / "empty"
    empty.mkdir()
    for argv in (["sim", "--games", "1", "--cards", empty], ["validate", "--cards", empty]):
        code, out, err = _run(capsys, *argv)
        assert code == 1 and f"{empty}: error: no .yaml files in this folder" in (out + err), argv
    missing = folder.parent / "nothing-here"
    for argv in (["sim", "--games", "1", "--cards", missing], ["validate", "--cards", missing]):
        code, out, err = _run(capsys, *argv)
        assert code == 1 and f"{missing}: error: no such file or folder" in (out + err), argv
