"""Settings for the whole suite: hypothesis profiles, and a cache folder of its own for parsed content.

``ci`` (the default): every run tries the same examples (``derandomize``; no example database), so
the suite is deterministic and its time steady.  ``dev`` (``pytest --hypothesis-profile=dev``): new
random examples on each run, and a failing one, once shrunk, is kept in ``.hypothesis/`` (not
committed) and tried first next time.  Each fuzz test sets its own number of examples.
"""
from __future__ import annotations

import os
import sys
import tempfile

from hypothesis import Phase, settings

# The suite never writes to the user's cache of parsed content (tactica.content.cache): a fresh folder per run.
os.environ.setdefault("TACTICA_CACHE_DIR", tempfile.mkdtemp(prefix="tactica-test-cache-"))
# … and never reads the user's settings file (tactica.client.settings): an empty folder of its own.
os.environ.setdefault("TACTICA_CONFIG_DIR", tempfile.mkdtemp(prefix="tactica-test-config-"))
# Nor to the user's data folder (the battle store, exports): a test that sets none writes here.
os.environ.setdefault("TACTICA_DATA_DIR", tempfile.mkdtemp(prefix="tactica-test-data-"))

# Bytecode: where PYTHONDONTWRITEBYTECODE is set (as on our shared machines), every xdist worker rewrote
# the asserts of all 250 test modules (~11 s of CPU each) and every `tactica` subprocess compiled the
# package again.  The suite keeps its bytecode in a folder of its own outside the checkout (pytest's
# rewritten modules too), so later runs read it; nothing is written beside the sources.
# TACTICA_TEST_PYCACHE=off leaves Python's setting alone; TACTICA_TEST_PYCACHE=DIR names the folder.
_PYCACHE = os.environ.get("TACTICA_TEST_PYCACHE", "")
if _PYCACHE != "off" and sys.pycache_prefix is None:
    _user = getattr(os, "getuid", lambda: 0)()
    _PYCACHE = _PYCACHE or os.path.join(tempfile.gettempdir(), f"tactica-test-pycache-{_user}")
    sys.pycache_prefix = _PYCACHE
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE         # the tactica processes the tests start
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

#: Every phase but "explain" (which reruns a shrunk failure to point at lines: slow on whole battles).
PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)

settings.register_profile("ci", derandomize=True, database=None, print_blob=True, phases=PHASES)
settings.register_profile("dev")
settings.load_profile("ci")
