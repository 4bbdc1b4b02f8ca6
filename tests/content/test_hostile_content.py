"""Content files read as hostile input (issue 22): the shared limits let every legitimate file pass
(a card file of 200 cards), only regular files are opened (a FIFO, a device, a folder or a link to a
FIFO given to validate, --map, --warband or --cards is refused at once), names are cleaned and
capped, and hypothesis-generated files (valid shapes, wrong types, extreme values) give ContentError
only."""
from __future__ import annotations

import copy
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies

from tactica import cli
from tactica.content import (
    ContentError,
    load_catalogue,
    load_map,
    load_warband,
    shipped_card_files,
    shipped_maps,
    shipped_warbands,
)
from tactica.content.limits import MAX_CONTENT_VALUES, MAX_NAME
from tactica.content.validate import validate_paths

CARDS = yaml.safe_load(sorted(shipped_card_files())[0].read_text(encoding="utf-8"))


def test_a_card_file_of_200_cards_loads(tmp_path):
    shipped = [c for f in sorted(shipped_card_files()) for c in yaml.safe_load(f.read_text())["cards"]]
    cards = [dict(copy.deepcopy(shipped[i % len(shipped)]), id=f"own-{i}", name=f"Own Card {i}") for i in range(200)]
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump({"cards": cards}, sort_keys=False))
    assert sum(1 for _ in yaml.parse(path.read_text())) > 5_000  # the old cap refused it
    start = time.process_time()
    assert len(load_catalogue([path])) == 200
    print(f"200 cards: {time.process_time() - start:.2f} s CPU")


def test_a_flood_of_values_is_still_refused(tmp_path):
    path = tmp_path / "flood.yaml"
    path.write_text("cards: [" + "1, " * (MAX_CONTENT_VALUES + 10) + "]\n")
    with pytest.raises(ContentError) as caught:
        load_catalogue([path])
    assert caught.value.problems[0].message == f"too many values: more than {MAX_CONTENT_VALUES}; refused"


@pytest.fixture
def odd_files(tmp_path) -> dict[str, tuple[Path, str]]:
    """Paths that are no regular file → the words of their refusal."""
    os.mkfifo(tmp_path / "fifo.yaml")
    os.symlink(tmp_path / "fifo.yaml", tmp_path / "link.yaml")
    (tmp_path / "folder.yaml").mkdir()
    return {"fifo": (tmp_path / "fifo.yaml", "a FIFO (named pipe), not a regular file; refused"),
            "link": (tmp_path / "link.yaml", "a FIFO (named pipe), not a regular file; refused"),
            "device": (Path(os.devnull), "a device, not a regular file; refused"),  # the platform null device
            "folder": (tmp_path / "folder.yaml", "a folder, not a regular file; refused")}


def test_the_loaders_open_only_regular_files(odd_files):
    for name, (path, words) in odd_files.items():
        for load in (load_map, load_warband, lambda p: load_catalogue([p])):
            if name == "folder" and load is not load_map:
                continue  # a folder of card files is read file by file; checked below through load_map
            with pytest.raises(ContentError) as caught:
                load(path)
            assert str(caught.value) == f"{path}: error: {words}"


@pytest.mark.parametrize("option", ["--map", "--warband", "--cards"])
def test_sim_refuses_a_fifo_or_a_device_at_once(odd_files, capsys, option):
    for name in ("fifo", "link", "device"):
        path, words = odd_files[name]
        assert cli.main(["sim", option, str(path), "--games", "1"]) == 1
        assert f"{path}: error: {words}" in capsys.readouterr().err


def test_validate_refuses_a_fifo_and_a_device(odd_files):
    for name in ("fifo", "link", "device"):
        path, words = odd_files[name]
        problems, _ = validate_paths([str(path)])
        assert [p.message for p in problems] == [words]


def _card_file(tmp_path: Path, **changes: Any) -> Path:
    doc = copy.deepcopy(CARDS)
    doc["cards"][0].update(changes)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
    return path


def test_names_lose_control_and_bidirectional_characters(tmp_path):
    path = _card_file(tmp_path, name="Wat\u202echman\u2066\x1b[2J", flavor="one\nline\u202e two")
    card = next(iter(load_catalogue([path]).values()))
    assert card.name == "Watchman[2J" and card.flavor == "one\nline two"


def test_a_name_over_the_cap_is_refused(tmp_path):
    path = _card_file(tmp_path, name="x" * 250_000)
    with pytest.raises(ContentError) as caught:
        load_catalogue([path])
    assert f"is 250000 characters long; at most {MAX_NAME}" in str(caught.value)
    the_map = yaml.safe_load(sorted(shipped_maps())[0].read_text())
    the_map["name"] = "M" * (MAX_NAME + 1)
    (tmp_path / "map.yaml").write_text(yaml.safe_dump(the_map))
    with pytest.raises(ContentError, match=f"the map name is {MAX_NAME + 1} characters long; at most {MAX_NAME}"):
        load_map(tmp_path / "map.yaml")


# -- hypothesis: valid shapes with wrong types and extreme values --------------------------------
def _paths(value: Any) -> list[tuple]:
    out: list[tuple] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        out.append((key,))
        out.extend((key, *rest) for rest in _paths(child))
    return out


SOURCES = {kind: [(p, yaml.safe_load(p.read_text(encoding="utf-8"))) for p in sorted(files)[:2]]
           for kind, files in (("cards", shipped_card_files()), ("map", shipped_maps()),
                               ("warband", shipped_warbands()))}
HOSTILE = strategies.one_of(
    strategies.sampled_from(["fast", 3.5, [], {}, None, True, -10**12, 10**30, "", "\u202e\x1b[2J", "x" * 3000,
                             [[0, 0]], {"x": 1}, ["Z"], 0, -1, 1000, "10+5 fire", "range 99"]),
    strategies.integers(-(2**64), 2**64), strategies.text(max_size=10),
    strategies.floats(allow_nan=True, allow_infinity=True))
LOADERS = {"cards": lambda p: load_catalogue([p]), "map": load_map, "warband": load_warband}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=strategies.sampled_from(sorted(SOURCES)), pick=strategies.integers(0, 2**32), data=strategies.data())
def test_generated_hostile_content_gives_content_errors_only(kind, pick, data):
    source, doc = SOURCES[kind][pick % len(SOURCES[kind])]
    doc = copy.deepcopy(doc)
    places = _paths(doc)
    for _ in range(data.draw(strategies.integers(1, 3))):
        keys = places[data.draw(strategies.integers(0, len(places) - 1))]
        target = doc
        try:
            for key in keys[:-1]:
                target = target[key]
            target[keys[-1]] = data.draw(HOSTILE)
        except (KeyError, IndexError, TypeError):  # an earlier change removed the place
            continue
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / source.name
        path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        try:
            LOADERS[kind](path)
        except ContentError as err:
            assert err.problems and all(p.message and "\n" not in p.message for p in err.problems)
        problems, _ = validate_paths([str(path)])
        assert not any("internal error" in p.message for p in problems)
