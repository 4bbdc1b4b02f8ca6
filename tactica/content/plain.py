"""Engine definitions as plain data and back: the form of ``tactica.content.cache``'s entries.

``encode`` turns a definition the content files produce (``CreatureCard``,
``MapDef``, ``WarbandDef`` and every value inside them) into plain JSON
data: a dataclass is a mapping of its fields with its class name under
``"@"`` (a field left out when it holds its default), an Enum its value, a tuple or a frozenset a list (a frozenset's
items sorted), a dict a mapping.  ``decode`` builds the value back from
such data, checked against the dataclasses' own type hints at every step:
only the classes a field's type allows (the class named there and its
subclasses, e.g. every ``Ability``) are ever built, each from exactly its
fields (a field left out takes its default), and anything else — a wrong type, a
missing field without a default, an unknown field, a
class the type does not allow, a value the class's own checks refuse — is
``BadEntry``.  Nothing is executed, looked up by a name from outside the
allowed classes, or unpickled: a cache entry is read as hostile input.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import sys
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

from .limits import MAX_INT, has_unshown

#: The key that names a dataclass's class in its mapping.
CLASS_KEY = "@"


class BadEntry(ValueError):
    """Plain data that is not a value of the type asked for (a broken or tampered cache entry)."""


def encode(value: Any) -> Any:
    """``value`` (a definition, or any value inside one) as plain JSON data (see the module's text).

    Raises TypeError for a value of a kind definitions never hold (a codec bug).
    """
    if value is None or type(value) in (bool, int, str, float):
        return value
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {CLASS_KEY: type(value).__name__}
        for name, _, default in _fields(type(value)):
            field = getattr(value, name)
            if default is _NO_DEFAULT or type(field) is not type(default) or field != default:
                out[name] = encode(field)
        return out
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, dict) and all(type(k) is str for k in value):
        return {k: encode(v) for k, v in value.items()}
    raise TypeError(f"no plain form for {type(value).__name__}")


#: A field without a default value (one that must be in a dataclass's mapping).
_NO_DEFAULT = object()


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _NO_DEFAULT


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any, Any], ...]:
    """(name, type, default or _NO_DEFAULT) of each field of dataclass ``cls`` that its constructor takes."""
    return tuple((f.name, _hint(cls, f), _default(f)) for f in dataclasses.fields(cls) if f.init)


def _hint(cls: type, f: dataclasses.Field[Any]) -> Any:
    """The type of field ``f`` of ``cls``: its annotation, evaluated in the module of the class that declares it.

    As ``typing.get_type_hints`` gives it, but each distinct annotation text of a module is
    evaluated once (``_evaluated``): most fields share a handful (``int``, ``When``, ``str``).
    """
    if not isinstance(f.type, str):
        return f.type
    owner = next((c for c in cls.__mro__ if f.name in c.__dict__.get("__annotations__", {})), cls)
    return _evaluated(f.type, owner.__module__)


@functools.cache
def _evaluated(text: str, module: str) -> Any:
    return eval(text, vars(sys.modules[module]))  # our own source's annotation, never an entry's text


def _subclasses(cls: type) -> list[type]:
    out = [cls]
    sub: type
    for sub in cls.__subclasses__():
        out.extend(_subclasses(sub))
    return out


def _plain_value(kind: type, raw: Any) -> str | None:
    """What is wrong with ``raw`` as a ``kind`` (bool, int or str), or None when nothing is.

    Exactly that type (true is no int here, 1 no bool); an int within ±MAX_INT (as every number
    read from a file); a text without a character never shown (``limits.clean_text``: controls,
    bidirectional overrides), so that an entry cannot smuggle a terminal escape onto the screen.
    """
    if type(raw) is not kind:
        return f"expected {kind.__name__}, got {type(raw).__name__}"
    if isinstance(raw, int) and kind is int and not -MAX_INT <= raw <= MAX_INT:
        return "a number out of range"
    if isinstance(raw, str) and has_unshown(raw, lines=True):
        return "a text with a character never shown"
    return None


def _exactly(kind: type) -> Callable[[Any], Any]:
    def check(raw: Any) -> Any:
        wrong = _plain_value(kind, raw)
        if wrong:
            raise BadEntry(wrong)
        return raw
    return check


def _number(raw: Any) -> float:
    if type(raw) not in (int, float):
        raise BadEntry(f"expected a number, got {type(raw).__name__}")
    return float(raw)


def _none(raw: Any) -> None:
    if raw is not None:
        raise BadEntry(f"expected null, got {type(raw).__name__}")


def _enum(kind: type[Enum]) -> Callable[[Any], Any]:
    members = {m.value: m for m in kind}  # looked up, not called: faster, and nothing but a value matches

    def member(raw: Any) -> Any:
        try:
            return members[raw]
        except (KeyError, TypeError):  # TypeError: a list or a mapping is no key
            raise BadEntry(f"not a {kind.__name__}: {raw!r:.40}") from None
    return member


def _union(hint: Any, members: list[Callable[[Any], Any]]) -> Callable[[Any], Any]:
    def first(raw: Any) -> Any:
        for member in members:
            try:
                return member(raw)
            except BadEntry:
                continue
        raise BadEntry(f"not a value of {hint!r}")
    return first


def _listing(raw: Any) -> list[Any]:
    if type(raw) is not list:
        raise BadEntry(f"expected a list, got {type(raw).__name__}")
    return raw


def _many(item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda raw: tuple([item(v) for v in _listing(raw)])


def _set(item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda raw: frozenset([item(v) for v in _listing(raw)])


def _fixed(items: list[Callable[[Any], Any]]) -> Callable[[Any], Any]:
    def fixed(raw: Any) -> Any:
        if len(_listing(raw)) != len(items):
            raise BadEntry(f"expected a list of {len(items)}")
        return tuple([item(v) for item, v in zip(items, raw)])
    return fixed


def _mapping(item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def mapping(raw: Any) -> Any:
        if type(raw) is not dict:
            raise BadEntry("expected a mapping")
        return {k: item(v) for k, v in raw.items()}
    return mapping


def _data(hint: type) -> Callable[[Any], Any]:
    allowed = {c.__name__: c for c in _subclasses(hint) if dataclasses.is_dataclass(c)}

    def build(raw: Any) -> Any:
        if type(raw) is not dict:
            raise BadEntry("expected a mapping")
        cls = allowed.get(raw.get(CLASS_KEY))  # type: ignore[arg-type]
        if cls is None:
            raise BadEntry(f"class {raw.get(CLASS_KEY)!r:.40} is not one of {', '.join(allowed)}")
        return _build(cls, raw)
    return build


@functools.cache
def _decoder(hint: Any) -> Callable[[Any], Any]:
    """The function that decodes plain data as type ``hint``, made once per type."""
    if hint in (bool, int, str):
        return _exactly(hint)
    if hint is float:
        return _number
    if hint is type(None):
        return _none
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _data(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _union(hint, [_decoder(a) for a in args])
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _many(_decoder(args[0]))
    if origin is tuple:
        return _fixed([_decoder(a) for a in args])
    if origin is frozenset:
        return _set(_decoder(args[0]))
    if origin is dict and args[0] is str:
        return _mapping(_decoder(args[1]))
    raise TypeError(f"no decoder for {hint!r}")


def decode(raw: Any, hint: Any) -> Any:
    """The value of type ``hint`` that ``encode`` turned into ``raw``.

    Args:
        raw: plain JSON data (as ``json.loads`` gives it).
        hint: the type asked for, e.g. ``CreatureCard`` or ``tuple[CreatureCard, ...]``.
    Returns the value, equal to the one encoded.
    Raises BadEntry when ``raw`` is not such a value (see the module's text).
    """
    return _decoder(hint)(raw)


@functools.cache
def _field_decoders(cls: type) -> tuple[tuple[str, Callable[[Any], Any] | type, bool], ...]:
    """(name, decoder, whether it has a default) of each constructor field of dataclass ``cls``.

    The decoder of a bool, int or str field is the type itself: ``_build`` checks those in line.
    """
    return tuple((name, hint if hint in (bool, int, str) else _decoder(hint), default is not _NO_DEFAULT)
                 for name, hint, default in _fields(cls))


def _build(cls: type, raw: dict[str, Any]) -> Any:
    """An instance of ``cls`` from its fields in ``raw`` (a field left out takes its default)."""
    values: dict[str, Any] = {}
    for name, field, optional in _field_decoders(cls):
        if name in raw:
            value = raw[name]
            if isinstance(field, type):
                wrong = _plain_value(field, value)
                if wrong:
                    raise BadEntry(f"{cls.__name__}.{name}: {wrong}")
                values[name] = value
            else:
                values[name] = field(value)
        elif not optional:
            raise BadEntry(f"{cls.__name__}: field {name!r} missing")
    if len(values) + 1 != len(raw):
        raise BadEntry(f"{cls.__name__}: a key that is none of its fields")
    try:
        return cls(**values)
    except Exception as exc:  # the class's own checks refuse these values
        raise BadEntry(f"{cls.__name__}: {exc!s:.80}") from None


__all__ = ["BadEntry", "CLASS_KEY", "decode", "encode"]
