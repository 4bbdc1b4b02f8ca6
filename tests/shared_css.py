"""Parsed CSS shared by every app a test process starts (installed by ``tests/conftest.py``).

Textual parses the CSS of the app and of every widget class again for each ``App`` instance: its
``Stylesheet`` keeps parsed rules in a cache of its own, which starts empty with each app.  The pilot
tests start ~900 apps, so the suite spent tens of seconds of CPU parsing the same text.  ``install``
puts one cache, shared by every ``Stylesheet`` of the process, in front of
``Stylesheet._parse_rules``: the key is everything the parse depends on (the CSS text, where it was
read from, whether it is a widget's default CSS, its tie breaker and scope, and the CSS variables of
the stylesheet, i.e. the theme), so a hit returns what parsing the same text with the same variables
gives.  Parsed rule sets are only read after parsing (``Stylesheet.apply`` extracts their values), as
they already are when one app applies them to many widgets.

TACTICA_TEST_CSS_CACHE=off leaves Textual's own per-app cache alone (to compare, or to rule this out).
"""
from __future__ import annotations

from typing import Any

#: (css, read_from, is_default_rules, tie_breaker, scope, variables id) → the parsed rule sets.
_RULES: dict[tuple, Any] = {}
#: The CSS variables seen (sorted items) → a small number standing for them in ``_RULES``'s keys.
_VARIABLES: dict[tuple, int] = {}
_installed = False


def _variables_id(stylesheet) -> int:
    """A number for the stylesheet's CSS variables, the same for equal variables; remembered on the
    stylesheet beside the variables' dict it was computed from (``set_variables`` replaces the dict)."""
    variables = stylesheet._variables
    seen = stylesheet.__dict__.get("_shared_css_variables")
    if seen is not None and seen[0] is variables:
        return seen[1]
    number = _VARIABLES.setdefault(tuple(sorted(variables.items())), len(_VARIABLES))
    stylesheet._shared_css_variables = (variables, number)
    return number


def install() -> None:
    """Put the shared cache in front of ``textual.css.stylesheet.Stylesheet._parse_rules`` (once per
    process).  Returns None; a CSS error is raised as Textual raises it (errors are not cached)."""
    global _installed
    if _installed:
        return
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_id(self))
        rules = _RULES.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules=is_default_rules,
                                tie_breaker=tie_breaker, scope=scope)
            if not any(rule.errors for rule in rules):
                _RULES[key] = rules
        return rules

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    _installed = True
