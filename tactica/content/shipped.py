"""Where the content that ships with tactica is: the YAML files of ``tactica/data`` by kind.

Found through importlib.resources, so it works from a wheel install in any working directory (the
package is installed as plain files).
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

#: The file name endings of content files.
SUFFIXES = (".yaml", ".yml")


def shipped_files(folder: str) -> list[Path]:
    """The YAML files of ``tactica/data/<folder>`` ("cards", "maps", "warbands"), sorted by name;
    [] when the folder is absent."""
    base = resources.files("tactica.data").joinpath(folder)
    if not base.is_dir():
        return []
    return sorted((Path(str(p)) for p in base.iterdir() if p.name.endswith(SUFFIXES)),
                  key=lambda p: p.name)


def shipped_card_files() -> list[Path]:
    """The card files that ship with tactica (``tactica/data/cards/*.yaml``)."""
    return shipped_files("cards")


def shipped_maps() -> list[Path]:
    """The map files that ship with tactica (``tactica/data/maps/*.yaml``)."""
    return shipped_files("maps")


def shipped_warbands() -> list[Path]:
    """The warband files that ship with tactica (``tactica/data/warbands/*.yaml``)."""
    return shipped_files("warbands")
