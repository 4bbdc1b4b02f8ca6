"""Card files: ``cards:`` lists of creature stat cards (CARD-1..3).

A card, as written by hand::

    - id: anvil-shieldwarden
      name: Anvilborn Shieldwarden
      cost: 18
      alignment: Good
      factions: [Civilization, Borderlands]
      level: 4
      ac: 19
      def: 14
      speed: 5
      hp: 40
      keywords: [Dwarf, Soldier]
      attacks:
        - {name: Warhammer, type: melee, bonus: 8, vs: AC, damage: 10, basic: true}
        - {name: Throwing Axe, type: ranged, reach: range 5, bonus: 6, damage: "5+5 fire"}
      text: Display-only card text; the engine never reads it.
      flavor: A line of story.

The engine implements no keyword abilities yet, so a card may not carry an
``abilities:`` list, and keywords naming an ability are refused.
"""
from __future__ import annotations

import re
from dataclasses import replace

from tactica.engine.model import (ALIGNMENTS, FACTIONS, AttackDef, AttackKind, CreatureCard,
                                  Defense, Reach)

from .schema import Doc, did_you_mean
from .yamlsafe import MappingNode, Node, ScalarNode

CARD_REQUIRED = ("id", "name", "cost", "alignment", "factions", "level", "ac", "def", "speed", "hp",
                 "attacks")
CARD_OPTIONAL = ("keywords", "champion", "champion_powers", "unique", "size", "text", "flavor")
CARD_REFUSED = {
    "abilities": "'abilities' is not allowed: the engine implements no abilities yet; put keywords "
                 "under 'keywords:' and display-only card text under 'text:'",
    "defense": "unknown key 'defense'; did you mean 'def'?",
}
ATTACK_REQUIRED = ("name", "type", "bonus", "damage")
ATTACK_OPTIONAL = ("vs", "reach", "targets", "basic")

#: Damage types an attack may name (they have no rules of their own yet).
DAMAGE_TYPES = ("acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic",
                "radiant", "thunder")
#: Keyword abilities from the rules that the engine does not implement yet.
UNIMPLEMENTED_ABILITIES = ("flight", "burrow", "phasing", "sneak attack", "powerful charge", "resist",
                           "vulnerable", "immune", "regeneration", "insubstantial",
                           "threatening reach", "multi-activation", "multiple threats", "aura")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_DAMAGE = re.compile(r"^\s*(\d+)\s*(?:\+\s*(\d+))?\s*([A-Za-z]+)?\s*$")
_RANGE = re.compile(r"^\s*range\s+(\d+)\s*$")


def check_id(doc: Doc, node: Node, what: str) -> str | None:
    """A stable id: lower-case letters, digits and single hyphens."""
    value = doc.text(node, what)
    if value is not None and not _ID.match(value):
        doc.error(node, f"{what} '{value}' must be lower-case letters, digits and hyphens "
                        "(e.g. 'dwarf-shieldwarden')")
        return None
    return value


def _damage(doc: Doc, node: Node, what: str) -> tuple[int, int, str] | None:
    """``10`` or ``"15+10 cold"`` → (15, 10, "cold")."""
    if node.tag.endswith(":int"):
        value = doc.integer(node, what, 0, 200)
        return None if value is None else (value, 0, "")
    text = doc.text(node, what)
    if text is None:
        return None
    m = _DAMAGE.match(text)
    if not m:
        doc.error(node, f"expected damage like 10, \"10 fire\" or \"15+10 cold\" for {what}; got '{text}'")
        return None
    base, bonus, kind = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").lower()
    if kind and kind not in DAMAGE_TYPES:
        hint = did_you_mean(kind, DAMAGE_TYPES) or f"; expected one of: {', '.join(DAMAGE_TYPES)}"
        doc.error(node, f"unknown damage type '{kind}' in {what}{hint}")
        return None
    if base + bonus > 200:
        doc.error(node, f"{what} must be at most 200 in all; got {base + bonus}")
        return None
    return base, bonus, kind


def parse_attack(doc: Doc, node: Node, card_what: str, index: int) -> AttackDef | None:
    """One attack line (CARD-3, RNG-1, RNG-2), or None after recording problems."""
    what = f"attack {index + 1} of {card_what}"
    f = doc.mapping(node, what, ATTACK_REQUIRED, ATTACK_OPTIONAL)
    if f is None:
        return None
    name = doc.get(f, "name", "text", f"the name of {what}")
    type_node = f["type"][1] if "type" in f else None
    if isinstance(type_node, ScalarNode) and type_node.value in ("close", "area"):
        doc.error(type_node, f"{type_node.value} attacks are not implemented yet; expected 'melee' or 'ranged'")
        kind_text = None
    else:
        kind_text = doc.get(f, "type", "choice", f"attack type in {what}", choices=("melee", "ranged"))
    bonus = doc.get(f, "bonus", "integer", f"the bonus of {what}", lo=-5, hi=40)
    vs_node = f["vs"][1] if "vs" in f else None
    if isinstance(vs_node, ScalarNode) and vs_node.value in ("Fort", "Ref", "Will"):
        doc.error(vs_node, f"'{vs_node.value}' uses the DEF number (CARD-3); write 'vs: DEF'")
        vs = None
    else:
        vs = doc.get(f, "vs", "choice", "defence (vs)", default="AC", choices=("AC", "DEF"))
    dmg = _damage(doc, f["damage"][1], f"the damage of {what}") if "damage" in f else None
    targets = doc.get(f, "targets", "integer", f"targets of {what}", default=1, lo=1, hi=10)
    basic = doc.get(f, "basic", "boolean", f"'basic' of {what}", default=False)
    reach, rng = Reach.ADJACENT, None
    if "reach" in f:
        reach_node = f["reach"][1]
        text = doc.text(reach_node, f"the reach of {what}")
        if text is not None:
            m = _RANGE.match(text)
            if kind_text == "melee" and text.strip() != "adjacent":
                doc.error(reach_node, f"a melee attack reaches adjacent squares only; remove 'reach' "
                                      f"or write 'adjacent' (got '{text}')")
            elif m:
                reach, rng = Reach.RANGE, int(m.group(1))
                if not 1 <= rng <= 50:
                    doc.error(reach_node, f"range must be from 1 to 50; got {rng}")
            elif text.strip() in ("sight", "nearest"):
                reach = Reach(text.strip())
            elif kind_text == "ranged":
                doc.error(reach_node, f"expected 'range N', 'sight' or 'nearest' for the reach of "
                                      f"{what}; got '{text}'")
    elif kind_text == "ranged":
        doc.error(node, f"missing required key 'reach' in {what} (a ranged attack needs "
                        "'range N', 'sight' or 'nearest')")
    if None in (name, kind_text, bonus, vs, dmg, targets, basic):
        return None
    if kind_text == "melee" and targets != 1:
        doc.error(f["targets"][1], f"a melee attack has 1 target; got {targets}")
        return None
    return AttackDef(name=name, kind=AttackKind(kind_text), reach=reach, bonus=bonus,
                     defense=Defense(vs), damage=dmg[0], damage_bonus=dmg[1], damage_type=dmg[2],
                     range=rng, targets=targets, basic=basic)


def parse_card(doc: Doc, node: Node, index: int) -> tuple[CreatureCard, Node] | None:
    """One stat card (CARD-1) and its id node, or None after recording problems."""
    what = f"card {index + 1}"
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == "id" and getattr(v, "value", None):
                what = f"card '{v.value}'"
    f = doc.mapping(node, what, CARD_REQUIRED, CARD_OPTIONAL, CARD_REFUSED)
    if f is None:
        return None
    before = len(doc.problems)
    cid = check_id(doc, f["id"][1], "card id") if "id" in f else None
    v = {
        "name": doc.get(f, "name", "text", f"the name of {what}"),
        "cost": doc.get(f, "cost", "integer", f"the cost of {what}", lo=1, hi=1000),
        "alignment": doc.get(f, "alignment", "choice", "alignment", choices=ALIGNMENTS),
        "level": doc.get(f, "level", "integer", f"the level of {what}", lo=1, hi=30),
        "ac": doc.get(f, "ac", "integer", f"the AC of {what}", lo=1, hi=50),
        "defense": doc.get(f, "def", "integer", f"the DEF of {what}", lo=1, hi=50),
        "speed": doc.get(f, "speed", "integer", f"the speed of {what} (squares)", lo=0, hi=20),
        "hp": doc.get(f, "hp", "integer", f"the HP of {what}", lo=1, hi=1000),
        "champion": doc.get(f, "champion", "integer", f"the champion rating of {what}", default=0, lo=0, hi=5),
        "unique": doc.get(f, "unique", "boolean", f"'unique' of {what}", default=False),
        "size": doc.get(f, "size", "integer", f"the size of {what}", default=1, lo=1, hi=4),
        "text": doc.get(f, "text", "text", f"the text of {what}", default=""),
        "flavor": doc.get(f, "flavor", "text", f"the flavor of {what}", default=""),
    }
    if v["size"] not in (None, 1):
        doc.error(f["size"][1], f"only size 1 (Small or Medium) is implemented yet; got {v['size']}")
    factions = []
    for name, fnode in doc.get(f, "factions", "text_list", f"the factions of {what}", default=[],
                               allow_empty=False) or []:
        if name not in FACTIONS:
            hint = did_you_mean(name, FACTIONS) or f"; expected one of: {', '.join(FACTIONS)}"
            doc.error(fnode, f"unknown faction '{name}'{hint}")
        elif name in factions:
            doc.error(fnode, f"faction '{name}' is listed twice")
        else:
            factions.append(name)
    keywords = []
    for word, knode in doc.get(f, "keywords", "text_list", f"the keywords of {what}", default=[]) or []:
        low = word.lower()
        if any(low == a or low.startswith(a + " ") for a in UNIMPLEMENTED_ABILITIES):
            doc.error(knode, f"keyword '{word}' names an ability the engine does not implement yet")
        else:
            keywords.append(word)
    powers = [p for p, _ in doc.get(f, "champion_powers", "text_list", f"the champion powers of {what}",
                                    default=[]) or []]
    if powers and v["champion"] == 0:
        doc.error(f["champion_powers"][0], f"{what} has champion powers but no champion rating; "
                                           "add 'champion: N' (1 to 5)")
    attacks = []
    items = doc.sequence(f["attacks"][1], f"the attacks of {what}") if "attacks" in f else None
    for i, anode in enumerate(items or []):
        attacks.append((parse_attack(doc, anode, what, i), anode))
    basics = [n for a, n in attacks if a is not None and a.basic]
    for extra in basics[1:]:
        doc.error(extra, f"{what} has more than one basic attack; mark only one with 'basic: true'")
    if len(doc.problems) > before or cid is None or not attacks or any(a is None for a, _ in attacks):
        return None
    lines = tuple(a for a, _ in attacks)
    if not basics:  # CARD-1: the first listed is the basic attack
        lines = (replace(lines[0], basic=True),) + lines[1:]
    card = CreatureCard(id=cid, factions=tuple(factions), attacks=lines, keywords=tuple(keywords),
                        champion_powers=tuple(powers), **v)
    return card, f["id"][1]


def parse_card_file(doc: Doc, root: Node) -> list[tuple[CreatureCard, Node]]:
    """Every card of a card file (``cards:`` list), with its id node."""
    f = doc.mapping(root, "a card file", ("cards",))
    if not f or "cards" not in f:
        return []
    out = []
    for i, node in enumerate(doc.sequence(f["cards"][1], "cards") or []):
        found = parse_card(doc, node, i)
        if found is not None:
            out.append(found)
    return out
