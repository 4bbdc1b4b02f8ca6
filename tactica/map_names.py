"""A shipped map named by its name on the command line (``--map echoing-deep``), not only by its file."""
from __future__ import annotations

import argparse
from pathlib import Path

#: The folder of the maps that ship with tactica (``content.shipped_maps``).
SHIPPED_MAPS = Path(__file__).resolve().parent / "data" / "maps"


def map_file(text: str) -> str:
    """The file ``--map TEXT`` means: TEXT itself when it names a file, holds a folder or ends in
    ``.yaml``/``.yml`` (the loader reports a missing file); else the shipped map of that name
    (``tactica/data/maps/TEXT.yaml``).  Raises argparse.ArgumentTypeError naming the shipped maps when
    TEXT is a bare name that is neither a file nor a shipped map."""
    given = Path(text)
    if given.exists() or given.suffix in (".yaml", ".yml") or len(given.parts) > 1:
        return text
    shipped = SHIPPED_MAPS / f"{text}.yaml"
    if shipped.is_file():
        return str(shipped)
    names = ", ".join(sorted(p.stem for p in SHIPPED_MAPS.glob("*.yaml")))
    raise argparse.ArgumentTypeError(f"no file and no shipped map named {text!r}; the shipped maps: {names} "
                                     "(or give a map file's path)")
