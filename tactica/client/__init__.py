"""tactica's Textual-free client layer: everything a battle client does that is not drawing.

``session`` (one battle's state, its undo steps and its autosave), ``controller`` (the screen's one
object: the mode machine of ``modes``, the map's marks of ``overlay``, the status line's words of
``hints``), ``describe`` (the log's wording) and ``export`` (the log of a save as Markdown or
text), ``opponent`` (the AI's driver), ``undo``, ``saving`` and ``resume`` (saves opened, resumed,
the autosave lifetime of a run), ``replay_track``, ``content`` and ``factory`` (the battles a run
offers).  It reaches the rules only through the ``tactica.engine`` package and imports no Textual,
so the terminal interface (``tactica.tui``), the command line and the tests use it without a
terminal.
"""
