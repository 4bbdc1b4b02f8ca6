"""What the battle map marks on top of the terrain (no Textual here).

``map_overlay`` answers, for the mode machine's mode and the cursor square, which squares are
reachable or shiftable, the previewed path and who it provokes, the targets, a charge's end squares,
the deployment squares, an aimed area and the auras under the cursor, all from the session's legal
actions and the engine's answers.  With the threat view on (``ThreatView``) it adds every square an
enemy of the viewing player could attack next turn, by how far the enemy must go first (the engine's
``threat_reach``: without moving, after a move, after a move and a charge), and the reach of the
creature under the cursor.
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
    ThreatLevel,
    ThreatReach,
    ThreatWay,
    aura_squares,
    footprint_squares,
    threat_reach,
    threat_way,
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
            (``threat_reach``; in the view's "now" mode only those it could attack without moving).
        threat_far: those of ``threat`` no enemy could attack without moving, but one could after a
            move (MOV-1; drawn ``?``); the rest of ``threat`` are drawn ``!`` or ``'``.
        threat_charge: those of ``threat`` an enemy could attack only after a move and a charge
            (CHG-1; drawn ``'``).
        reach: with the threat view on, squares the enemy under the cursor could attack next turn
            (``threat_reach``; without moving only, in the "now" mode); none for the viewer's own.
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
    threat_far: frozenset[Square] = frozenset()
    threat_charge: frozenset[Square] = frozenset()
    reach: frozenset[Square] = frozenset()
    costs: tuple[tuple[Square, int], ...] = ()


THREAT_MODES = ("off", "now", "all")
"""The threat view's modes, in the order its key cycles them: off; ``now``, the squares an enemy could
attack without moving (or after a shift); ``all``, every square an enemy could attack next turn, each
marked by how far the enemy must go first (``THREAT_GLYPHS``)."""

THREAT_GLYPHS = {ThreatLevel.NOW: "!", ThreatLevel.MOVE: "?", ThreatLevel.CHARGE: "'"}
"""The glyph each threat level is drawn with at a square's left, so the levels read without colour:
``!`` without moving or after a shift (MOV-12), ``?`` after a move (MOV-1), ``'`` only after a move
and then a charge (CHG-1)."""

REACH_GLYPH = "†"
"""The threat view's mark at a square's right where the enemy under the cursor could attack next turn
(a dagger: not ``*``, smoke's glyph on the map (s21 newcomer), nor ``x``, a charge's end)."""


class ThreatView:
    """The threat view's mode and its answers, asked of the engine once per state.

    Attributes:
        mode: one of ``THREAT_MODES`` ("off" at first).
        ai_seats: the players (0-based) the AI plays; the view is a human's, so while one of these
            decides the view stays with the first other player.
    """

    def __init__(self) -> None:
        self.mode = "off"
        self.ai_seats: frozenset[int] = frozenset()
        self._reaches: tuple[GameState | None, int, dict[str, ThreatReach]] = (None, -1, {})
        self._levels: tuple[GameState | None, int, dict[Square, ThreatLevel]] = (None, -1, {})
        self._reach: tuple[GameState | None, str, ThreatReach] = (None, "", ThreatReach(""))
        self._ways: tuple[GameState | None, tuple[str, ...], tuple[Square, ...], list[ThreatWay]] = (
            None, (), (), [])

    @property
    def on(self) -> bool:
        """True while the map shows the threat marks (any mode but "off")."""
        return self.mode != "off"

    @property
    def nearest_only(self) -> bool:
        """True in the "now" mode: only what an enemy could attack without moving is shown."""
        return self.mode == "now"

    def toggle(self, ai_seats: tuple[int, ...] = ()) -> str:
        """The next mode (off → now → all → off, ``THREAT_MODES``); ``ai_seats``: the AI's players.
        Returns the mode now in force."""
        self.mode = THREAT_MODES[(THREAT_MODES.index(self.mode) + 1) % len(THREAT_MODES)]
        self.ai_seats = frozenset(ai_seats)
        return self.mode

    def restore(self, mode: str, ai_seats: tuple[int, ...] = ()) -> None:
        """Put the view in ``mode`` (one of ``THREAT_MODES``; another is taken as "off"), e.g. as a
        resumed battle's save kept it; ``ai_seats``: the AI's players."""
        self.mode = mode if mode in THREAT_MODES else "off"
        self.ai_seats = frozenset(ai_seats)

    def viewer(self, state: GameState) -> int:
        """The player whose enemies' threats are shown: the one who decides now, unless the AI does
        (then the first player the AI does not play; player 0 when it plays them all)."""
        decider = state.decider
        if decider not in self.ai_seats:
            return decider
        return next((p for p in range(state.players) if p not in self.ai_seats), 0)

    def reaches(self, state: GameState, player: int) -> dict[str, ThreatReach]:
        """``threat_reach`` of each enemy of ``player`` on the map, by uid in the state's order, asked
        once per state and player."""
        known, who, each = self._reaches
        if known is not state or who != player:
            each = {c.uid: threat_reach(state, c.uid) for c in state.enemy_creatures(player) if c.pos is not None}
            self._reaches = (state, player, each)
        return each

    def levels(self, state: GameState) -> dict[Square, ThreatLevel]:
        """Each square an enemy of ``viewer(state)`` could attack next turn, with the nearest level any
        of them could do it at (``threat_reach``); only the "now" ones in the "now" mode."""
        player = self.viewer(state)
        known, who, found = self._levels
        if known is not state or who != player:
            found = {}
            for each in self.reaches(state, player).values():
                for level, squares in ((ThreatLevel.CHARGE, each.charge), (ThreatLevel.MOVE, each.move),
                                       (ThreatLevel.NOW, each.now)):
                    for sq in squares:
                        if found.get(sq, ThreatLevel.CHARGE) >= level:
                            found[sq] = level
            self._levels = (state, player, found)
        if self.nearest_only:
            return {sq: lv for sq, lv in found.items() if lv is ThreatLevel.NOW}
        return found

    def threats(self, state: GameState) -> frozenset[Square]:
        """The squares an enemy of ``viewer(state)`` could attack next turn (the "now" ones only in the
        "now" mode)."""
        return frozenset(self.levels(state))

    def threateners(self, state: GameState, square: Square) -> list[ThreatWay]:
        """How each enemy of ``viewer(state)`` that could attack ``square`` next turn would do it
        (``threat_way``), the nearest first (level, then squares moved, then the state's order); only
        the "now" ones in the "now" mode (issue 20)."""
        return self._ways_to(state, self.viewer(state), (square,))

    def threateners_of(self, state: GameState, uid: str) -> list[ThreatWay]:
        """How each enemy of creature ``uid`` (of its player, whoever views) could attack it next turn,
        any square of its body, the nearest way of each, nearest first; only the "now" ones in the
        "now" mode.  Empty for an unknown uid or a creature off the map."""
        me = state.find(uid)
        if me is None or me.pos is None:
            return []
        return self._ways_to(state, me.player, tuple(me.squares))

    def _ways_to(self, state: GameState, player: int, body: tuple[Square, ...]) -> list[ThreatWay]:
        """The ways of ``threateners`` for the squares ``body``, asked once per state, mode and squares."""
        key = (self.mode, str(player))
        known, was, squares, found = self._ways
        if known is state and was == key and squares == body:
            return found
        found = []
        order = {uid: i for i, uid in enumerate(self.reaches(state, player))}
        for uid, each in self.reaches(state, player).items():
            if not any(sq in each.squares for sq in body):
                continue
            ways = [w for w in (threat_way(state, uid, sq) for sq in body) if w is not None]
            if ways:
                found.append(min(ways, key=lambda w: (w.level, w.squares)))
        if self.nearest_only:
            found = [w for w in found if w.level is ThreatLevel.NOW]
        found.sort(key=lambda w: (w.level, w.squares, order[w.uid]))
        self._ways = (state, key, body, found)
        return found

    def _reach_of(self, state: GameState, uid: str) -> ThreatReach:
        """``threat_reach`` of creature ``uid``, asked once per state and creature."""
        known, was, found = self._reach
        if known is not state or was != uid:
            found = threat_reach(state, uid)
            self._reach = (state, uid, found)
        return found

    def viewers_own(self, state: GameState, cursor: Square) -> bool:
        """True when the creature on ``cursor`` is no enemy of ``viewer(state)``: the viewing player's
        own (or an ally's)."""
        who = state.creature_at(cursor)
        if who is None:
            return False
        return all(c.uid != who.uid for c in state.enemy_creatures(self.viewer(state)))

    def reach_of(self, state: GameState, cursor: Square) -> frozenset[Square]:
        """The squares the enemy on ``cursor`` could attack next turn (``threat_reach``), marked ``REACH_GLYPH``;
        empty without one.  In the "now" mode, only its reach without moving (or after a shift).  The
        viewer's own creature's reach is never marked: it is said as the enemies it could attack
        (``own_targets``), since a ranged one's covered most of the map and drowned the enemies' marks
        (s17 in the "now" mode; s19 ux 3 in the "next turn" one)."""
        who = state.creature_at(cursor)
        if who is None or self.viewers_own(state, cursor):
            return frozenset()
        found = self._reach_of(state, who.uid)
        return found.now if self.nearest_only else found.squares

    def own_targets(self, state: GameState, cursor: Square) -> list[str]:
        """With the viewer's own creature on ``cursor``: the labels of the enemies it could attack next
        turn (``threat_reach``'s squares; in the "now" mode, without moving or after a shift: its
        ``now``), in the state's order; [] with the view off, on another square, or with none in reach."""
        if not (self.on and self.viewers_own(state, cursor)):
            return []
        who = state.creature_at(cursor)
        assert who is not None  # ``viewers_own`` found it
        found = self._reach_of(state, who.uid)
        reach = found.now if self.nearest_only else found.squares
        return [c.label for c in state.enemy_creatures(who.player)
                if c.pos is not None and any(sq in reach for sq in c.squares)]


def threat_marks(view: ThreatView, session: GameSession, cursor: Square) -> tuple[dict[Square, ThreatLevel],
                                                                               frozenset[Square]]:
    """(levels, reach) for ``Overlay`` from ``view`` in ``session``'s state with the cursor on
    ``cursor``: both empty while the view is off or before the creatures stand on the map."""
    st = session.state
    if not view.on or st.map is None:
        return {}, frozenset()
    return view.levels(st), view.reach_of(st, cursor)


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
        levels, reach = threat_marks(view, machine.session, cursor)
        base = replace(base, threat=frozenset(levels), reach=reach,
                       threat_far=frozenset(sq for sq, lv in levels.items() if lv is ThreatLevel.MOVE),
                       threat_charge=frozenset(sq for sq, lv in levels.items() if lv is ThreatLevel.CHARGE))
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
