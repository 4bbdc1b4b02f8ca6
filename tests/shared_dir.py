"""Where the project's shared texts live: ``../shared`` beside the repository root (the rules
digest, the rules cases, the seed rulebooks).  It is not part of the repository, so the tests
that read it skip, with the reason, when it is absent."""
from __future__ import annotations

from pathlib import Path

import pytest

#: The repository root (this file is ``tests/shared_dir.py``).
ROOT = Path(__file__).resolve().parents[1]
#: ``../shared``, found relative to the repository root.
SHARED = ROOT / ".." / "shared"


def shared_path(*parts: str) -> Path:
    """``../shared/<parts>`` as a Path; skips the calling test (``pytest.skip``) when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"../shared/{'/'.join(parts)} is not beside this checkout (the shared rules texts)")
    return path
