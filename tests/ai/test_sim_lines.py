"""``tactica sim``'s per-game lines name the winner's seat and AI level (and the summary's AI entry)."""
from __future__ import annotations

from tactica import cli, content, sim_command
from tactica.ai import sim


def _files():
    maps = {p.stem: p for p in content.shipped_maps()}
    wbs = {p.stem: p for p in content.shipped_warbands()}
    return ["--map", str(maps["watchtower-hill"]), "--warband", str(wbs["tusk-skirmishers"]),
            "--warband", str(wbs["greenbough-wardens"])]


def test_each_game_line_names_the_winning_level_and_seat(capsys):
    code = cli.main(["sim", *_files(), "--ai", "greedy", "--ai", "random", "--games", "2", "--seed", "3",
                     "--progress", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    import json
    results = json.loads(out)["results"]
    lines = err.splitlines()
    assert len(lines) == 2
    for line, r in zip(lines, results):
        seat = r["winner"]
        level = r["levels"][seat - 1]
        assert line.startswith(f"game {r['game']}/2: player {seat} ({level}) wins; VP "), line
        shown = ", ".join(f"player {i + 1} ({lv}) {v}" for i, (lv, v) in enumerate(zip(r["levels"], r["vp"])))
        assert f"VP {shown}; {r['rounds']} rounds" in line


def test_same_levels_are_told_apart_by_their_ai_entry():
    result = sim.BattleResult(winner=1, vp=(40, 100), rounds=7, steps=300, reason="victory points")
    line = sim.progress_line(3, 10, result, 2.14, ["normal", "normal"], (1, 0))
    assert line == ("game 3/10: player 2 (AI 1, normal) wins; VP player 1 (AI 2, normal) 40, "
                    "player 2 (AI 1, normal) 100; 7 rounds (2.1 s)")


def test_a_team_win_and_a_draw():
    levels = ["hard", "random", "hard", "random"]
    won = sim.BattleResult(winner=0, vp=(60, 10, 60, 10), rounds=1, steps=9, reason="victory points")
    line = sim.progress_line(1, 1, won, 0.5, levels, (0, 1, 2, 3), teams=(0, 1, 0, 1))
    assert line.startswith("game 1/1: player 1 (AI 1, hard) and player 3 (AI 3, hard) win; VP ")
    assert line.endswith("; 1 round (0.5 s)")
    draw = sim.BattleResult(winner=None, vp=(5, 5), rounds=2, steps=9, reason="")
    assert sim.progress_line(1, 1, draw, 0.0, ["hard", "normal"]).startswith(
        "game 1/1: draw; VP player 1 (hard) 5, player 2 (normal) 5;")


def test_a_half_size_map_alone_gets_half_size_warbands_and_a_mismatch_is_refused(capsys):
    import argparse
    maps = {p.stem: str(p) for p in content.shipped_maps()}
    wbs = {p.stem: str(p) for p in content.shipped_warbands()}
    bands, chosen, _ = sim_command.load_sim_files(argparse.Namespace(map=[maps["watchtower-hill"]], warband=None))
    assert [wb.point_limit for wb in bands] == [100, 100] and chosen[0].points == 100  # WB-8, as play does
    bands, chosen, _ = sim_command.load_sim_files(argparse.Namespace(map=None, warband=[wbs["tusk-skirmishers"]] * 2))
    assert chosen[0].points == 100
    code = cli.main(["sim", "--map", maps["watchtower-hill"], "--warband", wbs["silverhelm-vanguard"],
                     "--warband", wbs["silverhelm-vanguard"], "--games", "1"])
    err = capsys.readouterr().err
    assert code == 1 and err.startswith(f"tactica sim: error: {maps['watchtower-hill']}: ") and "(WB-8)" in err


def test_one_warband_file_is_brought_by_every_player_as_in_play(capsys):
    import argparse
    wbs = {p.stem: str(p) for p in content.shipped_warbands()}
    bands, _, _ = sim_command.load_sim_files(argparse.Namespace(map=None, warband=[wbs["tusk-skirmishers"]]))
    assert [wb.name for wb in bands] == ["Tusk Skirmishers"] * 2
    code = cli.main(["sim", "--warband", wbs["tusk-skirmishers"], "--warband", wbs["tusk-skirmishers"],
                     "--warband", wbs["tusk-skirmishers"], "--games", "1"])
    assert code == 2 and "give --warband once (every player brings it), 2 times" in capsys.readouterr().err
