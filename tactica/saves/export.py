"""Battle log export as Markdown or plain text (``tactica export FILE``).

Rebuilds the battle from its save and writes every event in words, round by
round, with a header (warbands, map, seed, result).
"""
from __future__ import annotations

from .codec import SaveFile
from .replay import rebuild


def export_log(save: SaveFile, fmt: str = "md") -> str:
    """Return the battle log of ``save`` as Markdown (``fmt="md"``) or plain text ("text").

    Raises SaveError when the save cannot be replayed.
    """
    from tactica.tui.describe import describe_events  # plain Python: no Textual import

    rebuilt = rebuild(save)
    final = rebuilt.final
    md = fmt == "md"
    bands = save.warbands
    title = " vs ".join(w.name for w in bands)
    lines: list[str] = []
    if md:
        lines += [f"# {title}", ""]
    else:
        lines += [title, "=" * len(title), ""]
    where = final.map.name if final.map else "(map not chosen yet)"
    facts = [("Map", where), ("Seed", str(save.seed)), ("Points", str(save.rules.point_limit))]
    facts += [(f"Player {i + 1}", f"{w.name} ({w.faction}, {w.cost} points)") for i, w in enumerate(bands)]
    if final.is_over:
        facts.append(("Result", f"Player {final.victor + 1} won ({final.win_reason}), "
                                f"VP {'–'.join(map(str, final.vp))} after {final.round} rounds"))
    else:
        facts.append(("Result", f"in progress: round {final.round}, VP {'–'.join(map(str, final.vp))}"))
    for key, value in facts:
        lines.append(f"- **{key}:** {value}" if md else f"{key}: {value}")
    lines.append("")
    for step, events in enumerate(rebuilt.events):
        state_after = rebuilt.states[step]
        for line in describe_events(events, state_after):
            if line.kind == "round":
                head = line.text.strip("─— -")
                lines += ["", f"## {head}" if md else f"-- {head} --", ""]
                continue
            lines.append(f"- {line.text}" if md else line.text)
    return "\n".join(lines).rstrip() + "\n"
