"""The flow of a battle: rolls, rounds, turns, the end of an activation, victory.

Implements SET-1 and RND-1 (the d20 roll-off), RND-2..4 (turns of two
activations, one on a round's first turn, the survivor finishing the round),
SCN-ASSAULT (VP zones, victory) and SCN-TIE (tie-breaker), and calls the
condition hooks of ``effects`` at the end of activations, turns and rounds
(EFF-1, EFF-2, SAV-1).  Every function mutates the given state copy and
appends events to ``out``; ``game.apply`` is the only caller.
"""
from __future__ import annotations

import math

from . import events as ev
from .effects import (end_of_activation, end_of_player_turn, end_of_round, next_player_turn,
                      release_control)
from .state import GameState, Phase


def _roll_off(st: GameState, purpose: str, ratings: list[int], out: list) -> int:
    """Each player rolls a d20; the highest champion rating rolls twice (SET-1, RND-1)."""
    top = max(ratings)
    while True:
        kept = []
        for player in (0, 1):
            n = 2 if top > 0 and ratings[player] == top else 1
            faces = []
            for _ in range(n):
                face, st.dice = st.dice.roll(20)
                faces.append(face)
            kept.append(max(faces))
            out.append(ev.DieRolled(purpose, player, tuple(faces), max(faces)))
        if kept[0] != kept[1]:
            winner = 0 if kept[0] > kept[1] else 1
            out.append(ev.RollWon(purpose, winner, "roll"))
            return winner
        if ratings[0] != ratings[1]:
            winner = 0 if ratings[0] > ratings[1] else 1
            out.append(ev.RollWon(purpose, winner, "champion"))
            return winner


def _start_round(st: GameState, out: list) -> None:
    """RND-1: a new round begins with an initiative check."""
    st.round += 1
    st.round_had_combat = False
    for c in st.creatures:
        c.activated = False
    out.append(ev.RoundStarted(st.round))
    # RND-1, CON-6: only active champions count, and confused ones do not.
    ratings = [max((c.card.champion for c in st.alive(p)
                    if c.active and "confused" not in c.conditions), default=0) for p in (0, 1)]
    winner = _roll_off(st, "initiative", ratings, out)
    st.phase, st.decider = Phase.CHOOSE_FIRST, winner


def _start_turn(st: GameState, player: int, out: list) -> None:
    """RND-2, RND-3: two activations a turn, one on the round's first turn.

    A player with nothing left to activate passes the turn to the other
    (RND-4; only reachable without ``Ruleset.wipeout_ends_battle``).
    """
    if not st.unactivated(player):
        if not st.unactivated(1 - player):
            _end_round(st, out)
            return
        player = 1 - player
    st.turn_player = player
    next_player_turn(st, player)
    st.activations_left = 1 if st.first_turn else 2
    st.first_turn = False
    st.phase, st.decider = Phase.ACTIVATE, player
    out.append(ev.TurnStarted(player, st.activations_left))


def _end_activation(st: GameState, out: list) -> None:
    """Finish the activation, then the turn and the round as RND-2..4 say."""
    me = st.active_creature
    if me is not None:
        end_of_activation(st, me, out)  # EFF-1 durations, SAV-1 saving throws
        release_control(st, me)         # CON-6
        me.activated = True
        out.append(ev.ActivationEnded(me.uid))
    st.active_uid = None
    st.move_used = st.attack_used = False
    st.oa_used = frozenset()
    if _battle_decided(st, out):
        return
    st.activations_left -= 1
    player = st.turn_player
    if st.activations_left > 0 and st.unactivated(player):
        st.phase = Phase.ACTIVATE
        return
    end_of_player_turn(st, player, out)  # EFF-2
    out.append(ev.TurnEnded(player))
    other = 1 - player
    if st.unactivated(other):
        _start_turn(st, other, out)
    elif st.unactivated(player):
        _start_turn(st, player, out)  # RND-4: the other side has nothing left
    else:
        _end_round(st, out)


def _end_round(st: GameState, out: list) -> None:
    """Score VP zones, check victory, count quiet rounds (SCN-ASSAULT, SCN-UNCONTESTED, SCN-TIE)."""
    for player in (0, 1):
        zone = st.vp_zone(player)
        if not zone or not any(c.pos in zone for c in st.alive(player)):
            continue
        award = st.rules.zone_vp
        if st.rules.uncontested:  # SCN-UNCONTESTED: an enemy in the zone stops it scoring
            if any(c.pos in zone for c in st.alive(1 - player)):
                continue
            award = st.rules.uncontested_vp
        st.vp[player] += award
        out.append(ev.VictoryPointsScored(player, award, "vp zone", st.vp[player]))
    st.quiet_rounds = 0 if st.round_had_combat else st.quiet_rounds + 1
    out.append(ev.RoundEnded(st.round, st.quiet_rounds))
    if _battle_decided(st, out):
        return
    end_of_round(st, out)  # EFF-2, after scoring and the victory check (gaps.md)
    if st.quiet_rounds >= st.rules.tie_rounds:
        _win(st, tie_breaker(st), "tie-breaker", out)
        return
    _start_round(st, out)


def _battle_decided(st: GameState, out: list) -> bool:
    """Check the victory conditions; end the battle and return True if one is met."""
    if st.phase is Phase.OVER:
        return True
    target = st.rules.target
    reached = [p for p in (0, 1) if st.vp[p] >= target]
    if reached:
        if len(reached) == 2 and st.vp[0] == st.vp[1]:
            _win(st, tie_breaker(st, by_vp=False), "victory points", out)
        else:
            _win(st, max(reached, key=lambda p: st.vp[p]), "victory points", out)
        return True
    if st.rules.wipeout_ends_battle and st.phase not in (Phase.DEPLOY, Phase.CHOOSE_AREA, Phase.CHOOSE_MAP):
        left = sorted({c.warband_player for c in st.creatures if c.alive})
        if len(left) == 1:
            _win(st, left[0], "no enemy creatures left", out)
            return True
        if not left:
            _win(st, tie_breaker(st), "both warbands destroyed", out)
            return True
    return False


def tie_breaker(st: GameState, by_vp: bool = True) -> int:
    """SCN-TIE: more VP; else the creature nearest the centre; else its cost.

    Distance to the centre is measured from square centres to the map's
    centre point (our choice).  A complete tie goes to player 1 (our choice).
    """
    if by_vp and st.vp[0] != st.vp[1]:
        return 0 if st.vp[0] > st.vp[1] else 1
    cx, cy = st.map.width / 2, st.map.height / 2
    best: list[tuple[float, int]] = []
    for p in (0, 1):
        mine = [(math.hypot(c.pos[0] + 0.5 - cx, c.pos[1] + 0.5 - cy), -c.card.cost) for c in st.alive(p)]
        best.append(min(mine) if mine else (math.inf, 0))
    if best[0] != best[1]:
        return 0 if best[0] < best[1] else 1
    return 0


def _win(st: GameState, player: int, reason: str, out: list) -> None:
    st.phase = Phase.OVER
    st.winner, st.win_reason = player, reason
    st.decider = player
    out.append(ev.BattleWon(player, reason, (st.vp[0], st.vp[1])))
