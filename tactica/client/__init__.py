"""tactica's Textual-free client layer: everything a battle client does that is not drawing.

The session (one battle's state, its undo steps and its autosave), the
controller (what keys mean in each mode, what the map shows, the hints),
the log's wording (``describe``), the AI opponent's driver, saving and
resuming, the replay track and the content the interface loads.  It reaches
the rules only through the ``tactica.engine`` package and imports no
Textual, so the terminal interface (``tactica.tui``), the exports of
``tactica.saves`` and the tests can all use it without a terminal.
"""
