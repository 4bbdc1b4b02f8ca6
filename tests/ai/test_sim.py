"""``tactica sim``: the JSON summary, determinism, and broken battles as errors."""
from __future__ import annotations

import json

import pytest

from tactica import cli, content
from tactica.ai import make_bot, sim
from tactica.engine import apply


def _small_files():
    maps = {p.stem: p for p in content.shipped_maps()}
    wbs = {p.stem: p for p in content.shipped_warbands()}
    return str(maps["watchtower-hill"]), str(wbs["tusk-skirmishers"]), str(wbs["greenbough-wardens"])


def _run(capsys, *extra):
    m, w1, w2 = _small_files()
    code = cli.main(["sim", "--map", m, "--warband", w1, "--warband", w2, *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_sim_json_shape(capsys):
    code, out, err = _run(capsys, "--ai", "greedy", "--ai", "random", "--games", "2", "--seed", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"games", "seed", "players", "draws", "avg_rounds", "games_per_second", "warbands",
                         "results"}
    assert data["games"] == 2 and data["seed"] == 3
    assert [p["ai"] for p in data["players"]] == ["greedy", "random"]
    for p in data["players"]:
        assert set(p) == {"ai", "wins", "win_rate", "avg_vp"}
        assert 0 <= p["win_rate"] <= 1
    assert sum(p["wins"] for p in data["players"]) + data["draws"] == 2


def test_sim_same_seed_same_results(capsys):
    runs = []
    for _ in range(2):
        code, out, _ = _run(capsys, "--ai", "greedy", "--ai", "random", "--games", "2", "--seed", "8", "--json")
        data = json.loads(out)
        data.pop("games_per_second")
        runs.append(data)
    assert runs[0] == runs[1]


def test_sim_text_report(capsys):
    code, out, _ = _run(capsys, "--ai", "greedy", "--games", "1", "--seed", "2")
    assert code == 0
    assert "games/s" in out and "greedy" in out


def test_sim_bad_level_is_refused_with_the_same_words_as_play(capsys):
    with pytest.raises(SystemExit) as stopped:
        _run(capsys, "--ai", "wizard", "--games", "1")
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert "tactica sim: error: argument --ai: unknown AI level 'wizard'; choose one of random, greedy, " \
           "normal, hard" in err and err.startswith("usage: tactica sim")


def test_invariant_violation_is_an_error(capsys, monkeypatch):
    def broken(state, action):
        after, events = apply(state, action)
        if after.step == 30:  # a changed copy: the engine hands out read-only states
            after = after.copy()
            after.own(after.creatures[0]).hp = after.creatures[0].card.hp + 5
        return after, events

    monkeypatch.setattr(sim, "apply", broken)
    code, out, err = _run(capsys, "--ai", "random", "--games", "1", "--seed", "1")
    assert code == 1
    assert "invariant broken" in err and "HP" in err


def test_two_creatures_on_one_square_is_caught(small_battle):
    warbands, maps = small_battle

    def stacked(state, action):
        after, events = apply(state, action)
        placed = [c for c in after.creatures if c.alive]
        if len(placed) >= 2 and after.step > 40:
            after = after.copy()
            after.own(placed[1]).pos = placed[0].pos
        return after, events

    with pytest.raises(sim.SimError, match="both on square"):
        sim.play_battle([make_bot("random", 1), make_bot("random", 2)], warbands, maps, 1,
                        apply_fn=stacked)


def test_sim_help_describes_every_option(capsys):
    with pytest.raises(SystemExit):
        cli.main(["sim", "--help"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    for option in ("--map", "--warband", "--ai", "--games", "--seed", "--json", "--progress",
                   "--scenario", "--players", "--teams"):
        i = next(i for i, line in enumerate(lines) if line.strip().startswith(option))
        rest = lines[i].strip()[len(option):].split(None, 1)
        # the description follows on the option's line (after its metavar) or on the next line
        described = any(len(w) > 3 for w in " ".join(rest).split()[1:]) or (
            i + 1 < len(lines) and lines[i + 1].startswith(" " * 10) and lines[i + 1].strip())
        assert described, f"{option} has no description:\n{out}"


def test_sim_one_game_is_singular_and_progress_goes_to_stderr_only(capsys):
    code, out, err = _run(capsys, "--ai", "greedy", "--games", "1", "--seed", "2", "--progress")
    assert code == 0, err
    assert out.startswith("1 game, seed 2\n")
    assert err.startswith("game 1/1: ") and "round" in err and err.count("\n") == 1
    code, out, err = _run(capsys, "--ai", "greedy", "--games", "1", "--seed", "2", "--progress", "--json")
    assert json.loads(out)["games"] == 1 and err.startswith("game 1/1: ")
    code, out, err = _run(capsys, "--ai", "greedy", "--games", "1", "--seed", "2", "--json")
    assert err == ""  # stderr is not a terminal under pytest and no --progress


def test_format_summary_plural():
    summary = {"games": 3, "seed": 0, "players": [], "draws": 0, "avg_rounds": 1.0, "games_per_second": 1.0}
    assert sim.format_summary(summary).startswith("3 games, seed 0")


def test_sim_json_results_one_object_per_game(capsys):
    code, out, err = _run(capsys, "--ai", "greedy", "--ai", "random", "--games", "2", "--seed", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    results = data["results"]
    assert [r["game"] for r in results] == [1, 2]
    for r in results:
        assert set(r) == {"game", "seed", "levels", "winner", "vp", "rounds"}
        assert r["seed"] == sim.game_seed(3, r["game"] - 1) and len(r["vp"]) == 2 and r["rounds"] >= 1
        assert r["winner"] in (1, 2, None)
    assert [r["levels"] for r in results] == [["greedy", "random"], ["random", "greedy"]]  # seats swap
    wins = {"greedy": 0, "random": 0}
    for r in results:
        if r["winner"] is not None:
            wins[r["levels"][r["winner"] - 1]] += 1
    assert [wins[p["ai"]] for p in data["players"]] == [p["wins"] for p in data["players"]]
    assert data["avg_rounds"] == sum(r["rounds"] for r in results) / 2


def test_sim_three_ai_levels_without_players_say_free_for_all(capsys):
    code, out, err = cli.main(["sim", "--ai", "random", "--ai", "random", "--ai", "random", "--games", "1",
                               "--json"]), *capsys.readouterr()
    assert code == 0
    assert "3 players, free-for-all" in err and "--players 3" in err and err.count("\n") == 1
    assert len(json.loads(out)["players"]) == 3
    code, out, err = cli.main(["sim", "--players", "3", "--ai", "random", "--games", "1", "--json"]), \
        *capsys.readouterr()
    assert code == 0 and err == ""  # --players said so: no note


def test_invariants_catch_a_move_onto_a_changed_creature_and_pass_an_unmoved_one():
    from tactica.engine.sandbox import battle
    before = battle("A.b\n...", active="A")
    before.freeze()
    after = before.copy()
    after.own("b").hp -= 1  # changed, not moved
    sim.check_invariants(before, after)  # fine: nobody moved
    after.own("A").pos = after.creature("b").pos
    with pytest.raises(sim.SimError, match="both on square"):
        sim.check_invariants(before, after)


def test_WB_8_sim_plays_100_point_warbands_to_100_vp(capsys):
    """Two 100-point warbands fight a 100-point battle in sim as in play: the winner stops at the
    100 VP target (it used to play on to 200, so a loser could pass 100)."""
    code, out, err = _run(capsys, "--ai", "normal", "--ai", "greedy", "--games", "4", "--seed", "3", "--json")
    assert code == 0, err
    results = json.loads(out)["results"]
    for r in results:
        winner = r["winner"]
        assert winner is not None
        loser_vp = r["vp"][2 - winner]
        assert loser_vp < 100, r
        assert max(r["vp"]) < 200, r


def test_WB_8_ruleset_for_battle_takes_the_warbands_size():
    from tactica.engine import Ruleset
    assert Ruleset.for_battle([100, 100]).point_limit == 100
    assert Ruleset.for_battle([100, 100]).target == 100
    assert Ruleset.for_battle([500, 500]).point_limit == 500
    assert Ruleset.for_battle([100, 200]) == Ruleset()                      # mixed: the default size
    assert Ruleset.for_battle([100, 100], "combined").point_limit == 250    # SCN-COMBINED is 250 points
    assert Ruleset.for_battle([100, 100], "bounty") == Ruleset(point_limit=100, scenario="bounty")
    teams = Ruleset.for_battle([200] * 4, teams=(1, 2, 1, 2))
    assert teams.teams == (1, 2, 1, 2) and teams == Ruleset().with_teams((1, 2, 1, 2))


def test_sim_reports_each_warband_as_well_as_each_ai(capsys):
    """Two equal AIs swap seats every game, so per AI they share the wins; the warbands keep
    their seats, and the per-warband figures show which one won (JSON and text)."""
    code, out, err = _run(capsys, "--ai", "greedy", "--ai", "greedy", "--games", "4", "--seed", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [w["warband"] for w in data["warbands"]] == ["Tusk Skirmishers", "Greenbough Wardens"]
    assert [w["player"] for w in data["warbands"]] == [1, 2]
    for seat, w in enumerate(data["warbands"]):
        assert set(w) == {"player", "warband", "wins", "win_rate", "avg_vp"}
        assert w["wins"] == sum(1 for r in data["results"] if r["winner"] == seat + 1)
        assert w["win_rate"] == round(w["wins"] / 4, 4)
        assert w["avg_vp"] == round(sum(r["vp"][seat] for r in data["results"]) / 4, 2)
    assert sum(w["wins"] for w in data["warbands"]) == sum(p["wins"] for p in data["players"])
    text = sim.format_summary(data)
    w1, w2 = data["warbands"]
    assert (f"player 1 Tusk Skirmishers         wins {w1['wins']:>4} ({w1['win_rate']:.1%})  "
            f"average VP {w1['avg_vp']:.1f}") in text
    assert "player 2 Greenbough Wardens" in text and "AI 1 greedy" in text


def test_invariants_catch_falling_vp_and_hp_out_of_bounds():
    from tactica.engine.sandbox import battle
    before = battle("A.b\n...", active="A")
    before.vp[0] = 3
    before.freeze()
    after = before.copy()
    after.vp[1] = 2  # rising VP is fine
    sim.check_invariants(before, after)
    after.vp[0] = 1
    with pytest.raises(sim.SimError, match="player 1's VP fell from 3 to 1"):
        sim.check_invariants(before, after)
    after = before.copy()
    after.own("b").hp = 0
    with pytest.raises(sim.SimError, match="b is on the map with 0 HP"):
        sim.check_invariants(before, after)
    after.own("b").hp = after.creature("b").card.hp + 1
    with pytest.raises(sim.SimError, match="HP, outside 0"):
        sim.check_invariants(before, after)
