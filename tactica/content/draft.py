"""A warband being built: the model behind ``tactica build`` (no Textual here).

``WarbandDraft`` holds a name, a faction, a point limit and the cards added;
its legality always comes from ``tactica.engine.check_warband`` (WB-1..7),
never from rules of its own.  ``filter_cards`` browses the catalogue;
``save_draft`` writes a warband file that ``tactica validate`` accepts and
``load_warband`` loads.  Saved files go to the user's data folder
(``platformdirs.user_data_dir("tactica")/warbands``) unless a path is given.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tactica.engine import ALIGNMENTS, FACTIONS, CreatureCard, Ruleset, WarbandDef, WarbandProblem, check_warband

from .limits import MAX_CONTENT_BYTES, FileRefused, read_regular
from .schemas import SCHEMA_FILES, shipped_schema_dir

#: Point limits the builder offers (WB-3; docs/rules.md).
POINT_LIMITS = (200, 100)
#: Environment variable that overrides the user's data folder (tests, portable installs).
DATA_DIR_ENV = "TACTICA_DATA_DIR"
#: A new warband's name until the player types one (the builder shows it as a placeholder).
DEFAULT_NAME = "New Warband"


@dataclass
class WarbandDraft:
    """A warband under construction.

    Attributes:
        name: display name (also the file name, see ``slug``).
        faction: one of FACTIONS (WB-1).
        points: the point limit (WB-3, WB-4).
        cards: one card per creature, in the order added.
        description: one line shown when choosing a warband.
    """

    name: str = DEFAULT_NAME
    faction: str = FACTIONS[0]
    points: int = 200
    cards: list[CreatureCard] = field(default_factory=list)
    description: str = ""

    @classmethod
    def from_def(cls, wb: WarbandDef) -> WarbandDraft:
        """A draft holding a loaded warband (for ``tactica build --edit``)."""
        return cls(name=wb.name, faction=wb.faction, points=wb.point_limit, cards=list(wb.cards))

    @property
    def rules(self) -> Ruleset:
        """The battle settings of this point limit (creature and cost caps, WB-4)."""
        return Ruleset(point_limit=self.points)

    @property
    def cost(self) -> int:
        """Points spent."""
        return sum(c.cost for c in self.cards)

    def to_def(self) -> WarbandDef:
        """The draft as the engine's WarbandDef."""
        return WarbandDef(name=self.name, faction=self.faction, cards=tuple(self.cards),
                          point_limit=self.points)

    def problems(self) -> list[WarbandProblem]:
        """Why the warband may not be fielded (WB-1..7, from ``check_warband``); empty = legal."""
        return check_warband(self.to_def(), self.rules)

    def add(self, card: CreatureCard) -> None:
        """Add one creature (legal or not: ``problems`` says what is wrong)."""
        self.cards.append(card)

    def remove(self, index: int) -> CreatureCard | None:
        """Remove the creature at ``index`` (position in ``cards``); None if there is none."""
        if 0 <= index < len(self.cards):
            return self.cards.pop(index)
        return None

    def entries(self) -> list[tuple[CreatureCard, int]]:
        """(card, count) in first-added order: how the file lists them."""
        counts: dict[str, int] = {}
        first: dict[str, CreatureCard] = {}
        for card in self.cards:
            counts[card.id] = counts.get(card.id, 0) + 1
            first.setdefault(card.id, card)
        return [(first[cid], n) for cid, n in counts.items()]

    def to_yaml(self, schema_ref: str | None = None, header: list[str] | None = None) -> str:
        """The draft as a warband file.

        Args:
            schema_ref: what the ``yaml-language-server`` line names (None: the
                shipped schema as an absolute path).
            header: comment lines to keep at the top (each starting with '#').
        """
        ref = schema_ref or default_schema_ref()
        lines = [f"# yaml-language-server: $schema={ref}"]
        lines += [h for h in (header or []) if "yaml-language-server" not in h]
        if not header:
            lines.append(f"# Built with 'tactica build': {self.cost} of {self.points} points, "
                         f"{len(self.cards)} creatures.")
        lines += [f"name: {_quote(self.name)}", f"faction: {self.faction}", f"points: {self.points}"]
        if self.description:
            lines.append(f"description: {_quote(self.description)}")
        lines.append("creatures:")
        for card, count in self.entries():
            item = card.id if count == 1 else f"{{card: {card.id}, count: {count}}}"
            lines.append(f"  - {item:<44} # {card.cost}" + (" each" if count > 1 else ""))
        return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is a subset of it)."""
    return json.dumps(text, ensure_ascii=False)


def default_schema_ref() -> str:
    """The shipped warband schema as a file URI (for files saved outside the package)."""
    return (shipped_schema_dir() / SCHEMA_FILES["warband"]).resolve().as_uri()


def slug(name: str) -> str:
    """A file stem for a warband name: "Iron Vanguard!" -> "iron-vanguard" ("warband" if empty)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem or "warband"


def user_warband_dir() -> Path:
    """Where the builder saves warbands: ``$TACTICA_DATA_DIR/warbands`` or the user's data folder."""
    base = os.environ.get(DATA_DIR_ENV)
    if not base:
        import platformdirs  # noqa: PLC0415 - only needed when saving
        base = platformdirs.user_data_dir("tactica")
    return Path(base) / "warbands"


def header_of(path: Path) -> list[str]:
    """The comment lines at the top of an existing file (kept when saving back to it)."""
    try:  # a regular file only: a FIFO put in its place never hangs the builder
        text = read_regular(path, MAX_CONTENT_BYTES).decode("utf-8", errors="replace")
    except (OSError, FileRefused):
        return []
    out = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        out.append(line)
    return out


def save_draft(draft: WarbandDraft, path: Path | None = None) -> Path:
    """Write the draft as a warband file and return its path.

    Args:
        draft: a legal draft.
        path: the file (``--edit``); None saves ``<user data>/warbands/<slug>.yaml``.
    Keeps an existing file's leading comments (and its schema line); writes
    atomically (a temporary file, then a rename).
    Raises ValueError if the draft is empty or not legal (WB-1..7), OSError
    if the file cannot be written.
    """
    if not draft.cards:
        raise ValueError("add at least one creature before saving")
    problems = draft.problems()
    if problems:
        raise ValueError(f"the warband is not legal: {problems[0].message} [{problems[0].rule}]")
    if path is None:
        path = user_warband_dir() / f"{slug(draft.name)}.yaml"
    path = Path(path)
    header = header_of(path) if path.exists() else []
    ref = next((h.split("$schema=", 1)[1] for h in header if "$schema=" in h), None)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(draft.to_yaml(ref, header))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def filter_cards(catalogue: dict[str, CreatureCard], *, faction: str | None = None,
                 alignment: str | None = None, max_cost: int | None = None,
                 keyword: str = "") -> list[CreatureCard]:
    """Cards matching every filter given, cheapest first (then by name).

    Args:
        catalogue: card id -> card.
        faction: keep cards of this faction (WB-1); None keeps all.
        alignment: keep this alignment (one of ALIGNMENTS); None keeps all.
        max_cost: keep cards costing at most this many points.
        keyword: keep cards whose name, id or a keyword contains this text
            (case-insensitive); "" keeps all.
    """
    word = keyword.strip().lower()
    out = []
    for card in catalogue.values():
        if faction and faction not in card.factions:
            continue
        if alignment and alignment in ALIGNMENTS and card.alignment != alignment:
            continue
        if max_cost is not None and card.cost > max_cost:
            continue
        if word and not any(word in t.lower() for t in (card.name, card.id, *card.keywords)):
            continue
        out.append(card)
    return sorted(out, key=lambda c: (c.cost, c.name))
