"""Settings for the whole suite: hypothesis profiles, and a cache folder of its own for parsed content.

``ci`` (the default): every run tries the same examples (``derandomize``; no example database), so
the suite is deterministic and its time steady.  ``dev`` (``pytest --hypothesis-profile=dev``): new
random examples on each run, and a failing one, once shrunk, is kept in ``.hypothesis/`` (not
committed) and tried first next time.  Each fuzz test sets its own number of examples.
"""
from __future__ import annotations

import asyncio
import gc
import os
import sys
import tempfile
import time

# The suite never writes to the user's cache of parsed content (tactica.content.cache): a fresh folder per run.
os.environ.setdefault("TACTICA_CACHE_DIR", tempfile.mkdtemp(prefix="tactica-test-cache-"))
# … and never reads the user's settings file (tactica.client.settings): an empty folder of its own.
os.environ.setdefault("TACTICA_CONFIG_DIR", tempfile.mkdtemp(prefix="tactica-test-config-"))
# Nor to the user's data folder (the battle store, exports): a test that sets none writes here.
os.environ.setdefault("TACTICA_DATA_DIR", tempfile.mkdtemp(prefix="tactica-test-data-"))

# Bytecode: where PYTHONDONTWRITEBYTECODE is set (as on our shared machines), every xdist worker rewrote
# the asserts of all 250 test modules (~11 s of CPU each) and every `tactica` subprocess compiled the
# package again.  The suite keeps its bytecode in a folder of its own outside the checkout (pytest's
# rewritten modules too), so later runs read it; nothing is written beside the sources.  Set before
# hypothesis is imported: pytest rewrites the asserts of a plugin's whole package (hypothesis's 120
# modules), which cost the first process ~1 s at every start while its rewritten code was never kept.
# TACTICA_TEST_PYCACHE=off leaves Python's setting alone; TACTICA_TEST_PYCACHE=DIR names the folder.
_PYCACHE = os.environ.get("TACTICA_TEST_PYCACHE", "")
if _PYCACHE != "off" and sys.pycache_prefix is None:
    _user = getattr(os, "getuid", lambda: 0)()
    _PYCACHE = _PYCACHE or os.path.join(tempfile.gettempdir(), f"tactica-test-pycache-{_user}")
    sys.pycache_prefix = _PYCACHE
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE         # the tactica processes the tests start
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The dataclass code cache (tactica.codecache) likewise: a folder of the suite's own, kept between runs.
if "TACTICA_CODE_CACHE" not in os.environ:
    _user_id = getattr(os, "getuid", lambda: 0)()
    os.environ["TACTICA_CODE_CACHE"] = os.path.join(tempfile.gettempdir(), f"tactica-test-codecache-{_user_id}")

from hypothesis import Phase, settings  # noqa: E402  (after the bytecode folder is set)

#: Every phase but "explain" (which reruns a shrunk failure to point at lines: slow on whole battles).
PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)

settings.register_profile("ci", derandomize=True, database=None, print_blob=True, phases=PHASES)
settings.register_profile("dev")
settings.load_profile("ci")


# Textual's pilot waits for the app to be idle after every key (twice) and every ``pause()``: it sleeps
# ``SLEEP_GRANULARITY`` (20 ms) at a time until one sleep passes with the process almost idle (under
# ``SLEEP_IDLE``, 1/20 of a step).  The pilot tests wait ~4,000 times, and the last, idle 20 ms of each
# wait came to more wall time than any test file.  The suite sleeps 2.5 ms at a time, and "idle" means a
# sleep during which the process used under 0.25 ms of CPU (Textual's 1/20 of a 5 ms step: a step half as
# long with the same bar, so a message handled meanwhile still counts as work) and the current screen has
# nothing due: no refresh scheduled (a 20 ms sleep always spanned one: the screen refreshed every 1/60 s)
# and no ``call_after_refresh`` callback waiting (the battle screen asks its questions, recomposes its
# footer and writes some log lines that way).  What comes later still (a timer, the AI's pace) is waited
# for by the condition a test checks (``tests.tui.conftest.wait_until``).
# TACTICA_TEST_IDLE_STEP=0.02 gives Textual's own steps back (to compare, or to rule this out);
# TACTICA_TEST_IDLE_CPU sets the bar (default: 1/20 of a step, at least 0.25 ms).
IDLE_STEP = float(os.environ.get("TACTICA_TEST_IDLE_STEP", "0.0025"))
IDLE_CPU = float(os.environ.get("TACTICA_TEST_IDLE_CPU", str(max(IDLE_STEP / 20, 0.00025))))


def _screen_has_work_due() -> bool:
    """True when the active app's current screen will refresh or run after-refresh callbacks soon."""
    from textual._context import active_app
    app = active_app.get(None)
    if app is None or not app.is_running:
        return False
    try:
        screen = app.screen
    except Exception:  # no screen yet, or the app is closing
        return False
    if screen._callbacks or screen._dirty_widgets or screen._layout_required or screen._scroll_required \
            or screen._repaint_required or screen._recompose_required:
        return True
    timer = screen._Screen__update_timer
    return timer is not None and timer._active.is_set()


async def wait_for_idle(min_sleep: float = IDLE_STEP, max_sleep: float = 1) -> None:
    """Textual's ``textual._wait.wait_for_idle`` with the suite's step and the screen's work due: sleep
    ``IDLE_STEP`` seconds at a time until one sleep passes (after ``min_sleep`` seconds) with the process
    almost idle (under ``IDLE_CPU`` seconds of CPU) and no refresh or after-refresh callback due on the
    current screen, or until ``max_sleep`` seconds have passed.  Returns None; raises nothing of its own."""
    start = time.monotonic()
    while True:
        cpu = time.process_time()
        await asyncio.sleep(IDLE_STEP)
        cpu_elapsed = time.process_time() - cpu
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep:
            break
        if elapsed > min_sleep and cpu_elapsed < IDLE_CPU and not _screen_has_work_due():
            break


# Parsed CSS: one cache for every app the process starts (see tests/shared_css.py).
if os.environ.get("TACTICA_TEST_CSS_CACHE", "") != "off":
    from tests import shared_css
    shared_css.install()

# The screen's refresh: a changed screen is drawn at the next tick of a timer of 1/60 s (Textual's
# ``MAX_FPS``), so each wait above lasted until that tick, 8 ms on average, twice a key.  The tests' apps
# tick every 1/240 s: the same drawing, sooner (the timer only runs while something is to be drawn, and a
# tick draws everything changed since the last).  The app run by ``tactica play`` keeps 60.
# TACTICA_TEST_FPS=60 gives Textual's own period back.
SCREEN_FPS = float(os.environ.get("TACTICA_TEST_FPS", "240"))
import textual.screen as _textual_screen  # noqa: E402

_textual_screen.UPDATE_PERIOD = 1 / SCREEN_FPS  # type: ignore[misc]


# The paint: at each refresh tick the current screen renders every changed line into an update for the
# terminal, and a headless app (every pilot test's) throws that update away unread (``App._display``): a
# third of a pilot test's CPU.  The tests read the screen by rendering it when they look
# (``screen._compositor.render_strips()``, a widget's ``render_line``, ``export_screenshot``: a full
# render, which still runs), so a headless app's tick update only marks its lines as painted, and the
# screen a pilot test ends on is drawn once, whole: a widget that cannot draw itself still fails it.
# Six pilot test files (87 tests) in one process, alternated twice: 33.2 s of CPU → 24.7 s (0.74×; 22.4 s
# without the last drawing).
# TACTICA_TEST_PAINT=on paints as Textual does.
if os.environ.get("TACTICA_TEST_PAINT", "") != "on":
    from textual._compositor import Compositor as _Compositor
    from textual._context import active_app as _active_app

    _render_update = _Compositor.render_update

    def _render_update_unless_unread(self, full=False, screen_stack=None, simplify=False):
        """``Compositor.render_update``, but nothing rendered for a headless app's tick (not ``full``),
        whose update no terminal would show: the dirty regions are cleared as a render clears them.  A
        translucent screen (a modal question over the battle) is rendered as Textual does: it draws the
        screens under it only while a tick's render names them (``Screen.render``)."""
        app = _active_app.get(None)
        if not full and app is not None and app.is_headless and app.screen.styles.background.a == 1:
            self._dirty_regions.clear()
            return None
        return _render_update(self, full, screen_stack, simplify)

    _Compositor.render_update = _render_update_unless_unread  # type: ignore[method-assign]

    import contextlib

    from textual.app import App as _App

    _run_test = _App.run_test

    @contextlib.asynccontextmanager
    async def _run_test_drawn_at_the_end(self, *args, **kwargs):
        """``App.run_test``, and when the test's body is done the screen it ends on is drawn whole, as
        a terminal would show it: a widget that cannot draw itself still fails the test."""
        async with _run_test(self, *args, **kwargs) as pilot:
            yield pilot
            if self.is_running and self._screen_stack:
                self.screen._compositor.render_update(full=True, screen_stack=self._background_screens)

    _App.run_test = _run_test_drawn_at_the_end  # type: ignore[method-assign]


if os.environ.get("TACTICA_TEST_IDLE_STEP") != "0.02":
    import textual.app as _textual_app
    import textual.pilot as _textual_pilot
    _textual_app.wait_for_idle = _textual_pilot.wait_for_idle = wait_for_idle  # type: ignore[assignment]


# Garbage collection: every app a pilot test starts leaves ~100,000 objects in cycles, and with Python's
# thresholds (700, 10, 10) a worker ran a full collection every few tests over everything imported too:
# about a quarter of a pilot test's CPU.  Once collected, what the imports made is frozen (never scanned
# again) and young objects are collected every 10,000 allocations instead of 700: the same objects are
# freed, in fewer, larger passes.
# What the tests themselves leave alive grows too (parsed CSS, Textual's class caches, loaded content:
# 150,000-220,000 objects besides the 80,000 frozen, after a few dozen pilot tests in one process), and
# every automatic full collection scanned it again, ~200 ms each.  So after a test during which Python
# ran a full collection, between two tests (no app running), garbage is collected and what is left is
# frozen in turn: the next full collections scan only what came since.  An object frozen alive is freed
# by its reference count as before; only a cycle it later joins is never collected (nothing a test keeps
# past its end but caches).
# Six pilot test files (89 tests) in one process at load 13-17: the collector's CPU 6.0 and 6.3 s → 4.6 s,
# the process's 33.3 and 34.1 s → 28.6 s.  TACTICA_TEST_GC=off keeps Python's settings (and freezes
# nothing between tests).
_GC_TUNED = os.environ.get("TACTICA_TEST_GC", "") != "off"
_full_collections = 0


def _count_full_collections(phase: str, info: dict) -> None:
    """A ``gc.callbacks`` hook: count the full (generation 2) collections Python runs."""
    global _full_collections
    if phase == "stop" and info["generation"] == 2:
        _full_collections += 1


def pytest_collection_finish(session) -> None:
    """After collection (in each xdist worker): freeze what exists and raise the first threshold."""
    if _GC_TUNED:
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 10, 10)
        gc.callbacks.append(_count_full_collections)


def pytest_runtest_logfinish(nodeid, location) -> None:
    """After a test's teardown: when a full collection ran since the last freeze, collect and freeze."""
    global _full_collections
    if _GC_TUNED and _full_collections:
        gc.collect()
        gc.freeze()
        _full_collections = 0


# TACTICA_TEST_CPU=FILE: each worker appends one line a test, "cpu<TAB>wall<TAB>idle<TAB>node id" in
# seconds from setup to teardown: the CPU of the process (threads included) and of the processes it
# waited for, the wall time, and the time the main thread slept (wall less its running and its waiting
# for a core, from the kernel's per-process schedstat file; -1 where there is none).  CPU and idle change less with the
# machine's load than wall time: a quiet machine's wall time is about their sum, so the suite's cost
# can be compared beside other helpers' work.
_CPU_LOG = os.environ.get("TACTICA_TEST_CPU", "")
if _CPU_LOG:
    import pytest

    def _main_thread_busy() -> float:
        """Seconds the main thread has run or waited for a core (-inf where /proc has no schedstat)."""
        try:
            with open(os.path.join(os.sep, "proc", "self", "schedstat"), encoding="ascii") as stat:
                run_ns, wait_ns = stat.read().split()[:2]
        except OSError:
            return float("-inf")
        return (int(run_ns) + int(wait_ns)) / 1e9

    def _cpu() -> float:
        """CPU seconds of this process (every thread) and of the processes it started and waited for."""
        t = os.times()
        return time.process_time() + t.children_user + t.children_system

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        cpu, wall, busy = _cpu(), time.perf_counter(), _main_thread_busy()
        yield
        wall = time.perf_counter() - wall
        idle = max(-1.0, wall - (_main_thread_busy() - busy))
        with open(_CPU_LOG, "a", encoding="utf-8") as out:
            out.write(f"{_cpu() - cpu:.4f}\t{wall:.4f}\t{idle:.4f}\t{item.nodeid}\n")
