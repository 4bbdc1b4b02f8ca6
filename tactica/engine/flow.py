"""The flow of a battle: rolls, rounds, turns, the end of an activation, victory.

Implements SET-1 and RND-1 (the d20 roll-off), RND-2..4 (turns of two
activations, one on a round's first turn, the survivor finishing the round),
SCN-ASSAULT (VP zones, victory) and SCN-TIE (tie-breaker), Multi-Activation
(docs/rules.md ABL: a creature with Multi-Activation X is activated X times each
round, each activation using one slot of its player's turn), and calls the
condition hooks of ``effects`` at the end of activations, turns and rounds
(EFF-1, EFF-2, SAV-1).  Every function mutates the given state copy and
appends events to ``out``; ``game.apply`` is the only caller.
"""
from __future__ import annotations

import math

from . import events as ev
from .abilities import activations_per_round
from .champions import open_window, turn_occasion
from .effects import end_of_activation, end_of_player_turn, end_of_round, next_player_turn, release_control
from .members import (
    CHAMPION_TRIGGER_ALLY_ENDS_TURN,
    CONTINUATION_END_ACTIVATION,
    PHASE_ACTIVATE,
    PHASE_CHOOSE_AREA,
    PHASE_CHOOSE_FIRST,
    PHASE_CHOOSE_MAP,
    PHASE_DEPLOY,
    PHASE_OVER,
)
from .model import Square
from .modules import MOMENT_ACTIVATION_ENDED, MOMENT_ROUND_ENDED, MOMENT_ROUND_STARTED, book_of
from .state import Creature, GameState
from .uses import start_of_round

_NO_UIDS: frozenset[str] = frozenset()


def roll_off(st: GameState, purpose: str, ratings: list[int], out: list[ev.Event]) -> int:
    """Each player rolls a d20; the highest champion rating rolls twice (SET-1, RND-1).

    ``ratings`` has one entry per player.  The highest roll wins; players
    tied for it are separated by the higher champion rating, and if still
    tied only they roll again (with two players: both).  Returns the winner's seat.
    """
    top = max(ratings)
    rolling = list(range(len(ratings)))
    while True:
        kept = {}
        for player in rolling:
            n = 2 if top > 0 and ratings[player] == top else 1
            faces = []
            for _ in range(n):
                face, st.dice = st.dice.roll(20)
                faces.append(face)
            kept[player] = max(faces)
            out.append(ev.DieRolled(purpose, player, tuple(faces), max(faces)))
        best = max(kept.values())
        tied = [p for p in rolling if kept[p] == best]
        if len(tied) == 1:
            out.append(ev.RollWon(purpose, tied[0], "roll"))
            return tied[0]
        best_rating = max(ratings[p] for p in tied)
        leaders = [p for p in tied if ratings[p] == best_rating]
        if len(leaders) == 1:
            out.append(ev.RollWon(purpose, leaders[0], "champion"))
            return leaders[0]
        rolling = leaders


def start_round(st: GameState, out: list[ev.Event]) -> None:
    """RND-1: a new round begins with an initiative check."""
    st.round += 1
    st.round_had_combat = False
    for c in st.creatures:
        idle = bool(c.card.abilities) and activations_per_round(c.card) == 0  # CL-16: an object takes no turns
        if c.activated != idle or c.activations:
            c = st.own(c)  # copy-on-write: only the creatures that change
            c.activated = idle
            c.activations = 0
    out.append(ev.RoundStarted(st.round))
    start_of_round(st, out)  # CL-17: recharges at the start of each round
    book_of(st).at(MOMENT_ROUND_STARTED, st, out)  # optional rule modules' triggers (engine.modules)
    # RND-1, CON-6: only active champions count, and confused ones do not.
    ratings = [max((c.card.champion for c in st.alive(p)
                    if c.active and "confused" not in c.conditions), default=0) for p in range(st.players)]
    winner = roll_off(st, "initiative", ratings, out)
    st.phase, st.decider = PHASE_CHOOSE_FIRST, winner


def next_with_creatures(st: GameState, player: int) -> int | None:
    """The first seat from ``player`` on, in turn order, with creatures left to activate; None if none."""
    for k in range(st.players):
        p = (player + k) % st.players
        if st.has_unactivated(p):
            return p
    return None


def start_turn(st: GameState, player: int, out: list[ev.Event], *, ready: bool = False) -> None:
    """RND-2, RND-3: two activations a turn, one on the round's first turn.

    The TurnStarted event carries the activations the player really gets
    (``usable_activations``): one when it has a single creature left to
    activate (RND-2, RND-4), as the header says.  A player with nothing left to activate passes the turn to the next
    (RND-4).  With three or four players turns go round the table in seat
    order from the first player (SCN-MULTI; the rulebook only says players
    alternate, our reading), skipping players with nothing left to activate.
    ``ready``: the caller knows ``player`` has a creature left to activate (``next_with_creatures``).
    """
    if not ready and not st.has_unactivated(player):
        nxt = next_with_creatures(st, player)
        if nxt is None:
            end_round(st, out)
            return
        player = nxt
    st.turn_player = player
    next_player_turn(st, player)
    st.activations_left = 1 if st.first_turn else 2
    st.first_turn = False
    st.phase, st.decider = PHASE_ACTIVATE, player
    out.append(ev.TurnStarted(player, st.usable_activations))  # RND-4: no more than it has left


def end_activation(st: GameState, out: list[ev.Event]) -> None:
    """Finish the activation, then the turn and the round as RND-2..4 say.

    A champion power answering "an ally ends its turn" (CHP-2) may stop the
    game in between; ``end_activation_tail`` goes on after it.
    """
    me = st.active_creature
    if me is not None:
        end_of_activation(st, me, out)  # EFF-1 durations, SAV-1 saving throws
        release_control(st, me)         # CON-6
        me.activations += 1             # Multi-Activation X: activated X times a round (docs/rules.md)
        me.activated = me.activations >= activations_per_round(me.card)
        out.append(ev.ActivationEnded(me.uid))
        book_of(st).at(MOMENT_ACTIVATION_ENDED, st, out)
        if me.alive:
            if battle_decided(st, out):
                end_activation_tail(st, out, decided=True)
                return
            if open_window(st, turn_occasion(CHAMPION_TRIGGER_ALLY_ENDS_TURN, me), CONTINUATION_END_ACTIVATION, out):
                return
            end_activation_tail(st, out, decided=False)  # no window opened: nothing changed since the check
            return
    end_activation_tail(st, out)


def end_activation_tail(st: GameState, out: list[ev.Event], decided: bool | None = None) -> None:
    """The rest of ``end_activation`` once the activation itself is over (RND-2..4).

    ``decided``: what ``battle_decided`` just answered when the caller asked it and nothing changed
    since (None: ask it here)."""
    st.active_uid = None
    st.move_used = st.attack_used = False
    st.oa_used = _NO_UIDS
    if battle_decided(st, out) if decided is None else decided:
        return
    st.activations_left -= 1
    player = st.turn_player
    if st.activations_left > 0 and st.has_unactivated(player):
        st.phase = PHASE_ACTIVATE
        return
    end_of_player_turn(st, player, out)  # EFF-2
    out.append(ev.TurnEnded(player))
    nxt = next_with_creatures(st, st.next_player(player))
    if nxt is not None:
        start_turn(st, nxt, out, ready=True)  # RND-2; RND-4: players with nothing left are passed over
    else:
        end_round(st, out)


def zone_awards(st: GameState) -> list[tuple[int, int]]:
    """The VP zones that would score if the round ended now: [(player, VP)], in seat order.

    A player scores ``rules.held_zone_vp`` when a creature of theirs stands
    in the VP zone that scores for them (any square of a Large or Huge one
    counts: ``Creature.in_zone``; SCN-ASSAULT), a team's shared zone once
    (SCN-MULTI), and, in Uncontested, only while no enemy creature stands
    in it (SCN-UNCONTESTED).  Pure: the state is not changed (the end of
    the round adds these, and the AI looks ahead with them).
    """
    awards: list[tuple[int, int]] = []
    scored: set[tuple[int, frozenset[Square]]] = set()
    for player in range(st.players):
        zone = st.vp_zone(player)
        if not zone or not any(_in_zone(c, zone) for c in st.alive(player)):
            continue
        if (st.team_of(player), zone) in scored:  # SCN-MULTI: a team's shared zone scores once
            continue
        scored.add((st.team_of(player), zone))
        if st.rules.uncontested:  # SCN-UNCONTESTED: an enemy in the zone stops it scoring
            if any(_in_zone(c, zone) for c in st.enemy_creatures(player)):
                continue
        awards.append((player, st.rules.held_zone_vp))
    return awards


def end_round(st: GameState, out: list[ev.Event]) -> None:
    """Score VP zones, check victory, count quiet rounds (SCN-ASSAULT, SCN-UNCONTESTED, SCN-TIE)."""
    for player, award in zone_awards(st):
        st.vp[player] += award
        out.append(ev.VictoryPointsScored(player, award, "vp zone", st.vp[player]))
    st.quiet_rounds = 0 if st.round_had_combat else st.quiet_rounds + 1
    out.append(ev.RoundEnded(st.round, st.quiet_rounds))
    book_of(st).at(MOMENT_ROUND_ENDED, st, out)
    if battle_decided(st, out):
        return
    end_of_round(st, out)  # EFF-2, after scoring and the victory check (docs/rules.md)
    if st.quiet_rounds >= st.rules.tie_rounds:
        win(st, tie_breaker(st), "tie-breaker", out)
        return
    start_round(st, out)


def battle_decided(st: GameState, out: list[ev.Event]) -> bool:
    """Check the victory conditions; end the battle and return True if one is met."""
    if st.phase is PHASE_OVER:
        return True
    # A team's VP are a part of everyone's: below the target in all, no team has reached it; without
    # teams each player is a side, so none has while every player is below it.
    vp, rules = st.vp, st.rules
    target = rules.target
    if sum(vp) >= target and (rules.teams or max(vp) >= target):
        winner = _vp_winner(st, {t: st.team_vp(t) for t in st.teams})
        if winner is not None:
            win(st, winner, "victory points", out)
            return True
    if rules.wipeout_ends_battle and st.phase not in (PHASE_DEPLOY, PHASE_CHOOSE_AREA, PHASE_CHOOSE_MAP):
        left = _teams_left(st)
        if len(left) == 1:
            win(st, st.team_players(left[0])[0], "no enemy creatures left", out)
            return True
        if not left:
            win(st, tie_breaker(st), "both warbands destroyed", out)
            return True
    return False


def _vp_winner(st: GameState, team_vp: dict[int, int]) -> int | None:
    """The first seat of the side that wins on ``team_vp`` (team -> VP), or None when no side has
    reached the VP target: the most VP among those that have, ties by ``tie_breaker`` (SCN-TIE)."""
    target = st.rules.target
    reached = [t for t, vp in team_vp.items() if vp >= target]
    if not reached:
        return None
    best = max(team_vp[t] for t in reached)
    leaders = [t for t in reached if team_vp[t] == best]
    if len(leaders) > 1:
        return tie_breaker(st, by_vp=False, among=leaders)
    return st.team_players(leaders[0])[0]


def round_end_winner(st: GameState) -> int | None:
    """The first seat of the side the VP zones as held now would make win at the end of this round.

    Each side's VP plus what ``zone_awards`` would add; a side at or over
    the VP target wins as ``battle_decided`` judges it (the most VP, ties
    by ``tie_breaker``; SCN-ASSAULT, SCN-TIE).  None when no side would
    reach it.  Pure: a look-ahead for the AI (creatures may still move,
    fall or be destroyed before the round ends).
    """
    awards = zone_awards(st)
    if not awards:
        return None
    team_vp = {t: st.team_vp(t) for t in st.teams}
    for player, award in awards:
        team_vp[st.team_of(player)] += award
    return _vp_winner(st, team_vp)


def _teams_left(st: GameState) -> list[int]:
    """The teams of the warbands with creatures on the map, sorted; stops at the second one
    found (two or more teams left: no side is wiped out, the caller only counts them, so which
    second team is named does not matter)."""
    teams = st.rules.teams
    first = None
    cs = st.creatures
    for i, c in enumerate(cs):
        if c.pos is None or c.destroyed:
            continue
        p = c.player if c.owner is None else c.owner  # warband_player
        first = teams[p] if teams else p
        # Another team's creature, looked for from the end of the list (warbands are listed in
        # seat order, so the last seat's creatures come first): the same count, fewer steps.
        for c in reversed(cs[i + 1:]):
            if c.pos is None or c.destroyed:
                continue
            p = c.player if c.owner is None else c.owner
            t = teams[p] if teams else p
            if t != first:
                return sorted((first, t))
        return [first]
    return []


def _in_zone(c: Creature, zone: frozenset[Square]) -> bool:
    """True when creature ``c`` stands in ``zone``: any of its squares counts (SCN-ASSAULT, MOV-13)."""
    return c.in_zone(zone)


def tie_breaker(st: GameState, by_vp: bool = True, among: list[int] | None = None) -> int:
    """SCN-TIE: more VP; else the creature nearest the centre; else its cost.

    Compared between sides (teams; with two players, the two players), all
    of them or only ``among`` (team numbers).  Returns the winning side's
    first seat.  Distance to the centre is measured from square centres to
    the map's centre point (our choice).  A complete tie goes to the side
    of the lowest seat (player 1; our choice).
    """
    sides = list(among) if among is not None else st.teams
    if by_vp:
        top = max(st.team_vp(t) for t in sides)
        sides = [t for t in sides if st.team_vp(t) == top]
    cx, cy = st.battle_map.width / 2, st.battle_map.height / 2
    best: dict[int, tuple[float, int]] = {}
    for t in sides:
        mine = [(min(math.hypot(x + 0.5 - cx, y + 0.5 - cy) for x, y in c.squares), -c.card.cost)
                for p in st.team_players(t) for c in st.alive(p)]
        best[t] = min(mine) if mine else (math.inf, 0)
    winner = min(sides, key=lambda t: (best[t], st.team_players(t)[0]))
    return st.team_players(winner)[0]


def win(st: GameState, player: int, reason: str, out: list[ev.Event]) -> None:
    st.phase = PHASE_OVER
    st.winner, st.win_reason = player, reason
    st.decider = player
    out.append(ev.BattleWon(player, reason, tuple(st.vp)))
