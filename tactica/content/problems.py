"""Content problems: one line each, ``path:line:col: error: message``."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One problem found in a content file.

    Attributes:
        path: the file as the user named it.
        line: 1-based line, or 0 when the problem concerns the whole file
            (e.g. it cannot be read).
        col: 1-based column (0 with ``line`` 0).
        message: what is wrong and what was expected.
        severity: "error" (the file cannot be used) or "warning".
    """

    path: str
    line: int
    col: int
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        """The one-line form ``path:line:col: severity: message`` (``path: severity: …`` for line 0)."""
        if self.line <= 0:
            return f"{self.path}: {self.severity}: {self.message}"
        return f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"


class ContentError(Exception):
    """Raised by the loaders when a file (or several) cannot be used.

    Attributes:
        problems: every problem found, in file order.
    ``str(err)`` is the problems' one-line forms joined by newlines.
    """

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
