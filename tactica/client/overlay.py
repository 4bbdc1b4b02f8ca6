"""What the battle map marks on top of the terrain (no Textual here).

``map_overlay`` answers, for the mode machine's mode and the cursor square, which squares are
reachable or shiftable, the previewed path and who it provokes, the targets, a charge's end squares,
the deployment squares, an aimed area and the auras under the cursor, all from the session's legal
actions and the engine's answers.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from tactica.engine import Aura, Creature, ForceMove, Square, aura_squares, footprint_squares

from .modes import Mode, ModeMachine
from .session import GameSession


def body_path(me: Creature | None, path: tuple[Square, ...]) -> tuple[Square, ...]:
    """The path to draw: for a Large or Huge mover its anchors plus every square its body would
    fill at the end (MOV-13), so the player sees where it lands; else ``path`` itself."""
    if me is None or not path or me.card.size < 2:
        return path
    end = footprint_squares(path[-1], me.card.size)
    return path + tuple(sq for sq in end if sq not in path)


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


def map_overlay(machine: ModeMachine, cursor: Square) -> Overlay:
    """The marks for the map with the cursor on ``cursor`` in ``machine``'s mode: an Overlay (the auras of
    the creature under the cursor added except while aiming an area, deploying or waiting)."""
    base = _overlay(machine, cursor)
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
        path = move.path if move else ()
        return Overlay(reachable=frozenset(moves), shifts=frozenset(s.shifts()), path=body_path(me, path),
                       provokers=frozenset(s.provokers(path)), active=active)
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
            "push", "pull", "slide") else ()
        return Overlay(ends=frozenset(machine.forced_squares()), path=path,
                       targets=frozenset({pending.target} if pending else ()), active=active)
    return Overlay(active=active)
