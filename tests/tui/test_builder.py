"""The warband builder: filter the catalogue, add and remove with the limits shown live, save, battle."""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Select

from tactica.cli import main
from tactica.content import load_catalogue, load_warband, shipped_warbands
from tactica.content.draft import DATA_DIR_ENV, WarbandDraft, filter_cards, slug
from tactica.content.validate import validate_paths
from tactica.tui import build as build_module
from tactica.tui.build import BuilderApp, default_map, default_opponent, run_build
from tactica.tui.screens.builder import BuilderScreen, BuildResult
from tactica.tui.widgets.warband_limits import WarbandLimits

SIZE = (130, 40)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Saves go to a temporary user data folder."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def _app(points=100, faction="Civilization", **kw) -> BuilderApp:
    return BuilderApp(load_catalogue(), WarbandDraft(name="Test Band", points=points, faction=faction), **kw)


def _shown(screen: BuilderScreen) -> list[str]:
    return [c.id for c in screen.shown]


def _limits_text(screen: BuilderScreen) -> str:
    return str(screen.query_one(WarbandLimits).render())


async def test_filter_add_limit_warning_remove_save(data_dir):
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BuilderScreen)
        assert screen.shown and all("Civilization" in c.factions for c in screen.shown)  # WB-1
        # filter by keyword, then by alignment and most cost
        await pilot.click("#keyword")
        await pilot.press(*"knight")  # typed: the catalogue follows each key
        assert _shown(screen) == ["silverhelm-knight-captain"]
        screen.query_one("#keyword", Input).value = ""
        screen.query_one("#alignment", Select).value = "Good"
        screen.query_one("#max-cost", Input).value = "20"
        await pilot.pause()
        assert {c.alignment for c in screen.shown} == {"Good"}
        assert all(c.cost <= 20 for c in screen.shown) and "silverhelm-knight-captain" not in _shown(screen)
        screen.query_one("#max-cost", Input).value = ""
        screen.query_one("#alignment", Select).value = ""
        await pilot.pause()
        # add: the knight-captain (48) twice is Unique twice and over 75 points
        table = screen.query_one("#catalogue", DataTable)
        table.focus()
        table.move_cursor(row=_shown(screen).index("silverhelm-knight-captain"))
        await pilot.press("a", "enter")
        assert [c.id for c in screen.draft.cards] == ["silverhelm-knight-captain"] * 2
        text = _limits_text(screen)
        assert "Points      96 / 100" in text and "Not legal" in text
        assert "Unique and may appear only once [WB-6]" in text
        table.move_cursor(row=_shown(screen).index("bronze-gate-sentinel"))
        await pilot.press("a")
        assert "costs 143 points; the limit is 100 [WB-3]" in _limits_text(screen)
        # saving an illegal warband is refused
        await pilot.press("ctrl+s")
        assert screen.saved is None and not data_dir.exists()
        # remove: a copy of the highlighted card, then from the roster
        await pilot.press("d")
        roster = screen.query_one("#roster", DataTable)
        roster.focus()
        roster.move_cursor(row=0)
        await pilot.press("delete")
        assert [c.id for c in screen.draft.cards] == ["silverhelm-knight-captain"]
        assert "✓ Legal · 52 points left" in _limits_text(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        saved = screen.saved
    assert saved == data_dir / "warbands" / "test-band.yaml"
    problems, count = validate_paths([str(saved)])
    assert problems == [] and count == 1
    wb = load_warband(saved)
    assert (wb.name, wb.faction, wb.point_limit, [c.id for c in wb.cards]) == (
        "Test Band", "Civilization", 100, ["silverhelm-knight-captain"])
    assert saved.read_text().startswith("# yaml-language-server: $schema=file://")


async def test_points_and_faction_change_the_limits_and_the_catalogue():
    app = _app(points=200)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#faction", Select).value = "Underdark"
        await pilot.pause()
        assert screen.shown and all("Underdark" in c.factions for c in screen.shown)
        screen.query_one("#catalogue", DataTable).move_cursor(row=_shown(screen).index("lightless-abomination"))
        await pilot.press("a")
        assert "✓ Legal" in _limits_text(screen)  # 83 points is fine at 200 (cap 150)
        screen.query_one("#points", Select).value = 100
        await pilot.pause()
        assert "no creature may cost more than 75 [WB-4]" in _limits_text(screen)


async def test_save_and_battle_dismisses_with_the_saved_file(data_dir):
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")  # the cheapest card
        await pilot.press("ctrl+b")
        await pilot.pause()
        await pilot.press("4")  # who plays the other side: a second player (hot-seat)
        await pilot.pause()
    assert app.return_value == BuildResult(data_dir / "warbands" / "test-band.yaml", battle=True,
                                           opponent="human")


async def test_edit_saves_back_keeping_the_header(tmp_path):
    source = next(p for p in shipped_warbands() if p.stem == "tusk-skirmishers")
    path = tmp_path / "tusk.yaml"
    path.write_text(source.read_text())
    catalogue = load_catalogue()
    draft = WarbandDraft.from_def(load_warband(path, catalogue))
    app = BuilderApp(catalogue, draft, save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        roster = app.screen.query_one("#roster", DataTable)
        roster.focus()
        roster.move_cursor(row=len(draft.cards) - 1)
        await pilot.press("d", "ctrl+s", "escape")
        await pilot.pause()
    assert app.return_value == BuildResult(path, battle=False)
    text = path.read_text()
    assert text.splitlines()[:2] == source.read_text().splitlines()[:2]  # schema line and comment kept
    assert validate_paths([str(path)])[0] == []
    assert len(load_warband(path).cards) == len(draft.cards)


def test_filter_cards_and_slug():
    cards = load_catalogue()
    cheap = filter_cards(cards, faction="Wild", max_cost=12)
    assert cheap and all("Wild" in c.factions and c.cost <= 12 for c in cheap)
    assert [c.cost for c in cheap] == sorted(c.cost for c in cheap)
    assert filter_cards(cards, keyword="DWARF") and all(
        "dwarf" in " ".join((c.name, c.id, *c.keywords)).lower() for c in filter_cards(cards, keyword="dwarf"))
    assert slug("Iron Vanguard!") == "iron-vanguard" and slug("???") == "warband"


def test_default_opponent_and_map():
    assert load_warband(default_opponent(100, "Borderlands")).point_limit == 100
    assert load_warband(default_opponent(200, "Civilization")).faction != "Civilization"
    assert default_map(200).stem == "crossroads-ruin" and default_map(100).stem == "watchtower-hill"


class _FakeApp:
    def __init__(self, result):
        self.result = result

    def __call__(self, catalogue, draft, save_path):
        self.draft = draft
        return self

    def run(self):
        return self.result


def test_run_build_starts_a_battle_with_the_saved_warband(tmp_path, monkeypatch, capsys):
    saved = tmp_path / "mine.yaml"
    saved.write_text(next(p for p in shipped_warbands() if p.stem == "tusk-skirmishers").read_text())
    played = []
    monkeypatch.setattr("tactica.tui.run.run_play", lambda ns: played.append(ns) or 0)
    fake = _FakeApp(BuildResult(saved, battle=True))
    args = argparse.Namespace(points=100, faction="Borderlands", edit=None)
    assert run_build(args, app_factory=fake) == 0
    assert (fake.draft.points, fake.draft.faction) == (100, "Borderlands")
    (ns,) = played
    assert ns.warband[0] == str(saved) and load_warband(ns.warband[1]).point_limit == 100
    assert Path(ns.map[0]).stem == "watchtower-hill"
    assert f"saved {saved}" in capsys.readouterr().out


def test_build_refuses_an_unknown_faction(capsys):
    assert main(["build", "--faction", "Civilisation"]) == 2
    assert "unknown faction 'Civilisation'; did you mean 'Civilization'?" in capsys.readouterr().err
    assert build_module.run_build is run_build


# -- issue 20's findings: name placeholder, the preview after a, Esc with changes, ^b's opponent ----------
def test_run_build_plays_the_chosen_opponent(tmp_path, monkeypatch, capsys):
    saved = tmp_path / "mine.yaml"
    saved.write_text(next(p for p in shipped_warbands() if p.stem == "tusk-skirmishers").read_text())
    played = []
    monkeypatch.setattr("tactica.tui.run.run_play", lambda ns: played.append(ns) or 0)
    args = argparse.Namespace(points=100, faction="Borderlands", edit=None)
    assert run_build(args, app_factory=_FakeApp(BuildResult(saved, battle=True))) == 0
    assert played[-1].opponent.level == "normal" and played[-1].opponent.player == 1   # the default: the AI
    assert capsys.readouterr().out.rstrip().endswith("--ai normal")
    assert run_build(args, app_factory=_FakeApp(BuildResult(saved, battle=True, opponent="human"))) == 0
    assert played[-1].opponent is None and capsys.readouterr().out.rstrip().endswith("--hotseat")


async def test_save_and_battle_asks_for_the_opponent_defaulting_to_the_ai(data_dir):
    from tactica.tui.screens.choice import ChoiceModal
    app = _app(points=100, faction="Borderlands")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("a")                                       # the cheapest card
        await pilot.press("ctrl+b")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceModal) and question.title_text == "Who plays the other side?"
        assert "against" in question.body_text and question.default == 0
        await pilot.press("escape")                                  # back to the builder, nothing started
        await pilot.pause()
        assert app.screen is screen and app.return_value is None
        await pilot.press("ctrl+b")
        await pilot.pause()
        await pilot.press("enter")                                    # the default answer: the AI
        await pilot.pause()
    assert app.return_value == BuildResult(screen.saved, battle=True, opponent="normal")


async def test_the_name_is_a_placeholder_typing_replaces_it(data_dir):
    app = BuilderApp(load_catalogue(), WarbandDraft())
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#name", Input)
        assert name.value == "" and name.placeholder.startswith("New Warband")
        await pilot.click("#name")
        await pilot.press(*"Newcomer Band")
        assert app.screen.draft.name == "Newcomer Band"


async def test_the_card_preview_keeps_the_card_just_added():
    from tactica.tui.widgets.card_view import CardView
    app = _app(points=200)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        table = screen.query_one("#catalogue", DataTable)
        table.move_cursor(row=1)
        await pilot.press("a")
        table.move_cursor(row=2)
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert screen.query_one(CardView).card is screen.shown[2]      # not the roster's first creature


async def test_escape_with_changes_not_saved_asks_first(data_dir):
    from tactica.tui.screens.choice import ChoiceModal
    app = _app(points=200)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("a")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal) and "not saved" in app.screen.title_text
        await pilot.press("escape")                                  # Esc again: stay
        await pilot.pause()
        assert app.screen is screen and len(screen.draft.cards) == 1
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("3")                                       # leave without saving
        await pilot.pause()
    assert app.return_value == BuildResult(None, battle=False)


async def test_escape_on_an_unchanged_warband_leaves_at_once():
    app = _app(points=200)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_value == BuildResult(None, battle=False)
