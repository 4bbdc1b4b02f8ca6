"""tactica: the D&D Miniatures skirmish game (2008 battle rules) in a terminal."""

from tactica import codecache as _codecache

__version__ = "0.1.0"

_codecache.install()  # before any of tactica's classes is defined: their dataclass methods compiled once
