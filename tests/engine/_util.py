"""Helpers shared by the engine rule tests (not a test module)."""
from __future__ import annotations

from tactica.engine import (
    Activate,
    ChooseFirstPlayer,
    EndActivation,
    GameState,
    MapDef,
    ScriptedDice,
    WarbandDef,
    apply,
    check,
    legal_actions,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.sandbox import card


def of(events, cls):
    """The events of type ``cls``, in order."""
    return [e for e in events if isinstance(e, cls)]


def run(state: GameState, *actions):
    """Apply ``actions`` in order; return a changeable copy of the final state (the engine hands out
    read-only states; a test may set up its next step on the copy) and all events."""
    out = []
    for action in actions:
        state, new = apply(state, action)
        out.extend(new)
    return state.copy(), out


def refused(state: GameState, action) -> str:
    """The refusal code of ``action`` (asserting that ``check`` and ``apply`` agree)."""
    problem = check(state, action)
    assert problem is not None, f"{action!r} was accepted"
    try:
        apply(state, action)
    except type(problem) as raised:
        assert raised.code == problem.code
    else:  # pragma: no cover - the assertion below reports it
        raise AssertionError(f"check refused {action!r} but apply accepted it")
    return problem.code


def with_terrain(state: GameState, squares: dict) -> GameState:
    """A copy of ``state`` whose map has ``squares`` ({square: Terrain}) changed.

    Sandbox boards put creatures on clear squares; this puts terrain under them.
    """
    from dataclasses import replace

    from tactica.engine import Geometry
    rows = [list(r) for r in state.map.terrain]
    for (x, y), kind in squares.items():
        rows[y][x] = kind
    new_map = replace(state.map, terrain=tuple(tuple(r) for r in rows))
    st = state.copy()
    st.map, st.geo, st.maps = new_map, Geometry.for_map(new_map), (new_map,)
    return st


def warband(*cards, name="W"):
    """A warband of the given cards."""
    return WarbandDef(name=name, faction="Civilization", cards=tuple(cards))


def open_map(width=6, height=4, *, a=None, b=None, vp=None, rows=None, id="m"):
    """A clear map with start areas A (left column) and B (right column) by default."""
    rows = rows or ["." * width] * height
    width, height = len(rows[0]), len(rows)
    a = a if a is not None else {(0, y) for y in range(height)}
    b = b if b is not None else {(width - 1, y) for y in range(height)}
    return MapDef.from_rows(rows, id=id, start_areas={"A": frozenset(a), "B": frozenset(b)},
                            vp_zones={k: frozenset(v) for k, v in (vp or {}).items()})


def deploy_all(state: GameState):
    """Place every creature on the first legal square; return (state, events)."""
    out = []
    while state.phase.value == "deploy":
        state, new = apply(state, legal_actions(state)[0])
        out.extend(new)
    return state, out


def started(cards0, cards1, dice, *, first=0, map_=None, rules=None):
    """A battle through set-up (area A for player 1) with the round-1 first player chosen.

    ``dice`` must hold the setup roll faces, then the round-1 initiative faces
    (and whatever the test rolls later).  The setup winner is player 1 when
    the first two faces say so.
    """
    from tactica.engine import ChooseStartArea
    st, _ = new_game((warband(*cards0), warband(*cards1)), (map_ or open_map(),),
                     dice=ScriptedDice(tuple(dice)), rules=rules)
    area = "A" if st.decider == 0 else "B"
    st, _ = run(st, ChooseStartArea(area))
    st, _ = deploy_all(st)
    st, _ = run(st, ChooseFirstPlayer(first))
    return st


def activation_order(state: GameState, rounds=1):
    """Activate creatures in uid order and end each activation at once.

    Returns the list of (player, uid) activations and the final state; the
    initiative winner always lets player 1 go first in later rounds.
    """
    order = []
    start_round = state.round
    while state.round < start_round + rounds and not state.is_over:
        if state.phase.value == "choose first player":
            state, _ = apply(state, ChooseFirstPlayer(0))
            continue
        acts = [a for a in legal_actions(state) if isinstance(a, Activate)]
        state, _ = apply(state, acts[0])
        order.append((state.turn_player, acts[0].uid))
        state, _ = apply(state, EndActivation())
    return order, state


__all__ = ["with_terrain", "of", "run", "refused", "warband", "open_map", "deploy_all", "started",
           "activation_order", "card", "ev"]
