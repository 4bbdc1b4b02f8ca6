"""No two kinds of square look alike on a shipped map (issue 19): cave kinds of the underground
module get a glyph each (rubble by kind, low ceilings by how low), a map's second kind with the same
glyph falls back to its own map symbol, the legends list each kind in a player's words, and the
rules reference shows no code names (docs/modules/underground.md)."""
from __future__ import annotations

from tactica import content
from tactica.client.rules_reference import load_reference
from tactica.engine import CustomTerrain, MapDef, Terrain, TerrainRules
from tactica.tui.preview import cell, legend_text
from tactica.tui.screens.battle_layout import legend


def _maps() -> list[MapDef]:
    return [content.load_map(p) for p in content.shipped_maps()]


def test_UG_LOW_no_two_kinds_of_a_shipped_map_share_a_glyph():
    for m in _maps():
        drawn: dict[str, set[str]] = {}
        for y in range(m.height):
            for x in range(m.width):
                kind = m.terrain_at((x, y))
                if kind is Terrain.CLEAR or any((x, y) in z for z in m.vp_zones.values()):
                    continue
                drawn.setdefault(cell(m, (x, y))[0], set()).add(kind.value)
        shared = {glyph: kinds for glyph, kinds in drawn.items() if len(kinds) > 1}
        assert not shared, f"{m.name}: {shared}"


def test_UG_RUBBLE_loose_rubble_and_scree_and_the_two_low_ceilings_look_different():
    m = next(m for m in _maps() if m.name == "Echoing Deep")
    glyph = {}
    for y in range(m.height):
        for x in range(m.width):
            glyph.setdefault(m.terrain_at((x, y)).value, cell(m, (x, y))[0])
    assert glyph["Rubble Choke"] == "▒▒▒" and glyph["Scree"] == "▓▓▓"
    assert glyph["Low Passage"] == " ▔ " and glyph["Crawlway"] == " ═ "


def test_UG_SQUEEZE_a_second_gap_kind_of_a_map_is_drawn_with_its_own_symbol():
    wide = CustomTerrain("Wide Crack", TerrainRules("!", gap_width=30, gap_height=20))
    slim = CustomTerrain("Slim Crack", TerrainRules("?", gap_width=18, gap_height=9))
    m = MapDef.from_rows(["..", ".."])
    m = MapDef(**{**m.__dict__, "terrain": ((wide, slim), (Terrain.CLEAR, Terrain.CLEAR))})
    assert (cell(m, (0, 0))[0], cell(m, (1, 0))[0]) == (" ┆ ", " ? ")


def test_UG_DARK_the_legends_say_each_cave_kind_in_a_players_words():
    m = next(m for m in _maps() if m.name == "Echoing Deep")
    words = legend_text(False, m.custom_terrain, m).plain
    assert "Crack: a gap 18 in wide, 9 in high: a bigger body cannot squeeze through" in words
    assert "Crawlway: ceiling 3 ft: Medium ones on hands and knees (moves ×2, −5 attack)" in words
    assert "Dark Gallery: darkness: moving fast bumps or strays, unseen from afar" in words
    assert "forest" not in words and "pit" not in words and "smoke" not in words  # only what the map has
    assert max(len(line) for line in words.splitlines()) <= 80
    side = legend([m])
    assert "Rubble Choke (g digs)" in side and "Scree (g digs)" in side and "Crawlway" in side


def test_UG_DARK_the_rules_reference_shows_no_code_names_on_the_module_pages():
    import re
    reference = load_reference()
    pages = [e for e in reference.search("") if e.page.startswith("modules/")] or [
        e for e in reference._by_id.values() if e.rule_id and e.rule_id[:3] in ("G35", "G5E", "UG-")]
    assert pages
    for entry in pages:
        code = re.findall(r"`[A-Z][a-z]+[A-Z]\w*`|\((?:[A-Z][a-z]+){2,}\)|tests/|\.py\b|test_\w+", entry.text)
        assert not code, (entry.label, code)
    assert "CreatureDrifted" not in reference.find("UG-DARK").text


def test_UG_DARK_a_vp_zone_in_the_dark_shows_its_diamond_and_the_darkness():
    """Echoing Deep's VP zones lie in its dark galleries: each zone square shows ◆ beside the
    darkness glyph (the zone was drawn as plain darkness before), in the preview and on the map."""
    from tactica.engine import new_game
    from tactica.tui.widgets.map_view import MapView
    m = next(m for m in _maps() if m.name == "Echoing Deep")
    dark = [q for z in m.vp_zones.values() for q in z if terrain_is_dark(m, q)]
    assert dark, "the test needs a zone square in the dark"
    assert {cell(m, q)[0] for q in dark} == {"◆▪ "}
    assert {cell(m, q, plain=True)[0][0] for q in dark} <= {"a", "b"}
    state, _ = new_game(content.default_warbands(2, m.points), (m,), seed=1)
    view = MapView(state)
    marks = view.zone_marks()
    assert len(marks) == len(m.vp_zones)  # each zone is labelled even with no clear square in it
    assert all(view._base(q)[0] in ("◆▪ ", marks.get(q)) for q in dark)


def terrain_is_dark(m: MapDef, q) -> bool:
    from tactica.engine import terrain_rules
    return terrain_rules(m.terrain_at(q)).dark
