"""tactica: the D&D Miniatures skirmish game (2008 battle rules) in a terminal."""

__version__ = "0.1.0"
