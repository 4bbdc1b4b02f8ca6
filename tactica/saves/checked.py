"""Reading a JSON file as hostile input: bounded parsing and typed access by dotted path.

``parse_json`` refuses, before or instead of building anything large, a text
nested deeper than ``limits.MAX_DEPTH`` or holding more than
``limits.MAX_SAVE_VALUES`` values; ``value`` checks one decoded value against
a Python type (the engine's dataclass field types: ``int``, ``str``,
``tuple[int, int]``, an Enum, ``X | None``, a dataclass…) and raises
``Bad`` naming the field by its dotted path (``actions[12].square``) and
what was expected.  Nothing here knows the save format (``codec`` does).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from tactica.content.limits import MAX_DEPTH, MAX_INT, MAX_LIST, MAX_NAME, MAX_SAVE_VALUES, MAX_TEXT, clean_text


class Bad(ValueError):
    """A value of the wrong type or out of bounds.

    Attributes:
        path: the field's dotted path from the file's top ("actions[12].square"; "" for the top).
        message: what was expected and what was found.
    """

    def __init__(self, path: str, message: str):
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}" if path else message)


def shown(value: Any) -> str:
    """A short description of a decoded JSON value for messages: 'the text "fast"', 'a list'…"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 20 else text[:20] + '…'}"
    if isinstance(value, str):
        text = clean_text(value)
        return f"the text {json.dumps(text if len(text) <= 30 else text[:30] + '…', ensure_ascii=False)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a mapping"
    return "an unknown value"


def expected(path: str, what: str, value: Any) -> Bad:
    """The Bad for ``value`` at ``path`` that should have been ``what``."""
    return Bad(path, f"expected {what}, got {shown(value)}")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_RUN = re.compile(r"[\[{]{" + str(MAX_DEPTH + 1) + "}")


def _too_deep(text: str) -> bool:
    """Whether ``text`` (JSON) nests lists and mappings deeper than MAX_DEPTH.

    Strings are removed, then everything but brackets; each pass removes the
    innermost pairs, so after MAX_DEPTH passes a text within the limit has
    no bracket left (a text with unbalanced brackets is left to the parser).
    A run of more than MAX_DEPTH opening brackets, looked for before each
    pass, ends the check at once (a tower of brackets costs one pass).
    """
    rest = _NOT_BRACKET.sub("", _STRING.sub("0", text))
    for _ in range(MAX_DEPTH):
        if not rest:
            return False
        if _RUN.search(rest):
            return True
        rest = _INNERMOST.sub("", rest)
    return "[" in rest and "]" in rest or "{" in rest and "}" in rest


def _count_values(doc: Any, limit: int) -> int:
    """The number of values in ``doc`` (each scalar, list and mapping counts 1), stopping past ``limit``."""
    count, stack = 0, [doc]
    while stack and count <= limit:
        item = stack.pop()
        count += 1
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return count


def parse_json(text: str) -> Any:
    """Decode JSON ``text`` within the shared limits.

    Returns the decoded value.  Raises Bad (path "") for nesting deeper than
    MAX_DEPTH, more than MAX_SAVE_VALUES values, or a number Python refuses
    (thousands of digits), and json.JSONDecodeError for broken JSON.
    """
    if _too_deep(text):
        raise Bad("", f"nested too deeply: more than {MAX_DEPTH} levels of lists and mappings; refused")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # Python refuses integers of thousands of digits
        raise Bad("", "a number of thousands of digits; refused") from None
    except RecursionError:  # nesting the bracket count missed (it cannot, but never a traceback)
        raise Bad("", f"nested too deeply: more than {MAX_DEPTH} levels of lists and mappings; refused") from None
    if _count_values(doc, MAX_SAVE_VALUES) > MAX_SAVE_VALUES:
        raise Bad("", f"too many values: more than {MAX_SAVE_VALUES}; refused")
    return doc


def mapping(value: Any, path: str) -> dict[str, Any]:
    """``value`` if it is a JSON mapping, else Bad."""
    if not isinstance(value, dict):
        raise expected(path, "a mapping of keys", value)
    return value


def listing(value: Any, path: str, limit: int = MAX_LIST) -> list[Any]:
    """``value`` if it is a JSON list of at most ``limit`` entries, else Bad."""
    if not isinstance(value, list):
        raise expected(path, "a list", value)
    if len(value) > limit:
        raise Bad(path, f"a list of {len(value)} entries; at most {limit}")
    return value


def integer(value: Any, path: str, lo: int = -MAX_INT, hi: int = MAX_INT) -> int:
    """``value`` if it is a whole number (not true/false) in [lo, hi], else Bad."""
    if not isinstance(value, int) or isinstance(value, bool):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            raise Bad(path, f"expected a whole number, got {shown(value)} (a number written as text)")
        raise expected(path, "a whole number", value)
    if not lo <= value <= hi:
        raise Bad(path, f"expected a whole number from {lo} to {hi}, got {shown(value)}")
    return value


def text(value: Any, path: str, limit: int = MAX_TEXT) -> str:
    """``value`` if it is text of at most ``limit`` characters (controls but line breaks removed), else Bad."""
    if not isinstance(value, str):
        raise expected(path, "text", value)
    if len(value) > limit:
        raise Bad(path, f"a text of {len(value)} characters; at most {limit}")
    return value if value.isprintable() else clean_text(value, lines=True)


def name(value: Any, path: str) -> str:
    """A name shown on screen: text without control or bidirectional characters, cut to MAX_NAME
    characters (the last one then "…"); raises Bad for a value that is not text."""
    if not isinstance(value, str):
        raise expected(path, "text (a name)", value)
    cleaned = clean_text(value[:MAX_TEXT])
    return cleaned if len(cleaned) <= MAX_NAME else cleaned[:MAX_NAME - 1] + "…"


def boolean(value: Any, path: str) -> bool:
    """``value`` if it is true or false, else Bad."""
    if not isinstance(value, bool):
        raise expected(path, "true or false", value)
    return value


def choice(enum: type[Enum], value: Any, path: str) -> Any:
    """The member of ``enum`` whose value is ``value``, else Bad listing the choices."""
    for member in enum:
        if member.value == value and type(value) is type(member.value):
            return member
    options = ", ".join(json.dumps(m.value) for m in enum)
    raise Bad(path, f"expected one of {options}; got {shown(value)}")


#: Decoders for one field of a dataclass: (class, field name) → function(value, path).
Special = Mapping[tuple[type, str], Callable[[Any, str], Any]]


@functools.cache
def _plan(hint: Any) -> tuple[str, Any]:
    """How ``value`` decodes type ``hint``: (kind, argument), worked out once per type."""
    if hint in (bool, int, str):
        return hint.__name__, None
    if isinstance(hint, type) and issubclass(hint, Enum):
        return "enum", hint
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return "dataclass", hint
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    rest = tuple(a for a in args if a is not type(None))
    if origin in (types.UnionType, typing.Union) and type(None) in args and len(rest) == 1:
        return "optional", rest[0]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return "many", args[0]
    if origin is tuple:
        return "fixed", args
    raise TypeError(f"no decoder for {hint!r}")


def value(raw: Any, hint: Any, path: str, special: Special) -> Any:
    """Decode ``raw`` as a value of Python type ``hint`` (a dataclass field's type).

    Handles bool, int, str, Enums, ``X | None``, ``tuple[X, ...]``,
    ``tuple[X, Y]`` and dataclasses (through ``build``).  Raises Bad, or
    TypeError for a type it does not handle (a codec bug).
    """
    kind, arg = _plan(hint)
    if kind == "int":
        if type(raw) is int and -MAX_INT <= raw <= MAX_INT:  # the common case, quickly
            return raw
        return integer(raw, path)
    if kind == "str":
        return text(raw, path)
    if kind == "bool":
        return boolean(raw, path)
    if kind == "enum":
        return choice(arg, raw, path)
    if kind == "dataclass":
        return build(arg, raw, path, special)
    if kind == "optional":
        return None if raw is None else value(raw, arg, path, special)
    if kind == "many":
        items = listing(raw, path)
        return tuple(value(v, arg, f"{path}[{i}]", special) for i, v in enumerate(items))
    if not isinstance(raw, list) or len(raw) != len(arg):
        raise expected(path, "a square [x, y]" if arg == (int, int) else f"a list of {len(arg)}", raw)
    if arg == (int, int) and all(type(v) is int and -MAX_INT <= v <= MAX_INT for v in raw):
        return (raw[0], raw[1])
    return tuple(value(v, a, f"{path}[{i}]", special) for i, (v, a) in enumerate(zip(raw, arg)))


@functools.cache
def _shape(cls: type) -> tuple[dict[str, Any], tuple[dataclasses.Field[Any], ...]]:
    """The field types and fields of dataclass ``cls`` (looked up once: a save holds thousands)."""
    return typing.get_type_hints(cls), dataclasses.fields(cls)


def build(cls: type, raw: Any, path: str, special: Special) -> Any:
    """An instance of dataclass ``cls`` from the JSON mapping ``raw``.

    Each field is decoded by its type (``value``) or by ``special[(cls,
    field)]``; a field called ``name`` is a name (``name``); a missing
    field takes its default (Bad if it has none); unknown keys are ignored
    (a newer tactica's additions).  Raises Bad.
    """
    data = mapping(raw, path)
    hints, fields = _shape(cls)
    kw: dict[str, Any] = {}
    for f in fields:
        where = f"{path}.{f.name}" if path else f.name
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise Bad(where, "missing")
            continue
        decode = special.get((cls, f.name))
        if decode is not None:
            kw[f.name] = decode(data[f.name], where)
        elif f.name == "name" and hints[f.name] is str:
            kw[f.name] = name(data[f.name], where)
        else:
            kw[f.name] = value(data[f.name], hints[f.name], where, special)
    try:
        return cls(**kw)
    except ValueError as exc:  # a dataclass's own check (__post_init__) says what does not fit
        raise Bad(path, f"not a valid {cls.__name__} ({clean_text(str(exc))[:MAX_NAME]})") from None
    except TypeError:
        raise Bad(path, f"not a valid {cls.__name__}: its values do not fit together") from None
