"""Legal actions: every one at once (``legal_actions``) or one kind at a time, cheaply, for bots.

``legal_actions(state)`` lists every option of the deciding player,
including two route searches (moves and charges).  A bot that only wants,
say, the attacks asks ``actions_of_kind(state, Attack)``: for every kind it
is exactly the sub-list of ``legal_actions(state)`` of that type, in the same
order (a test checks this on random battles); ``move_reach`` and
``charge_choices`` give moves and charges from one flood.  Implements the
listing side of SET-2..4, RND-5, ACT-1..5, CHG-1..4, MOV-12 and CON-3..6.
"""
from __future__ import annotations

from typing import TypeVar, cast

from . import champions, uses
from .actions import (
    Action,
    Activate,
    AreaAttack,
    Attack,
    Charge,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    DeclinePower,
    DropProne,
    EndActivation,
    ForceMove,
    Move,
    Place,
    Settle,
    Shift,
    Squeeze,
    StandUp,
    Teleport,
    UseChampionPower,
    UsePower,
    UseReaction,
)
from .areas import area_actions
from .attacking import attack_actions, charge_attack
from .auras import speed as aura_speed
from .combat import sees, touching
from .footprint import touching as fp_touching
from .forced import forced_actions
from .geometry import adjacent
from .large import squeeze_routes
from .members import (
    PHASE_ACTING,
    PHASE_ACTIVATE,
    PHASE_CHAMPION,
    PHASE_CHOOSE_AREA,
    PHASE_CHOOSE_FIRST,
    PHASE_CHOOSE_MAP,
    PHASE_DEPLOY,
    PHASE_FORCED,
    PHASE_OVER,
)
from .model import Square
from .modules import book_of
from .movement import MoveReach, Route, reach, routes, shift_squares
from .setup import deploy_squares, free_areas, next_to_place
from .state import NO_ACTIONS, Creature, GameState, Phase
from .teleporters import teleport_actions
from .trust import token, vouch
from .uses import power_actions


def legal_actions(state: GameState) -> list[Action]:
    """Every action the deciding player (``state.decider``) may take now.

    The order is canonical (the same state gives the same list).  Moves list
    one route per destination: the one provoking the fewest opportunity
    attacks, then the cheapest.  Multi-target attacks list each set of
    targets once, in uid order (any order is accepted by ``apply``).
    The actions are vouched for ``state`` (``trust``: ``apply`` does not check them again).
    """
    acts = _legal_actions(state)
    vouch(state, acts)
    return acts


def _legal_actions(state: GameState) -> list[Action]:
    """``legal_actions`` before they are vouched for."""
    ph = state.phase
    if ph is PHASE_OVER:
        return []
    if ph is PHASE_CHOOSE_MAP:
        return [ChooseMap(i) for i in range(len(state.maps))]
    if ph is PHASE_CHOOSE_AREA:
        return [ChooseStartArea(a) for a in free_areas(state)]
    if ph is PHASE_DEPLOY:
        uid = next_to_place(state)
        if uid is None:  # pragma: no cover - setup passes a player with nobody left to place (SET-3)
            return []
        return [Place(uid, sq) for sq in deploy_squares(state, state.decider)]
    if ph is PHASE_CHOOSE_FIRST:
        return [ChooseFirstPlayer(p) for p in range(state.players)]
    if ph is PHASE_ACTIVATE:
        return [Activate(c.uid) for c in state.unactivated(state.turn_player)]
    if ph is PHASE_FORCED:  # MOV-14, TER-PIT, MOV-3
        return forced_actions(state)
    if ph is PHASE_CHAMPION:  # CHP-2: use a champion power, or decline
        return [*champions.options(state, state.decider), DeclinePower()]
    me = state.actor
    acts: list[Action] = []
    if (me.effects and me.conditions & NO_ACTIONS) or state.no_action:  # CON-3, CON-4, CON-6: no actions
        return [EndActivation()]
    if not state.attack_used:
        acts.extend(attack_actions(state))
        acts.extend(area_actions(state))
        acts.extend(charge_actions(state))
    acts.extend(uses.power_actions(state))  # SPW-1
    acting = can_move(state)
    if acting or move_rest(state):
        found = move_routes(state, me)
        for _dest, route in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            acts.append(Move(route.path))
    if acting:
        acts.extend(Shift(sq) for sq in shift_squares(state, me))
        acts.extend(squeeze_actions(state))
    acts.extend(teleport_actions(state))  # TER-TELEPORT
    acts.extend(prone_actions(state))  # G5E-PRONE (none without a module that has prone rules)
    book = book_of(state)
    if book.action_kinds:  # the rule modules' own actions (UG-RUBBLE: Dig)
        acts.extend(book.actions(state))
    acts.append(EndActivation())
    return acts


def can_move(state: GameState) -> bool:
    """A move is possible with the move action, or the attack action instead (ACT-3)."""
    return not state.move_used or not state.attack_used


def move_rest(state: GameState) -> int:
    """Squares left of the activation's open move action (G5E-SPLIT): the active creature's speed
    now (``move_budget``) minus what that action has spent (G5E-SPEEDS), never below 0; 0 when no
    move action is open (``GameState.move_spent`` None: always without a module that splits moves)
    or no creature is acting."""
    if state.move_spent is None or state.phase is not PHASE_ACTING or state.active_creature is None:
        return 0
    return max(0, move_budget(state) - state.move_spent)


def move_allowance(state: GameState) -> int:
    """Squares of movement a Move may spend now: a fresh move action's (MOV-1, ACT-2, ACT-3) when
    an action is left, plus the open move action's rest (G5E-SPLIT).  With a module that splits
    moves a Move may take every action left, its squares joining the pool (G5E-SPLIT): a creature
    with both actions unused may move twice its speed at once, as it may move 1 and then the rest
    of two moves.  Without such a module, the only open rest is that of a move a teleporter jump
    interrupted (TER-TELEPORT): a Move either carries on with that rest or is a fresh move
    action, so the larger of the two."""
    rest = move_rest(state)
    fresh = move_budget(state) if can_move(state) else 0
    if not book_of(state).keeps_move_rest:
        return max(rest, fresh) if rest else fresh
    if not state.move_used and not state.attack_used:  # G5E-SPLIT: both actions' squares join the pool
        fresh *= 2
    return rest + fresh


def standing_cost(state: GameState) -> int:
    """Squares of movement the active creature's standing up costs: half its speed now, rounded up
    (G5E-PRONE; speed 6: 3, speed 5: 3)."""
    return (move_budget(state) + 1) // 2


def prone_actions(state: GameState) -> list[DropProne | StandUp]:
    """G5E-PRONE: ``DropProne`` for a creature that is not prone, ``StandUp`` for a prone one with
    half its speed (rounded up) of movement left and a speed above 0; empty without a module
    that has the prone rules (``RuleBook.prone_moves``)."""
    if not book_of(state).prone_moves:
        return []
    me = state.actor
    if "prone" not in me.conditions:
        return [DropProne()]
    if move_budget(state) > 0 and move_allowance(state) >= standing_cost(state):
        return [StandUp()]
    return []


def squeeze_actions(state: GameState) -> list[Squeeze]:
    """Every legal squeeze of the active creature, one per anchor it stands on after expanding,
    in (row, column) order (docs/rules.md Squeeze: Huge creatures, and Large ones under
    G35-SQUEEZE; empty when no move is left).  ``end`` is None when it expands into the space
    down and to the right of its last squeezed anchor, else that space's anchor."""
    me = state.active_creature
    if me is None or me.card.size < 2 or not can_move(state):
        return []
    found = squeeze_routes(state, me, move_budget(state))
    return [Squeeze(r.path, None if end == r.path[-1] else end)
            for end, r in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))]


def min_step_allowed(state: GameState) -> bool:
    """Whether the active creature's move may make the one-square minimum (MOV-4: a first step
    dearer than its budget): always, unless a rule module makes that step take the whole
    activation (G35-MIN) and an action of it is already used."""
    return not (book_of(state).min_step_takes_turn and (state.move_used or state.attack_used))


def run_budget(state: GameState) -> int:
    """Squares of movement the active creature may run (G35-RUN: a rule module's ``run_factor``
    times its speed, with both actions unused); 0 when it may not run."""
    factor = book_of(state).run_factor
    if factor <= 1 or state.move_used or state.attack_used:
        return 0
    return factor * move_budget(state)


def move_routes(state: GameState, me: Creature) -> dict[Square, Route]:
    """The best route of every move the active creature ``me`` may make now (MOV-1..13): its
    ``movement.routes``, then the ends only a run reaches (G35-RUN: ``run_budget``)."""
    found = routes(state, me, move_allowance(state), min_first_step=min_step_allowed(state))
    ran = run_budget(state)
    if ran:
        for sq, r in routes(state, me, ran, min_first_step=False, running=True).items():
            found.setdefault(sq, r)
    return found


def move_budget(state: GameState) -> int:
    """Squares of movement for one move (MOV-1, CON-5, CON-8; speed auras, docs/rules.md ABL)."""
    return aura_speed(state, state.actor)


def charge_actions(state: GameState) -> list[Charge]:
    """Every legal charge of the active creature (CHG-1..4), one per target and end square."""
    if not charge_actions_possible(state):
        return []
    me = state.actor
    out = []
    reach = routes(state, me, aura_speed(state, me), avoid_oa=False, min_first_step=False, running=True)
    for target in state.enemy_creatures(me.player):
        for route in charge_routes(state, me, target, reach):
            out.append(Charge(target.uid, route.path))
    return out


def charge_actions_possible(state: GameState) -> bool:
    """False when the active creature surely has no legal charge now (CHG-1..4, CON-2, CON-6,
    CARD-4); True when it may have one (a route search decides)."""
    me = state.actor
    if state.attack_used or (me.effects and me.conditions & NO_ACTIONS) or charge_attack(me) is None:  # CHG-1, CARD-4
        return False
    # A cheap exact filter first (one-square creatures): a target needs line of
    # sight, and an end square adjacent to it within ``speed`` squares (every step
    # costs at least 1, so the target is at most speed + 1 away) that is at least
    # 2 squares from the start (so it is not adjacent now).  With no such target
    # there is no charge, and no route search is needed.
    speed, pos, los = aura_speed(state, me), me.square, state.geometry.line_of_sight
    if me.card.size == 1:
        x, y, far = pos[0], pos[1], speed + 1
        for t in state.enemy_creatures(me.player):  # on the map: ``pos`` is its square
            if t.card.size > 1:
                return True
            tx, ty = t.pos  # type: ignore[misc]
            dx, dy = tx - x, ty - y
            if -far <= dx <= far and -far <= dy <= far and (dx > 1 or dx < -1 or dy > 1 or dy < -1) \
                    and los(pos, (tx, ty)):  # Chebyshev distance 2 .. speed + 1, then sight
                return True
        return False
    return True


def charge_routes(state: GameState, me: Creature, target: Creature,
                  reach: dict[Square, Route] | None = None) -> list[Route]:
    """Legal charge routes from ``me`` to ``target`` (CHG-2, CHG-3); empty if none.

    Needs line of sight at the start; ends on a square adjacent to the
    target that is nearest by the charge's own path, at least 2 squares away.
    A creature already adjacent to the target stands on the nearest square
    from which it can attack, so it cannot charge that target.
    """
    if touching(me, target) or not sees(state, me, target):
        return []
    if reach is None:  # ``running``: a charge is hurried (G35-HAMPER: no charging through hampered squares)
        reach = routes(state, me, aura_speed(state, me), avoid_oa=False, min_first_step=False, running=True)
    if me.card.size == 1 and target.card.size == 1:  # only the target's neighbours can be ends
        tx, ty = target.square
        ends: dict[Square, Route] = {}
        for sq in ((tx + dx, ty + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy):
            r = reach.get(sq)
            if r is not None:
                ends[sq] = r
    else:
        ends = {sq: r for sq, r in reach.items() if adjacent_from(me, sq, target)}
    if not ends:
        return []
    nearest = min(r.cost for r in ends.values())
    if nearest < 2:
        return []
    return [r for sq, r in sorted(ends.items(), key=lambda kv: (kv[0][1], kv[0][0])) if r.cost == nearest]


def charge_ends(state: GameState, me: Creature, target: Creature,
                found: MoveReach | None = None) -> dict[Square, int]:
    """The end squares of ``charge_routes(state, me, target)`` -> their cost, found with one
    flood instead of a route search (CHG-2, CHG-3); empty when that list is empty.

    ``found``: ``reach(state, me, speed, min_first_step=False)`` if the caller has it.
    """
    if touching(me, target):
        return {}
    if found is None:
        found = reach(state, me, aura_speed(state, me), min_first_step=False, running=True)
    if me.card.size == 1 and target.card.size == 1:  # only the target's neighbours can be ends
        tx, ty = target.square
        has, cost = found.has, found.cost
        ends = {sq: cost(sq) for sq in [(tx + dx, ty + dy) for dx, dy in _ROW_MAJOR_STEPS] if has(sq)}
    else:
        ends = {sq: found.cost(sq) for sq in found.destinations if adjacent_from(me, sq, target)}
    if not ends:
        return {}
    nearest = min(ends.values())
    # CHG-2: line of sight at the start, asked last: it is the dearest test, and most enemies have
    # no end square within the charge's reach anyway (the answer is the same in any order).
    if nearest < 2 or not sees(state, me, target):
        return {}
    return {sq: c for sq, c in ends.items() if c == nearest}


def lazy_charges(state: GameState) -> tuple[list[tuple[str, Square]], MoveReach | None]:
    """The (target uid, end square) of every legal charge, in ``charge_actions`` order, and the
    ``movement.MoveReach`` that gives a legal path to each end (``path(end)``: a cheapest one,
    CHG-3, which may provoke more opportunity attacks than the listed route).  For bots
    that pick a charge without needing every route (CHG-1..4); ``found.charge(uid, end)`` gives
    the charge, vouched for ``state`` (``trust``)."""
    me = state.actor
    if not charge_actions_possible(state):
        return [], None
    found = reach(state, me, aura_speed(state, me), min_first_step=False, running=True)
    out = []
    for target in state.enemy_creatures(me.player):
        for end in charge_ends(state, me, target, found):
            out.append((target.uid, end))
    return out, found.trust_charges(token(state), out)


def _row_major(sq: Square) -> tuple[int, int]:
    return sq[1], sq[0]


#: The eight steps to a square's neighbours, in (row, column) order of the neighbours they reach.
_ROW_MAJOR_STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def adjacent_from(me: Creature, anchor: Square, target: Creature) -> bool:
    """True when ``me`` standing at ``anchor`` would be adjacent to ``target`` (RNG-1, MOV-13)."""
    if me.card.size == 1 and target.card.size == 1:
        return adjacent(anchor, target.square)
    return fp_touching(anchor, me.card.size, target.square, target.card.size)


# ---------------------------------------------------------------------------
# one kind at a time (for bots)

#: The kind of action ``actions_of_kind`` lists (an Action subclass), so its list is typed by it.
KindOfAction = TypeVar("KindOfAction", bound=Action)

#: The kinds of action an active creature may have (ACT-1..3, CHG-1, MOV-12).
ACTING_KINDS: tuple[type[Action], ...] = (Attack, AreaAttack, Charge, UsePower, Move, Shift, Squeeze, Teleport,
                                          EndActivation)
#: The same with a rule module that has the prone rules (G5E-PRONE): dropping prone and standing up too.
PRONE_ACTING_KINDS: tuple[type[Action], ...] = ACTING_KINDS[:-1] + (DropProne, StandUp, EndActivation)
#: The kinds of a champion-power decision (CHP-2).
CHAMPION_KINDS: tuple[type[Action], ...] = (UseChampionPower, UseReaction, DeclinePower)  # CL-10: reactions

#: The kinds of choice forced movement waits for (MOV-14, TER-PIT, MOV-3).
FORCED_KINDS: tuple[type[Action], ...] = (ForceMove, Settle)

_PHASE_KIND: dict[Phase, type[Action]] = {
    Phase.CHOOSE_MAP: ChooseMap, Phase.CHOOSE_AREA: ChooseStartArea, Phase.DEPLOY: Place,
    Phase.CHOOSE_FIRST: ChooseFirstPlayer, Phase.ACTIVATE: Activate}


def kinds_now(state: GameState) -> tuple[type[Action], ...]:
    """The action kinds that may be legal now (some may turn out to have no action).

    Outside an activation there is exactly one kind per phase; during one,
    ``ACTING_KINDS`` (``PRONE_ACTING_KINDS`` with a module that has the prone
    rules, G5E-PRONE).  Returns () when the battle is over.
    """
    if state.phase is PHASE_OVER:
        return ()
    if state.phase is PHASE_FORCED:  # MOV-14, TER-PIT
        return FORCED_KINDS
    if state.phase is PHASE_CHAMPION:
        return CHAMPION_KINDS
    kind = _PHASE_KIND.get(state.phase)
    if kind is not None:
        return (kind,)
    book = book_of(state)
    kinds = PRONE_ACTING_KINDS if book.prone_moves else ACTING_KINDS
    if book.action_kinds:  # the rule modules' own kinds (UG-RUBBLE: Dig), before EndActivation
        kinds = kinds[:-1] + book.action_kinds + kinds[-1:]
    return kinds


def actions_of_kind(state: GameState, kind: type[KindOfAction]) -> list[KindOfAction]:
    """The legal actions of type ``kind`` now, in ``legal_actions`` order.

    Args:
        state: any state.
        kind: an Action subclass, e.g. ``Move``.
    Returns a list of ``kind`` (empty when none of that kind is legal), typed so; the actions
    are vouched for ``state`` (``trust``).
    """
    acts = _actions_of_kind(state, kind)
    if acts:
        vouch(state, acts)  # trust: apply does not check them again
    return cast("list[KindOfAction]", acts)


def _actions_of_kind(state: GameState, kind: type[Action]) -> list[Action]:
    """``actions_of_kind`` untyped by its kind (every list below holds only ``kind``)."""
    ph = state.phase
    if ph in (PHASE_FORCED, PHASE_CHAMPION):  # ``actions_of_kind`` vouches for what this returns
        return [a for a in _legal_actions(state) if type(a) is kind]
    if ph is not PHASE_ACTING:
        if _PHASE_KIND.get(ph) is not kind:
            return []
        return _legal_actions(state)
    me = state.actor
    if (me.effects and me.conditions & NO_ACTIONS) or state.no_action:  # CON-3, CON-4, CON-6
        return [EndActivation()] if kind is EndActivation else []
    if kind is EndActivation:
        return [EndActivation()]
    if kind is Attack:
        if state.attack_used:
            return []
        return list(attack_actions(state))
    if kind is AreaAttack:
        return [] if state.attack_used else list(area_actions(state))
    if kind is Charge:
        return [] if state.attack_used else list(charge_actions(state))
    if kind is Move:
        if not can_move(state) and not move_rest(state):
            return []
        found = move_routes(state, me)
        return [Move(r.path) for _, r in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
    if kind is Shift:
        if not can_move(state):
            return []
        return [Shift(sq) for sq in shift_squares(state, me)]
    if kind is Squeeze:
        return list(squeeze_actions(state))
    if kind is Teleport:
        return list(teleport_actions(state))
    if kind is UsePower:
        return list(power_actions(state))
    if kind is DropProne or kind is StandUp:
        return [a for a in prone_actions(state) if type(a) is kind]
    book = book_of(state)
    if kind in book.owners:  # a rule module's own kind (UG-RUBBLE: Dig)
        return [a for a in book.actions(state) if type(a) is kind]
    return []


def move_reach(state: GameState) -> MoveReach:
    """The active creature's move destinations now, cheaply, with a legal path to each.

    ``move_reach(state).destinations`` are exactly the end squares of
    ``actions_of_kind(state, Move)``, in the same order, found by one flood
    (no opportunity-attack bookkeeping); ``Move(r.path(dest))`` is a legal
    move there (MOV-1..11), the cheapest path, which may provoke more
    opportunity attacks than the route ``legal_actions`` lists; ``move_reach(state).move(dest)``
    makes that move, vouched for ``state`` (``trust``).  Empty when no move is legal now (outside
    an activation, or no move left).
    """
    if state.phase is not PHASE_ACTING:
        return MoveReach([], None, {})
    me = state.actor
    if ((me.effects and me.conditions & NO_ACTIONS) or state.no_action  # CON-3..6
            or not (can_move(state) or move_rest(state))):
        return MoveReach([], None, {})
    if run_budget(state):  # G35-RUN: the moves and the runs, each end's cheapest way
        found = routes(state, me, move_allowance(state), avoid_oa=False, min_first_step=min_step_allowed(state))
        for sq, r in routes(state, me, run_budget(state), avoid_oa=False, min_first_step=False,
                            running=True).items():
            found.setdefault(sq, r)
        return MoveReach(sorted(found, key=_row_major), None, None, found).trust_moves(token(state))
    return reach(state, me, move_allowance(state), min_first_step=min_step_allowed(state)).trust_moves(token(state))


def charge_choices(state: GameState) -> tuple[list[tuple[str, Square]], MoveReach | None]:
    """The active creature's charges now, cheaply: (target uid, end square) pairs and a flood.

    The pairs are exactly the (target, last square) of ``actions_of_kind(state,
    Charge)``, in the same order; ``Charge(uid, found.path(end))`` is a legal
    charge there (a cheapest path, CHG-3, which may provoke more opportunity
    attacks than the listed route).  ([], None) when no charge is legal now.
    """
    if state.phase is not PHASE_ACTING or state.attack_used:
        return [], None
    me = state.actor
    if (me.effects and me.conditions & NO_ACTIONS) or state.no_action:  # CON-3, CON-4, CON-6
        return [], None
    return lazy_charges(state)


__all__ = ["ACTING_KINDS", "CHAMPION_KINDS", "FORCED_KINDS", "actions_of_kind", "adjacent_from", "can_move",
           "charge_actions", "charge_actions_possible", "charge_choices", "charge_ends", "charge_routes",
           "kinds_now", "lazy_charges", "legal_actions", "min_step_allowed", "move_allowance", "move_budget",
           "move_reach", "move_rest", "move_routes", "PRONE_ACTING_KINDS", "prone_actions", "run_budget",
           "squeeze_actions", "standing_cost"]
