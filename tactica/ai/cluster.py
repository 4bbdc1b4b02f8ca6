"""Games of a ``tactica sim`` or ``balance`` run played on a Dask distributed cluster (``--cluster``).

``on_cluster(address)`` is a ``sim.Runner``: it hands the run's setup to the
cluster's workers once, has each play its games with ``sim.play_game`` (every
game depends only on the run seed and its number, so the results are those of
local processes), and yields the records in game order.  The workers need
tactica installed, with the ``cluster`` extra (``pip install 'tactica[cluster]'``).
This module is imported only when ``--cluster`` is given: Dask is optional.
"""
from __future__ import annotations

from collections.abc import Generator

from distributed import Client, as_completed

from .sim import GameRecord, GameSetup, Runner, SimError, play_game

#: Seconds to wait for the scheduler to answer.
TIMEOUT = 20


def on_cluster(address: str) -> Runner:
    """A runner playing every game on the Dask scheduler at ``address`` (e.g. ``tcp://10.0.0.5:8786``).

    The runner raises SimError when the scheduler does not answer within ``TIMEOUT`` seconds, and a
    game's SimError as it comes; on Ctrl+C the games still queued are cancelled.
    """
    def run(setup: GameSetup, games: int, seed: int) -> Generator[GameRecord, None, None]:
        try:
            client = Client(address, timeout=TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise SimError(f"cannot reach the Dask scheduler at {address}: {err}") from None
        waiting: dict[int, GameRecord] = {}
        handed = 0
        futures: list = []
        try:
            with client.as_current():
                shared = client.scatter(setup, broadcast=True)
                futures = client.map(play_game, [shared] * games, [seed] * games, list(range(games)), pure=False)
                for future in as_completed(futures):
                    record = future.result()
                    waiting[record.index] = record
                    while handed in waiting:
                        yield waiting.pop(handed)
                        handed += 1
        except KeyboardInterrupt:
            client.cancel(futures)
            raise KeyboardInterrupt("interrupted", [waiting[i] for i in sorted(waiting)]) from None
        finally:
            client.close()
    return run
