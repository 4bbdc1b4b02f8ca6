"""Champion-power windows in the middle of an action (CHP-2, CL-10, CL-12).

A champion power answers a hit or a miss right after that attack is resolved,
before the action goes on: an ally hit by the first of two opportunity
attacks of a walk is healed before the second one is rolled; extra damage on
an ally's opportunity attack may destroy a charging enemy before its charge
attack.  A reaction to an attack (CL-10) shares that window.

How: ``apply`` runs the actions that make attacks (``INTERRUPTIBLE``) with a
``Run`` attached to the state copy.  After each attack's resolution
(``resolve_all``, one target; a chain's jump) the engine calls ``interject``:
the occasions of the events since the last such point (``attack_occasions``
and the reaction occasions, moves aside: "ends a move" triggers wait for the
end of the action) open a window when some power or reaction could answer
them, and the action stops there (``Paused``): the state waits in
``Phase.CHAMPION`` with ``GameState.interrupted`` holding the action, the
state it was applied to and the answers given so far.  When the window closes
(``Continuation.MID_ACTION``), ``resume`` carries the action out again from
that state: the dice are in the state, so every roll comes out the same; at
each window met on the way it gives the recorded answers, and only the events
after the last one are new.  The rest of a walk or charge, the remaining
targets of an area attack, follow-ups and chains go on exactly where they
stopped, because they are the same code running on the same numbers.

While an action is interrupted no recharge or triggered power is looked at
(``uses.react``); once it is done they are, over all its events, as after
any action.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import champions, reactions
from . import events as ev
from .actions import Action, UseChampionPower, UseReaction
from .dice import ScriptedDice, SeededDice
from .flow import battle_decided
from .members import CONTINUATION_MID_ACTION, PHASE_CHAMPION, PHASE_OVER
from .powers import ChampionTrigger
from .state import Continuation, GameState, Interruption
from .triggers import ReactionTrigger

#: Occasions that wait for the end of the action: they are about where a move ends (CL-10, CL-12).
_MOVE_TRIGGERS = frozenset({ChampionTrigger.ENEMY_NEAR.value, ReactionTrigger.ENEMY_ADJACENT.value})


class Paused(Exception):
    """Raised inside an action's handler when a window opened in its middle (caught by ``run``)."""


@dataclass
class Run:
    """What one run of an interruptible action keeps while it goes (not part of the state's data).

    Attributes:
        replay: the answers of the windows already met, per window (``Interruption.answers``).
        dice: the dice each of those answers was given with (``Interruption.dice``).
        point: how many attack resolutions the run has passed.
        windows: how many windows it has met.
        mark: the index in the action's events from which the next point looks for occasions.
        skip: the index in the events where the new ones begin (after the last replayed window).
        moves: the action's ``CreatureMoved`` events before ``mark`` (for the end of the action).
    """

    replay: tuple[tuple[Action, ...], ...] = ()
    dice: tuple[tuple[SeededDice | ScriptedDice, ...], ...] = ()
    point: int = 0
    windows: int = 0
    mark: int = 0
    skip: int = 0
    moves: list[ev.Event] = field(default_factory=list)


def current(st: GameState) -> Run | None:
    """The ``Run`` attached to ``st`` (an interruptible action under way), or None."""
    found: Run | None = st.__dict__.get("_run")
    return found


def answer(st: GameState, a: Action, out: list[ev.Event]) -> Continuation | None:
    """Give one answer in the open window (CHP-1..3, CL-10): use the power or reaction, or decline;
    then ask the next player or close the window.  Returns the ``Continuation`` to resume at when
    the window closed, else None.  Mutates ``st``."""
    if isinstance(a, UseChampionPower):
        champions.use(st, a, out)
        battle_decided(st, out)
    elif isinstance(a, UseReaction):
        reactions.use(st, a, out)
        battle_decided(st, out)
    else:
        champions.decline(st, out)
    return champions.advance(st, out)


def interject(st: GameState, out: list[ev.Event], attacker: str = "", target: str = "") -> bool | None:
    """After one attack's resolution: open a window for the occasions since the last point (CHP-2).

    Does nothing outside an interruptible action or once the battle is over.
    Replaying (``resume``): a window met before is opened again and given its
    recorded answers.  Else, when a power or reaction could answer, the window
    opens and ``Paused`` is raised (the caller, ``run``, stops the action).
    Moves' events are kept for the end of the action (``end_events``).

    Returns whether ``attacker``'s attack on ``target`` hits after the window
    when an answer made it again (a champion's reroll or set die, CL-12: the
    new roll stands for the miss, so the attack's follow-ups go by it); None
    when no answer rolled it again.
    """
    run = current(st)
    if run is None or st.phase is PHASE_OVER:
        return None
    run.point += 1
    events = out[run.mark:]
    run.mark = len(out)
    found = [o for o in champions.attack_occasions(st, events) + reactions.occasions(st, events)
             if o.trigger not in _MOVE_TRIGGERS]
    run.moves.extend(e for e in events if isinstance(e, ev.CreatureMoved))
    if not found or not champions.open_window(st, found, CONTINUATION_MID_ACTION, out):
        return None
    run.windows += 1
    if run.windows > len(run.replay):
        raise Paused  # a new window: the action stops here
    start = len(out)
    given = run.dice[run.windows - 1] if run.windows <= len(run.dice) else ()
    for i, a in enumerate(run.replay[run.windows - 1]):  # a window met before (the same state)
        if i < len(given):
            st.dice = given[i]  # the same dice unless a what-if changed them meanwhile (``with_dice``)
        if answer(st, a, out) is not None or st.phase is not PHASE_CHAMPION:
            break
    if run.windows == len(run.replay):
        run.skip = len(out)  # what follows is new
    run.mark = len(out)  # the answers' own attacks open no window (CHP-2, CL-10)
    again = [e.hit for e in out[start:] if isinstance(e, ev.AttackRolled) and e.attacker == attacker
             and e.target == target and e.kind not in ("reaction",)]
    return again[-1] if again and attacker else None


def end_events(st: GameState, out: list[ev.Event]) -> list[ev.Event]:
    """The events of the action whose occasions the end-of-action window looks at (CHP-2): all of
    ``out`` outside an interruptible action; inside one, the moves of the whole action and the
    events after the last attack's point (the attacks before it had their window)."""
    run = current(st)
    if run is None:
        return out
    return run.moves + out[run.mark:]


Handler = Callable[[GameState, Any, list[ev.Event]], None]


def run(before: GameState, st: GameState, action: Action, handler: Handler, out: list[ev.Event], *,
        replay: tuple[tuple[Action, ...], ...] = (),
        dice: tuple[tuple[SeededDice | ScriptedDice, ...], ...] = ()) -> int:
    """Carry out ``action`` on ``st`` (a copy of ``before``) with ``handler``, stopping at the first
    new window in its middle (CHP-2).  ``replay``: the answers of the windows already met, ``dice``
    the dice each was given with.

    Sets ``st.interrupted`` when the action stopped (the answers so far plus an empty tuple for the
    window now open), None when it finished.  Returns the index in ``out`` where the new events
    begin (0 without ``replay``)."""
    state = Run(replay=replay, dice=dice)
    st.__dict__["_run"] = state
    try:
        handler(st, action, out)
    except Paused:
        base = before if before.sealed else before.copy().seal()  # a state a test built: kept as it is now
        st.interrupted = Interruption(base, action, replay + ((),), dice + ((),))
    else:
        st.interrupted = None
    finally:
        del st.__dict__["_run"]
    return state.skip


def record(st: GameState, a: Action) -> None:
    """Note answer ``a`` in the window of an interrupted action (``Interruption.answers``)."""
    found = st.interrupted
    if found is not None:
        answers = found.answers[:-1] + (found.answers[-1] + (a,),)
        dice = found.dice[:-1] + (found.dice[-1] + (st.dice,),)
        st.interrupted = Interruption(found.before, found.action, answers, dice)


def resume(st: GameState, handlers: dict[type[Action], Handler], out: list[ev.Event]) -> list[ev.Event]:
    """The window in the middle of ``st.interrupted`` closed: carry the action on (CHP-2).

    The action is carried out again from the state it was applied to, each
    window met before given its answers, and ``st`` becomes the result (its
    step count kept).  Appends the new events to ``out``; returns every event
    of the whole action (for the recharges and triggered powers looked at
    once it is done, ``uses.react``).
    """
    found = st.interrupted
    assert found is not None
    new = found.before.copy()
    new.step = st.step
    every: list[ev.Event] = []
    skip = run(found.before, new, found.action, handlers[type(found.action)], every, replay=found.answers,
               dice=found.dice)
    out.extend(every[skip:])
    d = st.__dict__
    d.clear()
    d.update(new.__dict__)
    return every


__all__ = ["Paused", "Run", "answer", "current", "end_events", "interject", "record",
           "resume", "run"]
