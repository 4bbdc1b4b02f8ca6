"""A shipped map named by its name on the command line (``--map echoing-deep``), not only by its file."""
from __future__ import annotations

from pathlib import Path

#: The folder of the maps that ship with tactica (``content.shipped_maps``).
SHIPPED_MAPS = Path(__file__).resolve().parent / "data" / "maps"


def map_file(text: str) -> str:
    """The file ``--map TEXT`` means: TEXT itself when it names a file, holds a folder or ends in
    ``.yaml``/``.yml``; else the shipped map of that name (``tactica/data/maps/TEXT.yaml``) when there is
    one; else TEXT unchanged, so the loader reports the missing file as before."""
    given = Path(text)
    if given.exists() or given.suffix in (".yaml", ".yml") or len(given.parts) > 1:
        return text
    shipped = SHIPPED_MAPS / f"{text}.yaml"
    return str(shipped) if shipped.is_file() else text
