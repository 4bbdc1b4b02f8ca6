"""The engine API: start a battle, list legal actions, check and apply one.

``apply(state, action) -> (new_state, events)`` is pure: the given state is
never changed.  An action the rules do not allow raises ``IllegalAction``
with a reason code and a sentence.  This module is the thin front of the
action rules (SET-1..4, RND-5, ACT-1..5, CHG-1..4, OA-1..6): setting up in
``setup``, listing in ``legal``, checking in ``validation``, carrying out in
``resolution``; rounds, turns and victory live in ``flow``, conditions in
``effects``, rule modules in ``modules``.
"""
from __future__ import annotations

from . import events as ev
from . import interrupts, uses
from .actions import Action
from .combat import deal_damage
from .conditions import add_effect, end_effects
from .dice import ScriptedDice, SeededDice
from .errors import IllegalAction
from .flow import roll_off, tie_breaker
from .legal import (
    charge_actions,
    charge_actions_possible,
    charge_routes,
    lazy_charges,
    legal_actions,
    squeeze_actions,
)
from .members import PHASE_CHOOSE_MAP, PHASE_OVER
from .model import MapDef, WarbandDef
from .modules import SERVICES, book
from .movement import legal_stop
from .resolution import HANDLERS, INTERRUPTIBLE
from .setup import choose_map, creatures_of, deploy_squares, label_stem
from .state import GameState, Ruleset
from .trust import vouched
from .validation import validate

# What the rule modules may not import themselves (modules.base.Services: an import cycle otherwise).
SERVICES.deal_damage, SERVICES.add_effect, SERVICES.end_effects, SERVICES.legal_stop = (
    deal_damage, add_effect, end_effects, legal_stop)


def new_game(warbands: tuple[WarbandDef, ...], maps: tuple[MapDef, ...], *,
             seed: int | None = None, dice: SeededDice | ScriptedDice | None = None,
             rules: Ruleset | None = None) -> tuple[GameState, list[ev.Event]]:
    """Begin a battle at the setup roll (SET-1).

    Args:
        warbands: one warband per player, by seat (two; three or four in
            SCN-MULTI, with ``rules.teams`` for team play).
        maps: the maps brought (one per player, or one map both agreed on).
        seed: seed for SeededDice (ignored when ``dice`` is given).
        dice: explicit dice (ScriptedDice in tests).
        rules: battle settings; default 200-point Assault with the skirmish
            rules alone (``rules.modules`` names optional rule modules).

    Returns the state waiting for the roll winner to choose a map (or, with
    a single map, for the loser to choose a start area) and the roll events.
    Raises ValueError for a wrong number of warbands or teams, a rule
    module ``engine.modules`` does not know, or rule modules that cannot be on
    together (``modules.conflict``: grid35 and grid5e), the battle's and a
    map's counted together.
    """
    if dice is None:
        dice = SeededDice.from_seed(0 if seed is None else seed)
    rules = rules or Ruleset()
    for names in (rules.modules, *(rules.modules + m.rules for m in maps)):
        book(names)  # raises ValueError naming an unknown rule module or two that conflict
    n = len(warbands)
    if not 2 <= n <= 4:
        raise ValueError(f"a battle needs 2 to 4 warbands, not {n}")
    if rules.teams and len(rules.teams) != n:
        raise ValueError(f"rules.teams names {len(rules.teams)} players; there are {n} warbands")
    st = GameState(rules=rules, warbands=tuple(warbands), maps=tuple(maps),
                   creatures=creatures_of(warbands, rules.teams), dice=dice,
                   player_turns=(0,) * n, vp=[0] * n)
    out: list[ev.Event] = []
    ratings = [wb.champion_rating for wb in warbands]
    winner = roll_off(st, "setup", ratings, out)
    st.setup_winner = winner
    if len(st.maps) == 1:
        choose_map(st, 0, winner, out)
    else:
        st.phase, st.decider = PHASE_CHOOSE_MAP, winner
    return st.seal(), out


def check(state: GameState, action: Action) -> IllegalAction | None:
    """Return why ``action`` is illegal now, or None if it is legal."""
    try:
        validate(state, action)
    except IllegalAction as refusal:
        return refusal
    return None


def apply(state: GameState, action: Action) -> tuple[GameState, list[ev.Event]]:
    """Apply ``action`` and return ``(new_state, events)``; ``state`` is unchanged.

    Raises IllegalAction (code, reason) when the rules forbid the action.
    The new state shares the creatures the action did not change with
    ``state`` (copy-on-write, ``GameState.copy``): change a creature of it only
    through ``creature``, ``find`` or ``own``.

    An action the engine listed for ``state`` (``legal_actions``, ``actions_of_kind``,
    ``MoveReach.move`` and ``MoveReach.charge`` of ``move_reach`` and ``charge_choices``) is
    legal by construction and carried out without checking it again (``trust``); any other is
    checked first.
    """
    if not vouched(state, action):
        validate(state, action)
    st = state.copy()
    st.step += 1
    out: list[ev.Event] = []
    handler = HANDLERS[type(action)]
    if type(action) in INTERRUPTIBLE:  # CHP-2: it may stop right after one of its attacks
        interrupts.run(state, st, action, handler, out)
    else:
        handler(st, action, out)
    every = st.__dict__.pop("_react_on", out)  # an interrupted action carried on: all of its events
    if st.phase is not PHASE_OVER and st.interrupted is None:  # CARD-4 recharges, SPW-1 triggered powers
        out.extend(uses.react(st, every))
    return st.seal(), out


__all__ = ["apply", "charge_actions", "charge_actions_possible", "charge_routes", "check", "deploy_squares",
           "label_stem", "lazy_charges", "legal_actions", "new_game", "squeeze_actions", "tie_breaker"]
