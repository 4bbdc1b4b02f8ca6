"""What the battle map marks on top of the terrain (no Textual here).

``map_overlay`` answers, for the mode machine's mode and the cursor square, which squares are
reachable or shiftable, the previewed path and who it provokes, the targets, a charge's end squares,
the deployment squares, an aimed area and the auras under the cursor, all from the session's legal
actions and the engine's answers.  With the threat view on (``ThreatView``) it adds every square an
enemy of the viewing player could attack next turn and the reach of the creature under the cursor.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from tactica.engine import (
    Aura,
    Creature,
    ForceMove,
    GameState,
    Move,
    Square,
    Squeeze,
    aura_squares,
    creature_threat,
    footprint_squares,
    threat_squares,
)

from .modes import Mode, ModeMachine
from .session import GameSession


def body_path(me: Creature | None, path: tuple[Square, ...], end: Square | None = None) -> tuple[Square, ...]:
    """The path to draw: for a Large or Huge mover its anchors plus every square its body would
    fill at the end (MOV-13), so the player sees where it lands; else ``path`` itself.  ``end``:
    the anchor it ends on when that is not the path's last (a squeeze expanding up or left,
    docs/rules.md Squeeze)."""
    if me is None or not path or me.card.size < 2:
        return path
    body = footprint_squares(path[-1] if end is None else end, me.card.size)
    return path + tuple(sq for sq in body if sq not in path)


@dataclass(frozen=True)
class Overlay:
    """What the map marks on top of the terrain (all sets empty by default).

    Attributes:
        reachable: squares the active creature can end a move on.
        shifts: squares the active creature can shift to (MOV-12; the engine's legal shifts).
        path: the previewed path to the cursor square.
        provokers: uids whose opportunity attacks that path provokes.
        targets: uids that may be chosen now (attack, charge, activation).
        picked: uids already chosen for a multi-target attack.
        ends: squares where the chosen charge may end.
        deploy: squares where the next creature may be placed.
        active: uid of the active creature.
        area: squares the aimed close or area attack covers (its template).
        aura: squares the auras of the creature under the cursor cover.
        threat: with the threat view on, squares an enemy of the viewing player could attack next turn
            (``threat_squares``).
        reach: with the threat view on, squares the creature under the cursor could attack next turn
            (``creature_threat``).
        costs: the previewed move's steps that cost more than 1 square of movement, as (square,
            cost) pairs, counted the battle's way (``GameSession.move_price``: difficult terrain,
            MOV-8; G35-DIAG, G35-HAMPER, G5E-DIFF, UG-LOW), so the map marks hampered squares.
    """

    reachable: frozenset[Square] = frozenset()
    shifts: frozenset[Square] = frozenset()
    path: tuple[Square, ...] = ()
    provokers: frozenset[str] = frozenset()
    targets: frozenset[str] = frozenset()
    picked: frozenset[str] = frozenset()
    ends: frozenset[Square] = frozenset()
    deploy: frozenset[Square] = frozenset()
    active: str | None = None
    area: frozenset[Square] = frozenset()
    aura: frozenset[Square] = frozenset()
    threat: frozenset[Square] = frozenset()
    reach: frozenset[Square] = frozenset()
    costs: tuple[tuple[Square, int], ...] = ()


class ThreatView:
    """The threat view's switch and its answers, asked of the engine once per state.

    Attributes:
        on: whether the map shows the threat marks (off at first).
        ai_seats: the players (0-based) the AI plays; the view is a human's, so while one of these
            decides the view stays with the first other player.
    """

    def __init__(self) -> None:
        self.on = False
        self.ai_seats: frozenset[int] = frozenset()
        self._threats: tuple[GameState | None, int, frozenset[Square]] = (None, -1, frozenset())
        self._reach: tuple[GameState | None, str, frozenset[Square]] = (None, "", frozenset())
        self._each: tuple[GameState | None, int, dict[str, frozenset[Square]]] = (None, -1, {})

    def toggle(self, ai_seats: tuple[int, ...] = ()) -> bool:
        """Switch the view on or off; ``ai_seats``: the AI's players.  Returns whether it is on now."""
        self.on = not self.on
        self.ai_seats = frozenset(ai_seats)
        return self.on

    def viewer(self, state: GameState) -> int:
        """The player whose enemies' threats are shown: the one who decides now, unless the AI does
        (then the first player the AI does not play; player 0 when it plays them all)."""
        decider = state.decider
        if decider not in self.ai_seats:
            return decider
        return next((p for p in range(state.players) if p not in self.ai_seats), 0)

    def threats(self, state: GameState) -> frozenset[Square]:
        """The squares an enemy of ``viewer(state)`` could attack next turn (``threat_squares``)."""
        player = self.viewer(state)
        known, who, found = self._threats
        if known is not state or who != player:
            found = threat_squares(state, player)
            self._threats = (state, player, found)
        return found

    def threateners(self, state: GameState, square: Square) -> list[str]:
        """The uids of the enemies of ``viewer(state)`` that could attack ``square`` next turn (each
        one's ``creature_threat``, asked once per state), in the state's order: what a ``!`` square
        is threatened by (issue 20)."""
        each = self._threats_of_enemies(state, self.viewer(state))
        return [uid for uid, squares in each.items() if square in squares]

    def threateners_of(self, state: GameState, uid: str) -> list[str]:
        """The uids of the enemies of creature ``uid`` (of its player, whoever views) that could attack
        it next turn, any square of its body (each one's ``creature_threat``), in the state's order:
        what the side panel names with the cursor on a creature's square (issue 20).  Empty for an
        unknown uid or a creature off the map."""
        me = state.find(uid)
        if me is None or me.pos is None:
            return []
        body = set(me.squares)
        each = self._threats_of_enemies(state, me.player)
        return [u for u, squares in each.items() if body & squares]

    def _threats_of_enemies(self, state: GameState, player: int) -> dict[str, frozenset[Square]]:
        """``creature_threat`` of each enemy of ``player`` on the map, by uid, asked once per state
        and player."""
        known, who, each = self._each
        if known is not state or who != player:
            each = {c.uid: creature_threat(state, c.uid) for c in state.enemy_creatures(player) if c.pos is not None}
            self._each = (state, player, each)
        return each

    def reach_of(self, state: GameState, cursor: Square) -> frozenset[Square]:
        """The squares the creature on ``cursor`` could attack next turn (``creature_threat``); empty
        without one."""
        who = state.creature_at(cursor)
        if who is None:
            return frozenset()
        known, uid, found = self._reach
        if known is not state or uid != who.uid:
            found = creature_threat(state, who.uid)
            self._reach = (state, who.uid, found)
        return found


def threat_marks(view: ThreatView, session: GameSession, cursor: Square) -> tuple[frozenset[Square],
                                                                               frozenset[Square]]:
    """(threat, reach) for ``Overlay`` from ``view`` in ``session``'s state with the cursor on
    ``cursor``: both empty while the view is off or before the creatures stand on the map."""
    st = session.state
    if not view.on or st.map is None:
        return frozenset(), frozenset()
    return view.threats(st), view.reach_of(st, cursor)


def aura_marks(session: GameSession, cursor: Square) -> frozenset[Square]:
    """Squares covered by the auras of the creature on ``cursor`` in ``session``'s state (empty without one;
    ABL-1)."""
    st = session.state
    who = st.creature_at(cursor) if st.map is not None else None
    if who is None or not who.card.abilities:
        return frozenset()
    found: set[Square] = set()
    for ability in who.card.abilities:
        if isinstance(ability, Aura):
            found |= aura_squares(st, who, ability)
    return frozenset(found)


def step_costs(session: GameSession, path: tuple[Square, ...]) -> tuple[tuple[Square, int], ...]:
    """The steps of the active creature's move along ``path`` that cost more than 1 square of
    movement, as (square, cost) pairs in path order (``GameSession.move_price``); () when none."""
    price = session.move_price(path) if path else None
    if price is None:
        return ()
    return tuple((sq, cost) for sq, cost in zip(path, price.steps) if cost > 1)


def map_overlay(machine: ModeMachine, cursor: Square, view: ThreatView | None = None) -> Overlay:
    """The marks for the map with the cursor on ``cursor`` in ``machine``'s mode: an Overlay (the auras of
    the creature under the cursor added except while aiming an area, deploying or waiting; the marks of
    the threat ``view`` when it is on, except while deploying)."""
    base = _overlay(machine, cursor)
    if view is not None and view.on and machine.mode is not Mode.DEPLOY:
        threat, reach = threat_marks(view, machine.session, cursor)
        base = replace(base, threat=threat, reach=reach)
    if machine.mode in (Mode.AREA, Mode.DEPLOY, Mode.WAIT):
        return base
    aura = aura_marks(machine.session, cursor)
    return replace(base, aura=aura) if aura else base


def _overlay(machine: ModeMachine, cursor: Square) -> Overlay:
    """``map_overlay`` without the auras."""
    s, m = machine.session, machine.mode
    me = machine.active()
    active = me.uid if me else None
    if m is Mode.DEPLOY:
        return Overlay(deploy=frozenset(s.placements()))
    if m is Mode.PICK:
        return Overlay(targets=frozenset(s.activatable()))
    if m is Mode.ACT:
        moves = s.moves()
        move = moves.get(cursor)
        path = getattr(move, "path", ()) if move else ()
        ways = s.teleport_ways()  # TER-TELEPORT: squares reached by stopping on a teleporter and jumping
        way = ways.get(cursor) if move is None else None
        shown = path
        if way is not None:
            path = way.onto.path if way.onto is not None else ()
            shown = path + (way.jump.square,) + (way.then.path if way.then is not None else ())
        return Overlay(reachable=frozenset(moves) | frozenset(ways), shifts=frozenset(s.shifts()),
                       path=body_path(me, shown, move.destination if isinstance(move, Squeeze) else None),
                       provokers=frozenset(s.provokers(path)), active=active,
                       costs=step_costs(s, path) if isinstance(move, Move) else ())
    if m is Mode.ATTACK:
        return Overlay(targets=frozenset(s.attack_targets(machine.attack_index)),
                       picked=frozenset(machine.picked), active=active)
    if m is Mode.AREA:
        aim = s.area_aim(machine.attack_index, cursor)
        if aim is None:
            return Overlay(active=active)
        return Overlay(area=aim[1].squares, targets=frozenset(aim[0].targets), active=active)
    if m is Mode.CHARGE:
        return Overlay(targets=frozenset(s.charges()), active=active)
    if m is Mode.CHARGE_END:
        charges = {c.destination: c for c in machine.charge_ends()}
        chosen = charges.get(cursor)
        path = chosen.path if chosen else ()
        return Overlay(ends=frozenset(charges), path=body_path(me, path), provokers=frozenset(s.provokers(path)),
                       targets=frozenset(() if machine.charge_target is None else (machine.charge_target,)),
                       active=active)
    if m is Mode.FORCE:
        pending = s.state.pending[0] if s.state.pending else None
        forced = machine.forced_squares().get(cursor)
        path = forced.path if isinstance(forced, ForceMove) and pending and pending.kind in (
            "push", "pull", "slide", "shift") else ()
        return Overlay(ends=frozenset(machine.forced_squares()), path=path,
                       targets=frozenset({pending.target} if pending else ()), active=active)
    return Overlay(active=active)
