"""A faster ``__init__`` for the engine's small frozen values (events, actions, occasions).

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__`` (its own ``__setattr__`` refuses changes), which
makes building one of the engine's events or actions cost about twice as
much as building a plain object; a battle builds several each action.
``fast_init(cls)`` gives such a class an ``__init__`` with the same
signature (the fields in order, the same defaults, keywords allowed, so
``dataclasses.replace`` works) that writes the fields straight into the
new instance's ``__dict__``.  Nothing else changes: the class stays a frozen
dataclass (equality, hashing, ``repr``, pickling, and refusing to change a
field after construction).
"""
from __future__ import annotations

import dataclasses
import types
from typing import TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Give the frozen dataclass ``cls`` a faster ``__init__`` (see the module doc) and return it.

    Classes this cannot speed up keep theirs: not a frozen dataclass, a field
    with a default factory or left out of ``__init__``, a keyword-only field,
    an ``InitVar``, or a ``__post_init__``.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return cls
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass: checked above
    if any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields):
        return cls
    initvar = getattr(dataclasses, "_FIELD_INITVAR", None)
    if any(getattr(f, "_field_type", None) is initvar for f in getattr(cls, "__dataclass_fields__", {}).values()):
        return cls
    if not fields:
        return cls  # nothing to store: the generated one is as fast
    defaults = {f"_d_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    args = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_d_{f.name}" for f in fields)
    body = "\n".join(f"    d[{f.name!r}] = {f.name}" for f in fields)
    source = f"def __init__(self, {args}):\n    d = self.__dict__\n{body}\n"
    namespace: dict[str, object] = {}
    exec(source, defaults, namespace)  # noqa: S102  # our own text, built from the field names above
    init = namespace["__init__"]
    assert isinstance(init, types.FunctionType)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010  # a class attribute replaced on purpose
    return cls


def fast_inits(classes: list[type]) -> None:
    """``fast_init`` each of ``classes``."""
    for cls in classes:
        fast_init(cls)


__all__ = ["fast_init", "fast_inits"]
