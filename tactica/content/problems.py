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
        more: 0 for a problem; N > 0 for the line that stands for N further
            problems not kept (a file with very many, see ``schema.MAX_PROBLEMS``).
    """

    path: str
    line: int
    col: int
    message: str
    severity: str = "error"
    more: int = 0

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


#: Problems of one file that ``tactica play`` and ``tactica sim`` show; ``tactica validate``
#: lists them all.
SHOWN_PER_FILE = 10


def report_lines(problems: list[Problem], limit: int = SHOWN_PER_FILE) -> list[str]:
    """The one-line forms of ``problems``, at most ``limit`` for each file.

    Args:
        problems: in the order to show (the loaders give each file's in file
            order); files keep the order of their first problem.
        limit: problems shown per file (at least 1).
    Returns the lines; a file with more problems gets, after its first
    ``limit``, one ``path: note: N more problems in this file; 'tactica
    validate path' lists them all`` line.
    """
    by_file: dict[str, list[Problem]] = {}
    for problem in problems:
        by_file.setdefault(problem.path, []).append(problem)
    lines: list[str] = []
    for path, found in by_file.items():
        lines.extend(str(p) for p in found[:limit])
        rest = sum(p.more or 1 for p in found[limit:])
        if rest:
            lines.append(f"{path}: note: {rest} more problem{'s' if rest != 1 else ''} in this file; "
                         f"'tactica validate {path}' lists them all")
    return lines
