"""A hostile saves folder, as a player's disk might hold one: every kind of bad file beside a good save."""
from __future__ import annotations

import copy
import json
import os
import time
from pathlib import Path

from tactica.saves.store import write_save

from .helpers import play

#: File stem → what is wrong with it (every one must be refused with one line naming it).
BAD = {
    "deep": "JSON nested 1,000 deep",
    "round-as-text": "summary.round is the text \"3\"",
    "speed-fast": "a card's speed is \"fast\"",
    "area-as-list": "a start area chosen as a list",
    "note-player-9": "a note naming player 9 of a two-player battle",
    "huge-map": "a 25 MB save holding a 5,000×5,000 map",
    "wide-map": "a 300×300 map in a small file",
    "version-text": "the version given as the text \"1\"",
    "terrain-z": "an unknown terrain symbol",
    "a-list": "a list, not a save",
    "fifo": "a FIFO named x.json",
    "link-to-fifo": "a symbolic link to the FIFO",
    "folder": "a folder named x.json",
    "bidi-long-name": None,  # a good save whose warband name is long and holds bidi overrides: listed
}
#: A leftover of a killed write, an hour old (removed), and one of a write in progress (kept).
STALE_TEMP, FRESH_TEMP = ".good.abcd1234.tmp", ".good.efgh5678.tmp"


def good_doc(seed: int = 6, steps: int = 40) -> dict:
    """A real unfinished battle's save as decoded JSON."""
    _, save = play(seed, steps=steps)
    return json.loads(save.to_json())


def hostile_folder(saves: Path, *, with_good: bool = True) -> Path:
    """Fill ``saves`` (created) with every file of BAD, the two temporary files, and (``with_good``)
    an unfinished good save ``good.json``; returns ``saves``."""
    saves.mkdir(parents=True, exist_ok=True)
    _, save = play(6, steps=40)
    save.id = "good"
    if with_good:
        write_save(save, saves / "good.json")
    base = json.loads(save.to_json())

    def variant(stem: str, change) -> None:
        doc = copy.deepcopy(base)
        doc["id"] = stem
        change(doc)
        (saves / f"{stem}.json").write_text(json.dumps(doc))

    (saves / "deep.json").write_text("[" * 1000 + "]" * 1000)
    variant("round-as-text", lambda d: d["summary"].update(round="3"))
    variant("speed-fast", lambda d: d["warbands"][0]["cards"][0].update(speed="fast"))
    variant("area-as-list", lambda d: [a.update(area=["A"]) for a in d["actions"] if a["type"] == "ChooseStartArea"])
    variant("note-player-9", lambda d: d.update(notes=[{"step": 1, "player": 9, "text": "AI (normal) waits"}]))
    variant("huge-map", lambda d: d["maps"][0].update(terrain=["." * 5000] * 5000))
    variant("wide-map", lambda d: d["maps"][0].update(terrain=["." * 300] * 300))
    variant("version-text", lambda d: d.update(version="1"))
    variant("terrain-z", lambda d: d["maps"][0]["terrain"].__setitem__(1, "Z" + d["maps"][0]["terrain"][1][1:]))
    variant("bidi-long-name", lambda d: d["warbands"][0].update(name="Reds\u202e\u2066\x1b[2J" + "x" * 500))
    (saves / "a-list.json").write_text("[1, 2]")
    os.mkfifo(saves / "fifo.json")
    os.symlink(saves / "fifo.json", saves / "link-to-fifo.json")
    (saves / "folder.json").mkdir()
    for name, age in ((STALE_TEMP, 3600), (FRESH_TEMP, 0)):
        (saves / name).write_text("{\"format\": \"tactica-sa")
        when = time.time() - age
        os.utime(saves / name, (when, when))
    return saves
