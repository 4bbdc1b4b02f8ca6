"""Settings for the whole suite: hypothesis profiles, and a cache folder of its own for parsed content.

``ci`` (the default): every run tries the same examples (``derandomize``; no example database), so
the suite is deterministic and its time steady.  ``dev`` (``pytest --hypothesis-profile=dev``): new
random examples on each run, and a failing one, once shrunk, is kept in ``.hypothesis/`` (not
committed) and tried first next time.  Each fuzz test sets its own number of examples.
"""
from __future__ import annotations

import os
import tempfile

from hypothesis import Phase, settings

# The suite never writes to the user's cache of parsed content (tactica.content.cache): a fresh folder per run.
os.environ.setdefault("TACTICA_CACHE_DIR", tempfile.mkdtemp(prefix="tactica-test-cache-"))
# … and never reads the user's settings file (tactica.client.settings): an empty folder of its own.
os.environ.setdefault("TACTICA_CONFIG_DIR", tempfile.mkdtemp(prefix="tactica-test-config-"))
# Nor to the user's data folder (the battle store, exports): a test that sets none writes here.
os.environ.setdefault("TACTICA_DATA_DIR", tempfile.mkdtemp(prefix="tactica-test-data-"))

#: Every phase but "explain" (which reruns a shrunk failure to point at lines: slow on whole battles).
PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)

settings.register_profile("ci", derandomize=True, database=None, print_blob=True, phases=PHASES)
settings.register_profile("dev")
settings.load_profile("ci")
