"""The command-line tests run ``tactica play`` and ``resume`` in-process with the app headless (or
stood in for): the refusal of a missing terminal (``tui.run.no_terminal``, tested on its own in a real
process by tests/tui/test_no_terminal.py) is lifted here, as pytest's standard input is no terminal."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def a_terminal_is_there(monkeypatch):
    """``tactica play`` / ``resume`` in these tests behave as in a terminal."""
    monkeypatch.setattr("tactica.tui.run.no_terminal", lambda command: None)
