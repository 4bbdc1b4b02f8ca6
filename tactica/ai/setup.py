"""Automatic set-up choices for the quick start (SET-2, SET-3), made through the engine API.

The engine decides what is legal; these functions only pick among
``legal_actions``: the first map, start
area A, and a deployment with melee creatures in the front rows (nearest the
enemy's start area) and ranged ones behind.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tactica.engine import (
    Action,
    AttackKind,
    ChooseMap,
    ChooseStartArea,
    Event,
    GameState,
    Phase,
    Place,
    apply,
    chebyshev,
    legal_actions,
)

from .frame import tie_sorter


def choose_deploy_square(state: GameState, action_options: Sequence[Action]) -> Place:
    """Pick a placement: melee creatures nearest the enemy, ranged ones farthest.

    Args:
        state: a state in Phase.DEPLOY.
        action_options: the legal actions: Place actions, all for one creature (any other is left out).
    Returns one of ``action_options``.
    """
    places = [a for a in action_options if isinstance(a, Place)]
    uid = places[0].uid
    me = state.creature(uid)
    enemy_area = state.start_area(state.opponent(me.player))
    if not enemy_area:
        return places[0]
    basic = me.card.basic_attack
    melee = basic is None or basic.kind is AttackKind.MELEE

    tie = tie_sorter(state, me.player)  # ties in the side's own frame (issue 21: no corner favoured)

    def front(p: Place) -> tuple[int, tuple[int, int]]:
        d = _distance_to_area(p.square, enemy_area)
        return (d if melee else -d, tie(p.square))

    return min(places, key=front)


@lru_cache(maxsize=4096)
def _distance_to_area(square: tuple[int, int], area: frozenset[tuple[int, int]]) -> int:
    """The fewest squares (Chebyshev, as the engine's ``chebyshev``) from ``square`` to any square of ``area``.

    Remembered: every creature of a deployment asks it of the same squares and area (a faster quick start).
    """
    return min(chebyshev(square, e) for e in area)


def auto_setup(state: GameState, *, map_index: int = 0, area: str = "A",
               stop_at: Phase = Phase.CHOOSE_FIRST,
               actions: list | None = None) -> tuple[GameState, list[Event]]:
    """Make every set-up choice automatically until ``stop_at`` (default: the first initiative choice).

    Returns the new state and all events, in order; when ``actions`` is a
    list, every action applied is appended to it (for saves and replays).  Raises IllegalAction
    only if the engine refuses (which would be an engine bug).
    """
    events: list[Event] = []
    while state.phase not in (stop_at, Phase.OVER):
        options = legal_actions(state)
        action: Action
        if state.phase is Phase.CHOOSE_MAP:
            action = ChooseMap(map_index if map_index < len(state.maps) else 0)
        elif state.phase is Phase.CHOOSE_AREA:
            action = ChooseStartArea(area) if ChooseStartArea(area) in options else options[0]
        elif state.phase is Phase.DEPLOY:
            action = choose_deploy_square(state, options)
        else:
            break
        state, new = apply(state, action)
        events.extend(new)
        if actions is not None:
            actions.append(action)
    return state, events
