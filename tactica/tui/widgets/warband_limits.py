"""The warband builder's limits panel: points, creatures, costliest creature, problems.

The parent sets ``limits`` (a ``Limits`` snapshot of the draft); the panel
shows each cap of the point limit (WB-3, WB-4) as used / allowed, red when
over, and lists every reason the engine's ``check_warband`` gives for the
warband not being legal — or that it is legal.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tactica.content.draft import WarbandDraft


@dataclass(frozen=True)
class Limits:
    """What the panel shows about a draft.

    Attributes:
        cost, points: points spent and the point limit (WB-3).
        count, max_count: creatures and the most allowed (WB-4).
        top_cost, max_cost: the costliest creature and the cap (WB-4).
        problems: one line per rule broken, ending in its rule ID.
    """

    cost: int = 0
    points: int = 200
    count: int = 0
    max_count: int = 10
    top_cost: int = 0
    max_cost: int = 150
    problems: tuple[str, ...] = ()

    @classmethod
    def of(cls, draft: WarbandDraft) -> Limits:
        """The limits of ``draft``; the problems come from the engine (check_warband)."""
        rules = draft.rules
        return cls(cost=draft.cost, points=draft.points, count=len(draft.cards),
                   max_count=rules.max_creatures, top_cost=max((c.cost for c in draft.cards), default=0),
                   max_cost=rules.max_creature_cost,
                   problems=tuple(f"{p.message.rstrip('.')} [{p.rule}]" for p in draft.problems()))

    @property
    def legal(self) -> bool:
        """True when the engine finds nothing wrong and there is at least one creature."""
        return self.count > 0 and not self.problems


class WarbandLimits(Static):
    """Points used / limit, creatures / most, costliest / cap, and the problems."""

    DEFAULT_CSS = """
    WarbandLimits {
        height: auto;
        padding: 0 1;
    }
    """

    limits: reactive[Limits] = reactive(Limits, layout=True)
    """The snapshot shown."""

    def render(self) -> Text:
        """Each cap as used / allowed (red when over), then the problems or "Legal"."""
        lim = self.limits
        t = Text()
        for label, used, most in (("Points", lim.cost, lim.points), ("Creatures", lim.count, lim.max_count),
                                  ("Costliest", lim.top_cost, lim.max_cost)):
            t.append(f"{label:<10}", style="bold")
            t.append(f"{used:>4} / {most}\n", style="bold red" if used > most else "")
        if not lim.count:
            t.append("Empty: add creatures from the catalogue.", style="bright_black")
        elif lim.problems:
            t.append("Not legal:\n", style="bold red")
            for line in lim.problems:
                t.append(f"• {line}\n", style="red")
        else:
            t.append(f"✓ Legal · {lim.points - lim.cost} points left", style="bold green")
        return t
