"""The battle screen's one object for keys, marks and words (no Textual here).

``Controller`` is the mode machine (``modes``: what a key at the cursor means now) with the map's
marks (``overlay``) and the status line's words (``hints``) on top, so the screen asks one object.
Nothing here decides a rule.
"""
from __future__ import annotations

from tactica.engine import Square

from .hints import Hints
from .modes import Mode, ModeMachine, Result
from .overlay import Overlay, ThreatView, map_overlay
from .session import GameSession

__all__ = ["Controller", "Mode", "Overlay", "Result"]


class Controller(ModeMachine):
    """The battle screen's mode machine with its overlay and hints.

    Args:
        session: the battle; the controller only reads it.

    Attributes:
        hints: the status line's words (``hints.Hints``) for this machine.
        threat_view: the threat view's mode and answers (``overlay.ThreatView``; off at first).
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.hints = Hints(self)
        self.threat_view = ThreatView()

    def overlay(self, cursor: Square) -> Overlay:
        """The marks for the map with the cursor on ``cursor`` (``overlay.map_overlay``)."""
        return map_overlay(self, cursor, self.threat_view)

    def toggle_threats(self, ai_seats: tuple[int, ...] = ()) -> str:
        """The threat view's next mode: off → now → all → off (``ThreatView.toggle``; ``ai_seats``: the
        AI's players, 0-based).  Returns the mode now in force (``overlay.THREAT_MODES``)."""
        return self.threat_view.toggle(ai_seats)

    def hint(self, cursor: Square, room: int | None = None) -> str:
        """What the keys do now or a preview at ``cursor``, within ``room`` characters (``Hints.hint``)."""
        return self.hints.hint(cursor, room)

    def refusal(self, name: str, room: int | None = None) -> str:
        """Why the key of action ``name`` can do nothing now (``Hints.refusal``)."""
        return self.hints.refusal(name, room)

    def choose_attack(self, number: int) -> Result:
        """A number key: use attack ``number`` (``ModeMachine.choose_attack``); when it has no target in
        reach, the refusal also names the nearest enemy by walking and why this attack cannot reach it,
        as the a key's refusal does (``Hints.attack_number_refusal``)."""
        result = super().choose_attack(number)
        if isinstance(result, str) and " has no target in reach now" in result:  # "… now (RNG-2)."
            return self.hints.attack_number_refusal(number - 1) or result
        return result

    def says_why(self, name: str) -> bool:
        """True when key action ``name`` can do nothing now and should say why (``Hints.says_why``)."""
        return self.hints.says_why(name)

    def act_keys(self) -> str:
        """What the active creature may do now, in words (``Hints.act_keys``)."""
        return self.hints.act_keys()
