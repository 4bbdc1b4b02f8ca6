"""The battles of a balance report (``tactica.balance.arena``): counted by side, by first player,
by warband and by card; the same figures whatever the number of worker processes."""
from __future__ import annotations

from tactica.ai import sim
from tactica.balance import arena
from tactica.content import default_map, default_warbands, load_battle_files


def _battle(winner, first=0, areas=("A", "B"), cards=(("x", "y"), ("y", "z"))):
    return arena.Battle(("W1", "W2"), winner, first, areas, (100, 50), cards, (200, 200))


def test_map_balance_counts_each_start_area_and_the_first_player(monkeypatch):
    made = iter([_battle(0, first=0), _battle(1, first=0, areas=("B", "A")), _battle(None, first=1)])
    monkeypatch.setattr(arena, "play_pairings", lambda pairings, *a, **k: [next(made) for _ in range(3)])
    found = arena.map_balance(default_map(), default_warbands()[:1], "random", 3, 0)
    assert found.areas["A"].wins == 2.5 and found.areas["A"].games == 3     # won, won (as seat 2), drew
    assert found.areas["B"].wins == 0.5 and found.first.wins == 1.5         # the first player: won, lost, drew
    assert found.favoured is None
    assert found.as_dict()["areas"]["A"]["rate"] == round(2.5 / 3, 4)


def test_card_figures_compare_sides_with_and_without_each_card():
    _, _, catalogue = load_battle_files([], [], [])
    a, b, c = sorted(catalogue)[:3]
    battles = [_battle(0, cards=((a, b), (b, c))), _battle(0, cards=((a,), (c,))), _battle(1, cards=((a,), (c, c)))]
    figures = {f.card.id: f for f in arena.card_figures(battles, catalogue)}
    assert (figures[a].with_.wins, figures[a].with_.games) == (2, 3)       # a won twice in three sides
    assert (figures[a].without.wins, figures[a].without.games) == (1, 3)
    assert (figures[c].with_.wins, figures[c].with_.games) == (1, 3)
    assert figures[a].vp_with == 100 and figures[c].vp_without == 100
    assert figures[a].flag == ""                                              # three battles prove nothing


def test_a_real_mirror_match_is_counted_and_repeats_exactly_with_two_workers():
    band = default_warbands()[:1]
    one = arena.map_balance(default_map(), band, "random", 2, 5, jobs=1)
    two = arena.map_balance(default_map(), band, "random", 2, 5, jobs=2)
    assert one.as_dict() == two.as_dict()
    assert sum(r.games for r in one.areas.values()) == 4                      # 2 battles, 2 sides each
    assert one.first.games == 2 and set(one.areas) == {"A", "B"}
    assert all(b.areas in (("A", "B"), ("B", "A")) for b in one.battles)


def test_sealed_card_balance_draws_the_same_warbands_the_battles_used():
    _, _, catalogue = load_battle_files([], [], [])
    found = arena.card_balance(catalogue, (default_map(),), "random", 1, 3)
    (battle,) = found.battles
    rules = arena.Ruleset.for_battle((200, 200), "sealed", ())
    drawn = arena.sealed_warbands(catalogue, sim.game_seed(3, 0), 2, rules)[1]
    assert battle.cards == tuple(tuple(c.id for c in w.cards) for w in drawn)
    assert {f.card.id for f in found.cards} == {cid for side in battle.cards for cid in side}


def _cut_short(monkeypatch, stop_at: int):
    """sim.run_games as seen by the arena: each call plays its games at once, until ``stop_at`` battles
    in all, where Ctrl+C comes."""
    from types import SimpleNamespace
    done = []

    def run_games(levels, bands, maps, games, seed, *, on_game, **_):
        for number in range(1, games + 1):
            if len(done) == stop_at:
                raise KeyboardInterrupt
            done.append(number)
            on_game(number, SimpleNamespace(winner=len(done) % 2, first=0, areas=("A", "B"), vp=(10, 5)))
    monkeypatch.setattr(arena.sim, "run_games", run_games)


def test_ctrl_c_keeps_the_battles_finished_in_every_report(monkeypatch):
    """Ctrl+C in the middle of a balance run gives the figures of the battles finished, each counted
    under its own pairing, and says how many were planned (tactica balance prints them, marked partial)."""
    band, other = default_warbands()[:2]
    _cut_short(monkeypatch, 5)
    found = arena.map_balance(default_map(), [band, other], "random", 2, 0)
    assert (len(found.battles), found.planned) == (5, 8)               # 4 pairings × 2 planned; 5 finished
    assert [r.games for _, r in found.pairings] == [2, 2, 1]           # the fourth pairing was never reached
    assert [b.pairing for b in found.battles] == [0, 0, 1, 1, 2]
    assert found.as_dict()["planned"] == 8 and found.as_dict()["battles"] == 5
    _cut_short(monkeypatch, 3)
    matrix = arena.warband_matrix([band, other], (default_map(),), "random", 2, 0)
    assert (matrix.played, matrix.planned) == (3, 4)
    assert matrix.cells[0][1].games == 3 and matrix.cells[1][0].games == 3  # both seat orders count for the pair
    _cut_short(monkeypatch, 8)
    assert arena.map_balance(default_map(), [band, other], "random", 2, 0).planned == 0  # all 8: a whole report
