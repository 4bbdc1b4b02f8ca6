"""``tactica sim --cluster`` and ``balance --cluster``: games played on a Dask distributed cluster
(a local one, started here over TCP) give exactly the results of local processes."""
from __future__ import annotations

import pytest

from tactica.ai import sim
from tactica.balance import arena
from tactica.content import default_map, default_warbands

distributed = pytest.importorskip("distributed", reason="Dask distributed is the 'cluster' extra")
cluster = pytest.importorskip("tactica.ai.cluster")


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                                  dashboard_address=None, scheduler_port=0) as local:
        yield local.scheduler_address


def _without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "games_per_second"}


def test_sim_on_a_cluster_reproduces_one_process_exactly(scheduler):
    bands, maps = default_warbands(), [(default_map(),)]
    local = sim.run_games(["random", "random"], bands, maps, 3, 11, jobs=1)
    seen: list[int] = []
    remote = sim.run_games(["random", "random"], bands, maps, 3, 11, runner=cluster.on_cluster(scheduler),
                           on_game=lambda number, *rest: seen.append(number))
    assert _without_timing(remote) == _without_timing(local)
    assert seen == [1, 2, 3]                                          # handed out in game order


def test_balance_on_a_cluster_gives_the_same_figures(scheduler):
    band = default_warbands()[:1]
    local = arena.map_balance(default_map(), band, "random", 1, 4, jobs=1)
    remote = arena.map_balance(default_map(), band, "random", 1, 4, runner=cluster.on_cluster(scheduler))
    assert remote.as_dict() == local.as_dict()


def test_an_unreachable_scheduler_is_one_clean_error(monkeypatch):
    # Nothing listens on port 9: Dask's client retries until the timeout and then raises, so the test
    # lasted the timeout (2 s, then 0.5 s: 2.0 → 0.65 s of sleep).  A machine too busy to try even once
    # in that time raises the same way (OSError or TimeoutError), which the same message wraps.
    monkeypatch.setattr(cluster, "TIMEOUT", 0.5)
    with pytest.raises(sim.SimError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        sim.run_games(["random", "random"], default_warbands(), [(default_map(),)], 1, 0,
                      runner=cluster.on_cluster("tcp://127.0.0.1:9"))
