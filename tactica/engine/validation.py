"""Validation: why an action is illegal now (``validate`` raises ``IllegalAction``).

``validate(state, action)`` runs the checks common to every action (the
battle not over, the right phase, a creature that may act: CON-3, CON-4,
CON-6), then the checks of its kind (``_CHECKS``): SET-2..4, ACT-1..5,
MOV-1..13, CHG-1..4, ATK-2, ATK-4, ATK-7, RNG-3, RNG-4, CARD-4, CHP-1..3,
SPW-1, TER-TELEPORT.  It never changes the state.  ``game.check`` and
``game.apply`` call it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from . import champions, reactions, uses
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
from .areas import aimed_at_right_side, struck, template
from .attacking import attack_allowed, charge_attack
from .auras import speed as aura_speed
from .combat import in_reach, sees, touching
from .errors import IllegalAction
from .forced import check_forced
from .geometry import adjacent
from .large import big_check_path, expansions, squeezed_size
from .legal import (
    adjacent_from,
    can_move,
    charge_ends,
    min_step_allowed,
    move_allowance,
    move_budget,
    move_rest,
    run_budget,
    standing_cost,
)
from .members import PHASE_ACTING, PHASE_OVER, STRIKES_ALLIES
from .model import Square
from .modules import MODULE_ACTIONS, book_of
from .movement import check_path, path_cost, routes, shift_ok
from .resolution import HANDLERS
from .setup import deploy_squares, free_areas, next_to_place
from .state import BASIC_ONLY, NO_ACTIONS, Creature, GameState, Phase
from .teleporters import teleport_squares


def _shift_refusal(st: GameState, me: Creature, sq: Square) -> str:
    """Why ``me`` may not shift to the adjacent square ``sq`` (MOV-12), in the first reason that applies."""
    geo = st.geometry
    if me.speed <= 0:
        return f"{me.card.name} cannot move now (speed 0)."
    if me.card.size == 1:
        if geo.is_wall(sq):
            return "Walls block movement; a shift must end on a free square (MOV-12)."
        if not geo.step_allowed(me.square, sq):
            return "No creature moves diagonally past a wall corner, not even with a shift (MOV-7, MOV-12)."
        if sq in geo.difficult:
            return "A shift cannot end in difficult terrain (MOV-12)."
        other = st.creature_at(sq)
        if other is not None and other.uid != me.uid:
            return f"{other.card.name} is on that square; a shift must end on a free square (MOV-12)."
    return "A shift must end on a free square that is not difficult terrain (MOV-12)."


def _refuse(code: str, reason: str) -> NoReturn:
    raise IllegalAction(code, reason)


#: The phase each kind of action belongs to (the rest: Phase.ACTING).
_PHASE_OF = {ChooseMap: Phase.CHOOSE_MAP, ChooseStartArea: Phase.CHOOSE_AREA, Place: Phase.DEPLOY,
             ChooseFirstPlayer: Phase.CHOOSE_FIRST, Activate: Phase.ACTIVATE,
             ForceMove: Phase.FORCED, Settle: Phase.FORCED,
             UseChampionPower: Phase.CHAMPION, UseReaction: Phase.CHAMPION, DeclinePower: Phase.CHAMPION}


def validate(st: GameState, a: Action) -> None:
    ph = st.phase
    if ph is PHASE_OVER:
        _refuse("over", "The battle is over.")
    wanted = _PHASE_OF.get(type(a), PHASE_ACTING)
    owner = book_of(st).owners.get(type(a)) if type(a) in MODULE_ACTIONS else None
    if type(a) not in HANDLERS or (type(a) in MODULE_ACTIONS and owner is None):
        _refuse("unknown-action", f"Unknown action {a!r}" + (
            f": it belongs to the rule module {MODULE_ACTIONS[type(a)]}, which this battle plays without."
            if type(a) in MODULE_ACTIONS else "."))
    if ph is not wanted:
        _refuse("wrong-phase", f"Now is the time to {ph.value}, not that.")
    if ph is PHASE_ACTING and not isinstance(a, EndActivation):
        me = st.actor
        if me.conditions & NO_ACTIONS:
            _refuse("cannot-act", f"{me.card.name} is {sorted(me.conditions & NO_ACTIONS)[0]} "
                                  "and takes no actions (CON-3, CON-4).")
        if st.no_action:
            _refuse("cannot-act", f"{me.card.name} is confused and takes no action this turn (CON-6).")
    check = _CHECKS.get(type(a))  # the checks of this kind of action (types are exact: see above)
    if check is not None:
        check(st, a)
    if owner is not None:  # a rule module's own kind of action (UG-RUBBLE: Dig)
        problem = owner.refusal(st, a)
        if problem:
            _refuse(*problem)


def _check_force_move(st: GameState, a: ForceMove | Settle) -> None:
    problem = check_forced(st, a)
    if problem:
        _refuse(*problem)


def _check_use_champion_power(st: GameState, a: UseChampionPower) -> None:
    problem = champions.check_use(st, a)
    if problem:
        _refuse(*problem)


def _check_use_reaction(st: GameState, a: UseReaction) -> None:
    problem = reactions.check_use(st, a)  # CL-10
    if problem:
        _refuse(*problem)


def _check_use_power(st: GameState, a: UsePower) -> None:
    problem = uses.check_power(st, a)
    if problem:
        _refuse(*problem)


def _check_choose_map(st: GameState, a: ChooseMap) -> None:
    if not 0 <= a.index < len(st.maps):
        _refuse("no-such-map", "There is no such map.")


def _check_choose_start_area(st: GameState, a: ChooseStartArea) -> None:
    if a.area not in st.battle_map.start_areas:
        _refuse("no-such-area", f"The map has no start area {a.area}.")
    if a.area not in free_areas(st):
        _refuse("area-taken", f"Start area {a.area} is already taken (SCN-MULTI).")


def _check_place(st: GameState, a: Place) -> None:
    if a.uid != next_to_place(st):
        _refuse("wrong-creature", "Place the creatures in warband order.")
    if a.square not in deploy_squares(st, st.decider):
        _refuse("bad-square", "Creatures deploy on free squares of their start area (SET-3).")


def _check_choose_first_player(st: GameState, a: ChooseFirstPlayer) -> None:
    if a.player not in range(st.players):
        _refuse("no-such-player", f"Choose a player from 1 to {st.players}.")


def _check_activate(st: GameState, a: Activate) -> None:
    c = st.find(a.uid)
    if c is None or not c.alive:
        _refuse("no-creature", "That creature is not on the map.")
    if c.player != st.turn_player:
        _refuse("not-yours", f"{c.card.name} belongs to the other player: a player activates only their own "
                             "creatures (RND-2).")
    if c.activated:
        _refuse("already-activated", f"{c.card.name} has already been activated this round (RND-2).")


def _check_move(st: GameState, a: Move) -> None:
    if not can_move(st) and not move_rest(st):  # G5E-SPLIT: the rest of an open move action
        _refuse("no-move-left", "This creature has used both its actions.")
    me = st.actor
    allowed = min_step_allowed(st)
    problem = check_path(st, me, tuple(a.path), move_allowance(st), min_first_step=allowed)
    if problem and problem[0] == "too-far" and run_budget(st):  # G35-RUN: a run, if not a move
        problem = check_path(st, me, tuple(a.path), run_budget(st), min_first_step=False, running=True)
    if problem:
        if problem[0] == "too-far" and not allowed and len(a.path) == 1:
            _refuse("whole-activation", "A one-square move dearer than the creature's movement takes "
                                        "its whole activation, and an action is already used (G35-MIN).")
        _refuse(*problem)


def _check_squeeze(st: GameState, a: Squeeze) -> None:
    if not can_move(st):
        _refuse("no-move-left", "This creature has used both its actions.")
    me = st.actor
    size = squeezed_size(st, me)
    if not size:
        _refuse("not-huge", "Only Huge creatures squeeze (docs/rules.md; Large ones too under grid35, "
                            "G35-SQUEEZE).")
    path = tuple(a.path)
    end = a.destination if path else None
    problem = big_check_path(st, me, path, move_budget(st) // 2, min_first_step=False,
                             size=size, end_size=me.card.size if end == path[-1] else size)
    if problem:
        if problem[0] == "too-far":
            _refuse("too-far", f"A squeeze moves at most half the creature's speed "
                               f"({move_budget(st) // 2} squares).")
        _refuse(*problem)
    if end is not None and end != path[-1] and end not in expansions(st, me, path[-1], size):
        full = me.card.size
        _refuse("bad-expand", f"A squeezing creature expands into a clear {full}×{full} space that holds "
                              f"its {size}×{size} end squares (docs/rules.md Squeeze).")


def _check_shift(st: GameState, a: Shift) -> None:
    if not can_move(st):
        _refuse("no-move-left", "This creature has used both its actions.")
    me = st.actor
    if not adjacent(me.square, a.square):
        _refuse("not-adjacent", "A shift moves exactly one square.")
    if not shift_ok(st, me, a.square):
        _refuse("bad-shift", _shift_refusal(st, me, a.square))


def _check_attack(st: GameState, a: Attack) -> None:
    if st.attack_used:
        _refuse("no-attack-left", "This creature has already used its attack action.")
    me = st.actor
    if not 0 <= a.attack < len(me.card.attacks):
        _refuse("no-such-attack", "The card has no such attack.")
    attack = me.card.attacks[a.attack]
    if attack.secondary:
        _refuse("secondary", f"{attack.name} is made only as a follow-up of another attack (ATK-7).")
    if not uses.attack_available(me, attack):
        _refuse("no-uses", f"{attack.name} has no check boxes left (CARD-4).")
    if attack.is_area:
        _refuse("area-attack", f"{attack.name} is a close or area attack: aim it with AreaAttack.")
    if not attack_allowed(me, attack):
        _refuse("basic-only", f"{me.card.name} may only make its basic attack (CON-2, CON-6).")
    if not a.targets:
        _refuse("no-target", "Pick a target.")
    if len(a.targets) > attack.targets:
        _refuse("too-many-targets", f"{attack.name} has at most {attack.targets} target(s).")
    if len(set(a.targets)) != len(a.targets):
        _refuse("duplicate-target", "Each target may be picked once.")
    for uid in a.targets:
        t = st.find(uid)
        if t is None:
            _refuse("no-target", "There is no such creature.")
        problem = in_reach(st, me, t, attack)
        if problem:
            _refuse(*problem)


def _check_teleport(st: GameState, a: Teleport) -> None:
    if a.square not in teleport_squares(st):
        _refuse("bad-teleport", "A creature on a teleporter may jump once per round to another "
                                "unoccupied teleporter (TER-TELEPORT).")


def _check_charge(st: GameState, a: Charge) -> None:
    if st.attack_used:
        _refuse("no-attack-left", "This creature has already used its attack action.")
    me = st.actor
    if me.conditions & BASIC_ONLY:
        _refuse("basic-only", f"{me.card.name} may only make its basic attack or move, "
                              "not charge (CON-2, CON-6).")
    if me.card.basic_melee is None:
        _refuse("no-melee", f"{me.card.name}'s basic attack is not a melee attack, so it cannot charge.")
    if charge_attack(me) is None:  # CARD-4: the line a charge makes is spent
        _refuse("no-uses", f"{me.card.basic_melee.name} has no check boxes left (CARD-4), so it cannot charge.")
    t = st.find(a.target)
    if t is None or not t.alive or t.team == me.team:
        _refuse("no-target", "Charge an enemy on the map.")
    if not sees(st, me, t):
        _refuse("no-sight", "A charge needs line of sight to the target at its start (CHG-2).")
    if touching(me, t):
        _refuse("too-close", "A charge must move at least 2 squares to the nearest square "
                             "from which it can attack; this creature is already there (CHG-3).")
    legal = charge_ends(st, me, t)
    if not legal:
        reach = routes(st, me, aura_speed(st, me), avoid_oa=False, min_first_step=False, running=True)
        near = [r.cost for sq, r in reach.items() if adjacent_from(me, sq, t)]
        if near and min(near) < 2:
            _refuse("too-close", "A charge must move at least 2 squares (CHG-3).")
        _refuse("too-far", f"{t.card.name} is beyond charging distance.")
    path = tuple(a.path)
    if not path or path[-1] not in legal:
        _refuse("not-nearest", "A charge must end in the nearest square from which it can attack (CHG-3).")
    cost = legal[path[-1]]
    problem = check_path(st, me, path, aura_speed(st, me), min_first_step=False, running=True)
    if problem:
        _refuse(*problem)
    if path_cost(st, path, me) != cost:
        _refuse("not-shortest", "A charge takes the shortest way to its end square (CHG-3).")


def _validate_area(st: GameState, a: AreaAttack) -> None:
    """RNG-3, RNG-4, ATK-2, ATK-4: a legal aim, and exactly the creatures it covers as targets."""
    if st.attack_used:
        _refuse("no-attack-left", "This creature has already used its attack action.")
    me = st.actor
    if not isinstance(a.attack, int) or not 0 <= a.attack < len(me.card.attacks):
        _refuse("no-such-attack", "The card has no such attack.")
    origin = tuple(a.origin) if isinstance(a.origin, (tuple, list)) else ()
    if len(origin) != 2 or not all(isinstance(v, int) for v in origin):
        _refuse("bad-aim", "Aim at a square (x, y).")
    attack = me.card.attacks[a.attack]
    if not attack.is_area:
        _refuse("not-area", f"{attack.name} is not a close or area attack.")
    if attack.secondary:
        _refuse("secondary", f"{attack.name} is made only as a follow-up of another attack (ATK-7).")
    if not uses.attack_available(me, attack):
        _refuse("no-uses", f"{attack.name} has no check boxes left (CARD-4).")
    if not attack_allowed(me, attack):
        _refuse("basic-only", f"{me.card.name} may only make its basic attack (CON-2, CON-6).")
    found = template(st, me, attack, (origin[0], origin[1]), a.corner)
    if found is None:
        _refuse("bad-aim", f"{attack.name} cannot be aimed there (RNG-3, RNG-4).")
    hit = struck(st, me, found, attack)  # CL-2: whom it strikes
    inside = {c.uid for c in hit}
    if len(set(a.targets)) != len(a.targets):
        _refuse("duplicate-target", "Each target may be picked once.")
    if set(a.targets) != inside:
        _refuse("wrong-targets", f"{attack.name} attacks every creature in its area, and only those "
                                 f"(ATK-2): {', '.join(sorted(inside)) or 'nobody'}.")
    if not aimed_at_right_side(me, attack, hit):
        if attack.strikes is STRIKES_ALLIES:
            _refuse("no-ally", f"{attack.name} strikes allies only (CL-2): aim it at one.")
        _refuse("no-enemy", "No creature attacks only its allies on purpose (ATK-2).")


def _check_drop_prone(st: GameState, a: DropProne) -> None:
    """G5E-PRONE: only with a module that has the prone rules, and not when prone already."""
    if not book_of(st).prone_moves:
        _refuse("no-prone-rules", "Dropping prone is a grid5e rule (G5E-PRONE); this battle plays without it.")
    if "prone" in st.actor.conditions:
        _refuse("already-prone", f"{st.actor.card.name} is prone already (G5E-PRONE).")


def _check_stand_up(st: GameState, a: StandUp) -> None:
    """G5E-PRONE: a prone creature with speed above 0 and half its speed (rounded up) of movement left."""
    if not book_of(st).prone_moves:
        _refuse("no-prone-rules", "Standing up is a grid5e rule (G5E-PRONE); this battle plays without it.")
    me = st.actor
    if "prone" not in me.conditions:
        _refuse("not-prone", f"{me.card.name} is not prone (G5E-PRONE).")
    if move_budget(st) <= 0:
        _refuse("cannot-move", f"{me.card.name} cannot stand up with speed 0 (G5E-PRONE).")
    if move_allowance(st) < standing_cost(st):
        _refuse("too-far", f"Standing up costs half the speed, {standing_cost(st)} squares of movement; "
                           f"{me.card.name} has {move_allowance(st)} left (G5E-PRONE).")


#: The checks of each kind of action after the common ones of ``validate``.
_CHECKS: dict[type[Action], Callable[[GameState, Any], None]] = {
    ForceMove: _check_force_move,
    Settle: _check_force_move,
    UseChampionPower: _check_use_champion_power,
    UseReaction: _check_use_reaction,
    UsePower: _check_use_power,
    ChooseMap: _check_choose_map,
    ChooseStartArea: _check_choose_start_area,
    Place: _check_place,
    ChooseFirstPlayer: _check_choose_first_player,
    Activate: _check_activate,
    Move: _check_move,
    Squeeze: _check_squeeze,
    Shift: _check_shift,
    Attack: _check_attack,
    AreaAttack: _validate_area,
    Teleport: _check_teleport,
    Charge: _check_charge,
    DropProne: _check_drop_prone,
    StandUp: _check_stand_up,
}


__all__ = ["validate"]
