"""Headless AI-against-AI battles: ``play_battle`` and ``run_games`` (the heart of ``tactica sim``).

The game loop lives here, outside the state (after OpenSpiel's
``evaluate_bots``): ask the deciding seat's bot for an action, ``apply`` it,
check the invariants, repeat.  Every battle doubles as a robustness check: an
illegal action or a broken invariant raises ``SimError`` (``tactica sim``
then exits with status 1 and the message), it is never counted as a result.
Reading the command's files and printing its report is ``tactica.sim_command``'s
job, so that this package never loads YAML.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import is_not

from tactica.engine import (
    Creature,
    CreatureActivated,
    CreatureCard,
    GameState,
    IllegalAction,
    MapDef,
    RoundStarted,
    Ruleset,
    TurnStarted,
    WarbandDef,
    activations_per_round,
    apply,
    new_game,
    sealed_warbands,
)

from .base import Bot
from .bots import make_bot

#: Actions after which a battle counts as runaway (an engine or bot bug).
MAX_STEPS = 200_000


class SimError(RuntimeError):
    """A bot played an illegal action, or the state broke an invariant."""


@dataclass(frozen=True)
class BattleResult:
    """How one battle ended.

    Attributes:
        winner: the winning seat (0-based; in team play the winning team's
            first seat), or None for a draw (the engine always names a
            winner today, so None does not occur yet).
        vp: final VP of every seat.
        rounds: rounds played.
        steps: actions applied.
        reason: the engine's win reason, e.g. "victory points".
        first: the seat that took the battle's first turn (0-based; round 1's initiative, RND-1).
        areas: each seat's start area ("A", "B", …; SET-3), in seat order.
    """

    winner: int | None
    vp: tuple[int, ...]
    rounds: int
    steps: int
    reason: str
    first: int = 0
    areas: tuple[str, ...] = ()


def check_invariants(before: GameState, after: GameState) -> None:
    """Raise SimError if ``after`` breaks an invariant.

    Checked: no two creatures on one square (footprints of Large and Huge ones included); HP within 0..max (and above 0
    while on the map); VP never decrease.  (``play_battle`` checks from the
    events that no creature is activated more often in a round than its card allows.)

    Only what may have changed is looked at: a creature that is the same object in
    both states is unchanged (``apply`` shares unchanged creatures, and a shared
    creature cannot be changed), so its HP is not checked again; squares are
    checked only for the creatures that moved (or left or came onto the map),
    each against all others, as two creatures that did not move cannot have
    come to share a square.  So the check is complete for a battle checked
    after every action from its start, as ``play_battle`` does; a creature
    list of another length is checked in full.
    """
    old: Sequence[Creature | None] = before.creatures
    new = after.creatures
    if len(old) != len(new):
        old = [None] * len(new)
    # One pass over the pairs: HP of every changed creature, and which of them moved.
    movers: list[Creature] = []
    for c, o in compress(zip(new, old), map(is_not, new, old)):  # the pairs that differ (C-level filter)
        hp = c.hp
        if not 0 <= hp <= c.card.hp:
            raise SimError(f"{c.uid} has {hp} HP, outside 0..{c.card.hp}")
        pos = c.pos
        destroyed = c.destroyed
        if pos is not None and not destroyed:  # on the map (Creature.alive)
            if hp <= 0:
                raise SimError(f"{c.uid} is on the map with {hp} HP")
            if o is None or pos != o.pos or destroyed != o.destroyed:
                movers.append(c)
    if movers:
        _check_squares(after, movers)
    old_vp, new_vp = before.vp, after.vp
    if new_vp != old_vp:
        for p, (now, then) in enumerate(zip(new_vp, old_vp)):
            if now < then:
                raise SimError(f"player {p + 1}'s VP fell from {then} to {now}")


def _check_squares(after: GameState, movers: list[Creature]) -> None:
    """Raise SimError if a creature of ``movers`` (on the map, moved by the last action) shares a
    square with another creature of ``after`` (footprints of Large and Huge ones included, MOV-13)."""
    # CHP-2: a walk stopped for a champion-power window may leave its mover on an ally's square
    # (passing through it, MOV-5); it goes on when the window closes.
    passing = after.active_uid if after.interrupted is not None else None
    seen: dict = {}
    moved: set[int] = set()
    for c in movers:
        moved.add(id(c))
        if c.uid == passing:
            continue
        for sq in c.squares:  # every square of a Large or Huge creature (MOV-13)
            if sq in seen:
                raise SimError(f"{c.uid} and {seen[sq]} are both on square {sq}")
            seen[sq] = c.uid
    if not seen:
        return
    for c in after.creatures:
        pos = c.pos
        if pos is None or c.destroyed:
            continue
        if c.card.size == 1:
            if pos in seen and id(c) not in moved:
                raise SimError(f"{c.uid} and {seen[pos]} are both on square {pos}")
        elif id(c) not in moved:
            for sq in c.squares:
                if sq in seen:
                    raise SimError(f"{c.uid} and {seen[sq]} are both on square {sq}")


def play_battle(bots: Sequence[Bot], warbands: tuple[WarbandDef, ...],
                maps: tuple[MapDef, ...], seed: int, *,
                apply_fn: Callable | None = None, rules: Ruleset | None = None) -> BattleResult:
    """Play one battle to the end: ``bots[0]`` is player 1, ``bots[1]`` player 2, and so on.

    Args:
        bots: one bot per seat (two to four, SCN-MULTI).
        warbands: one warband per seat.
        maps: the maps brought (one or two); the setup-roll winner's bot picks.
        seed: the dice seed.
        apply_fn: replaces the engine's ``apply`` (tests pass a faulty one).
        rules: battle settings (scenario); None is the 200-point Assault.
    Returns a BattleResult.  Raises SimError on an illegal action, a bot
    that raises (its level, seat and the exception named), a broken
    invariant or a runaway battle.
    """
    step = apply_fn or apply
    state, _ = new_game(warbands, maps, seed=seed, rules=rules)
    activated: dict[str, int] = {}
    first: int | None = None
    while not state.is_over:
        if state.step >= MAX_STEPS:
            raise SimError(f"battle did not end after {MAX_STEPS} actions")
        bot = bots[state.decider]
        try:
            action = bot.choose(state)
        except Exception as failure:  # a bot bug: one clean line naming the level, never a traceback
            raise SimError(f"the {bot.name} AI (player {state.decider + 1}) failed at step {state.step}: "
                           f"{type(failure).__name__}: {failure}") from failure
        try:
            after, events = step(state, action)
        except IllegalAction as refusal:
            raise SimError(f"{bot.name} (player {state.decider + 1}) played an illegal action "
                           f"{action!r} at step {state.step}: {refusal}") from refusal
        for e in events:  # by exact type: events are final dataclasses (no subclasses)
            if type(e) is CreatureActivated:
                activated[e.uid] = activated.get(e.uid, 0) + 1
                if activated[e.uid] > activations_per_round(after.creature(e.uid).card):
                    raise SimError(f"{e.uid} was activated too often in round {after.round}")
            elif type(e) is RoundStarted:
                activated.clear()
            elif first is None and type(e) is TurnStarted:
                first = e.player
        try:
            check_invariants(state, after)
        except SimError as err:
            raise SimError(f"invariant broken after {action!r} at step {state.step}: {err}") from None
        state = after
    return BattleResult(state.winner, tuple(state.vp), state.round, state.step, state.win_reason,
                        first or 0, tuple(state.areas.get(seat, "") for seat in range(len(warbands))))


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run seeded ``seed`` (a fixed mix, stable across versions)."""
    return (seed * 1_000_003 + index * 7_919 + 17) & 0xFFFFFFFF


@dataclass
class Tally:
    """Running totals for one ``--ai`` entry, or for one seat's warband (``ai`` then holds its name)."""

    ai: str
    wins: int = 0
    vp: int = 0

    def add(self, vp: int, won: bool) -> None:
        """Count one more game: ``vp`` scored, and a win when ``won``."""
        self.vp += vp
        self.wins += won


@dataclass(frozen=True)
class GameSetup:
    """What every game of one ``run_games`` run shares (handed once to each worker process).

    Attributes: levels (the ``--ai`` entries), warbands (one per seat), maps
    (map tuples used in turn), rules (the battle's Ruleset), scenario (its
    name; "sealed" draws each game's warbands, SCN-SEALED), catalogue (the
    cards Sealed draws from, or None).
    """

    levels: tuple[str, ...]
    warbands: tuple[WarbandDef, ...]
    maps: tuple[tuple[MapDef, ...], ...]
    rules: Ruleset
    scenario: str
    catalogue: dict[str, CreatureCard] | None


@dataclass(frozen=True)
class GameRecord:
    """One finished game: index (from 0), seed (its dice seed), order (each seat's ``levels`` index),
    result, seconds (wall time of that game)."""

    index: int
    seed: int
    order: tuple[int, ...]
    result: BattleResult
    seconds: float


class SimInterrupted(KeyboardInterrupt):
    """Ctrl+C stopped ``run_games``: ``summary`` is the summary of the games finished before it."""

    def __init__(self, summary: dict) -> None:
        super().__init__("interrupted")
        self.summary = summary


def seat_order(index: int, n: int) -> tuple[int, ...]:
    """For game ``index`` (from 0) of ``n`` levels, each seat's index into the levels.

    Two levels swap seats every game; three or four move one seat a game (SCN-MULTI).
    """
    if n == 2:
        return (0, 1) if index % 2 == 0 else (1, 0)
    return tuple((seat + index) % n for seat in range(n))


def play_game(setup: GameSetup, seed: int, index: int) -> GameRecord:
    """Play game ``index`` (from 0) of a run seeded ``seed``; the same arguments give the same record.

    Its dice seed is ``game_seed(seed, index)``, its bots are seeded from it,
    its seats as ``seat_order`` says.  Raises SimError naming the game and
    its dice seed on a broken battle; ValueError for Sealed without a catalogue.
    """
    s = game_seed(seed, index)
    n = len(setup.levels)
    order = seat_order(index, n)
    bots = [make_bot(setup.levels[order[seat]], s * 2 + seat) for seat in range(n)]
    bands = setup.warbands
    if setup.scenario == "sealed":
        if setup.catalogue is None:
            raise ValueError("the Sealed scenario draws its packs from a card catalogue: give one (SCN-SEALED)")
        _, bands = sealed_warbands(setup.catalogue, s, n, setup.rules)
    began = time.perf_counter()
    try:
        result = play_battle(bots, bands, setup.maps[index % len(setup.maps)], s, rules=setup.rules)
    except SimError as err:
        raise SimError(f"game {index + 1} (--seed {seed}, dice seed {s}): {err}") from None
    return GameRecord(index, s, order, result, time.perf_counter() - began)


# The run a worker process plays games of (set once per worker by _start_worker).
_worker_run: tuple[GameSetup, int] | None = None


def _start_worker(setup: GameSetup, seed: int) -> None:
    """Pool initializer: keep the run's setup; leave Ctrl+C to the parent, which stops the workers."""
    global _worker_run
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_run = (setup, seed)


def _play_in_worker(index: int) -> GameRecord:
    """Play game ``index`` of the worker's run (see ``play_game``)."""
    assert _worker_run is not None, "a worker plays games only after _start_worker"
    return play_game(_worker_run[0], _worker_run[1], index)


def default_jobs() -> int:
    """All the cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


#: Plays a run's games somewhere else than here: ``runner(setup, games, seed)`` yields every game's
#: ``GameRecord`` in game order (each made by ``play_game(setup, seed, index)``); on Ctrl+C it raises
#: KeyboardInterrupt("interrupted", [records finished but not yet yielded]).
Runner = Callable[[GameSetup, int, int], Generator[GameRecord, None, None]]


def _records(setup: GameSetup, games: int, seed: int, jobs: int) -> Generator[GameRecord, None, None]:
    """Every game's record, in game order, played in ``jobs`` worker processes (in this one for 1).

    A SimError of a game is raised when its turn in order comes.  Games
    finished out of order wait for the ones before them.  On Ctrl+C the
    workers are stopped at once (terminated), and KeyboardInterrupt carries
    the records finished but not yet handed out as ``args[1]``.
    """
    if jobs <= 1 or games <= 1:
        for i in range(games):
            yield play_game(setup, seed, i)
        return
    pool = multiprocessing.Pool(min(jobs, games), initializer=_start_worker, initargs=(setup, seed))
    waiting: dict[int, GameRecord] = {}
    handed = 0
    try:
        for record in pool.imap_unordered(_play_in_worker, range(games)):
            waiting[record.index] = record
            while handed in waiting:
                yield waiting.pop(handed)
                handed += 1
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        raise KeyboardInterrupt("interrupted", [waiting[i] for i in sorted(waiting)]) from None
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def run_games(levels: Sequence[str], warbands: tuple[WarbandDef, ...],
              maps: Sequence[tuple[MapDef, ...]], games: int, seed: int,
              scenario: str = "assault", teams: tuple[int, ...] = (),
              catalogue: dict[str, CreatureCard] | None = None, modules: tuple[str, ...] = (),
              on_game: Callable[..., None] | None = None, jobs: int = 1, runner: Runner | None = None) -> dict:
    """Play ``games`` battles between two to four levels and return the summary dict.

    With two levels, entry 0 of ``levels`` sits in seat 0 on even games and
    seat 1 on odd ones; with three or four (SCN-MULTI) the levels move one
    seat on each game (the warbands stay with their seats).  ``maps`` is a
    list of map tuples, used in turn; ``scenario`` picks the Ruleset (SCN-*;
    Combined is 250 points; Sealed draws every game's warbands from the
    game's seed and ``catalogue``, SCN-SEALED); ``teams`` the team of each
    seat (empty: every seat on its own); ``modules`` the optional rule
    modules of every battle (``--rules``, engine.modules).  A win counts for every level of
    the winning team.  Warbands of one size fight a battle of that size,
    as in ``play`` (``Ruleset.for_battle``: 100-point warbands play to 100
    VP, WB-8; Epic ones get their Epic battle, WB-7).  ``on_game(number, result, seconds, seat_levels, order)``
    (optional) is called after each game, in game order (number counts from 1; seconds of
    wall time for that game; the level in each seat; for each seat, its
    index into ``levels``).  ``jobs`` worker processes play the games
    (1: this process); every game depends only on ``seed`` and its number,
    so any ``jobs`` gives the same results and summary (but games_per_second); a ``runner``
    (``Runner``; e.g. ``tactica.ai.cluster.on_cluster``: a Dask cluster) plays them instead, with the
    same results.
    Raises SimError (with the game number) on a broken battle, and
    SimInterrupted (a KeyboardInterrupt holding the summary of the games
    finished) on Ctrl+C.

    The summary's keys: games, seed, players (one entry per ``levels``
    entry: ai, wins, win_rate, avg_vp), draws, avg_rounds, games_per_second,
    warbands (one entry per seat, whose warband never changes seat: player
    (from 1), warband (its name; "sealed pool N" in Sealed, where each game
    draws new ones), wins, win_rate, avg_vp — so a warband that wins every
    game shows even when two equal AIs swap seats and win half each), and
    results: one object per game in order — game (from 1), seed (that
    game's dice seed), levels (the bot level in each seat, player 1 first),
    winner (the winning player's number, from 1; None for a draw), vp (per
    seat), rounds.
    """
    # The warbands' size, as in play: 100-point warbands play to 100 VP, Epic ones an Epic battle (WB-7, WB-8)
    rules = Ruleset.for_battle((wb.point_limit for wb in warbands), scenario, teams or (), modules=modules)
    if scenario == "sealed" and catalogue is None:
        raise ValueError("the Sealed scenario draws its packs from a card catalogue: give one (SCN-SEALED)")
    setup = GameSetup(tuple(levels), tuple(warbands), tuple(maps), rules, scenario, catalogue)
    finished: list[GameRecord] = []
    start = time.perf_counter()

    def finish(record: GameRecord) -> None:
        finished.append(record)
        if on_game is not None:
            on_game(record.index + 1, record.result, record.seconds,
                    [levels[o] for o in record.order], record.order)

    played = runner(setup, games, seed) if runner is not None else _records(setup, games, seed, jobs)
    try:
        with contextlib.closing(played):  # a stop in on_game stops the workers too
            for record in played:
                finish(record)
    except KeyboardInterrupt as stop:
        for record in (stop.args[1] if len(stop.args) > 1 else ()):
            finish(record)
        raise SimInterrupted(summarize(setup, teams, seed, finished, time.perf_counter() - start)) from None
    return summarize(setup, teams, seed, finished, time.perf_counter() - start)


def summarize(setup: GameSetup, teams: tuple[int, ...], seed: int, records: Sequence[GameRecord],
              elapsed: float) -> dict:
    """The summary dict of ``run_games`` (see there) for finished ``records`` (in game order) of a run.

    ``teams``: each seat's team (empty: every seat alone); ``elapsed``: wall seconds of the run.
    """
    levels, n = setup.levels, len(setup.levels)
    tallies = [Tally(level) for level in levels]
    seat_tallies = [Tally(f"sealed pool {seat + 1}" if setup.scenario == "sealed" else setup.warbands[seat].name)
                    for seat in range(n)]  # the warbands stay with their seats
    draws = rounds = 0
    results: list[dict] = []
    for record in records:
        result, order = record.result, record.order
        rounds += result.rounds
        results.append({"game": record.index + 1, "seed": record.seed, "levels": [levels[o] for o in order],
                        "winner": None if result.winner is None else result.winner + 1,
                        "vp": list(result.vp), "rounds": result.rounds})
        won: set[int] = set()  # the seats of the winning side
        if result.winner is None:
            draws += 1
        else:
            won = {seat for seat in range(n) if (teams[seat] if teams else seat)
                   == (teams[result.winner] if teams else result.winner)}
        for seat in range(n):
            tallies[order[seat]].add(result.vp[seat], seat in won)
            seat_tallies[seat].add(result.vp[seat], seat in won)
    games = len(records)
    m = max(1, games)
    return {
        "games": games, "seed": seed,
        "players": [{"ai": t.ai, "wins": t.wins, "win_rate": round(t.wins / m, 4),
                     "avg_vp": round(t.vp / m, 2)} for t in tallies],
        "draws": draws, "avg_rounds": round(rounds / m, 2),
        "games_per_second": round(games / elapsed, 3) if elapsed > 0 else 0.0,
        "warbands": [{"player": seat + 1, "warband": t.ai, "wins": t.wins, "win_rate": round(t.wins / m, 4),
                      "avg_vp": round(t.vp / m, 2)} for seat, t in enumerate(seat_tallies)],
        "results": results,
    }


def parse_teams(text: str | None, players: int) -> tuple[int, ...]:
    """``--teams`` text to a team per seat: "12" style digits or "1,2,1,2" (SCN-MULTI).

    None or empty gives () (every seat on its own: free-for-all with three
    or four players).  Raises ValueError with a sentence when the text does
    not name one team (1-4) per player, or names fewer than two teams.
    """
    if not text:
        return ()
    parts = [p for p in text.replace(",", " ").replace("/", " ").split()]
    if len(parts) == 1 and len(parts[0]) == players:
        parts = list(parts[0])
    if len(parts) != players or not all(p in "1234" and len(p) == 1 for p in parts):
        example = {2: "1,2", 3: "1,2,2", 4: "1,2,1,2"}.get(players, "1,2,1,2")
        raise ValueError(f"--teams needs one team number (1-4) per player, {players} in all "
                         f"(e.g. {example} for {players} players); got {text!r}")
    teams = tuple(int(p) - 1 for p in parts)
    if len(set(teams)) < 2:
        raise ValueError("--teams must name at least two teams")
    return teams


def seat_names(levels: Sequence[str], order: Sequence[int] | None = None) -> list[str]:
    """How a per-game line names each seat: "player 2 (hard)".

    Args:
        levels: the bot level in each seat, player 1 first.
        order: for each seat, its entry in ``--ai`` (0-based; the summary's
            "AI 1", "AI 2"); named as "AI N" too when two entries share a
            level, so that a line can be matched to the summary.
    Returns one name per seat.
    """
    names = []
    for seat, level in enumerate(levels):
        who = level
        if order is not None and len(set(levels)) < len(levels):
            who = f"AI {order[seat] + 1}, {level}"
        names.append(f"player {seat + 1} ({who})")
    return names


def progress_line(number: int, games: int, result: BattleResult, seconds: float,
                  levels: Sequence[str] = (), order: Sequence[int] | None = None,
                  teams: Sequence[int] = ()) -> str:
    """One stderr line for a finished game, naming the winner's seat and AI level.

    E.g. "game 3/10: player 2 (hard) wins; VP player 1 (normal) 40, player 2 (hard) 100; 7 rounds (2.1 s)".
    ``result.winner`` is a seat (0-based) or None for a draw; VP per seat.
    ``levels``: the level in each seat this game (empty: seats named
    "player N" only); ``order``: each seat's ``--ai`` entry (see
    ``seat_names``); ``teams``: each seat's team (empty: every seat alone;
    a team win names all its seats).
    """
    names = seat_names(levels, order) if levels else [f"player {seat + 1}" for seat in range(len(result.vp))]
    if result.winner is None:
        outcome = "draw"
    elif teams:
        won = [names[seat] for seat in range(len(names)) if teams[seat] == teams[result.winner]]
        outcome = f"{' and '.join(won)} win" if len(won) > 1 else f"{won[0]} wins"
    else:
        outcome = f"{names[result.winner]} wins"
    vp = ", ".join(f"{name} {v}" for name, v in zip(names, result.vp))
    return (f"game {number}/{games}: {outcome}; VP {vp}; {result.rounds} round{'s' if result.rounds != 1 else ''} "
            f"({seconds:.1f} s)")


def format_summary(summary: dict) -> str:
    """The human-readable report of ``run_games``' summary."""
    games = summary["games"]
    lines = [f"{games} game{'s' if games != 1 else ''}, seed {summary['seed']}"]
    for i, p in enumerate(summary["players"]):
        lines.append(f"  AI {i + 1} {p['ai']:<7} wins {p['wins']:>4} ({p['win_rate']:.1%})  "
                     f"average VP {p['avg_vp']:.1f}")
    if summary.get("warbands"):
        lines.append("  by warband (each keeps its seat; the AIs change seats between games):")
        for w in summary["warbands"]:
            lines.append(f"  player {w['player']} {w['warband']:<24} wins {w['wins']:>4} ({w['win_rate']:.1%})  "
                         f"average VP {w['avg_vp']:.1f}")
    lines.append(f"  draws {summary['draws']}, average rounds {summary['avg_rounds']:.1f}, "
                 f"{summary['games_per_second']:.2f} games/s")
    return "\n".join(lines)


__all__ = ["BattleResult", "GameRecord", "GameSetup", "SimError", "SimInterrupted", "Tally", "check_invariants",
           "default_jobs", "format_summary", "game_seed", "parse_teams", "play_battle", "play_game",
           "progress_line", "run_games", "seat_names", "seat_order", "summarize"]
