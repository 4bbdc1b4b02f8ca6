"""Golden playthroughs: seeded battles written out action by action.

Each battle of ``BATTLES`` is played by the AI levels it names, with a fixed
dice seed, through the engine's one door (``new_game``, ``apply``).  The
record holds, for every action: the step, the deciding seat, the action, the
events it produced and a digest of the state after it; at the start of each
round, every creature's square, HP and conditions in full.  The text is
deterministic, so ``test_playthroughs.py`` regenerates each record and diffs
it against the committed file: a change of any rule, event or AI decision
shows there line by line.

Rewrite the records after a change of behaviour made on purpose:

    python3 -m tests.playthroughs.record            # every battle
    python3 -m tests.playthroughs.record NAME ...   # some of them

then read ``git diff tests/playthroughs`` before committing it.
"""
from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tactica import content
from tactica.ai import make_bot
from tactica.engine import GameState, MapDef, RoundStarted, Ruleset, WarbandDef, apply, new_game, sealed_warbands

HERE = Path(__file__).resolve().parent
#: A battle that has not ended after this many actions is cut off (the record says so).
MAX_ACTIONS = 3000


@dataclass(frozen=True)
class Battle:
    """One golden playthrough.

    Attributes:
        name: the record's file stem.
        about: one line on what it covers.
        levels: the AI level of each seat, seat 1 first.
        warbands: shipped warband stems, one per seat ("" for the scenario's own, e.g. Sealed).
        maps: shipped map stems brought to the battle (one or two).
        seed: the dice seed.
        scenario: the Ruleset's scenario (SCN-*).
        teams: the team of each seat (SCN-MULTI), empty for none.
        max_actions: the record stops after this many actions (a long battle's first part).
    """

    name: str
    about: str
    levels: tuple[str, ...]
    warbands: tuple[str, ...]
    maps: tuple[str, ...]
    seed: int
    scenario: str = "assault"
    teams: tuple[int, ...] = ()
    max_actions: int = MAX_ACTIONS


TWO = ("silverhelm-vanguard", "broken-tusk-raiders")
FOUR = TWO + ("oakheart-circle", "lightless-deep")

BATTLES: tuple[Battle, ...] = (
    Battle("assault-normal-normal", "the quick-start battle, normal against normal (SCN-ASSAULT)",
           ("normal", "normal"), TWO, ("crossroads-ruin",), 1),
    Battle("assault-random-random", "random against random: every kind of action, many of them",
           ("random", "random"), TWO, ("sunken-causeway",), 2),
    Battle("assault-greedy-normal", "greedy against normal on two maps (the roll's winner picks, SET-1)",
           ("greedy", "normal"), ("hollow-choir", "lightless-deep"), ("brambleford", "crossroads-ruin"), 3),
    Battle("assault-hard-normal", "hard against normal (hard's look-ahead)",
           ("hard", "normal"), ("lantern-ward-procession", "nine-threads-host"), ("crossroads-ruin",), 4),
    Battle("terrain-every-kind", "every terrain kind (Shrine of Echoes: pits, teleporters, smoke, statues…)",
           ("normal", "greedy"), ("nine-threads-host", "silverhelm-vanguard"), ("shrine-of-echoes",), 5),
    Battle("terrain-custom", "a map's own terrain kinds (Brambleford, TER-OTHER), random against normal",
           ("random", "normal"), ("broken-tusk-raiders", "oakheart-circle"), ("brambleford",), 6),
    Battle("bounty", "Bounty: a destroyed enemy scores 5 VP (SCN-BOUNTY)",
           ("normal", "greedy"), TWO, ("crossroads-ruin",), 7, scenario="bounty"),
    Battle("uncontested", "Uncontested: a VP zone scores only while no enemy is in it (SCN-UNCONTESTED)",
           ("greedy", "normal"), TWO, ("sunken-causeway",), 8, scenario="uncontested"),
    Battle("combined", "Combined: 250 points, bounty and uncontested zones (SCN-COMBINED)",
           ("normal", "random"), TWO, ("crossroads-ruin",), 9, scenario="combined"),
    Battle("sealed", "Sealed: warbands drawn from random packs (SCN-SEALED)",
           ("greedy", "normal"), ("", ""), ("crossroads-ruin",), 10, scenario="sealed"),
    Battle("epic", "Epic, 500 points: Large and Huge creatures (MOV-13, WB-8)",
           ("normal", "greedy"), ("mountainroot-host", "cinderscale-horde"), ("titans-ford",), 11),
    Battle("half-size", "a 100-point battle on a 100-point map (WB-8)",
           ("greedy", "random"), ("greenbough-wardens", "tusk-skirmishers"), ("watchtower-hill",), 12),
    Battle("three-players", "free-for-all of three (SCN-MULTI)",
           ("greedy", "random", "normal"), FOUR[:3], ("fourfold-court",), 13),
    Battle("four-players", "free-for-all of four (SCN-MULTI)",
           ("random", "greedy", "random", "greedy"), FOUR, ("fourfold-court",), 14),
    Battle("four-players-teams", "two teams of two (SCN-MULTI teams)",
           ("normal", "random", "greedy", "random"), FOUR, ("crossroads-ruin",), 15, teams=(0, 1, 0, 1)),
)


def _shipped(paths: list[Path], stem: str) -> Path:
    for path in paths:
        if path.stem == stem:
            return path
    raise LookupError(f"no shipped content file {stem!r}")


def setup(battle: Battle) -> tuple[tuple[WarbandDef, ...], tuple[MapDef, ...], Ruleset]:
    """The warbands, maps and Ruleset of ``battle``, from the shipped content files."""
    catalogue = content.load_catalogue()
    maps = tuple(content.load_map(_shipped(content.shipped_maps(), m)) for m in battle.maps)
    players = len(battle.levels)
    if battle.scenario == "sealed":
        _, bands = sealed_warbands(catalogue, battle.seed, players, Ruleset.for_scenario("sealed"))
    else:
        bands = tuple(content.load_warband(_shipped(content.shipped_warbands(), w), catalogue)
                      for w in battle.warbands)
    rules = Ruleset.for_battle((b.point_limit for b in bands), battle.scenario, battle.teams)
    return bands, maps, rules


def digest(state: GameState) -> str:
    """A short fingerprint of everything in ``state`` that the rules read (not the maps or cards)."""
    parts = [repr((state.step, state.round, state.phase.value, state.decider, state.first_player,
                   state.turn_player, state.activations_left, state.first_turn, state.active_uid,
                   state.move_used, state.attack_used, sorted(state.oa_used), state.no_action,
                   tuple(state.player_turns), tuple(state.vp), sorted(state.areas.items()),
                   state.setup_winner, tuple(state.deploy_order), state.quiet_rounds,
                   state.round_had_combat, state.winner, state.win_reason, state.pending,
                   state.activation_no, state.window, sorted(state.window_passed),
                   sorted(state.window_used), state.resume_decider, repr(state.dice)))]
    for c in state.creatures:
        parts.append(creature_line(c) + repr((c.activated, c.activations, c.regeneration_stopped, c.turns,
                                              c.owner, c.teleported_round, c.used, c.champion_spent,
                                              c.champion_turn, c.effects)))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def creature_line(c) -> str:
    """One creature in words: uid, label, seat, square, HP and conditions."""
    where = "destroyed" if c.destroyed else ("off the map" if c.pos is None else f"at {c.pos}")
    conditions = ",".join(sorted(c.conditions)) or "-"
    return f"{c.uid} {c.label} p{c.player + 1} {where} hp {c.hp}/{c.card.hp} [{conditions}]"


def record(battle: Battle, on_action: Callable[[int], None] | None = None) -> str:
    """Play ``battle`` and return its record as text (one block per action)."""
    bands, maps, rules = setup(battle)
    bots = [make_bot(level, battle.seed * 31 + seat) for seat, level in enumerate(battle.levels)]
    state, events = new_game(bands, maps, seed=battle.seed, rules=rules)
    out = [f"# {battle.name}: {battle.about}",
           f"# seats: {', '.join(f'{i + 1} {lvl} ({b.name})' for i, (lvl, b) in enumerate(zip(battle.levels, bands)))}",
           f"# maps: {', '.join(m.name for m in maps)}; seed {battle.seed}; {rules.scenario}, "
           f"{rules.point_limit} points, VP target {rules.target}, teams {list(rules.teams) or 'none'}",
           "# regenerate: python3 -m tests.playthroughs.record " + battle.name,
           "", "new game"]
    out += [f"  {e!r}" for e in events]
    out.append(f"  = {digest(state)}")
    actions = 0
    while not state.is_over and actions < battle.max_actions:
        seat = state.decider
        action = bots[seat].choose(state)
        state, events = apply(state, action)
        actions += 1
        out.append(f"{state.step:>5} p{seat + 1} {action!r}")
        for e in events:
            out.append(f"  {e!r}")
            if isinstance(e, RoundStarted):
                out += [f"    | {creature_line(c)}" for c in state.creatures]
        out.append(f"  = {digest(state)}")
        if on_action:
            on_action(actions)
    if state.is_over:
        out.append(f"over: winner {state.winner if state.winner is None else state.winner + 1}, "
                   f"VP {list(state.vp)}, round {state.round}, {state.win_reason}")
    else:
        out.append(f"cut off after {actions} actions: VP {list(state.vp)}, round {state.round}")
    return "\n".join(out) + "\n"


def path_of(battle: Battle) -> Path:
    """Where ``battle``'s record is kept."""
    return HERE / f"{battle.name}.txt"


def main(argv: list[str]) -> int:
    """Rewrite the records named in ``argv`` (every one when empty); return the exit status."""
    known = {b.name: b for b in BATTLES}
    unknown = [n for n in argv if n not in known]
    if unknown:
        print(f"unknown playthrough(s): {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    for battle in (known[n] for n in argv) if argv else BATTLES:
        text = record(battle)
        path_of(battle).write_text(text, encoding="utf-8")
        print(f"{path_of(battle).name}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
