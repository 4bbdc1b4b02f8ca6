"""The battle screen's camera: where the map's cursor goes and which part of the map is in view.

``Camera`` is owned by ``BattleScreen``.  It puts the cursor where the
player's next choice is (the active creature, a creature to activate, a
deployment square, a target), follows what the AI's action touched, and
scrolls the map as little as needed to keep the cursor's creature whole on
screen.  While the AI plays it pans only as far as the AI's action needs and,
when the human's turn comes back, returns the view to where the human left it.
It moves the cursor and the view only; the screen redraws.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tactica.client.controller import Controller, Mode
from tactica.client.session import GameSession
from tactica.engine import AttackRolled, CreatureActivated, CreatureMoved, CreaturePlaced, Event, Square

from ..widgets.map_view import FOLLOW_MARGIN, SCROLL_MARGIN, MapView


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
        #: Where the human left the view (``MapView.view_offset``) while the AI plays; None otherwise.
        self.home: tuple[int, int] | None = None
        #: Where the human left the cursor while the AI plays (or moved it meanwhile); None otherwise.
        self.left_at: Square | None = None
        #: True once the human chose a view: a cursor move or a scroll of theirs, or an action of their
        #: own in a turn (``acted``).  Before that the view the game opened on is nobody's choice, and
        #: ``come_back`` does not say it is "where you left it" (s15: said on the first screen of play).
        self.chosen = False
        self._following = False  # True while ``follow`` or ``open_on`` moves the view (not the player)

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

    def after_resize(self) -> None:
        """The terminal was resized (the map's squares may be drawn at another size, the view has other
        room): scroll as little as needed to show the cursor's creature (or square), and the active
        creature too when both fit, with the margin the map keeps round the cursor (s18 ux 2: back at
        80×24 the view sat at the map's top-left, the cursor off screen until it moved).  The view this
        gives is nobody's choice (``looked``)."""
        mv = self.screen.map_view
        st = self.screen.session.state
        if st.map is None:
            return
        here = st.creature_at(mv.square)
        groups = [list(here.squares) if here is not None and here.squares else [mv.square]]
        me = st.active_creature
        if me is not None and me.squares:
            groups.append(list(me.squares))
        self._following = True
        try:
            mv.show_squares(groups, SCROLL_MARGIN)
        finally:
            self._following = False

    def open_on(self, seat: int) -> None:
        """A new battle's first look: unless the cursor is on a creature of ``seat`` (the player at the
        keyboard) already, it goes to that player's first creature (the top row first, then the left), and
        the view with it (nm-tut, s15: at 80×24 the view sat on the enemy's start area while "who goes
        first?" was asked, the player's own creatures off screen)."""
        st = self.screen.session.state
        mv = self.screen.map_view
        if st.map is None:
            return
        here = st.creature_at(mv.square)
        own = [c for c in st.creatures if c.player == seat and c.alive and c.pos is not None]
        self._following = True  # the game's choice, not the player's (``chosen``)
        try:
            if own and (here is None or here.player != seat):
                first = min(own, key=lambda c: (c.pos[1], c.pos[0]) if c.pos is not None else (0, 0))
                if first.pos is not None:
                    mv.move_cursor(first.pos)
            self.into_view()
        finally:
            self._following = False

    def leave(self) -> None:
        """The AI is about to play an action: the first of its turn (none since the human's) keeps
        where the human left the view and the cursor, for ``come_back``."""
        if self.home is None:
            self.home = self.screen.map_view.view_offset
            self.left_at = self.screen.map_view.square

    def acted(self) -> None:
        """The human played an action of its turn: the view from now on is one the player chose."""
        self.chosen = True

    def looked(self, offset: tuple[int, int] | None = None) -> None:
        """The player moved the cursor or scrolled (to ``offset``; None: the view now) while the AI
        plays: the view they chose is the one ``come_back`` returns to (not the one they left at the
        end of their turn), and the cursor's square the one it comes back to."""
        if self._following:
            return
        self.chosen = True
        if self.home is not None:
            self.home = offset if offset is not None else self.screen.map_view.view_offset
            self.left_at = self.screen.map_view.square

    def come_back(self) -> str:
        """The human's turn after the AI's (issue 20): the view back where the human left it (or where
        they looked during the AI's turn), then, when the cursor's creature is not whole in it (the
        next creature to activate may be elsewhere), as little further as it needs (``into_view``).
        The cursor is where the human left it unless the creature there cannot act now
        (``place_cursor`` took it to the nearest one that can: said so).
        Returns what to tell the player ("" when nothing moved: the AI's turn never took the view
        away and the cursor is where it was).  "Where you left it" only once the player has chosen
        a view (``chosen``): not on the first turn of a battle that opened on the AI's."""
        home, self.home = self.home, None
        left, self.left_at = self.left_at, None
        mv = self.screen.map_view
        st = self.screen.session.state
        here = st.creature_at(mv.square) if st.map is not None else None
        before = mv.view_offset
        if home is not None:
            mv.scroll_view_to(home)
        squares = list(here.squares) if here is not None and here.squares else [mv.square]
        if not all(mv.in_view(q) for q in squares):  # the next creature lies outside the view left
            self.into_view()
        there = st.creature_at(left) if left is not None and st.map is not None else None
        if (there is not None and here is not None and there.uid != here.uid and there.player == st.decider
                and here.player == st.decider):  # the cursor's creature has acted: the next that can
            return (f"Your turn: {there.label} has acted this round; the cursor is on {here.label}, "
                    "the nearest that can.")
        if home is None or mv.view_offset == before:
            return ""
        if mv.view_offset == home and self.chosen:
            return "Your turn: the view is back where you left it."
        if here is not None and here.player == st.decider:
            return f"Your turn: the view is on your {here.card.name} ({here.label})."
        return "Your turn: the view is back on your side."

    def follow(self, events: Sequence[Event]) -> None:
        """Scroll the map (never the cursor) as little as needed to show the creature that acted in
        ``events`` and the squares its action touched (a move's start too, when it fits), with a
        square round them (``MapView.show_squares``); nothing moves when they are in view already
        (issue 20: the view jumped at every AI action).  On the human's turn the cursor stays in
        view too."""
        st = self.screen.session.state
        groups: list[list[Square]] = []
        starts: list[list[Square]] = []  # where moves began: shown last, when they fit

        def creature(uid: str | None) -> None:
            found = st.find(uid) if uid else None
            if found is not None and found.squares:
                groups.append(list(found.squares))

        for event in events:
            path = getattr(event, "path", None)
            if path:  # a move or forced move: where it ended (the creature's squares there)
                creature(getattr(event, "uid", None))
                start = getattr(event, "start", None)
                if start is not None:
                    starts.append([start])
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
        self._following = True
        try:
            self.screen.map_view.show_squares(groups + starts)
        finally:
            self._following = False

    def place_cursor(self) -> None:
        """Put the cursor where the player's next choice is, for the mode the controller is in: on the
        active creature, on a creature that may be activated (the one under the cursor, else the
        nearest to it), on a deployment square, on a square a
        forced move may end on (MOV-14); while the AI decides, where the player is looking."""
        screen = self.screen
        st, mv, ctrl = screen.session.state, screen.map_view, screen.ctrl
        me = st.active_creature
        if screen.ai_decides():
            return  # leave the cursor where the player is looking (the card shows the AI's creature)
        if ctrl.mode is Mode.ACT and me is not None and me.pos is not None:
            if st.creature_at(mv.square) is None or mv.square == me.pos:
                mv.move_cursor(me.pos)
        elif ctrl.mode is Mode.PICK:
            here = st.creature_at(mv.square)
            can = screen.session.activatable()
            if here is None or here.uid not in can:  # the nearest creature that can act, then reading order
                x, y = mv.square
                squares = [q for q in (st.creature(u).pos for u in can) if q is not None]
                if squares:
                    mv.move_cursor(min(squares, key=lambda q: (max(abs(q[0] - x), abs(q[1] - y)), q[1], q[0])))
        elif ctrl.mode is Mode.DEPLOY:
            squares = sorted(screen.session.placements(), key=lambda q: (q[1], q[0]))
            if squares and mv.square not in squares:
                mv.move_cursor(squares[0])
        elif ctrl.mode is Mode.FORCE:  # MOV-14: start on a square the creature may go to
            squares = ctrl.cycle_squares()
            if squares and mv.square not in squares:
                mv.move_cursor(squares[0])

    def off_active(self) -> bool:
        """True while a creature is active and the cursor is on none of its squares (Esc brings the
        cursor back: ``to_active``)."""
        me = self.screen.session.state.active_creature
        return me is not None and me.pos is not None and self.screen.map_view.square not in me.squares

    def to_active(self) -> None:
        """Esc while a creature acts: the cursor (and so the view) back on the active creature, from
        wherever Tab or the arrows took it (issue 20: Tab put it on an enemy far out of reach, with
        no key back)."""
        me = self.screen.session.state.active_creature
        if me is not None and me.pos is not None:
            self.screen.map_view.move_cursor(me.pos)
            self.into_view()

    def to_actor(self, events: Sequence[Event] = ()) -> None:
        """After the human's attack, with its activation going on: the cursor back on the attacker, so
        that a move after it starts from the attacker's square, not the target's (issue 20).  The view
        stays where the attack happened while the attacker is whole in it; else it scrolls as little as
        needed to show the attacker, and the targets ``events`` name (its attack rolls) where they fit
        too (s18 ux 9: the view scrolled back to the player's own side at every attack)."""
        screen = self.screen
        st, mv = screen.session.state, screen.map_view
        me = st.active_creature
        if me is None or me.pos is None or screen.ctrl.mode is not Mode.ACT:
            return
        mv.move_cursor(me.pos, scroll=False)
        if not all(mv.in_view(q) for q in me.squares):
            struck = [list(c.squares) for c in (st.find(getattr(e, "target", "")) for e in events
                                                if isinstance(e, AttackRolled)) if c is not None and c.squares]
            mv.show_squares([list(me.squares), *struck], FOLLOW_MARGIN)
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
