"""The cache of parsed card files (``tactica.content.cache``): served only for the same bytes read without a problem."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tactica.content import cache, shipped
from tactica.content.loader import read_card_files


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_ENV, str(folder))
    return folder


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    source = shipped.shipped_card_files()[0]
    target = tmp_path / "cards" / source.name
    target.parent.mkdir()
    shutil.copyfile(source, target)
    return target


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pickle")) if folder.exists() else []


def test_a_file_read_without_a_problem_is_served_from_the_cache_as_read(cache_folder, card_file, monkeypatch):
    first = read_card_files([card_file])
    assert not first[1] and first[0]
    assert len(_entries(cache_folder)) == 1
    from tactica.content import loader
    monkeypatch.setattr(loader, "parse_card_file", lambda *a: pytest.fail("parsed again"))
    again = read_card_files([card_file])
    assert again == first  # the same cards, no problems, the same "file:line" of each card


def test_a_changed_file_is_read_again(cache_folder, card_file):
    cards, _, where = read_card_files([card_file])
    some_id = next(iter(cards))
    card_file.write_text(card_file.read_text().replace(f"id: {some_id}\n", f"id: {some_id}-renamed\n", 1))
    changed, problems, _ = read_card_files([card_file])
    assert not problems
    assert f"{some_id}-renamed" in changed and some_id not in changed
    assert len(_entries(cache_folder)) == 2


def test_a_broken_file_is_never_stored_and_reports_its_problem_every_time(cache_folder, card_file):
    read_card_files([card_file])
    text = card_file.read_text()
    card_file.write_text(text.replace("cards:", "cards: [", 1))  # a YAML syntax error
    for _ in range(2):
        cards, problems, _ = read_card_files([card_file])
        assert problems and problems[0].severity == "error" and problems[0].line >= 1
        assert not cards
    assert len(_entries(cache_folder)) == 1  # only the good version's entry
    card_file.write_text(text)  # mended: the good version's entry serves again
    assert read_card_files([card_file])[0]


def test_a_field_error_is_reported_at_its_position_every_time(cache_folder, card_file):
    text = card_file.read_text()
    card_file.write_text(text.replace("hp: ", "hp: -", 1))
    for _ in range(2):
        _, problems, _ = read_card_files([card_file])
        assert any(p.severity == "error" and p.line > 1 for p in problems), problems
    assert _entries(cache_folder) == []


def test_a_corrupt_entry_is_a_miss_not_an_error(cache_folder, card_file):
    first = read_card_files([card_file])
    (entry,) = _entries(cache_folder)
    entry.write_bytes(b"not a pickle")
    assert read_card_files([card_file]) == first
    entry.write_bytes(entry.read_bytes()[:0])
    assert read_card_files([card_file]) == first


def test_cached_cards_still_meet_the_duplicate_check_at_their_position(cache_folder, card_file, tmp_path):
    read_card_files([card_file])
    twin = tmp_path / "twin.yaml"
    shutil.copyfile(card_file, twin)
    _, problems, _ = read_card_files([card_file, twin])  # both bytes-identical, both in the cache
    assert problems and all(p.path == str(twin) for p in problems)
    assert "duplicate card id" in problems[0].message and problems[0].line > 1


def test_off_means_no_cache(tmp_path, card_file, monkeypatch):
    monkeypatch.setenv(cache.CACHE_ENV, "off")
    assert cache.cache_dir() is None
    assert read_card_files([card_file])[0]


def test_an_entry_of_other_code_is_not_served(cache_folder, card_file, monkeypatch):
    read_card_files([card_file])
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "other code")
    assert cache.load("cards", card_file.read_bytes()) is None


def test_a_file_defining_a_card_twice_reports_it_every_time(cache_folder, tmp_path):
    bad = Path(__file__).parent / "fixtures" / "bad" / "card_duplicate_id.yaml"
    for _ in range(2):
        _, problems, _ = read_card_files([bad])
        assert any("duplicate card id" in p.message for p in problems)
    assert _entries(cache_folder) == []
