"""The engine API: start a battle, list legal actions, apply one.

``apply(state, action) -> (new_state, events)`` is pure: the given state is
never changed.  An action the rules do not allow raises ``IllegalAction``
with a reason code and a sentence.  Implements the action rules SET-2..4,
RND-5, ACT-1..5, CHG-1..4 and OA-1..6; rounds, turns and victory live in
``flow``, conditions in ``effects``.
"""
from __future__ import annotations

from . import champions, uses
from . import events as ev
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
    EndActivation,
    ForceMove,
    Move,
    Place,
    Settle,
    Shift,
    Squeeze,
    Teleport,
    UseChampionPower,
    UsePower,
)
from .areas import area_actions, struck, template
from .attacking import attack_actions, attack_allowed, charge_attack, provoke, resolve_all
from .auras import speed as aura_speed
from .combat import in_reach, sees, touching
from .dice import ScriptedDice, SeededDice
from .effects import start_of_activation
from .errors import IllegalAction
from .flow import (
    _battle_decided,
    _end_activation,
    _roll_off,
    _start_round,
    _start_turn,
    end_activation_tail,
    tie_breaker,
)
from .footprint import footprint
from .footprint import touching as fp_touching
from .forced import advance, apply_forced, check_forced, forced_actions
from .geometry import Geometry, adjacent, chebyshev
from .large import SQUEEZED_SIZE, big_check_path, squeeze_routes
from .model import AttackKind, Duration, MapDef, Square, WarbandDef
from .movement import (
    _taken,
    check_path,
    legal_stop,
    mode_of,
    path_cost,
    reach,
    routes,
    shift_ok,
    shift_squares,
    threats,
)
from .powers import ChampionTrigger
from .state import BASIC_ONLY, NO_ACTIONS, ActiveEffect, Creature, GameState, Phase, Ruleset
from .teleporters import apply_teleport, teleport_actions, teleport_squares

# ---------------------------------------------------------------------------
# creating a battle


def _label_case(label: str, player: int) -> str:
    """A map label in its player's letter case: OG1, og1, then Og1 and oG1 (SCN-MULTI)."""
    if player == 0:
        return label.upper()
    if player == 1:
        return label.lower()
    stem = label.lower()
    return stem[:1].upper() + stem[1:] if player == 2 else stem[:1] + stem[1:].upper()


def label_stem(name: str, taken: set[str]) -> str:
    """A two-letter label stem for a card named ``name`` that is not in ``taken`` (lower case compared).

    The first two letters of the name when free (Gatehouse Crossbowman → "Ga");
    else the initials of its first two words, then the first letter with each
    later letter of the name in turn (Stormhoof beside Stockade → "So", …); the
    first two letters again if every choice is taken.  Returns the stem in the
    name's own case.
    """
    letters = "".join(ch for ch in name if ch.isalpha()) or "Cr"
    words = ["".join(ch for ch in w if ch.isalpha()) for w in name.split()]
    words = [w for w in words if w]
    choices = [letters[:2]]
    if len(words) > 1:
        choices.append(words[0][0] + words[1][0])
    choices += [letters[0] + ch for ch in letters[2:]]
    for stem in choices:
        if len(stem) == 2 and stem.lower() not in taken:
            return stem
    return letters[:2]


def _shift_refusal(st: GameState, me: Creature, sq) -> str:
    """Why ``me`` may not shift to the adjacent square ``sq`` (MOV-12), in the first reason that applies."""
    geo = st.geo
    if me.speed <= 0:
        return f"{me.card.name} cannot move now (speed 0)."
    if me.card.size == 1:
        if geo.is_wall(sq):
            return "Walls block movement; a shift must end on a free square (MOV-12)."
        if not geo.step_allowed(me.pos, sq):
            return "No creature moves diagonally past a wall corner, not even with a shift (MOV-7, MOV-12)."
        if sq in geo.difficult:
            return "A shift cannot end in difficult terrain (MOV-12)."
        other = st.creature_at(sq)
        if other is not None and other.uid != me.uid:
            return f"{other.card.name} is on that square; a shift must end on a free square (MOV-12)."
    return "A shift must end on a free square that is not difficult terrain (MOV-12)."


def _creatures(warbands: tuple[WarbandDef, ...], teams: tuple[int, ...] = ()) -> list[Creature]:
    out = []
    for player, wb in enumerate(warbands):
        labels: dict[str, int] = {}
        stems: dict[str, str] = {}  # card id -> its stem: different cards never share one
        for i, card in enumerate(wb.cards):
            if card.id not in stems:
                stems[card.id] = label_stem(card.name, {s.lower() for s in stems.values()})
            stem = stems[card.id]
            labels[stem] = labels.get(stem, 0) + 1
            label = f"{stem}{labels[stem]}"
            label = _label_case(label, player)
            out.append(Creature(uid=f"p{player + 1}c{i + 1}", card=card, player=player,
                                label=label, hp=card.hp, teams=teams))
    return out


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
        rules: battle settings; default 200-point Assault.

    Returns the state waiting for the roll winner to choose a map (or, with
    a single map, for the loser to choose a start area) and the roll events.
    """
    if dice is None:
        dice = SeededDice.from_seed(0 if seed is None else seed)
    rules = rules or Ruleset()
    n = len(warbands)
    if not 2 <= n <= 4:
        raise ValueError(f"a battle needs 2 to 4 warbands, not {n}")
    if rules.teams and len(rules.teams) != n:
        raise ValueError(f"rules.teams names {len(rules.teams)} players; there are {n} warbands")
    st = GameState(rules=rules, warbands=tuple(warbands), maps=tuple(maps),
                   creatures=_creatures(warbands, rules.teams), dice=dice,
                   player_turns=(0,) * n, vp=[0] * n)
    out: list[ev.Event] = []
    ratings = [wb.champion_rating for wb in warbands]
    winner = _roll_off(st, "setup", ratings, out)
    st.setup_winner = winner
    if len(st.maps) == 1:
        _choose_map(st, 0, winner, out)
    else:
        st.phase, st.decider = Phase.CHOOSE_MAP, winner
    return st.seal(), out


def _choose_map(st: GameState, index: int, chooser: int, out: list) -> None:
    st.map = st.maps[index]
    st.geo = Geometry.for_map(st.map)
    out.append(ev.MapChosen(chooser, st.map.id, st.map.name))
    st.phase, st.decider = Phase.CHOOSE_AREA, _first_area_chooser(st)


# ---------------------------------------------------------------------------
# legal actions


def legal_actions(state: GameState) -> list[Action]:
    """Every action the deciding player (``state.decider``) may take now.

    The order is canonical (the same state gives the same list).  Moves list
    one route per destination: the one provoking the fewest opportunity
    attacks, then the cheapest.  Multi-target attacks list each set of
    targets once, in uid order (any order is accepted by ``apply``).
    """
    ph = state.phase
    if ph is Phase.OVER:
        return []
    if ph is Phase.CHOOSE_MAP:
        return [ChooseMap(i) for i in range(len(state.maps))]
    if ph is Phase.CHOOSE_AREA:
        return [ChooseStartArea(a) for a in _free_areas(state)]
    if ph is Phase.DEPLOY:
        uid = _next_to_place(state)
        return [Place(uid, sq) for sq in deploy_squares(state, state.decider)]
    if ph is Phase.CHOOSE_FIRST:
        return [ChooseFirstPlayer(p) for p in range(state.players)]
    if ph is Phase.ACTIVATE:
        return [Activate(c.uid) for c in state.unactivated(state.turn_player)]
    if ph is Phase.FORCED:  # MOV-14, TER-PIT, MOV-3
        return forced_actions(state)
    if ph is Phase.CHAMPION:  # CHP-2: use a champion power, or decline
        return [*champions.options(state, state.decider), DeclinePower()]
    me = state.active_creature
    acts: list[Action] = []
    if me.conditions & NO_ACTIONS or state.no_action:  # CON-3, CON-4, CON-6: no actions
        return [EndActivation()]
    if not state.attack_used:
        acts.extend(attack_actions(state))
        acts.extend(area_actions(state))
        acts.extend(charge_actions(state))
    acts.extend(uses.power_actions(state))  # SPW-1
    if _can_move(state):
        for dest, route in sorted(routes(state, me, _budget(state)).items(), key=lambda kv: (kv[0][1], kv[0][0])):
            acts.append(Move(route.path))
        acts.extend(Shift(sq) for sq in shift_squares(state, me))
        acts.extend(squeeze_actions(state))
    acts.extend(teleport_actions(state))  # TER-TELEPORT
    acts.append(EndActivation())
    return acts


def _can_move(state: GameState) -> bool:
    """A move is possible with the move action, or the attack action instead (ACT-3)."""
    return not state.move_used or not state.attack_used


def squeeze_actions(state: GameState) -> list[Squeeze]:
    """Every legal squeeze of the active creature, one per end anchor in (row, column) order
    (docs/rules.md Squeeze: Huge creatures only; empty when no move is left)."""
    me = state.active_creature
    if me is None or me.card.size < 3 or not _can_move(state):
        return []
    found = squeeze_routes(state, me, _budget(state))
    return [Squeeze(r.path) for _, r in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))]


def _budget(state: GameState) -> int:
    """Squares of movement for one move (MOV-1, CON-5, CON-8; speed auras, docs/rules.md ABL)."""
    return aura_speed(state, state.active_creature)


def _attack_allowed(me: Creature, attack) -> bool:
    """Staggered and confused creatures may only make their basic attack (CON-2, CON-6).

    Kept for older callers; see ``attacking.attack_allowed`` (which also
    refuses secondary lines, ATK-7).
    """
    return attack_allowed(me, attack)


def deploy_squares(state: GameState, player: int) -> list[Square]:
    """Squares where ``player`` may place its next creature (SET-3, SET-4).

    Free squares of its start area that are not wall, pit or statue; when
    the area is full, the free such squares nearest to it.  For a Large or
    Huge creature the squares are anchors and its whole footprint must be
    free and wholly inside the area; when no such space is left, the free
    spaces whose farthest square is nearest to the area (SET-3, MOV-13).
    """
    area = state.start_area(player)
    uid = _next_to_place(state) if state.decider == player else None
    if uid is None:
        uid = next((c.uid for c in state.creatures
                    if c.player == player and c.pos is None and not c.destroyed), None)
    size = state.creature(uid).card.size if uid is not None else 1
    if size > 1:
        return _big_deploy_squares(state, area, size)
    occupied = state.occupied()
    free = sorted((sq for sq in area if state.geo.deployable(sq) and sq not in occupied),
                  key=lambda s: (s[1], s[0]))
    if free or not area:
        return free
    best, best_d = [], None
    for y in range(state.map.height):
        for x in range(state.map.width):
            sq = (x, y)
            if not state.geo.deployable(sq) or sq in occupied:
                continue
            d = min(chebyshev(sq, a) for a in area)
            if best_d is None or d < best_d:
                best, best_d = [sq], d
            elif d == best_d:
                best.append(sq)
    return sorted(best, key=lambda s: (s[1], s[0]))


def _big_deploy_squares(state: GameState, area: frozenset[Square], size: int) -> list[Square]:
    """Anchors where a creature of ``size`` may be deployed (SET-3): see ``deploy_squares``."""
    occupied = state.occupied()
    w, h = state.map.width, state.map.height

    def free(anchor: Square) -> bool:
        return all(state.geo.deployable(sq) and sq not in occupied for sq in footprint(anchor, size))

    anchors = [(x, y) for y in range(h - size + 1) for x in range(w - size + 1)]
    inside = [a for a in anchors if all(sq in area for sq in footprint(a, size)) and free(a)]
    if inside or not area:
        return inside
    best, best_d = [], None
    for a in anchors:
        if not free(a):
            continue
        d = max(min(chebyshev(sq, s) for s in area) for sq in footprint(a, size))
        if best_d is None or d < best_d:
            best, best_d = [a], d
        elif d == best_d:
            best.append(a)
    return best


def _next_to_place(state: GameState) -> str | None:
    for c in state.creatures:
        if c.player == state.decider and c.pos is None and not c.destroyed:
            return c.uid
    return None


def charge_actions(state: GameState) -> list[Charge]:
    """Every legal charge of the active creature (CHG-1..4), one per target and end square."""
    if not charge_actions_possible(state):
        return []
    me = state.active_creature
    out = []
    reach = routes(state, me, aura_speed(state, me), avoid_oa=False, min_first_step=False)
    for target in state.enemy_creatures(me.player):
        for route in charge_routes(state, me, target, reach):
            out.append(Charge(target.uid, route.path))
    return out


def charge_actions_possible(state: GameState) -> bool:
    """False when the active creature surely has no legal charge now (CHG-1..4, CON-2, CON-6,
    CARD-4); True when it may have one (a route search decides)."""
    me = state.active_creature
    if state.attack_used or me.conditions & NO_ACTIONS or charge_attack(me) is None:  # CHG-1, CARD-4
        return False
    # A cheap exact filter first (one-square creatures): a target needs line of
    # sight, and an end square adjacent to it within ``speed`` squares (every step
    # costs at least 1, so the target is at most speed + 1 away) that is at least
    # 2 squares from the start (so it is not adjacent now).  With no such target
    # there is no charge, and no route search is needed.
    speed, pos, los = aura_speed(state, me), me.pos, state.geo.line_of_sight
    if me.card.size == 1 and not any(
            t.card.size > 1
            or (1 < max(abs(t.pos[0] - pos[0]), abs(t.pos[1] - pos[1])) <= speed + 1 and los(pos, t.pos))
            for t in state.enemy_creatures(me.player)):
        return False
    return True


def charge_routes(state: GameState, me: Creature, target: Creature, reach: dict | None = None) -> list:
    """Legal charge routes from ``me`` to ``target`` (CHG-2, CHG-3); empty if none.

    Needs line of sight at the start; ends on a square adjacent to the
    target that is nearest by the charge's own path, at least 2 squares away.
    A creature already adjacent to the target stands on the nearest square
    from which it can attack, so it cannot charge that target.
    """
    if touching(me, target) or not sees(state, me, target):
        return []
    if reach is None:
        reach = routes(state, me, aura_speed(state, me), avoid_oa=False, min_first_step=False)
    if me.card.size == 1 and target.card.size == 1:  # only the target's neighbours can be ends
        tx, ty = target.pos
        ends = {}
        for sq in ((tx + dx, ty + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy):
            r = reach.get(sq)
            if r is not None:
                ends[sq] = r
    else:
        ends = {sq: r for sq, r in reach.items() if _adjacent_from(me, sq, target)}
    if not ends:
        return []
    nearest = min(r.cost for r in ends.values())
    if nearest < 2:
        return []
    return [r for sq, r in sorted(ends.items(), key=lambda kv: (kv[0][1], kv[0][0])) if r.cost == nearest]


def _charge_ends(state: GameState, me: Creature, target: Creature, found=None) -> dict[Square, int]:
    """The end squares of ``charge_routes(state, me, target)`` -> their cost, found with one
    flood instead of a route search (CHG-2, CHG-3); empty when that list is empty.

    ``found``: ``reach(state, me, speed, min_first_step=False)`` if the caller has it.
    """
    if touching(me, target) or not sees(state, me, target):
        return {}
    if found is None:
        found = reach(state, me, aura_speed(state, me), min_first_step=False)
    if me.card.size == 1 and target.card.size == 1:  # only the target's neighbours can be ends
        tx, ty = target.pos
        ends = {sq: found.cost(sq) for sq in sorted(((tx + dx, ty + dy) for dx in (-1, 0, 1)
                                                       for dy in (-1, 0, 1) if dx or dy), key=_row_major)
                if found.has(sq)}
    else:
        ends = {sq: found.cost(sq) for sq in found.destinations if _adjacent_from(me, sq, target)}
    if not ends:
        return {}
    nearest = min(ends.values())
    if nearest < 2:
        return {}
    return {sq: c for sq, c in ends.items() if c == nearest}


def lazy_charges(state: GameState) -> tuple[list[tuple[str, Square]], object]:
    """The (target uid, end square) of every legal charge, in ``charge_actions`` order, and the
    ``movement.MoveReach`` that gives a legal path to each end (``path(end)``: a cheapest one,
    CHG-3, which may provoke more opportunity attacks than the listed route).  For bots
    that pick a charge without needing every route (CHG-1..4)."""
    me = state.active_creature
    if not charge_actions_possible(state):
        return [], None
    found = reach(state, me, aura_speed(state, me), min_first_step=False)
    out = []
    for target in state.enemy_creatures(me.player):
        for end in _charge_ends(state, me, target, found):
            out.append((target.uid, end))
    return out, found


def _row_major(sq: Square) -> tuple[int, int]:
    return sq[1], sq[0]


def _adjacent_from(me: Creature, anchor: Square, target: Creature) -> bool:
    """True when ``me`` standing at ``anchor`` would be adjacent to ``target`` (RNG-1, MOV-13)."""
    if me.card.size == 1 and target.card.size == 1:
        return adjacent(anchor, target.pos)
    return fp_touching(anchor, me.card.size, target.pos, target.card.size)


# ---------------------------------------------------------------------------
# applying actions


def check(state: GameState, action: Action) -> IllegalAction | None:
    """Return why ``action`` is illegal now, or None if it is legal."""
    try:
        _validate(state, action)
    except IllegalAction as refusal:
        return refusal
    return None


def apply(state: GameState, action: Action) -> tuple[GameState, list[ev.Event]]:
    """Apply ``action`` and return ``(new_state, events)``; ``state`` is unchanged.

    Raises IllegalAction (code, reason) when the rules forbid the action.
    The new state shares the creatures the action did not change with
    ``state`` (copy-on-write, ``GameState.copy``): change a creature of it only
    through ``creature``, ``find`` or ``own``.
    """
    _validate(state, action)
    st = state.copy()
    st.step += 1
    out: list[ev.Event] = []
    handler = _HANDLERS[type(action)]
    handler(st, action, out)
    if st.phase is not Phase.OVER:  # CARD-4 recharges, SPW-1 triggered powers
        out.extend(uses.react(st, out))
    return st.seal(), out


def _refuse(code: str, reason: str) -> None:
    raise IllegalAction(code, reason)


#: The phase each kind of action belongs to (the rest: Phase.ACTING).
_PHASE_OF = {ChooseMap: Phase.CHOOSE_MAP, ChooseStartArea: Phase.CHOOSE_AREA, Place: Phase.DEPLOY,
             ChooseFirstPlayer: Phase.CHOOSE_FIRST, Activate: Phase.ACTIVATE,
             ForceMove: Phase.FORCED, Settle: Phase.FORCED,
             UseChampionPower: Phase.CHAMPION, DeclinePower: Phase.CHAMPION}


def _validate(st: GameState, a: Action) -> None:
    ph = st.phase
    if ph is Phase.OVER:
        _refuse("over", "The battle is over.")
    wanted = _PHASE_OF.get(type(a), Phase.ACTING)
    if type(a) not in _HANDLERS:
        _refuse("unknown-action", f"Unknown action {a!r}.")
    if ph is not wanted:
        _refuse("wrong-phase", f"Now is the time to {ph.value}, not that.")
    if ph is Phase.ACTING and not isinstance(a, EndActivation):
        me = st.active_creature
        if me.conditions & NO_ACTIONS:
            _refuse("cannot-act", f"{me.card.name} is {sorted(me.conditions & NO_ACTIONS)[0]} "
                                  "and takes no actions (CON-3, CON-4).")
        if st.no_action:
            _refuse("cannot-act", f"{me.card.name} is confused and takes no action this turn (CON-6).")
    check = _CHECKS.get(type(a))  # the checks of this kind of action (types are exact: see above)
    if check is not None:
        check(st, a)


def _check_force_move(st: GameState, a: ForceMove | Settle) -> None:
    problem = check_forced(st, a)
    if problem:
        _refuse(*problem)


def _check_use_champion_power(st: GameState, a: UseChampionPower) -> None:
    problem = champions.check_use(st, a)
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
    if a.area not in st.map.start_areas:
        _refuse("no-such-area", f"The map has no start area {a.area}.")
    if a.area not in _free_areas(st):
        _refuse("area-taken", f"Start area {a.area} is already taken (SCN-MULTI).")


def _check_place(st: GameState, a: Place) -> None:
    if a.uid != _next_to_place(st):
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
        _refuse("not-yours", f"{c.card.name} belongs to the other player.")
    if c.activated:
        _refuse("already-activated", f"{c.card.name} has already been activated this round.")


def _check_move(st: GameState, a: Move) -> None:
    if not _can_move(st):
        _refuse("no-move-left", "This creature has used both its actions.")
    me = st.active_creature
    problem = check_path(st, me, tuple(a.path), _budget(st))
    if problem:
        _refuse(*problem)


def _check_squeeze(st: GameState, a: Squeeze) -> None:
    if not _can_move(st):
        _refuse("no-move-left", "This creature has used both its actions.")
    me = st.active_creature
    if me.card.size < 3:
        _refuse("not-huge", "Only Huge creatures squeeze (docs/rules.md).")
    path = tuple(a.path)
    problem = big_check_path(st, me, path, _budget(st) // 2, min_first_step=False,
                             size=SQUEEZED_SIZE, end_size=me.card.size)
    if problem:
        if problem[0] == "too-far":
            _refuse("too-far", f"A squeeze moves at most half the creature's speed "
                               f"({_budget(st) // 2} squares).")
        _refuse(*problem)


def _check_shift(st: GameState, a: Shift) -> None:
    if not _can_move(st):
        _refuse("no-move-left", "This creature has used both its actions.")
    me = st.active_creature
    if not adjacent(me.pos, a.square):
        _refuse("not-adjacent", "A shift moves exactly one square.")
    if not shift_ok(st, me, a.square):
        _refuse("bad-shift", _shift_refusal(st, me, a.square))


def _check_attack(st: GameState, a: Attack) -> None:
    if st.attack_used:
        _refuse("no-attack-left", "This creature has already used its attack action.")
    me = st.active_creature
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
    me = st.active_creature
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
    legal = _charge_ends(st, me, t)
    if not legal:
        reach = routes(st, me, aura_speed(st, me), avoid_oa=False, min_first_step=False)
        near = [r.cost for sq, r in reach.items() if _adjacent_from(me, sq, t)]
        if near and min(near) < 2:
            _refuse("too-close", "A charge must move at least 2 squares (CHG-3).")
        _refuse("too-far", f"{t.card.name} is beyond charging distance.")
    path = tuple(a.path)
    if not path or path[-1] not in legal:
        _refuse("not-nearest", "A charge must end in the nearest square from which it can attack (CHG-3).")
    cost = legal[path[-1]]
    problem = check_path(st, me, path, aura_speed(st, me), min_first_step=False)
    if problem:
        _refuse(*problem)
    if path_cost(st, path, me) != cost:
        _refuse("not-shortest", "A charge takes the shortest way to its end square (CHG-3).")


def _validate_area(st: GameState, a: AreaAttack) -> None:
    """RNG-3, RNG-4, ATK-2, ATK-4: a legal aim, and exactly the creatures it covers as targets."""
    if st.attack_used:
        _refuse("no-attack-left", "This creature has already used its attack action.")
    me = st.active_creature
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
    found = template(st, me, attack, tuple(a.origin), a.corner)
    if found is None:
        _refuse("bad-aim", f"{attack.name} cannot be aimed there (RNG-3, RNG-4).")
    inside = {c.uid for c in struck(st, me, found)}
    if len(set(a.targets)) != len(a.targets):
        _refuse("duplicate-target", "Each target may be picked once.")
    if set(a.targets) != inside:
        _refuse("wrong-targets", f"{attack.name} attacks every creature in its area, and only those "
                                 f"(ATK-2): {', '.join(sorted(inside)) or 'nobody'}.")
    if not any(st.creature(uid).team != me.team for uid in inside):
        _refuse("no-enemy", "No creature attacks only its allies on purpose (ATK-2).")


#: The checks of each kind of action after the common ones of ``_validate``.
_CHECKS = {
    ForceMove: _check_force_move,
    Settle: _check_force_move,
    UseChampionPower: _check_use_champion_power,
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
}


# -- handlers ---------------------------------------------------------------


def _h_choose_map(st: GameState, a: ChooseMap, out: list) -> None:
    _choose_map(st, a.index, st.decider, out)


#: The corner diagonally opposite each corner start area of a free-for-all map (SCN-MULTI).
OPPOSITE_CORNER = {"A": "D", "D": "A", "B": "C", "C": "B"}


def _first_area_chooser(st: GameState) -> int:
    """Who picks a start area first: the roll winner's opponent (SET-2), or in
    free-for-all the roll winner (SCN-MULTI: corners are chosen in initiative order)."""
    if st.free_for_all:
        return st.setup_winner
    return st.opponent(st.setup_winner)


def _free_areas(st: GameState) -> list[str]:
    """Start areas still to be taken, in name order (all of them in a battle of two sides)."""
    names = sorted(st.map.start_areas)
    if not st.free_for_all:
        return names
    taken = set(st.areas.values())
    free = [x for x in names if x not in taken]
    return free or names


def _h_choose_area(st: GameState, a: ChooseStartArea, out: list) -> None:
    chooser = st.decider
    if st.free_for_all:
        _choose_corner(st, chooser, a.area, out)
        return
    # SET-2, SCN-MULTI: the chooser's side takes the area, the other side the other one.
    others = [x for x in sorted(st.map.start_areas) if x != a.area]
    other = others[0] if others else a.area
    if len(st.map.start_areas) == 4:  # a four-corner map: the other side takes the opposite corner
        other = OPPOSITE_CORNER.get(a.area, other)
    for k in range(st.players):
        p = (chooser + k) % st.players
        area = a.area if not st.hostile(p, chooser) else other
        st.areas[p] = area
        out.append(ev.StartAreaChosen(p, area))
    # SET-2: the roll winner deploys first, then the opponent (then the rest in seat order).
    st.deploy_order = tuple((st.setup_winner + k) % st.players for k in range(st.players))
    st.phase, st.decider = Phase.DEPLOY, st.setup_winner
    _skip_empty_deployers(st, out)


def _choose_corner(st: GameState, chooser: int, area: str, out: list) -> None:
    """SCN-MULTI free-for-all: each player in turn (from the roll winner, in
    seat order) takes a corner; then all deploy in the same order.

    The rulebook says only "order of choosing corners by initiative"; we
    read it as the setup roll's winner first, then the rest clockwise by
    seat, as turns go (our choice).
    """
    st.areas[chooser] = area
    out.append(ev.StartAreaChosen(chooser, area))
    nxt = st.next_player(chooser)
    if nxt not in st.areas:
        st.decider = nxt
        return
    st.deploy_order = tuple((st.setup_winner + k) % st.players for k in range(st.players))
    st.phase, st.decider = Phase.DEPLOY, st.setup_winner
    _skip_empty_deployers(st, out)


def _skip_empty_deployers(st: GameState, out: list) -> None:
    while st.phase is Phase.DEPLOY and _next_to_place(st) is None:
        order = list(st.deploy_order)
        idx = order.index(st.decider)
        if idx + 1 < len(order):
            st.decider = order[idx + 1]
        else:
            _start_round(st, out)


def _h_place(st: GameState, a: Place, out: list) -> None:
    c = st.creature(a.uid)
    c.pos = a.square
    out.append(ev.CreaturePlaced(c.uid, a.square))
    _skip_empty_deployers(st, out)


def _h_choose_first(st: GameState, a: ChooseFirstPlayer, out: list) -> None:
    out.append(ev.FirstPlayerChosen(st.decider, a.player))
    st.first_player = a.player
    st.first_turn = True
    _start_turn(st, a.player, out)


def _h_activate(st: GameState, a: Activate, out: list) -> None:
    st.active_uid = a.uid
    st.move_used = st.attack_used = False
    st.oa_used = frozenset()
    st.phase = Phase.ACTING
    out.append(ev.CreatureActivated(a.uid))
    st.activation_no += 1  # CHP-3: one champion power per creature's turn
    me = st.active_creature
    uses.start_of_turn(st, me, out)  # CARD-4 recharge rolls, SPW-1 start-of-turn powers
    if champions.open_window(st, champions.turn_occasion(ChampionTrigger.ALLY_STARTS_TURN, me),
                             "start activation", out):  # CHP-2
        return
    _activate_tail(st, out)


def _activate_tail(st: GameState, out: list) -> None:
    """Ongoing damage and the confusion table (docs/rules.md; CON-6), after any start-of-turn champion power."""
    if not start_of_activation(st, st.active_creature, out):
        if not _battle_decided(st, out):
            _end_activation(st, out)


def _spend_move(st: GameState) -> None:
    """A move uses the move action, or the attack action when that is spent (ACT-2, ACT-3)."""
    if not st.move_used:
        st.move_used = True
    else:
        st.attack_used = True


def _h_move(st: GameState, a: Move, out: list) -> None:
    _spend_move(st)
    _walk(st, st.active_creature, tuple(a.path), "move", out)
    _after_action(st, out)


def _h_squeeze(st: GameState, a: Squeeze, out: list) -> None:
    """docs/rules.md Squeeze: a move action; squeezing until the end of the activation; only the start provokes."""
    _spend_move(st)
    me = st.active_creature
    me.effects = me.effects + (ActiveEffect("squeezing", Duration.NEXT_TURN, until_turn=me.turns),)
    out.append(ev.ConditionApplied(me.uid, "squeezing", Duration.NEXT_TURN.value, None))
    _walk(st, me, tuple(a.path), "squeeze", out, start_only=True)
    _after_action(st, out)


def _h_shift(st: GameState, a: Shift, out: list) -> None:
    _spend_move(st)
    me = st.active_creature
    start = me.pos
    me.pos = a.square
    out.append(ev.CreatureMoved(me.uid, start, (a.square,), "shift"))
    _after_action(st, out)


def _walk(st: GameState, me: Creature, path: tuple[Square, ...], mode: str, out: list, *,
          start_only: bool = False) -> bool:
    """Move ``me`` step by step, resolving opportunity attacks (OA-1, OA-3, OA-4, OA-6, MOV-9, MOV-10).

    ``start_only``: only leaving the start provokes (a squeeze, docs/rules.md).
    Returns False when the mover was destroyed on the way.
    """
    start = me.pos
    walked: list[Square] = []
    last_legal = start
    # The mover's enemies: nothing but its square changes between opportunity attacks,
    # so the list is made again only after one (an attack may change sides, CON-6).
    enemies = taken = None
    small = me.card.size == 1
    stop = st.geo.stop_squares(mode_of(me).flies)
    for step, nxt in enumerate(path):
        if enemies is None:
            team = me.team
            enemies = [c for c in st.creatures if c.pos is not None and not c.destroyed and c.team != team]
            taken = _taken(st, me) if small else None
        provokers = () if start_only and step else threats(st, me, me.pos, moving=True, first=step == 0,
                                                           among=enemies)
        if provokers:
            enemies = None
        for uid in provokers:
            if not me.alive:
                break
            if walked:
                out.append(ev.CreatureMoved(me.uid, start, tuple(walked), mode))
                start, walked = me.pos, []
            maker = st.creature(uid)
            st.oa_used = st.oa_used | {uid}
            out.append(ev.OpportunityAttackProvoked(uid, me.uid, "move"))
            if not resolve_all(st, maker, maker.card.basic_attack, [me], "opportunity", out):
                return False
        if not me.alive:
            return False
        if provokers and small:  # the attacks may have changed who stands where
            taken = _taken(st, me)
        me.pos = nxt
        walked.append(nxt)
        if (nxt in stop and nxt not in taken) if small else legal_stop(st, me, nxt):  # legal_stop, one set
            last_legal = nxt
    if walked:
        out.append(ev.CreatureMoved(me.uid, start, tuple(walked), mode))
    if not legal_stop(st, me, me.pos):  # OA-6 / MOV-3
        me.pos = last_legal
    return me.alive


def _h_attack(st: GameState, a: Attack, out: list) -> None:
    st.attack_used = True
    me = st.active_creature
    attack = me.card.attacks[a.attack]
    uses.spend_attack(me, attack, out)  # CARD-4
    if attack.kind is AttackKind.RANGED and not provoke(st, me, "ranged attack", out):
        _after_action(st, out)
        return
    # ATK-4: in the attacker's order, each resolved in full; then follow-ups (ATK-7)
    if resolve_all(st, me, attack, [st.creature(uid) for uid in a.targets], "attack", out):
        _after_action(st, out)


def _h_area_attack(st: GameState, a: AreaAttack, out: list) -> None:
    """RNG-3, RNG-4, OA-1: area attacks provoke first, close ones never; then each target in order."""
    st.attack_used = True
    me = st.active_creature
    attack = me.card.attacks[a.attack]
    uses.spend_attack(me, attack, out)  # CARD-4
    found = template(st, me, attack, tuple(a.origin), a.corner)
    out.append(ev.TemplatePlaced(me.uid, attack.name, tuple(sorted(found.squares, key=lambda q: (q[1], q[0]))),
                                 tuple(a.targets)))
    if attack.kind is AttackKind.AREA and not provoke(st, me, "area attack", out):
        _after_action(st, out)
        return
    if resolve_all(st, me, attack, [st.creature(uid) for uid in a.targets], "attack", out, origin=found):
        _after_action(st, out)


def _h_charge(st: GameState, a: Charge, out: list) -> None:
    st.attack_used = True
    st.move_used = True  # CHG-4: no more movement after a charge
    me = st.active_creature
    target = st.creature(a.target)
    if _walk(st, me, tuple(a.path), "charge", out) and target.alive and touching(me, target):
        attack = me.card.basic_melee  # CHG-1: the attack a charge makes (attacking.charge_attack)
        uses.spend_attack(me, attack, out)  # CARD-4: a charge that strikes uses a box of it
        if not resolve_all(st, me, attack, [target], "charge", out):
            return
    _after_action(st, out)


def _after_action(st: GameState, out: list) -> None:
    """After an action: offer champion powers its attacks trigger (CHP-2), then go on."""
    if st.phase is Phase.OVER:
        return
    if champions.open_window(st, champions.attack_occasions(st, out), "after action", out):
        return
    _after_action_tail(st, out)


def _after_action_tail(st: GameState, out: list) -> None:
    """End the activation when both actions are spent or the creature is gone (ACT-1)."""
    if st.phase is Phase.OVER:
        return
    if st.pending and advance(st, out):  # MOV-14: the attacking player chooses first
        return
    me = st.active_creature
    if me is None or not me.alive or (st.move_used and st.attack_used and not teleport_squares(st)):
        _end_activation(st, out)


def _h_teleport(st: GameState, a: Teleport, out: list) -> None:
    apply_teleport(st, a, out)
    _after_action(st, out)


def _h_forced(st: GameState, a: ForceMove | Settle, out: list) -> None:
    """MOV-14, TER-PIT, MOV-3: carry out the choice; when none is left, the activation goes on."""
    apply_forced(st, a, out)
    if st.pending or st.phase is Phase.OVER or _battle_decided(st, out):
        return
    st.phase = Phase.ACTING
    me = st.active_creature
    st.decider = me.player if me is not None else st.turn_player
    _after_action(st, out)


def _h_end(st: GameState, a: EndActivation, out: list) -> None:
    _end_activation(st, out)


def _h_use_power(st: GameState, a: UsePower, out: list) -> None:
    uses.use_power(st, a, out)  # SPW-1
    _after_action(st, out)


_RESUME = {"after action": _after_action_tail, "end activation": end_activation_tail,
           "start activation": _activate_tail}


def _h_champion(st: GameState, a: UseChampionPower | DeclinePower, out: list) -> None:
    """CHP-1..3: use or decline, then ask the next player or resume the flow where it stopped."""
    if isinstance(a, UseChampionPower):
        champions.use(st, a, out)
        _battle_decided(st, out)
    else:
        champions.decline(st, out)
    resume = champions.advance(st, out)
    if resume:
        _RESUME[resume](st, out)


_HANDLERS = {
    ChooseMap: _h_choose_map,
    ChooseStartArea: _h_choose_area,
    Place: _h_place,
    ChooseFirstPlayer: _h_choose_first,
    Activate: _h_activate,
    Move: _h_move,
    Shift: _h_shift,
    Squeeze: _h_squeeze,
    Attack: _h_attack,
    AreaAttack: _h_area_attack,
    Charge: _h_charge,
    EndActivation: _h_end,
    Teleport: _h_teleport,
    ForceMove: _h_forced,
    Settle: _h_forced,
    UsePower: _h_use_power,
    UseChampionPower: _h_champion,
    DeclinePower: _h_champion,
}
