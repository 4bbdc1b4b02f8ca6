"""The balance report in words (``tactica.balance.report``): the terminal tables and the HTML page,
which a real headless browser renders with its charts."""
from __future__ import annotations

import shutil
import subprocess

import pytest
from rich.console import Console

from tactica.balance import arena, report
from tactica.balance.stats import Rate
from tactica.content import load_battle_files

MATRIX = arena.WarbandMatrix(["Ash & Ember", "Frost"], "normal", [[None, Rate(7, 10)], [Rate(3, 10), None]],
                             [Rate(7, 10), Rate(3, 10)])


def _text(found) -> str:
    console = Console(width=120, record=True)
    console.print(report.tables(found))
    return console.export_text()


def test_map_report_names_the_favoured_area_only_beyond_chance():
    found = arena.MapBalance("Test Field", "normal", [], {"A": Rate(80, 100), "B": Rate(20, 100)}, Rate(50, 100))
    text = _text(found)
    assert "start area A" in text and "80%" in text and "71%–87%" in text
    assert "The map favours start area A" in text
    even = arena.MapBalance("Test Field", "normal", [], {"A": Rate(6, 10), "B": Rate(4, 10)}, Rate(5, 10))
    assert "No start area is favoured beyond chance" in _text(even)


def test_card_report_flags_cards_whose_interval_excludes_zero():
    _, _, catalogue = load_battle_files([], [], [])
    a, b = sorted(catalogue)[:2]
    found = arena.CardBalance("normal", [], [
        arena.CardFigures(catalogue[a], Rate(80, 100), Rate(40, 100), 120.0, 80.0),
        arena.CardFigures(catalogue[b], Rate(11, 20), Rate(9, 20), 90.0, 88.0)])
    assert [f.flag for f in found.cards] == ["underpriced", ""]
    text = _text(found)
    assert f"Flagged: {catalogue[a].name} (underpriced)." in text
    page = report.html(found)
    charted = "Card value against cost" in page
    assert charted


def test_html_escapes_names_and_inlines_plotly_once():
    page = report.html(MATRIX)
    escaped, raw = "Ash &amp; Ember" in page, "<td>Ash & Ember" in page
    assert escaped and not raw
    assert page.count("* plotly.js v") == 1                                # the script, inlined once
    assert 'src="http' not in page                                         # nothing to fetch: opens offline


def test_the_html_report_renders_its_charts_in_a_headless_browser(tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser is None:
        pytest.skip("no Chromium on this machine (.ci/run installs Debian's package 'chromium')")
    page = tmp_path / "matrix.html"
    page.write_text(report.html(MATRIX), encoding="utf-8")
    shown = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
                           capture_output=True, text=True, timeout=120)
    dom = shown.stdout
    assert 'class="main-svg"' in dom, shown.stderr[-2000:]                 # Plotly drew the chart as SVG
    assert "Win rate of the row" in dom and "Ash &amp; Ember" in dom


def test_card_report_sets_each_cost_beside_the_yardstick_and_names_cards_never_brought():
    from tactica.balance.yardstick import worth
    _, _, catalogue = load_battle_files([], [], [])
    a, b, c = sorted(catalogue)[:3]
    found = arena.CardBalance("normal", [], [arena.CardFigures(catalogue[a], Rate(5, 10), Rate(5, 10), 90.0, 90.0)],
                              [catalogue[b], catalogue[c]])
    text = _text(found)
    assert "yardstick" in text and f"{worth(catalogue[a]):.0f}" in text
    assert f"Never brought into a battle, so not in the table (2): {catalogue[b].name}, {catalogue[c].name}." in text
    assert found.as_dict()["unseen"] == [b, c]


def test_map_report_says_what_the_first_player_is_whether_it_matters_and_each_pairing():
    found = arena.MapBalance("Test Field", "greedy", [], {"A": Rate(50, 100), "B": Rate(50, 100)}, Rate(80, 100),
                             [(("Ash", "Frost"), Rate(6, 10)), (("Frost", "Ash"), Rate(3, 10))])
    text = " ".join(_text(found).split())
    assert "First player: the side that took the first turn of round 1" in text
    assert "Going first helps on this map" in text
    assert "Ash against Frost 60% (n=10); Frost against Ash 30% (n=10)." in text
    even = arena.MapBalance("Test Field", "greedy", [], {"A": Rate(5, 10)}, Rate(5, 10))
    assert "Going first makes no difference beyond chance here." in " ".join(_text(even).split())
