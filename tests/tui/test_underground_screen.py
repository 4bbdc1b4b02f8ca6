"""The underground module on the screen: cave glyphs on the map, preview and legend; fatigue and
height on the stat card (docs/modules/underground.md)."""
from __future__ import annotations

from tactica import content
from tactica.engine import Ruleset
from tactica.engine.sandbox import battle
from tactica.tui.preview import cell, legend_text
from tactica.tui.screens.battle_layout import legend
from tactica.tui.widgets.stat_card import card_text


def _cavern():
    return content.load_map({p.stem: p for p in content.shipped_maps()}["echoing-deep"])


def test_ug_rubble_cave_squares_have_their_own_glyphs_in_the_preview_and_legends():
    m = _cavern()
    glyph = {cell(m, (x, y))[0] for y in range(m.height) for x in range(m.width)}
    assert {"▒▒▒", " ▼ ", " ▔ ", " ≈ ", " ▪ ", " ┆ "} <= glyph
    rubble = next((x, y) for y in range(m.height) for x in range(m.width) if m.rules_at((x, y)).rubble)
    assert cell(m, rubble)[0] == "▒▒▒" != cell(m, (0, 0))[0]
    words = legend_text(True, m.custom_terrain).plain
    assert "Rubble Choke: loose rubble: dig it out (g)" in words
    assert "Chasm: 20 ft down: a push over the edge is a fall, rough landing" in words
    side = legend([m])
    assert "Rubble Choke (g digs)" in side and "Dark Gallery" in side and "Ice Floor" in side


def test_ug_fatigue_the_stat_card_shows_height_and_fatigue_in_words():
    st = battle("A.b", rules=Ruleset(modules=("underground",)), active="A")
    plain = card_text(st.creature("A"), state=st).plain
    assert "Height 6 ft" in plain and "Fatigue fresh" in plain
    tired = st.copy()
    tired.notes = frozenset({("fatigue", "A", 1)})
    tired_text = card_text(tired.creature("A"), state=tired).plain
    assert "FATIGUED: −2 to attack, −5 damage, its fatigue checks at −2 (UG-FATIGUE)" in tired_text
    # after a tired creature's long words the height has a line of its own: never broken across two
    assert "\nHeight 6 ft\n" in tired_text and "Fatigue fresh  Height 6 ft\n" in plain
    assert "Fatigue" not in card_text(battle("A.b", active="A").creature("A"), state=battle("A.b")).plain
