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

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tactica.engine import (
    Creature,
    CreatureActivated,
    CreatureCard,
    GameState,
    IllegalAction,
    MapDef,
    RoundStarted,
    Ruleset,
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
    """

    winner: int | None
    vp: tuple[int, ...]
    rounds: int
    steps: int
    reason: str


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
    changed = [(c, o) for c, o in zip(new, old) if c is not o]
    if changed:
        for c, _ in changed:
            hp = c.hp
            if not 0 <= hp <= c.card.hp:
                raise SimError(f"{c.uid} has {hp} HP, outside 0..{c.card.hp}")
            if hp <= 0 and c.pos is not None and not c.destroyed:  # on the map (Creature.alive)
                raise SimError(f"{c.uid} is on the map with {hp} HP")
        # The squares of the creatures that moved, each against all others.
        seen: dict = {}
        moved: set[int] = set()
        for c, o in changed:
            if o is not None and c.pos == o.pos and c.destroyed == o.destroyed:
                continue
            moved.add(id(c))
            if c.pos is not None and not c.destroyed:
                for sq in c.squares:  # every square of a Large or Huge creature (MOV-13)
                    if sq in seen:
                        raise SimError(f"{c.uid} and {seen[sq]} are both on square {sq}")
                    seen[sq] = c.uid
        if seen:
            for c in new:
                pos = c.pos
                if pos is not None and not c.destroyed and id(c) not in moved:
                    for sq in (c.squares if c.card.size > 1 else (pos,)):
                        if sq in seen:
                            raise SimError(f"{c.uid} and {seen[sq]} are both on square {sq}")
    for p in range(after.players):
        if after.vp[p] < before.vp[p]:
            raise SimError(f"player {p + 1}'s VP fell from {before.vp[p]} to {after.vp[p]}")


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
    Returns a BattleResult.  Raises SimError on an illegal action, a broken
    invariant or a runaway battle.
    """
    step = apply_fn or apply
    state, _ = new_game(warbands, maps, seed=seed, rules=rules)
    activated: dict[str, int] = {}
    while not state.is_over:
        if state.step >= MAX_STEPS:
            raise SimError(f"battle did not end after {MAX_STEPS} actions")
        bot = bots[state.decider]
        action = bot.choose(state)
        try:
            after, events = step(state, action)
        except IllegalAction as refusal:
            raise SimError(f"{bot.name} (player {state.decider + 1}) played an illegal action "
                           f"{action!r} at step {state.step}: {refusal}") from refusal
        for e in events:
            if isinstance(e, RoundStarted):
                activated.clear()
            elif isinstance(e, CreatureActivated):
                activated[e.uid] = activated.get(e.uid, 0) + 1
                if activated[e.uid] > activations_per_round(after.creature(e.uid).card):
                    raise SimError(f"{e.uid} was activated too often in round {after.round}")
        try:
            check_invariants(state, after)
        except SimError as err:
            raise SimError(f"invariant broken after {action!r} at step {state.step}: {err}") from None
        state = after
    return BattleResult(state.winner, tuple(state.vp), state.round, state.step, state.win_reason)


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


def run_games(levels: Sequence[str], warbands: tuple[WarbandDef, ...],
              maps: Sequence[tuple[MapDef, ...]], games: int, seed: int,
              scenario: str = "assault", teams: tuple[int, ...] = (),
              catalogue: dict[str, CreatureCard] | None = None, modules: tuple[str, ...] = (),
              on_game: Callable[..., None] | None = None) -> dict:
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
    (optional) is called after each game (number counts from 1; seconds of
    wall time for that game; the level in each seat; for each seat, its
    index into ``levels``).
    Raises SimError (with the game number) on a broken battle.

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
    n = len(levels)
    tallies = [Tally(level) for level in levels]
    seat_tallies = [Tally(f"sealed pool {seat + 1}" if scenario == "sealed" else warbands[seat].name)
                    for seat in range(n)]  # the warbands stay with their seats
    draws = rounds = 0
    results: list[dict] = []
    start = time.perf_counter()
    for i in range(games):
        s = game_seed(seed, i)
        order: tuple[int, ...]  # order[seat] = index into levels
        if n == 2:
            order = (0, 1) if i % 2 == 0 else (1, 0)
        else:
            order = tuple((seat + i) % n for seat in range(n))
        bots = [make_bot(levels[order[seat]], s * 2 + seat) for seat in range(n)]
        bands = warbands
        if scenario == "sealed":
            if catalogue is None:
                raise ValueError("the Sealed scenario draws its packs from a card catalogue: give one (SCN-SEALED)")
            _, bands = sealed_warbands(catalogue, s, n, rules)
        began = time.perf_counter()
        try:
            result = play_battle(bots, bands, maps[i % len(maps)], s, rules=rules)
        except SimError as err:
            raise SimError(f"game {i + 1} (dice seed {s}): {err}") from None
        if on_game is not None:
            on_game(i + 1, result, time.perf_counter() - began, [levels[order[seat]] for seat in range(n)],
                    order)
        rounds += result.rounds
        results.append({"game": i + 1, "seed": s, "levels": [levels[order[seat]] for seat in range(n)],
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
    elapsed = time.perf_counter() - start
    n = max(1, games)
    return {
        "games": games, "seed": seed,
        "players": [{"ai": t.ai, "wins": t.wins, "win_rate": round(t.wins / n, 4),
                     "avg_vp": round(t.vp / n, 2)} for t in tallies],
        "draws": draws, "avg_rounds": round(rounds / n, 2),
        "games_per_second": round(games / elapsed, 3) if elapsed > 0 else 0.0,
        "warbands": [{"player": seat + 1, "warband": t.ai, "wins": t.wins, "win_rate": round(t.wins / n, 4),
                      "avg_vp": round(t.vp / n, 2)} for seat, t in enumerate(seat_tallies)],
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


__all__ = ["BattleResult", "SimError", "Tally", "check_invariants", "format_summary", "game_seed", "parse_teams",
           "play_battle", "progress_line", "run_games", "seat_names"]
