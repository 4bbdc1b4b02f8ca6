"""The rules reference (issue 20 part 2): every rule of ``docs/rules.md`` and ``docs/modules/*.md``,
found by ID or by words, as the game ships them.

The pages ship as package data (``tactica/data/rules/``, copied from ``docs/`` by
``python -m tactica.tools.rules_text``; a test checks that they agree).  A page is cut into entries:

* a rule: a paragraph ``**ID** *Title.* text`` (with the lists and tables under it, up to the next
  rule or heading), or on a module page a heading ``## ID — title`` with everything under it;
* a reading: a heading that is no rule ID ("Durations (EFF-2)", "Sneak Attack X") with the text
  under it up to the next heading or rule.

``RulesReference.search`` finds entries by ID or words, ``ids_in`` the rule IDs a line of the game
names (a refusal, a preview's modifier), ``for_ability`` the glossary entry of an ability on a stat
card.  Textual-free; nothing here raises on the shipped text.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = ["RuleEntry", "RulesReference", "introduction", "load_reference", "parse_page"]

#: A rule paragraph: ``**MOV-7** *Walls and wall corners.* Walls …`` (the ID and the title).
_RULE = re.compile(r"^\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)?)\*\* \*([^*]+?)\.?\*")
#: A heading; on a module page ``## G35-DIAG — the diagonal count`` is a rule.
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*$")
_RULE_HEADING = re.compile(r"^([A-Z][A-Z0-9]*-[A-Z0-9]+)\s+[—-]+\s+(.+)$")
#: A rule ID as the game's lines cite it: "MOV-7", "CHG-3", "G35-DIAG", "TER-WALL".
_ID = re.compile(r"\b([A-Z][A-Z0-9]{1,4}-(?:\d+|[A-Z][A-Z0-9]*))\b")


@dataclass(frozen=True)
class RuleEntry:
    """One rule or reading of the rules pages.

    Attributes:
        rule_id: the rule's ID ("MOV-7", "G35-DIAG"), or None for a reading (a section by heading).
        title: the rule's short title, or the reading's heading.
        text: the entry's Markdown (the whole paragraph or section, its own first line included).
        chapter: the heading it stands under ("5. Movement", "Optional modules → grid35").
        page: "docs/rules.md" or "docs/modules/NAME.md".
    """

    rule_id: str | None
    title: str
    text: str
    chapter: str
    page: str

    @property
    def label(self) -> str:
        """How a list shows it: "MOV-7 Walls and wall corners", or the reading's heading."""
        return f"{self.rule_id} {self.title}" if self.rule_id else self.title


def for_players(text: str) -> str:
    """``text`` (a rule's Markdown) without its paragraphs for developers: those that name the tests
    of a rule ("Tests: ``tests/engine/…``"), which a player reading the rules has no use for."""
    paragraphs = re.split(r"\n\s*\n", text)
    return "\n\n".join(p for p in paragraphs if not p.lstrip().startswith("Tests:"))


def parse_page(text: str, page: str) -> list[RuleEntry]:
    """The entries of one rules page (Markdown ``text``, named ``page``), in page order."""
    entries: list[RuleEntry] = []
    chapter = ""
    current: tuple[str | None, str, int] | None = None  # (ID, title, heading level or 0 for a paragraph)
    body: list[str] = []

    def close() -> None:
        if current is not None:
            rule_id, title, _ = current
            content = for_players("\n".join(body)).strip()
            if content and (rule_id or len(content.splitlines()) > 1):
                entries.append(RuleEntry(rule_id, title, content, chapter, page))

    for line in text.splitlines():
        head = _HEADING.match(line)
        rule = _RULE.match(line)
        if head:
            level, words = len(head.group(1)), head.group(2)
            if current is not None and current[2] and level > current[2] and current[0]:
                body.append(line)  # a heading inside a module page's rule (## ID — title) belongs to it
                continue
            close()
            heading_rule = _RULE_HEADING.match(words)
            if heading_rule:
                current = (heading_rule.group(1), heading_rule.group(2).strip(), level)
            else:
                if level <= 2:
                    chapter = words
                current = (None, words, level)
            body = [line]
        elif rule and not (current is not None and current[0] and current[2]):
            close()
            current = (rule.group(1), rule.group(2).strip(), 0)
            body = [line]
        elif current is not None:
            body.append(line)
    close()
    return entries


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"\s+", text.lower().strip()) if w]


class RulesReference:
    """Every rule and reading of the shipped rules pages.

    Args:
        entries: the entries, in page order (``parse_page`` of each page).
    """

    def __init__(self, entries: list[RuleEntry]) -> None:
        self.entries = tuple(entries)
        self._by_id: dict[str, RuleEntry] = {}
        for entry in self.entries:
            if entry.rule_id and entry.rule_id not in self._by_id:
                self._by_id[entry.rule_id] = entry

    def find(self, rule_id: str) -> RuleEntry | None:
        """The rule with ID ``rule_id`` (any case: "mov-7"), or None."""
        return self._by_id.get(rule_id.strip().upper())

    def search(self, query: str) -> list[RuleEntry]:
        """The entries matching ``query``: every entry for an empty query; else those holding every
        word of it (in the ID, title or text, any case), the rule whose ID is the query first, then
        those with the words as whole words in the ID or title ("charge" → "Charge (CHG-1)"), then
        with them inside words there ("Limited uses and recharge"), then the rest, each group in page
        order."""
        words = _words(query)
        if not words:
            return list(self.entries)
        exact = self.find(query)
        whole = [re.compile(rf"(?<![a-z]){re.escape(w)}(?![a-z])") for w in words]
        scored = []
        for order, entry in enumerate(self.entries):
            head = f"{entry.rule_id or ''} {entry.title}".lower()
            text = entry.text.lower()
            if not all(w in head or w in text for w in words):
                continue
            rank = (0 if entry is exact else 1 if all(p.search(head) for p in whole)
                    else 2 if all(w in head for w in words) else 3)
            scored.append((rank, order, entry))
        return [entry for _, _, entry in sorted(scored, key=lambda t: (t[0], t[1]))]

    def ids_in(self, text: str) -> list[str]:
        """The rule IDs that ``text`` names and the pages define, in the order named, once each
        ("too close (CHG-3)" → ["CHG-3"]; "CHG-1..3" → ["CHG-1"])."""
        return list(dict.fromkeys(m.group(1) for m in _ID.finditer(text) if m.group(1) in self._by_id))

    def for_ability(self, ability: str) -> RuleEntry | None:
        """The glossary reading of ``ability`` as a stat card shows it ("Sneak Attack 10" → the reading
        "Sneak Attack X", "Resist fire 5" → "Resist, Vulnerable, Immune"), or None."""
        name = re.sub(r"\d+", "X", ability.strip()).lower()
        for entry in self.entries:
            if entry.rule_id:
                continue
            for alias in (a.strip().lower() for a in entry.title.split(",")):
                bare = alias.removesuffix(" x")
                if alias and (name == alias or name.startswith(bare + " ") or name == bare):
                    return entry
        return None


    def nearest(self, text: str, limit: int = 5, modules: Sequence[str] = ()) -> list[RuleEntry]:
        """The entries nearest to ``text``, a sentence that names no rule ID (a refusal such as
        "That square is off the map."): those sharing most of its words, a word in an entry's ID or
        title counting three times one in its text; at most ``limit``, best first (ties in page
        order); empty when no word of three letters or more (but the commonest) is in any entry.
        Only ``docs/rules.md`` and the pages of the optional rule ``modules`` on (e.g. ("grid35",);
        "grid35-simple" reads grid35's page) are searched."""
        words = [w for w in dict.fromkeys(re.findall(r"[a-z]{3,}", text.lower())) if w not in _COMMON]
        if not words:
            return []
        scored = []
        pages = {"docs/rules.md"} | {f"docs/modules/{m.split('-')[0]}.md" for m in modules}
        for order, entry in enumerate(self.entries):
            if entry.page not in pages:
                continue
            head = f"{entry.rule_id or ''} {entry.title}".lower()
            body = entry.text.lower()
            score = sum(3 if w in head else 1 if w in body else 0 for w in words)
            if score:
                scored.append((-score, order, entry))
        return [entry for _, _, entry in sorted(scored, key=lambda t: (t[0], t[1]))[:limit]]

    def modifier_entries(self, text: str) -> list[RuleEntry]:
        """The entries of the modifiers an attack preview names ("d20 +9 +2 combat advantage -2 cover vs
        AC 16" → the best match of "combat advantage", then of "cover"), once each: a rule whose title
        holds the modifier's name as a whole word first ("+1 charge" → CHG-1, not CARD-4's "recharge")."""
        names = _MODIFIER.findall(text.split(" vs ", 1)[0]) if " vs " in text else []
        out: list[RuleEntry] = []
        for name in names:
            found = self.search(name.strip())
            whole = re.compile(rf"\b{re.escape(name.strip().lower())}\b")
            titled = [e for e in found if e.rule_id and whole.search(e.title.lower())]  # "charge", not "recharge"
            best = (titled or found)[:1]
            out += [e for e in best if e not in out]
        return out

    def context(self, texts: Sequence[str], abilities: Sequence[str] = ()) -> list[RuleEntry]:
        """The entries a screen points at: the rules its ``texts`` name by ID (a refusal, the status
        line) and the modifiers of an attack preview among them, then the glossary readings of
        ``abilities`` (a stat card's); once each, in that order."""
        out: list[RuleEntry] = []
        for text in texts:
            for rule_id in self.ids_in(text):
                entry = self._by_id[rule_id]
                if entry not in out:
                    out.append(entry)
            out += [e for e in self.modifier_entries(text) if e not in out]
        for ability in abilities:
            reading = self.for_ability(ability)
            if reading is not None and reading not in out:
                out.append(reading)
        return out


#: Words too common in the rules to say which rule a sentence is about (``RulesReference.nearest``).
_COMMON = frozenset({"the", "and", "for", "not", "has", "its", "can", "was", "are", "but", "any", "one",
                     "two", "all", "you", "who", "now",
                     "that", "this", "there", "these", "those", "with", "from", "into", "than", "then",
                     "only", "already", "have", "does", "cannot", "must", "needs", "need", "other",
                     "your", "their", "here", "when", "while", "which", "would", "could",
                     "creature", "creatures", "square", "squares", "player", "players", "none", "some",
                     "what", "every", "each", "more", "less", "stands", "belongs", "another",
                     # the interface's words, not the rules': "press m", "the cursor's square"
                     "press", "key", "enter", "cursor", "shaded", "first", "marked", "choose", "pick"})

#: A modifier of an attack preview's roll: "+2 combat advantage", "-2 cover" (before "vs"), its note in
#: brackets left out ("-2 cover (br1 in the way)").
_MODIFIER = re.compile(r"[+−-]\d+ ([a-z][a-z' ]*?)(?: \([^)]*\))?(?= [+−-]\d|$)")


#: The player's introduction that the rules reference opens on when the screen names no rule
#: (``introduction``): how to read the rules and search them.  ``{rules}`` is the rules key bound now.
_INTRODUCTION = """\
# How to read the rules

Here is every rule of the D&D Miniatures skirmish game as tactica plays it, in tactica's own words.

**Rule IDs.** Each rule has a short ID: **MOV-7** is rule 7 of the movement chapter, **CHG-3** rule 3
of the charge. The game names these IDs where it explains itself: a refused action ("too close: a
charge moves at least 2 squares (CHG-3)"), the attack preview, the battle log. Press **{rules}** in a
battle to come here on the rules the screen names, the abilities of the creature on its stat card
included.

**Searching.** Type in the box above: an ID (`mov-7`) or words (`flanking`, `opportunity attack`,
`cover`). The rules holding every word are listed; the one whose ID you typed comes first. ↑ ↓
choose a rule, PgUp / PgDn scroll its text, Esc goes back.

**The chapters** follow the rulebook: the pieces (what a stat card says), building a warband, setting
up, rounds and activations, movement, attacks, modifiers, charges and opportunity attacks, effects
and conditions, abilities and champions, terrain and the scenarios. Sections without an ID
("Durations", "Sneak Attack X") are readings: how tactica plays a rule the rulebook leaves open, and
the keyword abilities of the cards. The optional rule modules (grid35, grid5e, underground) come
last; they count only in a battle whose map or `--rules` switches them on.

New to the game? `tactica tutorial` teaches a battle one step at a time.
"""


def introduction(rules_key: str = "r") -> RuleEntry:
    """The player's introduction to the rules reference (how to read the rules and search them; no
    rule ID), naming ``rules_key`` as the battle's key that opens the reference (the bound key)."""
    text = _INTRODUCTION.replace("{rules}", rules_key)
    return RuleEntry(None, "How to read the rules", text, "Start here", "tactica")


def _read(name: str) -> str:
    return resources.files("tactica.data").joinpath("rules", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def load_reference() -> RulesReference:
    """The rules reference of the shipped pages: ``rules.md``, then ``modules/*.md`` by name."""
    entries = parse_page(_read("rules.md"), "docs/rules.md")
    modules = resources.files("tactica.data").joinpath("rules", "modules")
    for page in sorted((p for p in modules.iterdir() if p.name.endswith(".md")), key=lambda p: p.name):
        entries += parse_page(page.read_text(encoding="utf-8"), f"docs/modules/{page.name}")
    return RulesReference(entries)
