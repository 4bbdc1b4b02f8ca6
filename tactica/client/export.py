"""Battle log export as Markdown or plain text (``tactica export FILE``).

Rebuilds the battle from its save and writes every event in words (``describe``, as the battle
log shows them), round by round, with a header (warbands, map, seed, result).  It lives in the
client layer, beside the log's wording, so that ``tactica.saves`` imports no client.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tactica.engine import active_modules
from tactica.saves.codec import SaveError, SaveFile
from tactica.saves.commands import find_battle
from tactica.saves.db import rules_words
from tactica.saves.replay import rebuild
from tactica.saves.store import data_dir, write_save

from .describe import describe_events


def export_log(save: SaveFile, fmt: str = "md") -> str:
    """Return the battle log of ``save`` as Markdown (``fmt="md"``) or plain text ("text").

    Raises SaveError when the save cannot be replayed.
    """
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
    facts = [("Map", where), ("Rules", rules_words(active_modules(final))), ("Seed", str(save.seed)),
             ("Points", str(save.rules.point_limit))]
    facts += [(f"Player {i + 1}", f"{w.name} ({w.faction}, {w.cost} points)") for i, w in enumerate(bands)]
    if final.is_over:
        facts.append(("Result", f"Player {final.victor + 1} won ({final.win_reason}), "
                                f"VP {'–'.join(map(str, final.vp))} after {final.round} rounds"))
    else:
        facts.append(("Result", f"in progress: round {final.round}, VP {'–'.join(map(str, final.vp))}"))
    for key, value in facts:
        lines.append(f"- **{key}:** {value}" if md else f"{key}: {value}")
    lines.append("")
    quick = save.players.get("quick_setup") is True  # the quick setup chose: said as the battle screen did
    for step, events in enumerate(rebuilt.events):
        state_after = rebuilt.states[step]
        for line in describe_events(events, state_after, quick):
            if line.kind == "round":
                head = line.text.strip("─— -")
                lines += ["", f"## {head}" if md else f"-- {head} --", ""]
                continue
            lines.append(f"- {line.text}" if md else line.text)
    return "\n".join(lines).rstrip() + "\n"


def export_battle(save: SaveFile, folder: Path | None = None) -> Path:
    """Write ``save``'s battle log as Markdown to ``folder`` (default: ``exports`` in the game's data
    folder, beside ``saves``) as ``ID.md``, replacing an older export; returns the file's path.

    Raises SaveError when the save cannot be replayed, OSError when the file cannot be written.
    """
    folder = folder or data_dir() / "exports"
    text = export_log(save, "md")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{save.id}.md"
    path.write_text(text, encoding="utf-8")
    return path


def shown_path(path: Path | str, width: int | None = None) -> str:
    """``path`` as the game shows it: the home folder as "~"; with ``width``, cut into lines of at most
    ``width`` characters after a "/" (so that a narrow toast never wraps it inside a folder's or the
    file's name; a name longer than ``width`` stands whole on a line of its own)."""
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/") and (text == home or text.startswith(home + "/")):
        text = "~" + text[len(home):]
    if width is None or len(text) <= width:
        return text
    lines: list[str] = []
    line = ""
    for i, part in enumerate(text.split("/")):
        piece = part if i == 0 else "/" + part
        if line and len(line) + len(piece) > width:
            lines.append(line)
            line = piece
        else:
            line += piece
    lines.append(line)
    return "\n".join(lines)


def run_export(args: argparse.Namespace) -> int:
    """``tactica export FILE_OR_ID``: write a saved battle's log as Markdown or text to a file or
    standard output; with ``--save FILE``, write the battle itself as one self-contained save file
    instead (the versioned save format; ``tactica resume FILE`` / ``replay FILE`` read it).

    Args:
        args: ``file`` (an id of the battle store, or a save file), ``format`` ("md" or "text"),
            ``output`` (a path, or None for standard output), ``save`` (a path, or None).
    Returns 0, or 1 when the battle cannot be read or replayed or the file cannot be written (one
    ``error: …`` line on standard error).
    """
    try:
        save = find_battle(args.file).save
        if getattr(args, "save", None):
            rebuilt = rebuild(save)  # never share a battle that does not replay
            return _write_save_file(save, Path(args.save), active_modules(rebuilt.final))
        text = export_log(save, args.format)
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"error: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"Wrote the battle log to {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _write_save_file(save: SaveFile, path: Path, modules: tuple[str, ...]) -> int:
    """Write ``save`` to ``path`` atomically (``store.write_save``) and say so, naming its rules
    (``modules``: its optional rule modules); 0, or 1 with one ``error:`` line."""
    try:
        write_save(save, path)
    except OSError as exc:
        print(f"error: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"Wrote battle {save.id} ({len(save.actions)} actions, rules: {rules_words(modules)}) to {path}; "
          f"open it with: tactica resume {path}   or: tactica replay {path}")
    return 0
