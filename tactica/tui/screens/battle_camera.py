"""The battle screen's camera: where the map's cursor goes and which part of the map is in view.

``Camera`` is owned by ``BattleScreen``.  It puts the cursor where the
player's next choice is (the active creature, a creature to activate, a
deployment square, a target), follows what the AI's action touched, and
scrolls the map as little as needed to keep the cursor's creature whole on
screen.  It moves the cursor and the view only; the screen redraws.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tactica.client.controller import Controller, Mode
from tactica.client.session import GameSession
from tactica.engine import CreatureActivated, CreatureMoved, CreaturePlaced, Event, Square

from ..widgets.map_view import MapView


class CameraHost(Protocol):
    """What ``Camera`` asks of the battle screen."""

    session: GameSession
    ctrl: Controller

    @property
    def map_view(self) -> MapView: ...

    def ai_decides(self) -> bool: ...
    def refresh_view(self) -> None: ...


class Camera:
    """The cursor's and the view's moves on the battle map.

    Args:
        screen: the battle screen that owns it (``CameraHost``).
    """

    def __init__(self, screen: CameraHost) -> None:
        self.screen = screen

    def next(self, step: int = 1) -> None:
        """Put the cursor on the next (``step`` 1) or previous (-1) thing that can be chosen."""
        mv = self.screen.map_view
        square = self.screen.ctrl.next_square(mv.square, step)
        if square is not None:
            mv.move_cursor(square)

    def into_view(self) -> None:
        """Scroll the map as little as needed to show the cursor's creature (every square of it) or its
        square, with the margin the map keeps round the cursor (``MapView.keep_in_view``)."""
        mv = self.screen.map_view
        st = self.screen.session.state
        here = st.creature_at(mv.square) if st.map is not None else None
        mv.keep_in_view(list(here.squares) if here is not None and here.squares else [mv.square])

    def follow(self, events: Sequence[Event]) -> None:
        """Scroll the map (never the cursor) to the creature that acted in ``events``, then the
        squares its action touched; on the human's turn the cursor stays in view too."""
        st = self.screen.session.state
        groups: list[list[Square]] = []

        def creature(uid: str | None) -> None:
            found = st.find(uid) if uid else None
            if found is not None and found.squares:
                groups.append(list(found.squares))

        for event in events:
            path = getattr(event, "path", None)
            if path:  # a move or forced move: where it ended (the creature's squares there)
                creature(getattr(event, "uid", None))
            elif hasattr(event, "squares") and getattr(event, "attacker", None):  # a close or area attack
                creature(getattr(event, "attacker", None))
                groups.append(list(getattr(event, "squares", ())))
            elif hasattr(event, "target") and hasattr(event, "attacker"):
                creature(getattr(event, "attacker", None))
                creature(getattr(event, "target", None))
            elif isinstance(event, (CreatureActivated, CreaturePlaced)):
                creature(event.uid)
        if not groups:  # nothing on the map (an end of activation, a roll): the view stays
            return
        if not self.screen.ai_decides():  # the human chooses next: the cursor too, when it fits
            groups.insert(1, [self.screen.map_view.square])
        self.screen.map_view.show_squares(groups)

    def place_cursor(self) -> None:
        """Put the cursor where the player's next choice is, for the mode the controller is in: on the
        active creature, on a creature that may be activated, on a deployment square, on a square a
        forced move may end on (MOV-14); while the AI decides, where the player is looking."""
        screen = self.screen
        st, mv, ctrl = screen.session.state, screen.map_view, screen.ctrl
        me = st.active_creature
        if ctrl.mode is Mode.ACT and me is not None and me.pos is not None:
            if st.creature_at(mv.square) is None or mv.square == me.pos:
                mv.move_cursor(me.pos)
        elif screen.ai_decides():
            return  # leave the cursor where the player is looking
        elif ctrl.mode is Mode.PICK:
            here = st.creature_at(mv.square)
            if here is None or here.uid not in screen.session.activatable():
                self.next(1)
        elif ctrl.mode is Mode.DEPLOY:
            squares = sorted(screen.session.placements(), key=lambda q: (q[1], q[0]))
            if squares and mv.square not in squares:
                mv.move_cursor(squares[0])
        elif ctrl.mode is Mode.FORCE:  # MOV-14: start on a square the creature may go to
            squares = ctrl.cycle_squares()
            if squares and mv.square not in squares:
                mv.move_cursor(squares[0])

    def to_actor(self) -> None:
        """After the human's attack, with its activation going on: the cursor back on the attacker, so
        that a move after it starts from the attacker's square, not the target's (issue 20)."""
        screen = self.screen
        me = screen.session.state.active_creature
        if me is not None and me.pos is not None and screen.ctrl.mode is Mode.ACT:
            screen.map_view.move_cursor(me.pos)
            screen.refresh_view()

    def to_target(self) -> None:
        """Attack, area or charge targeting began: put the cursor on a target (an area aim on one that
        strikes an enemy) unless it is on one already; the screen redraws."""
        screen = self.screen
        st, mv, ctrl = screen.session.state, screen.map_view, screen.ctrl
        here = st.creature_at(mv.square)
        me = st.active_creature
        if ctrl.mode is Mode.AREA:  # aim at an enemy unless the aim already strikes one
            struck = ctrl.overlay(mv.square).targets
            if me is None or not any(st.creature(u).player != me.player for u in struck):
                self.next(1)
        elif here is None or here.uid not in ctrl.overlay(mv.square).targets:
            self.next(1)
        screen.refresh_view()

    def back_to(self, events: Sequence[Event]) -> None:
        """Put the cursor (and so the view) back on the creature whose move or activation was just
        taken back (the first creature ``events`` name), wherever the player had moved it since; a
        placement taken back (SET-3) puts it on the square the creature was picked up from."""
        placed = next((e.square for e in events if isinstance(e, CreaturePlaced)), None)
        if placed is not None:
            self.screen.map_view.move_cursor(placed)
            self.into_view()
            return
        uid = next((e.uid for e in events if isinstance(e, (CreatureMoved, CreatureActivated))), None)
        found = self.screen.session.state.peek(uid) if uid is not None else None
        if found is None or found.pos is None:
            return
        self.screen.map_view.move_cursor(found.pos)
        self.into_view()
