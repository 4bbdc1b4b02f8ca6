"""Content loading, validation, schemas and the builder's model never load the TUI (STYLE.md)."""
from __future__ import annotations

import json
import subprocess
import sys


def test_content_modules_load_no_textual_or_rich():
    code = ("import json, sys\n"
            "import tactica.content, tactica.content.validate, tactica.content.schemas\n"
            "import tactica.content.draft, tactica.content.reference, tactica.content.sense\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert [m for m in loaded if m.split(".")[0] in ("textual", "rich")] == []
