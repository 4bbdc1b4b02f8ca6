"""Mangled content files never crash the loaders: they load or raise ContentError."""
from __future__ import annotations

import random

import pytest

from tactica.content import (
    ContentError,
    load_catalogue,
    load_map,
    load_warband,
    shipped_card_files,
    shipped_maps,
    shipped_warbands,
)
from tactica.content.validate import validate_paths

NOISE = " :-[]{}#&*!|>'\"\n\t.^AaBb0123xyz,"


def mangle(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(text))
        lines = text.splitlines(True)
        j = rng.randrange(len(lines))
        op = rng.randrange(5)
        if op == 0:
            text = text[:k] + text[k + 1:]
        elif op == 1:
            text = text[:k] + rng.choice(NOISE) + text[k:]
        elif op == 2:
            lines.insert(j, lines[rng.randrange(len(lines))])
            text = "".join(lines)
        elif op == 3:
            del lines[j]
            text = "".join(lines)
        else:
            lines[j] = lines[j].lstrip(" ") if rng.random() < 0.5 else "  " + lines[j]
            text = "".join(lines)
    return text


@pytest.mark.parametrize("seed", range(3))
def test_mangled_files_give_content_errors_only(tmp_path, seed):
    rng = random.Random(seed)
    sources = ([(p, "cards") for p in shipped_card_files()] + [(p, "map") for p in shipped_maps()]
               + [(p, "warband") for p in shipped_warbands()])
    for i in range(40):
        src, kind = rng.choice(sources)
        path = tmp_path / f"{i}.yaml"
        path.write_text(mangle(src.read_text(), rng))
        loader = {"cards": lambda: load_catalogue([path]), "map": lambda: load_map(path),
                  "warband": lambda: load_warband(path)}[kind]
        try:
            loader()
        except ContentError as err:
            assert err.problems and all(p.message for p in err.problems)
        problems, _ = validate_paths([str(path)])
        assert not any("internal error" in p.message for p in problems)
