"""Short sentences saying why a bot chose an action (its "intent", for players learning the game).

``explain_action(state, action, planned=None)`` describes ``action`` taken in
``state`` by ``state.decider``: the chances of an attack or charge (from
the engine's ``preview``, never the dice), what a move goes toward (the VP zone or
the nearest enemy — "toward" only when the distance shrinks, "away from"
when it grows, distances around walls) and the opportunity attacks it
risks.  ``planned`` is the first action a bot has in mind for the creature it
activates (``normal`` and ``hard`` keep one), so an activation can say what
comes next; ``then`` is the attack a move is made for (the bot's own next
choice after it), so the sentence names the creature it will attack.  Pure and cheap; called on the bot's thread.
"""
from __future__ import annotations

from tactica.engine import (
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
    GameState,
    Move,
    Place,
    Shift,
    Teleport,
    UseChampionPower,
    UsePower,
    UseReaction,
    any_in,
    as_active,
    chebyshev,
    footprint_gap,
    footprint_squares,
    preview,
    provokers_of_path,
    with_creature_at,
)


def _name(state: GameState, uid: str) -> str:
    c = state.find(uid)
    return f"{c.card.name} ({c.label})" if c is not None else uid


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _odds(state: GameState, me, target_uid: str, attack, *, charge: bool = False, at=None) -> str:
    target = state.find(target_uid)
    if me is None or target is None or attack is None:
        return ""
    attacker = me
    if at is not None and at != me.pos:
        state = with_creature_at(state, me.uid, at)
        attacker = state.creature(me.uid)
    p = preview(state, attacker, target, attack, charge=charge)
    text = f"{_pct(p.hit_chance)} to hit"
    if p.kill_chance > 0:
        text += f", {_pct(p.kill_chance)} to destroy it"
    else:
        text += f", about {p.expected_loss:.0f} damage expected"
    if target.bloodied:
        text += " (bloodied)"
    return text


def _risk(state: GameState, me, path) -> str:
    if me is None or not path:
        return ""
    prov = provokers_of_path(state, me, tuple(path))
    if not prov:
        return ""
    return ", risking opportunity attacks from " + ", ".join(_name(state, u) for u in prov)


def _gap(geo, a, b) -> int:
    """Squares from ``a`` to ``b``: the walking distance around walls when known, else Chebyshev."""
    gap = chebyshev(a, b)
    if geo is not None and hasattr(geo, "distances_from"):
        try:
            gap = geo.distances_from(a).get(b, gap)
        except Exception:  # an estimate is enough for a sentence
            pass
    return gap


_INTO_ZONE = "into its VP zone (holding it scores {vp} VP at the end of the round)"
_WITHIN_ZONE = "within its VP zone (holding it scores {vp} VP at the end of the round)"


def _move_goal(state: GameState, me, dest) -> str:
    """Where a move to ``dest`` takes ``me``, as words: into or toward its VP zone (SCN-ASSAULT),
    toward, away from or around the nearest enemy, or "to a better square"."""
    zone = state.vp_zone(me.player)
    enemies = [e for e in state.enemy_creatures(me.player) if e.pos is not None]
    size = me.card.size
    if zone and any_in(dest, size, zone):  # any square of a Large or Huge creature counts (SCN-ASSAULT)
        if me.pos is not None and me.in_zone(zone):  # it was there already: it stays, not comes in
            return _WITHIN_ZONE.format(vp=state.rules.held_zone_vp)
        return _INTO_ZONE.format(vp=state.rules.held_zone_vp)
    geo = state.geo
    if zone:
        # walking distances around walls (a zone behind a wall is not nearer for a step toward it)
        def walk(anchor, z) -> int:  # from the nearest square of its footprint (SCN-ASSAULT: any square counts)
            return min(_gap(geo, sq, z) for sq in footprint_squares(anchor, size))

        near_zone = min(zone, key=lambda z: (walk(dest, z), z[1], z[0]))
        before = walk(me.pos, near_zone) if me.pos else 99
        after = walk(dest, near_zone)
        nearest_enemy = min((footprint_gap(dest, size, e.square, e.card.size) for e in enemies), default=None)
        if after < before and (nearest_enemy is None or after < nearest_enemy):
            x, y = near_zone
            return (f"toward the VP zone it scores in (column {x + 1}, row {y + 1}: "
                    f"{after} square{'s' if after != 1 else ''} away after the move)")
    if enemies:
        foe = min(enemies, key=lambda e: (chebyshev(dest, e.square), e.uid))
        gap = _gap(geo, dest, foe.pos)
        away = f"({gap} square{'s' if gap != 1 else ''} away after the move)"
        if me.pos is None:
            return f"toward {_name(state, foe.uid)} {away}"
        was = _gap(geo, me.pos, foe.pos)
        if gap < was:
            return f"toward {_name(state, foe.uid)} {away}"
        if gap > was:
            # plain words, not "(2 → 5 squares away)", which a player read as a range (s19 ux)
            return f"away from {_name(state, foe.uid)} ({gap} squares away after the move, {was} before)"
        return f"around {_name(state, foe.uid)} (still {gap} square{'s' if gap != 1 else ''} away)"
    return "to a better square"


def explain_action(state: GameState, action: Action, planned: Action | None = None,
                   then: tuple[GameState, Action] | None = None) -> str:
    """One sentence (no subject, no full stop) on why ``action`` is a good choice in ``state``.

    ``planned`` is the first action the bot has in mind for the creature an
    ``Activate`` activates; ``then`` is (the state after a move, the attack,
    charge, power or second move the bot will take there): a move, or an
    activation that begins with one, is then described by that follow-up
    ("moves 3 squares, then attacks Goblin (go1) …"; "moves 5 squares, then
    moves into its VP zone (…)"), never by the enemy nearest the end square.
    A move that ends in the mover's VP zone says so (SCN-ASSAULT).
    """
    me = state.active_creature
    if isinstance(action, Attack):
        attack = me.card.attacks[action.attack] if me else None
        names = ", ".join(_name(state, u) for u in action.targets)
        odds = _odds(state, me, action.targets[0], attack) if len(action.targets) == 1 else ""
        return f"attacks {names} with {attack.name if attack else 'an attack'}" + (f": {odds}" if odds else "")
    if isinstance(action, Charge):
        odds = _odds(state, me, action.target, me.card.basic_melee if me else None, charge=True,
                     at=action.path[-1] if action.path else None)
        return f"charges {_name(state, action.target)}" + (f": {odds}" if odds else "") + _risk(state, me, action.path)
    if isinstance(action, AreaAttack):
        attack = me.card.attacks[action.attack] if me else None
        return f"uses {attack.name if attack else 'an area attack'} on {len(action.targets)} creature(s)"
    if isinstance(action, Move):
        if me is None or not action.path:
            return "moves"
        if then is not None:  # the move is made for the action after it: name that one
            after, follow = then
            steps = len(action.path)
            zone = state.vp_zone(me.player)
            into = ""
            if zone and any_in(action.path[-1], me.card.size, zone):
                into = " within its VP zone" if me.in_zone(zone) else " into its VP zone"
            return (f"moves {steps} square{'s' if steps != 1 else ''}{into}{_risk(state, me, action.path)}, then "
                    + explain_action(after, follow))
        return "moves " + _move_goal(state, me, action.path[-1]) + _risk(state, me, action.path)
    if isinstance(action, Teleport):
        goal = _move_goal(state, me, action.square) if me is not None else "to another teleporter"
        return "jumps through the teleporter " + goal + " (no action spent)"
    if isinstance(action, Shift):  # why it shifts: what it does from there, else where the step takes it
        if then is not None:
            after, follow = then
            return "shifts one square (no opportunity attacks), then " + explain_action(after, follow)
        if me is None:
            return "shifts one square (shifting provokes no opportunity attacks)"
        return "shifts one square " + _move_goal(state, me, action.square) + " (no opportunity attacks)"
    if isinstance(action, EndActivation):
        if me is not None and state.move_used and state.attack_used:
            return "ends the activation (both actions used)"
        return "ends the activation: nothing better to do from here"
    if isinstance(action, Activate):
        c = state.find(action.uid)
        text = f"activates {_name(state, action.uid)}"
        if planned is not None and c is not None and not isinstance(planned, (Activate, EndActivation)):
            st = as_active(state, action.uid)
            return text + " — it " + explain_action(st, planned, then=then)
        if c is not None and c.pos and any(e.pos and chebyshev(c.pos, e.pos) == 1
                                           for e in state.enemy_creatures(c.player)):
            return text + ": it is next to an enemy"
        return text
    if isinstance(action, ChooseFirstPlayer):
        if action.player == state.decider:
            return "goes first this round, so that its creatures act before the enemy's"
        # only hard lets the enemy go first: the round it played out both ways went better so (RND-1)
        return f"lets Player {action.player + 1} go first: the round played out both ways goes better second"
    if isinstance(action, ChooseMap):
        m = state.maps[action.index]
        return f"picks {m.name} ({m.width}×{m.height}): the smaller map, so contact comes sooner"
    if isinstance(action, ChooseStartArea):
        return f"picks start area {action.area}, nearer the VP zone that scores for it"
    if isinstance(action, Place):
        return f"places {_name(state, action.uid)} (melee in front, ranged behind)"
    if isinstance(action, UseChampionPower):
        c = state.find(action.champion)
        power = c.card.champion_powers[action.power].name if c else "a champion power"
        return f"uses {power} of {_name(state, action.champion)}: worth its cost now"
    if isinstance(action, UseReaction):  # CL-10
        c = state.find(action.creature)
        name = c.card.reactions[action.reaction].name if c else "a reaction"
        return f"reacts with {name} of {_name(state, action.creature)}: it does something now"
    if isinstance(action, DeclinePower):
        return "keeps its champion points: no use is worth its cost now"
    if isinstance(action, UsePower):
        c = state.active_creature
        power = c.card.special_powers[action.power].name if c else "a special power"
        return f"uses {power} on {_name(state, action.target)}"
    return type(action).__name__.lower()


__all__ = ["explain_action"]
