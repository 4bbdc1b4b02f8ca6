"""The cache of parsed content files (``tactica.content.cache``): served only for the same bytes read without a
problem; an entry is hostile input (a broken or tampered one is a miss, read again and written anew)."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from tactica.content import ContentError, cache, shipped
from tactica.content.loader import load_map, read_card_files


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
    return sorted(folder.glob(f"*{cache.SUFFIX}")) if folder.exists() else []


def _rewrite(entry: Path, change) -> None:
    """Give ``entry`` the body ``change(body)`` (plain data) with a header that vouches for it."""
    head, _, body = entry.read_bytes().partition(b"\n")
    magic, version, key, _ = head.decode().split(" ")
    new = json.dumps(change(json.loads(body))).encode()
    entry.write_bytes(f"{magic} {version} {key} {hashlib.sha256(new).hexdigest()}\n".encode() + new)


def test_a_file_read_without_a_problem_is_served_from_the_cache_as_read(cache_folder, card_file, monkeypatch):
    first = read_card_files([card_file])
    assert not first[1] and first[0]
    assert len(_entries(cache_folder)) == 1
    from tactica.content import cards
    monkeypatch.setattr(cards, "parse_card_file", lambda *a: pytest.fail("parsed again"))
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
    entry.write_bytes(b"not an entry")
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
    assert cache.load("cards", card_file.read_bytes(), lambda raw: raw) is not None
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "other code")
    assert cache.load("cards", card_file.read_bytes(), lambda raw: raw) is None


def test_the_code_fingerprint_is_a_hash_of_the_readers_source(tmp_path, monkeypatch):
    """Another tactica version, or one byte of another source of content or engine, is other code."""
    import tactica.content.cache as module
    before = cache.code_fingerprint()
    cache.code_fingerprint.cache_clear()
    try:
        monkeypatch.setattr(module, "__version__", "0.0.0-other")
        assert cache.code_fingerprint() != before
        monkeypatch.undo()
        cache.code_fingerprint.cache_clear()
        assert cache.code_fingerprint() == before
        real = Path.read_bytes
        monkeypatch.setattr(Path, "read_bytes", lambda self: real(self) + (b"#" if self.name == "model.py" else b""))
        cache.code_fingerprint.cache_clear()
        assert cache.code_fingerprint() != before
    finally:
        monkeypatch.undo()
        cache.code_fingerprint.cache_clear()


def test_a_file_defining_a_card_twice_reports_it_every_time(cache_folder, tmp_path):
    bad = Path(__file__).parent / "fixtures" / "bad" / "card_duplicate_id.yaml"
    for _ in range(2):
        _, problems, _ = read_card_files([bad])
        assert any("duplicate card id" in p.message for p in problems)
    assert _entries(cache_folder) == []


def _parse_again_count(monkeypatch) -> list[int]:
    from tactica.content import cards
    parsed = [0]
    real = cards.parse_card_file

    def counting(*args):
        parsed[0] += 1
        return real(*args)
    monkeypatch.setattr(cards, "parse_card_file", counting)
    return parsed


def test_an_entry_is_json_with_a_header_naming_its_key_and_the_hash_of_its_body(cache_folder, card_file):
    read_card_files([card_file])
    (entry,) = _entries(cache_folder)
    head, _, body = entry.read_bytes().partition(b"\n")
    magic, version, key, digest = head.decode().split(" ")
    assert (magic, version) == (cache.MAGIC, str(cache.ENTRY_VERSION))
    assert key == entry.stem == cache.entry_key("cards", card_file.read_bytes())
    assert digest == hashlib.sha256(body).hexdigest()
    assert isinstance(json.loads(body), list)
    assert b"pickle" not in entry.read_bytes()


@pytest.mark.parametrize("damage", [
    lambda e: e.write_bytes(e.read_bytes()[:-40]),  # truncated: the body's hash no longer matches
    lambda e: e.write_bytes(e.read_bytes().replace(b'"hp":', b'"hp" :', 1)),  # edited without the header
    lambda e: e.write_bytes(b"tactica-content-cache 2 " + b"0" * 64 + b" 00\n[]"),  # another key
    lambda e: _rewrite(e, lambda body: [[{**body[0][0], "hp": "many"}, body[0][1]]] + body[1:]),  # a wrong type
    lambda e: _rewrite(e, lambda body: [[{**body[0][0], "hp": True}, body[0][1]]] + body[1:]),  # a bool for an int
    lambda e: _rewrite(e, lambda body: [[{**body[0][0], "@": "GameState"}, body[0][1]]] + body[1:]),  # a class
    lambda e: _rewrite(e, lambda body: [[{**body[0][0], "evil": 1}, body[0][1]]] + body[1:]),  # an unknown field
    lambda e: _rewrite(e, lambda body: [[{k: v for k, v in body[0][0].items() if k != "id"}, 3]]),  # a missing one
    lambda e: _rewrite(e, lambda body: [[body[0][0], 0]]),  # a card at line 0
    lambda e: _rewrite(e, lambda body: []),  # no card at all
    lambda e: _rewrite(e, lambda body: {"cards": body}),  # not a list
], ids=["truncated", "edited", "other-key", "wrong-type", "bool-for-int", "other-class", "unknown-field",
        "missing-field", "line-0", "empty", "not-a-list"])
def test_a_broken_or_tampered_entry_is_ignored_and_rewritten(cache_folder, card_file, monkeypatch, damage):
    first = read_card_files([card_file])
    (entry,) = _entries(cache_folder)
    good = entry.read_bytes()
    damage(entry)
    parsed = _parse_again_count(monkeypatch)
    assert read_card_files([card_file]) == first  # read again from the file: the same cards and places
    assert parsed == [1]
    assert entry.read_bytes() == good  # written anew
    assert read_card_files([card_file]) == first and parsed == [1]  # and served again


@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink-to-fifo", "too-large"])
def test_an_entry_that_is_not_a_small_regular_file_is_a_miss(cache_folder, card_file, monkeypatch, kind):
    first = read_card_files([card_file])
    (entry,) = _entries(cache_folder)
    entry.unlink()
    if kind == "folder":
        entry.mkdir()
    elif kind == "fifo":
        os.mkfifo(entry)
    elif kind == "symlink-to-fifo":
        os.mkfifo(cache_folder / "fifo")
        entry.symlink_to(cache_folder / "fifo")
    else:
        entry.write_bytes(b"x" * (cache.MAX_ENTRY_BYTES + 1))
    parsed = _parse_again_count(monkeypatch)
    assert read_card_files([card_file]) == first  # never blocks on a FIFO, never reads 4 MB of junk
    assert parsed == [1]


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    target = tmp_path / "maps" / "crossroads-ruin.yaml"
    target.parent.mkdir()
    shutil.copyfile(next(p for p in shipped.shipped_maps() if p.stem == "crossroads-ruin"), target)
    return target


def test_a_map_read_without_a_problem_is_served_from_the_cache(cache_folder, map_file, monkeypatch):
    first = load_map(map_file)
    assert len(_entries(cache_folder)) == 1
    from tactica.content import maps
    monkeypatch.setattr(maps, "parse_map", lambda *a: pytest.fail("parsed again"))
    assert load_map(map_file) == first


def test_a_changed_map_is_read_again(cache_folder, map_file):
    first = load_map(map_file)
    map_file.write_text(map_file.read_text(encoding="utf-8").replace(f"name: {first.name}", "name: Other", 1),
                        encoding="utf-8")
    assert load_map(map_file).name == "Other"


def test_the_same_map_under_another_name_is_its_own_map(cache_folder, map_file):
    first = load_map(map_file)
    twin = map_file.with_name("twin.yaml")
    shutil.copyfile(map_file, twin)
    assert load_map(twin).id == "twin" and first.id == "crossroads-ruin"


def test_a_broken_map_is_never_stored_and_reports_its_problem_every_time(cache_folder, map_file):
    load_map(map_file)
    text = map_file.read_text(encoding="utf-8")
    map_file.write_text(text.replace("\nname: ", "\nname: [", 1), encoding="utf-8")  # a YAML syntax error
    for _ in range(2):
        with pytest.raises(ContentError) as caught:
            load_map(map_file)
        assert caught.value.problems[0].line >= 1
    assert len(_entries(cache_folder)) == 1  # only the good version's entry


@pytest.mark.parametrize("name", ["map_unfair.yaml", "map_favours_one_side.yaml"])
def test_a_map_with_a_warning_is_never_stored(cache_folder, name):
    load_map(Path(__file__).parent / "fixtures" / "warn" / name)
    assert _entries(cache_folder) == []


def test_a_tampered_map_entry_is_ignored_and_rewritten(cache_folder, map_file):
    first = load_map(map_file)
    (entry,) = _entries(cache_folder)
    good = entry.read_bytes()
    _rewrite(entry, lambda body: {**body, "terrain": [["not terrain"]]})
    assert load_map(map_file) == first
    assert entry.read_bytes() == good


def test_the_default_folder_is_the_user_cache_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "tactica" / "content"
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "mine"))
    assert cache.cache_dir() == tmp_path / "mine"


def test_an_unwritable_folder_costs_only_speed(tmp_path, card_file, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker / "cache"))
    assert read_card_files([card_file])[0]


@pytest.fixture
def warband_file(tmp_path: Path) -> Path:
    target = tmp_path / "warbands" / "silverhelm-vanguard.yaml"
    target.parent.mkdir()
    shutil.copyfile(next(p for p in shipped.shipped_warbands() if p.stem == "silverhelm-vanguard"), target)
    return target


def test_a_warband_read_without_a_problem_is_served_with_the_catalogues_own_cards(cache_folder, warband_file,
                                                                                 monkeypatch):
    from tactica.content import load_catalogue, load_warband, warbands
    load_catalogue()
    before = len(_entries(cache_folder))
    first = load_warband(warband_file)
    assert len(_entries(cache_folder)) == before + 1
    monkeypatch.setattr(warbands, "parse_warband", lambda *a: pytest.fail("parsed again"))
    again = load_warband(warband_file, load_catalogue())
    assert again == first
    catalogue = load_catalogue()
    assert all(card is catalogue[card.id] for card in again.cards)


def test_a_warband_against_other_cards_is_read_again(cache_folder, warband_file, monkeypatch):
    from tactica.content import load_catalogue, load_warband
    catalogue = load_catalogue()
    before = len(_entries(cache_folder))
    load_warband(warband_file)
    some = next(iter(catalogue))
    other = {**catalogue, some: __import__("dataclasses").replace(catalogue[some], cost=catalogue[some].cost + 1)}
    parsed = []
    from tactica.content import warbands
    real = warbands.parse_warband
    monkeypatch.setattr(warbands, "parse_warband", lambda *a: parsed.append(1) or real(*a))
    load_warband(warband_file, other)
    assert parsed == [1]  # cards of the player's own: never from the cache
    assert len(_entries(cache_folder)) == before + 1


def test_a_changed_warband_is_read_again_and_a_broken_one_never_stored(cache_folder, warband_file):
    from tactica.content import load_catalogue, load_warband
    load_catalogue()
    before = len(_entries(cache_folder))
    load_warband(warband_file)
    text = warband_file.read_text(encoding="utf-8")
    warband_file.write_text(text + "\nnot: [closed\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError) as caught:
            load_warband(warband_file)
        assert caught.value.problems[0].line >= 1
    assert len(_entries(cache_folder)) == before + 1


def test_a_tampered_warband_entry_naming_an_unknown_card_is_rewritten(cache_folder, warband_file):
    from tactica.content import load_catalogue, load_warband
    load_catalogue()
    before = set(_entries(cache_folder))
    first = load_warband(warband_file)
    (entry,) = set(_entries(cache_folder)) - before
    good = entry.read_bytes()
    _rewrite(entry, lambda body: {**body, "cards": ["no-such-card"]})
    assert load_warband(warband_file) == first
    assert entry.read_bytes() == good
