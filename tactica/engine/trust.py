"""Actions the engine listed for a state, which ``apply`` carries out without checking them again.

``legal_actions``, ``actions_of_kind`` and the cheap pickers (``MoveReach.move``,
``MoveReach.charge``) list only legal actions (a test plays random battles and
checks every one).  Checking such an action again in ``apply`` repeats the
listing's work (a move's path step by step, a charge's route search), so the
listing marks the actions it hands out for a read-only state with that state's
token (``vouch``), and ``apply`` skips ``validate`` for an action that carries
the token of the state it is applied to (``vouched``).  Any other action (made
by a client, changed by ``dataclasses.replace``, listed for another state,
copied or unpickled) is checked as before, so an illegal one is still refused.

Only a sealed state (``GameState.seal``: it never changes again) gets a token;
``GameState.copy`` leaves it behind, so a state that follows trusts nothing its
predecessor listed.  The token is a bare object that only the state holds; an
action keeps the state's token, not the state.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from .actions import Action
from .state import GameState

#: The attribute of a state's ``__dict__`` holding its token (not a field: not compared, not saved).
TOKEN = "_trust"
#: The attribute of an action holding the token of the state it was listed for.
MARK = "_vouch"

A = TypeVar("A", bound=Action)


class _Token:
    """A state's token: an object nothing else holds (compared by identity)."""

    __slots__ = ()


def token(state: GameState) -> _Token | None:
    """The token of ``state`` (made on first use), or None when the state is not sealed (it may
    still change, so nothing listed for it may be trusted later)."""
    if not state.sealed:
        return None
    d = state.__dict__
    found: _Token | None = d.get(TOKEN)
    if found is None:
        found = d[TOKEN] = _Token()  # the sealed state refuses setattr; its dict is the engine's
    return found


def vouch(state: GameState, actions: Iterable[A]) -> None:
    """Mark ``actions`` (each legal in ``state``, listed by the engine) as listed for ``state``.

    Nothing when ``state`` is not sealed.  The actions are frozen values: the mark is an extra
    attribute outside their fields (equality, hashing, repr and saves ignore it)."""
    key = token(state)
    if key is None:
        return
    mark = object.__setattr__
    for a in actions:
        mark(a, MARK, key)


def vouch_one(state: GameState, action: A) -> A:
    """``vouch(state, [action])``; returns ``action``."""
    key = token(state)
    if key is not None:
        object.__setattr__(action, MARK, key)
    return action


def vouched(state: GameState, action: Action) -> bool:
    """True when the engine listed ``action`` for ``state`` (so it is legal there and ``apply``
    need not check it again)."""
    key = state.__dict__.get(TOKEN)
    return key is not None and getattr(action, MARK, None) is key and state.sealed


__all__ = ["token", "vouch", "vouch_one", "vouched"]
