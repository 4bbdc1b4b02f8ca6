"""``tactica sim`` with three or four bots (SCN-MULTI) and Sealed pools (SCN-SEALED)."""
from __future__ import annotations

import json

import pytest

from tactica.ai.scenarios import warband
from tactica.ai.sim import parse_teams, run_games
from tactica.cli import main
from tactica.engine import MapDef


def _corners(size: int = 10) -> MapDef:
    block = lambda x0, y0: frozenset((x, y) for x in (x0, x0 + 1, x0 + 2) for y in (y0, y0 + 1, y0 + 2))  # noqa: E731
    far = size - 3
    zone = frozenset({(4, 4), (5, 5)})
    return MapDef.from_rows(["." * size] * size, id="c", start_areas={
        "A": block(0, 0), "B": block(far, 0), "C": block(0, far), "D": block(far, far)},
        vp_zones={k: zone for k in "ABCD"})


def test_scn_multi_sim_three_and_four_bots_free_for_all():
    for n in (3, 4):
        wbs = tuple(warband(3, offset=p, name=f"W{p}") for p in range(n))
        out = run_games(["greedy"] * n, wbs, [(_corners(),)], games=2, seed=1)
        assert len(out["players"]) == n
        assert sum(p["wins"] for p in out["players"]) + out["draws"] == 2


def test_scn_multi_sim_teams_count_a_win_for_both_members():
    wbs = tuple(warband(3, offset=p, name=f"W{p}") for p in range(4))
    out = run_games(["greedy", "random", "greedy", "random"], wbs, [(_corners(),)], games=2, seed=2,
                    teams=(0, 1, 0, 1))
    assert sum(p["wins"] for p in out["players"]) == 4  # two members per winning team


def test_scn_multi_sim_is_deterministic():
    wbs = tuple(warband(3, offset=p, name=f"W{p}") for p in range(3))
    one = run_games(["random"] * 3, wbs, [(_corners(),)], games=2, seed=7)
    two = run_games(["random"] * 3, wbs, [(_corners(),)], games=2, seed=7)
    one.pop("games_per_second"), two.pop("games_per_second")
    assert one == two


def test_parse_teams():
    assert parse_teams("1,2,1,2", 4) == (0, 1, 0, 1) and parse_teams("121", 3) == (0, 1, 0)
    assert parse_teams(None, 3) == ()
    for bad in ("1,1,1", "1,2", "1,5,1"):
        with pytest.raises(ValueError):
            parse_teams(bad, 3)


def test_scn_sealed_sim_from_the_command_line(capsys):
    assert main(["sim", "--scenario", "sealed", "--ai", "random", "--games", "1", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1 and len(summary["players"]) == 2


def test_sim_refuses_a_wrong_ai_count(capsys):
    assert main(["sim", "--players", "3", "--ai", "random", "--ai", "greedy"]) == 2
    assert "once or 3 times" in capsys.readouterr().err
