"""Actions the engine listed for a state, which ``apply`` carries out without checking them again.

``legal_actions``, ``actions_of_kind`` and the cheap pickers (``MoveReach.move``,
``MoveReach.charge``) list only legal actions (a test plays random battles and
checks every one).  Checking such an action again in ``apply`` repeats the
listing's work (a move's path step by step, a charge's route search), so the
listing records the actions it hands out for a read-only state in that state's
book of listed actions (``vouch``), and ``apply`` skips ``validate`` for an action
that is in the book of the state it is applied to (``vouched``).  Any other action
(made by a client, changed by ``dataclasses.replace``, listed for another state,
copied or unpickled) is checked as before, so an illegal one is still refused.

The book maps ``id(action)`` to the action itself: holding the action keeps its
id from being reused while the state lives, and the lookup asks for that very
object (``is``), never an equal one.  Recording a list of actions is one C-level
``dict.update``; the actions themselves are not touched.

Only a sealed state (``GameState.seal``: it never changes again) gets a book;
``GameState.copy`` leaves it behind, so a state that follows trusts nothing its
predecessor listed.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .actions import Action
from .state import GameState

#: The attribute of a state's ``__dict__`` holding its book (not a field: not compared, not saved).
TOKEN = "_trust"

A = TypeVar("A", bound=Action)

#: A state's book of listed actions: ``id(action)`` -> the action.
Book = dict[int, Action]


def token(state: GameState) -> Book | None:
    """The book of the actions listed for ``state`` (made on first use), or None when the state is
    not sealed (it may still change, so nothing listed for it may be trusted later)."""
    if not state.sealed:
        return None
    d = state.__dict__
    found: Book | None = d.get(TOKEN)
    if found is None:
        found = d[TOKEN] = {}  # the sealed state refuses setattr; its dict is the engine's
    return found


def vouch(state: GameState, actions: Sequence[A]) -> None:
    """Record ``actions`` (each legal in ``state``, listed by the engine) as listed for ``state``.

    Nothing when ``state`` is not sealed.  The actions are left as they are (frozen values)."""
    book = token(state)
    if book is not None:
        book.update(zip(map(id, actions), actions))


def vouch_one(state: GameState, action: A) -> A:
    """``vouch(state, [action])``; returns ``action``."""
    book = token(state)
    if book is not None:
        book[id(action)] = action
    return action


def vouched(state: GameState, action: Action) -> bool:
    """True when the engine listed ``action`` (this very object) for ``state`` (so it is legal there
    and ``apply`` need not check it again)."""
    book: Book | None = state.__dict__.get(TOKEN)
    return book is not None and book.get(id(action)) is action


__all__ = ["Book", "token", "vouch", "vouch_one", "vouched"]
