"""The planner: what a creature could do this activation, scored (used by ``normal`` and ``hard``).

Every score is in victory points (VP) or VP-equivalents, so that damage,
kills, VP zones, opportunity attacks and exposure can be weighed together:

* an attack is worth its chance to destroy the target (its cost in VP, plus
  half again for the threat removed) plus the HP it is expected to remove,
  as a fraction of the target's cost (more per HP on a bloodied target, so
  fire is focused), plus what a condition or ongoing damage it deals costs
  the target (``effect_cost``), plus, for a push, pull or slide, the best place it can
  put the target (``displacement_value``: into a pit, out of its VP zone,
  away from our creatures, next to our fresh ones; MOV-14, TER-PIT);
* a square is worth being near the creature's objective (the nearest enemy
  for melee creatures, a square in range for ranged ones), holding our VP
  zone, the auras it would cover allies and enemies with or stand in
  (``aura_value``), minus the damage enemies could deal there next turn
  (exposure);
* a route costs the opportunity attacks it provokes, and so does a ranged or
  area attack made next to an enemy (OA-1).

Attacks scored: melee and ranged lines (the best targets, several when the
line allows: ATK-4), close attacks (every burst, cone and line aim) and area
attacks (radius templates centred near enemies), through the engine's own
templates (``distinct_strikes``); an ally caught in a template counts against
it (ATK-2).  A creature standing on a teleporter weighs jumping (and acting
from the other one: TER-TELEPORT).  Scenario rules change the worth of things:
a kill scores the bounty, not the cost (SCN-BOUNTY); a zone scores the
uncontested award, and an enemy zone is worth entering to deny it
(SCN-UNCONTESTED); an enemy alone in the VP zone that would win its side
the battle this round is worth half the battle to destroy or push out
(``zone_stake``, SCN-ASSAULT).  A special power that spends an action (SPW-1) is worth
what it heals (capped by the HP missing) or the conditions it clears
(``effect_cost``), less the worth of a check box it ticks (CARD-4), plus
what the creature can still do with the action left, so it competes with
attacking or moving with that action; a move that brings a wounded ally into
the power's range is worth the use that follows it.  Any other action kind is simply not scored: the bots
still only ever choose among legal actions.

Chances come from the engine's ``preview`` (hit chance, expected damage,
kill chance); nothing here reads the dice.  Distances for "getting closer"
are counted around walls (``Geometry.distances_from``); reach estimates for
exposure use the cheap grid distance.  A what-if ("what could it hit from
there?") is asked of the engine (``with_creature_at``, ``as_active``), never
answered by changing a state.

Where each part lives: ``weights`` (the tuning numbers), ``stakes`` (what a
kill or a VP zone is worth under the scenario), ``values`` (attacks, forced
moves, heals, conditions, powers, opportunity attacks), ``board`` (the
per-decision context ``Board`` with its ``PlannerOptions``, and the worth of
an end square), ``aiming`` (the best targets or template of each attack
line, an enemy's threat), ``combos`` (a first action worth the second it
allows) and this module (``plan_creature``: every option weighed, and the
``Plan`` it returns).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tactica.engine import (
    Action,
    AreaAttack,
    Attack,
    Charge,
    Creature,
    Dig,
    EndActivation,
    GameState,
    Move,
    PowerAction,
    Square,
    StandUp,
    Teleport,
    UsePower,
    actions_of_kind,
    apply,
    as_active,
    attack_allowed,
    chebyshev,
    check,
    move_rest,
    provokers_of_path,
    routes,
    teleport_squares,
    teleport_ways,
    with_creature_at,
)

from .aiming import best_attack_from, charge_value, reach_limit
from .board import Board, place_value
from .combos import move_then_charge, move_to_help, shift_then_act, two_moves_into_zone
from .frame import in_frame, tie_sorter
from .modules import melee_keep, route_risk
from .values import expected_basic, oa_kill_chance, oa_risk, power_value
from .weights import ALTERNATIVES, TOP_EXACT


@dataclass
class Plan:
    """The best first action found for one creature, with its score (VP-equivalent)."""

    score: float
    uid: str
    action: Action
    idle: float = 0.0
    notes: dict = field(default_factory=dict)

    @property
    def gain(self) -> float:
        """How much better than doing nothing at all (used to pick whom to activate)."""
        return self.score - self.idle


def plan_creature(state: GameState, me: Creature, board: Board) -> Plan:
    """Score ``me``'s options now and return its best first action.

    ``state`` is either waiting for an activation (``me`` not yet active; its
    options are judged as if it were) or in the middle of ``me``'s
    activation.  The returned action is legal in ``state`` only when ``me``
    is the active creature; otherwise the caller activates it first.
    """
    acting = state.active_uid == me.uid
    move_left = (not acting) or (not state.move_used or not state.attack_used)
    attack_left = (not acting) or not state.attack_used
    threats = board.threats_to(me)
    here = place_value(board, me, me.square, threats)
    # ``st``: the state it is judged in (as if activated now when it is not active yet); ``actor``: it there
    st = state if acting else as_active(state, me.uid, new_activation=True)
    actor = me if acting else st.creature(me.uid)
    enemies = [c for c in st.enemy_creatures(me.player)]
    # every square in the side's own frame (issue 21): equal scores are then broken alike on both sides
    tie = tie_sorter(st, me.player)
    reach = in_frame(routes(st, actor, actor.speed), tie) if move_left and actor.speed > 0 else {}
    move_then = (not acting) or not state.move_used  # a move now still allows an attack after
    jump_rest = move_rest(state) if acting and me.teleported_round == state.round else 0
    if jump_rest:  # TER-TELEPORT: after the jump it carries on with its move's rest, no action spent
        move_left, move_then = True, attack_left
        reach = in_frame(routes(st, actor, jump_rest), tie)
    mods = board.modules
    then_reach = reach  # the moves after which the attack action is still left
    split_rest = move_rest(state) if mods.split and acting and state.move_used and not jump_rest else 0
    if split_rest:  # G5E-SPLIT: the open move's rest takes no action, before or after the attack
        move_left, move_then = True, attack_left
        reach = in_frame(routes(st, actor, split_rest + (actor.speed if attack_left else 0)), tie)
        then_reach = {sq: r for sq, r in reach.items() if r.cost <= split_rest}
    # Places to end on without attacking (and after attacking from here).
    best_stay: tuple[float, Move | None] = (here, None)
    pv: dict[Square, float] = {}
    keep: dict[Square, float] = {}  # UG-SLIP, UG-DARK: the chance it arrives able to act as planned
    for sq, r in reach.items():
        v = pv[sq] = place_value(board, me, sq, threats) - oa_risk(st, me, r.provokers)
        if mods.cave:
            risk, keep[sq] = route_risk(st, actor, r.path)
            v = pv[sq] = v - risk
        if v > best_stay[0]:
            best_stay = (v, Move(r.path))
    candidates: list[tuple[float, Action]] = [(best_stay[0], best_stay[1] or EndActivation())]
    atk_here, act = 0.0, None
    if attack_left:
        atk_here, act = best_attack_from(st, actor, enemies)
        if act is not None:
            after = best_stay[0] if move_left and not (acting and state.move_used) else here
            if split_rest:  # G5E-SPLIT: after the attack the move's rest is still open
                after = max([after] + [pv[sq] for sq in then_reach])
            candidates.append((atk_here + after, act))
        if move_then:
            pairs = sorted(((expected_basic(a, t) / max(1, t.hp) * t.card.cost, t.square[0], t.square[1],
                             reach_limit(st, a)) for a in me.card.attacks
                            if attack_allowed(me, a) for t in enemies),
                           key=lambda x: -x[0])
            rough = []
            for sq, r in then_reach.items():
                x, y = sq
                for v, tx, ty, lim in pairs:
                    if abs(tx - x) <= lim and abs(ty - y) <= lim:
                        rough.append((v + pv[sq], sq, r))
                        break
            rough.sort(key=lambda x: -x[0])
            seen = set()
            for _, sq, r in rough:
                if sq in seen:
                    continue
                seen.add(sq)
                if len(seen) > TOP_EXACT:
                    break
                there = with_creature_at(st, me.uid, sq)
                v, act2 = best_attack_from(there, there.creature(me.uid), enemies)
                if act2 is not None:
                    if board.options.oa_first and r.provokers:  # OA-4: it attacks only if it survives the way there
                        v *= 1 - oa_kill_chance(st, me, r.provokers)
                    v *= keep.get(sq, 1.0)
                    end = pv[sq]
                    if mods.split and not split_rest:  # G5E-SPLIT: the move's rest may take it away after the attack
                        end = max(end, _after_attack(there, me, board, threats, actor.speed - r.cost))
                    candidates.append((v + end, Move(r.path)))
        direct: set[str] = set()  # targets charged from where it stands
        if me.card.basic_melee is not None and any(
                chebyshev(me.square, e.square) <= actor.speed + 1 for e in enemies):
            for ch in sorted(actions_of_kind(st, Charge), key=lambda c: tie(c.destination)):
                direct.add(ch.target)
                v = charge_value(st, me, ch)
                if mods.cave:  # UG-SLIP: a charge over ice may end prone, short of its blow
                    cost, arrive = route_risk(st, actor, ch.path, "charge")
                    rolled, lost = melee_keep(st, actor, me.card.basic_melee, ch.destination)
                    v = v * arrive * rolled - cost - lost
                provokers = provokers_of_path(st, actor, ch.path)
                if board.options.oa_first and provokers:  # OA-4: it strikes only if it survives the charge
                    v *= 1 - oa_kill_chance(st, me, provokers)
                v += place_value(board, me, ch.destination, threats)
                v -= oa_risk(st, me, provokers)
                candidates.append((v, ch))
        # only when it has no other attack this turn (the costly case that ended next to a target)
        if (board.options.move_charge and move_then and reach and me.card.basic_melee is not None
                and not any(isinstance(a, (Attack, AreaAttack, Charge)) or (isinstance(a, Move) and k)
                            for k, (_, a) in enumerate(candidates))):
            candidates.extend(move_then_charge(st, me, board, threats, reach, pv, direct))
    if (board.options.zone_race and board.zone_wins and not board.zone_held and move_then and attack_left and reach
            and actor.speed > 0):
        candidates.extend(two_moves_into_zone(st, me, board, threats, reach))
    if board.options.shift and move_then and any(chebyshev(e.square, me.square) == 1 and e.can_make_opportunity_attacks
                                         for e in enemies):
        # after a move (its rest still open, G5E-SPLIT) a shift spends the attack action (ACT-3): no attack after
        candidates.extend(shift_then_act(st, me, board, threats, enemies,
                                         attack_left and not (acting and state.move_used)))
    # SPW-1: a special power spends the move or the attack action; what is left is scored after it.
    for use in actions_of_kind(st, UsePower):
        v = power_value(st, actor, use)
        if v <= 0:
            continue
        if me.card.special_powers[use.power].action is PowerAction.ATTACK:
            moves_after, attacks_after = not (acting and state.move_used), False
        elif acting and state.move_used:  # it spends the attack action: nothing is left
            moves_after = attacks_after = False
        else:  # it spends the move action: the attack action is left, or stands in for a move (ACT-3)
            moves_after = attacks_after = attack_left
        after = here
        if moves_after:
            after = max(after, best_stay[0])
        if attacks_after and act is not None:
            after = max(after, atk_here + here)
        candidates.append((v + after, use))
    if move_then and attack_left and reach:
        candidates.extend(move_to_help(st, actor, reach, pv))
    # TER-TELEPORT: from a teleporter, jump (no action spent) and act from the other one.
    for sq in sorted(teleport_squares(st), key=tie):
        v = place_value(board, me, sq, threats)
        if attack_left:
            there = with_creature_at(st, me.uid, sq)
            v += best_attack_from(there, there.creature(me.uid), enemies)[0]
        candidates.append((v, Teleport(sq)))
    if move_then and attack_left and max(c[0] for c in candidates) <= here:
        candidates.extend(dig_through(st, enemies, here))  # UG-RUBBLE: walled in, it digs
    if mods.run and move_then and attack_left and not (acting and state.move_used) and not any(
            isinstance(a, (Attack, AreaAttack, Charge)) or (isinstance(a, Move) and k)
            for k, (_, a) in enumerate(candidates)):
        candidates.extend(runs(st, actor, me, board, threats, reach))  # G35-RUN: nothing in reach
    if mods.prone and PRONE in me.conditions:
        candidates.extend(stand_up(st, me, board))  # G5E-PRONE
    gates = st.geometry.teleporters
    if gates and me.teleported_round != st.round and (any(sq in gates for sq in reach) or teleport_squares(st)):
        candidates.extend(through_teleporters(st, me, board, threats, enemies, attack_left))
    score, action = max(candidates, key=lambda c: c[0])
    return Plan(score, me.uid, action, idle=here, notes={"alternatives": _alternatives(candidates)})


#: The condition a creature lying down has (G5E-PRONE, UG-SLIP).
PRONE = "prone"


def _after_attack(there: GameState, me: Creature, board: Board, threats: list, rest: int) -> float:
    """G5E-SPLIT (grid5e): the best end square ``me`` (placed in ``there``) reaches after its attack with
    the ``rest`` of its move, scored as ``place_value`` less the opportunity attacks of the way and its
    cave risks; -inf when it has no rest."""
    if rest <= 0:
        return float("-inf")
    mover = there.creature(me.uid)
    best = float("-inf")
    for sq, r in routes(there, mover, rest).items():
        v = place_value(board, me, sq, threats) - oa_risk(there, me, r.provokers)
        if board.modules.cave:
            v -= route_risk(there, mover, r.path)[0]
        best = max(best, v)
    return best


#: Times its speed a run goes at most (G35-RUN); the engine's check trims a run to what it allows.
RUN_FACTOR = 4


def runs(st: GameState, actor: Creature, me: Creature, board: Board, threats: list,
         reach: dict) -> list[tuple[float, Action]]:
    """G35-RUN (grid35): a run (a Move beyond one move's reach, taking both actions) towards the
    creature's goal -- the nearest enemy, or our VP zone when it is nearer and not held (the distances
    around walls of ``Board.enemy_distance`` and ``zone_distance``) -- followed square by square
    downhill of that distance for up to ``RUN_FACTOR`` × its speed, cut to its longest prefix the
    engine accepts (``check``); scored as ``place_value`` less the opportunity attacks of the way and
    its cave risks.  A path followed, not a search of every run: a run's budget is four moves, which
    the route search prices square by square under every module (too slow to ask for each plan).
    [] when no run goes farther than a move."""
    zone = bool(board.zone) and not board.zone_held

    def goal(sq: Square) -> int:
        d = board.enemy_distance(sq)
        return min(d, board.zone_distance(sq, me.size)) if zone else d

    tie = tie_sorter(st, me.player)  # ties in the side's own frame (issue 21)
    at = actor.square
    path: list[Square] = []
    seen = {at}
    while len(path) < RUN_FACTOR * actor.speed and goal(at) > 1:
        options = [n for n in board.geo.neighbours(at) if n not in seen]
        if not options:
            break
        nxt = min(options, key=lambda n: (goal(n), tie(n)))
        if goal(nxt) >= goal(at):
            break
        path.append(nxt)
        seen.add(nxt)
        at = nxt
    for k in range(len(path), 0, -1):
        if path[k - 1] in reach:
            break  # within one move: no run needed
        move = Move(tuple(path[:k]))
        if check(st, move) is None:
            end = move.destination
            v = place_value(board, me, end, threats) - oa_risk(st, me, provokers_of_path(st, actor, move.path))
            if board.modules.cave:
                v -= route_risk(st, actor, move.path)[0]
            return [(v, move)]
    return []


#: What standing up is worth beyond what the creature then does (G5E-PRONE): being prone is a
#: handicap left for later (crawling costs double; with underground it is hit at +4).
STAND_GAIN = 0.5


def stand_up(st: GameState, me: Creature, board: Board) -> list[tuple[float, Action]]:
    """G5E-PRONE (grid5e): ``StandUp`` when it is legal, scored as the best plan of the creature standing
    (the engine's ``apply`` on ``st``, which has no dice to roll) plus ``STAND_GAIN``; [] otherwise."""
    out: list[tuple[float, Action]] = []
    for action in actions_of_kind(st, StandUp):
        after, _ = apply(st, action)
        if after.active_uid == me.uid:
            out.append((plan_creature(after, after.creature(me.uid), board).score + STAND_GAIN, action))
        else:
            out.append((place_value(board, me, me.square, board.threats_to(me)) + STAND_GAIN, action))
    return out


#: What digging is worth over standing still when nothing better is left (UG-RUBBLE): a little, so a
#: creature walled in by rubble digs rather than idles, and never instead of a move or an attack.
DIG_GAIN = 0.5


def dig_through(state: GameState, enemies: list[Creature], here: float) -> list[tuple[float, Action]]:
    """UG-RUBBLE (the underground module): the one ``Dig`` of the active creature (as judged in
    ``state``) at the rubble nearest an enemy, scored ``here`` + ``DIG_GAIN``; [] when it may not dig."""
    digs = actions_of_kind(state, Dig)
    if not digs:
        return []
    best = min(digs, key=lambda d: min((chebyshev(d.square, e.square) for e in enemies), default=0))
    return [(here + DIG_GAIN, best)]
def through_teleporters(st: GameState, me: Creature, board: Board, threats, enemies: list[Creature],
                        attack_left: bool) -> list[tuple[float, Action]]:
    """TER-TELEPORT: the squares only a teleporter reaches this activation with the rest of the move
    that stops on it (stop on it, jump, carry on: the engine's ``teleport_ways``, the ways that
    spend no further action), each scored as an end square (and, when the attack action is still
    left, with the best attack from the best few of them), as candidates for the way's first
    action; the opportunity attacks of the way onto the teleporter count against it.  Empty on
    maps without teleporters."""
    ways = {sq: way for sq, way in teleport_ways(st).items() if not way.fresh}  # on with the move's rest
    if not ways:
        return []
    risk: dict[tuple, float] = {}
    scored = []
    for sq, way in ways.items():
        onto = way.onto.path if way.onto is not None else ()
        if onto not in risk:
            risk[onto] = oa_risk(st, me, provokers_of_path(st, st.creature(me.uid), onto)) if onto else 0.0
        scored.append((place_value(board, me, sq, threats) - risk[onto], sq, way))
    tie = tie_sorter(st, me.player)  # ties in the side's own frame (issue 21)
    scored.sort(key=lambda x: (-x[0], tie(x[1])))
    out: list[tuple[float, Action]] = [(scored[0][0], scored[0][2].first)]
    if attack_left:
        for v, sq, way in scored[:TOP_EXACT // 2]:
            there = with_creature_at(st, me.uid, sq)
            atk, act = best_attack_from(there, there.creature(me.uid), enemies)
            if act is not None:
                out.append((v + atk, way.first))
    return out


def _alternatives(candidates: list[tuple[float, Action]]) -> tuple[tuple[float, Action], ...]:
    """The best ALTERNATIVES first actions that differ in kind, target or destination, best first.

    Charges differ by target only (CHG-3 leaves a few equally near end
    squares, worth about the same), so the other slots go to other choices.
    """
    out, seen = [], set()
    for v, a in sorted(candidates, key=lambda c: -c[0]):
        path = getattr(a, "path", None)
        end = path[-1] if path else getattr(a, "square", None)
        if isinstance(a, Charge):  # its end squares next to one target differ little: one charge a target
            end = None
        key = (type(a).__name__, getattr(a, "target", None), getattr(a, "targets", None), end)
        if key in seen:
            continue
        seen.add(key)
        out.append((v, a))
        if len(out) == ALTERNATIVES:
            break
    return tuple(out)
