"""``tactica play`` imports only what its first screen uses (issue 21: a faster start).

Each check runs in a fresh interpreter and lists ``sys.modules`` once the battle screen is up
(or once the command line is built), with the content cache warm as a player's second start is.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Not before the first frame: the balance reports and their charts, the cluster, the Markdown of the
#: help and rules screens, the warband builder, the tutorial, the rules reference's text, the sim's
#: worker processes — and on a warm start no YAML at all (every content file comes from the cache);
#: the screens no battle opens at once (title, setup, settings, rules, help, the whole map, the log
#: reader, the winner, the hand-off, the question dialogs: imported when a question is first asked —
#: with seed 3 the AI has the initiative) and the log's export; nor the attrs package, which Textual's
#: RichLog (through rich.pretty) would import when it is installed, as it is with the test tools.
NOT_AT_START = ("tactica.balance.command", "tactica.balance.arena", "tactica.balance.report",
                "tactica.balance.stats", "plotly", "dask", "distributed", "markdown_it", "rich.markdown",
                "pygments", "tactica.tui.screens.builder", "tactica.tui.build", "tactica.client.tutorial",
                "tactica.tui.screens.tutorial", "tactica.ai.sim", "multiprocessing",
                "tactica.tui.screens.title",
                "tactica.tui.screens.setup", "tactica.tui.screens.settings_view", "tactica.tui.screens.rules",
                "tactica.tui.screens.help", "tactica.tui.screens.overview", "tactica.tui.screens.log_reader",
                "tactica.tui.screens.winner", "tactica.tui.screens.choice", "tactica.tui.screens.champion_prompt",
                "tactica.tui.screens.handoff", "tactica.client.export", "tactica.client.rules_reference", "attr")
#: Of those, what reading content files needs (so only after a miss of the cache).
READING = ("yaml", "tactica.content.yamlsafe", "tactica.content.schema", "tactica.content.cards",
           "tactica.content.maps", "tactica.content.warbands")

PLAY_TO_FIRST_SCREEN = """
import asyncio, json, sys
from tactica.cli import build_parser, play_opponent
from tactica.client.factory import make_factory
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen

args = build_parser().parse_args(["play", "--new", "--seed", "3"])
args.opponent = play_opponent(args)
factory = make_factory(args)
at_first_frame = []
display = TacticaApp._display


def first_frame(app, screen, renderable):  # the modules loaded when the battle screen is first drawn
    if not at_first_frame and isinstance(screen, BattleScreen) and renderable is not None:
        at_first_frame.append(sorted(sys.modules))
    display(app, screen, renderable)


TacticaApp._display = first_frame

async def first_screen():
    app = TacticaApp(factory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen), app.screen
        assert at_first_frame, "the battle screen was never drawn"
        print(json.dumps(at_first_frame[0]))
        app.exit()

asyncio.run(first_screen())
"""


def _modules(code: str, tmp_path: Path) -> list[str]:
    env = {**os.environ, "TACTICA_CACHE_DIR": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                          check=True, timeout=300)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def test_building_the_command_line_loads_no_balance_report_and_no_screen(tmp_path):
    code = ("import json, sys\nfrom tactica.cli import build_parser\nbuild_parser()\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    modules = _modules(code, tmp_path)
    assert _loaded(modules, NOT_AT_START + READING + ("textual", "tactica.tui", "tactica.engine")) == []


def test_play_shows_its_battle_screen_without_the_modules_it_does_not_use(tmp_path):
    _modules("import json, sys\nfrom tactica.content import default_battle\ndefault_battle()\n"
             "print(json.dumps([]))\n", tmp_path)  # the first start fills the cache
    modules = _modules(PLAY_TO_FIRST_SCREEN, tmp_path)
    assert "tactica.tui.screens.battle" in modules and "tactica.engine" in modules
    assert _loaded(modules, NOT_AT_START + READING) == []


def test_a_cold_start_reads_the_files_with_yaml(tmp_path):
    """The check above can fail: without a cache the same start does load the reading half."""
    modules = _modules(PLAY_TO_FIRST_SCREEN, tmp_path)
    assert "yaml" in modules and "tactica.content.cards" in modules
    assert _loaded(modules, NOT_AT_START) == []

