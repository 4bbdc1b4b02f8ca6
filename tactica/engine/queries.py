"""Read-only questions clients ask about a state (no rule is changed here).

Small pure helpers for user interfaces and bots that combine the engine's
own functions, so clients never compute a rule themselves.
"""
from __future__ import annotations

from .actions import Charge
from .combat import AttackPreview, preview
from .state import GameState


def charge_preview(state: GameState, charge: Charge) -> AttackPreview | None:
    """What the charge attack of ``charge`` would do, judged from its end square (CHG-1, MOD table).

    The active creature is placed (in a copy of the state) on the charge's
    destination, then ``combat.preview`` is asked with the charge bonus, so
    flanking from the end square counts.  Opportunity attacks on the way are
    not included.  Returns None when there is no active creature, target or
    basic melee attack.
    """
    me = state.active_creature
    if me is None or me.card.basic_melee is None:
        return None
    st = state.copy()
    mover = st.creature(me.uid)
    target = st.find(charge.target)
    if target is None or not target.alive:
        return None
    mover.pos = charge.destination
    return preview(st, mover, target, mover.card.basic_melee, charge=True)
