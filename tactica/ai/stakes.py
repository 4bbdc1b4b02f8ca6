"""Scenario stakes: what a kill or a VP zone is worth under the battle's scenario (SCN-*).

A kill scores the bounty, not the cost (SCN-BOUNTY); a held zone scores the
round's award (SCN-ASSAULT, SCN-UNCONTESTED); a death or a zone that would
end the battle is worth the battle (``BATTLE``).
"""
from __future__ import annotations

from tactica.engine import (
    Creature,
    GameState,
)

from .weights import BATTLE, ZONE_WIN


def kill_vp(state: GameState, target: Creature) -> int:
    """VP the other side scores for destroying ``target``: its cost, or the bounty (SCN-BOUNTY)."""
    return state.rules.bounty_vp if state.rules.bounty else target.card.cost


def decides_battle(state: GameState, victim: Creature) -> bool:
    """True when destroying ``victim`` would end the battle against its side (SCN-ASSAULT).

    Its side has no other creature on the map (when a wipeout ends the
    battle), or the VP it is worth bring the other side to the VP target.
    Two sides only: in a free-for-all one death rarely decides (False).
    """
    team: int | None = victim.team
    other: int | None = None
    for c in state.creatures:
        if c.alive and c.uid != victim.uid:
            if c.team == team:
                if not state.rules.wipeout_ends_battle:
                    continue
                team = None  # an ally stands: no wipeout
            elif other is None:
                other = c.team
            elif c.team != other:
                return False  # three or more sides
    if other is None:
        return False
    if team is not None and state.rules.wipeout_ends_battle:
        return True
    return state.team_vp(other) + kill_vp(state, victim) >= state.rules.target


def death_extra(state: GameState, victim: Creature) -> float:
    """BATTLE when destroying ``victim`` decides the battle (``decides_battle``), else 0."""
    return BATTLE if decides_battle(state, victim) else 0.0


def zone_award(state: GameState) -> int:
    """VP one held VP zone scores at the end of a round (SCN-ASSAULT, SCN-UNCONTESTED)."""
    return state.rules.held_zone_vp


def zone_reaches_target(state: GameState, team: int) -> bool:
    """True when one VP zone's award at the end of this round (``zone_award``) would bring ``team``
    (its VP so far, ``state.team_vp``) to the VP target (SCN-ASSAULT)."""
    return state.team_vp(team) + zone_award(state) >= state.rules.target


def zone_stake(state: GameState, holder: Creature) -> float:
    """What ``holder`` alone in its VP zone is worth when that zone would win its side the battle.

    ``ZONE_WIN`` × BATTLE when ``holder`` stands in the VP zone that scores
    for its player, no other creature of that player stands there, and the
    zone's award at the end of the round would bring its side to the VP
    target (SCN-ASSAULT); else 0.  Destroying it or forcing it out of the
    zone denies that win (``attack_value``, ``displacement_value``).
    """
    zone = state.vp_zone(holder.player)
    if not zone or not holder.in_zone(zone):
        return 0.0
    if not zone_reaches_target(state, holder.team):
        return 0.0
    if any(c.player == holder.player and c.uid != holder.uid and c.in_zone(zone) for c in state.alive()):
        return 0.0
    return ZONE_WIN * BATTLE
