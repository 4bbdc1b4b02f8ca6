"""Saves decoded as hostile input (issue 22): every field's type is checked and a wrong one is one
clear line naming the file, the field's dotted path and what was expected; limits hold; only regular
files are opened; names are cleaned.  Generated variants and hypothesis run every reader."""
from __future__ import annotations

import copy
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies

from tactica.client.export import export_log
from tactica.content.limits import MAX_NAME, MAX_SAVE_BYTES
from tactica.saves.codec import SaveError, SaveFile
from tactica.saves.replay import rebuild
from tactica.saves.store import load_save

from .helpers import play

#: Words of Python's own that must never reach a player.
PYTHON_WORDS = ("Traceback", "object has no attribute", "NoneType", "not subscriptable", "unhashable",
                "KeyError", "invalid literal", "takes ", "argument", "not iterable")


def _doc() -> dict:
    """A real battle's save with notes and an opponent, as decoded JSON."""
    _, save = play(5, steps=60)
    save.notes = [(3, 0, "AI (normal) moves Guard"), (7, None, "a line without colour")]
    save.players = {"ai": "normal", "ai_player": 2, "intent": True}
    return json.loads(save.to_json())


DOC = _doc()


def _paths(value: Any, path: str = "") -> list[tuple[str, tuple]]:
    """(dotted path, key sequence) of every value inside ``value``."""
    out = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        where = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else key)
        out.append((where, (key,)))
        out.extend((w, (key, *keys)) for w, keys in _paths(child, where))
    return out


def _replaced(doc: dict, keys: tuple, new: Any) -> dict:
    out = copy.deepcopy(doc)
    target = out
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = new
    return out


def _shape(path: str) -> str:
    return re.sub(r"\[\d+\]", "[]", path)


#: One field of each kind (the first of each path shape): about 150.
FIELDS = list({_shape(p): (p, k) for p, k in reversed(_paths(DOC))}.values())
WRONG = ["fast", 3.5, [], {}, None, True, -10**12, "1"]


def _read_all(text: str, source: str = "x.json") -> None:
    """Every reader of a save: decode, replay with checks, the battle log export."""
    save = SaveFile.from_json(text, source)
    rebuild(save)
    export_log(save)


def _at(doc: Any, keys: tuple) -> Any:
    for key in keys:
        doc = doc[key]
    return doc


def test_every_field_of_the_wrong_type_is_refused_naming_it_or_loads():
    """Each field of each kind, given each wrong value, is refused by the decoder naming that field
    (a list or mapping replaced may make another field wrong: that one is named), or loads and
    replays (a null where null is allowed), or the replay refuses it: only SaveError comes out."""
    refused = 0
    for path, keys in FIELDS:
        leaf = not isinstance(_at(DOC, keys), (list, dict))
        for wrong in WRONG:
            try:
                _read_all(json.dumps(_replaced(DOC, keys, wrong)))
            except SaveError as exc:
                message = str(exc)
                assert not any(w in message for w in PYTHON_WORDS), message
                assert "\n" not in message
                if "the save is damaged: " in message:
                    assert message.startswith("x.json: the save is damaged: ")
                    named = message.split("the save is damaged: ", 1)[1].split(":")[0]
                    assert re.fullmatch(r"([a-z_]+(\.\w+|\[\d+\])*)?", named), message
                    assert not leaf or path.startswith(named) or named == "", (path, message)
                    refused += 1
    assert refused > len(FIELDS) * 4  # most wrong values of most fields are refused by the decoder itself


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(version="1"), "x.json: the save's version is the text \"1\"; expected a whole number"),
    (lambda d: d.update(version=None), "x.json: the save has no version number"),
    (lambda d: d["maps"][0]["terrain"].__setitem__(0, "Z" * len(d["maps"][0]["terrain"][0])),
     "x.json: the save is damaged: maps[0].terrain[0]: unknown terrain symbol \"Z\" at square [0, 0]"),
    (lambda d: d.update(notes=[{"step": 1, "player": 9, "text": "t"}]),
     "x.json: the save is damaged: notes[0].player: expected a whole number from 0 to 1, got the number 9"),
    (lambda d: d["actions"][5].update(square="a"), "actions[5]."),
    (lambda d: d["summary"].update(round="3"), "summary.round: expected a whole number, got the text \"3\""),
    (lambda d: d["warbands"][1]["cards"][0]["attacks"][0].update(kind="zap"),
     "warbands[1].cards[0].attacks[0].kind: expected one of"),
    (lambda d: d["maps"][0]["start_areas"]["A"].append([500, 0]), "the square [500, 0] is off the 12×8 map"),
    (lambda d: d["maps"][0].update(terrain=["." * 120] * 10), "maps[0].terrain[0]: a map 120 squares wide"),
    (lambda d: d.update(rules=[1]), "x.json: the save is damaged: rules: expected a mapping of keys, got a list of 1"),
    (lambda d: d["players"].update(ai_player=7), "players.ai_player: expected a whole number from 1 to 2"),
    (lambda d: d["players"].update(cursor=[3]), "players.cursor: expected [column, row], got 1 numbers"),
    (lambda d: d["players"].update(cursor=[3, -1]), "players.cursor[1]: expected a whole number from 0"),
    (lambda d: d["players"].update(threats="later"), "players.threats: expected one of now, all, got 'later'"),
    (lambda d: d["maps"][0].update(rules=["grid35", "hexes"]), "maps[0].rules[1]: unknown rule module \"hexes\"; "
                                                               "expected one of grid35"),
    (lambda d: d["rules"].update(modules="grid35"), "rules.modules: expected a list, got the text \"grid35\""),
])
def test_clear_messages(change, words):
    doc = copy.deepcopy(DOC)
    change(doc)
    with pytest.raises(SaveError) as caught:
        SaveFile.from_json(json.dumps(doc), "x.json")
    assert words in str(caught.value)


@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"a": ' * 1000 + "1" + "}" * 1000,
                                  json.dumps(DOC)[:-1] + ', "x": ' + "[" * 30 + "]" * 30 + "}",
                                  '{"format": "tactica-save", "version": 1, "seed": ' + "9" * 5000 + "}"],
                         ids=["lists-1000-deep", "mappings-1000-deep", "a-30-deep-key", "a-5000-digit-seed"])
def test_deep_nesting_and_huge_numbers_are_refused_without_a_recursion_error(text):
    with pytest.raises(SaveError) as caught:
        SaveFile.from_json(text, "x.json")
    assert re.match(r"x\.json: (nested too deeply: more than 24 levels|a number of thousands of digits)",
                    str(caught.value))


def test_a_25_mb_save_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    doc = copy.deepcopy(DOC)
    doc["maps"][0]["terrain"] = ["." * 5000] * 5000
    path.write_text(json.dumps(doc))
    start = time.process_time()
    with pytest.raises(SaveError, match=f"file too large: {path.stat().st_size} bytes; at most {MAX_SAVE_BYTES}"):
        load_save(path)
    assert time.process_time() - start < 0.5


def test_a_1000_round_sized_save_loads():
    """60,000 actions (about 1,000 rounds of a four-player battle), a checkpoint every 25 and
    20,000 notes: decoded within the limits (not replayed: the actions repeat)."""
    doc = copy.deepcopy(DOC)
    doc["actions"] = (doc["actions"] * 1000)[:60_000]
    doc["checkpoints"] = [{"step": i, "digest": "0123456789abcdef"} for i in range(25, 60_001, 25)]
    doc["notes"] = [{"step": i, "player": 0, "text": "AI (normal) attacks"} for i in range(1, 60_000, 3)]
    text = json.dumps(doc, indent=1)
    assert len(text) < MAX_SAVE_BYTES
    assert len(SaveFile.from_json(text).actions) == 60_000


def test_only_regular_files_are_opened(tmp_path):
    os.mkfifo(tmp_path / "fifo.json")
    os.symlink(tmp_path / "fifo.json", tmp_path / "to-fifo.json")
    (tmp_path / "good.json").write_text(json.dumps(DOC))
    os.symlink(tmp_path / "good.json", tmp_path / "to-good.json")
    fifo = "a FIFO (named pipe)"
    for path, kind in ((tmp_path / "fifo.json", fifo), (tmp_path / "to-fifo.json", fifo), (tmp_path, "a folder"),
                       (Path(os.devnull), "a device")):
        with pytest.raises(SaveError) as caught:
            load_save(path)
        assert str(caught.value) == f"{path}: {kind}, not a save file"
    assert load_save(tmp_path / "to-good.json").seed == DOC["seed"]  # a link to a regular file is followed


def test_names_are_cleaned_and_cut_and_notes_cleaned():
    doc = copy.deepcopy(DOC)
    doc["warbands"][0]["name"] = "Re\u202eds\u2066\x1b[31m\x85" + "y" * 300
    doc["maps"][0]["name"] = "Ruin\u202a\u2069"
    doc["notes"][0]["text"] = "AI\x1b[2J moves\u202e"
    save = SaveFile.from_json(json.dumps(doc))
    name = save.warbands[0].name
    assert name.startswith("Reds[31my") and len(name) == MAX_NAME and name.endswith("…")
    assert save.maps[0].name == "Ruin" and save.notes[0][2] == "AI[2J moves"


# -- hypothesis: structure-aware, every reader ------------------------------------------------
ALL_PATHS = _paths(DOC)
HOSTILE = strategies.one_of(
    strategies.sampled_from(WRONG + ["", "\u202e" * 3, "x" * 5000, 0, -1, 2**63, 10**9 + 1, False, [[0, 0]],
                                     {"kind": "heal"}, [None], ["Z"]]),
    strategies.integers(-(2**70), 2**70), strategies.text(max_size=12),
    strategies.floats(allow_nan=True, allow_infinity=True),
    strategies.lists(strategies.integers(-3, 200), max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.lists(strategies.tuples(strategies.sampled_from(ALL_PATHS), HOSTILE), min_size=1, max_size=3))
def test_generated_hostile_saves_give_save_errors_only(changes):
    doc = DOC
    for (_, keys), new in changes:
        try:
            doc = _replaced(doc, keys, new)
        except (KeyError, IndexError, TypeError):  # an earlier change removed the place
            continue
    try:
        text = json.dumps(doc)
    except ValueError:
        return
    try:
        _read_all(text)
    except SaveError as exc:
        assert not any(w in str(exc) for w in PYTHON_WORDS), str(exc)


@pytest.mark.parametrize("text", ["[" * 8_000_000 + "]" * 8_000_000, "[[]" * 4_000_000 + "]" * 4_000_000,
                                  ("[" + "[[]]") * 2_000_000 + "]" * 2_000_000],
                         ids=["a-16-mb-tower", "one-level-deeper-each-sibling", "two-levels-a-step"])
def test_deep_nesting_at_the_size_limit_is_refused_fast(text):
    start = time.process_time()
    with pytest.raises(SaveError, match="nested too deeply"):
        SaveFile.from_json(text, "x.json")
    assert time.process_time() - start < 2.0  # about 0.1 to 0.8 s measured
