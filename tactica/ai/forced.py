"""How the bots choose forced movement and placements (MOV-14, TER-PIT, MOV-3).

Shared by the ``greedy``, ``normal`` and ``hard`` levels (``random`` picks
uniformly).  For an enemy the attacker moves, the VP-equivalent of
``values.displacement_value`` decides first (the planners value an
attack's forced movement the same way); on ties a simple order: a pit
it would fall into first (a second attack roll may destroy it, TER-PIT),
then out of the VP zone that scores for it, then as far as possible from its
nearest ally (no flanking partner), then as near as possible to our own
creatures (ready for their attacks).  For its own creature (an ally caught
by an area attack, or a creature placed after a fall): into our VP zone,
then as near the nearest enemy as possible -- except a bloodied or ranged
creature its own movement power moves (CL-11): as far from them as possible.
Ties keep the engine's order.
"""
from __future__ import annotations

from tactica.engine import (
    Action,
    Creature,
    ForceMove,
    GameState,
    Settle,
    Square,
    any_in,
    chebyshev,
    legal_actions,
    movement_mode,
)

from .frame import tie_sorter
from .values import base_hit, displacement_value


def _nearest(sq, squares) -> int:
    return min((chebyshev(sq, s) for s in squares), default=0)


def end_square(action: Action, target: Creature) -> Square:
    """Where ForceMove or Settle ``action`` leaves ``target`` (MOV-14, TER-PIT): the Settle's square,
    the forced path's last square, else where it stands."""
    if isinstance(action, Settle):
        x, y = action.square
        return (x, y)
    if isinstance(action, ForceMove) and action.path:
        x, y = action.path[-1]
        return (x, y)
    return target.square


def forced_score(state: GameState, action: Action) -> float:
    """How good ``action`` (a ForceMove or Settle) is for ``state.decider``; higher is better."""
    me = state.decider
    p = state.pending[0]
    target = state.creature(p.target)
    sq = end_square(action, target)
    side = target.warband_player
    allies = [c.square for c in state.creatures
              if c.alive and c.uid != target.uid and not state.hostile(c.player, side)]
    enemies = [c.square for c in state.enemy_creatures(side)]
    if not state.hostile(side, me):
        zone = 10.0 if any_in(sq, target.size, state.vp_zone(side)) else 0.0
        basic = target.card.basic_attack
        if not p.attack and p.kind in ("shift", "teleport", "slide") and (
                target.bloodied or (basic is not None and basic.kind.value == "ranged")):
            return zone + _nearest(sq, enemies) * 0.1  # CL-11: a movement power gets it away
        return zone - _nearest(sq, enemies) * 0.1
    score = 0.0
    if isinstance(action, ForceMove) and state.battle_map.rules_at(sq).fliers_only and not movement_mode(target).flies:
        score += 100.0
    if any_in(sq, target.size, state.vp_zone(side)):  # any square of it in the zone counts (SCN-ASSAULT)
        score -= 10.0
    score += _nearest(sq, allies) * 1.0
    score -= _nearest(sq, enemies) * 0.2
    return score


def forced_value(state: GameState, action: Action) -> float:
    """VP-equivalent for ``state.decider`` of moving an enemy with ForceMove ``action`` (0 otherwise).

    ``values.displacement_value`` (pit, VP zone, away from our creatures,
    next to our fresh ones): the same judgement the planners use when they
    value an attack's push, pull or slide.
    """
    p = state.pending[0]
    target = state.creature(p.target)
    if not isinstance(action, ForceMove) or not state.hostile(target.player, state.decider):
        return 0.0
    sq = end_square(action, target)
    if sq == target.pos:
        return 0.0
    by = state.find(p.by) if p.by else None
    attack = by.card.attack_named(p.attack) if by is not None and p.attack else None
    pit_hit = base_hit(attack.bonus, target.card.defense_value(attack.defense)) if attack else 0.0
    return displacement_value(state, state.decider, target, sq, pit_hit=pit_hit, mover=p.by, path=action.path)


def choose_forced(state: GameState) -> Action:
    """The best legal ForceMove or Settle: by ``forced_value``, then ``forced_score``; on ties the
    end square first in the decider's own frame (``frame.tie_key``, issue 21), then legal order."""
    tie = tie_sorter(state, state.decider)

    def rank(a: Action) -> tuple[int, int]:
        who = getattr(a, "target", None) or getattr(a, "uid", None)
        moved = state.find(who) if isinstance(who, str) else None
        return tie(end_square(a, moved)) if moved is not None and moved.pos is not None else (-1, -1)

    options = sorted(legal_actions(state), key=rank)
    return max(options, key=lambda a: (round(forced_value(state, a), 6), forced_score(state, a)))


__all__ = ["choose_forced", "forced_score", "forced_value"]
