"""Card files of one's own (``--cards``): added to the shipped catalogue, never replacing a shipped card."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tactica.content import ContentError, catalogue_with, load_catalogue, load_warband, shipped_card_files
from tactica.content.loader import read_catalogue
from tactica.content.validate import validate_paths

GOOD = Path(__file__).parent / "fixtures" / "good"
CARDS, BAND = GOOD / "cards.yaml", GOOD / "warband.yaml"
NEEDS = "(a card of your own needs its file: --cards FILE)"


def _shipped_line(cid: str) -> str:
    """"path:line" of a shipped card's id."""
    for path in shipped_card_files():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip() == f"- id: {cid}":
                return f"{path}:{number}"
    raise AssertionError(cid)


def test_own_cards_join_the_shipped_catalogue():
    catalogue = catalogue_with([str(CARDS)])
    assert {"test-soldier", "test-archer"} <= set(catalogue)
    assert set(load_catalogue()) < set(catalogue)  # every shipped card is still there
    assert "test-soldier" not in load_catalogue()  # the shipped (cached) catalogue is untouched
    wb = load_warband(BAND, catalogue)
    assert [c.id for c in wb.cards] == ["test-soldier", "test-soldier", "test-archer"]
    assert catalogue_with([]) == load_catalogue()


def test_a_card_with_a_shipped_cards_id_is_an_error_naming_both_files(tmp_path):
    text = CARDS.read_text().replace("id: test-soldier", "id: lamplighter-watchman")
    mine = tmp_path / "mine.yaml"
    mine.write_text(text)
    with pytest.raises(ContentError) as caught:
        catalogue_with([str(mine)])
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "lamplighter-watchman" in t)
    assert [str(p) for p in caught.value.problems] == [
        f"{mine}:{line}:9: error: card id 'lamplighter-watchman' is a shipped card's "
        f"({_shipped_line('lamplighter-watchman')}); a card file of your own adds cards and never replaces "
        "one: give this card another id"]
    # validate says the same
    problems, _ = validate_paths([str(mine)])
    assert [str(p) for p in problems] == [str(p) for p in caught.value.problems]


def test_a_card_id_in_two_own_files_names_the_first(tmp_path):
    again = tmp_path / "again.yaml"
    shutil.copy(CARDS, again)
    with pytest.raises(ContentError) as caught:
        catalogue_with([str(CARDS), str(again)])
    lines = [str(p) for p in caught.value.problems]
    assert lines[0] == f"{again}:3:9: error: duplicate card id 'test-soldier' (first defined at {CARDS}:3)"
    assert len(lines) == 2


def test_the_same_file_twice_and_a_shipped_file_are_read_once():
    shipped = str(shipped_card_files()[0])
    assert catalogue_with([str(CARDS), str(CARDS), shipped]) == catalogue_with([str(CARDS)])


def test_errors_in_an_own_card_file_have_file_line_and_column(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(CARDS.read_text().replace("cost: 12", "cost: twelve"))
    catalogue, problems, broken = read_catalogue([str(mine)])
    assert [str(p) for p in problems] == [
        f"{mine}:5:11: error: expected a whole number for the cost of card 'test-soldier'; got text 'twelve'"]
    assert "test-archer" in catalogue and broken == {"test-soldier": str(mine)}


@pytest.mark.parametrize("what, text, expected", [
    ("warband", BAND.read_text(), "this is a warband file; expected a card file"),
    ("missing", None, "no such file or folder"),  # as tactica validate --cards says it
])
def test_cards_must_name_a_card_file(tmp_path, what, text, expected):
    path = tmp_path / f"{what}.yaml"
    if text is not None:
        path.write_text(text)
    with pytest.raises(ContentError) as caught:
        catalogue_with([str(path)])
    assert [p.message for p in caught.value.problems] == [expected]
    assert str(caught.value).startswith(str(path))


def test_an_unknown_card_names_the_card_file_beside_the_warband(tmp_path):
    (tmp_path / "cards").mkdir()
    shutil.copy(CARDS, tmp_path / "cards" / "mine.yaml")
    shutil.copy(BAND, tmp_path / "band.yaml")
    with pytest.raises(ContentError) as caught:
        load_warband(tmp_path / "band.yaml")
    where = tmp_path / "cards" / "mine.yaml"
    assert str(caught.value.problems[0]) == (
        f"{tmp_path / 'band.yaml'}:5:12: error: unknown card 'test-soldier': it is in {where}, which was not "
        f"loaded; add --cards {where}")


def test_an_unknown_card_far_from_any_card_file_mentions_cards(tmp_path):
    band = tmp_path / "band.yaml"
    band.write_text(BAND.read_text().replace("test-archer", "test-archr"))
    with pytest.raises(ContentError) as caught:
        load_warband(band, catalogue_with([str(CARDS)]))
    assert [p.message for p in caught.value.problems] == [
        f"unknown card 'test-archr'; did you mean 'test-archer'? {NEEDS}"]
    shutil.copy(BAND, band)
    with pytest.raises(ContentError) as caught:
        load_warband(band)
    assert caught.value.problems[0].message == (
        f"unknown card 'test-soldier': neither a shipped card nor in a --cards file {NEEDS}")


def test_validate_takes_cards_too(tmp_path):
    assert validate_paths([str(BAND)], [str(CARDS)]) == ([], 2)
    problems, count = validate_paths([str(BAND)], [str(BAND)])
    assert count == 1 and problems[0].message == "--cards names card files; this is a warband file"
