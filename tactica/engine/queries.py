"""Read-only questions clients ask about a state (no rule is changed here).

Small pure helpers for user interfaces and bots that combine the engine's
own functions, so clients never compute a rule themselves.
"""
from __future__ import annotations

from .actions import Action, Charge
from .auras import speed as aura_speed
from .combat import AttackPreview, preview
from .errors import IllegalAction
from .events import CreatureDestroyed
from .footprint import footprint
from .game import apply
from .large import AnchorThreats, provokers, squeezed_size
from .model import Square
from .movement import legal_stop, reach
from .state import GameState


def charge_preview(state: GameState, charge: Charge) -> AttackPreview | None:
    """What the charge attack of ``charge`` would do, judged from its end square (CHG-1, MOD table).

    The active creature is placed (in a copy of the state) on the charge's
    destination, then ``combat.preview`` is asked with the charge bonus, so
    flanking from the end square counts.  Opportunity attacks on the way are
    not included.  Returns None when there is no active creature, target or
    basic melee attack.
    """
    me = state.active_creature
    melee = me.card.basic_melee if me is not None else None
    if me is None or melee is None:
        return None
    st = state.copy()
    mover = st.creature(me.uid)
    target = st.find(charge.target)
    if target is None or not target.alive:
        return None
    mover.pos = charge.destination
    return preview(st, mover, target, melee, charge=True)


def stop_refusal(state: GameState, square: Square) -> tuple[str, str] | None:
    """Why the active creature may not end a move on ``square`` whatever the route (MOV-2, MOV-13,
    TER-PIT, TER-STATUE), as (code, sentence): "off-map", "wall", "no-stop" (a statue), "occupied",
    "pit" (it does not fly); None when it may stop there (``movement.legal_stop``)."""
    me = state.active_creature
    if me is None or state.map is None or legal_stop(state, me, square):
        return None
    squares = footprint(square, me.card.size)
    if not all(0 <= x < state.map.width and 0 <= y < state.map.height for x, y in squares):
        return ("off-map", "That square is off the map." if me.card.size < 2
                else f"{me.card.name} would not fit on the map there (MOV-13).")
    if any(state.geometry.is_wall(sq) for sq in squares):
        return ("wall", "A move cannot end in a wall (MOV-2).")
    if not all(state.map.rules_at(sq).can_stop for sq in squares):
        return ("no-stop", "A move cannot end on a statue (TER-STATUE).")
    if any((c := state.creature_at(sq)) is not None and c.uid != me.uid for sq in squares):
        return ("occupied", "A move cannot end on another creature's square (MOV-2).")
    return ("pit", "Only flying creatures may end a move in a pit (TER-PIT).")


def move_refusal(state: GameState, square: Square) -> tuple[str, str] | None:
    """Why no move of the active creature ends on ``square`` now, as (code, sentence); None when one
    does.  The square itself first (``stop_refusal``), then the way there: "too-far" (the cheapest
    legal way costs more squares of movement than its speed gives, MOV-1, MOV-8), "no-route" (walls,
    pits or enemies block every way, MOV-5, MOV-7), "cannot-move" (speed 0, MOV-4), "here" (it stands
    there).  Whether its move action is left is ``check``'s answer, not this one's."""
    me = state.active_creature
    if me is None or state.map is None:
        return None
    if square == me.pos:
        return ("here", f"{me.card.name} already stands there.")
    stop = stop_refusal(state, square)
    if stop is not None:
        return stop
    budget = aura_speed(state, me)
    if budget <= 0:
        return ("cannot-move", f"{me.card.name} cannot move (speed 0).")
    unlimited = 4 * state.map.width * state.map.height  # more than any route across the map costs
    far = reach(state, me, unlimited)
    if not far.has(square):
        return ("no-route", "No way leads there: walls, pits or enemies block every route (MOV-2, MOV-5).")
    cost = far.cost(square)
    if cost > budget:
        return ("too-far", f"That move needs {cost} squares of movement; {me.card.name} has {budget} (MOV-1).")
    return None


def ends_activation_in_pit(state: GameState, action: Action) -> bool:
    """Whether applying ``action`` now (a move, a charge, an end of activation) ends the active
    creature's activation over a pit, so that the pit destroys it (TER-PIT).

    ``action`` is applied to a copy of ``state`` in which the active creature cannot be destroyed on
    the way (an opportunity attack, a charge's), so the answer never depends on the dice still to
    come: it says whether the pit would take the creature, not whether the next rolls do.  Returns
    False when there is no active creature or the engine refuses ``action``; ``state`` is unchanged.
    """
    me = state.active_creature
    if me is None:
        return False
    trial = state.copy()
    trial.creature(me.uid).hp = 10 ** 6  # out of reach of any damage on the way
    try:
        _, events = apply(trial, action)
    except IllegalAction:
        return False
    return any(isinstance(e, CreatureDestroyed) and e.uid == me.uid and e.cause == "pit" for e in events)


def provokers_of_squeeze(state: GameState, path: tuple[Square, ...]) -> tuple[str, ...]:
    """Uids of the enemies whose opportunity attacks the active creature provokes squeezing along
    ``path`` (its anchors after the start), in the order they strike: a squeezing Huge creature moves
    as 2x2 and only leaving its start provokes, with its full footprint there (MOV-13, OA-1, docs/rules.md).
    Returns () when there is no active creature or ``path`` is empty."""
    me = state.active_creature
    if me is None or not path:
        return ()
    size = squeezed_size(state, me) or me.card.size
    return provokers(state, me, path, size, AnchorThreats(state, me, size, start_only=True))
