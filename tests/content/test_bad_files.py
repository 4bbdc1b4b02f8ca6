"""Broken content files: each fault reported at its exact line and column.

Fixtures live in ``fixtures/bad``; the file name's prefix says which loader
reads it (card_, map_, warband_).  Most have one fault; the ``*_many_faults``
ones and ``map_divided_and_misspelt`` have several independent ones, and
every one of them is reported, in file order, from one load.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tactica.content import ContentError, Problem, load_catalogue, load_map, load_warband

BAD = Path(__file__).parent / "fixtures" / "bad"
ALLOWED = "content files hold only plain text, numbers, true/false, lists and mappings"
TOO_MANY_AT_200 = "start area '{}' has 6 squares; a 200-point battle needs room for 10 creatures"
MIXED = "{} is Evil, but Silverhelm Knight-Captain is Good: Good and Evil creatures never share a warband [WB-2]"
NOT_CIV = "{} is not of the Civilization faction (it is Borderlands) [WB-1]"
PIT_ZONE = ("VP zone 'b' lies entirely on pit squares: only fliers may enter it and a creature that ends its "
            "turn there is destroyed; put at least one of its squares off the pits [TER-PIT, SCN-ASSAULT]")

EXPECTED: dict[str, list[tuple[int, int, str]]] = {
    # --- YAML syntax and safety ----------------------------------------------------
    "card_bad_indent.yaml": [
        (4, 4, "invalid YAML: bad indentation: this line does not line up with the lines above "
               "[expected <block end>, but found '<block mapping start>' (while parsing a block collection)]")],
    "card_unclosed_list.yaml": [
        (4, 9, "invalid YAML: expected ',' or ']', but got ':' (while parsing a flow sequence)")],
    "card_two_documents.yaml": [
        (14, 1, "invalid YAML: but found another document (expected a single document in the stream)")],
    "card_empty.yaml": [(1, 1, "file is empty; expected a mapping of keys")],
    "card_object_tag.yaml": [(3, 11, f"tag !!python/object/apply:os.system is not allowed; {ALLOWED}")],
    "card_custom_tag.yaml": [(1, 8, f"tag !include is not allowed; {ALLOWED}")],
    "card_alias_bomb.yaml": [
        (6, 4, "document too large: more than 100000 values once aliases are expanded (an alias bomb?); refused")],
    "card_recursive_alias.yaml": [(1, 8, "recursive alias: a value contains itself; refused")],
    "card_deep_nesting.yaml": [(1, 31, "nested too deeply: more than 24 levels; refused")],
    # --- cards -----------------------------------------------------------------------
    "card_unknown_key.yaml": [(3, 5, "unknown key 'nmae' in card 'test-soldier'; did you mean 'name'?")],
    "card_wrong_type.yaml": [
        (4, 11, "expected a whole number for the cost of card 'test-soldier'; got text 'twelve'")],
    "card_missing_field.yaml": [(2, 5, "missing required key 'hp' in card 'test-soldier'")],
    "card_duplicate_key.yaml": [(14, 5, "duplicate key 'cost' in card 'test-soldier' (first given on line 4)")],
    "card_duplicate_id.yaml": [
        (14, 9, f"duplicate card id 'test-soldier' (first defined at {BAD / 'card_duplicate_id.yaml'}:2)")],
    "card_abilities.yaml": [
        (14, 24, "unknown ability kind 'sneak-atack'; did you mean 'sneak-attack'?")],
    "card_ability_keyword.yaml": [
        (14, 23, "keyword 'Flight 8' names an ability; list it under 'abilities:' as {kind: flight, ...}")],
    "card_powers.yaml": [  # CARD-4, SPW-1, CHP-1, CHP-2
        (15, 71, "only a one-box line or power recharges (CARD-4): add 'uses: 1' to attack 2 of card "
                 "'test-captain'"),
        (16, 82, "unknown recharge 'bloodyed' in attack 3 of card 'test-captain'; did you mean 'bloodied'?"),
        (18, 9, "missing required key 'amount' in special power 1 of card 'test-captain' (a 'heal' needs it)"),
        (20, 41, "unknown champion-power trigger 'ally hitz'; did you mean 'ally hits'?"),
        (21, 59, "effect 'heal' does not fit trigger 'ally hits' in champion power 2 of card 'test-captain'; "
                 "'ally hits' takes 'extra damage' or 'damage near'"),
        (22, 9, "champion power 3 of card 'test-captain' is text; champion powers are typed entries now, "
                "e.g. {name: Press the Attack, cost: 1, trigger: ally hits, effect: extra damage, amount: 10}"),
        (23, 9, "champion power 'Big' costs 3, more than the champion rating 2 of card 'test-captain' "
                "(CHP-1)")],
    "card_unknown_faction.yaml": [(6, 16, "unknown faction 'Civilisation'; did you mean 'Civilization'?")],
    "card_unknown_attack_type.yaml": [  # the value right after what it is, then where
        (13, 29, "unknown attack type 'mele' in attack 1 of card 'test-soldier'; did you mean 'melee'?")],
    "card_unknown_alignment.yaml": [(5, 16, "unknown alignment 'good'; did you mean 'Good'?")],
    "card_bad_damage_type.yaml": [
        (13, 62, "unknown damage type 'fier' in the damage of attack 1 of card 'test-soldier'; "
                 "did you mean 'fire'?")],
    "card_ranged_without_reach.yaml": [
        (13, 9, "missing required key 'reach' in attack 1 of card 'test-soldier' (a ranged attack needs "
                "'range N', 'sight' or 'nearest')")],
    "card_two_basic_attacks.yaml": [
        (14, 9, "card 'test-soldier' has more than one basic attack; mark only one with 'basic: true'")],
    "card_many_faults.yaml": [
        (2, 9, "card id 'Bad_Id' must be lower-case letters, digits and hyphens (e.g. 'dwarf-shieldwarden')"),
        (4, 11, "the cost of card 'Bad_Id' must be from 1 to 1000; got -3"),
        (5, 16, "unknown alignment 'Neutral'; expected one of: Good, Evil, Unaligned"),
        (13, 9, "missing required key 'reach' in attack 1 of card 'Bad_Id' (a close attack needs "
                "'burst N', 'small cone', 'large cone' or 'line N')"),
        (22, 12, "expected a whole number for the speed of card 'second' (squares); got text '6'"),
        (25, 42, "expected 'range N', 'sight' or 'nearest' for the reach of attack 1 of card 'second'; "
                 "got 'range eight'"),
        (25, 69, "'Will' uses the DEF number (CARD-3); write 'vs: DEF'")],
    # --- maps ------------------------------------------------------------------------
    "map_ragged_row.yaml": [(6, 12, "row 3 of the terrain is 9 squares wide; expected 10 like row 1")],
    "map_unknown_symbol.yaml": [
        (5, 6, "unknown terrain symbol 'x' (row 2, column 4); the legend has "
               "'#', '%', '*', '+', '.', '@', 'O', 'S', 'T', '^', '_', '◢', '◣', '◤', '◥'")],
    "map_rows_as_list.yaml": [
        (5, 8, "unknown terrain symbol 'x' (row 2, column 3); the legend has "
               "'#', '%', '*', '+', '.', '@', 'O', 'S', 'T', '^', '_', '◢', '◣', '◤', '◥'")],
    "map_unknown_kind.yaml": [
        (5, 8, "unknown terrain kind 'lava' for symbol 'L' (the engine implements: clear, wall, difficult, "
                "forest, pit, blood-rock, sacred-circle, smoke, statue, teleporter, low-obstacle, "
                "wall-nw, wall-ne, wall-sw, wall-se)")],
    "map_folded_block.yaml": [
        (3, 10, "use a literal block ('|', not '>') for the terrain so each row keeps its own line")],
    "map_zones_wrong_size.yaml": [(8, 8, "the zones are 10×3; expected the terrain's size 10×4")],
    "map_unknown_zone_symbol.yaml": [
        (10, 9, "unknown zone symbol 'X' (row 2, column 7); expected 'A' or 'B' (start areas; 'C' and 'D' "
                "too on a free-for-all map), 'a' to 'd' (VP zones) or '.'")],
    "map_zone_on_wall.yaml": [(10, 4, "zone 'A' covers a wall (row 2, column 2)")],
    "map_missing_vp_zone.yaml": [(8, 8, "the zones have no VP zone 'b'")],
    "map_unreachable_zone.yaml": [(9, 12, "VP zone 'b' cannot be reached from the start areas")],
    "map_zone_on_pits.yaml": [(10, 9, PIT_ZONE)],  # TER-PIT, SCN-ASSAULT
    "map_one_teleporter.yaml": [(5, 7, "the map has only one teleporter (row 2, column 5); a creature on a "
                                       "teleporter moves to another one, so draw at least two or none "
                                       "[TER-TELEPORT]")],
    "map_small_start_area.yaml": [(8, 3, TOO_MANY_AT_200.format("A")), (10, 10, TOO_MANY_AT_200.format("B"))],
    "map_misspelt_key.yaml": [(3, 1, "unknown key 'legnd' in the map; did you mean 'legend'?")],
    "map_too_large.yaml": [(4, 3, "the terrain is 101×3; at most 100×100"),
                           (8, 3, "the zones are 101×3; at most 100×100")],
    "map_start_area_cut_off.yaml": [
        (9, 3, "start area 'A' is cut off by walls: not all of it can reach the rest of the map")],
    "map_divided.yaml": [
        (9, 12, "VP zone 'b' cannot be reached from start area 'A'"),
        (10, 11, "start areas 'A' and 'B' cannot reach each other: walls divide the map"),
        (12, 3, "VP zone 'a' cannot be reached from start area 'B'")],
    "map_many_faults.yaml": [
        (3, 1, "unknown key 'descripton' in the map; did you mean 'description'?"),
        (5, 8, "unknown terrain kind 'water' for symbol '~' (the engine implements: clear, wall, difficult, "
                "forest, pit, blood-rock, sacred-circle, smoke, statue, teleporter, low-obstacle, "
                "wall-nw, wall-ne, wall-sw, wall-se)"),
        (8, 9, "unknown terrain symbol 'X' (row 2, column 7, and 2 more squares); the legend has '#', '%', '*', "
               "'+', '.', '@', 'O', 'S', 'T', '^', '_', '◢', '◣', '◤', '◥'"),  # and '~' is not reported twice
        (9, 13, "row 3 of the terrain is 11 squares wide; expected 10 like row 1"),
        (13, 11, "zone 'B' covers a wall (row 2, column 9)"),
        (14, 5, "unknown zone symbol 'q' (row 3, column 3); expected 'A' or 'B' (start areas; 'C' and 'D' "
                "too on a free-for-all map), 'a' to 'd' (VP zones) or '.'")],
    "map_divided_and_misspelt.yaml": [  # a misspelt key does not hide what the walls do
        (1, 1, "unknown key 'nmae' in the map; did you mean 'name'?"),
        (9, 12, "VP zone 'b' cannot be reached from start area 'A'"),
        (10, 11, "start areas 'A' and 'B' cannot reach each other: walls divide the map"),
        (12, 3, "VP zone 'a' cannot be reached from start area 'B'")],
    "map_comment_row.yaml": [
        (5, 3, "row 2 of the terrain is a comment ('# the river'): inside a '|' block it becomes a row; put it "
               "above the block's key")],  # and not eight unknown symbols, nor a ragged row
    "map_rows_run_together.yaml": [
        (7, 3, "the rows of the zones ran together into one line: put '|' after the key ('zones: |') so each "
               "row keeps its own line")],
    "map_commented_symbol.yaml": [
        (5, 3, "'#: difficult' is a YAML comment, so the legend does not have it; quote the symbol: "
               "\"#\": difficult")],
    "map_unquoted_star.yaml": [
        (4, 4, "invalid YAML: a key or value that starts with '*' or '&' must be quoted (e.g. \"*\": smoke) "
               "[expected alphabetic or numeric character, but found ':' (while scanning an alias)]")],
    # --- warbands --------------------------------------------------------------------
    "warband_unknown_card.yaml": [
        (5, 5, "unknown card 'gatehouse-crossbowmen'; did you mean 'gatehouse-crossbowman'? "
         "(a card of your own needs its file: --cards FILE)")],
    "warband_unknown_faction.yaml": [(2, 10, "unknown faction 'Civilisation'; did you mean 'Civilization'?")],
    "warband_wrong_count.yaml": [(4, 42, "expected a whole number for the count of creature entry 1; got text '3'")],
    "warband_is_a_map.yaml": [(1, 1, "this is a map file; expected a warband file")],
    "warband_illegal.yaml": [
        (3, 9, "The warband costs 107 points; the limit is 100 [WB-3]"),
        (7, 5, NOT_CIV.format("Hobgoblin Linebreaker")),
        (7, 5, MIXED.format("Hobgoblin Linebreaker")),
        (8, 5, NOT_CIV.format("Hexbinder Witch")),
        (8, 5, MIXED.format("Hexbinder Witch"))],
    "warband_too_many.yaml": [
        (4, 12, "The warband has 11 creatures; a 200-point warband may have at most 10 [WB-4]")],
    "warband_unique_twice.yaml": [(6, 5, "Silverhelm Knight-Captain is Unique and may appear only once [WB-6]")],
    "warband_misspelt_key.yaml": [(4, 1, "unknown key 'creaturs' in the warband; did you mean 'creatures'?")],
    "warband_too_expensive.yaml": [
        (5, 5, "Lightless Abomination costs 83 points; in a 100-point warband no creature may cost more "
               "than 75 [WB-4]")],
    "warband_many_faults.yaml": [  # a misspelt faction is one problem, not one per creature
        (2, 10, "unknown faction 'Civilisation'; did you mean 'Civilization'?"),
        (3, 9, "The warband costs 144 points; the limit is 100 [WB-3]"),
        (6, 5, "Silverhelm Knight-Captain is Unique and may appear only once [WB-6]"),
        (7, 42, "expected a whole number for the count of creature entry 3; got text 'none'"),
        (8, 5, "unknown card 'gatehouse-crossbowmen'; did you mean 'gatehouse-crossbowman'? "
         "(a card of your own needs its file: --cards FILE)")],
    "warband_tab_indent.yaml": [
        (4, 1, "invalid YAML: tab character: indent with spaces [found character '\\t' that cannot start "
               "any token (while scanning for the next token)]")],
}


def load(path: Path) -> None:
    kind = path.name.split("_")[0]
    if kind == "card":
        load_catalogue([path])
    elif kind == "map":
        load_map(path)
    else:
        load_warband(path)


def test_every_fixture_has_an_expectation():
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_reports_exact_position_and_message(name):
    path = BAD / name
    with pytest.raises(ContentError) as caught:
        load(path)
    err = caught.value
    assert [(p.line, p.col, p.message) for p in err.problems] == EXPECTED[name]
    assert all(p.path == str(path) and p.severity == "error" for p in err.problems)
    assert str(err) == "\n".join(f"{path}:{line}:{col}: error: {msg}" for line, col, msg in EXPECTED[name])


def test_problem_one_line_forms():
    assert str(Problem("m.yaml", 3, 7, "bad")) == "m.yaml:3:7: error: bad"
    assert str(Problem("m.yaml", 0, 0, "cannot read file")) == "m.yaml: error: cannot read file"
    assert str(Problem("m.yaml", 1, 1, "hm", "warning")) == "m.yaml:1:1: warning: hm"


def test_missing_file_is_a_content_error(tmp_path):
    with pytest.raises(ContentError) as caught:
        load_map(tmp_path / "nope.yaml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.col) == (0, 0) and problem.message.startswith("cannot read file")


def test_oversized_file_is_refused(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("name: x\n" + "# padding\n" * 120_000)
    with pytest.raises(ContentError) as caught:
        load_map(big)
    assert caught.value.problems[0].message.startswith("file too large")


def test_warband_with_custom_catalogue(tmp_path):
    cards = load_catalogue([BAD.parent / "good" / "cards.yaml"])
    wb = load_warband(BAD.parent / "good" / "warband.yaml", cards)
    assert [c.id for c in wb.cards] == ["test-soldier", "test-soldier", "test-archer"]
    assert wb.point_limit == 100 and wb.faction == "Civilization"


def test_WB_4_a_one_square_start_area_is_said_in_the_singular(tmp_path):
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text("name: Tiny\nterrain: |\n  ..........\n  ..........\nzones: |\n"
                    "  A........b\n  a.......BB\n")
    with pytest.raises(ContentError) as caught:
        load_map(tiny)
    assert "start area 'A' has 1 square; a 200-point battle needs room for 10 creatures" in str(caught.value)


def test_TER_PIT_vp_zone_all_on_pits_is_an_error_but_one_square_off_the_pits_is_not(tmp_path):
    text = (BAD / "map_zone_on_pits.yaml").read_text()
    with pytest.raises(ContentError, match="lies entirely on pit squares"):
        load_map(BAD / "map_zone_on_pits.yaml")
    fixed = tmp_path / "m.yaml"
    fixed.write_text(text.replace("  .....OOOO.", "  .....O.OO."))  # one zone square on clear ground
    assert load_map(fixed).vp_zones["B"] == frozenset({(6, 1), (7, 1)})


def test_TER_TELEPORT_a_lone_teleporter_is_an_error_but_two_are_fine(tmp_path):
    text = (BAD / "map_one_teleporter.yaml").read_text()
    two = tmp_path / "m.yaml"
    two.write_text(text.replace("  ..........\n  ..........\nzones", "  ......@...\n  ..........\nzones"))
    assert load_map(two).name == "Lone teleporter"
    with pytest.raises(ContentError, match="only one teleporter"):
        load_map(BAD / "map_one_teleporter.yaml")


def test_MOV_2_vp_zone_with_no_square_to_stop_on_is_an_error_naming_what_covers_it(tmp_path):
    text = (BAD / "map_zone_on_pits.yaml").read_text()
    statues = tmp_path / "statues.yaml"
    statues.write_text(text.replace("  .....OOOO.", "  ......&_..").replace(
        "terrain: |", 'legend: {"_": low-obstacle}\nterrain_types:\n  - {name: Spike Field, symbol: "&", '
                      'stop: false, cost: 2}\nterrain: |'))
    with pytest.raises(ContentError) as caught:
        load_map(statues)
    assert [str(p) for p in caught.value.problems] == [
        f"{statues}:13:9: error: VP zone 'b' has no square a move may end on (every square is 'Spike Field' or "
        "a low obstacle), so no creature can ever stand in it and score; put at least one of its "
        "squares on ground a creature may stop on [MOV-2, SCN-ASSAULT]"]
    mixed = tmp_path / "mixed.yaml"       # a pit and a statue: still nowhere to stop for a walker
    mixed.write_text(text.replace("  .....OOOO.", "  .....OSOO."))
    with pytest.raises(ContentError, match="every square is a pit or a statue"):
        load_map(mixed)
    fixed = tmp_path / "fixed.yaml"       # one square of clear ground is enough
    fixed.write_text(text.replace("  .....OOOO.", "  .....SS.S."))
    assert load_map(fixed).vp_zones["B"] == frozenset({(6, 1), (7, 1)})
